#!/usr/bin/env python3
"""Air sensors on the LAN and AirNow, as they answer, for Breeze's tests, on 127.0.0.1.

    python3 Tests/Fixtures/sensor_server.py --port 0

Prints ``PORT <n>`` as its first stdout line, then serves until its stdin reaches EOF (or
SIGTERM). Python's standard library only.

The bodies are in Tests/Fixtures/sensors/, taken from published captures; SOURCES.md there
names each one's source (PurpleAir firmware 7.04 dual-laser from CumulusMX, 7.02 single-laser
from micseydel/tinker-casting and bakerkj/weewx-purpleair#24, AirGradient's
docs/local-server.md, the airrohr firmware's data.json format, AirNow's new
observation/current/ziplatlong fields from asymworks/pyairnow #17/#18).

Device paths (GET; the query is ignored, except AirNow's API_KEY, echoed where noted):
  /purpleair/dual/json                 dual-laser PA-II-SD, firmware 7.04, channels agree
  /purpleair/single/json               single-laser indoor unit, firmware 7.02, no _b fields
  /purpleair/fault/json                the dual capture with channel B reading 40 where A reads 8
  /airgradient/one/measures/current    ONE, firmware 3.1.3: pm02 and rhum, no pm02Compensated
  /airgradient/compensated/measures/current   ONE, firmware 3.6.0, with pm02Compensated
  /airgradient/open-air/measures/current      Open Air O-1PPT, "channels": {"1", "2"}
  /sensor-community/data.json          airrohr with SDS011 + BME280, string values, "age"
  /sensor-community/warming-up/data.json      before its first measurement (negative age)
  /airnow/ok/                          OZONE, PM2.5 and PM10 observations
  /airnow/empty/                       []
  /airnow/invalid-key/                 {"WebServiceError": …} quoting the API_KEY it was sent
  /airnow/limit/                       the same, speaking of the hourly limit
Faults:
  /hang                  reads the request, answers nothing, holds the connection until the
                         client leaves (at most 60 s)
  /redirect              302 to http://127.0.0.1:9/
  /huge                  10 MB with Content-Length
  /huge-unannounced      10 MB without Content-Length (ends when the connection closes)
  /html                  a captive portal's page, text/html
  /html-as-json          the same page labelled application/json

Control API:
  PUT|POST /control/set/<path>?status=200&content_type=application/json
                         <path> answers the request's body from now on (any path, new or not);
                         {API_KEY} in it is replaced by the key a request sends
  GET  /control/count/<path>    {"count": n}: requests to <path> so far (the query not counted)
  GET  /control/requests/<path> {"requests": ["/airnow/ok/?format=…&latitude=…", …]}: each
                                request's path and query as sent, in order
  POST /control/reset           clears the counts, the requests and every /control/set answer
"""
import argparse
import json
import os
import select
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sensors")
HANG_LIMIT = 60.0
HUGE_SIZE = 10 * 1000 * 1000
PORTAL = (b"<!DOCTYPE html><html><head><title>Hotel Wi-Fi</title></head>"
          b"<body><form action=\"/login\">Accept the terms to continue</form></body></html>")

FILES = {
    "/purpleair/dual/json": "purpleair-dual-7.04.json",
    "/purpleair/single/json": "purpleair-single-7.02.json",
    "/purpleair/fault/json": "purpleair-channel-fault.json",
    "/airgradient/one/measures/current": "airgradient-one-3.1.3.json",
    "/airgradient/compensated/measures/current": "airgradient-one-3.6.0.json",
    "/airgradient/open-air/measures/current": "airgradient-open-air-dual.json",
    "/sensor-community/data.json": "sensor-community.json",
    "/sensor-community/warming-up/data.json": "sensor-community-warming-up.json",
    "/airnow/ok/": "airnow-observations.json",
    "/airnow/empty/": "airnow-empty.json",
    "/airnow/invalid-key/": "airnow-invalid-key.json",
    "/airnow/limit/": "airnow-limit.json",
}


def load_answers():
    answers = {}
    for path, name in FILES.items():
        with open(os.path.join(HERE, name), "rb") as file:
            answers[path] = {"status": 200, "content_type": "application/json", "body": file.read()}
    answers["/html"] = {"status": 200, "content_type": "text/html; charset=utf-8", "body": PORTAL}
    answers["/html-as-json"] = {"status": 200, "content_type": "application/json", "body": PORTAL}
    return answers


