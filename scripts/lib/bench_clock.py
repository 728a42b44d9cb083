"""scripts/bench: a wall clock the bench moves for the daemon it runs (libfaketime), so that a
daemon's own time can follow the fixture server's frozen clock (part hours).

The daemon is started with libfaketime preloaded, reading its offset from a file
(`FAKETIME_TIMESTAMP_FILE`, "+N.NNN"/"-N.NNN" seconds from the real time: libfaketime 0.9.10's
README, "Changing the 'x' modifier during run-time", and its fractional offsets), re-read at the
first reading in each new second of the real time (`FAKETIME_CACHE_DURATION=0`: libfaketime
re-reads when the whole seconds since its last read exceed the duration; re-reading on every
call, `FAKETIME_NO_CACHE=1`, would add a file read to each of the daemon's clock readings, which
the bench measures). Monotonic clocks
stay real (`FAKETIME_DONT_FAKE_MONOTONIC=1`): Dispatch's timers run on them. As in
scripts/lib/test-hours, the daemon shares the shared memory of a `faketime` wrapper's own
sleep (`FAKETIME_SHARED`): without it libfaketime makes a pair of its own and setenv()s the
name, which empties a Swift program's CommandLine.arguments.

The clock is only ever set behind the real time. libfaketime also rewrites every absolute timer
deadline (`timerfd_settime` with TFD_TIMER_ABSTIME, src/libfaketime.c timer_settime_common) as
if it were CLOCK_REALTIME in the faked time, and Dispatch arms its monotonic timers that way:
with the clock ahead of the real time by D, each deadline reaches the kernel D early, fires,
is found not yet due and is armed again, a loop that burns the CPU the bench measures (seen
with perf: do_timerfd_settime). Behind the real time, the timers fire late instead; a cycle
asked for by SIGUSR1 waits on none of them."""

import datetime
import math
import os
import shutil
import subprocess
import time

# FAKETIME_CACHE_DURATION: libfaketime reads the file again once the real time's whole seconds
# since its last read exceed it (src/libfaketime.c, fake_clock_gettime), so 0 is once a second.
CACHE_SECONDS = 0


def library():
    """libfaketime.so.1's path (as `dpkg -L libfaketime` lists it), or None when it or the
    `faketime` wrapper is missing."""
    if not shutil.which("faketime"):
        return None
    try:
        listing = subprocess.run(["dpkg", "-L", "libfaketime"], capture_output=True, text=True).stdout
    except OSError:
        return None
    return next((line for line in listing.splitlines() if line.endswith("/libfaketime.so.1")), None)


def unix(moment):
    """Unix seconds of `moment` (UTC, naive)."""
    return moment.replace(tzinfo=datetime.timezone.utc).timestamp()


def offset_text(moment, real_now):
    """The timestamp file's line that puts the clock at `moment` (UTC, naive) when the real
    time is `real_now` (unix seconds): signed seconds, to the millisecond."""
    return f"{unix(moment) - real_now:+.3f}\n"


def ready_time(written, cache_seconds=CACHE_SECONDS):
    """The real time (unix seconds) by which a process reading the clock has read a file
    written at `written`: libfaketime keeps what it read until the real time's whole seconds
    exceed those of its last read by more than `cache_seconds`, and its last read may have
    come just before the write."""
    return math.floor(written) + cache_seconds + 1 + 0.02


class FakeClock:
    """A wall clock set by `set`, for the processes started with `environment()`."""

    def __init__(self, work, preload):
        self.preload = preload
        self.file = os.path.join(work, "faketime.rc")
        with open(self.file, "w", encoding="utf-8") as file:
            file.write("+0\n")
        self.wrapper = subprocess.Popen(["faketime", "-f", "+0", "sleep", "86400"],
                                        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
        self.sleeper, self.shared, self.offset = None, None, 0.0
        deadline = time.monotonic() + 10
        while self.shared is None:
            if time.monotonic() > deadline or self.wrapper.poll() is not None:
                self.stop()
                raise RuntimeError("faketime's wrapper did not start its sleep")
            self.sleeper, self.shared = self._shared()
            if self.shared is None:
                time.sleep(0.05)

    def _shared(self):
        """(pid, FAKETIME_SHARED) of the wrapper's sleep, or (None, None) before it runs."""
        children = subprocess.run(["ps", "-o", "pid=", "--ppid", str(self.wrapper.pid)],
                                  capture_output=True, text=True).stdout.split()
        for pid in children:
            try:
                with open(f"/proc/{pid}/environ", "rb") as file:
                    for entry in file.read().split(b"\0"):
                        if entry.startswith(b"FAKETIME_SHARED="):
                            return int(pid), entry.split(b"=", 1)[1].decode()
            except OSError:
                continue
        return None, None

    def environment(self):
        """The variables that start a process on this clock."""
        return {
            "LD_PRELOAD": self.preload, "FAKETIME_TIMESTAMP_FILE": self.file,
            "FAKETIME_CACHE_DURATION": str(CACHE_SECONDS), "FAKETIME_DONT_FAKE_MONOTONIC": "1",
            "FAKETIME_SHARED": self.shared,
        }

    def set(self, moment, running=True):
        """Puts the clock at `moment` (UTC, naive); it runs on from there. With `running`, the
        clock reads `moment` once a running process has seen the new offset: this returns then
        (within two seconds). Without, it reads `moment` now (for a process started next)."""
        written = time.time()
        if unix(moment) > written:
            raise ValueError(f"{moment:%Y-%m-%d %H:%M:%S} is ahead of the real time: under libfaketime "
                             "Dispatch's timers would fire early and spin")
        ready = ready_time(written) if running else written
        self.offset = unix(moment) - ready
        staged = self.file + ".new"
        with open(staged, "w", encoding="utf-8") as file:
            file.write(offset_text(moment, ready))
        os.replace(staged, self.file)
        if running:
            time.sleep(max(0.0, ready - time.time()))

    def reading(self, real):
        """What the clock read at the real time `real` (unix seconds), as a naive UTC datetime."""
        return datetime.datetime.fromtimestamp(real + self.offset, datetime.timezone.utc).replace(tzinfo=None)

    def stop(self):
        if self.sleeper is not None:
            try:
                os.kill(self.sleeper, 15)
            except ProcessLookupError:
                pass
        try:
            self.wrapper.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.wrapper.kill()
            self.wrapper.wait()
