"""The sensor fixture server, run as clients run it, and the shapes its bodies claim."""
import http.client
import json
import subprocess
import sys
import unittest
import urllib.error
import urllib.request
from pathlib import Path

SCRIPT = Path(__file__).with_name("sensor_server.py")
BODIES = Path(__file__).with_name("sensors")


class SensorBodiesTest(unittest.TestCase):
    def load(self, name):
        return json.loads((BODIES / name).read_text())

    def test_single_laser_has_no_channel_b_at_all(self):
        body = self.load("purpleair-single-7.02.json")
        self.assertNotIn("PMSX003-B", body["hardwarediscovered"])
        self.assertEqual([key for key in body if key.endswith("_b")], [])

    def test_dual_laser_has_both_channels(self):
        for name in ["purpleair-dual-7.04.json", "purpleair-channel-fault.json"]:
            body = self.load(name)
            self.assertIn("PMSX003-B", body["hardwarediscovered"])
            for field in ["pm2_5_cf_1", "pm2_5_atm"]:
                self.assertIn(field, body)
                self.assertIn(field + "_b", body)

    def test_sensor_community_values_are_strings(self):
        body = self.load("sensor-community.json")
        self.assertIsInstance(body["age"], str)
        for item in body["sensordatavalues"]:
            self.assertIsInstance(item["value"], str)
        types = [item["value_type"] for item in body["sensordatavalues"]]
        self.assertIn("SDS_P1", types)
        self.assertIn("SDS_P2", types)

    def test_airnow_fields_are_the_new_services(self):
        for observation in self.load("airnow-observations.json"):
            self.assertIsInstance(observation["hourObserved"], str)
            self.assertIsInstance(observation["nowcastAQI"], int)
            self.assertNotIn("AQI", observation)
            self.assertNotIn("Latitude", observation)
        self.assertIn("OZONE", [item["parameterName"] for item in self.load("airnow-observations.json")])

    def test_every_body_has_a_source(self):
        sources = (BODIES / "SOURCES.md").read_text()
        for body in BODIES.glob("*.json"):
            self.assertIn("`" + body.name + "`", sources)


class SensorServerTest(unittest.TestCase):
    def setUp(self):
        self.process = subprocess.Popen(
            [sys.executable, str(SCRIPT), "--port", "0"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.port = int(self.process.stdout.readline().split()[1])
        self.base = f"http://127.0.0.1:{self.port}"

    def tearDown(self):
        self.process.stdin.close()
        self.assertEqual(self.process.wait(timeout=10), 0)

    def get(self, path):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        connection.request("GET", path)
        response = connection.getresponse()
        body = response.read()
        connection.close()
        return response.status, dict(response.getheaders()), body

    def control(self, path, body=b"{}", method="PUT"):
        request = urllib.request.Request(self.base + path, data=body, method=method)
        return urllib.request.urlopen(request, timeout=10).read()

    def test_set_answers_and_counts(self):
        self.control("/control/set/yard/json?status=503&content_type=text/plain", b"down")
        status, headers, body = self.get("/yard/json?live=true")
        self.assertEqual((status, headers["Content-Type"], body), (503, "text/plain", b"down"))
        self.get("/yard/json")
        self.assertEqual(json.loads(self.get("/control/count/yard/json")[2]), {"count": 2})
        self.assertEqual(json.loads(self.get("/control/requests/yard/json")[2]),
                         {"requests": ["/yard/json?live=true", "/yard/json"]})
        self.control("/control/reset", method="POST")
        self.assertEqual(self.get("/yard/json")[0], 404)
        self.assertEqual(json.loads(self.get("/control/count/yard/json")[2]), {"count": 1})

    def test_invalid_key_quotes_the_key_sent(self):
        status, _, body = self.get("/airnow/invalid-key/?format=application/json&API_KEY=abc%2Bdef")
        self.assertEqual(status, 200)
        self.assertEqual(json.loads(body)["WebServiceError"][0]["Message"], "Invalid API key: abc+def")

    def test_redirect_names_a_closed_port(self):
        status, headers, _ = self.get("/redirect")
        self.assertEqual((status, headers["Location"]), (302, "http://127.0.0.1:9/"))

    def test_huge_is_ten_megabytes(self):
        status, headers, body = self.get("/huge")
        self.assertEqual((status, headers["Content-Length"], len(body)), (200, "10000000", 10_000_000))

    def test_html_is_labelled_html(self):
        status, headers, body = self.get("/html")
        self.assertTrue(headers["Content-Type"].startswith("text/html"))
        self.assertTrue(body.startswith(b"<!DOCTYPE html>"))


if __name__ == "__main__":
    unittest.main()
