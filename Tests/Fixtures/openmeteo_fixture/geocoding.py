"""`/v1/search`: geocoding from control-API overrides or a small built-in GeoNames table."""

import time

from .common import ApiError


def _city(id_, name, lat, lon, elevation, feature, cc, admin1_id, admin1, tz, population,
          country_id, country):
    return {"id": id_, "name": name, "latitude": lat, "longitude": lon, "elevation": elevation,
            "feature_code": feature, "country_code": cc, "admin1_id": admin1_id,
            "timezone": tz, "population": population, "country_id": country_id,
            "country": country, "admin1": admin1}


US, GB, FR, CA = (6252001, "United States"), (2635167, "United Kingdom"), \
    (3017382, "France"), (6251999, "Canada")
CITIES = [
    _city(5128581, "New York", 40.71427, -74.00597, 10.0, "PPL", "US", 5128638, "New York",
          "America/New_York", 8804190, *US),
    _city(5368361, "Los Angeles", 34.05223, -118.24368, 89.0, "PPLA2", "US", 5332921,
          "California", "America/Los_Angeles", 3898747, *US),
    _city(4887398, "Chicago", 41.85003, -87.65005, 179.0, "PPLA2", "US", 4896861, "Illinois",
          "America/Chicago", 2746388, *US),
    _city(2643743, "London", 51.50853, -0.12574, 25.0, "PPLC", "GB", 6269131, "England",
          "Europe/London", 8961989, *GB),
    _city(2988507, "Paris", 48.85341, 2.3488, 43.0, "PPLC", "FR", 3012874, "Île-de-France",
          "Europe/Paris", 2138551, *FR),
    _city(1850147, "Tokyo", 35.6895, 139.69171, 44.0, "PPLC", "JP", 1850144, "Tokyo",
          "Asia/Tokyo", 8336599, 1861060, "Japan"),
    _city(2950159, "Berlin", 52.52437, 13.41053, 74.0, "PPLC", "DE", 2950157, "Berlin",
          "Europe/Berlin", 3426354, 2921044, "Germany"),
    _city(6167865, "Toronto", 43.70011, -79.4163, 175.0, "PPLA", "CA", 6093943, "Ontario",
          "America/Toronto", 2600000, *CA),
    _city(2147714, "Sydney", -33.86785, 151.20732, 58.0, "PPLA", "AU", 2155400,
          "New South Wales", "Australia/Sydney", 4627345, 2077456, "Australia"),
    _city(292223, "Dubai", 25.07725, 55.30927, 5.0, "PPLA", "AE", 292224, "Dubai",
          "Asia/Dubai", 3790000, 290557, "United Arab Emirates"),
    # Namesakes, so clients see ambiguous answers as the real API gives them.
    _city(4717560, "Paris", 33.66094, -95.55551, 183.0, "PPLA2", "US", 4736286, "Texas",
          "America/Chicago", 24782, *US),
    _city(6058560, "London", 42.98339, -81.23304, 251.0, "PPLA2", "CA", 6093943, "Ontario",
          "America/Toronto", 346765, *CA),
    _city(1273294, "Delhi", 28.65195, 77.23149, 227.0, "PPLA", "IN", 1273293, "Delhi",
          "Asia/Kolkata", 11034555, 1269750, "India"),
    _city(1816670, "Beijing", 39.9075, 116.39723, 49.0, "PPLC", "CN", 2038349, "Beijing",
          "Asia/Shanghai", 18960744, 1814991, "China"),
]


def name_matches(query, name):
    """Open-Meteo's rule: 2 characters match exactly, 3 or more by prefix (case-insensitive)."""
    query, name = query.strip().lower(), name.strip().lower()
    if len(query) < 2:
        return False
    return name == query if len(query) == 2 else name.startswith(query)


def _qualifies(result, qualifier):
    """`Paris, France`: the part after the comma must start a country, code or admin1."""
    if not qualifier:
        return True
    return any(str(result.get(key, "")).lower().startswith(qualifier)
               for key in ("country", "country_code", "admin1"))


def search(params, overrides, ignoring_count=frozenset()):
    """The JSON object answered for one search (no `results` key when nothing matches).
    Names in `ignoring_count` are answered whole, whatever `count` asks."""
    started = time.perf_counter()
    raw = params.get("name")
    if raw is None or not raw.strip():
        raise ApiError("Value of type 'String' required for key 'name'.")
    count = params.int("count", 10, 1, 100, "Parameter count must be between 1 and 100.")
    if params.get("format", "json") != "json":
        raise ApiError("Only format=json is supported by this server")
    country_code = (params.get("countryCode") or "").strip().upper()
    base, _, qualifier = raw.partition(",")
    qualifier = qualifier.strip().lower()

    full = raw.strip().lower()
    if full in overrides:
        results = list(overrides[full])
    else:
        matched = [key for key in overrides if name_matches(base, key)]
        if matched:
            results = [result for key in matched for result in overrides[key]]
        else:
            results = sorted((city for city in CITIES if name_matches(base, city["name"])),
                             key=lambda city: -city["population"])
        results = [result for result in results if _qualifies(result, qualifier)]
    if country_code:
        results = [r for r in results if str(r.get("country_code", "")).upper() == country_code]
    if full not in ignoring_count:
        results = results[:count]
    if not results:
        return {"generationtime_ms": 0.1}
    return {"results": results,
            "generationtime_ms": round((time.perf_counter() - started) * 1000, 4)}
