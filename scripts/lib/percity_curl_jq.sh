#!/usr/bin/env bash
# What users write instead of Breeze, in shell: one curl per city, jq to rate the reading
# (band from us_aqi, dominant pollutant from the sub-indices). Usage: BASE VARIABLES CITIES.TSV
set -euo pipefail
base=$1 variables=$2
while IFS=$'\t' read -r name latitude longitude; do
    curl -sS --compressed "$base/v1/air-quality?latitude=$latitude&longitude=$longitude&current=$variables" |
        jq -r --arg name "$name" '
            .current as $c | $c.us_aqi as $a
            | [$name, ($a // "no data"),
               (if $a == null then "no data" elif $a < 26 then "excellent" elif $a < 51 then "good"
                elif $a < 76 then "moderate" elif $a < 101 then "slightly-high"
                elif $a < 151 then "unhealthy-for-sensitive-groups" elif $a < 201 then "unhealthy"
                elif $a < 301 then "very-unhealthy" else "hazardous" end),
               ([$c | to_entries[] | select(.key | startswith("us_aqi_")) | select(.value != null)]
                | max_by(.value) | .key // "none")]
            | @tsv'
done <"$3"
