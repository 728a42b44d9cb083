"""`--cache-answers` (the benchmark's option): an air-quality answer generated once per request.

Generating 1,000 locations × 6 pollutants × 192 hours takes the fixture most of a second, so a
10,000-city poll would measure the server. With the option, each answer is kept by what decides
it — the request line, its body, whether it is gzipped, and the clock's quarter-hour (every
zone's offset is a whole number of quarter-hours, so the hours an answer shows cannot change
inside one) — and the same request is answered with the same bytes, gzip included: breezed's
warm-up and curl's replay of its requests get one set of answers. Only while the control API has
changed nothing the answer reads (no readings, scenario steps or clock steps; a timeline only
as long as it stays loaded) and no fault is due; the log still records every request. Off by default: the tests never see it.
"""

import threading
from collections import OrderedDict

LIMIT_BYTES = 512 << 20  # the oldest answers go first past this


class AnswerCache:
    def __init__(self, limit=LIMIT_BYTES):
        self.lock = threading.Lock()
        self.entries = OrderedDict()
        self.size = 0
        self.limit = limit

    @staticmethod
    def key(state, clock, target, body, gzipped):
        """The key of this request's answer, or None when it must be generated afresh."""
        with state.lock:
            if len(state.readings) or state.scenario_steps or state.clock_step is not None or state.faults:
                return None
            # A timeline (series fixed in time, as the backtest's 92-day history) reads the same
            # for the same clock; the key names the loaded one, which the entry keeps alive so
            # its id is never reused by another.
            timelines = state.timelines if state.timelines else None
        now = clock.now()
        quarter = now.replace(minute=now.minute - now.minute % 15, second=0, microsecond=0)
        return (target, bytes(body), gzipped, quarter.isoformat(), id(timelines), timelines)

    def get(self, key):
        with self.lock:
            return self.entries.get(key)

    def put(self, key, answer):
        """Keeps `answer` (the bytes sent and their headers) for `key`."""
        body = answer[0]
        with self.lock:
            if key in self.entries or len(body) > self.limit:
                return
            self.entries[key] = answer
            self.size += len(body)
            while self.size > self.limit:
                _, (old, _) = self.entries.popitem(last=False)
                self.size -= len(old)
