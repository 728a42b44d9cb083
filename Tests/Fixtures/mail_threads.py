#!/usr/bin/env python3
"""Reads a Maildir's messages with Python's email package, for Breeze's threading tests.

    python3 Tests/Fixtures/mail_threads.py MAILDIR

Prints one JSON array, the messages of MAILDIR/new and MAILDIR/cur in the order of their
Date: and then file name: per message {"file", "subject", "message_id", "in_reply_to",
"references" [ids], "event", "errors" [..]}. Each Message-ID, In-Reply-To and References id
is parsed as RFC 5322 msg-id (email._header_value_parser.parse_message_id, as
policy.default does for Message-ID); a defect or leftover text is an error. Exits 0 when no
message has an error.
"""
import json
import os
import sys
from email import policy
from email._header_value_parser import parse_message_id
from email.parser import BytesParser
from email.utils import parsedate_to_datetime


def ids(value, errors, name):
    """The msg-ids in `value` (space-separated, as References lists them), each checked."""
    found = []
    for text in (value or "").split():
        token = parse_message_id(text)
        if token.defects or str(token).strip() != text:
            errors.append(f"{name}: {text!r} is not a msg-id: {[str(d) for d in token.defects]}")
        found.append(text)
    return found


def read(path):
    errors = []
    with open(path, "rb") as handle:
        message = BytesParser(policy=policy.strict).parse(handle)
    message_ids = ids(message["Message-ID"], errors, "Message-ID")
    if len(message_ids) != 1:
        errors.append(f"Message-ID: {len(message_ids)} ids")
    in_reply_to = ids(message["In-Reply-To"], errors, "In-Reply-To")
    return {
        "file": os.path.basename(path),
        "date": parsedate_to_datetime(message["Date"]).timestamp(),
        "subject": str(message["Subject"]),
        "message_id": message_ids[0] if message_ids else None,
        "in_reply_to": in_reply_to[0] if len(in_reply_to) == 1 else None,
        "in_reply_to_count": len(in_reply_to),
        "references": ids(message["References"], errors, "References"),
        "event": str(message["X-Breeze-Event"]),
        "errors": errors,
    }


def main():
    folder = sys.argv[1]
    paths = [os.path.join(folder, part, name) for part in ("new", "cur")
             for name in sorted(os.listdir(os.path.join(folder, part)))]
    results = sorted((read(path) for path in paths), key=lambda entry: (entry["date"], entry["file"]))
    print(json.dumps(results, ensure_ascii=False))
    sys.exit(0 if all(not entry["errors"] for entry in results) else 1)


if __name__ == "__main__":
    main()
