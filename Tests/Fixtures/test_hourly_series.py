"""Tests for the fixture server's hourly series: shapes, windows, times, zones, errors, and
agreement with `current` (the timeline scenarios are in test_hourly_scenarios.py).

Run from the repository root:  python3 -m unittest Tests/Fixtures/test_hourly_series.py
(scripts/test discovers it with the other Tests/Fixtures/test_*.py files).
"""

import datetime
import json
import sys
import unittest
import zoneinfo
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from test_open_meteo_server import PARIS, NEW_YORK, TOKYO, ServerTestCase  # noqa: E402

VARIABLES = "pm2_5,pm10,ozone,carbon_monoxide,nitrogen_dioxide,sulphur_dioxide,us_aqi"
NOW = "2026-08-20T14:30"
UTC = datetime.timezone.utc


def epoch(text):
    """A naive ISO time taken as UTC, in epoch seconds."""
    return int(datetime.datetime.fromisoformat(text).replace(tzinfo=UTC).timestamp())


class HourlyTestCase(ServerTestCase):
    def hourly(self, coordinates, **params):
        params.setdefault("hourly", VARIABLES)
        reply = self.server.air(coordinates, current=params.pop("current", VARIABLES), **params)
        self.assertEqual(reply.status, 200, reply.body[:300])
        return reply.json()

    def assertShaped(self, element, variables=VARIABLES):
        """hourly_units and hourly name the same variables, every list as long as `time`."""
        names = variables.split(",")
        self.assertEqual(list(element["hourly_units"]), ["time", *names])
        self.assertEqual(list(element["hourly"]), ["time", *names])
        length = len(element["hourly"]["time"])
        for name in names:
            self.assertEqual(len(element["hourly"][name]), length, name)
        return length

    def assertConsistent(self, element):
        """The current hour's hourly value equals `current`'s, variable by variable."""
        times = element["hourly"]["time"]
        row = times.index(element["current"]["time"])
        for name, value in element["current"].items():
            if name not in ("time", "interval") and name in element["hourly"]:
                self.assertEqual(element["hourly"][name][row], value, name)


