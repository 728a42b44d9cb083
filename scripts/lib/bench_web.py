"""scripts/bench, part "web": what the HTTP listener costs and whether it delays polling.

One daemon watching N cities with [Web] Listen= on a free loopback port; poll cycles back to
back (SIGUSR1 to its STATUS=), first with the port idle, then while Tests/Fixtures/web_probe.py
floods it with 1,000 connections at a time, in the same run: the ratio of the cycle times is
the listener's effect on polling. Also breezed's RSS idle and under the flood, and its CPU per
request for a run of sequential GETs of /."""

import json
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request

from bench_daemon import Daemon, is_cycle_status, is_ready
from bench_support import ROOT, proc_sample, summary, write_config


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def cycle_times(daemon, index, cycles):
    """Wall seconds of `cycles` cycles, each asked by SIGUSR1 once the previous one finished,
    and breezed's process sample after each."""
    walls, samples = [], []
    for _ in range(cycles):
        asked = time.monotonic()
        daemon.process.send_signal(signal.SIGUSR1)
        index, finished = daemon.listener.wait(is_cycle_status, after=index + 1)
        walls.append(finished - asked)
        samples.append(proc_sample(daemon.process.pid))
    return index, walls, samples


def get(url):
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            response.read()
    except urllib.error.HTTPError as error:  # 404 until a page is routed: still an answer
        error.read()


def section(server, breezed, work, size, cycles, log):
    port = free_port()
    state = os.path.join(work, "state-web")
    config = os.path.join(work, "web.conf")
    write_config(config, server.base, size, state,
                 extra_breeze=f"PollInterval=1h\nJitter=0\n[Web]\nListen=127.0.0.1:{port}\n")
    daemon = Daemon(breezed, config, work)
    flood = None
    try:
        index, _ = daemon.listener.wait(is_ready)
        index, _ = daemon.listener.wait(is_cycle_status, after=index + 1)
        log(f"web: {cycles} cycles of {size:,} cities with the port idle")
        index, idle, idle_samples = cycle_times(daemon, index, cycles)

        requests = 2000
        before = proc_sample(daemon.process.pid)
        started = time.monotonic()
        for _ in range(requests):
            get(f"http://127.0.0.1:{port}/")
        elapsed = time.monotonic() - started
        after = proc_sample(daemon.process.pid)
        cpu_per_request = (after["cpu"] - before["cpu"]) / requests

        log(f"web: {cycles} cycles under a flood of 1,000 connections at a time")
        flood = subprocess.Popen(
            ["python3", os.path.join(ROOT, "Tests/Fixtures/web_probe.py"), "flood", "127.0.0.1", str(port),
             "--connections", "1000", "--repeat-for", "36000"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        time.sleep(1)  # the flood under way before the first measured cycle
        index, loaded, loaded_samples = cycle_times(daemon, index, cycles)
    finally:
        if flood is not None:
            flood.send_signal(signal.SIGTERM)
            flood.wait(timeout=30)
        daemon.stop()
    ratio = sorted(loaded)[len(loaded) // 2] / sorted(idle)[len(idle) // 2]
    # The largest of the samples taken after each cycle: what the flood added at worst.
    idle_sample = max(idle_samples, key=lambda sample: sample["rss"])
    loaded_sample = max(loaded_samples, key=lambda sample: sample["rss"])
    most_descriptors = max(sample["fds"] for sample in loaded_samples)
    return [
        f"## 8. The web listener: {size:,} cities, {cycles} cycles idle, then {cycles} under a flood",
        "",
        "| port | wall per cycle (s) | largest RSS after a cycle (MiB) | peak RSS (MiB) | most descriptors |",
        "|---|---:|---:|---:|---:|",
        f"| idle | {summary(idle)} | {idle_sample['rss']:.1f} | {idle_sample['hwm']:.1f} | {idle_sample['fds']} |",
        f"| 1,000 connections at a time | {summary(loaded)} | {loaded_sample['rss']:.1f} | "
        f"{loaded_sample['hwm']:.1f} | {most_descriptors} |",
        "",
        f"Median cycle under the flood / idle: **{ratio:.2f}×** (the listener runs on libmicrohttpd's "
        f"own thread; on 2 shared cores the flood client and the listener compete with the cycle for "
        f"CPU, not for the poll loop's queue). {requests:,} sequential GETs of `/` (urllib, one "
        f"connection each): {elapsed / requests * 1000:.2f} ms each, breezed CPU "
        f"{cpu_per_request * 1e6:.0f} µs per request.",
    ]
