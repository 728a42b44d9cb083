"""scripts/faults, shared parts: the receiver fixture (restartable on its port), the daemon
under a NOTIFY_SOCKET listener with its exits accounted for, configurations, and the
scenario that sets the air and says, independently of breezed, which events must follow."""

import datetime
import json
import os
import signal
import subprocess
import time
import urllib.request

from bench_daemon import NotifyListener, is_cycle_status, is_ready
from bench_support import ROOT, FixtureServer, coordinates


class Receiver:
    """Tests/Fixtures/webhook_receiver.py with --log: its log outlives a stop (the receiver
    "down": connection refused) and a start again on the same port."""

    def __init__(self, work):
        self.log = os.path.join(work, "receiver.jsonl")
        self.port = 0
        self.process = None
        self.up()

    def up(self):
        if self.process:
            return
        with open(self.log + ".stderr", "ab") as stderr:  # resets by a killed daemon, etc.
            self.process = subprocess.Popen(
                ["python3", os.path.join(ROOT, "Tests/Fixtures/webhook_receiver.py"),
                 "--port", str(self.port), "--log", self.log],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr, text=True)
        line = self.process.stdout.readline()
        if not line.startswith("PORT "):
            raise RuntimeError(f"webhook_receiver.py did not start: {line!r}")
        self.port = int(line.split()[1])

    def down(self):
        if not self.process:
            return
        self.process.stdin.close()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}/hook"

    def respond(self, responses):
        """Queues scripted answers (status, count, delay…; count -1 never runs out)."""
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}/control/responses", method="POST",
            data=json.dumps({"responses": responses}).encode())
        urllib.request.urlopen(request, timeout=10).close()

    def clear_responses(self):
        """Back to 200 for every request; the log on disk stays."""
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}/control/reset",
                                         method="POST", data=b"{}")
        urllib.request.urlopen(request, timeout=10).close()

    def records(self):
        if not os.path.exists(self.log):
            return []
        with open(self.log, encoding="utf-8") as file:
            # Whole lines only: the receiver may be writing the last one as this reads it.
            return [json.loads(line) for line in file if line.strip() and line.endswith("\n")]


class Daemon:
    """One `breezed` process. Every exit is checked against the signal we sent: an exit we
    did not cause (a signal other than ours, or a status other than 0 after SIGTERM) is a crash."""

    def __init__(self, breezed, config, work, log_target="stderr", tally=None):
        self.listener = NotifyListener(os.path.join(work, "notify.sock"))
        self.stderr_path = os.path.join(work, "breezed.log")
        environment = dict(os.environ, NOTIFY_SOCKET=self.listener.path)
        environment.pop("JOURNAL_STREAM", None)
        self.started = time.monotonic()
        with open(self.stderr_path, "ab") as stderr:
            self.process = subprocess.Popen(
                [breezed, "--log", log_target, "--config", config], env=environment,
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=stderr)
        self.sent = None
        self.tally = tally
        self.index = -1

    def wait_ready(self, timeout=60):
        """Waits for READY=1 and the first cycle's STATUS= (a start polls at once)."""
        self.index, _ = self._wait(is_ready, timeout)
        self.index, finished = self._wait(is_cycle_status, timeout)
        return finished - self.started

    def cycle(self, timeout=120):
        """Polls now (SIGUSR1) and waits for that cycle's STATUS=."""
        self.signal(signal.SIGUSR1)
        self.index, _ = self._wait(is_cycle_status, timeout)

    def _wait(self, predicate, timeout):
        try:
            return self.listener.wait(predicate, after=self.index + 1, timeout=timeout)
        except TimeoutError:
            code = self.process.poll()
            raise RuntimeError(f"breezed gave no notification in {timeout} s "
                               f"(exit: {code}); see {self.stderr_path}") from None

    def signal(self, number):
        if self.process.poll() is None:
            self.process.send_signal(number)

    def alive(self):
        return self.process.poll() is None

    def kill(self):
        """kill -9, as a power cut would."""
        self.sent = signal.SIGKILL
        self.signal(signal.SIGKILL)
        self._finish()

    def stop(self, timeout=30):
        self.sent = signal.SIGTERM
        self.signal(signal.SIGTERM)
        self._finish(timeout)

    def _finish(self, timeout=30):
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            self.sent = None  # a hang on SIGTERM counts as a crash
        self.listener.close()
        code = self.process.returncode
        expected = -signal.SIGKILL if self.sent == signal.SIGKILL else 0
        if code != expected:
            if self.tally is not None:
                self.tally.crash(f"breezed exited with {describe(code)} (we sent "
                                 f"{signal.Signals(self.sent).name if self.sent else 'nothing'})")