class State:
    def __init__(self):
        self.lock = threading.Lock()
        self.defaults = load_answers()
        self.answers = dict(self.defaults)
        self.counts = {}
        self.requests = {}
        self.stopping = threading.Event()

    def count(self, path, sent):
        with self.lock:
            self.counts[path] = self.counts.get(path, 0) + 1
            self.requests.setdefault(path, []).append(sent)

    def answer(self, path):
        with self.lock:
            return self.answers.get(path)


def make_handler(state):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *arguments):
            pass

        def reply(self, status, body=b"", content_type="application/json", headers=None):
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def read_body(self):
            length = int(self.headers.get("Content-Length") or 0)
            return self.rfile.read(length) if length else b""

        def do_GET(self):
            parts = urlsplit(self.path)
            path = parts.path
            if path.startswith("/control/count/"):
                counted = path[len("/control/count"):]
                with state.lock:
                    count = state.counts.get(counted, 0)
                self.reply(200, json.dumps({"count": count}).encode())
                return
            if path.startswith("/control/requests/"):
                asked = path[len("/control/requests"):]
                with state.lock:
                    requests = list(state.requests.get(asked, []))
                self.reply(200, json.dumps({"requests": requests}).encode())
                return
            if path.startswith("/control/"):
                self.reply(404, b'{"error": "no such control"}')
                return
            state.count(path, self.path)
            if path == "/hang":
                self.hang()
            elif path == "/redirect":
                self.reply(302, b"", "text/plain", {"Location": "http://127.0.0.1:9/"})
            elif path == "/huge":
                self.huge(announced=True)
            elif path == "/huge-unannounced":
                self.huge(announced=False)
            else:
                self.scripted(path, parse_qs(parts.query).get("API_KEY", [""])[0])

        def do_POST(self):
            parts = urlsplit(self.path)
            body = self.read_body()
            if parts.path.startswith("/control/set/"):
                target = parts.path[len("/control/set"):]
                query = parse_qs(parts.query)
                answer = {"status": int(query.get("status", ["200"])[0]),
                          "content_type": query.get("content_type", ["application/json"])[0], "body": body}
                with state.lock:
                    state.answers[target] = answer
                self.reply(200, b"{}")
            elif parts.path == "/control/reset":
                with state.lock:
                    state.counts.clear()
                    state.requests.clear()
                    state.answers = dict(state.defaults)
                self.reply(200, b"{}")
            else:
                self.reply(405, b'{"error": "GET only"}')

        do_PUT = do_POST

        def scripted(self, path, api_key):
            answer = state.answer(path)
            if answer is None:
                self.reply(404, b'{"error": "not found"}')
                return
            body = answer["body"].replace(b"{API_KEY}", api_key.encode())
            self.reply(answer["status"], body, answer["content_type"])

        def hang(self):
            """Answers nothing until the client closes its end, the limit passes or the server stops."""
            deadline = time.monotonic() + HANG_LIMIT
            self.close_connection = True
            while time.monotonic() < deadline and not state.stopping.is_set():
                readable, _, _ = select.select([self.connection], [], [], 0.2)
                if readable:
                    try:
                        if not self.connection.recv(4096):
                            return
                    except OSError:
                        return

        def huge(self, announced):
            self.close_connection = True
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            if announced:
                self.send_header("Content-Length", str(HUGE_SIZE))
            else:
                self.send_header("Connection", "close")
            self.end_headers()
            chunk = b'{"pm2_5_cf_1": 1, "pad": "' + b"x" * 65000 + b'"}\n'
            sent = 0
            try:
                while sent < HUGE_SIZE:
                    piece = chunk[:HUGE_SIZE - sent]
                    self.wfile.write(piece)
                    sent += len(piece)
            except OSError:
                pass  # The client stopped reading at its cap: what the test wants.

    return Handler


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0)
    options = parser.parse_args()
    state = State()
    server = ThreadingHTTPServer(("127.0.0.1", options.port), make_handler(state))
    server.daemon_threads = True
    print(f"PORT {server.server_address[1]}", flush=True)

    def stop(*_):
        state.stopping.set()
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)

    def watch_stdin():
        sys.stdin.read()
        stop()

    threading.Thread(target=watch_stdin, daemon=True).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
