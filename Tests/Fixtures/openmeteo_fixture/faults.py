"""Fault injection: how each queued fault kind turns into bytes (or no bytes) on the wire.

Kinds that replace the answer outright (`status`, `invalid_json`, `reset`) act before the
request is handled; `delay` sleeps and lets the request go on; the others (`truncated`,
`wrong_length`, `nulls`, `oversized`, `stream_error`) reshape the real answer.
"""

import io
import json
import socket
import struct
import time

PRE_KINDS = ("status", "invalid_json", "reset", "delay")

DEFAULT_REASONS = {
    400: "Bad request", 401: "API key required", 403: "Forbidden",
    404: "Not Found", 429: "Too many concurrent requests",
    500: "Internal Server Error", 502: "Bad Gateway",
    503: "The service is overloaded", 504: "Gateway Timeout",
}
INVALID_JSON = b"<html><body><h1>It works, but this is not JSON</h1></body></html>\n"


def status_answer(fault):
    """(status, body, content type, headers) for a `status` fault."""
    status = fault["status"]
    headers = {}
    if fault.get("retry_after") is not None:
        headers["Retry-After"] = str(fault["retry_after"])
    if fault.get("body") is not None:
        body = fault["body"]
        body = body.encode() if isinstance(body, str) else json.dumps(body).encode()
        return status, body, fault.get("content_type", "application/json; charset=utf-8"), \
            headers
    reason = fault.get("reason") or DEFAULT_REASONS.get(status, "Error")
    body = json.dumps({"error": True, "reason": reason}, ensure_ascii=False).encode()
    return status, body, "application/json; charset=utf-8", headers


def delay(fault):
    time.sleep(float(fault.get("seconds", 1.0)))


def reset_connection(handler):
    """Close the socket with SO_LINGER 0: the kernel sends RST, the client sees a reset."""
    connection = handler.connection
    connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    handler.close_connection = True
    handler.rfile.close()  # the buffered reader holds a reference that would delay the close
    handler.wfile = io.BytesIO()  # http.server flushes wfile afterwards: give it a sink
    connection.close()  # socketserver's later shutdown() on the closed socket is ignored


def truncate(body):
    """The first half of a real body: a complete HTTP answer whose JSON does not parse."""
    return body[: len(body) // 2]


def wrong_length(payload):
    """One element fewer than requested, always as an array (a search: one result fewer)."""
    if isinstance(payload, dict) and "results" in payload:
        return {**payload, "results": payload["results"][:-1]}
    items = payload if isinstance(payload, list) else [payload]
    return items[:-1]


def oversized_body(sample, size):
    """A JSON array of copies of `sample` (bytes), padded with spaces to exactly `size`."""
    size = max(int(size), len(sample) + 2)
    copies = max(1, (size - 2) // (len(sample) + 1))
    body = b"[" + b",".join([sample] * copies)
    padding = size - len(body) - 1
    return body + b" " * padding + b"]"


def send_oversized(handler, body):
    """Send a huge body with Content-Length, uncompressed; the client may give up midway."""
    handler.send_response(200)
    handler.send_header("Content-Type", "application/json; charset=utf-8")
    handler.send_header("Content-Length", str(len(body)))
    handler.end_headers()
    view = memoryview(body)
    for offset in range(0, len(body), 1 << 20):
        handler.wfile.write(view[offset: offset + (1 << 20)])


def send_stream_error(handler, body, reason):
    """Chunked 200: a valid beginning, then Open-Meteo's plain-text error, then the end."""
    handler.send_response(200)
    handler.send_header("Content-Type", "application/json; charset=utf-8")
    handler.send_header("Transfer-Encoding", "chunked")
    handler.send_header("Connection", "close")
    handler.end_headers()
    handler.close_connection = True
    head = body[: max(1, len(body) // 2)]
    tail = f"Unexpected error while streaming data: {reason}".encode()
    for chunk in (head, tail):
        handler.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        handler.wfile.flush()
        time.sleep(0.01)  # let the beginning arrive first, as a real stream would
    handler.wfile.write(b"0\r\n\r\n")
