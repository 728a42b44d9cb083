"""Tests for the fixture server's timeline scenarios (Tests/Fixtures/scenarios/*.json): each
one's key property, the clock they pin, and that each hostile variant really is hostile.

Run from the repository root:  python3 -m unittest Tests/Fixtures/test_hourly_scenarios.py
"""

import json
import sys
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from test_hourly_series import HourlyTestCase, epoch  # noqa: E402
from test_open_meteo_server import PARIS, NEW_YORK, TOKYO  # noqa: E402

SCENARIOS = HERE / "scenarios"


def pm2_5_index(micrograms):
    """US AQI of a PM2.5 24-hour mean (the table the fixture's us_aqi uses), continuous."""
    table = [(0, 12, 0, 50), (12, 35.4, 50, 100), (35.4, 55.4, 100, 150), (55.4, 150.4, 150, 200),
             (150.4, 250.4, 200, 300)]
    for c_low, c_high, i_low, i_high in table:
        if micrograms <= c_high:
            return round(i_low + (micrograms - c_low) * (i_high - i_low) / (c_high - c_low))
    raise AssertionError(micrograms)


class ScenarioCase(HourlyTestCase):
    """A server started on one scenario file; its clock comes from the file's `now`."""

    scenario = None

    @classmethod
    def setUpClass(cls):
        cls.arguments = ("--scenario", str(SCENARIOS / cls.scenario))
        super().setUpClass()

    def series(self, **params):
        params.setdefault("timeformat", "unixtime")
        body = self.hourly([PARIS], **params)
        times = body["hourly"]["time"]
        return body, {name: dict(zip(times, values)) for name, values in body["hourly"].items()}


class SmokeOnsetTests(ScenarioCase):
    scenario = "smoke-onset.json"

    def test_the_file_pins_the_clock_and_reset_returns_there(self):
        self.assertEqual(self.hourly([PARIS])["current"]["time"], "2026-08-20T10:00")
        self.server.control("/control/clock", {"now": "2026-08-20T13:10"})
        body = self.hourly([TOKYO])
        self.assertEqual(body["current"]["time"], "2026-08-20T13:00")
        self.assertEqual(body["current"]["pm2_5"], 150.0, "the smoke is everywhere")
        self.server.control("/control/reset", {})
        self.assertEqual(self.hourly([PARIS])["current"]["time"], "2026-08-20T10:00")

    def test_pm2_5_jumps_within_the_onset_hour_and_stays(self):
        _, by_time = self.series(past_days=1, forecast_days=3)
        pm = by_time["pm2_5"]
        self.assertEqual(pm[epoch("2026-08-20T11:00")], 5.0)
        self.assertEqual(pm[epoch("2026-08-20T12:00")], 150.0)
        staying = [pm[t] for t in pm if epoch("2026-08-20T12:00") <= t < epoch("2026-08-22T00:00")]
        self.assertEqual(set(staying), {150.0})
        self.assertEqual(len(staying), 36)
        self.assertEqual(pm[epoch("2026-08-22T00:00")], 5.0)

    def test_us_aqi_lags_as_a_24_hour_mean(self):
        _, by_time = self.series(past_days=1, forecast_days=2)
        pm, aqi = by_time["pm2_5"], by_time["us_aqi"]
        onset = epoch("2026-08-20T12:00")
        for t in range(onset, onset + 12 * 3600, 3600):
            mean = sum(pm[h] for h in range(t - 23 * 3600, t + 3600, 3600)) / 24
            self.assertEqual(aqi[t], pm2_5_index(mean), t)
        self.assertLess(aqi[onset], 100, "the hour the smoke arrives still looks Good/Moderate")
        unhealthy = min(t for t, value in aqi.items() if value >= 151)
        self.assertEqual(unhealthy, epoch("2026-08-20T20:00"), "8 hours after onset")
        day = [aqi[t] for t in sorted(aqi) if onset <= t < onset + 24 * 3600]
        self.assertEqual(day, sorted(day), "climbing all day")

    def test_current_follows_the_clock_through_onset(self):
        for clock, pm in (("2026-08-20T11:59", 5.0), ("2026-08-20T12:00", 150.0),
                          ("2026-08-21T23:30", 150.0), ("2026-08-22T00:00", 5.0)):
            self.server.control("/control/clock", {"now": clock})
            body = self.hourly([PARIS, NEW_YORK], past_hours=24, forecast_hours=24,
                               timezone="Europe/Paris,America/New_York")
            for element in body:
                self.assertEqual(element["current"]["pm2_5"], pm, clock)
                self.assertConsistent(element)

    def test_clock_step_moves_a_pinned_clock_per_request(self):
        document = json.loads((SCENARIOS / self.scenario).read_text())
        self.server.control("/control/scenario", {**document, "clock_step_minutes": 60})
        seen = [self.hourly([PARIS], current="pm2_5", hourly="pm2_5")["current"]
                for _ in range(3)]
        self.assertEqual([(c["time"], c["pm2_5"]) for c in seen],
                         [("2026-08-20T10:00", 5.0), ("2026-08-20T11:00", 5.0),
                          ("2026-08-20T12:00", 150.0)])


