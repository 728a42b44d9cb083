"""scripts/bench driver: runs every part in one go, prints the markdown report and writes it
to a file. Usage: bench_main.py BREEZED OUTPUT [--soak] [--runs N] [--sizes A,B,C]
[--journal-cities N] [--cycles N] [--journal-mode-cycles N] [--scale-cities N] [--scale-runs N]
[--breezectl PATH] [--parts poll,steady,journal,journal-modes,startup,alert,delivery,instructions,
web,pages,scrape,backtest,hours,binaries,scale] (scale: only when named) [--quick] [--hours-cycles N]
[--hours-cities N]"""

import argparse
import datetime
import os
import platform
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))

import bench_daemon
import bench_hours  # noqa: E402
import bench_journal  # noqa: E402
import bench_backtest  # noqa: E402
import bench_delivery  # noqa: E402
import bench_instructions  # noqa: E402
import bench_linking  # noqa: E402
import bench_poll  # noqa: E402
import bench_scale  # noqa: E402
import bench_scrape  # noqa: E402
import bench_web  # noqa: E402
import bench_web_pages  # noqa: E402
from bench_support import FixtureServer, raise_open_file_limit  # noqa: E402


PARTS = ["poll", "steady", "journal", "journal-modes", "startup", "alert", "delivery", "instructions", "web",
         "pages", "scrape", "backtest", "hours", "binaries"]
# Run only when named in --parts: 100,000 cities take several minutes.
OPT_IN_PARTS = ["scale"]
# --quick: issue 29's baseline alone (what "ask only for what changed" will change).
QUICK_PARTS = ["hours", "binaries"]


