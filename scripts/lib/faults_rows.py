"""scripts/faults: the rows that need no privileges — API faults, receiver faults and SIGHUP
storms. Each drives the scenario phase by phase (see faults_support.Scenario) and runs enough
clean cycles after every fault for each phase to be seen, so what is expected stays what the
scenario says."""

import os
import random
import signal
import threading
import time

from faults_support import Daemon, Receiver, Scenario, make_cities, outbox_entries, settle, write_config
from bench_support import FixtureServer
from faults_tally import Row


class Context:
    """One row's world: a fixture API, a receiver, the cities, a state folder, a config."""

    def __init__(self, options, name, cities, work=None):
        self.options = options
        self.row = Row(name)
        self.work = work or os.path.join(options.work, name.split()[0])
        os.makedirs(self.work, exist_ok=True)
        self.api = FixtureServer()
        self.receiver = Receiver(self.work)
        self.cities = make_cities(cities)
        self.scenario = Scenario(self.api, self.cities)
        self.state = os.path.join(self.work, "state")
        self.config = os.path.join(self.work, "breezed.conf")
        self.daemon = None
        self.alert = ""

    def configure(self, alert="", webhook="", poll_interval="1h"):
        self.alert = alert
        write_config(self.config, self.api.base, self.receiver.url, self.cities, self.state,
                     alert=alert, webhook=webhook, poll_interval=poll_interval)

    def start_without_waiting(self):
        self.daemon = Daemon(self.options.breezed, self.config, self.work,
                             self.options.log_target, tally=self.row)

    def start(self):
        """Starts breezed; the seconds from exec to its first cycle's end."""
        self.start_without_waiting()
        return self.daemon.wait_ready()

    def cycles(self, count):
        for _ in range(count):
            self.daemon.cycle()

    def finish(self, timeout=90):
        """Lets every delivery out (receiver up), stops the daemon, counts."""
        self.receiver.up()
        self.receiver.clear_responses()
        if self.daemon is None or not self.daemon.alive():
            self.start()
        settle(self.receiver, self.scenario, self.state, timeout)
        self.daemon.stop()

    def close(self):
        if self.daemon and self.daemon.process.poll() is None:
            self.daemon.stop()
        if not self.row.skipped:
            self.row.count(self.receiver.records(), self.scenario.expected,
                           stands_for=self.scenario.stands_for, id_problem=self.scenario.id_problem)
        self.receiver.down()
        self.api.stop()


API_FAULTS = [
    {"kind": "status", "status": 500}, {"kind": "status", "status": 503},
    {"kind": "status", "status": 429, "retry_after": 1}, {"kind": "invalid_json"},
    {"kind": "truncated"}, {"kind": "wrong_length"}, {"kind": "nulls"}, {"kind": "reset"},
    {"kind": "stream_error"}, {"kind": "delay", "seconds": 3}, {"kind": "oversized", "bytes": 4 << 20},
    {"kind": "status", "status": 400, "reason": "Bad things"},
]


def api_faults(context):
    """Every fault kind of the Open-Meteo fixture, a few per phase, while the air crosses and
    clears (ConfirmAfter=2, so a fault falls inside a streak)."""
    context.configure(alert="ConfirmAfter=2")
    scenario = context.scenario
    scenario.set(Scenario.CALM, 0)
    context.start()
    queue = list(API_FAULTS)
    per_phase = 4
    for episode in range(context.options.episodes):
        for kind in (Scenario.HIGH, Scenario.CALM):
            scenario.set(kind, episode)
            faults = [dict(queue.pop(0), path="/v1/air-quality") for _ in range(per_phase) if queue]
            queue += faults  # round robin over the kinds
            context.api.control("/control/faults", {"faults": faults})
            for _ in range(12):
                context.daemon.cycle()
                if not context.api.control("/control/faults")["faults"]:
                    break
            left = len(context.api.control("/control/faults")["faults"])
            context.row.tried += len(faults) - left
            context.api.control("/control/reset", {})  # drops what is left; readings again:
            scenario.phases -= 1
            scenario.set(kind, episode)
            context.cycles(3)  # ConfirmAfter=2 clean readings, and one more
    context.finish()


