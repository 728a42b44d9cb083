"""Air-quality variables, their units, AQI arithmetic and deterministic pseudo-readings.

A coordinate is hashed (stable across runs and machines: BLAKE2b, not Python's `hash`) into a
profile of base levels; a reading at a given UTC hour multiplies those by a smooth daily cycle.
So the same city always gets the same numbers, different cities differ, and values stay in
realistic ranges with `us_aqi` derived from the pollutants (PM2.5 usually dominant).
"""

import hashlib
import math
import struct

MICRO = "μg/m³"  # μ is U+03BC GREEK SMALL LETTER MU, as Open-Meteo writes it.
POLLEN = ("alder_pollen", "birch_pollen", "grass_pollen", "mugwort_pollen", "olive_pollen",
          "ragweed_pollen")
_US_SUB = ("pm2_5", "pm10", "nitrogen_dioxide", "ozone", "sulphur_dioxide", "carbon_monoxide")

UNITS = {
    "us_aqi": "USAQI", "european_aqi": "EAQI",
    **{f"us_aqi_{name}": "USAQI" for name in _US_SUB},
    **{f"european_aqi_{name}": "EAQI" for name in _US_SUB[:5]},
    "pm10": MICRO, "pm2_5": MICRO, "carbon_monoxide": MICRO, "nitrogen_dioxide": MICRO,
    "sulphur_dioxide": MICRO, "ozone": MICRO, "ammonia": MICRO, "dust": MICRO,
    "methane": MICRO, "carbon_dioxide": "ppm", "aerosol_optical_depth": "",
    "uv_index": "", "uv_index_clear_sky": "",
    **{name: "grains/m³" for name in POLLEN},
}
VARIABLES = frozenset(UNITS)

# (concentration low, high, index low, high); the old EPA table, Hazardous split in two.
_BREAKPOINTS = {
    "pm2_5": [(0, 12, 0, 50), (12, 35.4, 50, 100), (35.4, 55.4, 100, 150),
              (55.4, 150.4, 150, 200), (150.4, 250.4, 200, 300), (250.4, 350.4, 300, 400),
              (350.4, 500.4, 400, 500)],
    "pm10": [(0, 54, 0, 50), (54, 154, 50, 100), (154, 254, 100, 150), (254, 354, 150, 200),
             (354, 424, 200, 300), (424, 504, 300, 400), (504, 604, 400, 500)],
    "ozone": [(0, 54, 0, 50), (54, 70, 50, 100), (70, 85, 100, 150), (85, 105, 150, 200),
              (105, 200, 200, 300)],  # ppb
    "nitrogen_dioxide": [(0, 53, 0, 50), (53, 100, 50, 100), (100, 360, 100, 150),
                         (360, 649, 150, 200), (649, 1249, 200, 300), (1249, 2049, 300, 500)],
    "sulphur_dioxide": [(0, 35, 0, 50), (35, 75, 50, 100), (75, 185, 100, 150),
                        (185, 304, 150, 200), (304, 604, 200, 300), (604, 1004, 300, 500)],
    "carbon_monoxide": [(0, 4.4, 0, 50), (4.4, 9.4, 50, 100), (9.4, 12.4, 100, 150),
                        (12.4, 15.4, 150, 200), (15.4, 30.4, 200, 300), (30.4, 50.4, 300, 500)],
}
# μg/m³ → the unit of the breakpoints above (Open-Meteo's conversions).
_TO_AQI_UNIT = {"pm2_5": 1, "pm10": 1, "ozone": 1 / 1.96, "nitrogen_dioxide": 1 / 1.88,
                "sulphur_dioxide": 1 / 2.62, "carbon_monoxide": 1 / 1.15 / 1000}
_EU_BANDS = {"pm2_5": (10, 20, 25, 50, 75), "pm10": (20, 40, 50, 100, 150),
             "nitrogen_dioxide": (40, 90, 120, 230, 340), "ozone": (50, 100, 130, 240, 380),
             "sulphur_dioxide": (100, 200, 350, 500, 750)}


def _interpolate(value, table):
    """Continuous piecewise-linear interpolation, extrapolating above the last segment."""
    for c_low, c_high, i_low, i_high in table:
        if value <= c_high:
            return i_low + (value - c_low) * (i_high - i_low) / (c_high - c_low)
    c_low, c_high, i_low, i_high = table[-1]
    return i_low + (value - c_low) * (i_high - i_low) / (c_high - c_low)


