"""Tests for the fixture's `/data/<model>/static/meta.json` (when each CAMS domain last ran).

Run from the repository root:  python3 -m unittest Tests/Fixtures/test_model_runs.py
"""

import datetime
import json
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from test_open_meteo_server import PARIS, ServerTestCase  # noqa: E402

GLOBAL = "/data/cams_global/static/meta.json"
EUROPE = "/data/cams_europe/static/meta.json"
FIELDS = ["chunk_time_length", "crs_wkt", "data_end_time", "last_run_availability_time",
          "last_run_initialisation_time", "last_run_modification_time",
          "temporal_resolution_seconds", "update_interval_seconds"]


def stamp(text):
    return int(datetime.datetime.fromisoformat(text).replace(tzinfo=datetime.timezone.utc)
               .timestamp())


class ModelRunTests(ServerTestCase):
    def at(self, now):
        self.assertEqual(self.server.control("/control/clock", {"now": now}).status, 200)

    def meta(self, path=GLOBAL, headers=None):
        reply = self.server.request("GET", path, headers=headers)
        self.assertEqual(reply.status, 200, reply.body)
        return reply.json()

    def fault(self, **fault):
        reply = self.server.control("/control/faults", {"faults": [fault]})
        self.assertEqual(reply.status, 200, reply.body)

    def test_the_captured_answers_at_the_capture_s_instant(self):
        # TusharSariya/Astraeus open-meteo-endpoints.md §2.2, read at 2026-09-02T09:04Z.
        self.at("2026-09-02T09:04")
        reply = self.server.request("GET", GLOBAL)
        self.assertEqual(reply.headers["content-type"], "application/json; charset=utf-8")
        self.assertEqual(list(json.loads(reply.body)), FIELDS, "keys sorted, as written")
        self.assertNotIn(b" :", reply.body)
        world = reply.json()
        self.assertEqual(world["last_run_initialisation_time"], stamp("2026-09-01T12:00"))
        self.assertEqual(world["last_run_availability_time"], stamp("2026-09-01T22:15:42"))
        self.assertEqual(world["data_end_time"], stamp("2026-09-06T13:00"))
        self.assertEqual(world["update_interval_seconds"], 43200)
        self.assertEqual(world["temporal_resolution_seconds"], 3600)
        self.assertIn("BBOX[-90.0,-180.0,90.0,179.6]", world["crs_wkt"])
        europe = self.meta(EUROPE)
        self.assertEqual(europe["last_run_initialisation_time"], stamp("2026-09-01T00:00"))
        self.assertEqual(europe["last_run_availability_time"], stamp("2026-09-01T11:34:50"))
        self.assertEqual(europe["data_end_time"], stamp("2026-09-05T01:00"))
        self.assertEqual(europe["update_interval_seconds"], 86400)
        for document in (world, europe):
            for name in FIELDS[2:]:
                self.assertIs(type(document[name]), int, name)

    def test_the_clock_brings_each_run_when_it_is_available(self):
        self.at("2026-09-02T10:15")  # the 00Z global run is out at 10:15:42
        self.assertEqual(self.meta()["last_run_initialisation_time"], stamp("2026-09-01T12:00"))
        self.at("2026-09-02T10:16")
        self.assertEqual(self.meta()["last_run_initialisation_time"], stamp("2026-09-02T00:00"))
        self.at("2026-09-02T23:00")
        self.assertEqual(self.meta()["last_run_initialisation_time"], stamp("2026-09-02T12:00"))
        self.assertEqual(self.meta(EUROPE)["last_run_initialisation_time"],
                         stamp("2026-09-02T00:00"))
        self.at("2026-09-03T11:00")  # Europe's next run is out at 11:34:50
        self.assertEqual(self.meta(EUROPE)["last_run_initialisation_time"],
                         stamp("2026-09-02T00:00"))

    def test_a_test_publishes_a_new_run_and_sets_the_delay(self):
        self.at("2026-09-02T09:04")
        reply = self.server.control("/control/model-runs",
                                    {"model": "cams_global", "publish": True})
        self.assertEqual(reply.status, 200, reply.body)
        self.assertEqual(reply.json()["cams_global"]["last_run_initialisation_time"],
                         stamp("2026-09-02T00:00"))
        world = self.meta()
        self.assertEqual(world["last_run_initialisation_time"], stamp("2026-09-02T00:00"))
        self.assertEqual(world["last_run_availability_time"], stamp("2026-09-02T09:04"))
        self.assertEqual(self.meta(EUROPE)["last_run_initialisation_time"],
                         stamp("2026-09-01T00:00"), "the other model is left alone")
        self.server.control("/control/model-runs", {"model": "cams_global", "publish": True})
        self.assertEqual(self.meta()["last_run_initialisation_time"], stamp("2026-09-02T12:00"))
        self.at("2026-09-03T23:00")  # the schedule overtakes what was published
        self.assertEqual(self.meta()["last_run_initialisation_time"], stamp("2026-09-03T12:00"))

        self.server.control("/control/model-runs", {"model": "cams_europe", "delay_seconds": 3600})
        self.at("2026-09-04T00:59")
        self.assertEqual(self.meta(EUROPE)["last_run_initialisation_time"],
                         stamp("2026-09-03T00:00"))
        self.at("2026-09-04T01:00")
        self.assertEqual(self.meta(EUROPE)["last_run_initialisation_time"],
                         stamp("2026-09-04T00:00"))
        pinned = {"model": "cams_europe", "run": "2026-09-05T00:00",
                  "available": "2026-09-04T02:00"}
        self.server.control("/control/model-runs", pinned)
        self.assertEqual(self.meta(EUROPE)["last_run_initialisation_time"],
                         stamp("2026-09-04T00:00"), "not before it is available")
        self.at("2026-09-04T02:00")
        self.assertEqual(self.meta(EUROPE)["last_run_initialisation_time"],
                         stamp("2026-09-05T00:00"), "a run in the future, if a test says so")
        listing = self.server.get("/control/model-runs").json()
        self.assertEqual(sorted(listing), ["cams_europe", "cams_global"])

        self.server.control("/control/reset", {})
        self.at("2026-09-02T09:04")
        self.assertEqual(self.meta()["last_run_availability_time"],
                         stamp("2026-09-01T22:15:42"), "reset returns to the schedule")

    def test_bad_control_documents_are_refused(self):
        for document, reason in (({"model": "cams_mars"}, "'model' must be one of"),
                                 ({"model": "cams_global", "delay_seconds": -1}, "delay_seconds"),
                                 ({"model": "cams_global", "delay_seconds": True}, "delay_seconds"),
                                 ({"model": "cams_global", "run": "soon"}, "soon"),
                                 ({"model": "cams_global", "publish": "yes"}, "'publish'")):
            with self.subTest(document=document):
                self.assertError(self.server.control("/control/model-runs", document), 400,
                                 reason)

    def test_an_unknown_model_or_file_is_500_and_meta_requests_are_logged(self):
        for path in ("/data/cams_mars/static/meta.json", "/data/dwd_icon/static/meta.json",
                     "/data/%E6%9D%B1%E4%BA%AC/static/meta.json", "/data//static/meta.json",
                     "/data/cams_global/meta.json"):
            with self.subTest(path=path):
                self.assertError(self.server.request("GET", path), 500, "Internal Server Error")
        logged = lambda: self.server.request("GET", "/control/requests",
                                             params={"path": GLOBAL}).json()["requests"]
        self.assertEqual(logged(), [])
        self.meta()
        self.assertEqual(len(logged()), 1, "meta requests are logged")

    def test_last_modified_etag_and_not_modified(self):
        self.at("2026-09-02T09:04")
        reply = self.server.request("GET", GLOBAL)
        self.assertEqual(reply.headers["last-modified"], "Tue, 01 Sep 2026 22:15:42 GMT")
        etag = reply.headers["etag"]
        self.assertEqual(etag, f'"{float(stamp("2026-09-01T22:15:42"))}-{len(reply.body)}"')
        again = self.server.request("GET", GLOBAL, headers={"If-None-Match": etag})
        self.assertEqual((again.status, again.raw), (304, b""))
        self.at("2026-09-02T10:16")
        self.assertEqual(self.server.request("GET", GLOBAL,
                                             headers={"If-None-Match": etag}).status, 200)

    def test_faults_a_client_must_survive(self):
        self.at("2026-09-02T09:04")
        self.fault(path=GLOBAL, kind="status", status=404)
        self.assertError(self.server.request("GET", GLOBAL), 404, "Not Found")
        self.fault(path=GLOBAL, kind="invalid_json")
        reply = self.server.request("GET", GLOBAL)
        self.assertEqual(reply.status, 200)
        self.assertRaises(ValueError, json.loads, reply.body)
        self.fault(path=GLOBAL, kind="truncated")
        self.assertRaises(ValueError, json.loads, self.server.request("GET", GLOBAL).body)

        self.fault(path=GLOBAL, kind="missing_field", field="last_run_initialisation_time")
        document = self.meta()
        self.assertNotIn("last_run_initialisation_time", document)
        self.assertIn("last_run_availability_time", document)

        self.fault(path=GLOBAL, kind="future_run", seconds=3 * 86400)
        document = self.meta()
        self.assertEqual(document["last_run_initialisation_time"], stamp("2026-09-05T09:04"))
        self.assertGreater(document["last_run_availability_time"], stamp("2026-09-05T09:04"))

        for value in (None, "1788264000", 1e300, -1):
            self.fault(path=GLOBAL, kind="field_value", field="last_run_initialisation_time",
                       value=value)
            reply = self.server.request("GET", GLOBAL)
            self.assertEqual(reply.json()["last_run_initialisation_time"], value)
        self.fault(path=GLOBAL, kind="field_value", field="last_run_availability_time",
                   value="yesterday")
        self.assertNotIn("etag", self.server.request("GET", GLOBAL).headers)

        self.assertEqual(self.meta()["last_run_initialisation_time"], stamp("2026-09-01T12:00"),
                         "each fault counted down to nothing")
        self.assertEqual(self.server.air([PARIS]).status, 200)

    def test_meta_faults_need_a_meta_path_and_a_field(self):
        for fault, reason in (({"kind": "missing_field", "field": "x"}, "meta.json 'path'"),
                              ({"kind": "future_run", "path": "/v1/air-quality"},
                               "meta.json 'path'"),
                              ({"kind": "field_value", "path": GLOBAL}, "string 'field'"),
                              ({"kind": "future_run", "path": GLOBAL, "seconds": "1"},
                               "'seconds'")):
            with self.subTest(fault=fault):
                self.assertError(self.server.control("/control/faults", {"faults": [fault]}),
                                 400, reason)


class ModelRunApiKeyTests(ServerTestCase):
    arguments = ("--require-apikey", "secret")

    def test_meta_json_is_served_without_the_api_key(self):
        self.assertEqual(self.server.request("GET", GLOBAL).status, 200)
        self.assertEqual(self.server.air([PARIS]).status, 401)


if __name__ == "__main__":
    unittest.main()
