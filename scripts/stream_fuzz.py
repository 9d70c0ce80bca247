#!/usr/bin/env python3
"""Byte-stream fuzzing of the interactive tooltip-tui under a pseudo-terminal.

Each stream starts the real binary on a fresh pty (a random scene, dismiss policy and a few
other flags, TERM=xterm-256color or screen, a random size), writes random and mutated
key, mouse and escape byte streams into the master with resizes in between, and ends with
ESC, a pause and `q`. A stream passes when the program exits with status 0 within the
deadline, wrote nothing on stderr, and left the terminal as it found it: the last
alternate-screen switch in its output is the one back to the main screen, the last mouse
report switch is "off", and the pty's modes (read on the slave side, kept open) equal the
modes before the start.

Streams also hold grammar-valid escape sequences the program must ignore (unknown CSI, SS3,
and OSC, DCS, APC, PM and SOS strings), keys of the keypad in application mode, and Ctrl-Z/fg
cycles (the program then runs as the job of a small wrapper acting as its shell, so Ctrl-Z
really stops it). A share of the streams is checked: run in tmux, built only of input whose
effect is known, they must end on the screen `--snapshot` shows for the state they lead to,
then quit with status 0 and the terminal restored.

The random part never holds the bytes that quit or stop a program on purpose: `q`, Ctrl-C,
Ctrl-\\, Ctrl-Z (but in its cycles with fg). It does hold XOFF and XON (Ctrl-S, Ctrl-Q): the
program switches flow control off, so they are keys that do nothing and must not stop the
screen.

Some streams end with a signal instead of `q`: any of signal(7)'s terminating signals, sent
with kill, sometimes after the terminal stopped reading the program's output (a "stall": the
master is no longer read, so a frame's write blocks). Such a stream passes when the program
exits with 128 + the signal within a short deadline (or, for a fault signal, dies by it), with
nothing on stderr and the terminal restored as above.

Three hostile classes come on top, drawn from a generator of their own (so the other streams
stay as they were): half the streams that stall their output before a signal have it suspended
(tcflow TCOOFF, so every write blocks), sometimes SIGSTOP for a while, then SIGCONT, a key and a
wait until the program sits in write(2), then the quit signal; about one stream in twenty is
resized mid-stream past what curses holds (a side above 32767, or past 2^20 cells) with SIGWINCH,
mostly back to an ordinary size a few steps later; and about one in twenty runs under a
terminfo entry crafted from xterm-256color and compiled once per run with `tic -x -o DIR` (a cup
reading its parameters with %s, %l or a ninth parameter, capabilities missing, absurd cols and
lines, long strings), mostly with a scene of graphemes of disputed width open. `--only CLASS`
(resume, huge, crafted) runs only streams of one class.

Usage:
  scripts/stream_fuzz.py --binary .build/debug/tooltip-tui --streams 10000 --seed 1
  scripts/stream_fuzz.py --binary .build/debug/tooltip-tui --replay FAILED.json

Every failing stream is written to --out (a JSON file of the arguments, environment, size
and every action) and its seed and index are printed; --replay runs such a file again.
Exit status: 0 when every stream passed, 1 when any failed, 2 for a usage error.
"""

import argparse
import atexit
import fcntl
import json
import multiprocessing
import os
import random
import re
import resource
import select
import shlex
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time

# ---------------------------------------------------------------------------------------------
# Generating streams

FORBIDDEN = frozenset(b"q\x03\x1c\x1a")

ARROWS = [b"\x1b[" + bytes([c]) for c in b"ABCD"] + [b"\x1bO" + bytes([c]) for c in b"ABCD"]
KEYS = (
    [b"\t", b"\x1b[Z", b"\r", b" ", b"\x0c"]
    + ARROWS
    + [bytes([c]) for c in b"hjklits12fpngd?"]
)
SCENES = ["gallery", "form", "edges"]
DISMISS = ["consume", "pass-through"]
# The share of streams whose end screen is checked against the snapshot (run in tmux), and of
# steps in the other streams that are grammar-valid sequences, keypad keys or Ctrl-Z/fg.
CHECKED_SHARE = 0.15
NEW_INPUT_SHARE = 0.12


def filtered(data):
    """`data` without the bytes that would quit or stop the program on purpose."""
    return bytes(b for b in data if b not in FORBIDDEN)


def number_field(rng, limit):
    """One numeric field of a mouse report: valid, zero, huge, negative-looking, empty or junk."""
    roll = rng.random()
    if roll < 0.6:
        return str(rng.randint(1, max(1, limit)))
    if roll < 0.67:
        return "0"
    if roll < 0.74:
        return str(rng.choice([224, 255, 256, 1000, 32767, 32768, 65535, 65536, 2**31 - 1,
                               2**31, 2**32, 2**63, 10**30]))
    if roll < 0.8:
        return "-" + str(rng.randint(0, 300))
    if roll < 0.86:
        return ""
    if roll < 0.92:
        return "9" * rng.randint(10, 60)
    return rng.choice(["1;1", ";", "x", "1:2", "+3", " 4", "\x1b", "01", "0x10"])


def sgr_mouse(rng, cols, rows):
    """An SGR 1006 mouse report, sometimes huge, truncated or malformed."""
    button = rng.choice([0, 0, 0, 1, 2, 3, 32, 35, 64, 65]) if rng.random() < 0.7 else rng.randint(0, 127)
    final = rng.choice("Mm") if rng.random() < 0.9 else rng.choice(["", "M\x1b", "X", "~", ";M", "mM"])
    text = "\x1b[<%s;%s;%s%s" % (
        button if rng.random() < 0.9 else number_field(rng, 127),
        number_field(rng, cols), number_field(rng, rows), final)
    data = text.encode("latin-1")
    if rng.random() < 0.1:
        data = data[: rng.randint(1, len(data) - 1)]
    if rng.random() < 0.05:
        fields = data[3:]
        data = b"\x1b[<" + bytes(rng.sample(list(fields), len(fields)))
    return data


def x10_mouse(rng, cols, rows):
    """An X10 mouse report (ESC [ M and three bytes), sometimes truncated or out of range."""
    button = 32 + rng.choice([0, 0, 1, 2, 3, 3, 64, 65]) if rng.random() < 0.8 else rng.randint(0, 255)
    x = 33 + rng.randint(0, max(0, min(cols, 222) - 1)) if rng.random() < 0.8 else rng.randint(0, 255)
    y = 33 + rng.randint(0, max(0, min(rows, 222) - 1)) if rng.random() < 0.8 else rng.randint(0, 255)
    data = b"\x1b[M" + bytes([button, x, y])
    if rng.random() < 0.15:
        data = data[: rng.randint(3, 5)]
    return data


def click(rng, cols, rows, actions):
    """A press, a short or long hold, and a release at the same cell."""
    x, y = rng.randint(1, cols), rng.randint(1, rows)
    if rng.random() < 0.7:
        actions.append(["write", b"\x1b[<0;%d;%dM" % (x, y)])
        hold = rng.choice([0, 20, 60, 120]) if rng.random() < 0.95 else rng.randint(400, 900)
        actions.append(["sleep", hold])
        actions.append(["write", b"\x1b[<0;%d;%dm" % (x, y)])
    elif x <= 222 and y <= 222:
        actions.append(["write", b"\x1b[M" + bytes([32, 32 + x, 32 + y])])
        actions.append(["sleep", rng.choice([0, 30, 80])])
        actions.append(["write", b"\x1b[M" + bytes([35, 32 + x, 32 + y])])


def utf8_junk(rng):
    """Valid and invalid UTF-8: stray continuation bytes, cut sequences, overlongs, surrogates."""
    return rng.choice([
        lambda: bytes(rng.randint(0x80, 0xBF) for _ in range(rng.randint(1, 4))),
        lambda: bytes([rng.randint(0xC2, 0xF4)]),
        lambda: "é€😀".encode()[: rng.randint(1, 8)],
        lambda: b"\xc0\xaf\xc1\xbf\xe0\x80\xaf",
        lambda: b"\xed\xa0\x80\xed\xbf\xbf",
        lambda: b"\xf4\x90\x80\x80\xf8\x88\x80\x80\x80\xfe\xff",
        lambda: rng.choice(["日本語", "e\u0301\u0301\u0301", "\u202e\u2066x\u2069", "😀👍🏽", "\u200b\u00ad"]).encode(),
    ])()