def us_sub_index(pollutant, micrograms):
    """The US AQI sub-index of one pollutant concentration in μg/m³ (None stays None)."""
    if micrograms is None:
        return None
    return _interpolate(max(0.0, micrograms * _TO_AQI_UNIT[pollutant]), _BREAKPOINTS[pollutant])


def pm2_5_for_us_aqi(aqi):
    """Inverse of the PM2.5 sub-index: the concentration that yields `aqi`."""
    for c_low, c_high, i_low, i_high in _BREAKPOINTS["pm2_5"]:
        if aqi <= i_high:
            return c_low + (aqi - i_low) * (c_high - c_low) / (i_high - i_low)
    c_low, c_high, i_low, i_high = _BREAKPOINTS["pm2_5"][-1]
    return c_low + (aqi - i_low) * (c_high - c_low) / (i_high - i_low)


def _european_table(bands):
    table, low, index = [], 0.0, 0
    for high in bands:
        table.append((low, high, index, index + 20))
        low, index = high, index + 20
    return table


_EU_TABLES = {pollutant: _european_table(bands) for pollutant, bands in _EU_BANDS.items()}
_US_KEYS = [(pollutant, f"us_aqi_{pollutant}") for pollutant in _US_SUB]
_EU_KEYS = [(pollutant, f"european_aqi_{pollutant}") for pollutant in _EU_BANDS]


def european_sub_index(pollutant, micrograms):
    """The European AQI sub-index (0-100+, 20 per band) of one concentration in μg/m³."""
    if micrograms is None:
        return None
    return _interpolate(max(0.0, micrograms), _EU_TABLES[pollutant])


def derive_indices(values):
    """Fill us_aqi / european_aqi and their sub-indices from the pollutants, where absent."""
    for name, keys, sub_index in (("us_aqi", _US_KEYS, us_sub_index),
                                  ("european_aqi", _EU_KEYS, european_sub_index)):
        highest = None
        for pollutant, key in keys:
            if key not in values:
                sub = sub_index(pollutant, values.get(pollutant))
                values[key] = None if sub is None else round(sub)
            sub = values[key]
            if sub is not None and (highest is None or sub > highest):
                highest = sub
        if name not in values:
            values[name] = highest
    return values


def in_europe(lat, lon):
    """Roughly the CAMS Europe domain, where Open-Meteo has pollen."""
    return 30.0 <= lat <= 72.0 and -25.0 <= lon <= 45.0


class Tiled(list):
    """A series that repeats `period` (a day of values): the JSON writer writes it from the
    period's text instead of value by value."""

    __slots__ = ("period",)