def log(message):
    print(f"==> {message}", file=sys.stderr, flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("breezed")
    parser.add_argument("output")
    parser.add_argument("--soak", action="store_true", help="1,000 steady-state cycles, not 100")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--sizes", default="100,1000,10000")
    parser.add_argument("--sample", type=int, default=100)
    parser.add_argument("--journal-cities", type=int, default=1000,
                        help="cities in the journal steady state (default 1,000)")
    parser.add_argument("--cycles", type=int, help="steady-state cycles (default 100, --soak 1,000)")
    parser.add_argument("--instruction-cities", type=int, default=10000,
                        help="cities in the instruction counts (default 10,000)")
    parser.add_argument("--instruction-runs", type=int, default=3,
                        help="callgrind runs of each size (default 3)")
    parser.add_argument("--journal-mode-cities", default="1000,10000",
                        help="sizes of the journal path per LogReadings= mode (default 1000,10000)")
    parser.add_argument("--journal-mode-cycles", type=int,
                        help="cycles per LogReadings= mode on the journal path (default 12, --soak 100)")
    parser.add_argument("--scale-cities", type=int, default=100000, help="cities of part scale (default 100,000)")
    parser.add_argument("--scale-runs", type=int, default=3, help="runs of each part-scale figure (default 3)")
    parser.add_argument("--breezectl", help="breezectl for backtest and scale (default: beside BREEZED)")
    parser.add_argument("--parts", default=",".join(PARTS),
                        help=f"only these parts (scale only when named: {', '.join(OPT_IN_PARTS)})")
    parser.add_argument("--static", help="the --static-swift-stdlib breezed (a link named breezed to "
                        "breeze-multicall), compared in part 6")
    parser.add_argument("--linking-only", action="store_true", help="part 6 only")
    parser.add_argument("--quick", action="store_true",
                        help=f"only {', '.join(QUICK_PARTS)} (issue 29's baseline), without part 6")
    parser.add_argument("--hours-cities", type=int, default=10000,
                        help="cities of part hours (default 10,000)")
    parser.add_argument("--hours-cycles", type=int, default=11,
                        help="cycles of each part-hours run, the first not measured (default 11)")
    parser.add_argument("--package", help="the .deb part binaries reads (default: scripts/package builds one)")
    options = parser.parse_args()
    parts = set() if options.linking_only else set(options.parts.split(","))
    if options.quick:
        parts = set(QUICK_PARTS)
    known = PARTS + OPT_IN_PARTS
    if parts - set(known):
        parser.error(f"unknown part(s): {', '.join(sorted(parts - set(known)))} (known: {', '.join(known)})")
    breezectl = options.breezectl or os.path.join(os.path.dirname(os.path.abspath(options.breezed)), "breezectl")
    if parts & {"backtest", "scale", "hours"} and not os.access(breezectl, os.X_OK):
        parser.error(f"no breezectl at {breezectl} (build it: swift build -c release --product breezectl)")
    if options.instruction_cities < 1 or options.instruction_runs < 1:
        parser.error("--instruction-cities and --instruction-runs must be at least 1")
    sizes = [int(size) for size in options.sizes.split(",")]
    largest = max(sizes)
    cycles = options.cycles or (1000 if options.soak else 100)
    raise_open_file_limit()
    server = FixtureServer()
    log(f"fixture server on {server.base}")
    try:
        with tempfile.TemporaryDirectory(prefix="breeze-bench-") as work:
            report = [
                f"# scripts/bench — {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%MZ}",
                "",
                f"{os.cpu_count()} cores ({platform.machine()}), shared with other work: wall times are "
                f"noisy, so each figure is the median of {options.runs} runs with (min–max) "
                f"(part hours: of its measured cycles), and comparisons are ratios within this run. "
                f"Fixture server on 127.0.0.1.",
                "",
            ]
            if "poll" in parts:
                report += bench_poll.section(server, options.breezed, work, sizes, options.runs,
                                             options.sample, log) + [""]
            if "steady" in parts:
                report += bench_daemon.steady_state(server, options.breezed, work, largest, cycles, log)
                if not options.soak:
                    report += ["", "(100 cycles by default; `scripts/bench --soak` runs 1,000.)"]
                report += [""]
            if "journal" in parts:
                report += bench_journal.section(server, options.breezed, work, options.journal_cities,
                                                cycles, log) + [""]
            if "journal-modes" in parts:
                mode_cycles = options.journal_mode_cycles or (100 if options.soak else 12)
                report += bench_journal.modes_section(server, options.breezed, work,
                                                      [int(size) for size in options.journal_mode_cities.split(",")],
                                                      mode_cycles, log) + [""]
            if "startup" in parts:
                report += bench_daemon.start_up(server, options.breezed, work, [min(sizes), largest],
                                                options.runs, log) + [""]
            if "alert" in parts:
                report += bench_daemon.alert_path(server, options.breezed, work, largest, 3, log)
            if "delivery" in parts:
                report += bench_delivery.delivery(server, options.breezed, work, 3, 1000, log)
            if options.static and not options.quick:
                report += [""] + bench_linking.section(server, options.breezed, options.static, work, 1000,
                                                       options.runs, log)
            if "web" in parts:
                report += [""] + bench_web.section(server, options.breezed, work, 1000, options.runs * 4, log)
            if "pages" in parts:
                report += [""] + bench_web_pages.section(server, [options.breezed], work, largest, 50, log)
            if "scrape" in parts:
                report += [""] + bench_scrape.section(server, options.breezed, work, largest, options.runs, log)
            if "backtest" in parts:
                report += [""] + bench_backtest.section(breezectl, work, [100, 1000], options.runs, log)
            if "scale" in parts:
                report += [""] + bench_scale.section(server, options.breezed, breezectl, work,
                                                     options.scale_cities, options.scale_runs, log)
            if "hours" in parts:
                report += [""] + bench_hours.section(server, options.breezed, breezectl, work, options.hours_cities,
                                                     options.hours_cycles, log)
            if "binaries" in parts:
                if not options.static:
                    parser.error("part binaries needs --static (the installed kind of build)")
                report += [""] + bench_linking.binaries_section(os.path.dirname(os.path.realpath(options.static)),
                                                                options.package, work, log)
            if "instructions" in parts:
                report += [""] + bench_instructions.section(server, options.breezed, work,
                                                            options.instruction_cities,
                                                            options.instruction_runs, log)
    finally:
        server.stop()
    text = "\n".join(report) + "\n"
    with open(options.output, "w", encoding="utf-8") as file:
        file.write(text)
    print(text)


if __name__ == "__main__":
    main()