def describe(code):
    return f"signal {signal.Signals(-code).name}" if code < 0 else f"status {code}"


def write_config(path, api, receiver_url, cities, state_directory, alert="", webhook="", poll_interval="1h"):
    """A configuration for `cities` (names and coordinates) against the loopback fixtures."""
    lines = [
        "[Breeze]", f"ApiURL={api}", f"GeocodingURL={api}", f"ArchiveURL={api}",
        f"PollInterval={poll_interval}", "Jitter=0", "Timeout=2s", f"StateDirectory={state_directory}",
        # The faults are queued for the poll's /v1/air-quality requests: no pollen-and-UV request
        # (the status page's extras, on by default with Listen=) may take one of them.
        "StatusPageExtras=no",
        # The expected events are worked out from the us_aqi the fixture is set to, and are
        # crossings of the current AQI alone: a forecast alert depends on the fixture's hourly
        # forecast for the random coordinates of a run (one fired for "Fault 024" at seed
        # 1796142076), which no row's scenario counts.
        "[Alert]", "ConfirmAfter=1", "AQISource=open-meteo", "ForecastThreshold=off", alert,
        '[Webhook "ops"]', f"URL={receiver_url}", "Timeout=2s", "RetryInitialDelay=200ms",
        "MaxAge=24h", webhook,
    ]
    for name, latitude, longitude in cities:
        lines += [f'[City "{name}"]', f"Latitude={latitude:.4f}", f"Longitude={longitude:.4f}"]
    temporary = path + ".new"
    with open(temporary, "w", encoding="utf-8") as file:
        file.write("\n".join(lines) + "\n")
    os.replace(temporary, path)  # a SIGHUP never reads half a file


def make_cities(count):
    return [(f"Fault {index:03d}", latitude, longitude)
            for index, (latitude, longitude) in enumerate(coordinates(count))]


