#!/usr/bin/env python3
"""A hostile HTTP client for breezed's listener: raw sockets, one JSON line of results.

  web_probe.py request HOST PORT METHOD TARGET [--header-bytes N]
      one request; prints {"status", "headers", "body_length", "body"} ("status": null when
      the connection closed without an answer)
  web_probe.py slow HOST PORT [--interval S] [--limit N]
      sends a request head one byte every S seconds (default 1) until the server closes the
      connection; prints {"closed": true, "bytes_sent", "seconds", "answer"}; gives up after
      N bytes (default 120) with "closed": false
  web_probe.py flood HOST PORT --connections N [--path P] [--timeout S] [--repeat-for S]
      opens N connections at once, then sends a GET on each and reads the answers (again and
      again for --repeat-for seconds); prints the tally
      {"answered": {status: count}, "closed": n, "refused": n, "timed_out": n, "floods": n}
Every socket has a timeout (default 10 s), so the probe always ends.
"""
import argparse
import json
import resource
import selectors
import socket
import sys
import time


def connect(host, port, timeout):
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.settimeout(timeout)
    sock.connect((host, port))
    return sock


def read_answer(sock):
    data = b""
    while True:
        try:
            chunk = sock.recv(65536)
        except (ConnectionResetError, socket.timeout):
            break
        if not chunk:
            break
        data += chunk
    return data


def parse_answer(data):
    if not data:
        return {"status": None, "headers": {}, "body_length": 0, "body": ""}
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ")[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return {"status": status, "headers": headers, "body_length": len(body),
            "body": body.decode("utf-8", "replace")[:2000]}


def request(args):
    sock = connect(args.host, args.port, args.timeout)
    head = f"{args.method} {args.target} HTTP/1.1\r\nHost: {args.host}\r\nConnection: close\r\n"
    if args.header_bytes:
        head += "X-Filler: " + "a" * args.header_bytes + "\r\n"
    head += "\r\n"
    try:
        sock.sendall(head.encode("latin-1"))
    except (BrokenPipeError, ConnectionResetError):
        pass
    print(json.dumps(parse_answer(read_answer(sock))))


def slow(args):
    sock = connect(args.host, args.port, args.timeout)
    head = b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 10000
    started = time.monotonic()
    sent = 0
    for byte in head[: args.limit]:
        try:
            sock.send(bytes([byte]))
        except (BrokenPipeError, ConnectionResetError):
            break
        sent += 1
        # The server closing shows as readable with nothing to read (or a reset).
        sock.settimeout(args.interval)
        try:
            chunk = sock.recv(65536)
            if not chunk:
                break
            # An answer before the head is complete: report it and stop.
            print(json.dumps({"closed": True, "bytes_sent": sent, "seconds": time.monotonic() - started,
                              "answer": chunk.decode("latin-1")[:200]}))
            return
        except socket.timeout:
            continue
        except ConnectionResetError:
            break
    else:
        print(json.dumps({"closed": False, "bytes_sent": sent, "seconds": time.monotonic() - started,
                          "answer": None}))
        return
    print(json.dumps({"closed": True, "bytes_sent": sent, "seconds": time.monotonic() - started,
                      "answer": None}))


def flood(args):
    """One flood, or floods one after another for --repeat-for seconds (their tallies summed)."""
    total = {"answered": {}, "closed": 0, "refused": 0, "timed_out": 0, "floods": 0}
    started = time.monotonic()
    while True:
        tally = flood_once(args)
        total["floods"] += 1
        for status, count in tally["answered"].items():
            total["answered"][status] = total["answered"].get(status, 0) + count
        for key in ("closed", "refused", "timed_out"):
            total[key] += tally[key]
        if time.monotonic() - started >= args.repeat_for:
            break
    print(json.dumps(total))


def flood_once(args):
    # A thousand sockets need more than the usual soft limit of 1024 descriptors.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = args.connections + 64
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, wanted) if hard != resource.RLIM_INFINITY else wanted, hard))
    tally = {"answered": {}, "closed": 0, "refused": 0, "timed_out": 0}
    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    selector = selectors.DefaultSelector()
    sockets = []
    for _ in range(args.connections):
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setblocking(False)
        try:
            sock.connect((args.host, args.port))
        except BlockingIOError:
            pass
        except OSError:
            tally["refused"] += 1
            sock.close()
            continue
        sockets.append(sock)
        selector.register(sock, selectors.EVENT_WRITE, {"state": "connecting", "data": b""})
    request_bytes = f"GET {args.path} HTTP/1.1\r\nHost: {args.host}\r\nConnection: close\r\n\r\n".encode()
    deadline = time.monotonic() + args.timeout
    open_count = len(sockets)
    while open_count and time.monotonic() < deadline:
        for key, events in selector.select(timeout=0.2):
            sock, info = key.fileobj, key.data
            if info["state"] == "connecting":
                error = sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
                if error:
                    tally["refused"] += 1
                    selector.unregister(sock)
                    sock.close()
                    open_count -= 1
                    continue
                try:
                    sock.send(request_bytes)
                except OSError:
                    tally["closed"] += 1
                    selector.unregister(sock)
                    sock.close()
                    open_count -= 1
                    continue
                info["state"] = "reading"
                selector.modify(sock, selectors.EVENT_READ, info)
                continue
            try:
                chunk = sock.recv(65536)
            except BlockingIOError:
                continue
            except OSError:
                chunk = b""
            if chunk:
                info["data"] += chunk
                continue
            answer = parse_answer(info["data"]) if info["data"] else None
            if answer and answer["status"] is not None:
                key_name = str(answer["status"])
                tally["answered"][key_name] = tally["answered"].get(key_name, 0) + 1
            else:
                tally["closed"] += 1
            selector.unregister(sock)
            sock.close()
            open_count -= 1
    tally["timed_out"] = open_count
    for key in list(selector.get_map().values()):
        key.fileobj.close()
    return tally


def main():
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command", required=True)
    one = sub.add_parser("request")
    one.add_argument("host")
    one.add_argument("port", type=int)
    one.add_argument("method")
    one.add_argument("target")
    one.add_argument("--header-bytes", type=int, default=0)
    one.add_argument("--timeout", type=float, default=10)
    trickle = sub.add_parser("slow")
    trickle.add_argument("host")
    trickle.add_argument("port", type=int)
    trickle.add_argument("--interval", type=float, default=1.0)
    trickle.add_argument("--limit", type=int, default=120)
    trickle.add_argument("--timeout", type=float, default=10)
    many = sub.add_parser("flood")
    many.add_argument("host")
    many.add_argument("port", type=int)
    many.add_argument("--connections", type=int, required=True)
    many.add_argument("--path", default="/")
    many.add_argument("--timeout", type=float, default=30)
    many.add_argument("--repeat-for", type=float, default=0)
    args = parser.parse_args()
    {"request": request, "slow": slow, "flood": flood}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
