"""The fault matrix's counting (faults_tally.Row.count) on receiver logs written by hand, and
the events its scenario expects: python3 -m unittest scripts/lib/test_faults.py"""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from faults_support import Scenario  # noqa: E402
from faults_tally import Row, table  # noqa: E402


def record(identifier, city, event, aqi, answered=200):
    return {"headers": {"webhook-id": identifier}, "answered": answered,
            "json": {"data": {"city": {"name": city}, "event": event, "aqi": aqi}}}


EXPECTED = {("Paris", "firing", 160), ("Paris", "resolved", 20),
            ("Tokyo", "firing", 160), ("Tokyo", "resolved", 20)}


class CountTests(unittest.TestCase):
    def counted(self, records, expected=EXPECTED):
        row = Row("test")
        row.count(records, expected)
        return row

    def test_every_event_once_and_retries_under_the_same_id_are_clean(self):
        records = [record("p-1-firing", "Paris", "firing", 160, answered=503),
                   record("p-1-firing", "Paris", "firing", 160),
                   record("p-1-firing", "Paris", "firing", 160),  # a retry after a timeout
                   record("t-1-firing", "Tokyo", "firing", 160),
                   record("p-2-resolved", "Paris", "resolved", 20),
                   record("t-2-resolved", "Tokyo", "resolved", 20)]
        row = self.counted(records)
        self.assertEqual(row.counts, {"expected": 4, "delivered": 4, "lost": 0, "duplicated": 0,
                                      "unexpected": 0})
        self.assertFalse(row.failed())

    def test_a_refused_attempt_is_not_a_delivery(self):
        records = [record("p-1-firing", "Paris", "firing", 160, answered=503)]
        row = self.counted(records, {("Paris", "firing", 160)})
        self.assertEqual((row.counts["delivered"], row.counts["lost"]), (0, 1))
        self.assertTrue(row.failed())
        self.assertIn("never received: Paris firing (AQI 160)", " ".join(row.notes))

    def test_the_same_crossing_under_a_second_id_is_a_duplicate(self):
        records = [record("p-100-1-firing", "Paris", "firing", 160),
                   record("p-101-1-firing", "Paris", "firing", 160),
                   record("p-102-1-firing", "Paris", "firing", 160)]
        row = self.counted(records, {("Paris", "firing", 160)})
        self.assertEqual((row.counts["delivered"], row.counts["lost"], row.counts["duplicated"]), (3, 0, 2))
        self.assertTrue(row.failed())

    def test_one_id_for_two_crossings_loses_one_of_them(self):
        # A receiver deduplicating on webhook-id keeps only the first.
        records = [record("p-1-resolved", "Paris", "resolved", 20),
                   record("p-1-resolved", "Paris", "resolved", 21)]
        row = self.counted(records, {("Paris", "resolved", 20), ("Paris", "resolved", 21)})
        self.assertEqual((row.counts["delivered"], row.counts["lost"]), (1, 2))

    def test_an_event_the_scenario_never_made_is_unexpected(self):
        records = [record("p-1-firing", "Paris", "firing", 160),
                   record("p-1-escalated", "Paris", "escalated", 210)]
        row = self.counted(records, {("Paris", "firing", 160)})
        self.assertEqual(row.counts["unexpected"], 1)
        self.assertTrue(row.failed())

    def test_a_crash_fails_the_row_and_shows_in_the_table(self):
        row = self.counted([record("p-1-firing", "Paris", "firing", 160)], {("Paris", "firing", 160)})
        row.crash("breezed exited with signal SIGSEGV (we sent nothing)")
        self.assertTrue(row.failed())
        lines = table([row])
        self.assertEqual(lines[2], "| test | 0 | 1 | 1 | 0 | 0 | 0 | 1 |")
        self.assertIn("- test: breezed exited with signal SIGSEGV", "\n".join(lines))

    def test_a_skipped_row_neither_fails_nor_shows_counts(self):
        row = Row("disk full")
        row.skipped = True
        self.assertFalse(row.failed())
        self.assertEqual(table([row])[2], "| disk full | skipped | | | | | | |")

    def test_a_row_never_counted_fails(self):
        self.assertTrue(Row("aborted").failed())

    def test_an_aborted_row_fails_even_with_clean_counts(self):
        row = self.counted([record("p-1-firing", "Paris", "firing", 160)], {("Paris", "firing", 160)})
        row.aborted = "breezed gave no notification in 120 s"
        self.assertTrue(row.failed())
        self.assertIn("- test: aborted: breezed gave no notification", "\n".join(table([row])))


class FakeApi:
    def __init__(self):
        self.calls = []

    def control(self, path, body=None):
        self.calls.append((path, body))


class ScenarioTests(unittest.TestCase):
    def test_each_crossing_and_each_clearing_is_expected_once_per_city(self):
        api = FakeApi()
        scenario = Scenario(api, [("Paris", 48.85, 2.35), ("Tokyo", 35.68, 139.65)], phase_seconds=0)
        for kind, episode in [(Scenario.CALM, 0), (Scenario.HIGH, 0), (Scenario.HIGH, 0),
                              (Scenario.CALM, 0), (Scenario.CALM, 1), (Scenario.HIGH, 1)]:
            scenario.set(kind, episode)
        self.assertEqual(scenario.expected, {
            ("Paris", "firing", 160), ("Tokyo", "firing", 160),
            ("Paris", "resolved", 20), ("Tokyo", "resolved", 20),
            ("Paris", "firing", 161), ("Tokyo", "firing", 161)})
        clocks = [body["now"] for path, body in api.calls if path == "/control/clock"]
        self.assertEqual(len(set(clocks)), 6)  # every phase a new hour
        self.assertEqual(sorted(clocks), clocks)
        readings = [body for path, body in api.calls if path == "/control/readings"]
        self.assertEqual(readings[1]["locations"][0]["current"]["us_aqi"], 160)


if __name__ == "__main__":
    unittest.main()
