"""The HTTP handler: routing, parameters, gzip, the request log, faults and the control API."""

import gzip
import json
import sys
from http.server import BaseHTTPRequestHandler
from urllib.parse import parse_qs, urlsplit

from . import airquality, archive, faults, geocoding, model_runs
from .common import ApiError, Params, parse_now
from .encoding import encode

JSON_TYPE = "application/json; charset=utf-8"
API_PATHS = ("/v1/air-quality", "/v1/search", "/v1/archive")


class App:
    """What every handler shares: state, value generator, clock and options."""

    def __init__(self, state, generator, clock, apikey=None, verbose=False, answer_cache=None):
        self.state, self.generator, self.clock = state, generator, clock
        self.apikey, self.verbose = apikey, verbose
        self.answer_cache = answer_cache  # --cache-answers (answer_cache.AnswerCache) or None


class Handler(BaseHTTPRequestHandler):
    log_entry = None  # set per request by _dispatch
    """One connection; HTTP/1.1 keep-alive, Content-Length on every answer but streams."""

    protocol_version = "HTTP/1.1"
    server_version = "open-meteo-fixture/1.0"

    @property
    def app(self):
        return self.server.app

    def log_message(self, format, *args):
        if self.app.verbose:
            sys.stderr.write("%s %s\n" % (self.address_string(), format % args))

    def do_GET(self):
        self._dispatch("GET")

    def do_POST(self):
        self._dispatch("POST")

    # Plumbing ----------------------------------------------------------------------------

    def _read_body(self):
        if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
            body = b""
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    return body
                body += self.rfile.read(size)
                self.rfile.readline()
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length > 0 else b""

    def _accepts_gzip(self):
        for token in self.headers.get("Accept-Encoding", "").split(","):
            coding, _, quality = token.strip().partition(";")
            if coding.strip().lower() == "gzip":
                return quality.strip().replace(" ", "") not in ("q=0", "q=0.0", "q=0.00")
        return False

    def send_body(self, status, body, content_type=JSON_TYPE, headers=None, compress=True,
                  cache_key=None):
        """A complete answer with Content-Length, gzipped when the client accepts it; kept
        under `cache_key` in the answer cache when one is given."""
        headers = dict(headers or {})
        if compress and self._accepts_gzip():
            body = gzip.compress(body, compresslevel=5)
            headers["Content-Encoding"] = "gzip"
        headers["Vary"] = "Accept-Encoding"
        if cache_key is not None:
            self.app.answer_cache.put(cache_key, (body, headers))
        self._send_encoded(status, body, content_type, headers)

    def _send_encoded(self, status, body, content_type=JSON_TYPE, headers=None):
        """An answer already encoded (gzipped or not), with its headers."""
        # Logged before it goes out: a client that reads the log as soon as the body arrives
        # must find the size there.
        if self.log_entry is not None:
            self.app.state.note_answer(self.log_entry, len(body))
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def send_json(self, status, payload, headers=None):
        self.send_body(status, encode(payload), headers=headers)

    def send_error_json(self, error):
        self.send_json(error.status, {"error": True, "reason": error.reason}, error.headers)

    def _dispatch(self, method):
        url = urlsplit(self.path)
        self.log_entry = None  # the request log's entry of this request, when it has one
        try:
            body = self._read_body()
            query = parse_qs(url.query, keep_blank_values=True)
            if url.path.startswith("/control/"):
                self._control(method, url.path, query, body)
            else:
                self._api(method, url.path, query, body)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True  # the client went away; nothing more to say
        except ApiError as error:
            self.send_error_json(error)
        except Exception as error:  # a fixture bug: say so to the client, not on stderr
            self.close_connection = True
            self.send_error_json(ApiError(f"Fixture server error: {error!r}", status=500))

    # The Open-Meteo API ------------------------------------------------------------------

    def _api(self, method, path, query, body):
        form = {}
        if "application/x-www-form-urlencoded" in self.headers.get("Content-Type", ""):
            form = parse_qs(body.decode("utf-8", "replace"), keep_blank_values=True)
        state = self.app.state
        self.log_entry = state.record(method, path, query, form, dict(self.headers.items()))
        fault = state.take_fault(path, {**query, **form})
        if fault and fault["kind"] in faults.PRE_KINDS:
            kind = fault["kind"]
            if kind == "reset":
                return faults.reset_connection(self)
            if kind == "status":
                if fault.get("echo_request"):  # a server quoting the request back, key and all
                    raw = body.decode("utf-8", "replace") + " " + self.path
                    fault = {**fault, "reason": "Cannot parse request: " + raw}
                status, payload, content_type, headers = faults.status_answer(fault)
                return self.send_body(status, payload, content_type, headers)
            if kind == "invalid_json":
                payload = fault.get("body", faults.INVALID_JSON)
                payload = payload if isinstance(payload, bytes) else str(payload).encode()
                return self.send_body(200, payload)
            faults.delay(fault)
            fault = None
        if model_runs.is_data_json(path) and method == "GET":
            return self._meta(model_runs.model_of(path), fault)
        if path not in API_PATHS or method not in ("GET", "POST"):
            raise ApiError("Not Found", status=404)
        params = Params(query, form)
        self._check_apikey(params)
        cache_key = None
        if path == "/v1/air-quality":
            cache = self.app.answer_cache
            if cache is not None and fault is None:
                cache_key = cache.key(state, self.app.clock, self.path, body, self._accepts_gzip())
                cached = cache_key and cache.get(cache_key)
                if cached:
                    return self._send_encoded(200, cached[0], headers=cached[1])
            request = airquality.Request(params)
            lookup = state.readings_for_request()
            objects = airquality.build(request, lookup, self.app.generator, self.app.clock,
                                       state.timelines)
            self._step_clock()
            if fault and fault["kind"] == "nulls":
                objects = airquality.null_values(objects)
        elif path == "/v1/archive":
            objects = archive.archive(params, self.app.clock)
            if fault and fault["kind"] == "nulls":
                for obj in objects:
                    for name, values in obj.get("daily", {}).items():
                        if name != "time":
                            obj["daily"][name] = [None] * len(values)
        else:
            objects = [geocoding.search(params, state.geocoding_overrides(),
                                        state.geocoding_ignoring_count())]
        payload = objects[0] if len(objects) == 1 else objects
        self._answer(payload, fault, cache_key)

    def _meta(self, model, fault):
        """A model's meta.json: no API key asked (Open-Meteo serves .json files to anyone)."""
        if model not in model_runs.DOMAINS:
            raise model_runs.unknown_model()
        now = self.app.clock.now()
        state = self.app.state
        with state.lock:
            document = state.model_runs.meta(model, now)
        if fault and fault["kind"] in model_runs.META_KINDS:
            document = model_runs.reshape(document, fault, now)
            fault = None
        body = model_runs.encode(document)
        status, headers = model_runs.file_headers(document, body,
                                                  self.headers.get("If-None-Match"))
        if status == 304:
            headers["Content-Length"] = str(len(body))  # as Vapor does, RFC 9110 §15.4.5
            self.send_response(304)
            for name, value in headers.items():
                self.send_header(name, value)
            return self.end_headers()
        if fault and fault["kind"] == "truncated":
            return self.send_body(200, faults.truncate(body), headers=headers)
        self.send_body(200, body, headers=headers)

    def _step_clock(self):
        """A scenario's `clock_step_minutes`: a pinned clock moves on after each request."""
        clock, step = self.app.clock, self.app.state.clock_step
        if step is not None and clock.frozen is not None:
            clock.frozen = clock.frozen + step

    def _check_apikey(self, params):
        expected = self.app.apikey
        if expected is None:
            return
        given = params.get("apikey") or self.headers.get("X-Api-Key")
        if not given:
            raise ApiError("API key required. Please add &apikey= to the URL.", status=401)
        if given != expected:
            raise ApiError("The supplied API key is invalid.", status=400)

    def _answer(self, payload, fault, cache_key=None):
        """Send the real answer, reshaped by a post-handling fault if one is due."""
        kind = fault and fault["kind"]
        if kind == "wrong_length":
            payload = faults.wrong_length(payload)
        body = encode(payload)
        if kind == "truncated":
            return self.send_body(200, faults.truncate(body))
        if kind == "oversized":
            sample = encode(payload[0] if isinstance(payload, list) and payload else payload)
            return faults.send_oversized(
                self, faults.oversized_body(sample, fault.get("bytes", 10 << 20)))
        if kind == "stream_error":
            return faults.send_stream_error(self, body, fault.get("reason", "Timeout"))
        self.send_body(200, body, cache_key=cache_key)

    # The control API ---------------------------------------------------------------------

    def _control(self, method, path, query, body):
        state = self.app.state
        if method == "GET":
            if path == "/control/requests":
                wanted = query.get("path", [None])[-1]
                return self.send_json(200, {"requests": state.requests(wanted)})
            if path == "/control/faults":
                return self.send_json(200, {"faults": state.pending_faults()})
            if path == "/control/scenario":
                return self.send_json(200, state.scenario_status())
            if path == "/control/health":
                return self.send_json(200, {"ok": True})
            if path == "/control/model-runs":
                now = self.app.clock.now()
                with state.lock:
                    return self.send_json(200, {model: state.model_runs.meta(model, now)
                                                for model in model_runs.DOMAINS})
            raise ApiError("Not Found", status=404)
        if method != "POST":
            raise ApiError("Method not allowed", status=405)
        try:
            document = json.loads(body.decode("utf-8") or "{}")
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            raise ApiError(f"Invalid JSON body: {error}")
        if not isinstance(document, dict):
            raise ApiError("The body must be a JSON object")
        if path == "/control/readings":
            return self.send_json(200, {"ok": True, "locations": state.set_readings(document)})
        if path == "/control/geocoding":
            return self.send_json(200, {"ok": True, "names": state.set_geocoding(document)})
        if path == "/control/faults":
            return self.send_json(200, {"ok": True, "pending": state.add_faults(document)})
        if path == "/control/scenario":
            steps = state.set_scenario(document)
            if state.scenario_now is not None:
                self.app.clock.frozen = state.scenario_now
            return self.send_json(200, {"ok": True, "steps": steps})
        if path == "/control/model-runs":
            with state.lock:
                meta = state.model_runs.configure(document, self.app.clock.now())
            return self.send_json(200, {"ok": True, document["model"]: meta})
        if path == "/control/scenario/advance":
            return self.send_json(200, {"ok": True, **state.advance_scenario()})
        if path == "/control/clock":
            return self.send_json(200, {"ok": True, "now": self._set_clock(document.get("now"))})
        if path == "/control/reset":
            state.reset()
            self.app.clock.frozen = self.app.clock.start
            return self.send_json(200, {"ok": True})
        raise ApiError("Not Found", status=404)

    def _set_clock(self, text):
        """`POST /control/clock {"now": ISO}` freezes the clock there; `null` lets it run."""
        if text is not None and not isinstance(text, str):
            raise ApiError("'now' must be an ISO date-time string or null")
        try:
            self.app.clock.frozen = None if text is None else parse_now(text)
        except ValueError:
            raise ApiError(f"Invalid date-time '{text}'")
        return None if text is None else self.app.clock.frozen.isoformat()
