"""The fault matrix's counting (faults_tally.Row.count) on receiver logs written by hand, and
the events its scenario expects: python3 -m unittest scripts/lib/test_faults.py"""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from faults_support import Scenario, slug  # noqa: E402
from faults_tally import Row, table  # noqa: E402


def record(identifier, city, event, aqi, answered=200, unannounced=None):
    return {"headers": {"webhook-id": identifier}, "answered": answered,
            "json": {"data": {"city": {"name": city}, "event": event, "aqi": aqi,
                              "unannounced": unannounced}}}


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
        self.assertEqual(row.counts, {"expected": 4, "delivered": 4, "folded": 0, "lost": 0,
                                      "duplicated": 0, "unexpected": 0})
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
        self.assertEqual(lines[2], "| test | 0 | 1 | 1 | 0 | 0 | 0 | 0 | 1 |")
        self.assertIn("- test: breezed exited with signal SIGSEGV", "\n".join(lines))

    def test_a_skipped_row_neither_fails_nor_shows_counts(self):
        row = Row("disk full")
        row.skipped = True
        self.assertFalse(row.failed())
        self.assertEqual(table([row])[2], "| disk full | skipped | | | | | | | |")

    def test_a_row_never_counted_fails(self):
        self.assertTrue(Row("aborted").failed())

    def test_an_aborted_row_fails_even_with_clean_counts(self):
        row = self.counted([record("p-1-firing", "Paris", "firing", 160)], {("Paris", "firing", 160)})
        row.aborted = "breezed gave no notification in 120 s"
        self.assertTrue(row.failed())
        self.assertIn("- test: aborted: breezed gave no notification", "\n".join(table([row])))


UNHEALTHY = {"startedAt": "2026-12-01T05:00:00Z", "endedAt": "2026-12-01T06:00:00Z",
             "band": {"slug": "unhealthy", "label": "Unhealthy"}}


def played(*steps):
    """A scenario for Paris and Tokyo after `steps` (kind, episode)."""
    scenario = Scenario(FakeApi(), [("Paris", 48.85, 2.35), ("Tokyo", 35.68, 139.65)], phase_seconds=0)
    for kind, episode in steps:
        scenario.set(kind, episode)
    return scenario


ONE_EPISODE = [(Scenario.CALM, 0), (Scenario.HIGH, 0), (Scenario.CALM, 0)]


class FoldingTests(unittest.TestCase):
    """A firing still pending when its resolve is written reaches the receiver inside the
    resolve ("was Unhealthy …, now resolved", `unannounced`): delivered, not lost."""

    def counted(self, records):
        scenario = played(*ONE_EPISODE)
        row = Row("test")
        row.count(records, scenario.expected, stands_for=scenario.stands_for)
        return row

    def test_a_folded_firing_counts_as_delivered_through_its_resolve(self):
        row = self.counted([record("p-1-firing", "Paris", "firing", 160),
                            record("p-2-resolved", "Paris", "resolved", 20),
                            record("t-2-resolved", "Tokyo", "resolved", 20, unannounced=UNHEALTHY)])
        self.assertEqual(row.counts, {"expected": 4, "delivered": 3, "folded": 1, "lost": 0,
                                      "duplicated": 0, "unexpected": 0})
        self.assertFalse(row.failed())
        self.assertIn("1 firing reached the receiver folded", " ".join(row.notes))

    def test_a_plain_resolve_does_not_stand_for_its_missing_firing(self):
        row = self.counted([record("p-1-firing", "Paris", "firing", 160),
                            record("p-2-resolved", "Paris", "resolved", 20),
                            record("t-2-resolved", "Tokyo", "resolved", 20)])
        self.assertEqual((row.counts["folded"], row.counts["lost"]), (0, 1))
        self.assertIn("never received: Tokyo firing (AQI 160)", " ".join(row.notes))
        self.assertTrue(row.failed())

    def test_a_folded_notice_without_the_firings_band_loses_the_firing(self):
        wrong = dict(UNHEALTHY, band={"slug": "moderate"})
        row = self.counted([record("p-1-firing", "Paris", "firing", 160),
                            record("p-2-resolved", "Paris", "resolved", 20),
                            record("t-2-resolved", "Tokyo", "resolved", 20, unannounced=wrong)])
        self.assertEqual((row.counts["folded"], row.counts["lost"]), (0, 1))

    def test_a_refused_folded_notice_delivers_nothing(self):
        row = self.counted([record("p-1-firing", "Paris", "firing", 160),
                            record("p-2-resolved", "Paris", "resolved", 20),
                            record("t-2-resolved", "Tokyo", "resolved", 20, answered=503,
                                   unannounced=UNHEALTHY)])
        self.assertEqual(row.counts["lost"], 2)

    def test_a_firing_accepted_then_folded_again_is_neither_lost_nor_a_duplicate(self):
        row = self.counted([record("p-1-firing", "Paris", "firing", 160),
                            record("p-2-resolved", "Paris", "resolved", 20, unannounced=UNHEALTHY),
                            record("t-1-firing", "Tokyo", "firing", 160),
                            record("t-2-resolved", "Tokyo", "resolved", 20)])
        self.assertEqual((row.counts["folded"], row.counts["lost"], row.counts["duplicated"]), (0, 0, 0))
        self.assertIn("1 firing accepted, then folded", " ".join(row.notes))

    def test_only_the_first_alert_under_an_id_can_tell_of_a_folded_firing(self):
        # A deduplicating receiver drops the folded notice that comes after the plain resolve.
        row = self.counted([record("p-1-firing", "Paris", "firing", 160),
                            record("p-2-resolved", "Paris", "resolved", 20),
                            record("t-2-resolved", "Tokyo", "resolved", 20),
                            record("t-2-resolved", "Tokyo", "resolved", 20, unannounced=UNHEALTHY)])
        self.assertEqual((row.counts["folded"], row.counts["lost"], row.counts["duplicated"]), (0, 1, 0))
        # The other way round the firing got through, and the plain copy adds nothing.
        row = self.counted([record("p-1-firing", "Paris", "firing", 160),
                            record("p-2-resolved", "Paris", "resolved", 20),
                            record("t-2-resolved", "Tokyo", "resolved", 20, unannounced=UNHEALTHY),
                            record("t-2-resolved", "Tokyo", "resolved", 20)])
        self.assertEqual((row.counts["folded"], row.counts["lost"]), (1, 0))
        self.assertIn("1 id accepted again in another form", " ".join(row.notes))

    def test_folded_notices_sharing_one_id_stand_for_nothing(self):
        scenario = played(*ONE_EPISODE, (Scenario.HIGH, 1), (Scenario.CALM, 1))
        row = Row("test")
        records = [record(f"{city[0].lower()}-2-resolved", city, "resolved", aqi, unannounced=UNHEALTHY)
                   for city in ("Paris", "Tokyo") for aqi in (20, 21)]
        records.append(record("p-1-firing", "Paris", "firing", 160))
        row.count(records, scenario.expected, stands_for=scenario.stands_for)
        # Resolves of both episodes under one id per city: a receiver keeps only one of them.
        self.assertEqual(row.counts["lost"], 8 - 1)


