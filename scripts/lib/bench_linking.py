"""scripts/bench, part 6: what linking the Swift runtime statically costs. The installed
binaries (scripts/install, scripts/package) are built with --static-swift-stdlib and stripped;
this compares them with the dynamically linked release build on the same machine and run."""

import os
import shutil
import subprocess

import bench_daemon
from bench_support import run_measured, summary, write_config


def file_size(path):
    return os.path.getsize(path) / (1024 * 1024)


def needed_from_toolchain(path):
    """How many of the libraries the binary loads come from the toolchain (/opt/swift)."""
    output = subprocess.run(["ldd", path], capture_output=True, text=True).stdout
    return sum(1 for line in output.splitlines() if "/opt/swift/" in line)


def section(server, dynamic, static, work, size, runs, log):
    installed = os.path.join(work, "breezed-static-stripped")
    shutil.copy(static, installed)
    subprocess.run(["strip", "--strip-unneeded", installed], check=True)
    state = os.path.join(work, "state-linking")
    config = os.path.join(work, "linking.conf")
    write_config(config, server.base, size, state, extra_breeze="PollInterval=1h\nJitter=0\n")
    rows = []
    for label, binary in (("dynamic (swift build -c release)", dynamic),
                          ("static, stripped (what is installed)", installed)):
        log(f"linking: {label}")
        once, ready = [], []
        run_measured([binary, "--once", "--log", "stderr", "--config", config])  # the state file
        for _ in range(runs):
            status, wall, cpu, rss = run_measured([binary, "--once", "--log", "stderr", "--config", config])
            if status != 0:
                raise RuntimeError(f"{binary} --once exited {status}")
            once.append((wall, cpu, rss))
            daemon = bench_daemon.Daemon(binary, config, work)
            try:
                _, ready_at = daemon.listener.wait(bench_daemon.is_ready)
            finally:
                daemon.stop()
            ready.append((ready_at - daemon.started) * 1000)
        rows.append(f"| {label} | {file_size(binary):.1f} | {needed_from_toolchain(binary)} | "
                    f"{summary([rss for _, _, rss in once], digits=1)} | "
                    f"{summary([wall for wall, _, _ in once])} | {summary(ready, digits=0)} |")
    return [
        f"## 6. Static vs dynamic Swift runtime: `breezed --once` at {size:,} cities, start-up to `READY=1`",
        "",
        "| build | file (MiB) | libraries from /opt/swift | `--once` peak RSS (MiB) | `--once` wall (s) "
        "| exec to READY=1 (ms) |",
        "|---|---:|---:|---:|---:|---:|",
    ] + rows + [
        "",
        "The static binary carries the Swift runtime, Foundation and ICU's data itself (most of its "
        "size) instead of mapping them from /opt/swift; peak RSS is GNU time's, READY=1 as in part 3.",
    ]