def partial_csi(rng):
    """A control sequence cut short, or one the program does not know."""
    body = "".join(rng.choice("0123456789;?<>=") for _ in range(rng.randint(0, 12)))
    ending = rng.choice(["", "", "~", "u", "R", "$", "\x1b", "[", "O"])
    if ending in ("u", "~") and re.fullmatch(r"[0-9;]*", body):
        # Digits and `;` before `u` or `~` are a key (CSI 113 u is q): keep it a private sequence.
        body = "?" + body
    return ("\x1b[" + body + ending).encode()


def paste(rng, size):
    """A paste of `size` bytes: text, demo keys, or both, sometimes in bracketed-paste marks."""
    kind = rng.random()
    if kind < 0.4:
        unit = b"".join(rng.choice(KEYS) for _ in range(64))
    elif kind < 0.7:
        unit = "Lorem ipsum dolor sit amet, 日本語 😀 e\u0301 \r\n".encode()
    else:
        unit = bytes(rng.randint(0, 255) for _ in range(256))
    data = (unit * (size // len(unit) + 1))[:size]
    if rng.random() < 0.3:
        data = b"\x1b[200~" + data + b"\x1b[201~"
    return data


def random_size(rng):
    """A terminal size from 1 x 1 to 300 x 100, mostly ordinary ones."""
    roll = rng.random()
    if roll < 0.5:
        return rng.choice([(80, 24), (100, 30), (120, 40), (60, 20), (132, 43), (40, 12)])
    if roll < 0.7:
        return rng.randint(1, 12), rng.randint(1, 6)
    return rng.randint(1, 300), rng.randint(1, 100)


def mutate(rng, actions):
    """Mutates the written chunks in place: bit flips, cuts, copies, splices and insertions."""
    writes = [a for a in actions if a[0] == "write"]
    if not writes:
        return
    for _ in range(rng.randint(1, 8)):
        action = rng.choice(writes)
        data = bytearray(action[1])
        op = rng.randrange(6)
        if op == 0 and data:
            i = rng.randrange(len(data))
            data[i] ^= 1 << rng.randrange(8)
        elif op == 1 and data:
            i = rng.randrange(len(data))
            del data[i: i + rng.randint(1, 8)]
        elif op == 2 and data:
            i = rng.randrange(len(data))
            j = min(len(data), i + rng.randint(1, 16))
            data[i:i] = data[i:j] * rng.randint(1, 4)
        elif op == 3:
            other = rng.choice(writes)[1]
            if other:
                i = rng.randrange(len(other))
                piece = other[i: i + rng.randint(1, 32)]
                data[rng.randint(0, len(data)):0] = piece
        elif op == 4:
            data.insert(rng.randint(0, len(data)), rng.choice([0x1B, 0x00, 0x5B, 0x3C, 0x3B, 0x4D, 0x6D, 0xFF]))
        elif op == 5 and data:
            del data[rng.randint(0, len(data) - 1):]
        action[1] = bytes(data)


# ---------------------------------------------------------------------------------------------
# Input the program must ignore, the keypad in application mode, and Ctrl-Z/fg cycles
#
# Escape sequences are generated from their ECMA-48 grammar, never from a list: control
# sequences (CSI parameters 0x30-0x3F, intermediates 0x20-0x2F, a final 0x40-0x7E), SS3, and
# OSC, DCS, APC, PM and SOS strings up to ST or BEL, none of them a key the program lists.

KNOWN_CSI_FINALS = frozenset(b"ABCDZM")
# CSI finals that are keys with a modifier parameter (arrows, Home, End, F1-F4, Shift-Tab, the
# `~` keys and the `u` form).
MODIFIABLE_FINALS = frozenset(b"ABCDHFPQRSZ~u")
# SS3 finals the program gives a meaning: arrows, keypad Enter, digits and operators.
KNOWN_SS3_FINALS = frozenset(b"ABCDMXjklmnopqrstuvwxy")
# The application keypad: SS3 final -> the main-keyboard key it means.
KEYPAD = {ord("p") + d: str(d) for d in range(10)}
KEYPAD.update({ord("j"): "*", ord("k"): "+", ord("l"): ",", ord("m"): "-", ord("n"): ".", ord("o"): "/",
               ord("X"): "="})
STRING_OPENERS = {"OSC": b"]", "DCS": b"P", "APC": b"_", "PM": b"^", "SOS": b"X"}


def unknown_csi(rng):
    """A grammar-valid control sequence the program does not know (never an arrow, Shift-Tab
    or mouse report)."""
    while True:
        params = bytes(rng.randint(0x30, 0x3F) for _ in range(rng.choice([0, 1, 1, 2, 3, 5, 9])))
        inter = bytes(rng.randint(0x20, 0x2F) for _ in range(rng.choice([0, 0, 0, 1, 2])))
        final = rng.randint(0x40, 0x7E)
        if not inter and not params and final in KNOWN_CSI_FINALS:
            continue
        if not inter and params[:1] == b"<" and final in b"Mm":
            continue
        if not inter and final in MODIFIABLE_FINALS and re.fullmatch(rb"[0-9;]*", params) and (
                b";" in params or final == ord("u") or final in KNOWN_CSI_FINALS):
            # A key with xterm's modifier parameter, modifyOtherKeys or the `u` form: a key.
            continue
        if not inter and final in KNOWN_SS3_FINALS and re.fullmatch(rb"[0-9;]*", params) and b";" in params:
            # `CSI 1 ; m F` is the key `SS3 F` with modifiers: `CSI ; M` is keypad Enter.
            continue
        if not inter and not params and final == ord("["):
            # The Linux console's function keys: one more byte.
            continue
        if rng.random() < 0.3:
            # Ones real keyboards send: Home, End, Insert, Delete, Page Up/Down, F1-F12, modified
            # arrows, focus and paste marks.
            return rng.choice([b"\x1b[1~", b"\x1b[4~", b"\x1b[2~", b"\x1b[3~", b"\x1b[5~", b"\x1b[6~",
                               b"\x1b[H", b"\x1b[F", b"\x1b[15~", b"\x1b[24~", b"\x1b[I", b"\x1b[O",
                               b"\x1b[201~"])
        return b"\x1b[" + params + inter + bytes([final])


def unknown_ss3(rng):
    """SS3 and a final the program does not list (F1-F4, Home and End in application mode)."""
    finals = [c for c in range(0x40, 0x7F) if c not in KNOWN_SS3_FINALS]
    return b"\x1bO" + bytes([rng.choice(finals)])


def control_string(rng, kind=None):
    """An OSC, DCS, APC, PM or SOS string with text (UTF-8 included), ended by ST or BEL."""
    kind = kind or rng.choice(list(STRING_OPENERS))
    pieces = [b"0;", b"title", b"q", b"1", b"\x1b[A"[1:], "é中😀✜".encode(), b"rgb:ff/00/00", b";", b" ", b"?"]
    body = b"".join(rng.choice(pieces) for _ in range(rng.randint(0, 10)))
    return b"\x1b" + STRING_OPENERS[kind] + body + rng.choice([b"\x1b\\", b"\x07", "\u009c".encode()])


def grammar_sequence(rng):
    """One sequence the program must ignore whole, of a random kind."""
    roll = rng.random()
    if roll < 0.4:
        return unknown_csi(rng)
    if roll < 0.55:
        return unknown_ss3(rng)
    if roll < 0.9:
        return control_string(rng, rng.choice(["OSC", "DCS", "OSC", "DCS", "APC", "PM", "SOS"]))
    # nF escapes (ESC and a key is Alt with that key, which is Esc then the key to the demo).
    return rng.choice([b"\x1b(B", b"\x1b F", b"\x1b#8", b"\x1b%G"])


def keypad_key(rng):
    """A key of the keypad in application mode: its bytes and the main-keyboard key it means."""
    final = rng.choice(list(KEYPAD) + [ord("M")])
    return b"\x1bO" + bytes([final]), "\r" if final == ord("M") else KEYPAD[final]


def modified_key(rng, alt=True):
    """A key with xterm's modifier parameter (`CSI 1;5A`, `CSI 5;3~`, `SS3 5 P`): Shift, Ctrl
    and Meta mean nothing to the demo; with `alt`, Alt too (Esc then the key)."""
    bits = rng.choice([1, 4, 5, 8] + ([2, 3, 6, 7] if alt else []))
    m = 1 + bits
    return rng.choice([
        "\x1b[1;%d%s" % (m, rng.choice("ABCDHFPQRS")),
        "\x1b[%d;%d~" % (rng.choice([2, 3, 5, 6, 15, 17, 18, 19, 20, 21, 23, 24]), m),
        "\x1bO%d%s" % (m, rng.choice("ABCDPQRS")),
    ]).encode()


def named_key(rng):
    """A key the terminal names that means nothing to the demo: Home, End, Page Up and Down,
    Insert, Delete, F1-F12, in either cursor mode."""
    return rng.choice([b"\x1bOH", b"\x1bOF", b"\x1b[H", b"\x1b[F", b"\x1b[5~", b"\x1b[6~", b"\x1b[2~",
                       b"\x1b[3~", b"\x1bOP", b"\x1bOQ", b"\x1bOR", b"\x1bOS", b"\x1b[15~", b"\x1b[24~"])


def bracketed_paste(rng):
    """A bracketed paste whose text holds keys, `q` among them: one event, never keys."""
    pieces = [b"q", b"qq", b"t", b"i", b"\t", b"\r", b"\x1b[A", b"\x1bOq", b"g", b"1", b"?", b"n", "é😀".encode(),
              b" ", b"\x1b", b"\x1b[20", b"\x1b[201"]
    body = b"".join(rng.choice(pieces) for _ in range(rng.randint(0, 40)))
    return b"\x1b[200~" + body + b"\x1b[201~"


def slow_write(rng, data, actions):
    """`data` written as over a slow link: its first two bytes (`ESC [`, `ESC O`), then the rest in
    pieces 20-80 ms apart."""
    head, rest = data[:2], data[2:]
    actions.append(["write", head])
    while rest:
        n = rng.randint(1, 3)
        actions.append(["sleep", rng.choice([20, 40, 60, 80])])
        actions.append(["write", rest[:n]])
        rest = rest[n:]


def new_input_action(rng):
    """A write of grammar-valid sequences or keypad keys, or a Ctrl-Z/fg cycle (for the random
    streams, checked by their exit)."""
    roll = rng.random()
    if roll < 0.05:
        return ["ctrlz", rng.choice([0, 20, 100, 300])]
    if roll < 0.2:
        return ["write", b"".join(rng.choice([modified_key(rng), named_key(rng)]) for _ in range(rng.randint(1, 4)))]
    if roll < 0.3:
        return ["paste", bracketed_paste(rng)]
    if roll < 0.45:
        return ["write", b"".join(keypad_key(rng)[0] for _ in range(rng.randint(1, 4)))]
    return ["write", b"".join(grammar_sequence(rng) for _ in range(rng.randint(1, 6)))]


def generate_checked(seed, index, rng):
    """A stream whose end state is known: the gallery, bare, at a fixed size, mostly with the
    first anchor's tooltip open; grammar-valid sequences the program must ignore, keypad keys
    and Ctrl-Z/fg cycles; then the top-row keys that switch the headlines and supporting lines
    back on. The screen must then equal the snapshot: the tooltip open when it was open at the
    start and keypad Enter (a tap on the selected anchor) came an even number of times, or
    closed at the start and an odd number. Keypad 1 and 2 are never both pending at once (with
    both lines off the tooltip would close for good)."""
    cols, rows = rng.choice([(80, 24), (100, 30), (120, 40)])
    term = rng.choice(["xterm-256color", "tmux-256color", "screen", "xterm-vt220"])
    args = ["--scene", "gallery", "--bare"] + (["--theme", "dark"] if rng.random() < 0.3 else [])
    start_open = rng.random() < 0.7
    actions = []
    toggles = {"1": 0, "2": 0, "\r": 0}
    for _ in range(rng.randint(2, 14)):
        roll = rng.random()
        if roll < 0.3:
            actions.append(["write", b"".join(grammar_sequence(rng) for _ in range(rng.randint(1, 6)))])
        elif roll < 0.4:
            # Keys the demo gives no meaning: modified (never with Alt) and named keys.
            keys = b"".join(rng.choice([modified_key(rng, alt=False), named_key(rng)]) for _ in range(rng.randint(1, 4)))
            actions.append(["write", keys])
        elif roll < 0.45:
            actions.append(["paste", bracketed_paste(rng)])
        elif roll < 0.8:
            data, meaning = keypad_key(rng)
            other = {"1": "2", "2": "1"}.get(meaning)
            if other and toggles[other] % 2:
                continue
            if meaning in toggles:
                toggles[meaning] += 1
            if rng.random() < 0.3:
                # Over a slow link: the same key, its bytes apart.
                slow_write(rng, data, actions)
            else:
                actions.append(["write", data])
        elif roll < 0.92:
            actions.append(["ctrlz", rng.choice([0, 50, 200])])
        else:
            actions.append(["sleep", rng.choice([0, 10, 40])])
    for action in actions:
        if action[0] == "paste":
            action[0] = "write"
    fixes = b"".join(key.encode() for key in ("1", "2") if toggles[key] % 2)
    if fixes:
        actions.append(["write", fixes])
    opened = ["--open", "top-sm"]
    return {"seed": seed, "index": index, "args": args + (opened if start_open else []),
            "env": {"TERM": term, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}, "size": [cols, rows],
            "early": False, "actions": actions, "checked": True,
            "expected_args": args + (opened if start_open != bool(toggles["\r"] % 2) else [])}


def generate(seed, index):
    """Stream `index` of the run seeded `seed`: a dict of arguments, environment and actions."""
    rng = random.Random("%d:%d" % (seed, index))
    if rng.random() < CHECKED_SHARE:
        return generate_checked(seed, index, rng)
    cols, rows = random_size(rng)
    args = ["--scene", rng.choice(SCENES), "--dismiss", rng.choice(DISMISS)]
    for flag, chance in [("--no-mouse", 0.05), ("--ascii", 0.1), ("--bare", 0.1)]:
        if rng.random() < chance:
            args.append(flag)
    if rng.random() < 0.2:
        args += ["--theme", "dark"]
    if rng.random() < 0.2:
        args += ["--fidelity", "file"]
    env = {"TERM": "xterm-256color" if rng.random() < 0.75 else "screen"}
    env["LANG"] = env["LC_ALL"] = "C.UTF-8" if rng.random() < 0.9 else "C"
    if rng.random() < 0.1:
        env["NO_COLOR"] = "1"

    actions = []
    early = rng.random() < 0.03
    if early:
        actions.append(["write", b"".join(rng.choice(KEYS) for _ in range(rng.randint(1, 8)))])
    size = [cols, rows]
    # One stream in fifty holds a 100 KB paste somewhere.
    huge_at = rng.randrange(40) if rng.random() < 0.02 else -1
    for step in range(rng.randint(1, 40)):
        if step == huge_at:
            actions.append(["write", paste(rng, 100_000)])
        if rng.random() < NEW_INPUT_SHARE:
            actions.append(new_input_action(rng))
            continue
        roll = rng.random()
        if roll < 0.30:
            actions.append(["write", b"".join(rng.choice(KEYS) for _ in range(rng.randint(1, 6)))])
        elif roll < 0.42:
            actions.append(["write", sgr_mouse(rng, size[0], size[1])])
        elif roll < 0.48:
            actions.append(["write", x10_mouse(rng, size[0], size[1])])
        elif roll < 0.55:
            click(rng, size[0], size[1], actions)
        elif roll < 0.60:
            actions.append(["write", b"\x1b"])
            if rng.random() < 0.5:
                actions.append(["sleep", rng.choice([5, 30, 60])])
        elif roll < 0.63:
            actions.append(["write", partial_csi(rng)])
        elif roll < 0.66:
            slow_write(rng, rng.choice([rng.choice(ARROWS), sgr_mouse(rng, size[0], size[1]), modified_key(rng),
                                        named_key(rng)]), actions)
        elif roll < 0.72:
            actions.append(["write", utf8_junk(rng)])
        elif roll < 0.74:
            actions.append(["write", b"\x00" * rng.randint(1, 4)])
        elif roll < 0.80:
            actions.append(["write", bytes(rng.randint(0, 255) for _ in range(rng.randint(1, 64)))])
        elif roll < 0.81:
            actions.append(["write", paste(rng, rng.randint(100, 4000))])
        elif roll < 0.89:
            size = list(random_size(rng))
            actions.append(["resize", size[0], size[1]])
        elif roll < 0.91:
            actions.append(["winch"])
        else:
            actions.append(["sleep", rng.choice([0, 1, 5, 10, 30])])
    add_flow_control(rng, actions, 1 if early else 0)
    if rng.random() < 0.3:
        mutate(rng, actions[1:] if early else actions)
    for action in actions:
        if action[0] == "write":
            action[1] = filtered(action[1])
    # The hostile classes draw from their own generator, so the streams above stay what they were.
    hostile = random.Random("%d:%d:hostile" % (seed, index))
    add_huge_size(hostile, actions, 1 if early else 0)
    crafted = craft_terminfo_stream(hostile, args, env, [cols, rows])
    if crafted:
        cols, rows = crafted
    end_with_signal(rng, actions)
    for action in actions:
        if action[0] == "paste":
            # Random bytes before a paste may leave a sequence open that takes its start marker
            # (an X10 report's three bytes): here a paste holds no q. The checked streams, whose
            # every sequence is whole, paste q.
            action[:] = ["write", filtered(action[1])]
    return {"seed": seed, "index": index, "args": args, "env": env, "size": [cols, rows],
            "early": early, "actions": actions}


# ---------------------------------------------------------------------------------------------
# Generating signals and flow control

# signal(7): every signal whose default action is Term or Core, less SIGKILL (nothing can
# restore after it). The faults are handled differently: the terminal is restored, then the
# default action ends the program, so it dies by the signal.
FAULT_SIGNALS = frozenset([signal.SIGILL, signal.SIGABRT, signal.SIGFPE, signal.SIGSEGV,
                           signal.SIGBUS, signal.SIGTRAP, signal.SIGSYS])
QUIT_SIGNALS = sorted(
    set([signal.SIGHUP, signal.SIGINT, signal.SIGQUIT, signal.SIGPIPE, signal.SIGALRM,
         signal.SIGTERM, signal.SIGUSR1, signal.SIGUSR2, signal.SIGPOLL, signal.SIGPROF,
         signal.SIGVTALRM, signal.SIGXCPU, signal.SIGXFSZ, signal.SIGSTKFLT, signal.SIGPWR])
    | set(range(signal.SIGRTMIN, signal.SIGRTMAX + 1)))
TERMINATING_SIGNALS = sorted(set(QUIT_SIGNALS) | FAULT_SIGNALS)
XOFF, XON = b"\x13", b"\x11"


def flow_control(rng):
    """XOFF and XON as a terminal user sends them: Ctrl-S, keys, maybe Ctrl-Q, or alone."""
    keys = b"".join(rng.choice(KEYS) for _ in range(rng.randint(0, 8)))
    return rng.choice([
        XOFF + keys,
        XOFF + keys + XON,
        XON,
        XOFF * rng.randint(1, 3) + keys + XON * rng.randint(0, 3),
        keys + XOFF,
    ])


def add_flow_control(rng, actions, first):
    """Inserts a few XOFF/XON writes among `actions` (from index `first` on)."""
    if rng.random() >= 0.25:
        return
    for _ in range(rng.randint(1, 3)):
        actions.insert(rng.randint(first, len(actions)), ["write", flow_control(rng)])


def end_with_signal(rng, actions):
    """Ends one stream in four with a terminating signal instead of q; one in three of those
    first stops reading the program's output (and keeps typing, to make it draw). Not a stream
    with Ctrl-Z cycles: its program is the job-control wrapper's child, and the signal is for
    the program itself."""
    if rng.random() >= 0.25 or any(a[0] == "ctrlz" for a in actions):
        return
    if rng.random() < 0.35:
        actions.append(["stall"])
        for _ in range(rng.randint(0, 6)):
            actions.append(["write", b"".join(rng.choice(KEYS) for _ in range(rng.randint(1, 4)))])
            actions.append(["sleep", rng.choice([10, 40, 60])])
        if rng.random() < 0.5:
            stalled_resume(rng, actions)
    actions.append(["signal", rng.choice(TERMINATING_SIGNALS)])


def stalled_resume(rng, actions):
    """Output stalled, then a resume: the terminal's output is suspended (as by an XOFF from the
    terminal) so that every write blocks, the program is sometimes stopped with SIGSTOP for a
    while, then SIGCONT (as a shell's `fg` sends it, which makes the program draw again), a key,
    and a wait until the program sits in `write(2)`; the quit signal comes next."""
    actions.append(["suspend"])
    if rng.random() < 0.5:
        actions.append(["sigstop", rng.choice([0, 50, 200])])
    actions.append(["sigcont"])
    actions.append(["write", rng.choice(KEYS)])
    actions.append(["blocked", 1000])



# ---------------------------------------------------------------------------------------------
# Huge sizes and crafted terminfo entries

# Window sizes curses cannot hold (a side above 32767, since it keeps coordinates in `short`)
# or that are too large to draw (past 2^20 cells): the program draws within 10,000 a side and
# 2^20 cells. `TIOCSWINSZ` holds sides up to 65535.
HUGE_SIZES = [(40000, 2), (2, 40000), (65535, 65535), (32768, 24), (80, 32768), (65535, 1), (1, 65535),
              (1100, 1000), (10001, 105), (1025, 1024), (5000, 300)]
HUGE_SHARE = 0.06


def add_huge_size(rng, actions, first):
    """In some streams: a resize to a huge size (with SIGWINCH) somewhere among `actions` (from
    index `first` on), mostly followed a few steps later by one back to an ordinary size."""
    if rng.random() >= HUGE_SHARE:
        return
    cols, rows = rng.choice(HUGE_SIZES)
    at = rng.randint(first, len(actions))
    huge = [["resize", cols, rows], ["winch"]]
    if rng.random() < 0.5:
        huge.append(["write", b"".join(rng.choice(KEYS) for _ in range(rng.randint(1, 4)))])
    actions[at:at] = huge
    if rng.random() < 0.7:
        back = min(len(actions), at + len(huge) + rng.randint(0, 3))
        actions.insert(back, ["resize"] + list(random_size(rng)))


# Terminfo entries made from xterm-256color, compiled once per run with `tic -x -o DIR`: a
# capability name -> its new value (a string capability as tic writes it, `#N` for a number,
# None to cancel it).
CRAFTED_ENTRIES = {
    # cup reading its parameters as strings: tiparm would take an integer for a pointer.
    "tk-cup-s": {"cup": r"\E[%i%p1%s;%p2%dH"},
    "tk-cup-l": {"cup": r"\E[%i%p1%l%d;%p2%dH"},
    "tk-cup-p9": {"cup": r"\E[%i%p1%d;%p2%d%p9%sH"},
    # What a program needs beyond cup, missing.
    "tk-missing": {name: None for name in (
        "civis", "cnorm", "cvvis", "setaf", "setab", "colors", "pairs", "kmous", "el", "ed", "sgr",
        "sgr0", "bold", "rev", "smul", "rmul", "dim", "ech", "hpa", "vpa", "csr", "ind", "ri", "op",
        "smkx", "rmkx", "kcuu1", "kcud1", "kcub1", "kcuf1", "cuu1", "cud1", "cub1", "cuf1", "home")},
    # Absurd sizes (curses takes the terminal's own: with none, 0 x 0, see RELIABILITY.md).
    "tk-huge": {"cols": "#40000", "lines": "#40000", "it": "#65535"},
    # Long strings.
    "tk-long": {"sgr0": r"\E(B\E[m" * 300, "el": r"\E[K" * 600, "civis": r"\E[?25l" * 400,
                "cnorm": r"\E[?12l\E[?25h" * 200},
}
CRAFTED_SHARE = 0.06
# In a stream's JSON, the run's directory of crafted entries (made when the stream runs).
CRAFTED_DIR = "@CRAFTED@"
# A tooltip with graphemes of disputed width, which the presenter draws at explicit positions
# (through cup).
DISPUTED_SCENE = (
    '{"anchors": [{"id": "e", "x": 10, "y": 2, "placement": "bottom", '
    '"headline": "family \\ud83d\\udc68\\u200d\\ud83d\\udc69\\u200d\\ud83d\\udc67 and \\u2764\\ufe0f", '
    '"supporting": "flags \\ud83c\\uddef\\ud83c\\uddf5 e\\u0301 \\u231a"}]}')
_crafted = {}


def crafted_entry(source, name, changes):
    """The terminfo source `source` (infocmp's output) renamed `name`, with `changes` made."""
    text = "".join(line for line in source.splitlines(True) if not line.startswith("#"))
    fields = [f.strip() for f in re.split(r"(?<!\\),", text) if f.strip()]
    kept = [f for f in fields[1:] if re.split(r"[=#@]", f, 1)[0] not in changes]
    for cap, value in changes.items():
        kept.append(cap + "@" if value is None else cap + value if value.startswith("#") else cap + "=" + value)
    return "%s|crafted entry,\n\t%s,\n" % (name, ",\n\t".join(kept))


def crafted_directory():
    """The directory of this run's crafted terminfo entries and scene, made on first use
    (before the workers start, so they share it) and removed at exit."""
    if "dir" not in _crafted:
        directory = tempfile.mkdtemp(prefix="stream-fuzz-terminfo-")
        owner = os.getpid()
        atexit.register(lambda: os.getpid() == owner and shutil.rmtree(directory, ignore_errors=True))
        source = subprocess.run(["infocmp", "-x", "xterm-256color"], capture_output=True, text=True,
                                check=True).stdout
        for name, changes in CRAFTED_ENTRIES.items():
            path = os.path.join(directory, name + ".src")
            with open(path, "w") as f:
                f.write(crafted_entry(source, name, changes))
            subprocess.run(["tic", "-x", "-o", directory, path], check=True, capture_output=True)
        with open(os.path.join(directory, "disputed.json"), "w") as f:
            f.write(DISPUTED_SCENE)
        _crafted["dir"] = directory
    return _crafted["dir"]


def craft_terminfo_stream(rng, args, env, size):
    """In some streams: TERM one of the crafted entries (TERMINFO their directory), mostly with
    the scene of disputed-width graphemes open at a size that shows it. Changes `args` and `env`
    in place; returns the stream's size (None for a stream left as it was)."""
    if rng.random() >= CRAFTED_SHARE:
        return None
    env["TERM"] = rng.choice(sorted(CRAFTED_ENTRIES))
    env["TERMINFO"] = CRAFTED_DIR
    if rng.random() < 0.7:
        # At a size that shows the bubble (resizes may follow).
        args[1] = CRAFTED_DIR + "/disputed.json"
        args += ["--open", "e"]
        return list(rng.choice([(80, 24), (100, 30), (120, 40), (40, 12)]))
    return size


def stream_classes(stream):
    """The hostile classes stream `stream` holds: `resume`, `huge`, `crafted`."""
    actions = stream["actions"]
    classes = set()
    if any(a[0] == "sigcont" for a in actions):
        classes.add("resume")
    if any(a[0] == "resize" and (a[1] * a[2] > 1 << 20 or max(a[1], a[2]) > 32767) for a in actions):
        classes.add("huge")
    if stream["env"].get("TERMINFO") == CRAFTED_DIR:
        classes.add("crafted")
    return classes


def expected_status(stream):
    """The status the run must end with: 0 after q, 128 + the signal after a quit signal,
    minus the signal (Python's death by a signal) after a fault signal."""
    sent = [a[1] for a in stream["actions"] if a[0] == "signal"]
    if not sent:
        return 0
    return -sent[-1] if sent[-1] in FAULT_SIGNALS else 128 + sent[-1]


def to_json(stream):
    """The stream as JSON, written bytes as hex."""
    copy = dict(stream)
    copy["actions"] = [[a[0], a[1].hex()] if a[0] == "write" else a for a in stream["actions"]]
    return json.dumps(copy, indent=1)


def from_json(text):
    """A stream read back from `to_json`."""
    stream = json.loads(text)
    stream["actions"] = [["write", bytes.fromhex(a[1])] if a[0] == "write" else a for a in stream["actions"]]
    return stream


# ---------------------------------------------------------------------------------------------
# Job control: Ctrl-Z and fg with no shell, and streams checked against the snapshot in tmux

def job_control_main(status_path, argv):
    """Runs `argv` as the foreground job of this terminal, as a shell does, so that Ctrl-Z
    really stops it; SIGUSR1 is `fg` (the job continues in the foreground). Writes JSON lines
    to `status_path`: the pids first, then the job's exit status (128 + the signal that ended
    it) and whether the terminal's modes were as before."""
    before = termios.tcgetattr(0)
    signal.signal(signal.SIGTTOU, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGUSR1})
    pid = os.fork()
    if pid == 0:
        os.setpgid(0, 0)
        os.tcsetpgrp(0, os.getpid())
        signal.signal(signal.SIGTTOU, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_SETMASK, set())
        os.execv(argv[0], argv)
    try:
        os.setpgid(pid, pid)
        os.tcsetpgrp(0, pid)
    except OSError:
        pass
    with open(status_path, "a") as f:
        f.write(json.dumps({"pid": pid, "wrapper": os.getpid()}) + "\n")
    while True:
        _, status = os.waitpid(pid, os.WUNTRACED)
        if os.WIFSTOPPED(status):
            os.tcsetpgrp(0, os.getpgrp())
            signal.sigwait({signal.SIGUSR1})
            os.tcsetpgrp(0, pid)
            os.killpg(pid, signal.SIGCONT)
            continue
        code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status)
        with open(status_path, "a") as f:
            f.write(json.dumps({"status": code, "restored": termios.tcgetattr(0) == before}) + "\n")
        return code


