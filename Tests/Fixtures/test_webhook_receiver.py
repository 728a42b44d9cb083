"""The webhook receiver fixture, run as clients run it."""
import base64
import hashlib
import hmac
import json
import subprocess
import sys
import tempfile
import unittest
import urllib.error
import urllib.request
from pathlib import Path

SCRIPT = Path(__file__).with_name("webhook_receiver.py")
SECRET = "whsec_" + base64.b64encode(b"0123456789abcdef0123456789abcdef").decode()


class WebhookReceiverTest(unittest.TestCase):
    def setUp(self):
        self.process = subprocess.Popen(
            [sys.executable, str(SCRIPT), "--port", "0", "--secret", SECRET],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.base = "http://127.0.0.1:" + self.process.stdout.readline().split()[1]

    def tearDown(self):
        self.process.stdin.close()
        self.assertEqual(self.process.wait(timeout=10), 0)

    def post(self, path, body, headers=None):
        request = urllib.request.Request(self.base + path, data=body, headers=headers or {}, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, response.headers, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read()

    def requests(self):
        with urllib.request.urlopen(self.base + "/control/requests", timeout=10) as response:
            return json.load(response)["requests"]

    def signed_headers(self, body, key=b"0123456789abcdef0123456789abcdef"):
        signature = base64.b64encode(hmac.new(key, b"msg_1.1700000000." + body, hashlib.sha256).digest()).decode()
        return {"webhook-id": "msg_1", "webhook-timestamp": "1700000000", "webhook-signature": "v1," + signature}

    def test_records_and_verifies_signatures(self):
        body = b'{"type":"breeze.alert.test"}'
        self.assertEqual(self.post("/hook", body, self.signed_headers(body))[0], 200)
        self.assertEqual(self.post("/hook", body, self.signed_headers(body, key=b"wrong"))[0], 200)
        recorded = self.requests()
        self.assertEqual([r["signature_valid"] for r in recorded], [True, False])
        self.assertEqual(recorded[0]["json"], {"type": "breeze.alert.test"})
        self.assertEqual(recorded[0]["path"], "/hook")

    def test_a_get_is_recorded_and_answered_from_the_script(self):
        self.post("/control/responses", json.dumps({"responses": [{"status": 500, "echo": True}]}).encode())
        with self.assertRaises(urllib.error.HTTPError) as raised:
            urllib.request.urlopen(self.base + "/ping/token-1/fail?rid=2", timeout=10)
        self.assertEqual(raised.exception.code, 500)
        self.assertIn(b"/ping/token-1/fail?rid=2", raised.exception.read())
        with urllib.request.urlopen(self.base + "/ping/token-1", timeout=10) as response:
            self.assertEqual(response.status, 200)
        recorded = self.requests()
        self.assertEqual([(r["method"], r["path"], r["answered"]) for r in recorded],
                         [("GET", "/ping/token-1/fail?rid=2", 500), ("GET", "/ping/token-1", 200)])

    def test_count_summarises_the_log(self):
        with urllib.request.urlopen(self.base + "/control/count", timeout=10) as response:
            self.assertEqual(json.load(response), {"count": 0, "first": None, "last": None})
        self.post("/a", b"{}")
        self.post("/b", b"{}")
        with urllib.request.urlopen(self.base + "/control/count", timeout=10) as response:
            summary = json.load(response)
        self.assertEqual(summary["count"], 2)
        self.assertLessEqual(summary["first"], summary["last"])

    def test_scripted_responses_in_order_then_default(self):
        self.post("/control/responses", json.dumps({"responses": [
            {"status": 503, "count": 2, "retry_after": 3}, {"status": 410}]}).encode())
        statuses = [self.post("/hook", b"{}") for _ in range(4)]
        self.assertEqual([s[0] for s in statuses], [503, 503, 410, 200])
        self.assertEqual(statuses[0][1]["Retry-After"], "3")
        self.assertEqual([r["answered"] for r in self.requests()], [503, 503, 410, 200])


class WebhookReceiverLogTest(unittest.TestCase):
    def start(self, log, port=0):
        process = subprocess.Popen([sys.executable, str(SCRIPT), "--port", str(port), "--log", log],
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        return process, int(process.stdout.readline().split()[1])

    def test_log_outlives_a_restart_on_the_same_port(self):
        with tempfile.TemporaryDirectory() as folder:
            log = str(Path(folder) / "receiver.jsonl")
            port = 0
            for identifier in ("first", "second"):
                process, port = self.start(log, port)
                request = urllib.request.Request(f"http://127.0.0.1:{port}/hook", data=b'{"n":1}',
                                                 headers={"webhook-id": identifier}, method="POST")
                with urllib.request.urlopen(request, timeout=10) as response:
                    self.assertEqual(response.status, 200)
                process.stdin.close()
                self.assertEqual(process.wait(timeout=10), 0)
            with open(log, encoding="utf-8") as file:
                records = [json.loads(line) for line in file]
            self.assertEqual([r["headers"]["webhook-id"] for r in records], ["first", "second"])
            self.assertEqual([r["answered"] for r in records], [200, 200])


if __name__ == "__main__":
    unittest.main()