class HourlyShapeTests(HourlyTestCase):
    arguments = ("--now", NOW)

    def test_days_window_starts_at_local_midnight_with_equal_lengths(self):
        body = self.hourly([PARIS], past_days=2, forecast_days=1)
        self.assertEqual(self.assertShaped(body), 72)
        self.assertEqual(body["hourly_units"]["pm2_5"], "μg/m³")
        self.assertEqual(body["hourly_units"]["us_aqi"], "USAQI")
        self.assertEqual(body["hourly_units"]["time"], "iso8601")
        times = body["hourly"]["time"]
        self.assertEqual((times[0], times[-1]), ("2026-08-18T00:00", "2026-08-20T23:00"))
        self.assertEqual(self.assertShaped(self.hourly([PARIS])), 120, "forecast_days default 5")
        self.assertEqual(self.assertShaped(self.hourly([PARIS], past_days=92, forecast_days=7)),
                         99 * 24)
        self.assertEqual(self.assertShaped(self.hourly([PARIS], forecast_days=0)), 0)

    def test_hours_count_from_the_current_hour(self):
        times = self.hourly([PARIS], past_hours=3, forecast_hours=2)["hourly"]["time"]
        self.assertEqual(times, ["2026-08-20T11:00", "2026-08-20T12:00", "2026-08-20T13:00",
                                 "2026-08-20T14:00", "2026-08-20T15:00"])
        # Each *_hours replaces its *_days side alone.
        times = self.hourly([PARIS], past_hours=3)["hourly"]["time"]
        self.assertEqual((times[0], times[-1], len(times)),
                         ("2026-08-20T11:00", "2026-08-24T23:00", 109))
        times = self.hourly([PARIS], past_days=1, forecast_hours=1)["hourly"]["time"]
        self.assertEqual((times[0], times[-1]), ("2026-08-19T00:00", "2026-08-20T14:00"))

    def test_hourly_agrees_with_current_for_many_locations_and_zones(self):
        cities = [PARIS, NEW_YORK, TOKYO, (-33.87, 151.21), (64.1, -21.9)]
        body = self.hourly(cities, past_hours=30, forecast_hours=30,
                           timezone="Europe/Paris,America/New_York,Asia/Tokyo,auto,UTC")
        self.assertEqual(len(body), 5)
        for element in body:
            self.assertEqual(self.assertShaped(element), 60)
            self.assertConsistent(element)
            self.assertIsNotNone(element["current"]["pm2_5"])

    def test_configured_current_is_the_current_hour_of_hourly(self):
        self.server.control("/control/readings", {"locations": [{
            "latitude": PARIS[0], "longitude": PARIS[1],
            "current": {"pm2_5": 88.8, "ozone": None}}]})
        body = self.hourly([PARIS], past_days=1)
        self.assertConsistent(body)
        row = body["hourly"]["time"].index("2026-08-20T14:00")
        self.assertEqual(body["hourly"]["pm2_5"][row], 88.8)
        self.assertIsNone(body["hourly"]["ozone"][row])
        self.assertNotEqual(body["hourly"]["pm2_5"][row - 1], 88.8)

    def test_unixtime(self):
        body = self.hourly([TOKYO], timeformat="unixtime", timezone="Asia/Tokyo", past_days=1)
        self.assertEqual(body["hourly_units"]["time"], "unixtime")
        times = body["hourly"]["time"]
        self.assertTrue(all(isinstance(t, int) for t in times))
        self.assertEqual({b - a for a, b in zip(times, times[1:])}, {3600})
        self.assertEqual((times[0] + body["utc_offset_seconds"]) % 86400, 0, "local midnight")
        self.assertEqual(times[0], epoch("2026-08-19T00:00") - 9 * 3600)
        self.assertEqual(body["current"]["time"], epoch("2026-08-20T14:00"))
        self.assertConsistent(body)

    def test_timezones_offsets_and_local_times(self):
        now = datetime.datetime.fromisoformat(NOW).replace(tzinfo=UTC)
        for zone in ("GMT", "UTC", "Europe/Paris", "America/New_York", "Asia/Kolkata", "auto"):
            body = self.hourly([NEW_YORK], timezone=zone, past_days=0, forecast_days=1)
            name = "America/New_York" if zone == "auto" else zone
            self.assertEqual(body["timezone"], name)
            offset = 0 if name in ("GMT", "UTC") else \
                int(now.astimezone(zoneinfo.ZoneInfo(name)).utcoffset().total_seconds())
            self.assertEqual(body["utc_offset_seconds"], offset, zone)
            local = (now + datetime.timedelta(seconds=offset)).strftime("%Y-%m-%dT%H:00")
            self.assertEqual(body["current"]["time"], local)
            self.assertEqual(body["hourly"]["time"][0], local[:10] + "T00:00")
            self.assertEqual(len(body["hourly"]["time"]), 24)
            self.assertConsistent(body)
        self.assertEqual(self.hourly([PARIS], timezone="Asia/Kolkata")["hourly"]["time"][0],
                         "2026-08-20T00:00")
        self.assertEqual(self.hourly([PARIS], timezone="Asia/Kolkata")["utc_offset_seconds"],
                         19800)

    def test_one_offset_across_a_daylight_saving_change(self):
        self.server.control("/control/clock", {"now": "2026-10-24T12:00"})
        body = self.hourly([PARIS], timezone="Europe/Paris", past_days=0, forecast_days=3)
        self.assertEqual(body["utc_offset_seconds"], 7200)
        times = [datetime.datetime.fromisoformat(t) for t in body["hourly"]["time"]]
        self.assertEqual(len(times), 72)
        self.assertEqual({b - a for a, b in zip(times, times[1:])},
                         {datetime.timedelta(hours=1)}, "no repeated hour on 25 October")

    def test_parameter_errors(self):
        cases = [({"past_days": 93}, "Past days is invalid. Allowed range 0 to 92."),
                 ({"past_days": -1}, "Past days is invalid"),
                 ({"past_days": "two"}, "Value of type 'Int' required for key 'past_days'."),
                 ({"forecast_days": 8}, "Forecast days is invalid. Allowed range 0 to 7."),
                 ({"past_hours": 2209}, "Past hours is invalid"),
                 ({"forecast_hours": 169}, "Forecast hours is invalid"),
                 ({"timeformat": "rfc822"}, "Cannot initialize Timeformat from invalid String "
                                            "value rfc822."),
                 ({"timezone": "Mars/Olympus"}, "Invalid timezone"),
                 ({"timezone": "GMT,GMT,GMT"}, "timezone"),
                 ({"hourly": "pm2_5,smog"}, "invalid String value smog"),
                 ({"start_date": "2026-08-01"}, "start_date")]
        for params, reason in cases:
            with self.subTest(params=params):
                reply = self.server.air([PARIS, TOKYO], current="",
                                        **{"hourly": "pm2_5", **params})
                self.assertError(reply, 400, reason)


class EncodingTests(unittest.TestCase):
    def test_shared_and_tiled_series_are_written_as_plain_json(self):
        from openmeteo_fixture.encoding import encode
        from openmeteo_fixture.values import Generator
        profile = Generator().profile(*PARIS)
        tiled = profile.column("pm2_5", 493_000 + 5, 24 * 92 + 7)
        shared = [1.5, None, 3] * 30
        payload = [{"hourly": {"time": shared, "pm2_5": tiled}}, {"hourly": {"time": shared}},
                   {"current": {"pm10": float("nan")}}]
        expected = [{"hourly": {"time": shared, "pm2_5": list(tiled)}},
                    {"hourly": {"time": shared}}, {"current": {"pm10": None}}]
        self.assertEqual(json.loads(encode(payload)), expected)
        self.assertEqual(tiled[:24], [profile.cached_reading(493_005 + k)["pm2_5"]
                                      for k in range(24)])
        self.assertEqual(tiled[24 * 50 + 3], profile.cached_reading(493_005 + 24 * 50 + 3)["pm2_5"])


if __name__ == "__main__":
    unittest.main()