class Scenario:
    """The air every city breathes, phase by phase, and the events that must follow.

    Episode e: every city goes to AQI 160+e (Unhealthy: a `firing`), then to 20+e (Good, below
    the clear level: a `resolved`). The AQI names the episode in each payload, and each phase
    is a new hour on the fixture's clock, so observations differ as in the real world. What is
    expected comes from this sequence alone, never from breezed's output."""

    HIGH, CALM = "high", "calm"

    def __init__(self, api: FixtureServer, cities, phase_seconds=1.05):
        self.api = api
        self.cities = cities
        self.phase_seconds = phase_seconds
        now = datetime.datetime.now(datetime.timezone.utc).replace(minute=30, second=0, microsecond=0)
        # Seven phases (a full run's) end in the current hour: never in the future, and no
        # older than a real outage of a few hours.
        self.start = now - datetime.timedelta(hours=6)
        self.phases = 0
        self.firing = False
        self.expected = set()
        self.last_set = 0.0
        # Per expected crossing, the episode its id must name: the observation time (unix
        # seconds, the fixture's hour) of the reading that fired (breezed(8), "Delivery and the outbox": event ids).
        self.episode_of = {}
        # Per expected resolve, its episode's firing: the one a folded notice stands for.
        self.firing_of = {}
        self.episode = None  # (AQI, observation time) of the episode firing now

    def set(self, kind, episode):
        # A phase lasts at least a second of wall time: breezed's ids name the episode's start
        # in whole seconds, and no real episode is shorter (ConfirmAfter × PollInterval).
        time.sleep(max(0.0, self.last_set + self.phase_seconds - time.monotonic()))
        self.last_set = time.monotonic()
        aqi = 160 + episode if kind == self.HIGH else 20 + episode
        clock = self.start + datetime.timedelta(hours=self.phases)
        self.phases += 1
        observed = int(clock.replace(minute=0).timestamp())  # the fixture's `current.time`
        if kind == self.HIGH and not self.firing:
            self.episode = (aqi, observed)
            for name, _, _ in self.cities:
                self.expected.add((name, "firing", aqi))
                self.episode_of[(name, "firing", aqi)] = observed
        if kind == self.CALM and self.firing:
            firing_aqi, started = self.episode
            for name, _, _ in self.cities:
                self.expected.add((name, "resolved", aqi))
                self.episode_of[(name, "resolved", aqi)] = started
                self.firing_of[(name, "resolved", aqi)] = (name, "firing", firing_aqi)
        self.firing = kind == self.HIGH
        self.api.control("/control/clock", {"now": clock.isoformat()})
        pm = aqi / 2  # PM2.5 dominant, consistent with the AQI's band
        self.api.control("/control/readings", {"locations": [
            {"latitude": latitude, "longitude": longitude,
             "current": {"us_aqi": aqi, "us_aqi_pm2_5": aqi, "pm2_5": pm}}
            for _, latitude, longitude in self.cities]})


    def stands_for(self, record):
        """The crossings one accepted alert tells its receiver of: its own, and for a resolve
        folded with its episode's undelivered firing (`unannounced`, "was Unhealthy …, now
        resolved": breezed(8), "Delivery and the outbox": a late firing the resolve replaces) that firing too — but only when the notice
        names the band the firing would have announced; a folded notice saying less loses it."""
        own = crossing(record)
        unannounced = (record["json"].get("data") or {}).get("unannounced")
        if own in self.firing_of and isinstance(unannounced, dict) \
                and (unannounced.get("band") or {}).get("slug") == "unhealthy":
            return [own, self.firing_of[own]]
        return [own]

    def id_problem(self, record):
        """Why an accepted alert's `webhook-id` is not the one its crossing must have, or None:
        `<slug>-<episode>-<n>-<kind>`, the slug the city's (breezed(8), "Delivery and the outbox": event ids), the episode
        the observation time of the reading that fired, 1 for the firing, 2 or more for the
        resolve. A crossing the scenario never made is counted elsewhere (unexpected)."""
        key = crossing(record)
        if key not in self.episode_of:
            return None
        identifier = record["headers"].get("webhook-id", "")
        city, event, _ = key
        prefix = f"{slug(city)}-{self.episode_of[key]}-"
        number, _, kind = identifier[len(prefix):].partition("-")
        if identifier.startswith(prefix) and kind == event and number.isdigit() \
                and (int(number) == 1 if event == "firing" else int(number) >= 2):
            return None
        return f"{identifier!r} for {city} {event}: expected {prefix}{'1' if event == 'firing' else 'N'}-{event}"


def slug(name):
    """Breeze's slug of a city name (Sources/BreezeModel/Slug.swift), for the ASCII names the
    matrix uses: the readable part, a dash, FNV-1a 64 of the exact name in hexadecimal."""
    readable = "-".join("".join(c if c.isascii() and c.isalnum() else " " for c in name.lower()).split())[:40]
    digest = 0xcbf29ce484222325
    for byte in name.encode("utf-8"):
        digest = ((digest ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return f"{readable or 'city'}-{digest:016x}"


def outbox_entries(state_directory):
    folder = os.path.join(state_directory, "outbox")
    if not os.path.isdir(folder):
        return 0
    return sum(len([name for name in files if name.endswith(".json")])
               for _, _, files in os.walk(folder))


def settle(receiver, scenario, state_directory, timeout):
    """Waits until every expected event reached the receiver and the outbox is empty, or the
    outbox stays empty with events still missing (they are lost), or `timeout` passes."""
    deadline = time.monotonic() + timeout
    empty_since = None
    while time.monotonic() < deadline:
        seen = {key for record in receiver.records() if accepted(record) for key in scenario.stands_for(record)}
        pending = outbox_entries(state_directory)
        if pending == 0 and scenario.expected <= seen:
            return
        if pending == 0:
            empty_since = empty_since or time.monotonic()
            if time.monotonic() - empty_since > 3:
                return
        else:
            empty_since = None
        time.sleep(0.2)


def accepted(record):
    return 200 <= int(record.get("answered", 0)) < 300 and isinstance(record.get("json"), dict)


def crossing(record):
    """(city, event, AQI) of a received alert, from its payload (None when it has none)."""
    data = record["json"].get("data") or {}
    return ((data.get("city") or {}).get("name"), data.get("event"), data.get("aqi"))
