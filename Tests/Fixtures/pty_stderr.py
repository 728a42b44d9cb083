#!/usr/bin/env python3
"""Runs a command with its standard error on a pseudo-terminal, as a person's terminal is,
and keeps what it wrote there byte for byte (the terminal in raw mode: no "\\n" made "\\r\\n").

usage: pty_stderr.py [--columns N] [--no-terminal] --stdout FILE --stderr FILE -- COMMAND [ARGUMENT...]

Standard output goes to a file of its own in both cases, never to the terminal, so a test can
compare its bytes with those of a run without one (--no-terminal: standard error to its file
directly). Standard input is /dev/null. The terminal says it is N columns wide (default 80).
Exits with the command's status (128 + the signal that ended it).
"""
import argparse
import errno
import fcntl
import os
import pty
import struct
import subprocess
import sys
import termios
import tty


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--columns", type=int, default=80)
    parser.add_argument("--no-terminal", action="store_true")
    parser.add_argument("--stdout", required=True)
    parser.add_argument("--stderr", required=True)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    arguments = parser.parse_args()
    command = arguments.command[1:] if arguments.command[:1] == ["--"] else arguments.command
    if not command:
        parser.error("no command")
    with open(arguments.stdout, "wb") as output:
        if arguments.no_terminal:
            with open(arguments.stderr, "wb") as error:
                status = subprocess.run(command, stdin=subprocess.DEVNULL, stdout=output, stderr=error).returncode
        else:
            status = run_on_terminal(command, output, arguments.columns, arguments.stderr)
    sys.exit(status if status >= 0 else 128 - status)


def run_on_terminal(command, output, columns, stderr_path):
    controller, terminal = pty.openpty()
    tty.setraw(terminal)
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=output, stderr=terminal)
    os.close(terminal)
    written = bytearray()
    while True:
        try:
            chunk = os.read(controller, 65536)
        except OSError as error:
            # Linux: EIO once the last holder of the terminal's side has closed it.
            if error.errno == errno.EIO:
                break
            raise
        if not chunk:
            break
        written += chunk
    status = process.wait()
    os.close(controller)
    with open(stderr_path, "wb") as error:
        error.write(written)
    return status


if __name__ == "__main__":
    main()
