"""`/v1/air-quality`: parameter validation and the response objects, one per location.

Readings come from the scenario step or the control API when a coordinate was configured,
otherwise from `values.Generator`. The handler decides object-versus-array and applies faults.
"""

import datetime
import time

from .common import ApiError, UTC, format_hour, parse_coordinates, resolve_timezone, snap
from .values import UNITS, VARIABLES, clean, merge_reading

HOUR = datetime.timedelta(hours=1)


def _variables(params, key):
    names = params.list(key)
    for name in names:
        if name not in VARIABLES:
            raise ApiError(f"Data corrupted at path ''. Cannot initialize AirQualityVariable "
                           f"from invalid String value {name}.")
    return names


def _date(text, key):
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise ApiError(f"Invalid date format for parameter '{key}': '{text}'. "
                       "Expected YYYY-MM-DD.")


class Request:
    """A validated air-quality request."""

    def __init__(self, params):
        self.coordinates = parse_coordinates(params)
        self.current = _variables(params, "current")
        self.hourly = _variables(params, "hourly")
        self.past_days = params.int("past_days", 0, 0, 92,
                                    "Past days is invalid. Allowed range 0 to 92.")
        self.forecast_days = params.int("forecast_days", 5, 0, 7,
                                        "Forecast days is invalid. Allowed range 0 to 7.")
        self.past_hours = params.int("past_hours", None, 0, 92 * 24,
                                     "Past hours is invalid. Allowed range 0 to 2208.")
        self.forecast_hours = params.int("forecast_hours", None, 0, 7 * 24,
                                         "Forecast hours is invalid. Allowed range 0 to 168.")
        start, end = params.get("start_date"), params.get("end_date")
        if (start is None) != (end is None):
            raise ApiError("Parameter 'start_date' and 'end_date' must be set together")
        self.dates = None
        if start is not None:
            self.dates = (_date(start, "start_date"), _date(end, "end_date"))
            if self.dates[1] < self.dates[0]:
                raise ApiError("End-date must be larger or equals than start-date")
        self.unixtime = params.get("timeformat", "iso8601") == "unixtime"
        if params.get("timeformat", "iso8601") not in ("iso8601", "unixtime"):
            raise ApiError("Parameter 'timeformat' must be 'iso8601' or 'unixtime'")
        if params.get("domains", "auto") not in ("auto", "cams_europe", "cams_global"):
            raise ApiError(f"Cannot initialize Domain from invalid String value "
                           f"{params.get('domains')}.")
        zones = params.list("timezone") or ["GMT"]
        if len(zones) not in (1, len(self.coordinates)):
            raise ApiError("Parameter 'timezone' must have one element or one per location")
        self.timezones = [zones[0] if len(zones) == 1 else zones[i]
                          for i in range(len(self.coordinates))]
        # Validate every zone now, so an error is a 400 before any body is produced.
        for zone, (lat, lon) in zip(self.timezones, self.coordinates):
            resolve_timezone(zone, lat, lon)


_AXES = {}  # (zone, start, hours, unixtime) → time axis list; a handful of entries in practice


def _time_axis(zone, start_utc, hours, unixtime):
    key = (zone.name, start_utc, hours, unixtime)
    axis = _AXES.get(key)
    if axis is None:
        instants = [start_utc + k * HOUR for k in range(hours)]
        if unixtime:
            axis = [int(t.timestamp()) for t in instants]
        else:
            axis = [format_hour(t.astimezone(zone.zone)) for t in instants]
        if len(_AXES) > 256:
            _AXES.clear()
        _AXES[key] = axis
    return axis


