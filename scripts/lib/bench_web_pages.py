"""scripts/bench, part "pages": what serving the heavy pages costs per request.

One daemon watching N cities (10,000 by default) with [Web] Listen= on a free loopback port;
once its first cycle has published a snapshot, sequential GETs of /metrics (and of /) each
read whole: requests per second, and breezed's CPU per request from /proc. The pages are
rendered once per published snapshot (WebPageCache), so a request costs the copy to the socket,
not a render. Standalone: `python3 scripts/lib/bench_web_pages.py BREEZED... [--cities N]`
compares several builds of breezed in one run."""

import argparse
import os
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_daemon import Daemon, is_cycle_status, is_ready  # noqa: E402
from bench_support import FixtureServer, proc_sample, raise_open_file_limit, write_config  # noqa: E402
from bench_web import free_port  # noqa: E402


def rate(port, path, requests, pid):
    """(requests per second, breezed CPU ms per request, body bytes) of `requests` GETs."""
    size = 0
    before = proc_sample(pid)
    started = time.monotonic()
    for _ in range(requests):
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=60) as response:
            size = len(response.read())
    elapsed = time.monotonic() - started
    after = proc_sample(pid)
    return requests / elapsed, (after["cpu"] - before["cpu"]) / requests * 1000, size


def measure(server, breezed, work, size, requests, log):
    """Rows of the table for one breezed."""
    port = free_port()
    config = os.path.join(work, "pages.conf")
    write_config(config, server.base, size, os.path.join(work, f"state-pages-{port}"),
                 extra_breeze=f"PollInterval=1h\nJitter=0\n[Web]\nListen=127.0.0.1:{port}\n")
    daemon = Daemon(breezed, config, work)
    try:
        index, _ = daemon.listener.wait(is_ready)
        daemon.listener.wait(is_cycle_status, after=index + 1)
        time.sleep(1)  # the publisher's queue stores the cycle's snapshot after STATUS=
        rows = []
        for path, count in [("/metrics", requests), ("/", max(1, requests // 10))]:
            log(f"pages: {count} GETs of {path} at {size:,} cities ({breezed})")
            per_second, cpu, body = rate(port, path, count, daemon.process.pid)
            rows.append(f"| `{breezed}` | `{path}` | {count} | {body / 1e6:.1f} | {per_second:.1f} | {cpu:.1f} |")
        return rows
    finally:
        daemon.stop()


def section(server, breezeds, work, size, requests, log):
    lines = [
        f"## 9. The heavy pages: {size:,} cities, sequential GETs (urllib, one connection each)",
        "",
        "| breezed | page | requests | body (MB) | requests/s | breezed CPU per request (ms) |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for breezed in breezeds:
        lines += measure(server, breezed, work, size, requests, log)
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("breezed", nargs="+")
    parser.add_argument("--cities", type=int, default=10000)
    parser.add_argument("--requests", type=int, default=50)
    options = parser.parse_args()
    raise_open_file_limit()
    server = FixtureServer()
    try:
        with tempfile.TemporaryDirectory(prefix="breeze-bench-pages-") as work:
            print("\n".join(section(server, options.breezed, work, options.cities, options.requests,
                                    lambda message: print(message, file=sys.stderr))))
    finally:
        server.stop()


if __name__ == "__main__":
    main()
