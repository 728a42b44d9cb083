#!/usr/bin/env python3
"""A webhook receiver for Breeze's tests, on 127.0.0.1.

    python3 Tests/Fixtures/webhook_receiver.py --port 0 [--secret whsec_...] [--log FILE]

Prints ``PORT <n>`` as its first stdout line, then serves until its stdin reaches EOF (or
SIGTERM). Every POST/PUT/GET to any path other than /control/... is recorded and answered from
a queue of scripted responses (default 200 "ok"); a GET is how a heartbeat (HeartbeatURL=) pings. With --log FILE every recorded request is also
appended to FILE as one JSON line (flushed before the answer), so a log outlives restarts of the
receiver on the same --port (a receiver "down", then up again).

Standard Webhooks signatures are verified independently of Breeze, with Python's hmac:
``signature_valid`` is true/false when --secret is given, null otherwise.

Control API (JSON):
  GET  /control/requests            {"requests": [{"method","path","headers","body","json",
                                                    "signature_valid","time","answered","delay"}]}
  GET  /control/count               {"count": n, "first": time, "last": time}  (cheap, for benchmarks)
  POST /control/responses           {"responses": [{"status": 503, "count": 3,
                                                    "retry_after": 1, "body": "...",
                                                    "delay": 0.5, "headers": {"Location": "…"},
                                                    "echo": true, "body_bytes": 100000}]}
                                    queued in order; "echo" answers with the request's path,
                                    headers and body (a server echoing secrets back);
                                    "body_bytes" pads the body to that size (an oversized body);
                                    "echo_secrets": ["authorization", "path", …] answers with each
                                    named header's value (or the request's path) in every form a
                                    careless server might quote them (raw, percent-encoded,
                                    form-encoded, JSON-escaped, base64, a Basic header decoded)
  POST /control/reset               clears requests and responses
"""
import argparse
import base64
import hashlib
import hmac
import json
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class State:
    def __init__(self, secret, log=None):
        self.lock = threading.Lock()
        self.requests = []
        self.responses = []
        self.secret = secret
        self.log = log

    def record(self, record):
        with self.lock:
            self.requests.append(record)
            if self.log:
                self.log.write(json.dumps(record) + "\n")
                self.log.flush()

    def next_response(self):
        with self.lock:
            while self.responses:
                head = self.responses[0]
                if head.get("count", 1) == 0:
                    self.responses.pop(0)
                    continue
                if head.get("count", 1) > 0:
                    head["count"] = head.get("count", 1) - 1
                return dict(head)
        return {"status": 200, "body": "ok"}


def verify(secret, headers, body):
    """Standard Webhooks: v1,<base64 HMAC-SHA256(key, id.timestamp.body)>, key from whsec_."""
    if not secret:
        return None
    key = base64.b64decode(secret[len("whsec_"):] if secret.startswith("whsec_") else secret)
    identifier = headers.get("webhook-id", "")
    timestamp = headers.get("webhook-timestamp", "")
    signed = f"{identifier}.{timestamp}.".encode() + body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    for candidate in headers.get("webhook-signature", "").split(" "):
        version, _, value = candidate.partition(",")
        if version == "v1" and hmac.compare_digest(value, expected):
            return True
    return False


def echo_secrets(path, headers, names):
    """Every form of each named header's value (or "path"): what a hostile server echoes."""
    import re
    from urllib.parse import quote, quote_plus, unquote

    def lower_hex(text):
        return re.sub(r"%[0-9A-F]{2}", lambda match: match.group(0).lower(), text)

    values = []
    for name in names:
        if name == "path":
            values += [(path, False), (unquote(path), False)]
            continue
        value = headers.get(name, "")
        if value.lower().startswith("basic "):
            value = base64.b64decode(value[6:]).decode("utf-8", "replace")
            values.append((headers[name], False))
        values.append((value, True))
    forms = []
    for value, with_base64 in values:
        forms += [value, quote(value, safe=""), lower_hex(quote(value, safe="")), quote_plus(value),
                  value.replace("/", "\\/")]
        if with_base64:
            forms.append(base64.b64encode(value.encode()).decode())
    return " ".join(forms)


def make_handler(state):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *arguments):
            pass

        def reply(self, status, body=b"", headers=None):
            self.send_response(status)
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def read_body(self):
            length = int(self.headers.get("Content-Length") or 0)
            return self.rfile.read(length) if length else b""

        def do_GET(self):
            if self.path.startswith("/control/count"):
                with state.lock:
                    times = [record["time"] for record in state.requests]
                document = {"count": len(times), "first": min(times, default=None), "last": max(times, default=None)}
                self.reply(200, json.dumps(document).encode(), {"Content-Type": "application/json"})
            elif self.path.startswith("/control/requests"):
                with state.lock:
                    document = {"requests": list(state.requests)}
                self.reply(200, json.dumps(document).encode(), {"Content-Type": "application/json"})
            elif self.path.startswith("/control/"):
                self.reply(404, b"not found")
            else:
                self.answer_recorded(b"")

        def do_POST(self):
            body = self.read_body()
            if self.path == "/control/responses":
                with state.lock:
                    state.responses.extend(json.loads(body or b"{}").get("responses", []))
                self.reply(200, b"{}")
                return
            if self.path == "/control/reset":
                with state.lock:
                    state.requests.clear()
                    state.responses.clear()
                self.reply(200, b"{}")
                return
            self.answer_recorded(body)

        def answer_recorded(self, body):
            """Records the request and answers it with the next scripted response."""
            headers = {name.lower(): value for name, value in self.headers.items()}
            try:
                parsed = json.loads(body)
            except ValueError:
                parsed = None
            record = {
                "method": self.command, "path": self.path, "headers": headers,
                "body": body.decode("utf-8", "replace"), "json": parsed,
                "signature_valid": verify(state.secret, headers, body), "time": time.time(),
            }
            response = state.next_response()
            record["answered"] = response.get("status", 200)
            record["delay"] = float(response.get("delay", 0))
            state.record(record)
            if response.get("delay"):
                time.sleep(float(response["delay"]))
            extra = dict(response.get("headers", {}))
            if "retry_after" in response:
                extra["Retry-After"] = str(response["retry_after"])
            answer = str(response.get("body", "")).encode()
            if response.get("echo"):
                answer += json.dumps({"path": self.path, "headers": headers, "body": record["body"]}).encode()
            if response.get("echo_secrets"):
                answer += echo_secrets(self.path, headers, response["echo_secrets"]).encode()
            if "body_bytes" in response:
                answer += b"x" * max(0, int(response["body_bytes"]) - len(answer))
            self.reply(int(response.get("status", 200)), answer, extra)

        do_PUT = do_POST

    return Handler


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--secret")
    parser.add_argument("--no-stdin-exit", action="store_true")
    parser.add_argument("--log", metavar="FILE", help="append every recorded request to FILE (JSON lines)")
    options = parser.parse_args()
    log = open(options.log, "a", encoding="utf-8") if options.log else None
    server = ThreadingHTTPServer(("127.0.0.1", options.port), make_handler(State(options.secret, log)))
    server.daemon_threads = True
    print(f"PORT {server.server_address[1]}", flush=True)

    def stop(*_):
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    if not options.no_stdin_exit:
        def watch_stdin():
            sys.stdin.read()
            stop()
        threading.Thread(target=watch_stdin, daemon=True).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