def receiver_faults(context):
    """The receiver down (connection refused), answering 503, slow (under Timeout=2s) and
    hanging (over it), in turn, while each phase's events are due."""
    context.configure()
    scenario, receiver = context.scenario, context.receiver
    scenario.set(Scenario.CALM, 0)
    context.start()
    kinds = ["down", "5xx", "slow", "hang"]
    window = 2.0 if context.options.quick else 3.0
    step = 0
    for episode in range(max(2, context.options.episodes)):  # every kind at least once
        for phase in (Scenario.HIGH, Scenario.CALM):
            kind = kinds[step % len(kinds)]
            step += 1
            if kind == "down":
                receiver.down()
            elif kind == "5xx":
                receiver.respond([{"status": 503, "count": -1, "body": "down for maintenance"}])
            elif kind == "slow":
                receiver.respond([{"status": 200, "delay": 0.5, "count": -1}])
            else:
                receiver.respond([{"status": 200, "delay": 4, "count": -1}])
            scenario.set(phase, episode)
            context.cycles(1)
            time.sleep(window)  # deliveries meet the fault for this long
            receiver.up()
            receiver.clear_responses()
            context.row.tried += 1
            # Drained before the next fault, so each one meets fresh entries (not the long
            # back-off of entries that failed through the previous one).
            deadline = time.monotonic() + 60
            while outbox_entries(context.state) and time.monotonic() < deadline:
                time.sleep(0.2)
    records = receiver.records()
    context.row.notes.append(
        f"{context.row.tried} fault windows of {window:.0f} s ({', '.join(kinds)} in turn); the receiver "
        f"saw {sum(1 for r in records if r['answered'] >= 300)} attempts answered 5xx and "
        f"{sum(1 for r in records if r.get('delay', 0) > 2)} held past Timeout=2s")
    context.finish()


def sighup_storm(context):
    """SIGHUPs every few milliseconds during cycles, the configuration rewritten between two
    forms as they land (atomically, as editors and config managers do): the same cities and
    receivers, PollInterval 1h or 59min, RetryInitialDelay 200 or 300 ms."""
    context.configure()
    scenario = context.scenario
    scenario.set(Scenario.CALM, 0)
    context.start()
    daemon = context.daemon
    per_phase = context.options.sighups
    for episode in range(context.options.episodes):
        for phase in (Scenario.HIGH, Scenario.CALM):
            scenario.set(phase, episode)
            stop = threading.Event()

            def storm():
                for number in range(per_phase):
                    if stop.is_set() or not daemon.alive():
                        return
                    # Another PollInterval every other time: each reload moves the next poll.
                    context.configure(webhook="RetryInitialDelay=%dms" % (200 + number % 2 * 100),
                                      poll_interval=("1h", "59min")[number % 2])
                    daemon.signal(signal.SIGHUP)
                    context.row.tried += 1
                    time.sleep(random.uniform(0.002, 0.02))

            thread = threading.Thread(target=storm)
            thread.start()
            try:
                while thread.is_alive() and daemon.alive():
                    poll_during_storm(daemon)
            finally:
                stop.set()
                thread.join()
            if not daemon.alive():
                break
            for _ in range(2):  # the phase seen after the storm, whatever it did
                poll_during_storm(daemon)
    context.finish()


def poll_during_storm(daemon, timeout=30):
    """SIGUSR1, and its cycle, which a reload landing right after it must not drop (the timer
    re-armed a whole PollInterval away: a bug until PollSchedule.reschedule kept a requested
    poll). A cycle of 40 cities takes well under a second: no cycle in `timeout` fails the row."""
    try:
        daemon.cycle(timeout=timeout)
    except RuntimeError as error:
        raise RuntimeError(f"a poll asked for (SIGUSR1) during the SIGHUP storm never ran: {error}") from None


def run(rows, options, log):
    """Runs each (name, body, cities) row; a row that breaks is reported, not fatal."""
    results = []
    for name, body, cities in rows:
        log(f"{name}: {cities} cities")
        started = time.monotonic()
        context = None
        try:
            context = Context(options, name, cities)
            body(context)
        except Exception as error:  # the row is reported as failed, the others still run
            if context is None:
                context_less = Row(name)
                context_less.aborted = f"could not set up: {error}"
                results.append(context_less)
            else:
                context.row.aborted = str(error)
        finally:
            if context:
                context.close()
                results.append(context.row)
        log(f"{name}: {time.monotonic() - started:.0f} s")
    return results
