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


def _text(value, written):
    if isinstance(value, dict):
        return "{" + ",".join(_dumps(str(key)) + ":" + _text(item, written)
                              for key, item in value.items()) + "}"
    if isinstance(value, Tiled):
        period = [_dumps(item) for item in value.period]
        return "[" + ",".join((period * (len(value) // len(period) + 1))[:len(value)]) + "]"
    if isinstance(value, list):
        if len(value) >= _SHARED and not isinstance(value[0], (dict, list)):
            text = written.get(id(value))
            if text is None:
                text = written[id(value)] = _dumps(value)
            return text
        return "[" + ",".join(_text(item, written) for item in value) + "]"
    return _dumps(value)


def encode(payload):
    """The answer's bytes. Lists are keyed by identity only while `payload` holds them all."""
    return _text(payload, {}).encode()