def job_control_command(status_path, binary, args):
    """The command line that runs `binary args` under `job_control_main`."""
    return [sys.executable, os.path.abspath(__file__), "--job-control", status_path, "--", binary] + args


def read_status(path):
    """The JSON lines the job-control wrapper wrote so far, merged."""
    merged = {}
    try:
        with open(path) as f:
            for line in f:
                if line.endswith("\n"):
                    merged.update(json.loads(line))
    except OSError:
        pass
    return merged


def process_state(pid):
    """The state letter of `pid` in /proc (`T` stopped), or '' when it is gone."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return ""


def wait_for(condition, seconds, step=0.01, between=None):
    """Polls `condition` until it holds or `seconds` pass; `between` runs at each poll."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        if between:
            between()
        else:
            time.sleep(step)
    return condition()


# Ctrl-Z pressed again because the first one came during a screen update (this process's count).
EXTRA_CTRL_Z = [0]


def unread_input(tty_fd):
    """How many bytes of input wait unread on the terminal `tty_fd` (TIOCINQ)."""
    try:
        return struct.unpack("i", fcntl.ioctl(tty_fd, termios.TIOCINQ, b"\0\0\0\0"))[0]
    except OSError:
        return 0


def ctrl_z_cycle(stop, status_path, pause_ms, deadline, between=None, tty_fd=None):
    """Ctrl-Z (`stop` sends the byte), a pause, then fg; '' or the reason it failed.

    On fg curses drops the input the program had not read yet (type-ahead), so Ctrl-Z is
    pressed once the program has read what came before it (the terminal's input queue, read
    on `tty_fd`, is empty), as a person's Ctrl-Z comes after the keys were seen to act."""
    status = read_status(status_path)
    pid = status.get("pid")
    if not pid:
        return "no job to stop"
    if tty_fd is not None:
        # Empty twice, 30 ms apart: bytes still on their way (tmux writes to the pane after
        # send-keys returns) have arrived and been read too.
        drained = lambda: unread_input(tty_fd) == 0 and wait_for(lambda: False, 0.03, between=between) is False \
            and unread_input(tty_fd) == 0
        if not wait_for(drained, deadline, between=between):
            return "hang: the program did not read its input within %.0f s" % deadline
    # ncurses ignores SIGTSTP while it updates the screen: a Ctrl-Z that lands in a frame is
    # lost, and a person presses it again. So does this, every 1.5 s.
    stopped = lambda: process_state(pid) in ("T", "t", "", "Z")
    end = time.monotonic() + deadline
    pressed = 0
    while True:
        stop()
        pressed += 1
        if wait_for(stopped, 1.5, between=between):
            break
        if time.monotonic() > end:
            return "hang: Ctrl-Z did not stop the program within %.0f s" % deadline
        EXTRA_CTRL_Z[0] += 1
    if process_state(pid) in ("", "Z"):
        return "exited on Ctrl-Z with status %s" % read_status(status_path).get("status")
    wait_for(lambda: False, pause_ms / 1000.0, between=between)
    os.kill(status["wrapper"], signal.SIGUSR1)
    if not wait_for(lambda: process_state(pid) not in ("T", "t"), deadline, between=between):
        return "hang: fg did not continue the program within %.0f s" % deadline
    # A Ctrl-Z pressed again may have come after all, on a slow machine: fg once more, as a
    # person would.
    if pressed > 1 and wait_for(lambda: process_state(pid) in ("T", "t"), 1.0, between=between):
        os.kill(status["wrapper"], signal.SIGUSR1)
        if not wait_for(lambda: process_state(pid) not in ("T", "t"), deadline, between=between):
            return "hang: fg did not continue the program within %.0f s" % deadline
    return ""


