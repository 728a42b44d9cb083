"""scripts/bench, parts 2–4: the long-running daemon under a NOTIFY_SOCKET listener —
steady state, start-up, and the alert path."""

import os
import signal
import socket
import subprocess
import threading
import time

from bench_support import proc_sample, summary, write_config


class NotifyListener:
    """A NOTIFY_SOCKET datagram socket; every message is kept with its arrival time."""

    def __init__(self, path):
        if os.path.exists(path):
            os.unlink(path)
        self.path = path
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.socket.bind(path)
        self.messages = []
        self.condition = threading.Condition()
        threading.Thread(target=self._receive, daemon=True).start()

    def _receive(self):
        while True:
            try:
                data = self.socket.recv(65536)
            except OSError:
                return
            with self.condition:
                self.messages.append((time.monotonic(), data.decode(errors="replace")))
                self.condition.notify_all()

    def wait(self, predicate, after=0, timeout=300):
        """The index and time of the first message from index `after` on that `predicate` accepts."""
        deadline = time.monotonic() + timeout
        with self.condition:
            while True:
                for index in range(after, len(self.messages)):
                    if predicate(self.messages[index][1]):
                        return index, self.messages[index][0]
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise TimeoutError("no such notify message")
                self.condition.wait(remaining)

    def close(self):
        self.socket.close()
        os.unlink(self.path)


def is_ready(message):
    return "READY=1" in message.split("\n")


def is_cycle_status(message):
    # After each cycle the daemon sends a STATUS= line on its own (READY=1 carries one too).
    return message.startswith("STATUS=") and "READY=1" not in message


class Daemon:
    """`breezed` running under a notify listener, ended by its PID (`environment`: variables
    added to the bench's own, e.g. a FakeClock's)."""

    def __init__(self, breezed, config, work, stderr=subprocess.DEVNULL, log_target="stderr", environment=None):
        self.listener = NotifyListener(os.path.join(work, "notify.sock"))
        environment = dict(os.environ, **(environment or {}), NOTIFY_SOCKET=self.listener.path)
        self.started = time.monotonic()
        self.process = subprocess.Popen(
            [breezed, "--log", log_target, "--config", config], env=environment,
            stdout=subprocess.DEVNULL, stderr=stderr)

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.listener.close()


def steady_state(server, breezed, work, size, cycles, log):
    state = os.path.join(work, "state-steady")
    config = os.path.join(work, "steady.conf")
    write_config(config, server.base, size, state, extra_breeze="PollInterval=1h\nJitter=0\n")
    daemon = Daemon(breezed, config, work)
    samples, cycle_walls = {}, []
    try:
        index, _ = daemon.listener.wait(is_ready)
        for cycle in range(1, cycles + 1):
            requested = time.monotonic()
            index, finished = daemon.listener.wait(is_cycle_status, after=index + 1)
            if cycle > 1:
                cycle_walls.append(finished - requested)
            if cycle in (10, cycles):
                samples[cycle] = proc_sample(daemon.process.pid)
            if cycle % 50 == 0:
                log(f"steady state: cycle {cycle}/{cycles}")
            if cycle < cycles:
                daemon.process.send_signal(signal.SIGUSR1)
    finally:
        daemon.stop()
    first, last = samples[10], samples[cycles]
    cpu_per_cycle = (last["cpu"] - first["cpu"]) / (cycles - 10)
    return [
        f"## 2. Steady state: `breezed` watching {size:,} cities, {cycles:,} cycles back to back (SIGUSR1)",
        "",
        "| at | RSS (MiB) | peak RSS (MiB) | open descriptors |",
        "|---|---:|---:|---:|",
        f"| cycle 10 | {first['rss']:.1f} | {first['hwm']:.1f} | {first['fds']} |",
        f"| cycle {cycles:,} | {last['rss']:.1f} | {last['hwm']:.1f} | {last['fds']} |",
        "",
        f"CPU per cycle (cycles 10–{cycles:,}, from /proc utime+stime): {cpu_per_cycle:.3f} s = "
        f"{cpu_per_cycle / size * 1e6:.1f} µs per city. Wall per cycle (SIGUSR1 to its STATUS=): "
        f"{summary(cycle_walls)} s. Growth from cycle 10 to {cycles:,}: RSS "
        f"{last['rss'] - first['rss']:+.1f} MiB, descriptors {last['fds'] - first['fds']:+d}.",
    ]


