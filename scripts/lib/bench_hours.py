"""scripts/bench, part "hours" (issue 29's baseline): the daemon's steady state when the hours
really change between polls, beside the same daemon reading cached answers, and the API calls
per day `breezectl check-config` estimates for that configuration.

Both runs freeze the fixture server's clock (`POST /control/clock`). In the cached run it stays
put at breezed's own time, so from the second cycle on every request is answered with the bytes
of the first (`--cache-answers`) and asks only the recent hours. In the changing run it moves on
one hour before each cycle, so every answer differs from the last (the cache keys answers by the
clock's quarter-hour; see Tests/Fixtures/openmeteo_fixture/answer_cache.py) and the server
generates each one afresh; breezed's own wall clock moves with it (libfaketime: bench_clock.py),
so the hours it keeps (`hours.bin`) reach its present and it asks only for what changed: the
incremental path doing its work. Without libfaketime only the fixture's clock moves, and the
report says so. Per cycle: breezed's CPU (/proc utime+stime), the bytes of the answers (the
fixture's request log, `answer_bytes`), the numbers asked for (locations × (hourly variables ×
hours + current variables), from each request's form: what breezed decodes) and the locations
asked per shape (past and forecast hours). The wall per cycle includes the server generating
its answers in the changing run (it shares the cores), so compare CPU, not wall, across the
two."""

import collections
import datetime
import re
import signal
import subprocess
import time

import bench_clock
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


def hours_asked(form):
    """(past hours, forecast hours) of an air-quality request's form, each side falling back
    to its days × 24 (Open-Meteo's defaults: 0 past days, 5 forecast days)."""
    past = _first(form, "past_hours")
    past = int(past) if past is not None else int(_first(form, "past_days") or 0) * 24
    forecast = _first(form, "forecast_hours")
    forecast = int(forecast) if forecast is not None else int(_first(form, "forecast_days") or 5) * 24
    return past, forecast


def locations(form):
    latitude = _first(form, "latitude")
    return len(latitude.split(",")) if latitude else 0


def numbers_asked(form):
    """How many numbers an air-quality request asks for: locations × (hourly variables × hours
    + current variables), the hours as `hours_asked` reads them."""
    if not locations(form):
        return 0
    variables = lambda name: len([v for v in (_first(form, name) or "").split(",") if v])
    return locations(form) * (variables("hourly") * sum(hours_asked(form)) + variables("current"))


def locations_by_shape(forms):
    """Locations asked per (past hours, forecast hours) over air-quality request forms: which
    of breezed's shapes a cycle asked with (PollRequestShape: 3 and 1 the recent hours alone, 72
    and 1 the whole window without the forecast, 72 and 120 with it)."""
    shapes = collections.Counter()
    for form in forms:
        if locations(form):
            shapes[hours_asked(form)] += locations(form)
    return shapes


def shape_label(shape):
    return f"past_hours={shape[0]}, forecast_hours={shape[1]}"


def clock_text(moment):
    return moment.strftime("%Y-%m-%dT%H:%M")


def last_run(server, model="cams_global"):
    """When `model` last ran, as the fixture's meta.json tells it at its clock ("HH:MMZ")."""
    try:
        meta = server.control(f"/data/{model}/static/meta.json")
        run = datetime.datetime.fromtimestamp(meta["last_run_initialisation_time"], datetime.timezone.utc)
        return f"{run:%d %H:%MZ}"
    except (OSError, ValueError, KeyError, TypeError):
        return "?"


NEXT_POLL = re.compile(r"next poll (\d\d):(\d\d)")


def next_poll(status):
    """The "next poll HH:MM" of a STATUS= line as (hour, minute), or None."""
    match = NEXT_POLL.search(status)
    return (int(match.group(1)), int(match.group(2))) if match else None


