"""scripts/bench, part "hours" (issue 29's baseline): the daemon's steady state when the hours
really change between polls, beside the same daemon reading cached answers, and the API calls
per day `breezectl check-config` estimates for that configuration.

Both runs freeze the fixture server's clock (`POST /control/clock`). In the cached run it stays
put, so from the second cycle on every request is answered with the bytes of the first
(`--cache-answers`). In the changing run it moves on one hour before each cycle, so every
answer differs from the last (the cache keys answers by the clock's quarter-hour; see
Tests/Fixtures/openmeteo_fixture/answer_cache.py): the server generates each one afresh, and a
client that asked only for what changed would have something to do. Per cycle: breezed's CPU
(/proc utime+stime), the bytes of the answers (the fixture's request log, `answer_bytes`), and
the numbers asked for (locations × (hourly variables × hours + current variables), from each
request's form: what breezed decodes). The wall per cycle includes the server generating its
answers in the changing run (it shares the cores), so compare CPU, not wall, across the two."""

import datetime
import re
import signal
import subprocess
import time

from bench_daemon import Daemon, is_cycle_status, is_ready
from bench_support import curl_arguments, proc_sample, run_measured, summary, write_config

CALLS_PER_DAY = re.compile(r"~([\d,]+) API calls/day")


def calls_per_day(text):
    """The `~N API calls/day` of `breezectl check-config`'s output, or None."""
    match = CALLS_PER_DAY.search(text)
    return int(match.group(1).replace(",", "")) if match else None


def _first(params, name):
    values = params.get(name)
    return values[0] if values else None


def numbers_asked(form):
    """How many numbers an air-quality request asks for: locations × (hourly variables × hours
    + current variables). Hours: past_hours + forecast_hours, each side falling back to its
    days × 24 (Open-Meteo's defaults: 0 past days, 5 forecast days)."""
    latitude = _first(form, "latitude")
    if not latitude:
        return 0
    locations = len(latitude.split(","))
    variables = lambda name: len([v for v in (_first(form, name) or "").split(",") if v])
    past = _first(form, "past_hours")
    past = int(past) if past is not None else int(_first(form, "past_days") or 0) * 24
    forecast = _first(form, "forecast_hours")
    forecast = int(forecast) if forecast is not None else int(_first(form, "forecast_days") or 5) * 24
    return locations * (variables("hourly") * (past + forecast) + variables("current"))


def clock_text(moment):
    return moment.strftime("%Y-%m-%dT%H:%M")


def run(server, breezed, work, config, cycles, start, step, log, label):
    """`cycles` poll cycles of a daemon (SIGUSR1 after each), the fixture's clock at `start`
    and moved on by `step` before every cycle after the first. Per measured cycle (the first,
    which starts from no state, is left out): CPU s, wall s (SIGUSR1 to its STATUS=), answer
    bytes, numbers asked, requests; the daemon's /proc sample after the last cycle; and the
    last cycle's air-quality requests (what curl replays)."""
    server.reset()
    server.control("/control/clock", {"now": clock_text(start)})
    daemon = Daemon(breezed, config, work)
    measured, last, mine = [], None, []
    try:
        index, _ = daemon.listener.wait(is_ready)
        logged, asked = 0, daemon.started
        previous = proc_sample(daemon.process.pid)["cpu"]
        for cycle in range(1, cycles + 1):
            if cycle > 1:
                server.control("/control/clock", {"now": clock_text(start + step * (cycle - 1))})
                asked = time.monotonic()
                daemon.process.send_signal(signal.SIGUSR1)
            index, finished = daemon.listener.wait(is_cycle_status, after=index + 1, timeout=1800)
            last = proc_sample(daemon.process.pid)
            requests = server.air_quality_requests()
            mine, logged = requests[logged:], len(requests)
            if cycle > 1:
                measured.append({
                    "cpu": last["cpu"] - previous,
                    "wall": finished - asked,
                    "bytes": sum(entry.get("answer_bytes", 0) for entry in mine),
                    "numbers": sum(numbers_asked(entry["form"]) for entry in mine),
                    "requests": len(mine),
                })
            previous = last["cpu"]
            log(f"hours ({label}): cycle {cycle}/{cycles}")
    finally:
        daemon.stop()
    return measured, last, mine


def curl_walls(server, requests, work, runs):
    """curl's wall replaying `requests` (one process, the same bodies in turn), `runs` times:
    the transfer lower bound of the same work, answered as breezed's were."""
    arguments = curl_arguments(server.base, requests, f"{work}/hours-body")
    walls = []
    for _ in range(runs):
        status, wall, _, _ = run_measured(["curl"] + arguments)
        if status != 0:
            raise RuntimeError(f"curl exited {status}")
        walls.append(wall)
    return walls


