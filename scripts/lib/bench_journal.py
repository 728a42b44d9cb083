"""scripts/bench, part 2b: the steady state on the production logging path — `--log journal`
into a private systemd-journald, as under systemd — with breezed's RSS over the cycles, its
CPU per cycle and journald's, beside the same run with `--log stderr` (no journald) so a
leak of the journal path stands out.

The parent (`section`) runs this file again as `measure` inside `unshare -m` under
Tests/Fixtures/with-private-journald, so the journald and its sockets exist only in that
private mount namespace; the fixture server of the parent is reached on loopback."""

import json
import os
import signal
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))

from bench_daemon import Daemon, is_cycle_status, is_ready  # noqa: E402
from bench_support import ROOT, proc_sample, write_config  # noqa: E402

def journald_pid():
    """The journald that with-private-journald started: our sibling, a child of our parent."""
    parent = os.getppid()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="utf-8") as file:
                name, rest = file.read().rsplit(")", 1)
        except OSError:
            continue
        if name.endswith("(systemd-journal") and int(rest.split()[1]) == parent:
            return int(entry)
    raise RuntimeError("no private systemd-journald beside this process")


def measure(breezed, base, work, size, cycles, log_target):
    """Cycles back to back (SIGUSR1), sampled ten times from cycle 10 on; with `journal`
    (inside the namespace) the private journald is sampled too."""
    state = os.path.join(work, f"state-{log_target}")
    config = os.path.join(work, f"{log_target}.conf")
    write_config(config, base, size, state, extra_breeze="PollInterval=1h\nJitter=0\n")
    journald = journald_pid() if log_target == "journal" else None
    daemon = Daemon(breezed, config, work, log_target=log_target)
    every = max(10, cycles // 10)
    samples = []
    try:
        index, _ = daemon.listener.wait(is_ready)
        for cycle in range(1, cycles + 1):
            index, _ = daemon.listener.wait(is_cycle_status, after=index + 1)
            if cycle == 10 or cycle % every == 0 or cycle == cycles:
                samples.append({"cycle": cycle, "breezed": proc_sample(daemon.process.pid),
                                "journald": proc_sample(journald) if journald else None})
            if cycle < cycles:
                daemon.process.send_signal(signal.SIGUSR1)
    finally:
        daemon.stop()
    return samples


def section(server, breezed, work, size, cycles, log):
    """Markdown lines for the journal steady state (or why it was skipped)."""
    title = (f"## 2b. Steady state on the journal path: `--log journal` into a private journald, "
             f"{size:,} cities, {cycles:,} cycles")
    if os.geteuid() != 0 or not os.path.exists("/lib/systemd/systemd-journald"):
        return [title, "", "Skipped: needs root and systemd-journald (a private journald inside `unshare -m`)."]
    log(f"journal steady state: {size} cities, {cycles} cycles")
    result = subprocess.run(
        ["unshare", "-m", "--propagation", "private",
         os.path.join(ROOT, "Tests/Fixtures/with-private-journald"), "/dev/null",
         sys.executable, os.path.abspath(__file__), "measure", breezed, server.base, work,
         str(size), str(cycles), "journal"],
        stdout=subprocess.PIPE, text=True, check=True, timeout=3600)
    journal = json.loads(result.stdout.strip().splitlines()[-1])
    log(f"the same with --log stderr: {size} cities, {cycles} cycles")
    stderr = measure(breezed, server.base, work, size, cycles, "stderr")
    return format_section(title, journal, stderr, size)


def format_section(title, journal, stderr, size):
    lines = [title, "", "| cycle | breezed RSS, journal (MiB) | breezed RSS, stderr (MiB) | journald RSS (MiB) |",
             "|---:|---:|---:|---:|"]
    for on_journal, on_stderr in zip(journal, stderr):
        lines.append(f"| {on_journal['cycle']:,} | {on_journal['breezed']['rss']:.1f} | "
                     f"{on_stderr['breezed']['rss']:.1f} | {on_journal['journald']['rss']:.1f} |")
    first, last = journal[0], journal[-1]
    span = last["cycle"] - first["cycle"]
    records = span * size  # one `reading` record per city per cycle (the few others aside)

    def growth(samples):
        return samples[-1]["breezed"]["rss"] - samples[0]["breezed"]["rss"]

    def cpu(samples, process):
        return (samples[-1][process]["cpu"] - samples[0][process]["cpu"]) / span

    lines += ["", f"From cycle {first['cycle']:,} to {last['cycle']:,} (about {records:,} journal "
              f"records): breezed RSS {growth(journal):+.1f} MiB on the journal path = "
              f"{growth(journal) / records * 1000:+.2f} MiB per 1,000 records "
              f"({growth(stderr):+.1f} MiB with `--log stderr`). CPU per cycle: breezed "
              f"{cpu(journal, 'breezed'):.3f} s on the journal ({cpu(journal, 'breezed') / size * 1e6:.1f} µs "
              f"per city; {cpu(stderr, 'breezed'):.3f} s with stderr), journald "
              f"{cpu(journal, 'journald'):.3f} s ({cpu(journal, 'journald') / size * 1e6:.1f} µs per "
              f"record). Peak RSS {last['breezed']['hwm']:.1f} MiB; descriptors "
              f"{first['breezed']['fds']} → {last['breezed']['fds']}."]
    return lines


if __name__ == "__main__" and sys.argv[1:2] == ["measure"]:
    breezed_path, api, folder, cities, count, target = sys.argv[2:8]
    print(json.dumps(measure(breezed_path, api, folder, int(cities), int(count), target)), flush=True)
