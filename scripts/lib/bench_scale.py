"""scripts/bench, part "scale" (opt-in: `--parts scale`): 100,000 cities, as an Open-Meteo
customer plan allows.

- `breezed --check` and `breezectl check-config` (as `nobody`) of a 100,000-city configuration;
- `breezed --once` at 100,000 cities beside curl replaying the same 100 POSTs, and breezed's
  wall at 10,000 cities in the same run (the ratio: linear would be 10×);
- `breezectl status` (as `nobody`, over the control socket) against a daemon running 100,000
  cities after its first cycle, and that daemon's RSS;
each with its peak RSS. The 100,000-city figures are the median of `runs` (3 by default: a
100,000-city --once takes a while); the 10,000-city ones of 5."""

import os

from bench_daemon import Daemon, is_cycle_status, is_ready
from bench_support import (as_user, curl_arguments, proc_sample, run_measured, shared_folder, summary,
                           write_config)


def once(server, breezed, config, runs):
    """A warm-up `breezed --once` (the state file, the fixture's cache), then `runs` measured:
    their figures and the warm-up's requests."""
    server.reset()
    run_measured([breezed, "--once", "--log", "stderr", "--config", config])
    recorded = server.air_quality_requests()
    figures = []
    for _ in range(runs):
        server.reset()
        status, wall, cpu, rss = run_measured([breezed, "--once", "--log", "stderr", "--config", config])
        if status != 0:
            raise RuntimeError(f"breezed --once exited {status} ({config})")
        figures.append((wall, cpu, rss))
    return figures, recorded


def row(what, figures):
    walls, cpus, rsses = zip(*figures)
    return f"| {what} | {summary(walls)} | {summary(cpus)} | {summary(rsses, digits=1)} |"


def median(values):
    return sorted(values)[len(values) // 2]


def section(server, breezed, breezectl, work, size, runs, log):
    folder = shared_folder(work, "scale")
    big = os.path.join(folder, f"scale-{size}.conf")
    socket = os.path.join(folder, "control")
    write_config(big, server.base, size, os.path.join(folder, f"state-{size}"),
                 extra_breeze=f"PollInterval=1h\nJitter=0\nControlSocket={socket}\n")
    os.chmod(big, 0o644)
    small_size = size // 10
    small = os.path.join(folder, f"scale-{small_size}.conf")
    write_config(small, server.base, small_size, os.path.join(folder, f"state-{small_size}"),
                 extra_breeze="PollInterval=1h\n")
    lines = [f"## 11. {size:,} cities ({runs} runs of each {size:,}-city figure, 5 at {small_size:,})", "",
             "| what | wall (s) | CPU (s) | peak RSS (MiB) |", "|---|---:|---:|---:|"]

    log(f"scale: check-config of {size:,} cities")
    for what, command in ((f"`breezed --check`, {size:,} cities", [breezed, "--check", "--config", big]),
                          (f"`breezectl check-config` as nobody, {size:,} cities",
                           as_user([breezectl, "check-config", "--config", big]))):
        figures = []
        for _ in range(runs):
            status, wall, cpu, rss = run_measured(command)
            if status != 0:
                raise RuntimeError(f"{command} exited {status}")
            figures.append((wall, cpu, rss))
        lines.append(row(what, figures))

    log(f"scale: breezed --once at {small_size:,} cities (5 runs)")
    small_figures, _ = once(server, breezed, small, 5)
    log(f"scale: breezed --once at {size:,} cities ({runs} runs after a warm-up)")
    big_figures, recorded = once(server, breezed, big, runs)
    log(f"scale: curl replaying the {len(recorded)} POSTs of {size:,} cities")
    arguments = curl_arguments(server.base, recorded, os.path.join(folder, "body"))
    curl_figures = []
    for _ in range(runs):
        status, wall, cpu, rss = run_measured(["curl"] + arguments)
        if status != 0:
            raise RuntimeError(f"curl exited {status}")
        curl_figures.append((wall, cpu, rss))
    lines.append(row(f"`breezed --once`, {small_size:,} cities", small_figures))
    lines.append(row(f"`breezed --once`, {size:,} cities ({len(recorded)} requests)", big_figures))
    lines.append(row(f"curl, the same {len(recorded)} requests", curl_figures))

    log(f"scale: breezectl status against a daemon of {size:,} cities")
    daemon = Daemon(breezed, big, folder)
    status_figures = []
    try:
        index, _ = daemon.listener.wait(is_ready, timeout=1200)
        daemon.listener.wait(is_cycle_status, after=index + 1, timeout=1800)
        daemon_sample = proc_sample(daemon.process.pid)
        for _ in range(runs):
            status, wall, cpu, rss = run_measured(as_user([breezectl, "status", "--config", big]))
            if status != 0:
                raise RuntimeError(f"breezectl status exited {status}")
            status_figures.append((wall, cpu, rss))
    finally:
        daemon.stop()
    lines.append(row(f"`breezectl status` as nobody, daemon of {size:,} cities", status_figures))

    wall = lambda figures: median([figure[0] for figure in figures])
    lines += [
        "",
        f"Ratios of medians, same run: `--once` {size:,} ÷ {small_size:,} cities = "
        f"**{wall(big_figures) / wall(small_figures):.1f}×** wall (linear: 10×), "
        f"{median([f[1] for f in big_figures]) / median([f[1] for f in small_figures]):.1f}× CPU; "
        f"breezed ÷ curl at {size:,} = **{wall(big_figures) / wall(curl_figures):.2f}×**. The daemon "
        f"of {size:,} cities after its first cycle: RSS {daemon_sample['rss']:.1f} MiB (peak "
        f"{daemon_sample['hwm']:.1f}). `breezectl` runs as `nobody` (setpriv) when the bench runs "
        f"as root, as people run it; the configuration and the control socket are in a folder it "
        f"can reach.",
    ]
    return lines
