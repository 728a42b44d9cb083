"""scripts/bench, part 7: instruction counts. `valgrind --tool=callgrind` counts the instructions
(Ir) one `breezed --once` cycle executes at N cities and at 100, and those of curl POSTing the
same batched bodies. Unlike wall or CPU time, the counts hardly move with the load of the
machine, so they are what to compare before and after a change."""

import os
import re
import shutil
import statistics
import subprocess

from bench_support import curl_arguments, write_config

# The fixture server's clock, frozen: the same readings (and so the same alerts) in every run,
# whatever the day or hour of the run.
FROZEN_CLOCK = "2026-06-01T12:00:00"
# The fixed cost (start-up, Swift runtime, configuration and state of a few cities) is this
# size's count; what a larger size adds, divided by the extra cities, is the per-city cost.
BASELINE_CITIES = 100
# Swift seeds each process's hashing at random; fixed, the dictionaries collide the same way
# in every run.
BREEZED_ENVIRONMENT = {**os.environ, "SWIFT_DETERMINISTIC_HASHING": "1"}
# The process's entry: each holds nearly all of it inclusive, so the table starts below them.
ENTRY_FUNCTIONS = {"(below main)", "__libc_start_main@@GLIBC_2.34", "__libc_start_main", "main",
                   "breezed_main", "breeze_multicall_main", "static DaemonCommand.main(_:)", "_dl_start", "_start"}


def total_instructions(path):
    """The Ir total of a callgrind.out file (its `totals:` line, else `summary:`)."""
    found = {}
    with open(path, encoding="utf-8", errors="replace") as file:
        for line in file:
            key, _, value = line.partition(":")
            if key in ("events", "totals", "summary"):
                found[key] = value.split()
    events = found.get("events", [])
    counts = found.get("totals") or found.get("summary")
    if "Ir" not in events or not counts:
        raise ValueError(f"{path}: no Ir total (events: {' '.join(events) or 'none'})")
    return int(counts[events.index("Ir")])


_ANNOTATE_LINE = re.compile(r"^\s*([\d,]+) \(\s*([\d.]+)%\)\s+(.*)$")


def parse_annotate(text):
    """(Ir, percent, function, object) per function line of callgrind_annotate's output, in its
    order; the `PROGRAM TOTALS` line left out. A line reads `Ir (pct%)  file:function [object]`."""
    rows = []
    for line in text.splitlines():
        match = _ANNOTATE_LINE.match(line)
        if not match or match.group(3).strip() == "PROGRAM TOTALS":
            continue
        rest = match.group(3).strip()
        obj = ""
        if rest.endswith("]") and " [" in rest:
            rest, _, obj = rest[:-1].rpartition(" [")
        function = rest.split(":", 1)[1] if ":" in rest else rest
        rows.append((int(match.group(1).replace(",", "")), float(match.group(2)), function,
                     os.path.basename(obj)))
    return rows


def demangle(names):
    """Swift symbols in readable form (swift-demangle --simplified); as they are without it."""
    try:
        result = subprocess.run(["swift", "demangle", "--simplified", "--compact"],
                                input="\n".join(names) + "\n", capture_output=True, text=True,
                                timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return names
    lines = result.stdout.splitlines()
    return lines if result.returncode == 0 and len(lines) == len(names) else names


def shortened(text, width=110):
    return text if len(text) <= width else text[:width - 1] + "…"


def hot_spots(path, count, inclusive):
    """The first `count` functions by inclusive (or self) Ir, demangled: each name once (inlined
    code is listed under each file it came from; the largest is kept), the entry functions,
    protocol witness thunks and the dynamic loader's unnamed start left out."""
    output = subprocess.run(
        ["callgrind_annotate", "--auto=no", f"--inclusive={'yes' if inclusive else 'no'}", "--threshold=100", path],
        capture_output=True, text=True, check=True).stdout
    rows = parse_annotate(output)[:count * 8]
    names = demangle([row[2] for row in rows])
    objects = {}
    for (_, _, _, obj), name in zip(rows, names):
        objects[name] = objects.get(name) or obj
    seen, spots = set(), []
    for (ir, percent, _, _), name in zip(rows, names):
        thunk = name.startswith("protocol witness for ")  # the compiler's hop into the next row
        if name in seen or name in ENTRY_FUNCTIONS or thunk or (inclusive and name.startswith("0x")):
            continue
        seen.add(name)
        spots.append((ir, percent, name, objects[name]))
    return spots[:count]


def callgrind(command, output, env=None):
    """Runs `command` under callgrind to its end; its Ir total."""
    with open(output + ".log", "w", encoding="utf-8") as log_file:
        status = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={output}"] + command,
            stdout=subprocess.DEVNULL, stderr=log_file, env=env).returncode
    if status != 0:
        raise RuntimeError(f"{command[0]} exited {status} under callgrind (see {output}.log)")
    return total_instructions(output)


def fresh_server(server):
    server.reset()
    server.control("/control/clock", {"now": FROZEN_CLOCK})