class IdentifierTests(unittest.TestCase):
    """Ids are `<slug>-<episode>-<n>-<kind>`, the episode the observation time of the reading
    that fired (the fixture's hour), the same for the episode's resolve (breezed(8), "Delivery and the outbox": event ids)."""

    def test_the_slug_is_breezes(self):
        # From Sources/BreezeModel/Slug.swift's FNV-1a 64; `fault-000-b7293b2d0d84f6ff` is what
        # breezed wrote for "Fault 000" in a matrix run.
        self.assertEqual(slug("Fault 000"), "fault-000-b7293b2d0d84f6ff")
        self.assertEqual(slug("Saint-Denis")[:12], "saint-denis-")
        self.assertNotEqual(slug("Saint-Denis"), slug("Saint Denis"))

    def test_the_ids_name_the_episode_of_the_firing_reading(self):
        scenario = played(*ONE_EPISODE, (Scenario.HIGH, 1), (Scenario.CALM, 1))
        first = int(scenario.start.replace(minute=0).timestamp()) + 3600  # phase 1: the first HIGH
        second = first + 2 * 3600
        paris = slug("Paris")
        good = [record(f"{paris}-{first}-1-firing", "Paris", "firing", 160),
                record(f"{paris}-{first}-2-resolved", "Paris", "resolved", 20),
                record(f"{paris}-{second}-1-firing", "Paris", "firing", 161),
                record(f"{paris}-{second}-3-resolved", "Paris", "resolved", 21)]
        self.assertEqual([scenario.id_problem(r) for r in good], [None] * 4)
        self.assertEqual(scenario.firing_of[("Paris", "resolved", 21)], ("Paris", "firing", 161))
        self.assertEqual(scenario.stands_for(record("x", "Paris", "resolved", 21, unannounced=UNHEALTHY)),
                         [("Paris", "resolved", 21), ("Paris", "firing", 161)])
        bad = [record(f"{paris}-{first + 7}-1-firing", "Paris", "firing", 160),  # the clock's time
               record(f"{paris}-{second}-2-resolved", "Paris", "resolved", 20),  # another episode
               record(f"{paris}-{first}-2-firing", "Paris", "firing", 160),
               record(f"{paris}-{first}-1-resolved", "Paris", "resolved", 20),
               record(f"paris-{first}-1-firing", "Paris", "firing", 160),  # the old slug
               record(f"{slug('Tokyo')}-{first}-1-firing", "Paris", "firing", 160)]
        self.assertTrue(all(scenario.id_problem(r) for r in bad))

    def test_a_wrong_id_is_unexpected_and_fails_the_row(self):
        scenario = played(*ONE_EPISODE)
        first = int(scenario.start.replace(minute=0).timestamp()) + 3600
        records = [record(f"{slug(city)}-{first}-1-firing", city, "firing", 160) for city in ("Paris", "Tokyo")]
        records += [record(f"{slug('Paris')}-{first}-2-resolved", "Paris", "resolved", 20),
                    record(f"{slug('Tokyo')}-{first + 3600}-2-resolved", "Tokyo", "resolved", 20)]
        row = Row("test")
        row.count(records, scenario.expected, stands_for=scenario.stands_for, id_problem=scenario.id_problem)
        self.assertEqual((row.counts["lost"], row.counts["unexpected"]), (0, 1))
        self.assertTrue(row.failed())
        self.assertIn("wrong id", " ".join(row.notes))


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
