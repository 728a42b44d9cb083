#!/usr/bin/env python3
"""A loopback server for the pipelined air-quality client's tests: answers POST
/v1/air-quality batch by batch as a plan says, and records when each request started and ended.

    python3 Tests/Fixtures/batch_sequence_server.py --port 0 [--hold-seconds 20]

Binds 127.0.0.1 only; the first stdout line is `PORT <n>`; exits when stdin reaches EOF or on
SIGTERM. Standard library only.

Each element answers a location with `current` (`time` a unix hour, `us_aqi` the request's
latitude × 10 rounded, so a result names the coordinate it answers) and a 3-hour `hourly` block
of PM2.5. The n-th request (0-based, retries included) does what the plan's n-th action says
(`ok` past the plan's end):
- `{"kind": "ok"}`;
- `{"kind": "status", "status": 503, "echo_key": true}`: an error body, its reason quoting the
  request's `apikey` when `echo_key` (a server that leaks secrets back);
- `{"kind": "garbage"}`: 200 with a body that is not JSON;
- `{"kind": "hold"}`: an ok answer sent only once `POST /control/release {"request": n}` came
  while it was held (a release before the request started is ignored: `{"released": false}`)
  or `--hold-seconds` passed; the log says which (`held`: "released" or "timed out");
- `{"kind": "sleep", "seconds": 5}`: an ok answer after that long (a hanging server).

Control: `POST /control/plan {"actions": [...]}`, `POST /control/release {"request": n}`,
`GET /control/log` → `{"requests": [{"request", "locations", "latitudes", "start", "end",
"kind", "held", "in_flight"}]}` with `start`/`end` in monotonic nanoseconds; `end` is taken
before the answer's last byte is written, so a client cannot start its next request before it,
and `in_flight` counts the requests being answered when this one started (itself included).
"""

import argparse
import json
import os
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs

HOUR = 1_787_234_400  # 2026-08-20T14:00Z


class State:
    def __init__(self, hold_seconds):
        self.lock = threading.Lock()
        self.hold_seconds = hold_seconds
        self.actions = []
        self.log = []
        self.releases = {}
        self.in_flight = 0

    def release_event(self, index):
        with self.lock:
            return self.releases.setdefault(index, threading.Event())


def element(latitude, longitude):
    return {
        "latitude": latitude, "longitude": longitude,
        "current_units": {"time": "unixtime", "interval": "seconds", "us_aqi": "USAQI"},
        "hourly_units": {"time": "unixtime", "pm2_5": "\u03bcg/m\u00b3"},
        "current": {"time": HOUR, "interval": 3600, "us_aqi": round(latitude * 10)},
        "hourly": {"time": [HOUR - 3600, HOUR, HOUR + 3600], "pm2_5": [10.0, 12.5, None]},
    }


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    @property
    def state(self):
        return self.server.state

    def _body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length > 0 else b""

    def _send(self, status, body, entry=None):
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body[:-1])
        self.wfile.flush()
        if entry is not None:
            with self.state.lock:
                entry["end"] = time.monotonic_ns()
                self.state.in_flight -= 1
        self.wfile.write(body[-1:])

    def do_GET(self):
        if self.path == "/control/log":
            with self.state.lock:
                body = json.dumps({"requests": self.state.log}).encode()
            return self._send(200, body)
        self._send(404, b'{"error":true,"reason":"not found"}')

    def do_POST(self):
        body = self._body()
        if self.path == "/control/plan":
            with self.state.lock:
                self.state.actions = json.loads(body)["actions"]
            return self._send(200, b"{}")
        if self.path == "/control/release":
            index = int(json.loads(body)["request"])
            with self.state.lock:
                started = index < len(self.state.log)
            # Only a request already being answered can be released: a release sent before
            # the request came proves nothing about overlap, and is ignored.
            if started:
                self.state.release_event(index).set()
            return self._send(200, json.dumps({"released": started}).encode())
        if self.path.split("?")[0] != "/v1/air-quality":
            return self._send(404, b'{"error":true,"reason":"not found"}')
        self._answer(parse_qs(body.decode("utf-8", "replace")))

    def _answer(self, form):
        latitudes = [float(text) for text in form.get("latitude", [""])[-1].split(",") if text]
        longitudes = [float(text) for text in form.get("longitude", [""])[-1].split(",") if text]
        with self.state.lock:
            index = len(self.state.log)
            action = self.state.actions[index] if index < len(self.state.actions) else {"kind": "ok"}
            self.state.in_flight += 1
            entry = {"request": index, "locations": len(latitudes), "latitudes": latitudes,
                     "start": time.monotonic_ns(), "end": None, "kind": action["kind"], "held": None,
                     "in_flight": self.state.in_flight}
            self.state.log.append(entry)
        kind = action["kind"]
        if kind == "hold":
            released = self.state.release_event(index).wait(self.state.hold_seconds)
            with self.state.lock:
                entry["held"] = "released" if released else "timed out"
        elif kind == "sleep":
            time.sleep(float(action["seconds"]))
        if kind == "status":
            reason = "overloaded"
            if action.get("echo_key"):
                reason += " for apikey=" + form.get("apikey", [""])[-1]
            body = json.dumps({"error": True, "reason": reason}).encode()
            return self._send(int(action["status"]), body, entry)
        if kind == "garbage":
            return self._send(200, b"[{\"latitude\": 1,,, Internal Server Error", entry)
        elements = [element(lat, lon) for lat, lon in zip(latitudes, longitudes)]
        payload = elements[0] if len(elements) == 1 else elements
        self._send(200, json.dumps(payload).encode(), entry)


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address):
        pass


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--hold-seconds", type=float, default=20)
    args = parser.parse_args()
    server = Server(("127.0.0.1", args.port), Handler)
    server.state = State(args.hold_seconds)
    print(f"PORT {server.server_address[1]}", flush=True)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())

    def watch_stdin():
        try:
            while os.read(sys.stdin.fileno(), 65536):
                pass
        except (OSError, ValueError):
            pass
        stop.set()

    threading.Thread(target=watch_stdin, daemon=True).start()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    stop.wait()
    server.shutdown()


if __name__ == "__main__":
    main()
