"""The server's mutable state, set through the control API: readings, geocoding answers, the
fault queue, the request log, the scenario and the model runs. One lock guards it all (requests
are short).
"""

import copy
import datetime
import threading
import time

from .common import ApiError, parse_now
from .model_runs import META_KINDS, ModelRuns, model_of
from .series import SeriesStore

FAULT_KINDS = ("status", "delay", "invalid_json", "truncated", "wrong_length", "nulls",
               "oversized", "reset", "stream_error") + META_KINDS
TOLERANCE = 0.01  # degrees: a configured reading matches requests this close to it


class ReadingStore:
    """Readings per coordinate, found within TOLERANCE through a 0.01° grid index."""

    def __init__(self, locations=()):
        self._cells = {}
        for location in locations:
            self.put(location)

    @staticmethod
    def _cell(lat, lon):
        return round(lat * 100), round(lon * 100)

    def put(self, location):
        try:
            lat, lon = float(location["latitude"]), float(location["longitude"])
        except (KeyError, TypeError, ValueError):
            raise ApiError("Each location needs numeric 'latitude' and 'longitude'")
        entry = {"latitude": lat, "longitude": lon,
                 "current": dict(location.get("current") or {}),
                 "hourly": dict(location.get("hourly") or {})}
        if "elevation" in location:
            entry["elevation"] = location["elevation"]
        existing = self.get(lat, lon)
        if existing is not None:
            self._cells[self._cell(existing["latitude"], existing["longitude"])].remove(existing)
        self._cells.setdefault(self._cell(lat, lon), []).append(entry)

    def get(self, lat, lon):
        """The nearest configured entry within TOLERANCE, or None."""
        cell_lat, cell_lon = self._cell(lat, lon)
        best, best_distance = None, None
        for d_lat in (-1, 0, 1):
            for d_lon in (-1, 0, 1):
                for entry in self._cells.get((cell_lat + d_lat, cell_lon + d_lon), ()):
                    distance = max(abs(entry["latitude"] - lat), abs(entry["longitude"] - lon))
                    if distance <= TOLERANCE + 1e-9 and (best is None or distance < best_distance):
                        best, best_distance = entry, distance
        return best

    def __len__(self):
        return sum(len(entries) for entries in self._cells.values())


def _validate_fault(fault):
    if not isinstance(fault, dict) or fault.get("kind") not in FAULT_KINDS:
        raise ApiError(f"Unknown fault kind; expected one of {', '.join(FAULT_KINDS)}")
    fault = dict(fault)
    fault["count"] = int(fault.get("count", 1))
    if fault["count"] == 0:
        raise ApiError("'count' must be positive, or negative for every matching request")
    if fault["kind"] == "status" and not isinstance(fault.get("status"), int):
        raise ApiError("A 'status' fault needs an integer 'status'")
    if fault["kind"] in META_KINDS and model_of(str(fault.get("path", ""))) is None:
        raise ApiError(f"A '{fault['kind']}' fault needs the meta.json 'path' it reshapes, "
                       "e.g. /data/cams_global/static/meta.json")
    if fault["kind"] in ("missing_field", "field_value") and \
            not isinstance(fault.get("field"), str):
        raise ApiError(f"A '{fault['kind']}' fault needs a string 'field'")
    if fault["kind"] == "future_run" and (isinstance(fault.get("seconds", 0), bool) or
                                          not isinstance(fault.get("seconds", 0), int)):
        raise ApiError("A 'future_run' fault's 'seconds' must be an integer")
    if ("param" in fault) != ("contains" in fault) or not all(
            isinstance(fault.get(key, ""), str) for key in ("param", "contains")):
        raise ApiError("'param' and 'contains' go together, both strings")
    return fault


