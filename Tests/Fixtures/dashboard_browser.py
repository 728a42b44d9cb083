#!/usr/bin/env python3
"""Loads Breeze's status pages in headless Chromium, reads the rendered DOM and saves screenshots.

    dashboard_browser.py --url http://127.0.0.1:PORT --expect expected.json [--out DIR]
    dashboard_browser.py --pages DIR [--out DIR]

--url: a running breezed ([Web] Listen=); --expect names a JSON list of
{"name", "aqi", "band", "label"} the cards must show, in order; a city with "pair" (a list of texts)
must show them side by side, in one element with data-pair (a sensor's AQI and the model's).
--pages: a folder of rendered pages (index.html, city/<name>.html, expected.json, as
DashboardPageFilesTests writes with BREEZE_DASHBOARD_PAGES), served here on 127.0.0.1 as
breezed would serve them (/ and /city/<percent-encoded name>, text/html).

For / and the page its first card links to, in light and dark (Blink's preferredColorScheme), at phone
(390x844) and desktop (1280x900) width: --dump-dom, checked strictly (html_check.py) for each
city's AQI, band and label; --screenshot to DIR (default .build/screenshots), whose top-left
pixel must be the scheme's page background. Exits 0 when every check passes, 1 otherwise,
77 when chromium is not installed.
"""
import argparse
import functools
import http.server
import json
import os
import shutil
import struct
import subprocess
import sys
import threading
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from html_check import check  # noqa: E402

SCHEMES = {"light": ("1", (0xF2, 0xF2, 0xF7)), "dark": ("0", (0x00, 0x00, 0x00))}
SIZES = {"phone": (390, 844), "desktop": (1280, 900)}


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def run_chromium(browser, url, scheme, size, action):
    """Chromium's output for `action` (--dump-dom or --screenshot=PATH); bounded in time."""
    width, height = SIZES[size]
    command = [
        browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
        "--disable-extensions", "--disable-background-networking", "--user-data-dir=" + profile_dir(),
        f"--window-size={width},{height}", "--blink-settings=preferredColorScheme=" + SCHEMES[scheme][0],
        "--run-all-compositor-stages-before-draw", "--virtual-time-budget=2000", action, url,
    ]
    result = subprocess.run(command, capture_output=True, timeout=120)
    if result.returncode != 0:
        raise RuntimeError(f"chromium {action} {url} exited {result.returncode}: {result.stderr[-400:]!r}")
    return result.stdout.decode("utf-8")


@functools.cache
def profile_dir():
    import tempfile
    return tempfile.mkdtemp(prefix="breeze-chromium-")


def first_pixel(png_path):
    """The top-left pixel's RGB: every PNG filter leaves a row's first pixel as is on row 0."""
    data = open(png_path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", png_path
    position, compressed, colour_type = 8, b"", None
    while position < len(data):
        (length,) = struct.unpack(">I", data[position:position + 4])
        kind, chunk = data[position + 4:position + 8], data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            colour_type = chunk[9]
        elif kind == b"IDAT":
            compressed += chunk
        position += 12 + length
    raw = zlib.decompress(compressed)
    assert colour_type in (2, 6), f"{png_path}: colour type {colour_type}"
    return tuple(raw[1:4])


def check_page(dom, path, wanted):
    """Problems with the rendered DOM of `path`, which must show a card for each of `wanted`,
    and the link of each card (by name)."""
    result = check(dom)
    problems = [f"{path}: {error}" for error in result["errors"] if "doctype" not in error]
    cards = {card.get("data-city"): card for card in result["cards"]}
    links = {name: card.get("href") for name, card in cards.items()}
    for city in wanted:
        card = cards.get(city["name"])
        if card is None:
            problems.append(f"{path}: no card for {city['name']!r}")
            continue
        if card.get("data-aqi") != city["aqi"] or card.get("data-band") != city["band"]:
            problems.append(f"{path}: {city['name']!r} shows {card.get('data-aqi')}/{card.get('data-band')}")
        if f" {city['aqi']} US AQI" not in " " + card["text"] or city["label"] not in card["text"]:
            problems.append(f"{path}: {city['name']!r} card text lacks AQI {city['aqi']} {city['label']}")
        if "pair" in city and city["pair"] not in card.get("pairs", []):
            problems.append(f"{path}: {city['name']!r} shows side by side {card.get('pairs')}, expected {city['pair']}")
    names = [card.get("data-city") for card in result["cards"]]
    if names != [city["name"] for city in wanted]:
        problems.append(f"{path}: cards {names}, expected {[city['name'] for city in wanted]} in that order")
    return problems, links


class PageFolder(http.server.SimpleHTTPRequestHandler):
    """Serves `/` and `/city/<name>` from index.html and city/<name>.html (the name
    percent-encoded as in the request), as text/html."""

    def translate_path(self, path):
        path = path.split("?", 1)[0]
        name = "index.html" if path == "/" else path.lstrip("/") + ".html"
        return os.path.join(self.directory, name)

    def guess_type(self, path):
        return "text/html; charset=utf-8"

    def log_message(self, *arguments):
        pass


def serve(folder):
    handler = functools.partial(PageFolder, directory=folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url")
    parser.add_argument("--pages")
    parser.add_argument("--expect")
    parser.add_argument("--out", default=".build/screenshots")
    arguments = parser.parse_args()
    browser = chromium()
    if browser is None:
        print("dashboard_browser: SKIPPED: chromium is not installed (Debian package chromium)")
        return 77
    server = None
    if arguments.pages:
        server, base = serve(arguments.pages)
        expect_path = arguments.expect or os.path.join(arguments.pages, "expected.json")
    elif arguments.url and arguments.expect:
        base, expect_path = arguments.url.rstrip("/"), arguments.expect
    else:
        parser.error("give --pages DIR, or --url and --expect")
    expected = json.load(open(expect_path, encoding="utf-8"))
    os.makedirs(arguments.out, exist_ok=True)
    problems, links = [], {}
    # The city page is the one the first card links to: the link is checked with the page.
    for page in ("dashboard", "city"):
        if page == "dashboard":
            path, wanted = "/", expected
        else:
            path, wanted = links.get(expected[0]["name"]) or "/city/", expected[:1]
        for scheme in SCHEMES:
            for size in SIZES:
                url = base + path
                dom = run_chromium(browser, url, scheme, size, "--dump-dom")
                found, page_links = check_page(dom, path, wanted)
                problems += found
                links = links or page_links
                shot = os.path.abspath(os.path.join(arguments.out, f"{page}-{scheme}-{size}.png"))
                run_chromium(browser, url, scheme, size, "--screenshot=" + shot)
                pixel = first_pixel(shot)
                if pixel != SCHEMES[scheme][1]:
                    problems.append(f"{shot}: page background {pixel}, expected {SCHEMES[scheme][1]} ({scheme})")
                print(f"  {shot} ({os.path.getsize(shot)} bytes)")
    if server:
        server.shutdown()
    shutil.rmtree(profile_dir(), ignore_errors=True)
    for problem in problems:
        print("dashboard_browser: FAIL:", problem)
    print(f"dashboard_browser: {2 * len(SCHEMES) * len(SIZES)} loads, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