class HistoryTests(ScenarioCase):
    scenario = "history-92-days.json"

    def episodes(self, values, limit):
        """(start index, length, peak) of each run of values above `limit`."""
        runs, start = [], None
        for index, value in enumerate(values + [None]):
            if value is not None and value > limit:
                start = index if start is None else start
            elif start is not None:
                runs.append((start, index - start, max(values[start:index])))
                start = None
        return runs

    def test_92_days_hold_several_episodes_and_a_flapping_period(self):
        body, _ = self.series(past_days=92, forecast_days=1)
        hourly = body["hourly"]
        self.assertEqual(len(hourly["time"]), 93 * 24)
        self.assertEqual(hourly["time"][0], epoch("2026-05-20T00:00"))
        self.assertEqual(body["current"]["time"], epoch("2026-08-20T12:00"))
        self.assertConsistent(body)
        pm = hourly["pm2_5"]
        self.assertNotIn(None, pm)
        long_runs = [run for run in self.episodes(pm, 55.4) if run[1] >= 3]
        self.assertGreaterEqual(len(long_runs), 3, long_runs)
        self.assertGreater(len({length for _, length, _ in long_runs}), 2, "different lengths")
        self.assertGreater(len({round(peak, -1) for _, _, peak in long_runs}), 2, "different peaks")
        self.assertGreater(max(pm), 250.4, "one episode reaches Hazardous concentrations")
        flapping = pm[70 * 24: 72 * 24]
        crossings = sum(1 for a, b in zip(flapping, flapping[1:]) if (a > 35.4) != (b > 35.4))
        self.assertGreaterEqual(crossings, 10)
        self.assertGreater(max(hourly["ozone"]), 160 * 1.0)

    def test_one_timeline_for_a_hundred_locations(self):
        cities = [(-60 + i * 1.13, -170 + i * 3.34) for i in range(100)]
        body = self.hourly(cities, past_days=92, forecast_days=1, hourly="pm2_5,us_aqi",
                           current="pm2_5,us_aqi")
        self.assertEqual(len(body), 100)
        self.assertEqual(len({len(element["hourly"]["pm2_5"]) for element in body}), 1)
        self.assertEqual(len({tuple(element["hourly"]["pm2_5"]) for element in body}), 1)


