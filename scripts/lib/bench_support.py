"""Helpers for scripts/bench: configurations, curl arguments and the result rows."""

import json
import os
import statistics
import sys
from urllib.parse import quote, urlencode


def header():
    print("| cities | client | HTTP requests | wall (s) | CPU (s) | peak RSS (MiB) | cities with data |")
    print("|---:|---|---:|---:|---:|---:|---:|")


def config(base, size):
    """A configuration with `size` distinct cities spread over the globe."""
    print(f"[Breeze]\nApiURL={base}\nGeocodingURL={base}\nArchiveURL={base}\nTimeout=60s\n")
    for index in range(int(size)):
        latitude = -60 + (index % 1200) * 0.1
        longitude = -179.5 + (index // 1200) * 2.5
        print(f'[City "Bench {index:05d}"]\nLatitude={latitude:.4f}\nLongitude={longitude:.4f}\n')


def curl_arguments(base, requests_file, body_prefix):
    """curl arguments replaying every recorded air-quality POST, with --next between them."""
    with open(requests_file, encoding="utf-8") as file:
        requests = [r for r in json.load(file)["requests"] if r["path"] == "/v1/air-quality"]
    arguments = []
    for number, request in enumerate(requests):
        pairs = [(name, value) for name, values in request["form"].items() for value in values]
        body_file = f"{body_prefix}-{number}"
        with open(body_file, "w", encoding="utf-8") as body:
            body.write(urlencode(pairs, quote_via=quote, safe=""))
        if arguments:
            arguments.append("--next")
        arguments += ["-sS", "--compressed", "-o", "/dev/null", "-H",
                      "Content-Type: application/x-www-form-urlencoded",
                      "--data-binary", "@" + body_file, f"{base}/v1/air-quality"]
    print("\n".join(arguments))


def measure(path):
    """(wall seconds, CPU seconds, peak RSS MiB) from a `/usr/bin/time -v` report."""
    values = {}
    with open(path, encoding="utf-8") as file:
        for line in file:
            name, _, value = line.strip().rpartition(": ")
            values[name] = value
    wall = 0.0
    for part in values["Elapsed (wall clock) time (h:mm:ss or m:ss)"].split(":"):
        wall = wall * 60 + float(part)
    cpu = float(values["User time (seconds)"]) + float(values["System time (seconds)"])
    return wall, cpu, int(values["Maximum resident set size (kbytes)"]) / 1024


def count_requests(path):
    with open(path, encoding="utf-8") as file:
        return sum(1 for r in json.load(file)["requests"] if r["path"] == "/v1/air-quality")


def row(size, work, runs, breeze_output):
    with open(breeze_output, encoding="utf-8") as file:
        with_data = sum(1 for city in json.load(file) if city.get("aqi") is not None)
    for client, time_name, requests_name, cities in (
        ("Breeze", "breeze", "requests", str(with_data)),
        ("curl", "curl", "curl-requests", "—"),
    ):
        figures = [measure(os.path.join(work, f"{time_name}-{size}-{run}.time"))
                   for run in range(1, int(runs) + 1)]
        requests = count_requests(os.path.join(work, f"{requests_name}-{size}-1.json"))
        wall, cpu, rss = (statistics.median(column) for column in zip(*figures))
        print(f"| {int(size):,} | {client} | {requests} | {wall:.2f} | {cpu:.2f} | {rss:.1f} | {cities} |")


if __name__ == "__main__":
    command, arguments = sys.argv[1], sys.argv[2:]
    {"header": header, "config": config, "curl-arguments": curl_arguments, "row": row}[command](*arguments)
