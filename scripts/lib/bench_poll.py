"""scripts/bench, part 1: one poll cycle at several sizes, beside curl (the transfer lower
bound) and the per-city loops users write instead."""

import os
import shutil
import subprocess

from bench_support import (ROOT, coordinates, curl_arguments, run_measured, summary, write_config)


def measure_breeze(server, breezed, work, size, runs):
    """`breezed --once` at `size` cities: `runs` first starts (the state folder removed before
    each: no state, no kept hours or forecast, so every city asks for the whole window), then
    one more to leave the state, then `runs` with the state present (every cycle but the
    first). Figures and request counts per run of each kind, and the requests of the last run
    with the state present (what curl replays: the same work on both sides)."""
    state = os.path.join(work, f"state-{size}")
    config = os.path.join(work, f"breezed-{size}.conf")
    write_config(config, server.base, size, state, extra_breeze="PollInterval=15min\n")

    def once():
        server.reset()
        status, wall, cpu, rss = run_measured([breezed, "--once", "--log", "stderr", "--config", config])
        if status != 0:
            raise RuntimeError(f"breezed --once exited {status} at {size} cities")
        return (wall, cpu, rss), len(server.air_quality_requests())

    first = []
    for _ in range(runs):
        shutil.rmtree(state, ignore_errors=True)
        first.append(once())
    once()
    present = [once() for _ in range(runs)]
    recorded = server.air_quality_requests()
    return ([figures for figures, _ in present], [count for _, count in present], recorded,
            [figures for figures, _ in first], [count for _, count in first])


def measure_curl(server, work, size, recorded, runs):
    arguments = curl_arguments(server.base, recorded, os.path.join(work, f"body-{size}"))
    figures, requests = [], []
    for _ in range(runs):
        server.reset()
        status, wall, cpu, rss = run_measured(["curl"] + arguments)
        if status != 0:
            raise RuntimeError(f"curl exited {status}")
        figures.append((wall, cpu, rss))
        requests.append(len(server.air_quality_requests()))
    return figures, requests


def measure_per_city(server, work, variables, sample, runs):
    """The shell and Python per-city loops over the first `sample` cities."""
    cities = os.path.join(work, "sample.tsv")
    with open(cities, "w", encoding="utf-8") as file:
        for index, (latitude, longitude) in enumerate(coordinates(sample)):
            file.write(f"Bench {index:05d}\t{latitude:.4f}\t{longitude:.4f}\n")
    loops = {
        "curl + jq per city": ["bash", os.path.join(ROOT, "scripts/lib/percity_curl_jq.sh")],
        "Python urllib per city": ["python3", os.path.join(ROOT, "scripts/lib/percity_urllib.py")],
    }
    results = {}
    for name, command in loops.items():
        figures = []
        for _ in range(runs):
            server.reset()
            status, wall, cpu, rss = run_measured(command + [server.base, variables, cities])
            if status != 0:
                raise RuntimeError(f"{name} exited {status}")
            figures.append((wall, cpu, rss))
            requests = len(server.air_quality_requests())
        results[name] = (figures, requests)
    return results


def rows(size, client, figures, requests, scale=1.0, note=""):
    walls, cpus, rsses = zip(*figures)
    per_city = [cpu * scale / size * 1e6 for cpu in cpus]
    return (f"| {size:,} | {client}{note} | {requests:,} | {summary(walls, scale=scale)} | "
            f"{summary(cpus, scale=scale)} | {summary(per_city, digits=0)} | {summary(rsses, digits=1)} |")


def section(server, breezed, work, sizes, runs, sample, log):
    lines = [
        "## 1. Poll cycle",
        "",
        "| cities | client | HTTP requests | wall (s) | CPU (s) | CPU per city (µs) | peak RSS (MiB) |",
        "|---:|---|---:|---:|---:|---:|---:|",
    ]
    per_city = None
    ratios = []
    for size in sizes:
        log(f"poll cycle: {size} cities")
        breeze, breeze_requests, recorded, fresh, fresh_requests = measure_breeze(server, breezed, work, size, runs)
        curl, curl_requests = measure_curl(server, work, size, recorded, runs)
        if per_city is None:
            variables = recorded[0]["form"]["current"][0]
            log(f"per-city loops: {sample}-city sample")
            per_city = measure_per_city(server, work, variables, sample, runs)
        lines.append(rows(size, "Breeze `breezed --once`, state present", breeze, breeze_requests[0]))
        lines.append(rows(size, "Breeze `breezed --once`, first start (no state)", fresh, fresh_requests[0]))
        lines.append(rows(size, "curl, same batched requests", curl, curl_requests[0]))
        for name, (figures, requests) in per_city.items():
            scale = size / sample
            note = f" (from {sample})" if scale != 1 else ""
            lines.append(rows(size, name, figures, size, scale=scale, note=note))
        median = lambda figures, column: sorted(f[column] for f in figures)[len(figures) // 2]
        ratios.append(
            f"- {size:,} cities: Breeze wall (state present) ÷ curl wall = "
            f"{median(breeze, 0) / median(curl, 0):.2f}; per-city CPU ÷ Breeze CPU = "
            + ", ".join(f"{name.split(' per')[0]} {median(figures, 1) * size / sample / median(breeze, 1):.0f}×"
                        for name, (figures, _) in per_city.items())
            + f"; HTTP requests {size:,} vs {breeze_requests[0]}")
    lines += ["", "Ratios of medians, same run:", ""] + ratios
    lines += [
        "",
        f"Breeze: `breezed --once --log stderr` (release build), standard error to /dev/null. "
        f"State present: the state folder left by an earlier run (state.json, the kept hours and "
        f"forecasts), as for every cycle but the first: each city asks only for the hours since "
        f"(and its forecast only when the model ran). First start: the state folder removed "
        f"before each run, every city asks for the whole window. Either: configuration load, batched POSTs of "
        f"≤1000 locations, decoding, rating, the alert state machine, one journal-style line per "
        f"city, state saved (fsync). curl: one process POSTing the bodies of the last "
        f"state-present run in turn (transfer "
        f"lower bound; no decoding, no output). Per-city loops (`scripts/lib/percity_curl_jq.sh`, "
        f"`scripts/lib/percity_urllib.py`): one GET per city for the same variables, band and "
        f"dominant pollutant computed; measured on the first {sample} cities and scaled per city "
        f"to each size (RSS not scaled). CPU is user + system of the process and its children; "
        f"the server's time is not counted.",
    ]
    return lines
