#!/usr/bin/env python3
"""An ntfy server and a Discord webhook that keep what they were sent, for Breeze's tests of
updates in place, on 127.0.0.1.

    python3 Tests/Fixtures/update_receiver.py --port 0 [--ntfy-before-sequences] [--no-stdin-exit]

Prints ``PORT <n>`` as its first stdout line, then serves until its stdin reaches EOF (or
SIGTERM; with --no-stdin-exit only until SIGTERM).

ntfy, under /ntfy/<topic>: a POST or PUT publishes a message. Its sequence id is the
``X-Sequence-ID`` header (or ``Sequence-ID``, ``SID``), or the path /ntfy/<topic>/<sequence id>;
as ntfy 2.16 does, a message with the sequence id of an earlier one REPLACES that notification
(its revision count goes up), and a message without one is a new notification. With
--ntfy-before-sequences the server is an ntfy before 2.16: it ignores sequence ids, every
message is a new notification. Sequence ids outside [-_A-Za-z0-9]{1,64} are refused (400).
The answer is ntfy's message object (JSON with "id", "time", "event", "topic", "message").

Discord, under /discord/<webhook id>/<token>: a POST creates a message; with ?wait=true the
answer is 200 and the message object (JSON, "id" a snowflake of digits), without it 204 and no
body. PATCH /discord/<webhook id>/<token>/messages/<id> edits the message (200 and the object)
or answers 404 {"code": 10008, "message": "Unknown Message"} when there is no such message or
it was deleted; an edit with "username" (which Discord's Edit Webhook Message does not take)
is refused with 400.

Control API (JSON):
  GET  /control/state    {"ntfy": {"<topic>": [{"sequence_id", "title", "message", "priority",
                                                 "tags", "revisions"}]},
                          "ntfy_publishes": n,
                          "discord": [{"id", "content", "embeds", "edits", "deleted", "query"}],
                          "requests": [{"method", "path", "status", "headers"}]}
  POST /control/delete   {"id": "<message id>"}: the message is deleted (as by a person in
                          Discord); later edits of it answer 404
  POST /control/next-id  {"id": "<any text>"}: the next Discord message is answered with this
                          "id" (a hostile or broken server) instead of a snowflake
"""
import argparse
import json
import re
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

SEQUENCE_ID = re.compile(r"^[-_A-Za-z0-9]{1,64}$")


class State:
    def __init__(self, before_sequences):
        self.lock = threading.Lock()
        self.before_sequences = before_sequences
        self.ntfy = {}
        self.ntfy_publishes = 0
        self.discord = []
        self.requests = []
        self.next_snowflake = 1234567890123456789
        self.next_id = None
        self.counter = 0

    def snapshot(self):
        with self.lock:
            return {
                "ntfy": {topic: list(notifications.values()) for topic, notifications in self.ntfy.items()},
                "ntfy_publishes": self.ntfy_publishes,
                "discord": [dict(message) for message in self.discord],
                "requests": list(self.requests),
            }


