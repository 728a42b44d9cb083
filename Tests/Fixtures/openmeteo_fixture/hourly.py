"""The `hourly` block of `/v1/air-quality`: its window of hours, time axis and columns.

Open-Meteo writes local times as UTC plus the one `utc_offset_seconds` of the response (no
daylight-saving jumps inside a series); day windows start at local midnight. `past_hours` and
`forecast_hours` count from the current hour, each replacing its `*_days` side alone.
Columns come from, in order: a configured `hourly` list (control API / scenario step), the
scenario's timeline, the generator. Whatever `current` reports for the current hour is what
`hourly` holds at that hour.
"""

import datetime

from . import hostile
from .values import clean

_AXES = {}  # (offset, first hour, count, unixtime) → time axis; a handful of entries in practice
_HOURS = [f"T{hour:02d}:00" for hour in range(24)]


class _DayNames(dict):
    """Local day number (days since 1970-01-01) → `YYYY-MM-DD`, remembered."""

    def __missing__(self, day):
        text = self[day] = (datetime.date(1970, 1, 1) + datetime.timedelta(days=day)).isoformat()
        return text


_DAYS = _DayNames()


def local_hour(instant, offset):
    """Hours since the epoch on the local clock (UTC + offset) of an aware datetime."""
    return (int(instant.timestamp()) + offset) // 3600


def value_hour(local, offset):
    """The UTC hour (since the epoch) whose values a local hour shows: the hour it starts in
    (the same hour but for half-hour zones such as Asia/Kolkata)."""
    return (local * 3600 - offset) // 3600


def window(request, offset, now):
    """(first local hour, number of hours): day windows from local midnight, hour counts
    from the current local hour."""
    current = local_hour(now, offset)
    if request.dates is not None and request.past_hours is None \
            and request.forecast_hours is None:
        first = (request.dates[0] - datetime.date(1970, 1, 1)).days * 24
        return first, 24 * ((request.dates[1] - request.dates[0]).days + 1)
    midnight = current // 24 * 24
    if request.past_hours is not None:
        first = current - request.past_hours
    else:
        first = midnight - 24 * request.past_days
    if request.forecast_hours is not None:
        end = current + request.forecast_hours
    else:
        end = midnight + 24 * request.forecast_days
    return first, max(0, end - first)


def time_axis(offset, first, count, unixtime):
    """The `time` list from local hours: epoch seconds, or local `YYYY-MM-DDTHH:MM`."""
    key = (offset if unixtime else None, first, count, unixtime)
    axis = _AXES.get(key)
    if axis is None:
        if unixtime:
            axis = [(first + k) * 3600 - offset for k in range(count)]
        else:
            axis = [_DAYS[(first + k) // 24] + _HOURS[(first + k) % 24] for k in range(count)]
        if len(_AXES) > 256:
            _AXES.clear()
        _AXES[key] = axis
    return axis


def block(request, offset, now, profile, configured, timeline, current):
    """The `hourly` object for one location; `current` is its merged current reading."""
    series = dict(configured.get("hourly") or {}) if configured else {}
    now_hour = value_hour(local_hour(now, offset), offset)
    if "time" in series:  # a configured axis is used as is, values generated around now
        axis = list(series.pop("time"))
        first, count = now_hour, len(axis)
    else:
        first, count = window(request, offset, now)
        axis = time_axis(offset, first, count, request.unixtime)
        first = value_hour(first, offset)
    timed = timeline.window(first, count, now_hour) if timeline else {}
    override = configured and configured.get("current") and "time" not in \
        (configured.get("hourly") or {})
    columns = {}
    for name in request.hourly:
        if name in series:
            values = [clean(v) for v in list(series[name])[:count]]
            columns[name] = values + [None] * (count - len(values))
            continue
        values = timed.get(name)
        if values is None:
            values = profile.column(name, first, count)
        if override and 0 <= now_hour - first < count:
            values = list(values)
            values[now_hour - first] = clean(current.get(name))
        columns[name] = values
    if timeline and timeline.hostile:
        hours = list(range(first, first + count))
        axis, columns = hostile.reshape(timeline.hostile, hours, axis, columns, now_hour)
    return {"time": axis, **columns}
