"""`/v1/archive`: deterministic daily temperatures from the date and the coordinate.

The climate is a crude latitude/season model plus a small warming trend and hashed noise, so
"this day across decades" looks plausible. Like ERA5, the last 5 days are not there yet (null).
"""

import datetime
import hashlib
import math
import time

from .common import ApiError, parse_coordinates, resolve_timezone, snap

DAILY_UNITS = {"temperature_2m_max": "°C", "temperature_2m_min": "°C",
               "temperature_2m_mean": "°C", "precipitation_sum": "mm"}
FIRST_DAY = datetime.date(1940, 1, 1)
LAG_DAYS = 5


def _noise(lat, lon, day):
    """Two stable values in [0, 1) for this coordinate and day."""
    digest = hashlib.blake2b(f"{lat:.2f},{lon:.2f},{day.isoformat()}".encode(),
                             digest_size=4).digest()
    return digest[0] / 256 + digest[1] / 65536, digest[2] / 256 + digest[3] / 65536


def daily_values(lat, lon, day):
    """All daily variables for one coordinate and date."""
    distance = abs(lat)
    base = 30.0 - 0.3 * distance - max(0.0, distance - 40.0) * 0.25
    amplitude = 0.25 * distance
    season = math.cos(2 * math.pi * (day.timetuple().tm_yday - 200) / 365.25)
    if lat < 0:
        season = -season
    first, second = _noise(lat, lon, day)
    warming = 0.018 * (day.year - 1940)
    t_max = base + amplitude * season + warming + (first - 0.5) * 8.0
    t_min = t_max - 5.0 - 6.0 * second
    rain = max(0.0, (second - 0.55) * 25.0)
    return {"temperature_2m_max": round(t_max, 1), "temperature_2m_min": round(t_min, 1),
            "temperature_2m_mean": round((t_max + t_min) / 2, 1),
            "precipitation_sum": round(rain, 1)}


def _dates(params, key, today):
    texts = params.list(key)
    if not texts:
        raise ApiError(f"Value of type 'String' required for key '{key}'.")
    dates = []
    for text in texts:
        try:
            day = datetime.date.fromisoformat(text)
        except ValueError:
            raise ApiError(f"Invalid date format for parameter '{key}': '{text}'. "
                           "Expected YYYY-MM-DD.")
        if not FIRST_DAY <= day <= today:
            raise ApiError(f"Parameter '{key}' is out of allowed range from "
                           f"{FIRST_DAY.isoformat()} to {today.isoformat()}")
        dates.append(day)
    return dates


def archive(params, clock):
    """The list of response objects: one per date range (or per location)."""
    now = clock.now()
    today = now.date()
    coordinates = parse_coordinates(params)
    starts, ends = _dates(params, "start_date", today), _dates(params, "end_date", today)
    if len(starts) != len(ends):
        raise ApiError("Parameter 'start_date' and 'end_date' must have the same number "
                       "of elements")
    daily = params.list("daily")
    for name in daily:
        if name not in DAILY_UNITS:
            raise ApiError(f"Data corrupted at path ''. Cannot initialize "
                           f"Era5DailyWeatherVariable from invalid String value {name}.")
    zones = params.list("timezone")
    if daily and not zones:
        raise ApiError("Parameter 'timezone' is required when using daily variables")
    count = max(len(coordinates), len(starts))
    if len(coordinates) not in (1, count) or len(starts) not in (1, count):
        raise ApiError("Parameter 'start_date' and 'end_date' must have one element or one "
                       "per location")
    if len(zones) not in (0, 1, count):
        raise ApiError("Parameter 'timezone' must have one element or one per location")
    objects = []
    for index in range(count):
        started = time.perf_counter()
        location_index = index if len(coordinates) > 1 else 0
        lat, lon = coordinates[location_index]
        start, end = starts[index % len(starts)], ends[index % len(ends)]
        if end < start:
            raise ApiError("End-date must be larger or equals than start-date")
        zone = resolve_timezone(zones[index % len(zones)] if zones else "GMT", lat, lon)
        snapped_lat, snapped_lon = snap(lat, lon)
        obj = {"latitude": snapped_lat, "longitude": snapped_lon}
        if location_index:
            obj["location_id"] = location_index
        obj.update({"generationtime_ms": 0.0, "utc_offset_seconds": zone.offset_seconds(now),
                    "timezone": zone.name, "timezone_abbreviation": zone.abbreviation(now),
                    "elevation": float(round((abs(lat * 37 + lon * 11)) % 400))})
        if daily:
            days = [start + datetime.timedelta(days=k) for k in range((end - start).days + 1)]
            block = {"time": [day.isoformat() for day in days]}
            rows = [None if (today - day).days <= LAG_DAYS else daily_values(lat, lon, day)
                    for day in days]
            for name in daily:
                block[name] = [row[name] if row else None for row in rows]
            obj["daily_units"] = {"time": "iso8601", **{n: DAILY_UNITS[n] for n in daily}}
            obj["daily"] = block
        obj["generationtime_ms"] = round((time.perf_counter() - started) * 1000, 4)
        objects.append(obj)
    return objects
