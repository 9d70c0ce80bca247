#!/usr/bin/env python3
"""Sends a quit signal to tooltip-tui at many moments of its start-up, under a pseudo-terminal.

Each run starts the program on a fresh pty (80x24, TERM=screen unless --term says otherwise)
and sends one signal (SIGRTMIN+18 unless --signal says otherwise) at a chosen moment:

  --delays LO-HI       LO, LO+1, ... HI ms after the program was started
  --after-smcup        as soon as curses' start-up sequence (smcup) is read from the pty
  --xoff-after-smcup   as --after-smcup, but an XOFF (Ctrl-S) is typed first, the moment smcup
                       is read, and the signal sent --wait ms after it: the terminal's flow
                       control stops the program's output wherever start-up has got to
  --pending            the signal already pending (blocked) when the program starts: it
                       arrives the moment the program installs its handlers

A run passes when the program exits with 128 + the signal, wrote nothing on stderr, left the
pty's termios as it was, and, if it switched to the alternate screen, switched back after the
last switch on. A signal that comes before the program installed its handlers kills it by the
signal's default action; such a run passes when the program wrote nothing and changed no
mode, and is counted apart.

    python3 scripts/startup_signal.py --binary .build/debug/tooltip-tui --delays 0-60 --repeat 3
    python3 scripts/startup_signal.py --binary .build/debug/tooltip-tui --xoff-after-smcup --repeat 100

Exits 0 when every run passed, 1 otherwise.
"""

import argparse
import fcntl
import os
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time

ALT_ON = re.compile(rb"\x1b\[\?(?:\d+;)*(?:1049|1047|47)(?:;\d+)*h")
ALT_OFF = re.compile(rb"\x1b\[\?(?:\d+;)*(?:1049|1047|47)(?:;\d+)*l")
XOFF = b"\x13"


def last_match(pattern, data):
    """The end offset of the last match of `pattern` in `data`, -1 if none."""
    end = -1
    for match in pattern.finditer(data):
        end = match.end()
    return end


def run_once(binary, term, signum, moment, wait_ms, limit=5.0):
    """Runs the program once, sends `signum` at `moment`; returns (problem or '', early)."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    os.set_blocking(master, False)
    before = termios.tcgetattr(slave)
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": term, "LANG": "C.UTF-8",
           "LC_ALL": "C.UTF-8", "SWIFT_BACKTRACE": "interactive=no"}
    kind, delay = moment

    def child():
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
        if kind == "pending":
            signal.pthread_sigmask(signal.SIG_BLOCK, {signum})
            os.kill(os.getpid(), signum)

    proc = subprocess.Popen([binary], stdin=slave, stdout=slave, stderr=subprocess.PIPE, env=env,
                            start_new_session=True, preexec_fn=child, close_fds=True)
    started = time.monotonic()
    output = bytearray()
    sent = kind == "pending"
    xoff_at = None
    while proc.poll() is None and time.monotonic() - started < limit:
        now = time.monotonic()
        if not sent:
            if kind == "delay" and (now - started) * 1000 >= delay:
                proc.send_signal(signum)
                sent = True
            elif kind == "smcup" and ALT_ON.search(output):
                proc.send_signal(signum)
                sent = True
            elif kind == "xoff" and xoff_at is None and ALT_ON.search(output):
                os.write(master, XOFF)
                xoff_at = now
            elif kind == "xoff" and xoff_at is not None and (now - xoff_at) * 1000 >= wait_ms:
                proc.send_signal(signum)
                sent = True
        readable, _, _ = select.select([master], [], [], 0.0005 if not sent else 0.01)
        if readable:
            try:
                output += os.read(master, 65536)
            except OSError:
                pass
    hung = proc.poll() is None
    if hung:
        proc.kill()
    proc.wait()
    while select.select([master], [], [], 0.05)[0]:
        try:
            data = os.read(master, 65536)
        except OSError:
            break
        if not data:
            break
        output += data
    after = termios.tcgetattr(slave)
    stderr = proc.stderr.read()
    proc.stderr.close()
    os.close(master)
    os.close(slave)

    early = proc.returncode == -signum
    if hung:
        return "hang: still running %.0f s after start" % limit, early
    if early:
        # Killed before the handlers were installed: it must not have touched the terminal.
        if output or after != before:
            return "killed by the signal after touching the terminal", early
        return "", early
    if proc.returncode != 128 + signum:
        return "exit status %s, expected %d" % (proc.returncode, 128 + signum), early
    if stderr.strip():
        return "wrote on stderr: %s" % stderr.decode(errors="replace").strip().splitlines()[0][:200], early
    on, off = last_match(ALT_ON, output), last_match(ALT_OFF, output)
    if on >= 0 and off < on:
        return "left the alternate screen on (output ends %r)" % bytes(output[-60:]), early
    if after != before:
        return "termios not restored", early
    return "", early


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=".build/debug/tooltip-tui")
    parser.add_argument("--term", default="screen")
    parser.add_argument("--signal", type=int, default=signal.SIGRTMIN + 18)
    parser.add_argument("--delays", metavar="LO-HI", help="signal LO..HI ms after start")
    parser.add_argument("--after-smcup", action="store_true")
    parser.add_argument("--xoff-after-smcup", action="store_true")
    parser.add_argument("--wait", type=int, default=60, help="ms from the XOFF to the signal (default 60)")
    parser.add_argument("--pending", action="store_true")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each moment (default 1)")
    args = parser.parse_args()

    moments = []
    if args.delays:
        low, high = (int(part) for part in args.delays.split("-"))
        moments += [("delay", ms) for ms in range(low, high + 1)]
    if args.after_smcup:
        moments.append(("smcup", 0))
    if args.xoff_after_smcup:
        moments.append(("xoff", 0))
    if args.pending:
        moments.append(("pending", 0))
    if not moments:
        parser.error("name at least one moment (--delays, --after-smcup, --xoff-after-smcup, --pending)")

    runs = failures = early = 0
    reasons = {}
    started = time.monotonic()
    for moment in moments:
        for _ in range(args.repeat):
            problem, killed_early = run_once(args.binary, args.term, args.signal, moment, args.wait)
            runs += 1
            early += killed_early
            if problem:
                failures += 1
                name = "%s %d ms" % moment if moment[0] == "delay" else moment[0]
                key = "%s: %s" % (name, re.sub(r" \(output ends .*\)", "", problem))
                if key not in reasons:
                    print("FAIL %s: %s" % (name, problem), flush=True)
                reasons[key] = reasons.get(key, 0) + 1
    for key, count in sorted(reasons.items()):
        print("%5d  %s" % (count, key))
    print("%d runs, %d failed, %d killed before the handlers were installed, %.1f s"
          % (runs, failures, early, time.monotonic() - started))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
