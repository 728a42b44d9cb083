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

    def count(self, records, expected, stands_for=None, id_problem=None):
        """Counts by `webhook-id` what the receiver accepted (answered 2xx) against `expected`,
        a set of (city, event, AQI) crossings. `stands_for(record)` lists the crossings one
        alert tells of (its own; a resolve folded with its undelivered firing tells of both);
        `id_problem(record)` says why its id is not the one its crossing must have, or None.
        - delivered: distinct ids accepted;
        - folded: expected firings that reached the receiver only inside their resolve (one
          "was Unhealthy …, now resolved" notice): delivered, by design, under no id of their own;
        - lost: expected crossings no accepted id stands for alone (none, or only ids that
          also carried another crossing, which a receiver deduplicating on ids would drop);
        - duplicated: extra ids for one crossing (the same alert twice under two ids);
        - unexpected: crossings the scenario never made (a wrong AQI, an escalation…), and
          ids that do not name their crossing's episode and kind."""
        stands_for = stands_for or (lambda record: [crossing(record)])
        ids_of = defaultdict(set)  # a crossing: the ids of the alerts that were it
        told_by = defaultdict(set)  # a crossing: the ids of the alerts that told of it
        crossings_of = defaultdict(set)  # an id: the crossings sent under it
        wrong_ids = {}
        first_told = {}  # an id: what its first accepted alert told of
        retold = set()  # ids accepted again telling of something else (folded, then plain)
        for record in records:
            if not accepted(record):
                continue
            identifier = record["headers"].get("webhook-id", "")
            ids_of[crossing(record)].add(identifier)
            crossings_of[identifier].add(crossing(record))
            told = stands_for(record)
            # A receiver deduplicating on the id keeps the first alert under it: what a later
            # one adds (a folded firing) never reaches such a receiver.
            if first_told.setdefault(identifier, told) != told:
                retold.add(identifier)
                told = [key for key in told if key in first_told[identifier]]
            for key in told:
                told_by[key].add(identifier)
            problem = id_problem(record) if id_problem else None
            if problem:
                wrong_ids[identifier] = problem

        def alone(identifiers):
            return any(len(crossings_of[identifier]) == 1 for identifier in identifiers)

        folded = [key for key in expected if not alone(ids_of.get(key, ())) and alone(told_by.get(key, ()))]
        also_folded = [key for key in expected if ids_of.get(key) and told_by[key] - ids_of[key]]
        self.counts = {
            "expected": len(expected),
            "delivered": len(crossings_of),
            "folded": len(folded),
            "lost": sum(1 for key in expected if not alone(told_by.get(key, ()))),
            "duplicated": sum(len(ids) - 1 for ids in ids_of.values()),
            "unexpected": len(set(ids_of) - set(expected)) + len(wrong_ids),
        }
        examples = sorted(ids_of.items(), key=lambda item: -len(item[1]))[:1]
        for key, ids in examples:
            if len(ids) > 1:
                self.notes.append(f"e.g. {key[0]} {key[1]} (AQI {key[2]}) under {len(ids)} ids: "
                                  + ", ".join(sorted(ids)[:3]))
        missing = sorted(key for key in expected if not told_by.get(key))[:1]
        for key in missing:
            self.notes.append(f"e.g. never received: {key[0]} {key[1]} (AQI {key[2]})")
        for problem in sorted(wrong_ids.values())[:1]:
            self.notes.append(f"e.g. wrong id: {problem} ({len(wrong_ids)} such ids)")
        if folded:
            self.notes.append(f"{counted(len(folded), 'firing')} reached the receiver folded into their "
                              "resolve (unannounced: still pending when the air cleared)")
        if retold:
            self.notes.append(f"{counted(len(retold), 'id')} accepted again in another form (a folded resolve "
                              "raised again, plain, after a kill before the state was saved): the first "
                              "one counts")
        if also_folded:
            self.notes.append(f"{counted(len(also_folded), 'firing')} accepted, then folded into the resolve "
                              "too (breezed stopped between the receiver's 2xx and removing the entry)")

    def failed(self):
        if self.skipped:
            return False
        counts = self.counts or {}
        return bool(self.aborted or self.crashes or counts.get("lost") or counts.get("duplicated")
                    or counts.get("unexpected") or self.counts is None)


def counted(number, noun):
    return f"{number} {noun}{'' if number == 1 else 's'}"


COLUMNS = ["fault", "faults tried", "events expected", "delivered", "folded", "lost",
           "duplicated (2nd id)", "unexpected", "crashes"]


def table(rows):
    lines = ["| " + " | ".join(COLUMNS) + " |", "|---|" + "---:|" * (len(COLUMNS) - 1)]
    for row in rows:
        counts = row.counts or {}
        if row.skipped:
            lines.append(f"| {row.fault} | skipped |" + " |" * (len(COLUMNS) - 2))
            continue
        cells = [row.fault, str(row.tried)] + [
            str(counts.get(name, "–")) for name in ("expected", "delivered", "folded", "lost", "duplicated", "unexpected")
        ] + [str(len(row.crashes))]
        lines.append("| " + " | ".join(cells) + " |")
    notes = [f"- {row.fault}: {note}" for row in rows
             for note in row.notes + row.crashes + ([f"aborted: {row.aborted}"] if row.aborted else [])]
    return lines + ([""] + notes if notes else [])
