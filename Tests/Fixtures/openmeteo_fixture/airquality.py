"""`/v1/air-quality`: parameter validation and the response objects, one per location.

Readings come from the scenario step or the control API when a coordinate was configured,
otherwise from `values.Generator`. The handler decides object-versus-array and applies faults.
"""

import datetime
import time

from . import hourly
from .common import ApiError, format_hour, parse_coordinates, resolve_timezone, snap
from .values import UNITS, VARIABLES, clean, merge_reading


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
        timeformat = params.get("timeformat", "iso8601")
        if timeformat not in ("iso8601", "unixtime"):
            raise ApiError(f"Data corrupted at path ''. Cannot initialize Timeformat from "
                           f"invalid String value {timeformat}.")
        self.unixtime = timeformat == "unixtime"
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


def build(request, lookup, generator, clock, timelines=None):
    """The response objects, in request order (location_id on all but the first).

    `lookup(lat, lon)` gives a configured reading (control API, scenario step) or None;
    `timelines.get(lat, lon)` the scenario's series for that place, if any.
    """
    now = clock.now()
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
        if facts is None:  # offset, abbreviation and current hour: once per zone per request
            offset = zone.offset_seconds(now)
            local = hourly.local_hour(now, offset)
            stamp = local * 3600 - offset if request.unixtime else \
                format_hour(now.astimezone(zone.zone).replace(minute=0))
            facts = zone_facts[zone.name] = (offset, zone.abbreviation(now), stamp,
                                             hourly.value_hour(local, offset))
        hour_index = facts[3]
        profile = generator.profile(lat, lon)
        configured = lookup(lat, lon)
        timeline = timelines.get(lat, lon) if timelines else None
        snapped_lat, snapped_lon = snap(lat, lon)
        obj = {"latitude": snapped_lat, "longitude": snapped_lon}
        if index:
            obj["location_id"] = index
        obj["generationtime_ms"] = 0.0
        obj["utc_offset_seconds"] = facts[0]
        obj["timezone"] = zone.name
        obj["timezone_abbreviation"] = facts[1]
        obj["elevation"] = (configured or {}).get("elevation", profile.elevation)
        values = profile.cached_reading(hour_index)
        if timeline:
            values = {**values, **timeline.at(hour_index)}
        values = merge_reading(values, configured and configured["current"])
        if current_units:
            current = {"time": facts[2], "interval": 3600}
            for name in request.current:
                current[name] = clean(values.get(name))
            obj["current_units"] = current_units
            obj["current"] = current
        if hourly_units:
            obj["hourly_units"] = hourly_units
            obj["hourly"] = hourly.block(request, facts[0], now, profile, configured, timeline,
                                         values)
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
