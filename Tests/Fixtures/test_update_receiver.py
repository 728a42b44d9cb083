"""The ntfy and Discord fixture for updates in place, run as clients run it."""
import json
import subprocess
import sys
import unittest
import urllib.error
import urllib.request
from pathlib import Path

SCRIPT = Path(__file__).with_name("update_receiver.py")


class UpdateReceiverTest(unittest.TestCase):
    def start(self, *arguments):
        self.process = subprocess.Popen(
            [sys.executable, str(SCRIPT), "--port", "0", *arguments],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.base = "http://127.0.0.1:" + self.process.stdout.readline().split()[1]

    def tearDown(self):
        self.process.stdin.close()
        self.assertEqual(self.process.wait(timeout=10), 0)

    def send(self, method, path, body=b"", headers=None):
        request = urllib.request.Request(self.base + path, data=body, headers=headers or {}, method=method)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.read()

    def state(self):
        with urllib.request.urlopen(self.base + "/control/state", timeout=10) as response:
            return json.load(response)

    def test_ntfy_replaces_a_notification_by_sequence_id(self):
        self.start()
        self.assertEqual(self.send("POST", "/ntfy/t", b"one", {"X-Sequence-ID": "paris-1"})[0], 200)
        self.assertEqual(self.send("POST", "/ntfy/t", b"two", {"SID": "paris-1", "Priority": "2"})[0], 200)
        self.assertEqual(self.send("PUT", "/ntfy/t/paris-1", b"three")[0], 200)
        self.assertEqual(self.send("POST", "/ntfy/t", b"other")[0], 200)
        self.assertEqual(self.send("POST", "/ntfy/t", b"bad", {"X-Sequence-ID": "a/b"})[0], 400)
        notifications = self.state()["ntfy"]["t"]
        self.assertEqual([(n["sequence_id"], n["message"], n["revisions"]) for n in notifications],
                         [("paris-1", "three", 3), (None, "other", 1)])

    def test_an_ntfy_before_sequences_shows_each_message(self):
        self.start("--ntfy-before-sequences")
        for text in (b"one", b"two"):
            self.send("POST", "/ntfy/t", text, {"X-Sequence-ID": "paris-1"})
        self.assertEqual(len(self.state()["ntfy"]["t"]), 2)

    def test_discord_wait_edit_delete(self):
        self.start()
        status, body = self.send("POST", "/discord/1/tok?wait=true", b'{"content":"a","username":"Breeze"}',
                                 {"Content-Type": "application/json"})
        self.assertEqual(status, 200)
        identifier = json.loads(body)["id"]
        self.assertTrue(identifier.isdigit())
        self.assertEqual(self.send("POST", "/discord/1/tok", b'{"content":"b"}')[0], 204)
        self.assertEqual(self.send("PATCH", f"/discord/1/tok/messages/{identifier}", b'{"content":"c"}')[0], 200)
        self.assertEqual(self.send("PATCH", f"/discord/1/tok/messages/{identifier}", b'{"username":"x"}')[0], 400)
        self.send("POST", "/control/delete", json.dumps({"id": identifier}).encode())
        self.assertEqual(self.send("PATCH", f"/discord/1/tok/messages/{identifier}", b'{"content":"d"}')[0], 404)
        self.assertEqual(self.send("PATCH", "/discord/1/tok/messages/999", b'{"content":"d"}')[0], 404)
        messages = self.state()["discord"]
        self.assertEqual([(m["content"], m["edits"], m["deleted"]) for m in messages],
                         [("c", 1, True), ("b", 0, False)])

    def test_a_scripted_hostile_id(self):
        self.start()
        self.send("POST", "/control/next-id", b'{"id": "../../x"}')
        self.assertEqual(json.loads(self.send("POST", "/discord/1/tok?wait=true", b"{}")[1])["id"], "../../x")
        self.assertTrue(json.loads(self.send("POST", "/discord/1/tok?wait=true", b"{}")[1])["id"].isdigit())


if __name__ == "__main__":
    unittest.main()
