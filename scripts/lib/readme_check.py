#!/usr/bin/env python3
"""Checks that the README stays a front door: short, with a table of contents that is its
headings, and with every link and picture pointing at something that exists.

  - at most 300 lines;
  - its "Contents" list names every `##` heading after it, in order, and each entry's anchor
    is the heading's (as GitHub makes anchors: lower case, punctuation dropped, spaces to -);
  - every relative link or image resolves to a file of the checkout, an image to a PNG;
  - every in-page link (#anchor) names a heading.
Prints one line per problem and exits 1 if there is any.

With --ini DIR, it also writes each ```ini block to DIR/readme-N.conf (N from 1), for
scripts/lib/test-docs to load with breezectl check-config.

usage: readme_check.py README.md [--ini DIR]
"""
import pathlib
import re
import sys

LIMIT = 300


def anchor(heading):
    """GitHub's anchor for a heading: markup removed, lower case, punctuation dropped,
    each space a hyphen."""
    text = re.sub(r"`|\*|_(?=\w)|(?<=\w)_", "", heading).strip().lower()
    text = re.sub(r"[^\w\- ]", "", text, flags=re.UNICODE)
    return text.replace(" ", "-")


def check(path):
    problems = []
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    if text.endswith("\n"):
        lines = lines[:-1]
    if len(lines) > LIMIT:
        problems.append(f"{path}: {len(lines)} lines, more than {LIMIT}")

    # Headings outside fenced code blocks.
    headings, fenced = [], False
    for number, line in enumerate(lines, 1):
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and re.match(r"#{1,6} ", line):
            level = len(line) - len(line.lstrip("#"))
            headings.append((level, line[level:].strip(), number))
    anchors = {anchor(title) for _, title, _ in headings}

    contents = [i for i, (level, title, _) in enumerate(headings) if level == 2 and title == "Contents"]
    if not contents:
        problems.append(f"{path}: no '## Contents' heading")
    else:
        start = headings[contents[0]][2]
        end = next((n for level, _, n in headings[contents[0] + 1:] if level <= 2), len(lines) + 1)
        entries = re.findall(r"^- \[([^\]]+)\]\(#([^)]+)\)$", "\n".join(lines[start:end - 1]), re.M)
        expected = [title for level, title, _ in headings[contents[0] + 1:] if level == 2]
        listed = [label.replace("`", "") for label, _ in entries]
        if listed != [title.replace("`", "") for title in expected]:
            problems.append(f"{path}: the contents list {listed}, the ## headings are {expected}")
        for label, target in entries:
            if target not in anchors:
                problems.append(f"{path}: the contents entry '{label}' points at #{target}, which is no heading")

    root = path.parent
    for match in re.finditer(r"(!?)\[[^\]]*\]\(([^)\s]+)\)", text):
        image, target = match.group(1), match.group(2)
        line = text.count("\n", 0, match.start()) + 1
        if re.match(r"[a-z]+:", target):
            if image:
                problems.append(f"{path}:{line}: the picture {target} is not in the checkout")
            continue
        if target.startswith("#"):
            if target[1:] not in anchors:
                problems.append(f"{path}:{line}: #{target[1:]} is no heading")
            continue
        file = root / target.split("#")[0]
        if not file.exists():
            problems.append(f"{path}:{line}: {target} does not exist")
        elif image and file.read_bytes()[:8] != b"\x89PNG\r\n\x1a\n":
            problems.append(f"{path}:{line}: {target} is not a PNG")
    return problems, len(lines), len(headings)


def ini_blocks(text):
    """The ```ini blocks of a Markdown text, in order."""
    return re.findall(r"^```ini\n(.*?)^```$", text, re.M | re.S)


def main():
    path = pathlib.Path(sys.argv[1])
    if sys.argv[2:3] == ["--ini"]:
        for number, block in enumerate(ini_blocks(path.read_text(encoding="utf-8")), 1):
            (pathlib.Path(sys.argv[3]) / f"readme-{number}.conf").write_text(block, encoding="utf-8")
    problems, count, headings = check(path)
    for problem in problems:
        print(problem)
    print(f"{path}: {count} lines, {headings} headings: {len(problems)} problems")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
