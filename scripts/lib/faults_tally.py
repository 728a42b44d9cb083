"""scripts/faults: counting one row of the matrix from the receiver's log, and the table."""

from collections import defaultdict

from faults_support import accepted, crossing


class Row:
    """One fault: what was tried, and the daemon exits we did not cause."""

    def __init__(self, fault):
        self.fault = fault
        self.tried = 0
        self.crashes = []
        self.notes = []
        self.counts = None
        self.skipped = False
        self.aborted = None  # why the row could not run to its end

    def crash(self, text):
        self.crashes.append(text)

    def count(self, records, expected):
        """Counts by `webhook-id` what the receiver accepted (answered 2xx) against `expected`,
        a set of (city, event, AQI) crossings:
        - delivered: distinct ids accepted;
        - lost: expected crossings no accepted id stands for alone (none, or only ids that
          also carried another crossing, which a receiver deduplicating on ids would drop);
        - duplicated: extra ids for one crossing (the same alert twice under two ids);
        - unexpected: crossings the scenario never made (a wrong AQI, an escalation…)."""
        ids_of = defaultdict(set)
        crossings_of = defaultdict(set)
        for record in records:
            if not accepted(record):
                continue
            identifier = record["headers"].get("webhook-id", "")
            ids_of[crossing(record)].add(identifier)
            crossings_of[identifier].add(crossing(record))
        lost = sum(1 for key in expected
                   if not any(len(crossings_of[identifier]) == 1 for identifier in ids_of.get(key, ())))
        self.counts = {
            "expected": len(expected),
            "delivered": len(crossings_of),
            "lost": lost,
            "duplicated": sum(len(ids) - 1 for ids in ids_of.values()),
            "unexpected": len(set(ids_of) - set(expected)),
        }
        examples = sorted(ids_of.items(), key=lambda item: -len(item[1]))[:1]
        for key, ids in examples:
            if len(ids) > 1:
                self.notes.append(f"e.g. {key[0]} {key[1]} (AQI {key[2]}) under {len(ids)} ids: "
                                  + ", ".join(sorted(ids)[:3]))
        missing = sorted(key for key in expected if not ids_of.get(key))[:1]
        for key in missing:
            self.notes.append(f"e.g. never received: {key[0]} {key[1]} (AQI {key[2]})")

    def failed(self):
        if self.skipped:
            return False
        counts = self.counts or {}
        return bool(self.aborted or self.crashes or counts.get("lost") or counts.get("duplicated")
                    or counts.get("unexpected") or self.counts is None)


COLUMNS = ["fault", "faults tried", "events expected", "delivered", "lost",
           "duplicated (2nd id)", "unexpected", "crashes"]


def table(rows):
    lines = ["| " + " | ".join(COLUMNS) + " |", "|---|" + "---:|" * (len(COLUMNS) - 1)]
    for row in rows:
        counts = row.counts or {}
        if row.skipped:
            lines.append(f"| {row.fault} | skipped |" + " |" * (len(COLUMNS) - 2))
            continue
        cells = [row.fault, str(row.tried)] + [
            str(counts.get(name, "–")) for name in ("expected", "delivered", "lost", "duplicated", "unexpected")
        ] + [str(len(row.crashes))]
        lines.append("| " + " | ".join(cells) + " |")
    notes = [f"- {row.fault}: {note}" for row in rows
             for note in row.notes + row.crashes + ([f"aborted: {row.aborted}"] if row.aborted else [])]
    return lines + ([""] + notes if notes else [])