class Tmux:
    """One tmux server on a private socket, as the terminal of a checked stream."""

    def __init__(self, directory, name):
        self.conf = os.path.join(directory, "tmux.conf")
        with open(self.conf, "w") as f:
            f.write("set -g status off\n")
        self.socket = name

    def __call__(self, *args):
        result = subprocess.run(["tmux", "-u", "-L", self.socket, "-f", self.conf] + list(args),
                                capture_output=True, text=True, stdin=subprocess.DEVNULL)
        return result.stdout

    def display(self, fmt):
        return self("display-message", "-p", "-t", "S", fmt).strip()

    def kill(self):
        """Kills this server and removes the socket file tmux leaves behind."""
        path = self.display("#{socket_path}")
        self("kill-server")
        if path.endswith(self.socket):
            try:
                os.unlink(path)
            except OSError:
                pass

    def capture(self):
        rows = self("capture-pane", "-p", "-t", "S").split("\n")
        if rows and rows[-1] == "":
            rows.pop()
        return [row.rstrip(" ") for row in rows]

    def send(self, data):
        for i in range(0, len(data), 400):
            self("send-keys", "-t", "S", "-H", *("%02x" % b for b in data[i: i + 400]))


def snapshot(binary, size, args):
    """`binary --snapshot` at `size` with `args`, rows trimmed on the right."""
    out = subprocess.run([binary, "--snapshot", "--size", "%dx%d" % tuple(size)] + args,
                         capture_output=True, text=True, env={"LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"})
    rows = out.stdout.split("\n")
    if rows and rows[-1] == "":
        rows.pop()
    return [row.rstrip(" ") for row in rows]


