"""The parsing behind scripts/bench's issue-29 parts (hours, binaries), and the clock part hours moves:
python3 -m unittest scripts/lib/test_bench_parsing.py"""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(__file__))

import datetime  # noqa: E402

import bench_clock  # noqa: E402
import bench_hours  # noqa: E402
import bench_linking  # noqa: E402


class CallsPerDayTests(unittest.TestCase):
    def test_the_estimate_of_check_config_s_summary_line(self):
        text = ("warning: something\nconfiguration OK: 10000 cities, 0 receivers, ~240000 API calls/day\n"
                "status page: +96 API calls/day for pollen and UV (every 3h)\n")
        self.assertEqual(bench_hours.calls_per_day(text), 240000)
        self.assertEqual(bench_hours.calls_per_day("~1,152 API calls/day"), 1152)
        self.assertIsNone(bench_hours.calls_per_day("error: no cities"))


class NumbersAskedTests(unittest.TestCase):
    def test_locations_times_hourly_hours_plus_current(self):
        form = {"latitude": ["1,2,3"], "longitude": ["4,5,6"], "current": ["pm2_5,pm10,us_aqi"],
                "hourly": ["pm2_5,pm10"], "past_hours": ["24"], "forecast_hours": ["168"]}
        self.assertEqual(bench_hours.numbers_asked(form), 3 * (2 * 192 + 3))

    def test_days_when_no_hours_and_open_meteo_s_defaults(self):
        form = {"latitude": ["1"], "longitude": ["4"], "hourly": ["pm2_5"], "past_days": ["2"]}
        self.assertEqual(bench_hours.numbers_asked(form), (2 + 5) * 24)
        self.assertEqual(bench_hours.numbers_asked({"current": ["pm2_5"]}), 0)


class ShapesAskedTests(unittest.TestCase):
    @staticmethod
    def form(locations, past, forecast):
        return {"latitude": [",".join(["1"] * locations)], "longitude": [",".join(["2"] * locations)],
                "hourly": ["pm2_5"], "past_hours": [str(past)], "forecast_hours": [str(forecast)]}

    def test_locations_counted_per_past_and_forecast_hours(self):
        forms = [self.form(100, 3, 1), self.form(40, 72, 120), self.form(100, 3, 1), self.form(2, 72, 1)]
        shapes = bench_hours.locations_by_shape(forms)
        self.assertEqual(shapes, {(3, 1): 200, (72, 120): 40, (72, 1): 2})
        self.assertEqual(bench_hours.shape_label((3, 1)), "past_hours=3, forecast_hours=1")

    def test_days_stand_for_missing_hours_and_a_form_without_locations_counts_nothing(self):
        self.assertEqual(bench_hours.hours_asked({"past_days": ["1"]}), (24, 120))
        self.assertEqual(bench_hours.locations_by_shape([{"current": ["us_aqi"]}]), {})

    def test_the_recent_share_over_cycles(self):
        cycles = [{"shapes": bench_hours.locations_by_shape([self.form(90, 3, 1), self.form(10, 72, 120)])},
                  {"shapes": bench_hours.locations_by_shape([self.form(100, 72, 120)])}]
        self.assertAlmostEqual(bench_hours.recent_share(cycles), 0.45)
        self.assertEqual(bench_hours.recent_share([]), 0.0)


class StatusClockTests(unittest.TestCase):
    def test_the_next_poll_of_a_status_line(self):
        self.assertEqual(bench_hours.next_poll("10,000 cities, 2 alerting, next poll 07:05"), (7, 5))
        self.assertIsNone(bench_hours.next_poll("10,000 cities, 0 alerting"))

    def test_a_status_agrees_only_with_the_hour_after_the_completion_it_follows(self):
        completed = datetime.datetime(2026, 12, 3, 5, 5, 30)
        due = (completed + datetime.timedelta(hours=1)).replace(tzinfo=datetime.timezone.utc).astimezone()
        line = f"3 cities, 0 alerting, next poll {due:%H:%M}"
        self.assertTrue(bench_hours.agrees(line, completed, datetime.timedelta(hours=1)))
        # A clock left an hour behind (its offset not read again) names the hour before.
        self.assertFalse(bench_hours.agrees(line, completed + datetime.timedelta(hours=1), datetime.timedelta(hours=1)))
        self.assertFalse(bench_hours.agrees("3 cities, 0 alerting", completed, datetime.timedelta(hours=1)))


