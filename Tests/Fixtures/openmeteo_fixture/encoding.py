"""The one JSON writer of the fixture's answers: compact UTF-8, NaN as null, series once.

A batched hourly answer repeats the same lists (a zone's time axis, a shared timeline's
columns) in many locations; each such list is written once per answer and its text reused, and
a generated series (a day repeated) is written from its day: 100 locations × 92 days stay well
under a second.
"""

import json

from .values import Tiled, clean

_SHARED = 24  # lists at least this long (series) are written once per answer


def _dumps(value):
    try:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    except ValueError:  # NaN or an infinity somewhere: null, as Open-Meteo writes it
        return json.dumps(_deep_clean(value), ensure_ascii=False, separators=(",", ":"))


def _deep_clean(value):
    if isinstance(value, dict):
        return {k: _deep_clean(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_deep_clean(v) for v in value]
    return clean(value)


def _is_series(value):
    return isinstance(value, list) and len(value) >= _SHARED and \
        not isinstance(value[0], (dict, list))


def _holds_series(value):
    if isinstance(value, dict):
        return any(_holds_series(item) for item in value.values())
    if isinstance(value, list):
        return _is_series(value) or any(isinstance(item, (dict, list)) and _holds_series(item)
                                        for item in value)
    return False


def _text(value, written):
    if isinstance(value, Tiled):
        period = [_dumps(item) for item in value.period]
        return "[" + ",".join((period * (len(value) // len(period) + 1))[:len(value)]) + "]"
    if _is_series(value):
        text = written.get(id(value))
        if text is None:
            text = written[id(value)] = _dumps(value)
        return text
    if not _holds_series(value):  # `current`, units, whole current-only answers: at C speed
        return _dumps(value)
    if isinstance(value, dict):
        return "{" + ",".join(_dumps(str(key)) + ":" + _text(item, written)
                              for key, item in value.items()) + "}"
    return "[" + ",".join(_text(item, written) for item in value) + "]"


def encode(payload):
    """The answer's bytes. Lists are keyed by identity only while `payload` holds them all."""
    return _text(payload, {}).encode()
