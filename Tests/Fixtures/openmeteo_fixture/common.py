"""Shared helpers: the API error type, parameter parsing, clocks and time zones.

Everything here is pure (no sockets, no shared state) so the endpoint modules stay small.
"""

import datetime
import math
import zoneinfo

UTC = datetime.timezone.utc


class ApiError(Exception):
    """An error answered Open-Meteo style: HTTP `status` and `{"error":true,"reason":...}`."""

    def __init__(self, reason, status=400, headers=None):
        super().__init__(reason)
        self.reason = reason
        self.status = status
        self.headers = headers or {}


class Params:
    """Request parameters merged from the query string and a form body (form wins).

    Values are the raw strings; the accessors below validate them the way Open-Meteo does.
    """

    def __init__(self, query, form):
        self.values = {}
        for source in (query, form):
            for key, values in source.items():
                if values:
                    self.values[key] = values[-1]

    def get(self, key, default=None):
        return self.values.get(key, default)

    def list(self, key):
        """A comma-separated parameter as a list of stripped, non-empty strings."""
        raw = self.values.get(key)
        if raw is None:
            return []
        return [item.strip() for item in raw.split(",") if item.strip()]

    def int(self, key, default, low, high, reason):
        raw = self.values.get(key)
        if raw is None or raw == "":
            return default
        try:
            value = int(raw)
        except ValueError:
            raise ApiError(f"Value of type 'Int' required for key '{key}'.")
        if not low <= value <= high:
            raise ApiError(reason)
        return value


def parse_coordinates(params):
    """The `latitude`/`longitude` lists as [(lat, lon)], validated like Open-Meteo."""
    for key in ("latitude", "longitude"):
        if not params.get(key):
            raise ApiError(f"Value of type 'String' required for key '{key}'.")
    lats, lons = params.list("latitude"), params.list("longitude")
    if len(lats) != len(lons):
        raise ApiError(
            "Parameter 'latitude' and 'longitude' must have the same number of elements")
    if len(lats) > 1000:
        raise ApiError("Only up to 1000 locations can be requested at once")
    coordinates = []
    for lat_text, lon_text in zip(lats, lons):
        lat, lon = _float(lat_text, "latitude"), _float(lon_text, "longitude")
        if not -90 <= lat <= 90:
            raise ApiError(f"Latitude must be in range of -90 to 90°. Given: {lat}.")
        if not -180 <= lon <= 180:
            raise ApiError(f"Longitude must be in range of -180 to 180°. Given: {lon}.")
        coordinates.append((lat, lon))
    return coordinates


def _float(text, key):
    try:
        value = float(text)
    except ValueError:
        raise ApiError(f"Value of type 'Float' required for key '{key}'.")
    if math.isnan(value) or math.isinf(value):
        raise ApiError(f"Value of type 'Float' required for key '{key}'.")
    return value


def snap(lat, lon):
    """Grid-cell centre as Open-Meteo reports it: near, not equal, to what was asked."""
    snapped_lat = round(round(lat * 10) / 10, 1)
    snapped_lon = round(round(lon * 10) / 10 + (0.000002 if lon % 1 else 0.0), 6)
    return snapped_lat, snapped_lon


class Clock:
    """The server's notion of now: the real UTC time, or a frozen instant (`--now`)."""

    def __init__(self, frozen=None):
        self.frozen = frozen
        self.start = frozen  # what POST /control/reset returns to

    def now(self):
        return self.frozen or datetime.datetime.now(UTC)


def parse_now(text):
    """`--now 2026-08-20T14:30` (UTC) into an aware datetime."""
    value = datetime.datetime.fromisoformat(text)
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class TimeZone:
    """A resolved `timezone` parameter: its name, and offset/abbreviation at an instant."""

    def __init__(self, name):
        self.name = name
        self.zone = UTC if name in ("GMT", "UTC") else zoneinfo.ZoneInfo(name)

    def offset_seconds(self, instant):
        return int(instant.astimezone(self.zone).utcoffset().total_seconds())

    def abbreviation(self, instant):
        if self.name in ("GMT", "UTC"):
            return self.name
        return instant.astimezone(self.zone).tzname() or self.name


_ZONES = {}


def resolve_timezone(name, lat=0.0, lon=0.0):
    """`GMT`, `UTC`, an IANA name, or `auto` (guessed from the coordinate) → TimeZone."""
    if name.lower() == "auto":
        name = guess_timezone(lat, lon)
    if name in _ZONES:
        return _ZONES[name]
    try:
        zone = TimeZone(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        raise ApiError(f"Invalid timezone '{name}'")
    _ZONES[name] = zone
    return zone


# A few reference points for `timezone=auto`; elsewhere a whole-hour zone from the longitude.
_AUTO_ZONES = [
    (40.7, -74.0, "America/New_York"), (34.1, -118.2, "America/Los_Angeles"),
    (41.9, -87.6, "America/Chicago"), (43.7, -79.4, "America/Toronto"),
    (51.5, -0.1, "Europe/London"), (48.9, 2.4, "Europe/Paris"), (52.5, 13.4, "Europe/Berlin"),
    (35.7, 139.7, "Asia/Tokyo"), (-33.9, 151.2, "Australia/Sydney"), (25.2, 55.3, "Asia/Dubai"),
]


def guess_timezone(lat, lon):
    near = [(max(abs(ref_lat - lat), abs(ref_lon - lon)), name)
            for ref_lat, ref_lon, name in _AUTO_ZONES]
    distance, name = min(near)
    if distance < 5:
        return name
    hours = round(lon / 15)
    if hours == 0:
        return "GMT"
    # POSIX Etc/ zones have inverted signs: Etc/GMT-1 is UTC+1.
    return f"Etc/GMT{'-' if hours > 0 else '+'}{abs(hours)}"


def format_hour(local):
    """`YYYY-MM-DDTHH:MM` as Open-Meteo writes local times."""
    return local.strftime("%Y-%m-%dT%H:%M")
