"""scripts/faults: the rows where the machine itself fails — kill -9 at random moments, and the
state folder on a full disk (a small tmpfs, mounted only inside the private mount namespace
that scripts/faults runs in as root)."""

import errno
import os
import random
import subprocess
import time

from faults_support import Scenario, outbox_entries


# systemd restarts after RestartSec=5s (systemd/breezed.service); one second keeps the run short
# and still lets a restarted daemon see a new second on the clock.
RESTART_DELAY = 1.0


def kill_loop(context):
    """Kills breezed with SIGKILL at random moments of its start, first cycle and deliveries,
    again and again through every phase; the receiver is down for the first half of each
    phase's kills and up for the second. After the kills of a phase one start runs its first
    cycle; in the firing phase of every other episode (the 1st, the 3rd) it also lets out what
    is pending before it stops."""
    context.configure()
    scenario, receiver, options = context.scenario, context.receiver, context.options
    scenario.set(Scenario.CALM, 0)
    first_cycle = context.start()
    context.daemon.stop()
    window = max(0.2, 1.5 * first_cycle)  # from exec to a little past the first cycle's end
    per_phase = options.kills_per_phase
    randomness = random.Random(options.seed)
    for episode in range(options.episodes):
        for phase in (Scenario.HIGH, Scenario.CALM):
            scenario.set(phase, episode)
            receiver.down()
            for kill in range(per_phase):
                if kill == per_phase // 2:
                    receiver.up()
                context.start_without_waiting()
                time.sleep(randomness.uniform(0, window))
                context.daemon.kill()
                context.row.tried += 1
                time.sleep(RESTART_DELAY)
            # One start left alone until its first cycle is done: the phase is seen.
            context.start()
            if phase == Scenario.HIGH and episode % 2 == 0:
                drain(context.state)
            context.daemon.stop()
    drained = [str(episode + 1) for episode in range(0, options.episodes, 2)]
    pending = [str(episode + 1) for episode in range(1, options.episodes, 2)]
    context.row.notes.append(f"kills at uniform random moments in the first {window:.2f} s after exec, "
                             f"restart {RESTART_DELAY:.0f} s later (seed {options.seed}); the firings of "
                             f"episode {' and '.join(drained)} let out before the air clears"
                             + (f", those of episode {' and '.join(pending)} left pending" if pending else ""))
    context.finish()


def drain(state_directory, timeout=60):
    """Lets the daemon deliver what is pending (the receiver is up), within `timeout`.
    The kill loop drains after the 1st and 3rd episodes' firings, so most of them reach the
    receiver as firings — where a second id for the same crossing shows — and leaves the 2nd's
    until the air clears, so those are folded into their resolve (breezed(8), "Delivery and the
    outbox": a late firing the resolve replaces) with kills around the fold."""
    deadline = time.monotonic() + timeout
    while outbox_entries(state_directory) and time.monotonic() < deadline:
        time.sleep(0.2)


class SmallDisk:
    """A tmpfs of `size` at `folder`, and a filler file that takes every byte of it."""

    def __init__(self, folder, size):
        self.folder = folder
        os.makedirs(folder, exist_ok=True)
        subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size},mode=755", "tmpfs", folder], check=True)
        self.filler = os.path.join(folder, "filler")

    def fill(self):
        """Takes every free byte (a file system allocates in blocks: smaller writes at the end)."""
        with open(self.filler, "ab", buffering=0) as file:
            for chunk in (65536, 4096, 512, 1):
                try:
                    while True:
                        file.write(b"\0" * chunk)
                        file.flush()
                except OSError as error:
                    if error.errno != errno.ENOSPC:
                        raise

    def free(self):
        os.unlink(self.filler)

    def unmount(self):
        subprocess.run(["umount", "-l", self.folder], check=False)


def disk_full(context):
    """The state folder's disk fills just before a crossing (episode 0: its firing; episode 1:
    its resolve) and stays full for a few cycles; then space returns."""
    if os.geteuid() != 0 or os.environ.get("BREEZE_FAULTS_PRIVATE_MOUNTS") != "1":
        context.row.notes.append("skipped: needs root, inside the private mount namespace scripts/faults makes")
        context.row.skipped = True
        return
    disk = SmallDisk(os.path.join(context.work, "disk"), "1m")
    context.state = os.path.join(disk.folder, "state")
    try:
        context.configure()
        scenario = context.scenario
        scenario.set(Scenario.CALM, 0)
        context.start()
        for episode in range(2):
            for phase in (Scenario.HIGH, Scenario.CALM):
                full = (episode == 0 and phase == Scenario.HIGH) or (episode == 1 and phase == Scenario.CALM)
                scenario.set(phase, episode)
                if not full:
                    context.cycles(1)
                    continue
                for _ in range(3):
                    disk.fill()  # again: deliveries meanwhile free the space of their entries
                    context.cycles(1)
                    context.row.tried += 1
                if not context.daemon.alive():
                    break
                disk.free()
                context.cycles(1)
        context.row.notes.append("tried = cycles run with the state folder's disk full (1 MiB tmpfs)")
        context.finish()
    finally:
        if context.daemon and context.daemon.process.poll() is None:
            context.daemon.stop()
        disk.unmount()
