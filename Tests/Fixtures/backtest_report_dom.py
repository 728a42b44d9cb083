#!/usr/bin/env python3
"""Reads a `breezectl backtest --report` page back, as Chromium rendered it (--dump-dom).

    backtest_report_dom.py FILE

Prints JSON: {"errors": [...], "cities": [{"city": NAME, "sources": {SOURCE: [EPISODE, ...]}}]},
an EPISODE being the data attributes of an episode's band in the chart: {"start", "end",
"stillFiring", "peak", "band"}, in the order drawn. Errors: html_check.py's strict reading
(a <script>, an event handler, a URL in a fetching attribute or the style sheet, a control
character, bad nesting; the doctype aside, which --dump-dom leaves out), and an episode outside
a city's card or a source's section.
"""
import json
import os
import sys
from html.parser import HTMLParser

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from html_check import check  # noqa: E402


class Episodes(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.cities, self.errors, self.source = [], [], None

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        classes = (attributes.get("class") or "").split()
        if tag == "section" and "backtest" in classes:
            self.cities.append({"city": attributes.get("data-city"), "sources": {}})
        elif tag == "section" and "replay" in classes:
            self.source = attributes.get("data-source")
            if self.cities:
                self.cities[-1]["sources"][self.source] = []
        elif tag == "rect" and "episode" in classes:
            if not self.cities or self.source is None or attributes.get("data-source") != self.source:
                self.errors.append(f"an episode outside its city's card or source's section: {attributes}")
                return
            self.cities[-1]["sources"][self.source].append({
                "start": attributes.get("data-start"), "end": attributes.get("data-end"),
                "stillFiring": attributes.get("data-still-firing") == "true",
                "peak": int(attributes["data-peak"]) if attributes.get("data-peak") else None,
                "band": attributes.get("data-band"),
            })


def main():
    dom = open(sys.argv[1], encoding="utf-8").read()
    reader = Episodes()
    reader.feed(dom)
    reader.close()
    errors = [error for error in check(dom)["errors"] if "doctype" not in error] + reader.errors
    json.dump({"errors": errors, "cities": reader.cities}, sys.stdout, ensure_ascii=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