def check_config(breezectl, config):
    """`breezectl check-config`'s estimate of API calls per day for `config`, and its line."""
    result = subprocess.run([breezectl, "check-config", "--config", config], capture_output=True, text=True)
    text = result.stdout + result.stderr
    line = next((line for line in text.splitlines() if "API calls/day" in line), text.strip()[:200])
    return calls_per_day(text), line


def section(server, breezed, breezectl, work, size, cycles, log):
    # check-config's estimate for the measured configuration and for the default PollInterval.
    config = f"{work}/hours.conf"
    write_config(config, server.base, size, f"{work}/state-hours", extra_breeze="PollInterval=1h\nJitter=0\n")
    default_config = f"{work}/hours-default.conf"
    write_config(default_config, server.base, size, f"{work}/state-hours", extra_breeze="Jitter=0\n")
    # The changing run ends at the current hour, so breezed never sees readings from its future.
    now = datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None, minute=5, second=0, microsecond=0)
    start = now - datetime.timedelta(hours=cycles - 1)
    # The still run stands at breezed's own time, so each city's kept hours reach the current
    # hour and every poll after the first asks only for the recent ones, as in a steady state.
    present = datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None, second=0, microsecond=0)
    rows, ratio = [], None
    for label, step, first in (("cached answers (clock still, at breezed's time)", datetime.timedelta(0), present),
                               ("hours changing (clock +1 h per cycle)", datetime.timedelta(hours=1), start)):
        config_run = f"{work}/hours-{len(rows)}.conf"
        write_config(config_run, server.base, size, f"{work}/state-hours-{len(rows)}",
                     extra_breeze="PollInterval=1h\nJitter=0\n")
        measured, last, requests = run(server, breezed, work, config_run, cycles, first, step, log, label)
        column = lambda name: [cycle[name] for cycle in measured]
        if step == datetime.timedelta(0) and requests:
            # The clock still, curl's replay is answered from the same cache as breezed's cycles.
            walls = curl_walls(server, requests, work, max(5, cycles - 1))
            breeze_wall = sorted(column("wall"))[len(measured) // 2]
            curl_wall = sorted(walls)[len(walls) // 2]
            ratio = (f"Wall per cycle against curl replaying the last cycle's {len(requests)} "
                     f"air-quality requests (cached answers, {len(walls)} runs): breezed "
                     f"{breeze_wall:.3f} s ÷ curl {summary(walls, digits=3)} s = "
                     f"**{breeze_wall / curl_wall:.2f}×** (breezed's cycle also asks when the "
                     f"model ran: one or two small GETs curl does not make).")
        rows.append(
            f"| {label} | {summary(column('cpu'), scale=1e6 / size, digits=1)} | "
            f"{summary(column('wall'))} | {last['rss']:.1f} ({last['hwm']:.1f}) | "
            f"{summary(column('requests'), digits=0)} | {summary(column('bytes'), scale=1 / 1e6)} | "
            f"{summary(column('numbers'), scale=1 / 1e6)} |")
    calls, line = check_config(breezectl, config) if breezectl else (None, "no breezectl")
    default_calls, _ = check_config(breezectl, default_config) if breezectl else (None, "")
    return [
        f"## 12. Hours changing between polls: `breezed` watching {size:,} cities, {cycles} cycles "
        f"(SIGUSR1), {cycles - 1} measured",
        "",
        "| fixture answers | CPU per city per cycle (µs) | wall per cycle (s) | RSS after the last "
        "cycle (peak), MiB | requests per cycle | MB received per cycle | million numbers asked per cycle |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ] + rows + ([ "", ratio] if ratio else []) + [
        "",
        f"API calls per day for this configuration ({size:,} cities, PollInterval=1h, "
        f"StatusPageExtras=no), as `breezectl check-config` estimates them: "
        f"**{calls if calls is not None else 'not found'}** (`{line.strip()}`); at the default "
        f"PollInterval (15 min): {default_calls if default_calls is not None else 'not found'}.",
        "",
        "Medians (min–max) over the measured cycles. The fixture's clock is frozen (`POST "
        "/control/clock`). In the still run it stands at breezed's own time, so from the second "
        "cycle on each city asks only for the recent hours (`past_hours=3`). In the changing run "
        "it moves on one hour before each cycle, so every answer is new (generated afresh; "
        "`--cache-answers` keys by the clock's quarter-hour), but breezed's own clock does not "
        "move with it: the hours it keeps lag its present, so it asks for the whole window again "
        "(a gap) — the changing run measures full polls of fresh answers, not the incremental "
        "path. MB "
        "received: the answer bodies as sent (gzipped), from the fixture's request log "
        "(`answer_bytes`), headers left out. Numbers asked: locations × (hourly variables × hours + "
        "current variables), from each request's form — what breezed decodes today. The changing "
        "run's wall includes the server generating its answers on the same cores.",
    ]