class ForecastPeakTests(ScenarioCase):
    scenario = "forecast-peak.json"

    def test_tomorrow_has_an_ozone_peak_over_unhealthy_for_sensitive_groups(self):
        body = self.hourly([PARIS], timezone="GMT", forecast_days=3, hourly="ozone,pm2_5,us_aqi")
        times, ozone = body["hourly"]["time"], body["hourly"]["ozone"]

        def max_8_hour_ppb(day):
            rows = [i for i, t in enumerate(times) if t.startswith(day)]
            return max(sum(ozone[i - 7: i + 1]) / 8 / 1.96 for i in rows if i >= 7)
        self.assertLess(max_8_hour_ppb("2026-08-20"), 55, "today is Good")
        self.assertGreater(max_8_hour_ppb("2026-08-21"), 85, "tomorrow is Unhealthy")
        peak = [t for t, value in zip(times, ozone) if value >= 150]
        self.assertEqual((peak[0], peak[-1], len(peak)),
                         ("2026-08-21T11:00", "2026-08-21T18:00", 8))
        day_after = [v for t, v in zip(times, body["hourly"]["pm2_5"]) if t.startswith("2026-08-22")]
        self.assertGreater(sum(day_after) / 24, 12, "the day after: PM2.5 above Good")

    def test_nothing_beyond_the_model_horizon(self):
        body, by_time = self.series(forecast_days=5)
        last = epoch("2026-08-20T14:00") + 96 * 3600
        for name, values in by_time.items():
            if name == "time":
                continue
            self.assertTrue(all(v is not None for t, v in values.items() if t <= last), name)
            self.assertTrue(all(v is None for t, v in values.items() if t > last), name)
        self.assertEqual(len(body["hourly"]["time"]), 120, "the times are all there")


