"""Open-Meteo's `us_aqi` over an hourly series: its averaging windows, not EPA's NowCast.

PM2.5 and PM10 use a 24-hour sliding mean, CO an 8-hour mean, O₃ the higher of its 8-hour and
(from 125 ppb) 1-hour sub-indices, NO₂ and SO₂ the hour itself; interpolation is continuous and
nothing is truncated (see ../../../../shared/reference/open-meteo.md). A mean takes the hours
present in its window; an hour whose own value is null has no sub-index.
"""

from .values import us_sub_index

_WINDOWS = {"pm2_5": 24, "pm10": 24, "carbon_monoxide": 8, "ozone": 8,
            "nitrogen_dioxide": 1, "sulphur_dioxide": 1}
# 1-hour ozone, ppb (continuous form of EPA's table; below 125 ppb only the 8-hour counts).
_OZONE_1H = [(125, 165, 100, 150), (165, 205, 150, 200), (205, 405, 200, 300),
             (405, 505, 300, 400), (505, 605, 400, 500)]


def _ozone_one_hour(micrograms):
    ppb = micrograms / 1.96
    if ppb < 125:
        return None
    for c_low, c_high, i_low, i_high in _OZONE_1H:
        if ppb <= c_high:
            break
    return i_low + (ppb - c_low) * (i_high - i_low) / (c_high - c_low)


def sliding_mean(values, hours):
    """The mean of the non-null values among the last `hours` up to each hour; None where the
    hour itself is null. Summed afresh per hour, so any window of a series gives equal means."""
    out = []
    for index, value in enumerate(values):
        if value is None:
            out.append(None)
            continue
        present = [v for v in values[max(0, index - hours + 1): index + 1] if v is not None]
        out.append(sum(present) / len(present))
    return out


def open_meteo_indices(columns):
    """{`us_aqi_<pollutant>`, `us_aqi`: [int or None]} from the pollutant columns given."""
    derived = {}
    for pollutant, hours in _WINDOWS.items():
        key = f"us_aqi_{pollutant}"
        if key in columns:
            derived[key] = columns[key]
            continue
        values = columns.get(pollutant)
        if values is None:
            continue
        means = sliding_mean(values, hours) if hours > 1 else values
        subs = [us_sub_index(pollutant, mean) for mean in means]
        if pollutant == "ozone":
            subs = [sub if raw is None or _ozone_one_hour(raw) is None else
                    max(sub, _ozone_one_hour(raw)) for sub, raw in zip(subs, values)]
        derived[key] = [None if sub is None else round(sub) for sub in subs]
    if "us_aqi" not in columns and derived:
        lists = list(derived.values())
        derived["us_aqi"] = [max((v for v in row if v is not None), default=None)
                             for row in zip(*lists)]
    return derived
