"""scripts/bench, part 2b: the steady state on the production logging path — `--log journal`
into a private systemd-journald, as under systemd — with breezed's RSS over the cycles, its
CPU per cycle and journald's, beside the same run with `--log stderr` (no journald) so a
leak of the journal path stands out.

The parent (`section`) runs this file again as `measure` inside `unshare -m` under
Tests/Fixtures/with-private-journald, so the journald and its sockets exist only in that
private mount namespace; the fixture server of the parent is reached on loopback.

`modes_section` (part "journal-modes") does the same for each `LogReadings=` mode (all, changes,
none) at 1,000 and 10,000 cities, each mode under a journald of its own, with the fixture's
clock moved between two hours every 4th cycle so the readings change as a 15-minute poll sees
them change hourly: the
records per cycle, breezed's and journald's CPU per cycle and the RSS of both."""

import datetime
import json
import os
import signal
import subprocess
import sys
import urllib.request

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


def set_clock(base, now):
    """Freezes the fixture's clock at `now` (ISO, UTC), or lets it run (None)."""
    request = urllib.request.Request(base + "/control/clock", data=json.dumps({"now": now}).encode(),
                                     method="POST", headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        response.read()


def journal_records(event=None):
    """How many records breezed sent to the private journald (of `event` only, if given)."""
    command = ["journalctl", "--no-pager", "-o", "cat", "SYSLOG_IDENTIFIER=breezed"]
    if event:
        command.append(f"BREEZE_EVENT={event}")
    subprocess.run(["journalctl", "--sync"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    output = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=False).stdout
    return output.count(b"\n")


def measure(breezed, base, work, size, cycles, log_target, log_readings=None, alternate=0, first=10):
    """Cycles back to back (SIGUSR1), sampled ten times from cycle `first` on; with `journal`
    (inside the namespace) the private journald is sampled too, and the records it holds.
    `log_readings` is written as `LogReadings=` (none: the key is left out); `alternate` N moves
    the fixture's clock between two hours before every Nth cycle, so the readings change as a
    15-minute poll sees them change hourly with N=4 (0: the clock runs)."""
    tag = f"{log_target}-{log_readings or 'default'}-{size}"
    state = os.path.join(work, f"state-{tag}")
    config = os.path.join(work, f"{tag}.conf")
    extra = "PollInterval=1h\nJitter=0\n" + (f"LogReadings={log_readings}\n" if log_readings else "")
    write_config(config, base, size, state, extra_breeze=extra)
    journald = journald_pid() if log_target == "journal" else None
    hours = [datetime.datetime.now(datetime.timezone.utc).replace(second=0, microsecond=0)]
    hours.append(hours[0] - datetime.timedelta(hours=1))
    if alternate:
        set_clock(base, hours[0].isoformat())
    daemon = Daemon(breezed, config, work, log_target=log_target)
    every = max(10, cycles // 10)
    samples = []
    try:
        index, _ = daemon.listener.wait(is_ready)
        for cycle in range(1, cycles + 1):
            index, _ = daemon.listener.wait(is_cycle_status, after=index + 1)
            if cycle == first or cycle % every == 0 or cycle == cycles:
                sample = {"cycle": cycle, "breezed": proc_sample(daemon.process.pid),
                          "journald": proc_sample(journald) if journald else None}
                if journald:
                    sample["records"] = journal_records()
                    sample["readings"] = journal_records("reading")
                samples.append(sample)
            if cycle < cycles:
                if alternate and cycle % alternate == 0:
                    set_clock(base, hours[(cycle // alternate) % 2].isoformat())
                daemon.process.send_signal(signal.SIGUSR1)
    finally:
        daemon.stop()
        if alternate:
            set_clock(base, None)
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


def accepts_log_readings(breezed, work):
    """Whether this breezed knows `LogReadings=` (main's binary before it did not)."""
    config = os.path.join(work, "log-readings-probe.conf")
    with open(config, "w", encoding="utf-8") as file:
        file.write(f"[Breeze]\nStateDirectory={work}/probe-state\nLogReadings=changes\n")
    result = subprocess.run([breezed, "--check", "--config", config], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    return result.returncode == 0


def in_private_journald(breezed, base, work, size, cycles, options):
    """`measure` in a private journald of its own (this file again, as `measure`)."""
    result = subprocess.run(
        ["unshare", "-m", "--propagation", "private",
         os.path.join(ROOT, "Tests/Fixtures/with-private-journald"), "/dev/null",
         sys.executable, os.path.abspath(__file__), "measure", breezed, base, work,
         str(size), str(cycles), "journal", json.dumps(options)],
        stdout=subprocess.PIPE, text=True, check=True, timeout=7200)
    return json.loads(result.stdout.strip().splitlines()[-1])


def modes_section(server, breezed, work, sizes, cycles, log):
    """Markdown lines for the journal path per `LogReadings=` mode (or why it was skipped)."""
    title = (f"## 2c. The journal path per `LogReadings=` mode: {', '.join(f'{size:,}' for size in sizes)} "
             f"cities, {cycles:,} cycles each, the readings changing every 4th cycle")
    if os.geteuid() != 0 or not os.path.exists("/lib/systemd/systemd-journald"):
        return [title, "", "Skipped: needs root and systemd-journald (a private journald inside `unshare -m`)."]
    modes = ["all", "changes", "none"] if accepts_log_readings(breezed, work) else [None]
    lines = [title, "", "| cities | LogReadings= | records per cycle (readings) | breezed CPU per cycle (s) | "
             "per city (µs) | journald CPU per cycle (s) | breezed RSS (MiB) | journald RSS (MiB) |",
             "|---:|---|---:|---:|---:|---:|---:|---:|"]
    for size in sizes:
        for mode in modes:
            log(f"journal path: {size} cities, LogReadings={mode or '(not known: the default)'}, {cycles} cycles")
            samples = in_private_journald(breezed, server.base, work, size, cycles,
                                          {"log_readings": mode, "alternate": 4, "first": 1})
            first, last = samples[0], samples[-1]
            span = last["cycle"] - first["cycle"]

            def per_cycle(key, process=None):
                if process:
                    return (last[process]["cpu"] - first[process]["cpu"]) / span
                return (last[key] - first[key]) / span

            breezed_cpu = per_cycle(None, "breezed")
            lines.append(
                f"| {size:,} | {mode or 'all (key unknown)'} | {per_cycle('records'):,.0f} ({per_cycle('readings'):,.0f}) | "
                f"{breezed_cpu:.3f} | {breezed_cpu / size * 1e6:.0f} | {per_cycle(None, 'journald'):.3f} | "
                f"{last['breezed']['rss']:.1f} (peak {last['breezed']['hwm']:.1f}) | "
                f"{last['journald']['rss']:.1f} (peak {last['journald']['hwm']:.1f}) |")
    lines += ["", f"Per cycle: from the end of cycle 1 (every city logged, the start-up) to cycle "
              f"{cycles:,}, cycles back to back by SIGUSR1; before every 4th, the fixture's clock moves "
              f"between this hour and the last, so the values change as a 15-minute poll sees "
              f"Open-Meteo's hourly data change (`changes` logs the cities whose AQI, band, dominant "
              f"pollutant or notes moved). Records: "
              f"every record breezed sent (readings in brackets), counted with journalctl in the "
              f"private journald. RSS after the last cycle."]
    if modes == [None]:
        lines += ["", "This breezed does not know `LogReadings=`: the default alone was measured."]
    return lines


if __name__ == "__main__" and sys.argv[1:2] == ["measure"]:
    breezed_path, api, folder, cities, count, target = sys.argv[2:8]
    extra = json.loads(sys.argv[8]) if len(sys.argv) > 8 else {}
    print(json.dumps(measure(breezed_path, api, folder, int(cities), int(count), target, **extra)), flush=True)
