#!/usr/bin/env python3
"""An Open-Meteo-compatible HTTP server on loopback, for Breeze's tests, benchmarks and demo.

    python3 Tests/Fixtures/open_meteo_server.py --port 0 [--scenario FILE]
        [--require-apikey KEY] [--now 2026-08-20T14:30] [--no-stdin-exit] [--verbose]
        [--cache-answers] [--hour-of-day H]

A scenario (--scenario FILE or POST /control/scenario) plays readings step by step and/or
serves hourly series fixed in time (`series`), pinning the clock to its `now`.

Binds 127.0.0.1 only. The first line on stdout is `PORT <n>` (flushed); nothing else is
written there. The server exits cleanly when stdin reaches EOF (so a test ties its life to a
pipe), unless --no-stdin-exit, and on SIGTERM or SIGINT.

Serves /v1/air-quality, /v1/search, /v1/archive and /data/<model>/static/meta.json (the CAMS
runs) like Open-Meteo, plus a control API under /control/ (readings, geocoding, faults,
scenario, model runs, request log, reset). See
Tests/Fixtures/README-open-meteo-server.md for the whole contract. Standard library only.
"""

import argparse
import json
import os
import signal
import sys
import threading
from http.server import ThreadingHTTPServer

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from openmeteo_fixture.answer_cache import AnswerCache  # noqa: E402
from openmeteo_fixture.common import ApiError, Clock, parse_now  # noqa: E402
from openmeteo_fixture.handler import App, Handler  # noqa: E402
from openmeteo_fixture.state import State  # noqa: E402
from openmeteo_fixture.values import Generator  # noqa: E402


class Server(ThreadingHTTPServer):
    """A threading server with daemon threads and room for benchmark bursts."""

    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 128
    verbose = False

    def handle_error(self, request, client_address):
        """Stay quiet (a parent may not read our stderr) unless --verbose."""
        if self.verbose:
            super().handle_error(request, client_address)


def parse_arguments(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (0: random)")
    parser.add_argument("--scenario", metavar="FILE",
                        help="JSON scenario played from the start (as POST /control/scenario)")
    parser.add_argument("--require-apikey", metavar="KEY",
                        help="answer /v1/* only with apikey=KEY (or an X-Api-Key header)")
    parser.add_argument("--now", metavar="ISO", type=parse_now,
                        help="freeze the clock at this UTC instant, e.g. 2026-08-20T14:30")
    parser.add_argument("--no-stdin-exit", action="store_true",
                        help="keep running when stdin reaches EOF (interactive use)")
    parser.add_argument("--verbose", action="store_true", help="log requests to stderr")
    parser.add_argument("--cache-answers", action="store_true",
                        help="answer a repeated air-quality request with the bytes generated "
                             "the first time (scripts/bench; see openmeteo_fixture/answer_cache.py)")
    parser.add_argument("--hour-of-day", metavar="H", type=_hour_of_day,
                        help="generate every hour as hour H (0-23, UTC) of the day: values that "
                             "do not change with the clock (the Swift integration tests)")
    return parser.parse_args(argv)


def _hour_of_day(text):
    try:
        hour = int(text)
    except ValueError:
        hour = -1
    if not 0 <= hour <= 23:
        raise argparse.ArgumentTypeError(f"expected an hour 0-23, got {text!r}")
    return hour


def _watch_stdin(stop):
    """Read stdin until EOF (or an error), then ask the server to stop."""
    try:
        while os.read(sys.stdin.fileno(), 65536):
            pass
    except (OSError, ValueError):
        pass
    stop.set()


def main(argv=None):
    args = parse_arguments(argv)
    scenario = None
    if args.scenario:
        try:
            with open(args.scenario, encoding="utf-8") as file:
                scenario = json.load(file)
            State().set_scenario(scenario)  # validate before binding
        except (OSError, ValueError, ApiError, AttributeError) as error:
            print(f"open_meteo_server: bad scenario {args.scenario}: {error}", file=sys.stderr)
            return 2
    server = Server(("127.0.0.1", args.port), Handler)
    state = State(scenario)
    # A scenario's own `now` pins the clock unless --now says otherwise; reset returns there.
    clock = Clock(args.now or state.scenario_now)
    server.app = App(state, Generator(args.hour_of_day), clock, args.require_apikey, args.verbose,
                     AnswerCache() if args.cache_answers else None)
    server.verbose = args.verbose
    print(f"PORT {server.server_address[1]}", flush=True)

    stop = threading.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.set())
    if not args.no_stdin_exit:
        threading.Thread(target=_watch_stdin, args=(stop,), daemon=True).start()
    serving = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1},
                               daemon=True)
    serving.start()
    while not stop.wait(0.5):
        pass
    server.shutdown()
    server.server_close()
    if args.verbose:
        print("open_meteo_server: stopped", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