class State:
    """Everything the control API can change, plus the request log."""

    def __init__(self, initial_scenario=None):
        self.lock = threading.Lock()
        self.initial_scenario = initial_scenario
        self.reset()

    def reset(self):
        """Back to the start: no readings, geocoding, faults or log; the startup scenario."""
        with self.lock:
            self.readings = ReadingStore()
            self.geocoding = {}
            # Names answered whole, whatever `count` asks (a server that ignores it).
            self.geocoding_uncounted = set()
            self.faults = []
            self.log = []
            self.scenario_steps, self.scenario_index, self.scenario_advance = [], 0, "per_request"
            self.timelines, self.scenario_now, self.clock_step = SeriesStore({}), None, None
            self.model_runs = ModelRuns()
        if self.initial_scenario is not None:
            self.set_scenario(self.initial_scenario)

    # Readings and geocoding -------------------------------------------------------------

    def set_readings(self, body):
        locations = body.get("locations")
        if not isinstance(locations, list):
            raise ApiError("Expected {\"locations\": [...]}")
        with self.lock:
            for location in locations:
                self.readings.put(location)
            return len(self.readings)

    def set_geocoding(self, body):
        entries = body.get("entries", [body])
        for entry in entries:
            name, results = entry.get("name"), entry.get("results")
            if not isinstance(name, str) or not isinstance(results, list):
                raise ApiError("Expected {\"name\": \"...\", \"results\": [...]}")
        with self.lock:
            for entry in entries:
                name = entry["name"].strip().lower()
                self.geocoding[name] = copy.deepcopy(entry["results"])
                if entry.get("ignoreCount"):
                    self.geocoding_uncounted.add(name)
                else:
                    self.geocoding_uncounted.discard(name)
            return len(self.geocoding)

    def geocoding_overrides(self):
        with self.lock:
            return dict(self.geocoding)

    def geocoding_ignoring_count(self):
        with self.lock:
            return set(self.geocoding_uncounted)

    # Scenario -----------------------------------------------------------------------------

    def set_scenario(self, body):
        """Steps (readings per request or on demand) and/or a timeline (`series`, `anchor`),
        with an optional `now` the clock is pinned to and `clock_step_minutes` it moves on by
        after every air-quality request. Returns the number of steps."""
        steps = body.get("steps", [])
        advance = body.get("advance", "per_request")
        timelines = SeriesStore(body)
        if not isinstance(steps, list) or not (steps or timelines):
            raise ApiError("Expected {\"steps\": [{\"locations\": [...]}, ...]} "
                           "and/or {\"series\": [...]}")
        if advance not in ("per_request", "manual"):
            raise ApiError("'advance' must be 'per_request' or 'manual'")
        now = body.get("now")
        try:
            now = None if now is None else parse_now(str(now))
        except ValueError:
            raise ApiError(f"Invalid date-time 'now': {body.get('now')!r}")
        step = body.get("clock_step_minutes")
        if step is not None and (isinstance(step, bool) or not isinstance(step, (int, float))
                                 or not 0 < step <= 24 * 60):
            raise ApiError("'clock_step_minutes' must be a number of minutes, 0 < n ≤ 1440")
        stores = [ReadingStore(step.get("locations") or []) for step in steps]
        with self.lock:
            self.scenario_steps, self.scenario_index = stores, 0
            self.scenario_advance = advance
            self.timelines, self.scenario_now = timelines, now
            self.clock_step = None if step is None else datetime.timedelta(minutes=step)
        return len(stores)

    def advance_scenario(self):
        with self.lock:
            if self.scenario_steps:
                self.scenario_index = min(self.scenario_index + 1, len(self.scenario_steps) - 1)
            return self.scenario_status()

    def scenario_status(self):
        return {"step": self.scenario_index, "steps": len(self.scenario_steps),
                "advance": self.scenario_advance, "series": bool(self.timelines)}

    def readings_for_request(self):
        """A lookup function for one air-quality request; moves a per-request scenario on."""
        with self.lock:
            step = None
            if self.scenario_steps:
                step = self.scenario_steps[self.scenario_index]
                if self.scenario_advance == "per_request":
                    self.scenario_index = min(self.scenario_index + 1,
                                              len(self.scenario_steps) - 1)
            readings = self.readings

        def lookup(lat, lon):
            return (step.get(lat, lon) if step else None) or readings.get(lat, lon)
        return lookup

    # Faults and the request log ----------------------------------------------------------

    def add_faults(self, body):
        faults = [_validate_fault(fault) for fault in body.get("faults", [])]
        with self.lock:
            self.faults.extend(faults)
            return len(self.faults)

    def pending_faults(self):
        with self.lock:
            return [dict(fault) for fault in self.faults]

    def take_fault(self, path, params=None):
        """The first queued fault matching `path` (and, with `param`/`contains`, whose request
        parameter `param` — query or form — contains that text), counted down (count < 0:
        forever)."""
        with self.lock:
            for index, fault in enumerate(self.faults):
                if fault.get("path") not in (None, path):
                    continue
                if "param" in fault and not any(
                        fault["contains"] in value for value in (params or {}).get(fault["param"], [])):
                    continue
                if fault["count"] > 0:
                    fault["count"] -= 1
                    if fault["count"] == 0:
                        del self.faults[index]
                return dict(fault)
        return None

    def record(self, method, path, query, form, headers):
        """Logs a request; the entry is returned for `note_answer`."""
        entry = {"method": method, "path": path, "query": query, "form": form,
                 "headers": headers, "time": time.time()}
        with self.lock:
            self.log.append(entry)
        return entry

    def note_answer(self, entry, size):
        """The size in bytes of the body sent for the request logged as `entry` (gzipped when
        it went out gzipped): scripts/bench counts the bytes a poll cycle receives."""
        with self.lock:
            entry["answer_bytes"] = size

    def requests(self, path=None):
        with self.lock:
            return [entry for entry in self.log if path is None or entry["path"] == path]