def start_up(server, breezed, work, sizes, runs, log):
    lines = [
        "## 3. Start-up: exec to `READY=1`, and to the first completed cycle",
        "",
        "| cities | to READY=1 (ms) | to first cycle done (ms) |",
        "|---:|---:|---:|",
    ]
    for size in sizes:
        log(f"start-up: {size} cities")
        state = os.path.join(work, f"state-start-{size}")
        config = os.path.join(work, f"start-{size}.conf")
        write_config(config, server.base, size, state, extra_breeze="PollInterval=1h\nJitter=0\n")
        ready, first = [], []
        for run in range(runs + 1):
            daemon = Daemon(breezed, config, work)
            try:
                index, ready_at = daemon.listener.wait(is_ready)
                _, done_at = daemon.listener.wait(is_cycle_status, after=index + 1)
            finally:
                daemon.stop()
            if run > 0:  # the first run only creates the state file
                ready.append((ready_at - daemon.started) * 1000)
                first.append((done_at - daemon.started) * 1000)
        lines.append(f"| {size:,} | {summary(ready, digits=0)} | {summary(first, digits=0)} |")
    lines += ["", "Times from just before the exec (Python `time.monotonic`) to the datagram's "
              "arrival at a NOTIFY_SOCKET listener; the state file of a previous run is there."]
    return lines


def alert_path(server, breezed, work, size, runs, log):
    """From a poll that sees a breaching reading to the `firing` record on standard error."""
    log(f"alert path: {size} cities")
    state = os.path.join(work, "state-alert")
    config = os.path.join(work, "alert.conf")
    write_config(config, server.base, size, state, extra_breeze="PollInterval=1h\nJitter=0\n",
                 alert="ConfirmAfter=1\nHysteresis=0\n")
    server.reset()
    place = {"latitude": -60.0, "longitude": -179.5}
    server.control("/control/readings", {"locations": [dict(place, current={"pm2_5": 5.0})]})
    read, write = os.pipe()
    daemon = Daemon(breezed, config, work, stderr=write)
    os.close(write)
    firings, condition = [], threading.Condition()

    def watch():
        with os.fdopen(read, "r", errors="replace") as stream:
            for line in stream:
                if "BREEZE_EVENT=firing" in line and "Bench 00000" in line:
                    with condition:
                        firings.append(time.monotonic())
                        condition.notify_all()

    threading.Thread(target=watch, daemon=True).start()
    latencies = []
    try:
        index, _ = daemon.listener.wait(is_ready)
        index, _ = daemon.listener.wait(is_cycle_status, after=index + 1)
        for _ in range(runs):
            server.control("/control/readings", {"locations": [dict(place, current={"pm2_5": 250.0})]})
            seen = len(firings)
            polled = time.monotonic()
            daemon.process.send_signal(signal.SIGUSR1)
            with condition:
                if not condition.wait_for(lambda: len(firings) > seen, timeout=120):
                    raise TimeoutError("no firing record")
                latencies.append((firings[-1] - polled) * 1000)
            index, _ = daemon.listener.wait(is_cycle_status, after=index + 1)
            # Calm again, one cycle to resolve, so the next breach fires anew.
            server.control("/control/readings", {"locations": [dict(place, current={"pm2_5": 5.0})]})
            daemon.process.send_signal(signal.SIGUSR1)
            index, _ = daemon.listener.wait(is_cycle_status, after=index + 1)
    finally:
        daemon.stop()
    return [
        "## 4. Alert path",
        "",
        f"- Poll start (SIGUSR1) to the `firing` record on standard error, one city of {size:,} "
        f"breaching (ConfirmAfter=1): {summary(latencies, digits=0)} ms. A breach that appears "
        f"between polls waits up to one PollInterval (± Jitter) more.",
    ]
