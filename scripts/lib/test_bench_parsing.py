"""The parsing behind scripts/bench's issue-29 parts (hours, binaries):
python3 -m unittest scripts/lib/test_bench_parsing.py"""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(__file__))

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
