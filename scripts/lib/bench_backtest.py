"""scripts/bench, part "backtest": `breezectl backtest` over 92 days × 1,000 cities.

A fixture server of its own plays Tests/Fixtures/scenarios/history-92-days.json (92 days of
hourly history everywhere, the clock pinned to its end); `breezectl backtest --days 92` runs
as `nobody` (as people run it) over a 1,000-city configuration polled every 15 minutes, for
`--source open-meteo` and `--source both`: wall, CPU and peak RSS of breezectl (and at 100
cities). A run that fails is a row saying why. The wall
includes the fixture generating the history (a scenario is never answered from the cache);
the CPU is breezectl's alone."""

import os
import tempfile

from bench_support import LoopbackFixture, ROOT, as_user, run_measured, shared_folder, summary, write_config


def measure(breezectl, config, source, runs):
    """`runs` figures of one backtest, or the first line breezectl wrote when it failed."""
    figures = []
    for _ in range(runs):
        with tempfile.TemporaryFile("w+") as errors:
            status, wall, cpu, rss = run_measured(as_user(
                [breezectl, "backtest", "--days", "92", "--source", source, "--json", "--config", config]),
                stderr=errors)
            if status != 0:
                errors.seek(0)
                said = errors.read().strip().splitlines()
                return None, f"exit {status}: {said[0] if said else 'nothing on standard error'}"
        figures.append((wall, cpu, rss))
    return figures, None


def section(breezectl, work, sizes, runs, log):
    folder = shared_folder(work, "backtest")
    history = LoopbackFixture(
        "open_meteo_server.py", ["--scenario", os.path.join(ROOT, "Tests/Fixtures/scenarios/history-92-days.json")])
    lines = [
        f"## 10. `breezectl backtest`: 92 days × {' and '.join(f'{size:,}' for size in sizes)} cities, {runs} runs",
        "",
        "| cities | --source | polls replayed | wall (s) | CPU (s) | CPU per city (ms) | peak RSS (MiB) |",
        "|---:|---|---:|---:|---:|---:|---:|",
    ]
    try:
        for size in sizes:
            config = os.path.join(folder, f"backtest-{size}.conf")
            write_config(config, history.base, size, os.path.join(folder, "state"),
                         extra_breeze="PollInterval=15min\n")
            os.chmod(config, 0o644)
            for source in ("open-meteo", "both"):
                log(f"backtest: 92 days × {size:,} cities, --source {source}, {runs} runs")
                figures, failure = measure(breezectl, config, source, runs)
                polls = size * 92 * 96 * (2 if source == "both" else 1)
                if failure:
                    # The other source fetches the same history: it would fail the same way.
                    lines.append(f"| {size:,} | {source} (both sources fetch the same) | {polls:,} | "
                                 f"fails ({failure}) | | | |")
                    break
                walls, cpus, rsses = zip(*figures)
                lines.append(f"| {size:,} | {source} | {polls:,} | {summary(walls)} | {summary(cpus)} | "
                             f"{summary(cpus, scale=1000 / size)} | {summary(rsses, digits=1)} |")
    finally:
        history.stop()
    lines += ["", "breezectl as `nobody` (setpriv) when run as root; 15-minute PollInterval (96 polls a "
              "day per city); `--json` to /dev/null. The wall includes the fixture generating the "
              "92-day history of each batch."]
    return lines