def run_checked(binary, stream, deadline=10.0):
    """Runs a checked stream in tmux under the job-control wrapper: the first frame must be the
    start's snapshot, the screen after the stream the expected snapshot, and after `q` the exit
    status 0, nothing on stderr, and the terminal restored (main screen, mouse and keypad
    modes off, termios as before)."""
    started = time.monotonic()
    result = {"ok": False, "reason": "", "sent": 0, "resizes": 0, "quits": 0, "seconds": 0.0,
              "stderr": "", "tail": ""}
    directory = tempfile.mkdtemp(prefix="stream-fuzz-")
    tmux = Tmux(directory, "stream-fuzz-%d-%d" % (os.getpid(), stream["index"]))
    status_path = os.path.join(directory, "status")
    errors = os.path.join(directory, "stderr")
    env = ["%s=%s" % item for item in sorted(stream["env"].items())]
    env += ["PATH=" + os.environ.get("PATH", "/usr/bin:/bin"), "SWIFT_BACKTRACE=interactive=no"]
    command = " ".join(shlex.quote(part) for part in ["env", "-i"] + env
                       + job_control_command(status_path, binary, stream["args"]))
    command += " 2> %s; exec sleep 60" % shlex.quote(errors)
    cols, rows = stream["size"]
    reason = ""
    tty_fd = None
    try:
        tmux("new-session", "-d", "-s", "S", "-x", str(cols), "-y", str(rows), command)
        start = snapshot(binary, stream["size"], stream["args"])
        if not wait_for(lambda: tmux.display("#{alternate_on}") == "1" and tmux.capture() == start, deadline):
            reason = "first frame differs from the snapshot" if read_status(status_path) else "did not start"
        for action in stream["actions"] if not reason else []:
            if action[0] == "write":
                tmux.send(action[1])
                result["sent"] += len(action[1])
            elif action[0] == "sleep":
                time.sleep(action[1] / 1000.0)
            elif action[0] == "ctrlz":
                if tty_fd is None:
                    tty_fd = os.open(tmux.display("#{pane_tty}"), os.O_RDONLY | os.O_NOCTTY | os.O_NONBLOCK)
                tmux.display("#{pane_pid}")  # a round trip: the keys sent before are written
                reason = ctrl_z_cycle(lambda: tmux.send(b"\x1a"), status_path, action[1], deadline,
                                      tty_fd=tty_fd)
            if not reason and "status" in read_status(status_path):
                reason = "exited before q with status %s" % read_status(status_path)["status"]
            if reason:
                break
        if not reason:
            expected = snapshot(binary, stream["size"], stream["expected_args"])
            if not wait_for(lambda: tmux.capture() == expected, 3.0, step=0.05):
                got = tmux.capture()
                diff = [i for i in range(max(len(got), len(expected)))
                        if (got[i:i + 1] or [None]) != (expected[i:i + 1] or [None])]
                reason = "screen differs from the snapshot (%s) in rows %s: %r, expected %r" % (
                    " ".join(stream["expected_args"]), diff[:5], got[diff[0]] if diff[0] < len(got) else None,
                    expected[diff[0]] if diff[0] < len(expected) else None)
        if not reason:
            tmux.send(b"q")
            result["quits"] = 1
            if not wait_for(lambda: "status" in read_status(status_path), deadline, step=0.02):
                reason = "hang: still running %.0f s after q" % deadline
        if not reason:
            final = read_status(status_path)
            flags = tmux.display("#{alternate_on}#{mouse_any_flag}#{mouse_sgr_flag}#{mouse_utf8_flag}"
                                 "#{keypad_cursor_flag}#{cursor_flag}")
            with open(errors, "rb") as f:
                result["stderr"] = f.read()[-2000:].decode(errors="replace")
            if final["status"] != 0:
                reason = "exit status %d" % final["status"]
            elif result["stderr"].strip():
                reason = "wrote on stderr: %s" % result["stderr"].strip().splitlines()[0][:200]
            elif not final["restored"]:
                reason = "terminal modes not restored"
            elif flags != "000001":
                reason = "terminal left with alternate, mouse any, SGR, UTF-8, keypad, cursor = %s" % flags
    finally:
        if tty_fd is not None:
            os.close(tty_fd)
        pid = read_status(status_path).get("pid")
        if pid and process_state(pid):
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        tmux.kill()
        shutil.rmtree(directory, ignore_errors=True)
    result["seconds"] = time.monotonic() - started
    result["ok"] = not reason
    result["reason"] = reason
    return result


