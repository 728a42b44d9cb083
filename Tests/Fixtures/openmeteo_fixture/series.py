"""Scenario timelines: hourly concentrations fixed in time, so a pinned clock sees the same air.

A timeline is one location's (or every location's) series, written as keyframes per variable:
`[[hour, value], ...]`, where `hour` is an hour count after the scenario's `anchor` or an ISO
UTC time. Between two keys the value is interpolated linearly (at whole hours); a `null` key
makes the hours up to the next key null; before the first key and after the last the nearest
value holds. A variable may be an object `{"keys": [...], "daily_cycle": 0.2, "peak_hour": 15}`
to add a daily rhythm (peak at that UTC hour). `us_aqi` and `us_aqi_<pollutant>` are derived
the way Open-Meteo derives them (24-hour PM means, 8-hour CO, O₃ max of 1- and 8-hour) unless
given. Samples are computed once per window and shared between locations: callers must not
mutate them.
"""

import datetime
import math
import threading

from .averaging import open_meteo_indices
from .common import ApiError, UTC
from .values import VARIABLES

_LEAD = 23  # the 24-hour means need the day before a window
_HOSTILE_KINDS = ("missing_hours", "wrong_length", "out_of_order", "short_forecast")


def epoch_hour(text, anchor, key):
    """A key's hour (hours since the epoch): a number after `anchor`, or an ISO UTC time."""
    if isinstance(text, bool):
        raise ApiError(f"{key}: a time must be an hour count or an ISO date-time")
    if isinstance(text, (int, float)):
        if anchor is None:
            raise ApiError(f"{key}: an hour count needs the scenario's 'anchor'")
        return anchor + int(text)
    try:
        value = datetime.datetime.fromisoformat(str(text))
    except ValueError:
        raise ApiError(f"{key}: invalid date-time {text!r}")
    value = value.replace(tzinfo=UTC) if value.tzinfo is None else value
    return int(value.timestamp() // 3600)


def _number(value, key):
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ApiError(f"{key}: a value must be a number or null")
    return float(value)


def _count(value, key):
    """A whole number of hours ≥ 0, or None when absent."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ApiError(f"{key}: expected a whole number ≥ 0")
    return value


class Variable:
    """One variable's keyframes and optional daily cycle."""

    def __init__(self, name, spec, anchor):
        if isinstance(spec, dict):
            keys, self.cycle, self.peak = spec.get("keys"), spec.get("daily_cycle", 0.0), \
                spec.get("peak_hour", 15)
        else:
            keys, self.cycle, self.peak = spec, 0.0, 15
        if not isinstance(keys, list) or not keys:
            raise ApiError(f"series '{name}': expected a non-empty list of [hour, value] keys")
        parsed = []
        for index, pair in enumerate(keys):
            where = f"series '{name}' key {index}"
            if not isinstance(pair, list) or len(pair) != 2:
                raise ApiError(f"{where}: expected [hour, value]")
            parsed.append((epoch_hour(pair[0], anchor, where), _number(pair[1], where)))
        if any(b[0] <= a[0] for a, b in zip(parsed, parsed[1:])):
            raise ApiError(f"series '{name}': key hours must increase")
        self.keys = parsed

    def sample(self, first, count):
        """Values at the hours first … first+count−1, rounded to 0.1 as Open-Meteo does."""
        keys, out, index = self.keys, [], 0
        for hour in range(first, first + count):
            while index + 1 < len(keys) and keys[index + 1][0] <= hour:
                index += 1
            start, value = keys[index]
            if hour > start and index + 1 < len(keys):
                end, next_value = keys[index + 1]
                value = None if value is None or next_value is None else \
                    value + (next_value - value) * (hour - start) / (end - start)
            if value is not None and self.cycle:
                value *= 1.0 + self.cycle * math.cos(2 * math.pi * ((hour - self.peak) % 24) / 24)
            out.append(None if value is None else round(max(0.0, value), 1))
        return out


class Timeline:
    """A location's scenario series plus its hostile reshaping of the `hourly` block."""

    def __init__(self, spec, anchor, where):
        hourly = spec.get("hourly")
        if not isinstance(hourly, dict) or not hourly:
            raise ApiError(f"{where}: expected \"hourly\": {{variable: keys}}")
        for name in hourly:
            if name not in VARIABLES:
                raise ApiError(f"{where}: unknown variable '{name}'")
        self.variables = {name: Variable(name, keys, anchor) for name, keys in hourly.items()}
        self.horizon = _count(spec.get("horizon_hours"), f"{where} 'horizon_hours'")
        self.hostile = [self._hostile(op, anchor, f"{where} hostile {i}")
                        for i, op in enumerate(spec.get("hostile") or [])]
        self._cache, self._span, self._lock = {}, (None, None), threading.Lock()

    @staticmethod
    def _hostile(op, anchor, where):
        if not isinstance(op, dict) or op.get("kind") not in _HOSTILE_KINDS:
            raise ApiError(f"{where}: 'kind' must be one of {', '.join(_HOSTILE_KINDS)}")
        op = dict(op)
        for key in ("from", "at"):
            if key in op or (key, op["kind"]) in (("from", "missing_hours"), ("at", "out_of_order")):
                op[key] = epoch_hour(op.get(key), anchor, f"{where} '{key}'")
        for key in ("hours", "drop"):
            if key in op:
                op[key] = _count(op[key], f"{where} '{key}'")
        variables = op.get("variables")
        if variables is not None and (not isinstance(variables, list) or
                                      any(name not in VARIABLES for name in variables)):
            raise ApiError(f"{where}: 'variables' must be a list of variable names")
        return op

    def window(self, first, count, now_hour):
        """{variable: values} for the hours first … first+count−1 (shared; do not mutate)."""
        key = (first, count, now_hour if self.horizon is not None else None)
        with self._lock:
            cached = self._cache.get(key)
            if cached is None:
                cached = self._cache[key] = self._slice(first, count, now_hour)
                if len(self._cache) > 64:
                    self._cache = {key: cached}
        return cached

    def _slice(self, first, count, now_hour):
        start, span = self._span
        if span is None or first < start or first + count > start + len(span["time"]):
            # Margins of two days let every time zone's window of a request share one span.
            start = first - 48
            columns = {name: variable.sample(start - _LEAD, count + 96 + _LEAD)
                       for name, variable in self.variables.items()}
            derived = open_meteo_indices(columns)
            span = {name: values[_LEAD:] for name, values in columns.items()}
            for name, values in derived.items():
                span.setdefault(name, values[_LEAD:])
            span["time"] = range(start, start + count + 96)
            self._span = (start, span)
        offset = first - start
        block = {name: list(values[offset: offset + count]) for name, values in span.items()
                 if name != "time"}
        if self.horizon is not None:  # beyond the model's reach values are null
            reach = max(0, now_hour + self.horizon - first + 1)
            for values in block.values():
                values[reach:] = [None] * max(0, count - reach)
        return block

    def at(self, hour):
        """{variable: value} at one hour (for `current`)."""
        return {name: values[0] for name, values in self.window(hour, 1, hour).items()}


class SeriesStore:
    """The scenario's timelines: per coordinate (within 0.01°), and one for everywhere else."""

    def __init__(self, document):
        series = document.get("series") or []
        if not isinstance(series, list):
            raise ApiError("'series' must be a list of {latitude?, longitude?, hourly}")
        anchor = None
        if document.get("anchor") is not None:
            anchor = epoch_hour(document["anchor"], None, "anchor")
        self.located, self.everywhere = [], None
        for index, spec in enumerate(series):
            where = f"series {index}"
            if not isinstance(spec, dict):
                raise ApiError(f"{where}: expected an object")
            timeline = Timeline(spec, anchor, where)
            if spec.get("latitude") is None and spec.get("longitude") is None:
                self.everywhere = timeline
                continue
            try:
                lat, lon = float(spec["latitude"]), float(spec["longitude"])
            except (KeyError, TypeError, ValueError):
                raise ApiError(f"{where}: 'latitude' and 'longitude' must be numbers (or both "
                               "absent: every location)")
            self.located.append((lat, lon, timeline))

    def __bool__(self):
        return bool(self.located) or self.everywhere is not None

    def get(self, lat, lon):
        for entry_lat, entry_lon, timeline in self.located:
            if abs(entry_lat - lat) <= 0.01 + 1e-9 and abs(entry_lon - lon) <= 0.01 + 1e-9:
                return timeline
        return self.everywhere
