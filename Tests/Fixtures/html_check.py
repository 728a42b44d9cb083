#!/usr/bin/env python3
"""A strict, independent reading of a Breeze page (HTML5 with inline SVG) for the tests.

Reads the page from the file named first (else stdin); prints JSON: {"errors": [...], "cards": [...], "text": "..."}.
Errors: an end tag that does not close the innermost open element, elements left open, a
<script>, an on* attribute, any URL elsewhere in a fetching attribute or the style sheet, a missing
doctype, viewport or refresh, a control character in the text, a chart (role="img") without a
title or an aria-label. Cards: every element with data-city, its data-* attributes, text and first link (href),
and "pairs": for each element with data-pair in it, the texts of its child elements, in order (values
shown side by side, as a sensor's AQI and the model's).
"""
import json
import re
import sys
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
# Attributes that fetch or navigate: a page that works offline names nothing elsewhere.
FETCHING = {"src", "href", "xlink:href", "action", "formaction", "poster", "srcset", "style", "content", "data"}
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


class StrictPage(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.errors, self.stack, self.cards, self.text = [], [], [], []
        self.doctype = False
        self.metas = []
        self.open_images = []
        self.open_pairs = []

    def handle_decl(self, decl):
        self.doctype = self.doctype or decl.lower() == "doctype html"

    def handle_starttag(self, tag, attrs):
        self.check_attributes(tag, attrs)
        attributes = dict(attrs)
        if tag == "meta":
            self.metas.append(attributes)
        if tag == "a" and self.cards and len(self.stack) >= self.cards[-1][0] and "href" not in self.cards[-1][1]:
            self.cards[-1][1]["href"] = attributes.get("href", "")
        if tag in VOID:
            return
        if self.open_pairs and len(self.stack) == self.open_pairs[-1][0]:
            self.open_pairs[-1][1].append([])
        self.stack.append(tag)
        if "data-pair" in attributes:
            self.open_pairs.append([len(self.stack), []])
        if "data-city" in attributes:
            card = {k: v for k, v in attributes.items() if k.startswith("data-") or k == "id"}
            card["text"] = []
            self.cards.append((len(self.stack), card))
        if attributes.get("role") == "img":
            self.open_images.append([len(self.stack), bool(attributes.get("aria-label")), False])

    def handle_startendtag(self, tag, attrs):
        self.check_attributes(tag, attrs)
        if tag == "meta":
            self.metas.append(dict(attrs))

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1] if self.stack else 'nothing'}")
            return
        if tag == "title" and self.open_images:
            self.open_images[-1][2] = True
        if self.open_pairs and self.open_pairs[-1][0] == len(self.stack):
            _, parts = self.open_pairs.pop()
            if self.cards:
                self.cards[-1][1].setdefault("pairs", []).append([" ".join("".join(part).split()) for part in parts])
        if self.open_images and self.open_images[-1][0] == len(self.stack):
            depth, labelled, titled = self.open_images.pop()
            if not (labelled and titled):
                self.errors.append("a chart (role=img) without both an aria-label and a <title>")
        self.stack.pop()

    def handle_data(self, data):
        if CONTROL.search(data):
            self.errors.append(f"control character in text: {data!r}")
        if self.stack and self.stack[-1] == "style":
            if re.search(r"https?:|url\(", data):
                self.errors.append("the style sheet fetches something")
            return
        self.text.append(data)
        if self.open_pairs and self.open_pairs[-1][1] and len(self.stack) > self.open_pairs[-1][0]:
            self.open_pairs[-1][1][-1].append(data)
        for depth, card in self.cards:
            if len(self.stack) >= depth:
                card["text"].append(data)

    def check_attributes(self, tag, attrs):
        if tag == "script":
            self.errors.append("a <script> element")
        for name, value in attrs:
            if name.startswith("on"):
                self.errors.append(f"event handler attribute {name} on <{tag}>")
            if name in FETCHING and value and re.search(r"(?i)https?:|javascript:|//|url\(", value):
                self.errors.append(f"a URL in {name} of <{tag}>: {value[:60]}")
            if value and CONTROL.search(value):
                self.errors.append(f"control character in {name} of <{tag}>")


def check(page):
    parser = StrictPage()
    parser.feed(page)
    parser.close()
    if not parser.doctype:
        parser.errors.append("no <!DOCTYPE html>")
    if parser.stack:
        parser.errors.append(f"left open: {parser.stack}")
    names = {meta.get("name") for meta in parser.metas}
    if "viewport" not in names:
        parser.errors.append("no viewport meta")
    cards = []
    for _, card in parser.cards:
        card["text"] = " ".join(" ".join(card["text"]).split())
        cards.append(card)
    refresh = [m.get("content") for m in parser.metas if m.get("http-equiv") == "refresh"]
    return {"errors": parser.errors, "cards": cards, "refresh": refresh, "text": " ".join(" ".join(parser.text).split())}


if __name__ == "__main__":
    with open(sys.argv[1], "rb") if len(sys.argv) > 1 else sys.stdin.buffer as page:
        json.dump(check(page.read().decode("utf-8")), sys.stdout, ensure_ascii=False)
