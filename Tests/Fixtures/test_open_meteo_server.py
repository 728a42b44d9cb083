"""Tests for the Open-Meteo-compatible fixture server, started exactly as clients start it.

Run from the repository root:  python3 -m unittest Tests/Fixtures/test_open_meteo_server.py
"""

import gzip
import http.client
import json
import math
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import unittest
from datetime import date, timedelta
from pathlib import Path
from urllib.parse import urlencode

HERE = Path(__file__).resolve().parent
SERVER = HERE / "open_meteo_server.py"
SCENARIO = HERE / "scenarios" / "rise-and-fall.json"
POLLUTANTS = "us_aqi,pm10,pm2_5,carbon_monoxide,nitrogen_dioxide,sulphur_dioxide,ozone"
PARIS, NEW_YORK, TOKYO = (48.8566, 2.3522), (40.7128, -74.006), (35.6895, 139.6917)


class Response:
    """Status, headers (lower-case names) and the raw, decoded-if-gzipped body."""

    def __init__(self, status, headers, raw):
        self.status, self.headers, self.raw = status, headers, raw
        self.body = gzip.decompress(raw) if headers.get("content-encoding") == "gzip" else raw

    def json(self):
        return json.loads(self.body)


class ServerProcess:
    """The server as a subprocess: `--port 0`, the PORT line, its life tied to a stdin pipe."""

    def __init__(self, *arguments):
        self.process = subprocess.Popen(
            [sys.executable, str(SERVER), "--port", "0", *arguments],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.first_line = self.process.stdout.readline().decode()
        match = re.fullmatch(r"PORT (\d+)\n", self.first_line)
        if not match:
            self.process.kill()
            raise AssertionError(f"unexpected first line {self.first_line!r}")
        self.port = int(match.group(1))

    def stop(self):
        """Close stdin (EOF) and wait; returns the exit status."""
        if self.process.stdin and not self.process.stdin.closed:
            self.process.stdin.close()
        try:
            return self.process.wait(timeout=5)
        finally:
            self.process.stdout.close()

    def request(self, method, path, params=None, form=None, headers=None, body=None,
                connection=None):
        """One request on a fresh connection (or the one given, for keep-alive tests)."""
        headers = dict(headers or {})
        if params:
            path += "?" + urlencode(params)
        if form is not None:
            body = urlencode(form).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        own = connection is None
        connection = connection or http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        try:
            connection.request(method, path, body=body, headers=headers)
            reply = connection.getresponse()
            raw = reply.read()
            return Response(reply.status, {k.lower(): v for k, v in reply.getheaders()}, raw)
        finally:
            if own:
                connection.close()

    def get(self, path, **params):
        return self.request("GET", path, params=params)

    def control(self, path, document=None):
        body = None if document is None else json.dumps(document).encode()
        reply = self.request("POST" if body is not None else "GET", path, body=body,
                             headers={"Content-Type": "application/json"})
        return reply

    def air(self, coordinates, current=POLLUTANTS, **params):
        lats = ",".join(str(lat) for lat, _ in coordinates)
        lons = ",".join(str(lon) for _, lon in coordinates)
        return self.get("/v1/air-quality", latitude=lats, longitude=lons, current=current,
                        **params)


class ServerTestCase(unittest.TestCase):
    """One server for the class, reset before every test."""

    arguments = ()

    @classmethod
    def setUpClass(cls):
        cls.server = ServerProcess(*cls.arguments)

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()

    def setUp(self):
        self.assertEqual(self.server.control("/control/reset", {}).status, 200)

    def assertError(self, reply, status, reason_part=""):
        self.assertEqual(reply.status, status, reply.body)
        document = reply.json()
        self.assertIs(document["error"], True)
        self.assertIn(reason_part, document["reason"])


class LifecycleTests(unittest.TestCase):
    def test_port_line_then_stdin_eof_exits_cleanly(self):
        server = ServerProcess()
        self.assertEqual(server.get("/control/health").json(), {"ok": True})
        started = time.monotonic()
        self.assertEqual(server.stop(), 0)
        self.assertLess(time.monotonic() - started, 3)

    def test_sigterm_exits_cleanly_and_no_stdin_exit_keeps_running(self):
        server = ServerProcess("--no-stdin-exit")
        server.process.stdin.close()
        time.sleep(0.3)
        self.assertIsNone(server.process.poll())
        self.assertEqual(server.get("/control/health").status, 200)
        server.process.send_signal(signal.SIGTERM)
        self.assertEqual(server.stop(), 0)

    def test_binds_loopback_only(self):
        server = ServerProcess()
        try:
            entries = Path("/proc/net/tcp").read_text().splitlines()[1:]
            listening = [line.split()[1] for line in entries
                         if line.split()[1].endswith(f":{server.port:04X}")
                         and line.split()[3] == "0A"]
            self.assertEqual(listening, [f"0100007F:{server.port:04X}"])
        finally:
            server.stop()

    def test_bad_scenario_file_is_refused(self):
        result = subprocess.run([sys.executable, str(SERVER), "--port", "0", "--scenario",
                                 str(HERE / "no-such-file.json")],
                                stdin=subprocess.DEVNULL, capture_output=True, timeout=10)
        self.assertEqual(result.returncode, 2)
        self.assertEqual(result.stdout, b"")


class AirQualityTests(ServerTestCase):
    def test_single_location_is_an_object_shaped_like_open_meteo(self):
        reply = self.server.air([PARIS])
        self.assertEqual(reply.status, 200)
        self.assertIn("application/json", reply.headers["content-type"])
        self.assertIn("content-length", reply.headers)
        body = reply.json()
        self.assertIsInstance(body, dict)
        self.assertNotIn("location_id", body)
        self.assertAlmostEqual(body["latitude"], PARIS[0], delta=0.1)
        self.assertAlmostEqual(body["longitude"], PARIS[1], delta=0.1)
        for key in ("generationtime_ms", "utc_offset_seconds", "elevation"):
            self.assertIsInstance(body[key], (int, float))
        self.assertEqual((body["timezone"], body["timezone_abbreviation"]), ("GMT", "GMT"))
        units = body["current_units"]
        self.assertEqual(units["pm2_5"], "\u03bcg/m\u00b3")
        self.assertIn("\u03bc".encode(), reply.body)
        self.assertNotIn("\u00b5".encode(), reply.body)
        self.assertEqual(units["us_aqi"], "USAQI")
        current = body["current"]
        self.assertRegex(current["time"], r"^\d{4}-\d\d-\d\dT\d\d:00$")
        self.assertEqual(current["interval"], 3600)
        self.assertEqual(set(current), {"time", "interval", *POLLUTANTS.split(",")})
        self.assertTrue(0 <= current["us_aqi"] <= 300)
        self.assertTrue(0 < current["pm2_5"] <= current["pm10"] < 200)

    def test_several_locations_are_an_array_in_request_order(self):
        cities = [PARIS, NEW_YORK, TOKYO]
        body = self.server.air(cities).json()
        self.assertEqual(len(body), 3)
        self.assertNotIn("location_id", body[0])
        self.assertEqual([b.get("location_id") for b in body[1:]], [1, 2])
        for element, (lat, lon) in zip(body, cities):
            self.assertAlmostEqual(element["latitude"], lat, delta=0.1)
            self.assertAlmostEqual(element["longitude"], lon, delta=0.1)
        values = [tuple(element["current"].values())[2:] for element in body]
        self.assertEqual(len(set(values)), 3, "different cities get different values")
        again = self.server.air([TOKYO, PARIS]).json()
        self.assertEqual(again[0]["current"], body[2]["current"], "values are deterministic")
        self.assertEqual(again[1]["current"], body[0]["current"])

    def test_post_form_body_equals_get(self):
        form = {"latitude": "48.8566,40.7128", "longitude": "2.3522,-74.006",
                "current": POLLUTANTS}
        posted = self.server.request("POST", "/v1/air-quality", form=form).json()
        got = self.server.get("/v1/air-quality", **form).json()
        self.assertEqual([e["current"] for e in posted], [e["current"] for e in got])

    def test_generated_aqi_is_consistent_with_pollutants_and_realistic(self):
        cities = [(lat / 3, lon / 2) for lat in range(-150, 200, 37) for lon in range(-300, 300, 71)]
        body = self.server.air(cities, current="us_aqi,pm2_5,us_aqi_pm2_5").json()
        for element in body:
            current = element["current"]
            self.assertGreaterEqual(current["us_aqi"], current["us_aqi_pm2_5"])
            self.assertTrue(0 <= current["pm2_5"] < 100, current)
            self.assertTrue(0 <= current["us_aqi"] < 200, current)

    def test_pollen_only_in_europe(self):
        body = self.server.air([PARIS, NEW_YORK], current="birch_pollen,grass_pollen").json()
        self.assertIsNotNone(body[0]["current"]["birch_pollen"])
        self.assertIsNone(body[1]["current"]["birch_pollen"])
        self.assertEqual(body[0]["current_units"]["birch_pollen"], "grains/m³")

    def test_pollen_and_uv_request_with_the_days_hourly_uv(self):
        """Breeze's pollen-and-UV request: the six pollen types and uv_index now, uv_index
        hourly for one local day per location's zone; hostile configured values pass through
        (NaN as null) for the client to drop."""
        pollen = "alder_pollen,birch_pollen,grass_pollen,mugwort_pollen,olive_pollen,ragweed_pollen"
        self.server.control("/control/readings", {"locations": [{
            "latitude": PARIS[0], "longitude": PARIS[1],
            "current": {"birch_pollen": 95, "grass_pollen": -1, "uv_index": 3.0},
            "hourly": {"uv_index": [0, 1e300, float("nan"), None, 8.5] + [1.0] * 19}}]})
        body = self.server.air([PARIS, NEW_YORK], current=pollen + ",uv_index", hourly="uv_index",
                               forecast_days=1, timezone="Europe/Paris,auto",
                               timeformat="unixtime").json()
        paris, new_york = body
        self.assertEqual(paris["timezone"], "Europe/Paris")
        self.assertEqual(new_york["timezone"], "America/New_York")
        self.assertEqual(paris["current"]["birch_pollen"], 95)
        self.assertEqual(paris["current"]["grass_pollen"], -1)
        self.assertIsNone(new_york["current"]["birch_pollen"])
        for element in body:
            hours = element["hourly"]["time"]
            self.assertEqual(len(hours), 24)
            self.assertEqual((hours[0] + element["utc_offset_seconds"]) % 86400, 0)  # local midnight
            self.assertEqual(len(element["hourly"]["uv_index"]), 24)
        column = paris["hourly"]["uv_index"]
        self.assertEqual(column[1], 1e300)
        self.assertIsNone(column[2])
        self.assertIn(8.5, column)

    def test_parameter_errors(self):
        air = "/v1/air-quality"
        self.assertError(self.server.get(air, latitude="1,2", longitude="3", current="pm10"),
                         400, "Parameter 'latitude' and 'longitude' must have the same "
                         "number of elements")
        many = ",".join(["1.0"] * 1001)
        reply = self.server.request("POST", air, form={"latitude": many, "longitude": many})
        self.assertError(reply, 400, "Only up to 1000 locations can be requested at once")
        self.assertError(self.server.get(air, longitude="2"), 400, "latitude")
        self.assertError(self.server.get(air, latitude="91", longitude="2"), 400, "Latitude")
        self.assertError(self.server.air([PARIS], current="pm2_5,smog"), 400, "smog")
        self.assertError(self.server.air([PARIS], hourly="nope"), 400, "nope")
        self.assertError(self.server.air([PARIS], past_days=93), 400, "Past days")
        self.assertError(self.server.air([PARIS], forecast_days=8), 400, "Forecast days")
        self.assertError(self.server.air([PARIS], timezone="Mars/Olympus"), 400, "timezone")

    def test_hourly_series(self):
        body = self.server.air([PARIS], current="", hourly="us_aqi,pm2_5").json()
        hourly = body["hourly"]
        self.assertEqual(len(hourly["time"]), 5 * 24)
        self.assertRegex(hourly["time"][0], r"^\d{4}-\d\d-\d\dT00:00$")
        self.assertEqual(len(hourly["pm2_5"]), 120)
        self.assertEqual(body["hourly_units"]["pm2_5"], "μg/m³")
        self.assertNotIn("current", body)
        body = self.server.air([PARIS], hourly="pm10", past_days=2, forecast_days=1).json()
        self.assertEqual(len(body["hourly"]["pm10"]), 3 * 24)
        self.assertEqual(len(body["hourly"]["time"]), 3 * 24)

    def test_timezones(self):
        body = self.server.air([PARIS, NEW_YORK], timezone="Europe/Paris,auto").json()
        self.assertEqual(body[0]["timezone"], "Europe/Paris")
        self.assertIn(body[0]["utc_offset_seconds"], (3600, 7200))
        self.assertEqual(body[1]["timezone"], "America/New_York")
        self.assertIn(body[1]["utc_offset_seconds"], (-18000, -14400))
        body = self.server.air([PARIS], timeformat="unixtime").json()
        self.assertEqual(body["current"]["time"] % 3600, 0)

    def test_configured_readings_match_within_a_hundredth_of_a_degree(self):
        document = (b'{"locations":[{"latitude":48.8566,"longitude":2.3522,"current":'
                    b'{"us_aqi":151,"pm2_5":55.5,"pm10":NaN,"ozone":null}},'
                    b'{"latitude":40.7128,"longitude":-74.006,"current":{"pm2_5":12.0}}]}')
        reply = self.server.request("POST", "/control/readings", body=document,
                                    headers={"Content-Type": "application/json"})
        self.assertEqual(reply.status, 200)
        body = self.server.air([(48.86, 2.35), NEW_YORK, (48.9, 2.4)]).json()
        paris = body[0]["current"]
        self.assertEqual((paris["us_aqi"], paris["pm2_5"]), (151, 55.5))
        self.assertIsNone(paris["pm10"], "NaN is written as null")
        self.assertIsNone(paris["ozone"])
        self.assertIn(b'"pm10":null', self.server.air([PARIS]).body)
        self.assertEqual(body[1]["current"]["us_aqi"], 50, "us_aqi derived from pm2_5")
        self.assertNotEqual(body[2]["current"]["pm2_5"], 55.5, "0.04° away is not a match")

    def test_configured_hourly_series(self):
        self.server.control("/control/readings", {"locations": [{
            "latitude": PARIS[0], "longitude": PARIS[1],
            "hourly": {"time": ["2026-01-01T00:00", "2026-01-01T01:00"], "us_aqi": [10, None]}}]})
        hourly = self.server.air([PARIS], hourly="us_aqi,pm10").json()["hourly"]
        self.assertEqual(hourly["time"], ["2026-01-01T00:00", "2026-01-01T01:00"])
        self.assertEqual(hourly["us_aqi"], [10, None])
        self.assertEqual(len(hourly["pm10"]), 2)

    def test_thousand_locations_are_fast(self):
        cities = [(-60 + i * 0.13, -170 + i * 0.34) for i in range(1000)]
        form = {"latitude": ",".join(f"{lat:.4f}" for lat, _ in cities),
                "longitude": ",".join(f"{lon:.4f}" for _, lon in cities), "current": POLLUTANTS}
        timings = []
        for _ in range(3):
            started = time.perf_counter()
            reply = self.server.request("POST", "/v1/air-quality", form=form,
                                        headers={"Accept-Encoding": "gzip"})
            timings.append(time.perf_counter() - started)
            self.assertEqual(len(reply.json()), 1000)
        self.assertLess(min(timings), 0.5, timings)


class GeocodingTests(ServerTestCase):
    def search(self, **params):
        return self.server.get("/v1/search", **params)

    def test_built_in_cities(self):
        for name, code in [("New York", "US"), ("Los Angeles", "US"), ("Chicago", "US"),
                           ("London", "GB"), ("Paris", "FR"), ("Tokyo", "JP"),
                           ("Berlin", "DE"), ("Toronto", "CA"), ("Sydney", "AU"),
                           ("Dubai", "AE")]:
            first = self.search(name=name.lower()).json()["results"][0]
            self.assertEqual((first["name"], first["country_code"]), (name, code))
            for key in ("id", "latitude", "longitude", "elevation", "feature_code", "country",
                        "admin1", "timezone", "population"):
                self.assertIn(key, first)

    def test_prefix_exact_qualifier_count_and_country(self):
        names = [r["name"] for r in self.search(name="Lo").json().get("results", [])]
        self.assertEqual(names, [], "two characters match exactly")
        names = {r["name"] for r in self.search(name="lon").json()["results"]}
        self.assertEqual(names, {"London"})
        self.assertEqual(len(self.search(name="Paris").json()["results"]), 2)
        self.assertEqual(len(self.search(name="Paris", count=1).json()["results"]), 1)
        texas = self.search(name="Paris, Texas").json()["results"]
        self.assertEqual([r["admin1"] for r in texas], ["Texas"])
        canada = self.search(name="London", countryCode="CA").json()["results"]
        self.assertEqual([r["admin1"] for r in canada], ["Ontario"])

    def test_no_match_has_no_results_key(self):
        reply = self.search(name="Atlantis", language="en", format="json")
        self.assertEqual(reply.status, 200)
        self.assertEqual(reply.json(), {"generationtime_ms": 0.1})

    def test_errors(self):
        self.assertError(self.server.get("/v1/search"), 400, "name")
        self.assertError(self.search(name="Paris", count=0), 400, "count")
        self.assertError(self.search(name="Paris", count=101), 400, "count")

    def test_configured_results_and_empty_list(self):
        springfield = {"id": 1, "name": "Springfield", "latitude": 39.8, "longitude": -89.6,
                       "country_code": "US", "country": "United States"}
        self.server.control("/control/geocoding", {"name": "Springfield",
                                                   "results": [springfield]})
        self.assertEqual(self.search(name="spring").json()["results"], [springfield])
        self.server.control("/control/geocoding", {"name": "Paris", "results": []})
        self.assertNotIn("results", self.search(name="Paris").json())
        self.server.control("/control/reset", {})
        self.assertIn("results", self.search(name="Paris").json())

    def test_configured_results_are_cut_to_count_unless_told_to_ignore_it(self):
        places = [{"id": i, "name": "Many", "latitude": 1.0, "longitude": float(i)}
                  for i in range(1, 151)]
        self.server.control("/control/geocoding", {"name": "Many", "results": places})
        self.assertEqual(len(self.search(name="Many", count=3).json()["results"]), 3)
        self.server.control("/control/geocoding", {"name": "Many", "results": places,
                                                   "ignoreCount": True})
        self.assertEqual(len(self.search(name="Many", count=3).json()["results"]), 150)


class ArchiveTests(ServerTestCase):
    def test_several_ranges_give_an_array_of_daily_maxima(self):
        reply = self.server.get("/v1/archive", latitude=PARIS[0], longitude=PARIS[1],
                                start_date="1960-07-14,2020-07-14",
                                end_date="1960-07-16,2020-07-14",
                                daily="temperature_2m_max", timezone="Europe/Paris")
        body = reply.json()
        self.assertEqual(len(body), 2)
        self.assertEqual(body[0]["daily"]["time"], ["1960-07-14", "1960-07-15", "1960-07-16"])
        self.assertEqual(body[0]["daily_units"]["temperature_2m_max"], "°C")
        for value in body[0]["daily"]["temperature_2m_max"] + body[1]["daily"]["temperature_2m_max"]:
            self.assertTrue(5 < value < 45, value)
        again = self.server.get("/v1/archive", latitude=PARIS[0], longitude=PARIS[1],
                                start_date="2020-07-14", end_date="2020-07-14",
                                daily="temperature_2m_max", timezone="GMT").json()
        self.assertIsInstance(again, dict)
        self.assertEqual(again["daily"]["temperature_2m_max"],
                         body[1]["daily"]["temperature_2m_max"])

    def test_recent_days_are_null(self):
        today = date.today()
        body = self.server.get("/v1/archive", latitude=1, longitude=2,
                               start_date=(today - timedelta(days=8)).isoformat(),
                               end_date=(today - timedelta(days=1)).isoformat(),
                               daily="temperature_2m_max", timezone="GMT").json()
        values = body["daily"]["temperature_2m_max"]
        self.assertEqual(len(values), 8)
        self.assertTrue(all(v is not None for v in values[:2]))
        self.assertEqual(values[-5:], [None] * 5)

    def test_errors(self):
        common = {"latitude": 1, "longitude": 2, "start_date": "2000-01-01",
                  "end_date": "2000-01-02"}
        self.assertError(self.server.get("/v1/archive", daily="temperature_2m_max", **common),
                         400, "timezone")
        self.assertError(self.server.get("/v1/archive", latitude=1, longitude=2), 400,
                         "start_date")
        self.assertError(self.server.get("/v1/archive", daily="snow", timezone="GMT", **common),
                         400, "snow")


class FaultTests(ServerTestCase):
    def fault(self, **fault):
        self.assertEqual(self.server.control("/control/faults", {"faults": [fault]}).status, 200)

    def test_status_with_reason_and_retry_after(self):
        self.fault(path="/v1/air-quality", kind="status", status=429,
                   reason="Minutely API request limit exceeded", retry_after=7)
        reply = self.server.air([PARIS])
        self.assertError(reply, 429, "Minutely API request limit exceeded")
        self.assertEqual(reply.headers["retry-after"], "7")
        self.assertEqual(self.server.air([PARIS]).status, 200, "count defaults to 1")

    def test_status_defaults_raw_body_and_counts(self):
        self.fault(kind="status", status=503, count=2)
        self.fault(kind="status", status=500, body="oops")
        self.assertError(self.server.air([PARIS]), 503, "overloaded")
        self.assertEqual(self.server.get("/v1/search", name="Paris").status, 503)
        reply = self.server.air([PARIS])
        self.assertEqual((reply.status, reply.body), (500, b"oops"))
        self.assertEqual(self.server.air([PARIS]).status, 200)

    def test_path_filter_leaves_other_paths_alone(self):
        self.fault(path="/v1/search", kind="status", status=400, reason="bad")
        self.assertEqual(self.server.air([PARIS]).status, 200)
        self.assertEqual(self.server.get("/control/faults").json()["faults"][0]["kind"],
                         "status")
        self.assertError(self.server.get("/v1/search", name="Paris"), 400, "bad")

    def test_param_filter_takes_only_requests_asking_for_it(self):
        """A fault for the pollen-and-UV request leaves the poll on the same path alone."""
        self.fault(path="/v1/air-quality", kind="status", status=503, count=-1,
                   param="current", contains="uv_index")
        self.assertEqual(self.server.air([PARIS]).status, 200)
        self.assertError(self.server.air([PARIS], current="birch_pollen,uv_index"), 503, "overloaded")
        reply = self.server.request("POST", "/v1/air-quality",
                                    form={"latitude": "48.85", "longitude": "2.35",
                                          "current": "grass_pollen,uv_index"})
        self.assertEqual(reply.status, 503, "a form parameter matches too")
        self.assertEqual(self.server.air([PARIS]).status, 200)
        reply = self.server.control("/control/faults", {"faults": [
            {"kind": "status", "status": 503, "param": "current"}]})
        self.assertEqual(reply.status, 400)

    def test_delay(self):
        self.fault(kind="delay", seconds=0.4)
        started = time.monotonic()
        reply = self.server.air([PARIS])
        self.assertGreaterEqual(time.monotonic() - started, 0.4)
        self.assertEqual(reply.status, 200)
        self.assertIn("current", reply.json())

    def test_a_delayed_request_does_not_hold_up_others(self):
        self.fault(kind="delay", seconds=0.6)
        slow = threading.Thread(target=self.server.air, args=([PARIS],))
        slow.start()
        time.sleep(0.1)
        started = time.monotonic()
        self.assertEqual(self.server.air([TOKYO]).status, 200)
        self.assertLess(time.monotonic() - started, 0.4)
        slow.join()

    def test_invalid_json_and_truncated(self):
        self.fault(kind="invalid_json")
        reply = self.server.air([PARIS])
        self.assertEqual(reply.status, 200)
        self.assertRaises(ValueError, reply.json)
        full = self.server.air([PARIS, TOKYO]).body
        self.fault(kind="truncated")
        reply = self.server.air([PARIS, TOKYO])
        self.assertEqual(reply.status, 200)
        self.assertAlmostEqual(len(reply.body), len(full) // 2, delta=2)  # timings vary
        self.assertTrue(full.startswith(reply.body[:12]))
        self.assertRaises(ValueError, reply.json)
        self.fault(kind="truncated")
        reply = self.server.request("GET", "/v1/air-quality?latitude=1,2&longitude=3,4&current"
                                    "=pm10", headers={"Accept-Encoding": "gzip"})
        self.assertEqual(reply.headers["content-encoding"], "gzip")
        self.assertRaises(ValueError, reply.json)

    def test_wrong_length_and_nulls(self):
        self.fault(kind="wrong_length")
        self.assertEqual(len(self.server.air([PARIS, NEW_YORK, TOKYO]).json()), 2)
        self.fault(kind="wrong_length")
        self.assertEqual(self.server.air([PARIS]).json(), [])
        self.fault(kind="nulls")
        body = self.server.air([PARIS, TOKYO]).json()
        for element in body:
            values = [v for k, v in element["current"].items() if k not in ("time", "interval")]
            self.assertEqual(values, [None] * 7)
            self.assertEqual(element["current"]["interval"], 3600)

    def test_oversized(self):
        self.fault(kind="oversized", bytes=3_000_000)
        reply = self.server.request("GET", "/v1/air-quality?latitude=1&longitude=2&current=pm10",
                                    headers={"Accept-Encoding": "gzip"})
        self.assertEqual(reply.status, 200)
        self.assertEqual(int(reply.headers["content-length"]), 3_000_000)
        self.assertEqual(len(reply.body), 3_000_000)
        self.assertIsInstance(reply.json(), list, "valid-looking: it even parses")

    def test_reset_is_a_connection_reset(self):
        self.fault(kind="reset")
        with socket.create_connection(("127.0.0.1", self.server.port), timeout=5) as sock:
            sock.sendall(b"GET /v1/air-quality?latitude=1&longitude=2 HTTP/1.1\r\n"
                         b"Host: 127.0.0.1\r\n\r\n")
            with self.assertRaises(ConnectionResetError):
                while sock.recv(65536):
                    pass
        self.assertEqual(self.server.air([PARIS]).status, 200, "server still serves")

    def test_stream_error(self):
        self.fault(kind="stream_error", reason="Timeout while reading CAMS data")
        reply = self.server.request("GET", "/v1/air-quality?latitude=1,2&longitude=3,4&current"
                                    "=pm10", headers={"Accept-Encoding": "gzip"})
        self.assertEqual(reply.status, 200)
        self.assertEqual(reply.headers.get("transfer-encoding"), "chunked")
        self.assertNotIn("content-length", reply.headers)
        self.assertTrue(reply.body.startswith(b'[{"latitude":'))
        self.assertTrue(reply.body.endswith(
            b"Unexpected error while streaming data: Timeout while reading CAMS data"))
        self.assertRaises(ValueError, reply.json)

    def test_unknown_kind_is_refused(self):
        self.assertError(self.server.control("/control/faults",
                                             {"faults": [{"kind": "meteor"}]}), 400, "kind")


class RequestLogTests(ServerTestCase):
    def test_every_api_request_is_logged_in_order(self):
        self.server.air([PARIS])
        self.server.request("POST", "/v1/air-quality", form={"latitude": "1", "longitude": "2"},
                            headers={"User-Agent": "breezed/test"})
        self.server.get("/v1/search", name="Paris")
        self.server.get("/nowhere")
        log = self.server.get("/control/requests").json()["requests"]
        self.assertEqual([(e["method"], e["path"]) for e in log],
                         [("GET", "/v1/air-quality"), ("POST", "/v1/air-quality"),
                          ("GET", "/v1/search"), ("GET", "/nowhere")])
        self.assertEqual(log[0]["query"]["latitude"], [str(PARIS[0])])
        self.assertEqual(log[1]["form"], {"latitude": ["1"], "longitude": ["2"]})
        self.assertEqual(log[1]["query"], {})
        self.assertEqual(log[1]["headers"]["User-Agent"], "breezed/test")
        self.assertLessEqual(log[0]["time"], log[3]["time"])
        only = self.server.request("GET", "/control/requests?path=/v1/search").json()
        self.assertEqual(len(only["requests"]), 1)
        self.server.control("/control/reset", {})
        self.assertEqual(self.server.get("/control/requests").json(), {"requests": []})

    def test_unknown_path_is_404_json(self):
        self.assertError(self.server.get("/v2/air-quality"), 404, "Not Found")


class TransportTests(ServerTestCase):
    def test_gzip_negotiation(self):
        path = "/v1/air-quality?latitude=1,2&longitude=3,4&current=pm10"
        zipped = self.server.request("GET", path, headers={"Accept-Encoding": "gzip, deflate"})
        self.assertEqual(zipped.headers["content-encoding"], "gzip")
        self.assertEqual(int(zipped.headers["content-length"]), len(zipped.raw))
        self.assertEqual(len(zipped.json()), 2)
        plain = self.server.request("GET", path)
        self.assertNotIn("content-encoding", plain.headers)
        self.assertEqual(plain.json()[1]["current"], zipped.json()[1]["current"])

    def test_keep_alive(self):
        connection = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=5)
        try:
            first = self.server.request("GET", "/v1/search?name=Tokyo", connection=connection)
            sock = connection.sock
            second = self.server.request("POST", "/v1/air-quality", connection=connection,
                                         form={"latitude": "1", "longitude": "2"})
            self.assertIs(connection.sock, sock, "same TCP connection")
            self.assertEqual((first.status, second.status), (200, 200))
        finally:
            connection.close()


class ScenarioTests(ServerTestCase):
    def test_per_request_advance_stays_on_last_step(self):
        steps = [{"locations": [{"latitude": PARIS[0], "longitude": PARIS[1],
                                 "current": {"us_aqi": aqi}}]} for aqi in (10, 60, 160)]
        self.server.control("/control/scenario", {"steps": steps, "advance": "per_request"})
        seen = [self.server.air([PARIS], current="us_aqi").json()["current"]["us_aqi"]
                for _ in range(5)]
        self.assertEqual(seen, [10, 60, 160, 160, 160])
        self.assertEqual(self.server.get("/control/scenario").json()["step"], 2)


    def test_manual_advance(self):
        steps = [{"locations": [{"latitude": 1, "longitude": 2, "current": {"us_aqi": aqi}}]}
                 for aqi in (5, 55)]
        self.server.control("/control/scenario", {"steps": steps, "advance": "manual"})
        aqi = lambda: self.server.air([(1, 2)], current="us_aqi").json()["current"]["us_aqi"]
        self.assertEqual((aqi(), aqi()), (5, 5))
        self.assertEqual(self.server.control("/control/scenario/advance", {}).json()["step"], 1)
        self.assertEqual(aqi(), 55)


class ClockTests(ServerTestCase):
    def test_control_clock_moves_current_time_and_reset_lets_it_run(self):
        hour = lambda: self.server.air([PARIS], current="us_aqi").json()["current"]["time"]
        self.assertEqual(self.server.control("/control/clock", {"now": "2026-03-01T10:20"}).status, 200)
        self.assertEqual(hour(), "2026-03-01T10:00")
        self.server.control("/control/clock", {"now": "2026-03-01T13:05"})
        self.assertEqual(hour(), "2026-03-01T13:00")
        self.assertError(self.server.control("/control/clock", {"now": "soon"}), 400, "soon")
        self.server.control("/control/reset", {})
        self.assertNotEqual(hour(), "2026-03-01T13:00")


class HourOfDayTests(ServerTestCase):
    arguments = ("--hour-of-day", "2")

    def test_every_hour_reads_as_the_pinned_one_whatever_the_clock(self):
        paris = lambda: self.server.air([PARIS], current="us_aqi,pm2_5", hourly="us_aqi,pm2_5",
                                        past_hours=24, forecast_hours=24).json()
        seen = []
        for now in ("2026-03-01T02:45", "2026-03-01T14:10", "2026-07-09T20:30"):
            self.server.control("/control/clock", {"now": now})
            document = paris()
            self.assertEqual(document["current"]["time"], now[:-2] + "00")
            seen.append(document["current"]["us_aqi"])
            self.assertEqual(set(document["hourly"]["us_aqi"]), {seen[-1]})
            self.assertEqual(set(document["hourly"]["pm2_5"]), {document["current"]["pm2_5"]})
        # Paris (48.8566, 2.3522) at 02:00 in the generator: 105, over the alert threshold.
        self.assertEqual(seen, [105, 105, 105])

    def test_an_hour_outside_the_day_is_refused(self):
        for text in ("24", "-1", "noon"):
            with self.subTest(text=text):
                process = subprocess.run([sys.executable, str(SERVER), "--hour-of-day", text],
                                         stdin=subprocess.DEVNULL, capture_output=True, text=True)
                self.assertEqual(process.returncode, 2)
                self.assertIn("expected an hour 0-23", process.stderr)


class ScenarioFileTests(ServerTestCase):
    arguments = ("--scenario", str(SCENARIO))

    def test_rise_and_fall_plays_from_the_file(self):
        document = json.loads(SCENARIO.read_text())
        expected = [step["locations"][0]["current"]["us_aqi"] for step in document["steps"]]
        seen = []
        for _ in range(len(expected) + 1):
            current = self.server.air([PARIS], current="us_aqi,pm2_5").json()["current"]
            seen.append(current["us_aqi"])
        self.assertEqual(seen, expected + expected[-1:])
        self.assertLess(expected[0], 50)
        self.assertGreater(max(expected), 300)


class ApiKeyTests(ServerTestCase):
    arguments = ("--require-apikey", "s3cret")

    def test_api_key_required(self):
        self.assertError(self.server.air([PARIS]), 401, "API key")
        self.assertError(self.server.air([PARIS], apikey="wrong"), 400, "invalid")
        self.assertEqual(self.server.air([PARIS], apikey="s3cret").status, 200)
        reply = self.server.request("GET", "/v1/search?name=Paris",
                                    headers={"X-Api-Key": "s3cret"})
        self.assertEqual(reply.status, 200)


class AnswerCacheTests(ServerTestCase):
    """`--cache-answers` (scripts/bench): a repeated air-quality request gets the same bytes,
    gzip included, while nothing the control API sets is in play."""

    arguments = ("--cache-answers",)
    form = {"latitude": "48.8566,35.6895", "longitude": "2.3522,139.6917", "current": POLLUTANTS,
            "hourly": "pm2_5,ozone", "past_hours": "24", "forecast_hours": "96"}

    def post(self, **headers):
        return self.server.request("POST", "/v1/air-quality", form=self.form, headers=headers)

    def test_a_repeated_request_gets_the_first_answer_s_bytes(self):
        first, second = self.post(**{"Accept-Encoding": "gzip"}), self.post(**{"Accept-Encoding": "gzip"})
        self.assertEqual(first.headers.get("content-encoding"), "gzip")
        self.assertEqual(second.headers.get("content-encoding"), "gzip")
        self.assertEqual(first.raw, second.raw)
        plain = self.post()
        self.assertNotIn("content-encoding", plain.headers)
        self.assertEqual(len(plain.json()), 2)
        self.assertEqual(len(self.server.control("/control/requests?path=/v1/air-quality").json()["requests"]), 3,
                         "every request is still recorded")

    def test_readings_faults_and_scenarios_are_never_answered_from_the_cache(self):
        before = self.post().json()
        self.server.control("/control/readings", {"locations": [{
            "latitude": PARIS[0], "longitude": PARIS[1], "current": {"us_aqi": 321}}]})
        self.assertEqual(self.post().json()[0]["current"]["us_aqi"], 321)
        self.server.control("/control/reset", {})
        self.assertEqual(self.post().json()[0]["current"], before[0]["current"])
        self.server.control("/control/faults", {"faults": [{"kind": "nulls"}]})
        self.assertIsNone(self.post().json()[0]["current"]["us_aqi"])
        self.assertEqual(self.post().json()[0]["current"], before[0]["current"])
        self.server.control("/control/scenario", {"steps": [
            {"locations": [{"latitude": PARIS[0], "longitude": PARIS[1], "current": {"us_aqi": 7}}]},
            {"locations": [{"latitude": PARIS[0], "longitude": PARIS[1], "current": {"us_aqi": 8}}]}]})
        self.assertEqual([self.post().json()[0]["current"]["us_aqi"] for _ in range(3)], [7, 8, 8])

    def test_a_timeline_is_cached_while_it_stays_loaded(self):
        scenarios = HERE / "scenarios"
        smoke = json.loads((scenarios / "smoke-onset.json").read_text())
        self.server.control("/control/scenario", smoke)
        first = self.post()
        self.assertEqual(self.post().raw, first.raw)
        # Another timeline at the same pinned clock: answered from that one, not the cache.
        self.server.control("/control/scenario", {**json.loads((scenarios / "smoke-onset-nulls.json").read_text()),
                                                  "now": smoke["now"]})
        self.assertNotEqual(self.post().json()[0]["hourly"], first.json()[0]["hourly"])

    def test_a_moved_clock_is_answered_afresh_and_every_answer_s_size_is_logged(self):
        # scripts/bench's hours-changing steady state moves the clock an hour per cycle: the
        # cache must not hand back the previous hour's answer.
        self.server.control("/control/clock", {"now": "2026-08-20T10:05"})
        first = self.post(**{"Accept-Encoding": "gzip"})
        self.assertEqual(self.post(**{"Accept-Encoding": "gzip"}).raw, first.raw)
        self.server.control("/control/clock", {"now": "2026-08-20T11:05"})
        moved = self.post(**{"Accept-Encoding": "gzip"})
        self.assertNotEqual(moved.raw, first.raw)
        times = lambda reply: json.loads(gzip.decompress(reply.raw))[0]["hourly"]["time"]
        self.assertEqual(times(moved)[0], times(first)[1], "the window moved on by one hour")
        logged = self.server.control("/control/requests?path=/v1/air-quality").json()["requests"]
        self.assertEqual([entry["answer_bytes"] for entry in logged],
                         [len(first.raw), len(first.raw), len(moved.raw)])


if __name__ == "__main__":
    unittest.main()
