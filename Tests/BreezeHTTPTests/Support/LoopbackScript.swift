/// A tiny HTTP server for testing `CurlTransport`, one behaviour per path:
/// `/echo` (what was received), `/gzip`, `/slow?seconds=`, `/big?bytes=&length=0|1`,
/// `/redirect?left=&status=&to=` (`to` an absolute URL instead of the chain), `/retry-after`,
/// `/retry-at?date=`, `/reset`, `/count` (how many requests `/echo` answered).
let loopbackScript = #"""
import gzip, json, os, socket, struct, sys, threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlparse, parse_qs

echoed = [0]

class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def reply(self, status, body, headers=()):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        self.handle_any(b"")

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        self.handle_any(self.rfile.read(length))

    def handle_any(self, body):
        url = urlparse(self.path)
        query = {k: v[-1] for k, v in parse_qs(url.query).items()}
        if url.path == "/count":
            self.reply(200, str(echoed[0]).encode())
        elif url.path == "/echo":
            echoed[0] += 1
            echo = {"method": self.command, "path": self.path, "body": body.decode(),
                    "headers": {k.lower(): v for k, v in self.headers.items()}}
            self.reply(200, json.dumps(echo).encode(), [("Content-Type", "application/json")])
        elif url.path == "/gzip":
            plain = b"breeze " * 1000
            if "gzip" in self.headers.get("Accept-Encoding", ""):
                self.reply(200, gzip.compress(plain), [("Content-Encoding", "gzip")])
            else:
                self.reply(200, plain)
        elif url.path == "/slow":
            time.sleep(float(query.get("seconds", "5")))
            self.reply(200, b"late")
        elif url.path == "/big":
            size = int(query["bytes"])
            if query.get("length", "1") == "1":
                self.reply(200, b"x" * size)
            else:
                self.send_response(200)
                self.end_headers()
                for _ in range(size // 4096):
                    self.wfile.write(b"x" * 4096)
                self.wfile.write(b"x" * (size % 4096))
        elif url.path == "/redirect":
            left = int(query.get("left", "0"))
            target = "/echo" if left == 0 else "/redirect?left=%d" % (left - 1)
            self.reply(int(query.get("status", "302")), b"moved", [("Location", query.get("to", target))])
        elif url.path == "/retry-after":
            self.reply(429, b'{"error":true,"reason":"slow down"}', [("Retry-After", "7")])
        elif url.path == "/retry-at":
            self.reply(503, b"maintenance", [("Retry-After", query["date"])])
        elif url.path == "/reset":
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.connection.close()
        else:
            self.reply(404, b"not found")

def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print("PORT %d" % server.server_address[1], flush=True)
    def watch_stdin():
        sys.stdin.read()
        os._exit(0)
    threading.Thread(target=watch_stdin, daemon=True).start()
    server.serve_forever()

main()
"""#