# ---------------------------------------------------------------------------------------------
# Running one stream

ALT_ON = re.compile(rb"\x1b\[\?(?:\d+;)*(?:1049|1047|47)(?:;\d+)*h")
ALT_OFF = re.compile(rb"\x1b\[\?(?:\d+;)*(?:1049|1047|47)(?:;\d+)*l")
MOUSE_ON = re.compile(rb"\x1b\[\?(?:\d+;)*(?:9|1000|1002|1003|1005|1006|1015)(?:;\d+)*h")
PASTE_ON = re.compile(rb"\x1b\[\?(?:\d+;)*2004(?:;\d+)*h")
PASTE_OFF = re.compile(rb"\x1b\[\?(?:\d+;)*2004(?:;\d+)*l")
MOUSE_OFF = re.compile(rb"\x1b\[\?(?:\d+;)*(?:9|1000|1002|1003|1005|1006|1015)(?:;\d+)*l")


def last_match(pattern, data):
    """The end offset of the last match of `pattern` in `data`, -1 if none."""
    end = -1
    for match in pattern.finditer(data):
        end = match.end()
    return end


def set_size(fd, cols, rows):
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


def make_controlling_terminal():
    # In the child, after setsid: the pty slave on stdin becomes the controlling terminal, so
    # the kernel sends SIGWINCH on a resize and the program is the foreground group.
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    # A fault signal ends the program with its default action: no core file.
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


class Pty:
    """The master side of one run: written from a queue, read continuously into `output`."""

    def __init__(self, master, proc):
        self.master = master
        self.proc = proc
        self.output = bytearray()
        self.pending = bytearray()
        self.sent = 0
        # A stalled terminal no longer reads the program's output.
        self.stalled = False
        # The terminal's output is suspended (tcflow TCOOFF on the slave).
        self.suspended = False
        self.blocked_at_signal = False
        self.status_path = None

    def pump(self, seconds, until_written=False, until_exit=False):
        """Reads and writes for `seconds`; returns early when the queue is written or the
        process exits, as asked. Returns False if the process exited."""
        end = time.monotonic() + seconds
        while True:
            if self.proc.poll() is not None:
                self.drain()
                return False
            if until_written and not self.pending:
                return True
            left = end - time.monotonic()
            if left <= 0:
                return True
            wants = [self.master] if self.pending else []
            reads = [] if self.stalled else [self.master]
            readable, writable, _ = select.select(reads, wants, [], min(left, 0.02))
            if readable:
                self.read_once()
            if writable and self.pending:
                try:
                    n = os.write(self.master, self.pending[:4096])
                except BlockingIOError:
                    n = 0
                del self.pending[:n]
                self.sent += n

    def read_once(self):
        try:
            data = os.read(self.master, 65536)
        except (BlockingIOError, OSError):
            return
        self.output += data

    def drain(self):
        while select.select([self.master], [], [], 0.05)[0]:
            before = len(self.output)
            self.read_once()
            if len(self.output) == before:
                break


