"""scripts/faults driver: runs the fault matrix against one breezed and prints the table.
Usage: faults_main.py BREEZED [--quick] [--rows a,b] [--log stderr|journal] [--seed N]"""

import argparse
import datetime
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))

import faults_rows  # noqa: E402
import faults_rows_crash  # noqa: E402
from faults_tally import table  # noqa: E402

ROWS = {
    "api": ("API faults", faults_rows.api_faults),
    "receiver": ("receiver faults", faults_rows.receiver_faults),
    "disk": ("disk full", faults_rows_crash.disk_full),
    "kill": ("kill -9 loop", faults_rows_crash.kill_loop),
    "sighup": ("SIGHUP storm", faults_rows.sighup_storm),
}


def log(message):
    print(f"==> {message}", file=sys.stderr, flush=True)


def parse(argv):
    parser = argparse.ArgumentParser(prog="faults_main.py")
    parser.add_argument("breezed")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--rows", default=",".join(ROWS))
    parser.add_argument("--log", dest="log_target", default="stderr", choices=["stderr", "journal"])
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--cities", type=int, default=None)
    parser.add_argument("--keep", action="store_true", help="keep the work folder (logs, state)")
    options = parser.parse_args(argv)
    options.seed = options.seed if options.seed is not None else int(time.time())
    options.episodes = 1 if options.quick else 3
    options.kills_per_phase = 6 if options.quick else 8  # ≥ 30 kills in the full run
    options.sighups = 40 if options.quick else 200
    options.city_count = options.cities or (10 if options.quick else 40)
    unknown = set(options.rows.split(",")) - set(ROWS)
    if unknown:
        parser.error(f"unknown row(s): {', '.join(sorted(unknown))} (known: {', '.join(ROWS)})")
    return options


def commit():
    try:
        return subprocess.run(["git", "-C", os.path.dirname(__file__), "rev-parse", "--short", "HEAD"],
                              capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main(argv=None):
    options = parse(argv)
    # `timeout` sends SIGTERM: unwind, so every breezed and fixture started here is stopped.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(124))
    started = time.monotonic()
    work = tempfile.mkdtemp(prefix="breeze-faults-")
    options.work = work
    try:
        # The kill loop gets more cities: a longer cycle, so more kills land inside one.
        chosen = [(ROWS[key][0], ROWS[key][1], options.city_count * (5 if key == "kill" else 1))
                  for key in options.rows.split(",")]
        rows = faults_rows.run(chosen, options, log)
    finally:
        if options.keep:
            log(f"kept {work} (daemon logs, receiver logs, state folders)")
        else:
            shutil.rmtree(work, ignore_errors=True)
    text = [
        f"Fault matrix: commit {commit()}, {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%MZ}, "
        f"{'--quick' if options.quick else 'full run'}, {options.city_count} cities, --log {options.log_target}, "
        f"seed {options.seed}, {time.monotonic() - started:.0f} s",
        "",
    ] + table(rows)
    print("\n".join(text))
    failed = [row.fault for row in rows if row.failed()]
    if failed:
        print(f"\nFAILED: {', '.join(failed)} (target: 0 lost, 0 duplicated under a second id, "
              f"0 unexpected, 0 crashes)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