class FakeClockTests(unittest.TestCase):
    def test_the_offset_line_puts_the_clock_at_the_moment_to_the_millisecond(self):
        moment = datetime.datetime(2026, 12, 3, 0, 5)
        real = bench_clock.unix(moment) + 3600.25
        self.assertEqual(bench_clock.offset_text(moment, real), "-3600.250\n")
        self.assertEqual(bench_clock.offset_text(moment, real - 7200), "+3599.750\n")

    def test_a_file_written_is_read_by_the_next_whole_second_past_the_cache(self):
        self.assertAlmostEqual(bench_clock.ready_time(100.9, cache_seconds=0), 101.02)
        self.assertAlmostEqual(bench_clock.ready_time(100.0, cache_seconds=0), 101.02)
        self.assertAlmostEqual(bench_clock.ready_time(100.5, cache_seconds=1), 102.02)


@unittest.skipUnless(bench_clock.library(), "libfaketime is not installed (apt-get install faketime)")
class FakeClockProcessTests(unittest.TestCase):
    """A real process on the clock: it reads the moment set before it started, and the one set
    while it runs as soon as `set` returns (libfaketime's cache of the offset expired)."""

    def test_a_running_process_reads_each_moment_set(self):
        import subprocess
        import tempfile
        with tempfile.TemporaryDirectory() as work:
            clock = bench_clock.FakeClock(work, bench_clock.library())
            try:
                real = datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None, microsecond=0)
                first = real - datetime.timedelta(hours=5)
                with self.assertRaises(ValueError):  # ahead of the real time: Dispatch's timers would spin
                    clock.set(real + datetime.timedelta(minutes=1), running=False)
                clock.set(first, running=False)
                child = subprocess.Popen(
                    [sys.executable, "-c", "import sys, time\nfor _ in sys.stdin: print(time.time(), flush=True)"],
                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                    env=dict(os.environ, **clock.environment()))

                def reading():
                    child.stdin.write("\n")
                    child.stdin.flush()
                    return float(child.stdout.readline())

                try:
                    self.assertAlmostEqual(reading(), bench_clock.unix(first), delta=5)
                    for hours in (1, 2, 3):
                        moment = first + datetime.timedelta(hours=hours)
                        clock.set(moment)
                        self.assertAlmostEqual(reading(), bench_clock.unix(moment), delta=0.5)
                finally:
                    child.stdin.close()
                    child.wait(timeout=10)
            finally:
                clock.stop()


READELF = """
Dynamic section at offset 0x3c0a3a0 contains 35 entries:
  Tag        Type                         Name/Value
 0x0000000000000001 (NEEDED)             Shared library: [libcurl.so.4]
 0x0000000000000001 (NEEDED)             Shared library: [libc.so.6]
 0x000000000000000c (INIT)               0x8ce000
"""

SIZE = """breezed  :
section                    size       addr
.rodata                37408252   24985600
.text                  17752942    2608976
.bss                     798801   62812160
.debug_info             2692626          0
.eh_frame               2798820   20941384
Total                  73849232
"""

NM = """0000000001a521a8 0000000002066f20 d icudt76_dat
0000000000a00000 0000000000000100 T $s10Foundation4DataV5countSivg
0000000000a00100 0000000000000020 T $s20FoundationEssentials4DateV
0000000000a00200 0000000000000010 t $sSS5countSivg
0000000000a00300 0000000000000040 T _ZN6icu_7613UCollationPCE13nextProcessedEPiS1_P10UErrorCode
0000000000a00400 0000000000000008 T swift_retain
0000000000a00500 0000000000000004 T $s11BreezeModel3AQIV
0000000000a00600 0000000000000002 T $s14BreezeOpenMeteo6ClientC
0000000003c15ea8 0000000000010000 b _ZL21InitialAllocationPool
                 U curl_easy_init
"""


class LinkingParsingTests(unittest.TestCase):
    def test_needed_libraries_in_order(self):
        self.assertEqual(bench_linking.needed_libraries(READELF), ["libcurl.so.4", "libc.so.6"])

    def test_largest_sections_leave_out_debug_and_bss(self):
        self.assertEqual(bench_linking.largest_sections(SIZE, count=2),
                         [(".rodata", 37408252), (".text", 17752942)])
        self.assertEqual([name for name, _ in bench_linking.largest_sections(SIZE)],
                         [".rodata", ".text", ".eh_frame"])

    def test_symbols_grouped_by_origin(self):
        groups = bench_linking.symbol_groups(NM)
        self.assertEqual(groups, {
            "ICU data (_FoundationICU)": 0x2066f20, "Swift: Foundation": 0x100,
            "Swift: FoundationEssentials": 0x20, "Swift: Swift (standard library)": 0x10,
            "ICU code (_FoundationICU)": 0x40, "Swift runtime (C++)": 8,
            "Swift: Breeze* (the project)": 6})

    def test_installed_size(self):
        info = " new Debian package, version 2.0.\n Package: breeze\n Installed-Size: 120113\n"
        self.assertEqual(bench_linking.installed_size(info), 120113)
        self.assertIsNone(bench_linking.installed_size("Package: breeze\n"))


if __name__ == "__main__":
    unittest.main()