def measure_breezed(server, breezed, work, size, runs):
    """Ir of `runs` cycles at `size` cities, each from the same state: the one a first cycle
    (not counted) left, copied back before every run. The last run's callgrind.out and the
    requests of that first cycle."""
    state = os.path.join(work, f"instructions-state-{size}")
    snapshot = state + ".after-first-cycle"
    config = os.path.join(work, f"instructions-{size}.conf")
    write_config(config, server.base, size, state, extra_breeze="PollInterval=15min\n")
    command = [breezed, "--once", "--log", "stderr", "--config", config]
    fresh_server(server)
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env=BREEZED_ENVIRONMENT, check=True)
    recorded = server.air_quality_requests()
    shutil.copytree(state, snapshot)
    totals, output = [], None
    for run in range(runs):
        shutil.rmtree(state)
        shutil.copytree(snapshot, state)
        fresh_server(server)
        output = os.path.join(work, f"callgrind.out.breezed-{size}-{run}")
        totals.append(callgrind(command, output, env=BREEZED_ENVIRONMENT))
    return totals, output, recorded


def millions(value):
    return f"{value / 1e6:,.1f} M"


def spread(values):
    """'median (min–max, spread %)' in millions; the spread is (max − min) ÷ median."""
    median = statistics.median(values)
    if len(values) == 1:
        return millions(median)
    width = (max(values) - min(values)) / median * 100
    return f"{millions(median)} ({min(values) / 1e6:,.1f}–{max(values) / 1e6:,.1f}, {width:.2f} %)"


def hot_spot_table(path, count, inclusive):
    lines = ["| Ir | share | function | object |", "|---:|---:|---|---|"]
    for ir, percent, name, obj in hot_spots(path, count, inclusive):
        cell = shortened(name).replace("|", "\\|")
        lines.append(f"| {millions(ir)} | {percent:.1f} % | `{cell}` | {obj} |")
    return lines


def tool_versions():
    """valgrind's and curl's versions: counts compare between runs with the same ones."""
    versions = []
    for command in (["valgrind", "--version"], ["curl", "--version"]):
        output = subprocess.run(command, capture_output=True, text=True).stdout.splitlines()
        versions.append(" ".join(output[0].split()[:2]) if output else command[0] + " (unknown)")
    return ", ".join(versions)


def section(server, breezed, work, cities, runs, log):
    baseline = min(BASELINE_CITIES, cities)
    sizes = [baseline] if baseline == cities else [baseline, cities]
    results = {}
    for size in sizes:
        log(f"instructions: breezed --once at {size:,} cities under callgrind, {runs} run(s)")
        results[size] = measure_breezed(server, breezed, work, size, runs)
    totals, largest_output, recorded = results[cities]
    log(f"instructions: curl, the same {len(recorded)} batched request(s), under callgrind")
    fresh_server(server)
    curl = callgrind(["curl"] + curl_arguments(server.base, recorded, os.path.join(work, "instructions-body")),
                     os.path.join(work, "callgrind.out.curl"))
    median = statistics.median(totals)
    lines = [
        f"## 7. Instructions: `breezed --once` under callgrind ({runs} run(s) each)",
        "",
        "| cities | client | HTTP requests | Ir, median (min–max, spread) |",
        "|---:|---|---:|---:|",
    ]
    for size in sizes:
        size_totals, _, size_recorded = results[size]
        lines.append(f"| {size:,} | Breeze `breezed --once` | {len(size_recorded)} | {spread(size_totals)} |")
    lines.append(f"| {cities:,} | curl, same batched requests | {len(recorded)} | {millions(curl)} |")
    lines += ["", f"- Ir per city at {cities:,} cities: {median / cities:,.0f}."]
    if len(sizes) == 2:
        fixed = statistics.median(results[baseline][0])
        increment = (median - fixed) / (cities - baseline)
        lines.append(f"- Per-city increment, ({cities:,} − {baseline:,} cities) ÷ {cities - baseline:,}: "
                     f"**{increment:,.0f} Ir per city**; fixed cost (the {baseline:,}-city run): {millions(fixed)}.")
    lines.append(f"- breezed ÷ curl at {cities:,} cities: {median / curl:.1f}× (curl: transfer only).")
    lines += [
        "",
        f"Top functions of one {cities:,}-city run by inclusive Ir (`callgrind_annotate "
        f"--inclusive=yes`, demangled, below main):",
        "",
    ] + hot_spot_table(largest_output, 10, inclusive=True) + [
        "",
        "By self Ir:",
        "",
    ] + hot_spot_table(largest_output, 5, inclusive=False) + [
        "",
        f"Each run: the release `breezed --once --log stderr` under `valgrind --tool=callgrind`, "
        f"with its own state folder, holding what a first cycle (not counted) left: it is copied "
        f"back before every run, so each run does the same cycle (state present, the breaches of "
        f"the first cycle confirmed and firing). The fixture server's clock is frozen at "
        f"{FROZEN_CLOCK} UTC (the same readings on any day) and SWIFT_DETERMINISTIC_HASHING=1 "
        f"(the same dictionary layout in every process), so counts differ between runs only by "
        f"what timing changes (how often curl's loop wakes, how reads split; without the fixed "
        f"hashing the spread is about ten times larger). Compare the "
        f"per-city increment before and after a change: it is what the cycle costs per city "
        f"without start-up, and a change beyond the spread shown is not noise. The fixed cost "
        f"shows start-up. curl POSTing the same bodies is the transfer floor; its count "
        f"moves only with libcurl and glibc, so a change of the ratio with curl unchanged is "
        f"breezed's. {tool_versions()}. Rerun: `scripts/bench --parts instructions "
        f"--instruction-cities {cities} --instruction-runs {runs}`.",
    ]
    return lines