def _window(request, zone, now):
    """(first UTC hour, number of hours) of the hourly series."""
    now_hour = now.replace(minute=0, second=0, microsecond=0)
    if request.past_hours is not None or request.forecast_hours is not None:
        past = request.past_hours or 0
        forward = request.forecast_hours if request.forecast_hours is not None else 0
        return now_hour - past * HOUR, past + forward
    if request.dates is not None:
        start = datetime.datetime.combine(request.dates[0], datetime.time(), zone.zone)
        end = datetime.datetime.combine(request.dates[1] + datetime.timedelta(days=1),
                                        datetime.time(), zone.zone)
        start_utc = start.astimezone(UTC)
        return start_utc, int((end.astimezone(UTC) - start_utc) / HOUR)
    local = now.astimezone(zone.zone)
    midnight = datetime.datetime.combine(local.date(), datetime.time(), zone.zone)
    start_utc = (midnight - datetime.timedelta(days=request.past_days)).astimezone(UTC)
    return start_utc, 24 * (request.past_days + request.forecast_days)


def _hourly(request, zone, now, profile, configured):
    """`hourly` block: configured series where given (with or without their own `time`)."""
    series = dict(configured.get("hourly") or {}) if configured else {}
    if "time" in series:
        axis = list(series.pop("time"))
        start_utc, hours = None, len(axis)
    else:
        start_utc, hours = _window(request, zone, now)
        axis = _time_axis(zone, start_utc, hours, request.unixtime)
    block = {"time": axis}
    generated = None
    for name in request.hourly:
        if name in series:
            values = [clean(v) for v in list(series[name])[:hours]]
            block[name] = values + [None] * (hours - len(values))
            continue
        if generated is None:
            if start_utc is None:  # configured axis: generate around now, one per entry
                first = int(now.timestamp() // 3600)
            else:
                first = int(start_utc.timestamp() // 3600)
            generated = [profile.reading(first + k) for k in range(hours)]
        block[name] = [reading[name] for reading in generated]
    return block


def build(request, lookup, generator, clock):
    """The response objects, in request order (location_id on all but the first)."""
    now = clock.now()
    hour_index = int(now.timestamp() // 3600)
    current_units, hourly_units = None, None
    if request.current:
        current_units = {"time": "unixtime" if request.unixtime else "iso8601",
                         "interval": "seconds"}
        current_units.update((name, UNITS[name]) for name in request.current)
    if request.hourly:
        hourly_units = {"time": "unixtime" if request.unixtime else "iso8601"}
        hourly_units.update((name, UNITS[name]) for name in request.hourly)
    objects, zone_facts = [], {}
    for index, (lat, lon) in enumerate(request.coordinates):
        started = time.perf_counter()
        zone = resolve_timezone(request.timezones[index], lat, lon)
        facts = zone_facts.get(zone.name)
        if facts is None:  # offset, abbreviation and local hour: once per zone per request
            stamp = hour_index * 3600 if request.unixtime else \
                format_hour(now.astimezone(zone.zone).replace(minute=0))
            facts = zone_facts[zone.name] = (zone.offset_seconds(now), zone.abbreviation(now),
                                             stamp)
        profile = generator.profile(lat, lon)
        configured = lookup(lat, lon)
        snapped_lat, snapped_lon = snap(lat, lon)
        obj = {"latitude": snapped_lat, "longitude": snapped_lon}
        if index:
            obj["location_id"] = index
        obj["generationtime_ms"] = 0.0
        obj["utc_offset_seconds"] = facts[0]
        obj["timezone"] = zone.name
        obj["timezone_abbreviation"] = facts[1]
        obj["elevation"] = (configured or {}).get("elevation", profile.elevation)
        if current_units:
            values = merge_reading(profile.cached_reading(hour_index),
                                   configured and configured["current"])
            current = {"time": facts[2], "interval": 3600}
            for name in request.current:
                current[name] = clean(values.get(name))
            obj["current_units"] = current_units
            obj["current"] = current
        if hourly_units:
            obj["hourly_units"] = hourly_units
            obj["hourly"] = _hourly(request, zone, now, profile, configured)
        obj["generationtime_ms"] = round((time.perf_counter() - started) * 1000, 4)
        objects.append(obj)
    return objects


def null_values(objects):
    """The `nulls` fault: every value in `current` (and `hourly`) becomes null."""
    for obj in objects:
        for block in ("current", "hourly"):
            if block in obj:
                for name in obj[block]:
                    if name not in ("time", "interval"):
                        value = obj[block][name]
                        obj[block][name] = [None] * len(value) if isinstance(value, list) \
                            else None
    return objects
