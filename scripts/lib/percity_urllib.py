"""What users write instead of Breeze, in Python: one urllib request per city, then the band
from us_aqi and the dominant pollutant from the sub-indices.
Usage: percity_urllib.py BASE VARIABLES CITIES.TSV"""

import json
import sys
import urllib.request

BANDS = [(301, "hazardous"), (201, "very-unhealthy"), (151, "unhealthy"),
         (101, "unhealthy-for-sensitive-groups"), (76, "slightly-high"), (51, "moderate"),
         (26, "good"), (0, "excellent")]


def band(aqi):
    if aqi is None:
        return "no data"
    return next(name for lower, name in BANDS if aqi >= lower)


def main(base, variables, cities):
    with open(cities, encoding="utf-8") as file:
        for line in file:
            name, latitude, longitude = line.rstrip("\n").split("\t")
            url = f"{base}/v1/air-quality?latitude={latitude}&longitude={longitude}&current={variables}"
            with urllib.request.urlopen(url, timeout=30) as response:
                current = json.load(response)["current"]
            aqi = current.get("us_aqi")
            indices = {key: value for key, value in current.items()
                       if key.startswith("us_aqi_") and value is not None}
            dominant = max(indices, key=indices.get) if indices else "none"
            print(f"{name}\t{aqi}\t{band(aqi)}\t{dominant}")


if __name__ == "__main__":
    main(*sys.argv[1:4])
