#!/usr/bin/env python3
"""Input bursts: how fast tooltip-tui takes a flood of keys (issue 20 item 8).

Starts the demo on a pseudo-terminal (80x24, TERM=xterm-256color), waits for its first
frame, writes BYTES bytes of one key as fast as the demo reads them (its output is read all
the while, so it never blocks on a full terminal), then `q`, and times from the first byte
written to the demo's exit. Prints MB/s for each key asked for.

    Benchmarks/burst.py BINARY [--mb 10] [--keys x t] [-n 3]

`x` means nothing to the demo (a no-op key); `t` toggles the theme (every cell changes colour).
"""
import argparse
import fcntl
import os
import pty
import select
import struct
import sys
import termios
import time


def run(binary, key, size):
    pid, fd = pty.fork()
    if pid == 0:
        env = dict(os.environ, TERM="xterm-256color", SWIFT_BACKTRACE="interactive=no", LANG="C.UTF-8")
        os.execve(binary, [binary], env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    # The first frame.
    deadline = time.monotonic() + 10
    seen = 0
    while time.monotonic() < deadline:
        r, _, _ = select.select([fd], [], [], 0.3)
        if not r:
            if seen:
                break
            continue
        seen += len(os.read(fd, 65536))
    payload = key.encode() * size + b"q"
    flags = fcntl.fcntl(fd, fcntl.F_GETFL)
    fcntl.fcntl(fd, fcntl.F_SETFL, flags | os.O_NONBLOCK)
    start = time.monotonic()
    sent = 0
    status = None
    while status is None:
        want_write = [fd] if sent < len(payload) else []
        r, w, _ = select.select([fd], want_write, [], 0.1)
        if r:
            try:
                os.read(fd, 1 << 20)
            except OSError:
                pass
        if w:
            try:
                sent += os.write(fd, payload[sent:sent + 65536])
            except BlockingIOError:
                pass
            except OSError:
                break
        done, st = os.waitpid(pid, os.WNOHANG)
        if done:
            status = st
        if time.monotonic() - start > 600:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
            return None
    elapsed = time.monotonic() - start
    os.close(fd)
    return elapsed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--mb", type=float, default=10)
    parser.add_argument("--keys", nargs="+", default=["x", "t"])
    parser.add_argument("-n", type=int, default=3)
    args = parser.parse_args()
    size = int(args.mb * 1_000_000)
    for key in args.keys:
        times = [run(args.binary, key, size) for _ in range(args.n)]
        times = [t for t in times if t is not None]
        best = min(times)
        print(f"{key!r}: {args.mb:g} MB in {best:.2f} s (best of {len(times)}): {args.mb / best:.2f} MB/s")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