class HostileScenarioTests(HourlyTestCase):
    """Each hostile variant really breaks what a client may assume; the base does not."""

    def load(self, name, **params):
        document = json.loads((SCENARIOS / name).read_text())
        self.assertEqual(self.server.control("/control/scenario", document).status, 200)
        params.setdefault("timeformat", "unixtime")
        params.setdefault("past_days", 1)
        params.setdefault("forecast_days", 1)
        body = self.hourly([PARIS], **params)
        return body, body["hourly"]["time"]

    def test_the_base_scenario_is_well_formed(self):
        body, times = self.load("smoke-onset.json", forecast_days=2)
        self.assertEqual({b - a for a, b in zip(times, times[1:])}, {3600})
        self.assertShaped(body)
        self.assertNotIn(None, body["hourly"]["pm2_5"])

    def test_missing_hours(self):
        body, times = self.load("smoke-onset-missing-hours.json")
        self.assertEqual(body["current"]["time"], epoch("2026-08-20T14:00"))
        for hour in ("11:00", "12:00", "13:00"):
            self.assertNotIn(epoch("2026-08-20T" + hour), times)
        gaps = [(a, b) for a, b in zip(times, times[1:]) if b - a != 3600]
        self.assertEqual(gaps, [(epoch("2026-08-20T10:00"), epoch("2026-08-20T14:00"))])
        self.assertEqual(self.assertShaped(body), 48 - 3, "the arrays still match each other")

    def test_nulls_in_the_middle(self):
        body, times = self.load("smoke-onset-nulls.json")
        pm = dict(zip(times, body["hourly"]["pm2_5"]))
        nulls = sorted(t for t, v in pm.items() if v is None)
        self.assertEqual(nulls, [epoch("2026-08-20T%02d:00" % h) for h in range(9, 13)])
        self.assertEqual((pm[epoch("2026-08-20T08:00")], pm[epoch("2026-08-20T13:00")]),
                         (5.0, 150.0))
        self.assertEqual(self.assertShaped(body), 48)
        self.assertEqual(body["current"]["pm2_5"], 150.0)

    def test_a_pm2_5_outage_amid_the_smoke(self):
        body, times = self.load("smoke-onset-pm-outage.json")
        pm = dict(zip(times, body["hourly"]["pm2_5"]))
        nulls = sorted(t for t, v in pm.items() if v is None)
        self.assertEqual(nulls, [epoch("2026-08-20T%02d:00" % h) for h in range(13, 16)])
        self.assertEqual((pm[epoch("2026-08-20T12:00")], pm[epoch("2026-08-20T16:00")]), (150.0, 150.0))
        self.assertEqual(self.assertShaped(body), 48, "every time has its row")
        self.assertIsNone(body["current"]["pm2_5"], "the current hour is in the outage")
        for name in ("pm10", "carbon_monoxide", "ozone", "nitrogen_dioxide", "sulphur_dioxide"):
            self.assertNotIn(None, body["hourly"][name], name)

    def test_wrong_length(self):
        body, times = self.load("smoke-onset-wrong-length.json")
        hourly = body["hourly"]
        self.assertEqual(len(times), 48)
        self.assertEqual((len(hourly["pm2_5"]), len(hourly["us_aqi"])), (43, 43))
        self.assertEqual(len(hourly["ozone"]), 48)

    def test_times_out_of_order(self):
        body, times = self.load("smoke-onset-out-of-order.json")
        self.assertNotEqual(times, sorted(times))
        self.assertEqual(sorted(times), list(range(times[0], times[0] + 48 * 3600, 3600)))
        twelve, thirteen = epoch("2026-08-20T12:00"), epoch("2026-08-20T13:00")
        self.assertEqual(times.index(twelve), times.index(thirteen) + 1)
        aqi = dict(zip(times, body["hourly"]["us_aqi"]))
        reference, reference_times = self.load("smoke-onset.json")
        base = dict(zip(reference_times, reference["hourly"]["us_aqi"]))
        self.assertEqual((aqi[twelve], aqi[thirteen]), (base[twelve], base[thirteen]),
                         "each time keeps its own values")

    def test_a_forecast_shorter_than_asked(self):
        body, times = self.load("forecast-peak-short.json", past_days=0, forecast_days=2)
        self.assertEqual(times[-1], epoch("2026-08-20T20:00"))
        self.assertEqual(self.assertShaped(body), 21, "asked 48 hours from midnight")
        body, times = self.load("forecast-peak-short.json", forecast_hours=48)
        self.assertEqual(times[-1], epoch("2026-08-20T20:00"))

    def test_bad_scenarios_are_refused_with_the_key_named(self):
        cases = [({"series": [{"hourly": {"smog": [[0, 1]]}}]}, "unknown variable 'smog'"),
                 ({"series": [{"hourly": {"pm2_5": [[0, 1]]}}]}, "needs the scenario's 'anchor'"),
                 ({"anchor": "2026-08-20T00:00",
                   "series": [{"hourly": {"pm2_5": [[5, 1], [5, 2]]}}]}, "must increase"),
                 ({"anchor": "2026-08-20T00:00",
                   "series": [{"hourly": {"pm2_5": [[0, "many"]]}}]}, "series 'pm2_5' key 0"),
                 ({"series": [{"hourly": {"pm2_5": [["soon", 1]]}}]}, "invalid date-time"),
                 ({"series": [{"hourly": {"pm2_5": [["2026-08-20T00:00", 1]]},
                               "hostile": [{"kind": "meteor"}]}]}, "series 0 hostile 0"),
                 ({"series": [{"latitude": "north", "hourly": {"pm2_5": [["2026-08-20", 1]]}}]},
                  "'latitude' and 'longitude'"),
                 ({"series": [{"hourly": {"pm2_5": [["2026-08-20T00:00", 1]]},
                               "hostile": [{"kind": "missing_hours", "hours": 2}]}]},
                  "series 0 hostile 0 'from'"),
                 ({"series": [{"hourly": {"pm2_5": [["2026-08-20T00:00", 1]]},
                               "hostile": [{"kind": "wrong_length", "drop": "all"}]}]},
                  "'drop': expected a whole number"),
                 ({"series": [{"hourly": {"pm2_5": [["2026-08-20T00:00", 1]]},
                               "horizon_hours": 1.5}]}, "'horizon_hours'"),
                 ({"steps": [{"locations": []}], "clock_step_minutes": -5}, "clock_step_minutes"),
                 ({"steps": [{"locations": []}], "now": "teatime"}, "'now'"),
                 ({}, "series")]
        for document, reason in cases:
            with self.subTest(document=document):
                self.assertError(self.server.control("/control/scenario", document), 400, reason)


class ScenarioFileTests(unittest.TestCase):
    def test_every_scenario_file_loads(self):
        from openmeteo_fixture.state import State
        for path in sorted(SCENARIOS.glob("*.json")):
            with self.subTest(path=path.name):
                document = json.loads(path.read_text())
                self.assertIsInstance(document.get("description"), str)
                State().set_scenario(document)


if __name__ == "__main__":
    unittest.main()