def make_handler(state):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *arguments):
            pass

        def reply(self, status, document=None):
            body = b"" if document is None else json.dumps(document).encode()
            self.send_response(status)
            if document is not None:
                self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def read_body(self):
            length = int(self.headers.get("Content-Length") or 0)
            return self.rfile.read(length) if length else b""

        def finish_request(self, status, document=None):
            headers = {name.lower(): value for name, value in self.headers.items()}
            with state.lock:
                state.requests.append({"method": self.command, "path": self.path, "status": status, "headers": headers})
            self.reply(status, document)

        def do_GET(self):
            if self.path.startswith("/control/state"):
                self.reply(200, state.snapshot())
            else:
                self.finish_request(404, {"error": "not found"})

        def do_POST(self):
            body = self.read_body()
            if self.path == "/control/delete":
                wanted = json.loads(body or b"{}").get("id")
                with state.lock:
                    for message in state.discord:
                        if message["id"] == wanted:
                            message["deleted"] = True
                self.reply(200, {})
            elif self.path == "/control/next-id":
                with state.lock:
                    state.next_id = json.loads(body or b"{}").get("id")
                self.reply(200, {})
            elif self.path.startswith("/ntfy/"):
                self.publish(body)
            elif self.path.startswith("/discord/"):
                self.create(body)
            else:
                self.finish_request(404, {"error": "not found"})

        def do_PUT(self):
            body = self.read_body()
            if self.path.startswith("/ntfy/"):
                self.publish(body)
            else:
                self.finish_request(405, {"error": "method not allowed"})

        def do_PATCH(self):
            body = self.read_body()
            parts = urlsplit(self.path)
            segments = parts.path.split("/")
            # /discord/<webhook id>/<token>/messages/<id>
            if len(segments) != 6 or segments[1] != "discord" or segments[4] != "messages":
                self.finish_request(404, {"code": 10015, "message": "Unknown Webhook"})
                return
            try:
                document = json.loads(body)
            except ValueError:
                self.finish_request(400, {"code": 50109, "message": "The request body contains invalid JSON."})
                return
            if "username" in document:
                self.finish_request(400, {"code": 50035, "message": "Invalid Form Body: username"})
                return
            with state.lock:
                found = next((m for m in state.discord if m["id"] == segments[5] and not m["deleted"]), None)
                if found is not None:
                    found["content"] = document.get("content", found["content"])
                    found["embeds"] = document.get("embeds", found["embeds"])
                    found["edits"] += 1
                    answer = dict(found)
            if found is None:
                self.finish_request(404, {"code": 10008, "message": "Unknown Message"})
            else:
                self.finish_request(200, answer)

        def publish(self, body):
            parts = urlsplit(self.path)
            segments = [segment for segment in parts.path.split("/")[2:] if segment]
            if not segments:
                self.finish_request(404, {"error": "no topic"})
                return
            topic = segments[0]
            sequence = (self.headers.get("X-Sequence-ID") or self.headers.get("Sequence-ID")
                        or self.headers.get("SID") or (segments[1] if len(segments) > 1 else None))
            if sequence is not None and not SEQUENCE_ID.match(sequence):
                self.finish_request(400, {"code": 40049, "error": "invalid request: sequence ID invalid"})
                return
            with state.lock:
                state.counter += 1
                identifier = f"m{state.counter:011d}"
                state.ntfy_publishes += 1
                notifications = state.ntfy.setdefault(topic, {})
                key = identifier if state.before_sequences or sequence is None else sequence
                notification = notifications.get(key)
                if notification is None:
                    notification = {"sequence_id": None if state.before_sequences else sequence, "revisions": 0}
                    notifications[key] = notification
                notification.update({
                    "title": self.headers.get("Title"), "message": body.decode("utf-8", "replace"),
                    "priority": self.headers.get("Priority"), "tags": self.headers.get("Tags"),
                })
                notification["revisions"] += 1
            answer = {"id": identifier, "time": int(time.time()), "event": "message", "topic": topic,
                      "message": body.decode("utf-8", "replace")}
            if sequence is not None and not state.before_sequences:
                answer["sequence_id"] = sequence
            self.finish_request(200, answer)

        def create(self, body):
            parts = urlsplit(self.path)
            segments = parts.path.split("/")
            if len(segments) != 4:
                self.finish_request(404, {"code": 10015, "message": "Unknown Webhook"})
                return
            document = json.loads(body or b"{}")
            query = [pair for pair in parts.query.split("&") if pair]
            with state.lock:
                state.next_snowflake += 1
                identifier = str(state.next_snowflake)
                answered = state.next_id if state.next_id is not None else identifier
                state.next_id = None
                message = {"id": identifier, "content": document.get("content"), "embeds": document.get("embeds"),
                           "username": document.get("username"), "edits": 0, "deleted": False, "query": query}
                state.discord.append(message)
                answer = dict(message, id=answered, channel_id="42", author={"id": "7", "bot": True})
            if "wait=true" in query:
                self.finish_request(200, answer)
            else:
                self.finish_request(204)

    return Handler


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--ntfy-before-sequences", action="store_true")
    parser.add_argument("--no-stdin-exit", action="store_true", help="serve until SIGTERM even when stdin closes")
    options = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", options.port), make_handler(State(options.ntfy_before_sequences)))
    server.daemon_threads = True
    print(f"PORT {server.server_address[1]}", flush=True)

    def stop(*_):
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)

    def watch_stdin():
        sys.stdin.read()
        stop()

    if not options.no_stdin_exit:
        threading.Thread(target=watch_stdin, daemon=True).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