def agrees(status, completed, step):
    """Whether a cycle's STATUS= names its next poll `step` after `completed` (UTC, naive: when
    the cycle completed by the clock the bench set), in this process's time zone (breezed's),
    to the minute either side: whether breezed's wall clock read the moment the bench set."""
    named = next_poll(status)
    if named is None:
        return False
    due = (completed + step).replace(tzinfo=datetime.timezone.utc).astimezone()
    candidates = [due + datetime.timedelta(minutes=offset) for offset in (-1, 0, 1)]
    return named in [(moment.hour, moment.minute) for moment in candidates]


def run(server, breezed, work, config, cycles, start, step, log, label, clock=None):
    """`cycles` poll cycles of a daemon (SIGUSR1 after each), the fixture's clock at `start`
    and moved on by `step` before every cycle after the first. With `clock` (a FakeClock) the
    daemon's own wall clock moves too: it starts at `start`, and each later cycle is asked for
    `step` after the last one completed by that clock (when the daemon's own timer would
    start it), the fixture's clock set to the same minute. Per measured cycle (the first,
    which starts from no state, is left out): CPU s, wall s (SIGUSR1 to its STATUS=), answer
    bytes, numbers asked, requests, locations by shape asked, the moment and CAMS global's
    last run at it; the daemon's /proc sample after the last cycle; and the last cycle's
    air-quality requests (what curl replays)."""
    server.reset()
    server.control("/control/clock", {"now": clock_text(start)})
    if clock:
        clock.set(start, running=False)
    daemon = Daemon(breezed, config, work, environment=clock.environment() if clock else None)
    measured, last, mine = [], None, []
    try:
        index, _ = daemon.listener.wait(is_ready)
        logged, asked, moment = 0, daemon.started, start
        previous = proc_sample(daemon.process.pid)["cpu"]
        for cycle in range(1, cycles + 1):
            if cycle > 1:
                moment += step
                asked_at = moment
                if clock:
                    clock.set(moment)
                server.control("/control/clock", {"now": clock_text(moment)})
                asked = time.monotonic()
                daemon.process.send_signal(signal.SIGUSR1)
            index, finished = daemon.listener.wait(is_cycle_status, after=index + 1, timeout=1800)
            if clock:
                # Its STATUS= follows its completion at once: the next poll is due one interval on.
                moment = clock.reading(time.time() - (time.monotonic() - finished))
                clock_agreed = agrees(daemon.listener.messages[index][1], moment, step)
            last = proc_sample(daemon.process.pid)
            requests = server.air_quality_requests()
            mine, logged = requests[logged:], len(requests)
            if cycle > 1:
                measured.append({
                    "cycle": cycle,
                    "moment": asked_at,
                    "model_run": last_run(server),
                    "cpu": last["cpu"] - previous,
                    "wall": finished - asked,
                    "bytes": sum(entry.get("answer_bytes", 0) for entry in mine),
                    "numbers": sum(numbers_asked(entry["form"]) for entry in mine),
                    "requests": len(mine),
                    "shapes": locations_by_shape(entry["form"] for entry in mine),
                    "clock_agreed": clock_agreed if clock else None,
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


RECENT = (3, 1)  # PollRequestShape.recent: the hours since the last poll and the current one


def recent_share(measured):
    """The share of the locations asked over `measured` cycles that asked the recent hours alone."""
    total = sum(sum(cycle["shapes"].values()) for cycle in measured)
    recent = sum(cycle["shapes"][RECENT] for cycle in measured)
    return recent / total if total else 0.0


def cycle_table(measured, size):
    """Per measured cycle: the clock, CAMS global's last run, the locations asked by shape,
    requests, MB received and CPU per city."""
    shapes = sorted({shape for cycle in measured for shape in cycle["shapes"]})
    lines = [
        "| cycle | asked at (UTC) | CAMS global's last run | " + " | ".join(
            f"locations asked `{shape_label(shape)}`" for shape in shapes) +
        " | requests | MB received | CPU per city (µs) |",
        "|---:|---|---|" + "---:|" * (len(shapes) + 3),
    ]
    for cycle in measured:
        lines.append(
            f"| {cycle['cycle']} | {cycle['moment']:%d %H:%M:%S} | {cycle['model_run']} | " +
            " | ".join(f"{cycle['shapes'][shape]:,}" for shape in shapes) +
            f" | {cycle['requests']} | {cycle['bytes'] / 1e6:.2f} | {cycle['cpu'] * 1e6 / size:.1f} |")
    return lines


def section(server, breezed, breezectl, work, size, cycles, log):
    # check-config's estimate for the measured configuration and for the default PollInterval.
    config = f"{work}/hours.conf"
    write_config(config, server.base, size, f"{work}/state-hours", extra_breeze="PollInterval=1h\nJitter=0\n")
    default_config = f"{work}/hours-default.conf"
    write_config(default_config, server.base, size, f"{work}/state-hours", extra_breeze="Jitter=0\n")
    # The changing run ends an hour before the current one: breezed's clock, moved with the
    # fixture's, stays behind the real time (bench_clock.py: ahead of it, Dispatch's timers spin
    # under libfaketime), and without libfaketime breezed never sees readings from its future.
    now = datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None, minute=5, second=0, microsecond=0)
    start = now - datetime.timedelta(hours=cycles)
    # The still run stands at breezed's own time, so each city's kept hours reach the current
    # hour and every poll after the first asks only for the recent ones, as in a steady state.
    present = datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None, second=0, microsecond=0)
    preload = bench_clock.library()
    clock = bench_clock.FakeClock(work, preload) if preload else None
    if clock:
        changing = "hours changing (fixture's and breezed's clocks +1 h per cycle)"
    else:
        changing = "hours changing (fixture's clock +1 h per cycle; breezed's real: no libfaketime)"
        log("hours: libfaketime not found (dpkg -L libfaketime): breezed's own clock is not moved")
    rows, ratio, changing_cycles = [], None, []
    try:
        for label, step, first, run_clock in (
                ("cached answers (clock still, at breezed's time)", datetime.timedelta(0), present, None),
                (changing, datetime.timedelta(hours=1), start, clock)):
            config_run = f"{work}/hours-{len(rows)}.conf"
            write_config(config_run, server.base, size, f"{work}/state-hours-{len(rows)}",
                         extra_breeze="PollInterval=1h\nJitter=0\n")
            measured, last, requests = run(server, breezed, work, config_run, cycles, first, step, log, label,
                                           clock=run_clock)
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
            else:
                changing_cycles = measured
            rows.append(
                f"| {label} | {summary(column('cpu'), scale=1e6 / size, digits=1)} | "
                f"{summary(column('wall'))} | {last['rss']:.1f} ({last['hwm']:.1f}) | "
                f"{summary(column('requests'), digits=0)} | {summary(column('bytes'), scale=1 / 1e6)} | "
                f"{summary(column('numbers'), scale=1 / 1e6)} | {recent_share(measured):.0%} |")
    finally:
        if clock:
            clock.stop()
    calls, line = check_config(breezectl, config) if breezectl else (None, "no breezectl")
    default_calls, _ = check_config(breezectl, default_config) if breezectl else (None, "")
    forecast_cycles = [str(cycle["cycle"]) for cycle in changing_cycles
                       if any(forecast > 1 for _, forecast in cycle["shapes"])]
    whole_cycles = [str(cycle["cycle"]) for cycle in changing_cycles
                    if any(shape[0] > RECENT[0] and shape[1] == 1 for shape in cycle["shapes"])]
    if clock:
        agreed = sum(1 for cycle in changing_cycles if cycle["clock_agreed"])
        changing_text = [
            "In the changing run both clocks move on one hour before each cycle: breezed's own wall "
            "clock (libfaketime preloaded, its offset in a `FAKETIME_TIMESTAMP_FILE` read again once "
            "a second; monotonic clocks left real) to an hour after its last cycle completed, when "
            "its own timer would poll, and the fixture's (`POST /control/clock`) to the same minute; "
            "the run ends before the real time (ahead of it, libfaketime makes Dispatch's timers "
            "fire early and spin: scripts/lib/bench_clock.py). "
            f"breezed's clock read those moments: its `STATUS=` named the next poll an hour after "
            f"the completion the bench expected in {agreed} of {len(changing_cycles)} measured cycles. "
            "Every answer is new (generated afresh: `--cache-answers` keys by the clock's "
            "quarter-hour), and each city's kept hours (`hours.bin`) reach the previous hour, so a "
            "city whose forecast stands asks only the recent hours (`past_hours=3`, "
            "`forecast_hours=1`): the incremental path doing its work. A city's forecast is asked "
            "for again (the whole window, `past_hours=72`, `forecast_hours=120`) when its kept one is "
            "6 hours old or a CAMS run has come out since (global: every 12 h, available some 10¼ h "
            "after it starts, asked for 10 minutes later; the fixture's meta.json follows its clock): "
            + (f"here in cycle(s) {', '.join(forecast_cycles)}. " if forecast_cycles else "in no measured cycle here. ")
            + (f"Cycle(s) {', '.join(whole_cycles)} asked the whole window without the forecast "
               "(`past_hours=72`, `forecast_hours=1`): kept hours that did not reach the previous hour. "
               if whole_cycles else "")
            + "The two rows differ in more than the answers: with the hours changing, each city's "
            "series moves on every cycle, so what breezed derives from it (the status page's "
            "extras: `PolledPageMemo`) is made again, where the still run takes it from the cycle "
            "before. Per measured cycle:",
            "",
        ] + cycle_table(changing_cycles, size) + [""]
    else:
        changing_text = [
            "**libfaketime was not found** (`dpkg -L libfaketime`; scripts/bench installs "
            "`faketime`), so in the changing run only the fixture's clock moves on one hour "
            "before each cycle; breezed's own clock stays at the real time, the hours it keeps "
            "lag its present, and a city asks the whole window again until the fixture's clock "
            "comes within an hour of breezed's: this run measures full polls of fresh answers, "
            "not the incremental path. Per measured cycle:",
            "",
        ] + cycle_table(changing_cycles, size) + [""]
    return [
        f"## 12. Hours changing between polls: `breezed` watching {size:,} cities, {cycles} cycles "
        f"(SIGUSR1), {cycles - 1} measured",
        "",
        "| fixture answers | CPU per city per cycle (µs) | wall per cycle (s) | RSS after the last "
        "cycle (peak), MiB | requests per cycle | MB received per cycle | million numbers asked per cycle "
        "| locations asked the recent hours alone |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ] + rows + ([ "", ratio] if ratio else []) + [
        "",
        f"API calls per day for this configuration ({size:,} cities, PollInterval=1h, "
        f"StatusPageExtras=no), as `breezectl check-config` estimates them: "
        f"**{calls if calls is not None else 'not found'}** (`{line.strip()}`); at the default "
        f"PollInterval (15 min): {default_calls if default_calls is not None else 'not found'}.",
        "",
    ] + changing_text + [
        "Medians (min–max) over the measured cycles. The fixture's clock is frozen (`POST "
        "/control/clock`). In the still run it stands at breezed's own time, so from the second "
        "cycle on each city asks only for the recent hours (`past_hours=3`) and every answer "
        "comes from the cache. Locations asked the recent hours alone: their share of all "
        "locations asked over the measured cycles, from each request's form. MB "
        "received: the answer bodies as sent (gzipped), from the fixture's request log "
        "(`answer_bytes`), headers left out. Numbers asked: locations × (hourly variables × hours + "
        "current variables), from each request's form — what breezed decodes. The changing "
        "run's wall includes the server generating its answers on the same cores.",
    ]
