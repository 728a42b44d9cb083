"""scripts/bench, part 4 (continued): alerts through the durable outbox to a webhook
receiver on loopback — the latency from a breaching poll to the receiver, and the rate of
delivery when many cities fire at once."""

import json
import os
import signal
import time
import urllib.request

from bench_daemon import Daemon, is_cycle_status, is_ready
from bench_support import LoopbackFixture, coordinates, summary, write_config


class WebhookReceiver(LoopbackFixture):
    """Tests/Fixtures/webhook_receiver.py."""

    def __init__(self):
        super().__init__("webhook_receiver.py")

    def count(self):
        with urllib.request.urlopen(self.base + "/control/count", timeout=30) as response:
            return json.load(response)

    def wait_for(self, count, timeout=300):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            summary_now = self.count()
            if summary_now["count"] >= count:
                return summary_now
            time.sleep(0.02)
        raise TimeoutError(f"the receiver got fewer than {count} requests")


def breach(server, places, pm2_5):
    server.control("/control/readings", {"locations": [
        {"latitude": latitude, "longitude": longitude, "current": {"pm2_5": pm2_5}}
        for latitude, longitude in places]})


def run_daemon(server, breezed, work, name, size, receiver):
    state = os.path.join(work, f"state-{name}")
    config = os.path.join(work, f"{name}.conf")
    write_config(config, server.base, size, state, extra_breeze="PollInterval=1h\nJitter=0\n",
                 alert="ConfirmAfter=1\nHysteresis=0\n")
    with open(config, "a", encoding="utf-8") as file:
        file.write(f'[Webhook "bench"]\nURL={receiver.base}/hook\n')
    return Daemon(breezed, config, work)


def delivery(server, breezed, work, runs, fan_out, log):
    """Latency for one breaching city (of 100), and fan_out cities firing in one cycle."""
    receiver = WebhookReceiver()
    latencies, rates, totals = [], [], []
    try:
        log("alert path: breaching reading → webhook receiver")
        server.reset()
        # Every city calm (the fixture would otherwise make up values, some of them breaching).
        breach(server, coordinates(100), 5.0)
        places = coordinates(100)[:1]
        daemon = run_daemon(server, breezed, work, "latency", 100, receiver)
        try:
            index, _ = daemon.listener.wait(is_ready)
            index, _ = daemon.listener.wait(is_cycle_status, after=index + 1)
            for _ in range(runs):
                seen = receiver.count()["count"]
                breach(server, places, 250.0)
                polled = time.time()
                daemon.process.send_signal(signal.SIGUSR1)
                arrived = receiver.wait_for(seen + 1)["last"]
                latencies.append((arrived - polled) * 1000)
                index, _ = daemon.listener.wait(is_cycle_status, after=index + 1)
                breach(server, places, 5.0)  # calm again: the next breach fires anew
                daemon.process.send_signal(signal.SIGUSR1)
                receiver.wait_for(seen + 2)  # the resolved notification
                index, _ = daemon.listener.wait(is_cycle_status, after=index + 1)
        finally:
            daemon.stop()

        log(f"alert path: {fan_out} cities firing in one cycle")
        for _ in range(runs):
            server.reset()
            places = coordinates(fan_out)
            breach(server, places, 5.0)
            daemon = run_daemon(server, breezed, work, f"fan-out-{len(totals)}", fan_out, receiver)
            try:
                index, _ = daemon.listener.wait(is_ready)
                index, _ = daemon.listener.wait(is_cycle_status, after=index + 1)
                seen = receiver.count()["count"]
                breach(server, places, 250.0)
                polled = time.time()
                daemon.process.send_signal(signal.SIGUSR1)
                done = receiver.wait_for(seen + fan_out)
                totals.append(done["last"] - polled)
                rates.append(fan_out / max(done["last"] - polled, 1e-9))
            finally:
                daemon.stop()
    finally:
        receiver.stop()
    return [
        f"- Poll start (SIGUSR1) to the webhook receiver holding the `firing` notification, one "
        f"city of 100 breaching (written to the outbox, then POSTed as a Standard Webhooks "
        f"message): {summary(latencies, digits=0)} ms.",
        f"- {fan_out:,} cities firing in one cycle: poll start to the last of {fan_out:,} "
        f"notifications at the receiver {summary(totals, digits=2)} s, i.e. "
        f"{summary(rates, digits=0)} events per second through the outbox (one receiver: its "
        f"deliveries go one after another, in order; each entry is written and fsynced before "
        f"its attempt and removed after it).",
    ]