class Profile:
    """A coordinate's stable base levels and phases, derived from a hash of the coordinate.

    With `hour_of_day` (0–23) every hour reads as that hour of the day: the series is flat and
    what a request gets does not depend on the clock (`--hour-of-day`, which the Swift
    integration tests pass so that no expectation holds at some hours and not at others).
    """

    __slots__ = ("elevation", "phase", "base", "europe", "hour_of_day", "_day", "_columns")

    def __init__(self, lat, lon, hour_of_day=None):
        digest = hashlib.blake2b(f"{lat:.2f},{lon:.2f}".encode(), digest_size=64).digest()
        u = [x / 65535.0 for x in struct.unpack(">32H", digest)]
        self.elevation = float(round(u[0] * 450))
        self.phase = u[1] * 24.0
        self.europe = in_europe(lat, lon)
        self.base = {
            "pm2_5": 2.5 + 38.0 * u[2] ** 2,
            "pm10_ratio": 1.25 + 0.8 * u[3],
            "carbon_monoxide": 120.0 + 450.0 * u[4],
            "nitrogen_dioxide": 3.0 + 45.0 * u[5],
            "sulphur_dioxide": 0.5 + 12.0 * u[6] ** 2,
            "ozone": 25.0 + 55.0 * u[7],
            "dust": 60.0 * u[8] ** 3,
            "ammonia": 0.2 + 12.0 * u[9] ** 2,
            "uv_index": 1.0 + 8.5 * u[10],
            "aerosol_optical_depth": 0.05 + 0.5 * u[11] ** 2,
            "methane": 1200.0 + 200.0 * u[12],
            "carbon_dioxide": 415.0 + 20.0 * u[13],
        }
        for offset, name in enumerate(POLLEN):
            self.base[name] = 120.0 * u[14 + offset] ** 3
        self.hour_of_day = hour_of_day
        self._day, self._columns = None, {}

    def cached_reading(self, hour_index):
        """`reading(hour_index)` from the day's 24 readings, which repeat every day: `current`
        and `hourly` take the same numbers from here (callers must not mutate them)."""
        if self._day is None:
            self._day = [None] * 24
        slot = hour_index % 24 if self.hour_of_day is None else self.hour_of_day
        values = self._day[slot]
        if values is None:  # filled hour by hour: a current-only request costs one reading
            values = self._day[slot] = self.reading(slot)
        return values

    def column(self, name, first, count):
        """`name` at the hours first … first+count−1, tiled from the day's readings."""
        day = self._columns.get(name)
        if day is None:
            day = self._columns[name] = [self.cached_reading(hour)[name] for hour in range(24)]
        start = first % 24
        rotated = day[start:] + day[:start]
        tiled = Tiled((rotated * (count // 24 + 1))[:count])
        tiled.period = rotated
        return tiled

    def reading(self, hour_index):
        """All variables at one UTC hour (hours since the epoch), rounded like Open-Meteo."""
        b = self.base
        day_angle = 2 * math.pi * ((hour_index + self.phase) % 24) / 24
        cycle = 1.0 + 0.25 * math.sin(day_angle)          # traffic-like daily rhythm
        sun = max(0.0, math.sin(2 * math.pi * ((hour_index % 24) - 6 + self.phase / 4) / 24))
        pm2_5 = b["pm2_5"] * cycle
        values = {
            "pm2_5": round(pm2_5, 1),
            "pm10": round(pm2_5 * b["pm10_ratio"], 1),
            "carbon_monoxide": round(b["carbon_monoxide"] * cycle, 1),
            "nitrogen_dioxide": round(b["nitrogen_dioxide"] * cycle, 1),
            "sulphur_dioxide": round(b["sulphur_dioxide"] * cycle, 1),
            "ozone": round(b["ozone"] * (1.3 - 0.3 * cycle), 1),
            "dust": round(b["dust"] * cycle, 1),
            "ammonia": round(b["ammonia"], 1) if self.europe else None,
            "methane": round(b["methane"], 1),
            "carbon_dioxide": round(b["carbon_dioxide"]),
            "aerosol_optical_depth": round(b["aerosol_optical_depth"] * cycle, 2),
            "uv_index": round(b["uv_index"] * sun, 2),
            "uv_index_clear_sky": round(b["uv_index"] * sun * 1.1, 2),
        }
        for name in POLLEN:
            values[name] = round(b[name] * cycle, 1) if self.europe else None
        return derive_indices(values)


class Generator:
    """Caches a Profile per coordinate (0.01° resolution) so 1000-location batches stay fast.
    `hour_of_day` (0–23 or None) goes to every profile (see `Profile`)."""

    def __init__(self, hour_of_day=None):
        self._profiles = {}
        self.hour_of_day = hour_of_day

    def profile(self, lat, lon):
        key = (round(lat, 2), round(lon, 2))
        profile = self._profiles.get(key)
        if profile is None:
            profile = self._profiles[key] = Profile(*key, self.hour_of_day)
        return profile

    def reading(self, lat, lon, hour_index):
        slot = hour_index if self.hour_of_day is None else self.hour_of_day
        return self.profile(lat, lon).reading(slot)


def merge_reading(generated, configured):
    """A configured reading over a generated one; indices re-derived unless configured.

    Variables the control API set (including explicit nulls) win; the AQI fields are computed
    again from the merged pollutants so that setting only `pm2_5` still gives a matching AQI.
    """
    if not configured:
        return generated
    merged = {k: v for k, v in generated.items()
              if not (k.startswith("us_aqi") or k.startswith("european_aqi"))}
    merged.update(configured)
    return derive_indices(merged)


def clean(value):
    """NaN and infinities become None (JSON null), as Open-Meteo writes them."""
    if isinstance(value, float) and (math.isnan(value) or math.isinf(value)):
        return None
    return value
