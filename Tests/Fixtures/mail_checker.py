#!/usr/bin/env python3
"""Parses mail files with Python's email package under policy.strict, for Breeze's tests.

    python3 Tests/Fixtures/mail_checker.py FILE...

Prints one JSON array: per file {"file", "ok", "error", "headers" {name: decoded value},
"raw_headers" [names in order], "body" (decoded text), "defects"}. policy.strict raises on
any defect, so "ok": false with the error names the problem. Exits 0 when all files are ok.
"""
import json
import sys
from email import policy
from email.parser import BytesParser


def check(path):
    result = {"file": path, "ok": False, "error": None, "headers": {}, "raw_headers": [],
              "body": None, "defects": []}
    try:
        with open(path, "rb") as handle:
            message = BytesParser(policy=policy.strict).parse(handle)
        result["raw_headers"] = list(message.keys())
        for name in message.keys():
            # Reading a header parses it; strict raises on a defect in its value.
            result["headers"][name.lower()] = str(message[name])
        result["body"] = message.get_content()
        result["defects"] = [str(defect) for defect in message.defects]
        result["content_type"] = message.get_content_type()
        result["charset"] = message.get_content_charset()
        result["ok"] = not result["defects"]
    except Exception as error:  # noqa: BLE001 - every failure is a finding
        result["error"] = f"{type(error).__name__}: {error}"
    return result


def main():
    results = [check(path) for path in sys.argv[1:]]
    print(json.dumps(results, ensure_ascii=False))
    sys.exit(0 if all(entry["ok"] for entry in results) else 1)


if __name__ == "__main__":
    main()
