"""scripts/bench, part "scrape": how fast the HTTP listener answers Prometheus.

One daemon watching N cities (10,000 by default) with [Web] Listen= on a free loopback port;
after its first cycle, `/metrics` is scraped back to back for a few seconds over one keep-alive
connection (http.client, as a Prometheus server keeps its connection), five times: scrapes per
second, bytes per scrape, breezed's CPU per scrape and its RSS before and after."""

import http.client
import os
import time

from bench_daemon import Daemon, is_cycle_status, is_ready
from bench_support import proc_sample, summary, write_config
from bench_web import free_port


def scrape_for(port, seconds):
    """Scrapes /metrics over one connection for `seconds`: (scrapes, bytes of the last body)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    scrapes, size = 0, 0
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            connection.request("GET", "/metrics")
            response = connection.getresponse()
            body = response.read()
            if response.status != 200:
                raise RuntimeError(f"/metrics answered {response.status}")
            scrapes, size = scrapes + 1, len(body)
    finally:
        connection.close()
    return scrapes, size


def section(server, breezed, work, size, runs, log, seconds=3.0):
    port = free_port()
    state = os.path.join(work, "state-scrape")
    config = os.path.join(work, "scrape.conf")
    write_config(config, server.base, size, state,
                 extra_breeze=f"PollInterval=1h\nJitter=0\n[Web]\nListen=127.0.0.1:{port}\n")
    daemon = Daemon(breezed, config, work)
    rates, sizes, cpus = [], [], []
    try:
        index, _ = daemon.listener.wait(is_ready)
        daemon.listener.wait(is_cycle_status, after=index + 1)
        log(f"scrape: /metrics of {size:,} cities, {runs} runs of {seconds:.0f} s")
        scrape_for(port, 0.5)  # the first page is built and cached
        first = proc_sample(daemon.process.pid)
        for _ in range(runs):
            before = proc_sample(daemon.process.pid)
            started = time.monotonic()
            scrapes, body = scrape_for(port, seconds)
            elapsed = time.monotonic() - started
            after = proc_sample(daemon.process.pid)
            rates.append(scrapes / elapsed)
            sizes.append(body)
            cpus.append((after["cpu"] - before["cpu"]) / scrapes)
        last = proc_sample(daemon.process.pid)
    finally:
        daemon.stop()
    return [
        f"## 9. `/metrics` scrapes: {size:,} cities, {runs} runs of {seconds:.0f} s back to back",
        "",
        "| scrapes per second | bytes per scrape | breezed CPU per scrape (ms) | breezed RSS before → after (MiB) | peak RSS (MiB) |",
        "|---:|---:|---:|---:|---:|",
        f"| {summary(rates, digits=0)} | {summary(sizes, digits=0)} | {summary(cpus, digits=2, scale=1000)} | "
        f"{first['rss']:.1f} → {last['rss']:.1f} | {last['hwm']:.1f} |",
        "",
        "After the daemon's first cycle, one keep-alive connection (Python's http.client, as "
        "Prometheus keeps one) GETs `/metrics` as fast as answers come; the client shares the 2 "
        "cores, so scrapes per second are a lower bound of the listener's rate. CPU per scrape is "
        "breezed's user + system time over the run divided by the scrapes.",
    ]
