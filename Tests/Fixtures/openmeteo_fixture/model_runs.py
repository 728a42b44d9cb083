"""`/data/<model>/static/meta.json`: when each CAMS domain last ran, driven by the fixture's clock.

Open-Meteo publishes one meta.json per model on the API host that serves it
(https://air-quality-api.open-meteo.com/data/cams_global/static/meta.json and
.../cams_europe/static/meta.json). Sources for what is answered here:

- Field names, all integers in unix seconds: open-meteo/open-meteo
  Sources/App/Helper/ModelMetaJson.swift (ModelUpdateMetaJson) and pull request #963; the list
  of air-quality models (cams_global, cams_europe on the `air-quality-api` host):
  open-meteo/open-meteo-website src/routes/en/docs/model-updates/+page.svelte.
- The body as the real service writes it (keys sorted, compact, `crs_wkt` and
  `chunk_time_length` included): the capture in open-meteo/python-omfiles tests/fixtures.py.
- CAMS times, captured live 2026-09-01/02 (TusharSariya/Astraeus
  docs/research/wayfinder/open-meteo-endpoints.md §2.2): cams_global run 12:00Z available
  22:15:42Z (T+10 h 15 min 42 s), update_interval_seconds 43200, data_end_time init + 121 h;
  cams_europe run 00:00Z available 11:34:50Z (T+11 h 34 min 50 s), daily, data_end_time
  init + 97 h. Both forecast lengths are CamsDomain.forecastHours in the open-meteo source.
- `crs_wkt`'s BBOX and `chunk_time_length` are derived from CamsDomain.swift's grids and file
  length (forecast hours + 4 days), not captured.
- An unknown model: 500, not 404 (raupulus/api-fryntiz
  docs/apis/open-meteo/12-modelos-y-actualizaciones.md, verified live 2026-08-31; Vapor's
  FileIO answers a missing file with 500). The body's wording is Open-Meteo's error shape,
  inferred.
- Last-Modified and ETag: Vapor's FileIO.streamFile, which serves the file (S3DataController);
  an If-None-Match naming the current ETag gets 304. Not captured.
"""

import datetime
import email.utils
import json

from .common import ApiError, UTC, parse_now

PREFIX, SUFFIX = "/data/", "/static/meta.json"
META_KINDS = ("missing_field", "field_value", "future_run")  # faults that reshape a meta.json

_WKT = ('GEOGCRS["WGS 84",\n    DATUM["World Geodetic System 1984",\n        '
        'ELLIPSOID["WGS 84",6378137,298.257223563]],\n    CS[ellipsoidal,2],\n        '
        'AXIS["latitude",north],\n        AXIS["longitude",east],\n        '
        'ANGLEUNIT["degree",0.0174532925199433]\n    USAGE[\n        SCOPE["grid"],\n        '
        'BBOX[{bbox}]]]')

# interval and delay in seconds; forecast hours from the run (data_end_time, exclusive).
DOMAINS = {
    "cams_global": {"interval": 43200, "delay": 36942, "forecast_hours": 121,
                    "bbox": "-90.0,-180.0,90.0,179.6"},
    "cams_europe": {"interval": 86400, "delay": 41690, "forecast_hours": 97,
                    "bbox": "30.05,-24.95,71.95,44.95"},
}
FIELDS = ("chunk_time_length", "crs_wkt", "data_end_time", "last_run_availability_time",
          "last_run_initialisation_time", "last_run_modification_time",
          "temporal_resolution_seconds", "update_interval_seconds")


def model_of(path):
    """The model a `/data/<model>/static/meta.json` path names, or None for another path."""
    if path.startswith(PREFIX) and path.endswith(SUFFIX):
        model = path[len(PREFIX):-len(SUFFIX)]
        if model and "/" not in model:
            return model
    return None


def is_data_json(path):
    """A JSON file under /data/: served to anyone, a missing one answered 500 (Vapor)."""
    return path.startswith(PREFIX) and path.endswith(".json")


def _seconds(instant):
    return int(instant.timestamp())