def run(binary, stream, deadline=10.0, write_stall=20.0):
    """Runs one stream; returns a dict with `ok`, `reason`, `sent`, `resizes`, `quits`, `seconds`."""
    if stream.get("checked"):
        return run_checked(binary, stream, deadline)
    started = time.monotonic()
    master, slave = os.openpty()
    cols, rows = stream["size"]
    set_size(slave, cols, rows)
    os.set_blocking(master, False)
    before = termios.tcgetattr(slave)
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "SWIFT_BACKTRACE": "interactive=no"}
    env.update(stream["env"])
    args = stream["args"]
    if env.get("TERMINFO") == CRAFTED_DIR:
        env["TERMINFO"] = crafted_directory()
        args = [a.replace(CRAFTED_DIR, env["TERMINFO"]) for a in args]
    errors = tempfile.TemporaryFile()
    result = {"ok": False, "reason": "", "sent": 0, "resizes": 0, "quits": 0, "seconds": 0.0}
    command = [binary] + args
    status_dir = None
    if any(a[0] == "ctrlz" for a in stream["actions"]):
        # Ctrl-Z must really stop the program: it runs as a job of a wrapper acting as its shell.
        status_dir = tempfile.mkdtemp(prefix="stream-fuzz-")
        command = job_control_command(os.path.join(status_dir, "status"), binary, args)
    proc = subprocess.Popen(
        command, stdin=slave, stdout=slave, stderr=errors, env=env,
        start_new_session=True, preexec_fn=make_controlling_terminal, close_fds=True)
    pty = Pty(master, proc)
    pty.status_path = status_dir and os.path.join(status_dir, "status")
    pty.slave = slave
    reason = ""
    try:
        reason = drive(pty, stream, deadline, write_stall, result)
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        pty.drain()
        if pty.suspended:
            # Only now: what the program wrote to restore must have come out on its own.
            termios.tcflow(slave, termios.TCOON)
        after = termios.tcgetattr(slave)
        os.close(master)
        os.close(slave)
        errors.seek(0)
        stderr = errors.read()
        errors.close()
        if status_dir:
            shutil.rmtree(status_dir, ignore_errors=True)
    result["sent"] = pty.sent
    result["seconds"] = time.monotonic() - started
    result["signal"] = next((a[1] for a in stream["actions"] if a[0] == "signal"), 0)
    result["stalled"] = pty.stalled
    result["blocked"] = pty.blocked_at_signal
    classes = stream_classes(stream)
    result["huge"] = "huge" in classes
    result["crafted"] = "crafted" in classes
    if not reason:
        reason = check(stream, proc.returncode, stderr, pty.output, before, after)
    result["ok"] = not reason
    result["reason"] = reason
    result["stderr"] = stderr[-2000:].decode(errors="replace")
    result["tail"] = bytes(pty.output[-400:]).hex()
    return result


def drive(pty, stream, deadline, write_stall, result):
    """Writes the stream and quits; returns a failure reason or ''."""
    actions = stream["actions"]
    if stream["early"]:
        pty.pending += actions[0][1]
        actions = actions[1:]
    # Wait for the program to switch to the alternate screen before typing, as a user would.
    start_by = time.monotonic() + deadline
    while not ALT_ON.search(pty.output):
        if not pty.pump(0.02, until_written=False):
            return "exited during start-up with status %s" % pty.proc.returncode
        if time.monotonic() > start_by:
            return "hang: did not start within %.0f s" % deadline
    for action in actions:
        kind = action[0]
        if kind == "write" and pty.stalled:
            # A program blocked on its output reads no input: type what it takes, then go on.
            pty.pending += action[1]
            if not pty.pump(0.2, until_written=True):
                return "exited before its signal with status %s" % pty.proc.returncode
            pty.pending.clear()
        elif kind == "write":
            pty.pending += action[1]
            while pty.pending:
                sent = pty.sent
                if not pty.pump(write_stall, until_written=True):
                    return "exited before q with status %s" % pty.proc.returncode
                if pty.pending and pty.sent == sent:
                    return "hang: stopped reading input for %.0f s" % write_stall
        elif kind == "sleep":
            if not pty.pump(action[1] / 1000.0):
                return "exited before q with status %s" % pty.proc.returncode
        elif kind == "resize":
            set_size(pty.master, action[1], action[2])
            result["resizes"] += 1
        elif kind == "winch":
            target = read_status(pty.status_path).get("pid") if pty.status_path else pty.proc.pid
            if target:
                os.kill(target, signal.SIGWINCH)
        elif kind == "stall":
            pty.stalled = True
        elif kind == "suspend":
            # The terminal suspends its output (as on an XOFF it sent): every write blocks.
            pty.stalled = pty.suspended = True
            termios.tcflow(pty.slave, termios.TCOOFF)
        elif kind == "sigstop":
            os.kill(pty.proc.pid, signal.SIGSTOP)
            if not wait_for(lambda: process_state(pty.proc.pid) in ("T", "t"), deadline):
                return "SIGSTOP did not stop the program within %.0f s" % deadline
            pty.pump(action[1] / 1000.0)
        elif kind == "sigcont":
            os.kill(pty.proc.pid, signal.SIGCONT)
            result["resumed"] = True
        elif kind == "blocked":
            # Until the program sits in write(2) (the frame drawn after the resume).
            wait_for(lambda: blocked_in_write(pty.proc.pid), action[1] / 1000.0)
        elif kind == "signal":
            return end_by_signal(pty, action[1], deadline)
        elif kind == "ctrlz":
            def stop():
                pty.pending += b"\x1a"
                pty.pump(write_stall, until_written=True)
            reason = ctrl_z_cycle(stop, pty.status_path, action[1], deadline, between=lambda: pty.pump(0.01),
                                  tty_fd=pty.slave)
            if reason:
                return reason
    if not pty.pump(0.0):
        return "exited before q with status %s" % pty.proc.returncode
    # ESC, a pause longer than the 25 ms escape delay (a pending sequence ends and ESC closes
    # the help), then q; again while the program runs, until the deadline.
    quit_by = time.monotonic() + deadline
    while time.monotonic() < quit_by:
        pty.pending += b"\x1b"
        if not pty.pump(0.1):
            return ""
        pty.pending += b"q"
        result["quits"] += 1
        if not pty.pump(min(2.0, max(0.0, quit_by - time.monotonic()))):
            return ""
    return "hang: still running %.0f s after the first q (killed)" % deadline


# write(2)'s number, to tell from /proc whether the program is blocked writing its output.
WRITE_SYSCALL = {"x86_64": 1, "aarch64": 64}.get(os.uname().machine)


def blocked_in_write(pid):
    """Whether process `pid` is inside write(2) now (as far as /proc tells)."""
    try:
        with open("/proc/%d/syscall" % pid) as f:
            return WRITE_SYSCALL is not None and f.read().split()[0] == str(WRITE_SYSCALL)
    except (OSError, IndexError):
        return False


def signal_name(signum):
    """SIGTERM, SIGRTMIN+3: the name of signal `signum`."""
    try:
        return signal.Signals(signum).name
    except ValueError:
        return "SIGRTMIN+%d" % (signum - signal.SIGRTMIN)


def end_by_signal(pty, signum, deadline):
    """Sends `signum` and waits for the program to end; returns a failure reason or ''."""
    pty.pending.clear()
    pty.blocked_at_signal = blocked_in_write(pty.proc.pid)
    os.kill(pty.proc.pid, signum)
    limit = min(deadline, SIGNAL_DEADLINE)
    if pty.pump(limit):
        return "hang: still running %.1f s after %s (killed)" % (limit, signal_name(signum))
    return ""


# How long a program may take to end after a signal, even with its output stalled.
SIGNAL_DEADLINE = 2.0