class ModelRuns:
    """Each domain's schedule (interval, delay) and the runs a test published by hand."""

    def __init__(self):
        self.delays = {name: domain["delay"] for name, domain in DOMAINS.items()}
        self.published = {}  # model -> (initialisation, availability), unix seconds

    def configure(self, document, now):
        """`POST /control/model-runs`: `{"model", "delay_seconds"?, "publish"?: true,
        "run"?: ISO, "available"?: ISO}`. Returns the model's meta at `now`."""
        model = document.get("model")
        if model not in DOMAINS:
            raise ApiError(f"'model' must be one of {', '.join(DOMAINS)}")
        delay = document.get("delay_seconds")
        if delay is not None:
            if isinstance(delay, bool) or not isinstance(delay, int) or not 0 <= delay <= 7 * 86400:
                raise ApiError("'delay_seconds' must be an integer, 0 to 604800")
            self.delays[model] = delay
        if document.get("publish") is True or "run" in document:
            available = _seconds(now)
            if "run" in document:
                run = self._instant(document, "run")
            else:
                run = self.latest(model, now)[0] + DOMAINS[model]["interval"]
            if "available" in document:
                available = self._instant(document, "available")
            self.published[model] = (run, available)
        elif "publish" in document or "available" in document:
            raise ApiError("'publish' must be true; 'available' goes with 'run'")
        return self.meta(model, now)

    @staticmethod
    def _instant(document, key):
        value = document[key]
        try:
            return _seconds(parse_now(value))
        except (TypeError, ValueError):
            raise ApiError(f"Invalid date-time '{key}': {value!r}")

    def latest(self, model, now):
        """(initialisation, availability) of the last run out at `now`: the schedule's, or a
        published one if it is at least as recent and already available."""
        interval, delay = DOMAINS[model]["interval"], self.delays[model]
        seconds = _seconds(now)
        run = (seconds - delay) // interval * interval
        scheduled = (run, run + delay)
        published = self.published.get(model)
        if published and published[1] <= seconds and published[0] >= scheduled[0]:
            return published
        return scheduled

    def meta(self, model, now):
        """The meta.json document, fields as Open-Meteo names them (sorted when encoded)."""
        domain = DOMAINS[model]
        run, available = self.latest(model, now)
        return {
            "chunk_time_length": domain["forecast_hours"] + 4 * 24,
            "crs_wkt": _WKT.format(bbox=domain["bbox"]),
            "data_end_time": run + domain["forecast_hours"] * 3600,
            "last_run_availability_time": available,
            "last_run_initialisation_time": run,
            "last_run_modification_time": available,
            "temporal_resolution_seconds": 3600,
            "update_interval_seconds": domain["interval"],
        }


def reshape(document, fault, now):
    """A meta fault: `missing_field` leaves `field` out; `field_value` sets it to `value`
    (any JSON: null, a string, 1e300); `future_run` moves the run `seconds` (default a day)
    past the clock, its availability with it."""
    kind = fault["kind"]
    document = dict(document)
    if kind == "missing_field":
        document.pop(fault["field"], None)
    elif kind == "field_value":
        document[fault["field"]] = fault.get("value")
    elif kind == "future_run":
        shift = _seconds(now) + int(fault.get("seconds", 86400)) - \
            document["last_run_initialisation_time"]
        for name in ("data_end_time", "last_run_availability_time",
                     "last_run_initialisation_time", "last_run_modification_time"):
            document[name] += shift
    return document


def encode(document):
    """As the real file reads: keys sorted, no spaces."""
    return json.dumps(document, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False).encode()


def file_headers(document, body, if_none_match):
    """(status, headers): Last-Modified and ETag as Vapor's FileIO sets them for the file
    (written when the run became available); 304 when If-None-Match names this ETag."""
    modified = document.get("last_run_availability_time")
    if not isinstance(modified, int) or isinstance(modified, bool) or \
            not 0 <= modified < 253402300800:
        return 200, {}
    etag = f'"{float(modified)}-{len(body)}"'
    headers = {"ETag": etag, "Last-Modified": email.utils.format_datetime(
        datetime.datetime.fromtimestamp(modified, UTC), usegmt=True)}
    return (304 if if_none_match == etag else 200), headers


def unknown_model():
    return ApiError("Internal Server Error", status=500)