def check(stream, status, stderr, output, before, after):
    """The reason the finished run failed, or ''."""
    expected = expected_status(stream)
    if status != expected:
        got = "killed by signal %d" % -status if status < 0 else "exit status %d" % status
        return "%s, expected %s" % (got, "exit status %d" % expected if expected >= 0
                                    else "death by signal %d" % -expected)
    if stderr.strip():
        first = stderr.decode(errors="replace").strip().splitlines()[0]
        return "wrote on stderr: %s" % first[:200]
    on, off = last_match(ALT_ON, output), last_match(ALT_OFF, output)
    if off < on or off < 0:
        return "left the alternate screen on (no rmcup after the last smcup)"
    on, off = last_match(MOUSE_ON, output), last_match(MOUSE_OFF, output)
    if on >= 0 and off < on:
        return "left mouse reporting on"
    on, off = last_match(PASTE_ON, output), last_match(PASTE_OFF, output)
    if on >= 0 and off < on:
        return "left bracketed paste on"
    if after[3] & (termios.ECHO | termios.ICANON) != before[3] & (termios.ECHO | termios.ICANON):
        return "terminal modes not restored: ECHO/ICANON lflag %#o, was %#o" % (after[3], before[3])
    names = ["iflag", "oflag", "cflag", "lflag"]
    for i, name in enumerate(names):
        if after[i] != before[i]:
            return "terminal modes not restored: %s %#o, was %#o" % (name, after[i], before[i])
    if after[6] != before[6]:
        return "terminal control characters not restored"
    return ""


# ---------------------------------------------------------------------------------------------
# The command line

def stop(signum, frame):
    raise KeyboardInterrupt


def quiet_worker():
    # Only the parent stops the run (and prints its figures); a worker ends with the pool.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def worker(job):
    binary, seed, index, deadline = job
    stream = generate(seed, index)
    extra = EXTRA_CTRL_Z[0]
    result = run(binary, stream, deadline)
    result["extra_ctrl_z"] = EXTRA_CTRL_Z[0] - extra
    result["checked"] = bool(stream.get("checked"))
    result["ctrl_z"] = sum(1 for a in stream["actions"] if a[0] == "ctrlz")
    result["index"] = index
    result["written"] = sum(len(a[1]) for a in stream["actions"] if a[0] == "write")
    if not result["ok"]:
        result["stream"] = to_json(stream)
    return result


def report_failure(result, out, seed):
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, "stream-%d-%d.json" % (seed, result["index"]))
    with open(path, "w") as f:
        f.write(result["stream"])
    print("FAIL seed %d stream %d: %s" % (seed, result["index"], result["reason"]), flush=True)
    print("  replay: %s --replay %s" % (sys.argv[0], path), flush=True)
    print("  or: %s --seed %d --first %d --streams 1" % (sys.argv[0], seed, result["index"]), flush=True)
    if result["stderr"].strip():
        print("  stderr: " + result["stderr"].strip().replace("\n", "\n  stderr: "), flush=True)
    print("  last output bytes: %r" % bytes.fromhex(result["tail"])[-160:], flush=True)


def main():
    if len(sys.argv) > 4 and sys.argv[1] == "--job-control" and sys.argv[3] == "--":
        return job_control_main(sys.argv[2], sys.argv[4:])
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=".build/debug/tooltip-tui", help="the tooltip-tui to run")
    parser.add_argument("--streams", type=int, default=100, help="how many streams (default 100)")
    parser.add_argument("--seed", type=int, default=None, help="the run's seed (default: random, printed)")
    parser.add_argument("--first", type=int, default=0, help="index of the first stream (default 0)")
    parser.add_argument("--jobs", type=int, default=1, help="streams run at once (default 1)")
    parser.add_argument("--deadline", type=float, default=10.0,
                        help="seconds to start, and to exit after the first q (default 10)")
    parser.add_argument("--out", default="stream-fuzz-failures", help="where failing streams go")
    parser.add_argument("--replay", metavar="FILE", help="run one saved stream again")
    parser.add_argument("--progress", type=int, default=0, help="print figures every N streams")
    parser.add_argument("--only", choices=["resume", "huge", "crafted"],
                        help="run only streams of this hostile class (the next --streams of them from --first)")
    options = parser.parse_args()

    if not (os.path.isfile(options.binary) and os.access(options.binary, os.X_OK)):
        print("stream_fuzz.py: no executable at %s (swift build first, or pass --binary)" % options.binary,
              file=sys.stderr)
        return 2

    if options.replay:
        with open(options.replay) as f:
            stream = from_json(f.read())
        result = run(options.binary, stream, options.deadline)
        print("replay %s: %s (%d bytes, %d resizes, %.2f s%s)" % (
            options.replay, "ok" if result["ok"] else "FAIL: " + result["reason"],
            result["sent"], result["resizes"], result["seconds"],
            ", blocked writing its output when the signal came" if result.get("blocked") else ""))
        if not result["ok"]:
            print("  stderr: %s" % result["stderr"].strip())
            print("  last output bytes: %r" % bytes.fromhex(result["tail"])[-160:])
        return 0 if result["ok"] else 1

    seed = options.seed if options.seed is not None else random.SystemRandom().randrange(2**32)
    crafted_directory()  # compiled once, before the workers start
    print("stream_fuzz: seed %d, streams %d..%d%s, binary %s" % (
        seed, options.first, options.first + options.streams - 1,
        " (the first %d with class %s)" % (options.streams, options.only) if options.only else "",
        options.binary), flush=True)
    indices = range(options.first, options.first + options.streams)
    if options.only:
        indices, i = [], options.first
        while len(indices) < options.streams:
            if options.only in stream_classes(generate(seed, i)):
                indices.append(i)
            i += 1
    jobs = [(options.binary, seed, i, options.deadline) for i in indices]
    totals = {"streams": 0, "failures": 0, "sent": 0, "resizes": 0, "quits": 0, "extra_quits": 0,
              "signals": 0, "stalls": 0, "blocked": 0, "checked": 0, "ctrl_z": 0, "extra_ctrl_z": 0,
              "resumed": 0, "huge": 0, "crafted": 0}
    started = time.monotonic()
    slowest = (0.0, -1)

    def account(result):
        nonlocal slowest
        totals["streams"] += 1
        totals["sent"] += result["sent"]
        totals["resizes"] += result["resizes"]
        totals["extra_quits"] += max(0, result["quits"] - 1)
        totals["signals"] += 1 if result.get("signal") else 0
        totals["stalls"] += 1 if result.get("stalled") else 0
        totals["blocked"] += 1 if result.get("blocked") else 0
        for key in ("checked", "ctrl_z", "extra_ctrl_z", "resumed", "huge", "crafted"):
            totals[key] += int(result.get(key, 0))
        slowest = max(slowest, (result["seconds"], result["index"]))
        if not result["ok"]:
            totals["failures"] += 1
            report_failure(result, options.out, seed)
        if options.progress and totals["streams"] % options.progress == 0:
            summary(totals, started, slowest)

    # Stopped by Ctrl-C or kill (even when started in the background, where SIGINT is ignored),
    # the run still prints the figures of the streams done.
    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    interrupted = False
    try:
        if options.jobs <= 1:
            for job in jobs:
                account(worker(job))
        else:
            with multiprocessing.get_context("fork").Pool(options.jobs, quiet_worker) as pool:
                for result in pool.imap_unordered(worker, jobs):
                    account(result)
    except KeyboardInterrupt:
        interrupted = True
        print("stream_fuzz: interrupted", flush=True)
    summary(totals, started, slowest)
    if interrupted:
        return 1
    return 0 if totals["failures"] == 0 else 1


def summary(totals, started, slowest):
    print("stream_fuzz: %d streams, %d failed, %d bytes sent, %d resizes, %d extra q, %.1f s"
          " (slowest stream %d: %.2f s)" % (
              totals["streams"], totals["failures"], totals["sent"], totals["resizes"],
              totals["extra_quits"], time.monotonic() - started, slowest[1], slowest[0]), flush=True)
    print("stream_fuzz: %d streams ended by a signal, %d of them with the output stalled, %d blocked"
          " writing when the signal came" % (totals["signals"], totals["stalls"], totals["blocked"]),
          flush=True)
    print("stream_fuzz: %d streams checked against the snapshot, %d Ctrl-Z/fg cycles (%d Ctrl-Z"
          " pressed again)" % (totals["checked"], totals["ctrl_z"], totals["extra_ctrl_z"]), flush=True)
    print("stream_fuzz: %d streams resumed (SIGCONT) with the output suspended, %d resized past 32767 a side"
          " or 2^20 cells, %d under a crafted terminfo entry" % (totals["resumed"], totals["huge"],
                                                                  totals["crafted"]), flush=True)


if __name__ == "__main__":
    sys.exit(main())
