#!/usr/bin/env python3
"""Runs tooltip-tui in real terminal emulators under Xvfb and prints which checks pass.

    scripts/terminal-matrix.py                      every terminal below that is installed
    scripts/terminal-matrix.py --only xterm,kitty   those terminals (fails when one is missing)
    scripts/terminal-matrix.py --list               the terminals, their packages, installed or not
    scripts/terminal-matrix.py --binary PATH        that tooltip-tui (default .build/debug/tooltip-tui)
    scripts/terminal-matrix.py --keep DIR           keep each run's files and screenshots in DIR
    scripts/terminal-matrix.py --follow             the demo with no --theme (it follows the
                                                    terminal, issue 43); the bubble's fill must
                                                    contrast 3:1 with the terminal's background

Each terminal opens a window on a private Xvfb and runs a shell script that first paints two
marker cells (top-left and bottom-right) and the component's glyphs, so the cell grid is read
from the screen, not guessed from fonts; then the demo runs, driven by real X key and pointer
events (xdotool), and each check waits on what the screen shows (screenshots with ImageMagick's
`import`), never on a fixed sleep. Exit status 0 when every check passed in every terminal run,
1 when one failed, 2 on a usage error (an unknown or missing terminal with --only).

A check is a function in CHECKS below: add one there (hover, say) and every terminal runs it.
Debian packages: xvfb xdotool imagemagick fonts-dejavu-core, and the terminals' own packages
(`--list` names them).
"""

import argparse
import collections
import os
import pathlib
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
COLUMNS, ROWS = 80, 24
WIDE = 250  # the columns of the wide window: a click past column 223 needs SGR 1006
SCREEN = (2800, 1000)  # Xvfb's size: room for the wide window
FONT = "DejaVu Sans Mono"
TIMEOUT = float(os.environ.get("MATRIX_TIMEOUT", "20"))  # seconds a screen may take to show
# --follow: the demo runs with no --theme and picks the theme itself (issue 43).
FOLLOW = False


# MARK: - Terminals


def alacritty_config(run):
    path = run.dir / "alacritty.yml"
    path.write_text(
        "window:\n  dimensions:\n    columns: %d\n    lines: %d\n"
        "font:\n  normal:\n    family: %s\n  size: 11\n"
        "cursor:\n  blinking: Never\n" % (COLUMNS, ROWS, FONT)
    )
    return str(path)


def xterm_argv(script, term=None):
    argv = ["xterm", "-b", "0", "-geometry", "%dx%d" % (COLUMNS, ROWS), "-fa", FONT, "-fs", "11",
            "-xrm", "XTerm*cursorBlink: false", "-xrm", "XTerm*allowTitleOps: false"]
    if term:
        argv += ["-tn", term]
    return argv + ["-e", "/bin/sh", script]


# name: (Debian package, what runs the script, extra environment, what the demo runs inside)
TERMINALS = collections.OrderedDict([
    ("xterm", dict(package="xterm", argv=lambda run: xterm_argv(run.script))),
    ("rxvt-unicode", dict(package="rxvt-unicode", argv=lambda run: [
        "urxvt", "-geometry", "%dx%d" % (COLUMNS, ROWS), "-fn", "xft:%s:size=11" % FONT, "+sb", "-b", "0",
        "-e", "/bin/sh", run.script])),
    ("kitty", dict(package="kitty", env={"LIBGL_ALWAYS_SOFTWARE": "1"}, argv=lambda run: [
        "kitty", "--config", "NONE", "-o", "linux_display_server=x11", "-o", "font_family=%s" % FONT,
        "-o", "font_size=11", "-o", "initial_window_width=%dc" % COLUMNS,
        "-o", "initial_window_height=%dc" % ROWS, "-o", "remember_window_size=no",
        "-o", "cursor_blink_interval=0", "-o", "window_padding_width=0", "/bin/sh", run.script])),
    ("alacritty", dict(package="alacritty", env={"LIBGL_ALWAYS_SOFTWARE": "1"}, argv=lambda run: [
        "alacritty", "--config-file", alacritty_config(run), "-e", "/bin/sh", run.script])),
    ("mlterm", dict(package="mlterm", resize_toplevel=True, argv=lambda run: [
        "mlterm", "-g", "%dx%d" % (COLUMNS, ROWS), "--fontsize=15", "--sb=false",
        "-e", "/bin/sh", run.script])),
    ("st", dict(package="stterm", argv=lambda run: [
        "st", "-g", "%dx%d" % (COLUMNS, ROWS), "-f", "%s:pixelsize=15" % FONT, "-e", "/bin/sh", run.script])),
    ("xfce4-terminal (VTE)", dict(package="xfce4-terminal", argv=lambda run: [
        "dbus-run-session", "--", "xfce4-terminal", "--disable-server", "--geometry=%dx%d" % (COLUMNS, ROWS),
        "--hide-menubar", "--hide-toolbar", "--hide-scrollbar", "--font=%s 11" % FONT, "-x", "/bin/sh",
        run.script])),
    ("konsole", dict(package="konsole", env={"QT_QPA_PLATFORM": "xcb"}, argv=lambda run: [
        "dbus-run-session", "--", "konsole", "--nofork", "--hide-menubar", "--hide-tabbar",
        "-p", "TerminalColumns=%d" % COLUMNS, "-p", "TerminalRows=%d" % ROWS, "-p", "ScrollBarPosition=2",
        "-p", "BlinkingCursorEnabled=false", "-p", "Font=%s,11" % FONT, "-e", "/bin/sh", run.script])),
    ("foot (weston)", dict(package="foot", also=["weston"], wayland=True, argv=lambda run: [
        "foot", "-W", "%dx%d" % (COLUMNS, ROWS), "-f", "%s:size=11" % FONT, "/bin/sh", run.script])),
    ("tmux in xterm", dict(package="tmux", also=["xterm"], inner="tmux", argv=lambda run: xterm_argv(run.script))),
    ("screen in xterm", dict(package="screen", also=["xterm"], inner="screen",
                             argv=lambda run: xterm_argv(run.script))),
    ("TERM=linux in xterm", dict(package="xterm", demo_term="linux", argv=lambda run: xterm_argv(run.script))),
])

# The short names --only takes.
ALIASES = {"urxvt": "rxvt-unicode", "rxvt": "rxvt-unicode", "vte": "xfce4-terminal (VTE)",
           "xfce4-terminal": "xfce4-terminal (VTE)", "foot": "foot (weston)", "tmux": "tmux in xterm",
           "screen": "screen in xterm", "linux": "TERM=linux in xterm", "stterm": "st"}

BINARIES = {"xterm": "xterm", "rxvt-unicode": "urxvt", "kitty": "kitty", "alacritty": "alacritty",
            "mlterm": "mlterm", "stterm": "st", "xfce4-terminal": "xfce4-terminal", "konsole": "konsole",
            "foot": "foot", "weston": "weston", "tmux": "tmux", "screen": "screen"}


def package_version(package):
    try:
        out = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", package], capture_output=True,
                             text=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired):
        return None
    if out.returncode != 0 or not out.stdout:
        return None
    version = out.stdout.split(":")[-1]
    for cut in ("-", "+"):
        version = version.split(cut)[0]
    return version


def installed(spec):
    return all(shutil.which(BINARIES[p]) for p in [spec["package"]] + spec.get("also", []))


def version_of(name, spec):
    version = package_version(spec["package"])
    if name == "xfce4-terminal (VTE)":
        vte = package_version("libvte-2.91-0")
        return "%s, VTE %s" % (version, vte) if vte else version
    return version or "?"


# MARK: - Pixels


class Shot:
    """A window's pixels (an 8-bit PPM from `import`), read as the terminal's cells."""

    def __init__(self, data):
        fields, index = [], 2
        while len(fields) < 3:
            while data[index:index + 1].isspace():
                index += 1
            start = index
            while not data[index:index + 1].isspace():
                index += 1
            fields.append(int(data[start:index]))
        self.width, self.height, _ = fields
        raster = data[index + 1:]
        self.rows = [raster[y * self.width * 3:(y + 1) * self.width * 3] for y in range(self.height)]
        self.grid = None

    def pixel(self, x, y):
        row = self.rows[y]
        return row[3 * x] << 16 | row[3 * x + 1] << 8 | row[3 * x + 2]

    def cell(self, x, y):
        ox, oy, cw, ch = self.grid
        px, py = ox + x * cw, oy + y * ch
        if px < 0 or py < 0 or px + cw > self.width or py + ch > self.height:
            return []
        out = []
        for row in self.rows[py:py + ch]:
            chunk = row[3 * px:3 * (px + cw)]
            out.extend(chunk[i] << 16 | chunk[i + 1] << 8 | chunk[i + 2] for i in range(0, len(chunk), 3))
        return out

    def solid(self, x, y):
        """The cell's one colour, or None when it has more than one (or lies outside)."""
        pixels = self.cell(x, y)
        return pixels[0] if pixels and all(p == pixels[0] for p in pixels) else None

    def ink(self, x, y):
        pixels = self.cell(x, y)
        return bool(pixels) and any(p != pixels[0] for p in pixels)

    def dominant(self, x, y):
        pixels = self.cell(x, y)
        return collections.Counter(pixels).most_common(1)[0][0] if pixels else None

    def background(self):
        counts = collections.Counter()
        for y in range(0, self.height, 4):
            for x in range(0, self.width, 4):
                counts[self.pixel(x, y)] += 1
        return counts.most_common(1)[0][0]


# The cells whose colour decides the screen's background: spread over the screen, none in its
# centre (konsole's first launch, with a fresh $HOME, shows a "Size: 80 x 24" hint there) and
# none on the prompt's top row.
BACKGROUND_CELLS = [(x, y) for x in (COLUMNS // 8, COLUMNS // 4, 3 * COLUMNS // 4, 7 * COLUMNS // 8)
                    for y in (ROWS // 4, 3 * ROWS // 4, ROWS - 2)]


def screen_background(shot):
    """The colour most of BACKGROUND_CELLS show: a popup over a few of them cannot decide it."""
    votes = collections.Counter(shot.dominant(x, y) for x, y in BACKGROUND_CELLS)
    votes.pop(None, None)
    return votes.most_common(1)[0][0] if votes else None


def self_test():
    """Checks screen_background on a made-up screen: a light background with a dark popup
    over its centre (konsole's size hint, 20 x 3 cells) must still read as light. Exits 0 when
    it does, 1 when not."""
    cw, ch = 8, 16
    width, height = COLUMNS * cw, ROWS * ch
    light, dark = b"\xee\xee\xee", b"\x22\x22\x22"
    rows = []
    for py in range(height):
        row = bytearray(light * width)
        if abs(py // ch - ROWS // 2) <= 1:
            for cx in range(COLUMNS // 2 - 10, COLUMNS // 2 + 10):
                row[3 * cx * cw:3 * (cx + 1) * cw] = dark * cw
        rows.append(bytes(row))
    shot = Shot(b"P6\n%d %d\n255\n" % (width, height) + b"".join(rows))
    shot.grid = (0, 0, cw, ch)
    centre = shot.dominant(COLUMNS // 2, ROWS // 2)
    found = screen_background(shot)
    ok = found == 0xEEEEEE and centre == 0x222222
    print("screen_background with a popup over the centre: %06x (centre %06x): %s"
          % (found or 0, centre or 0, "ok" if ok else "WRONG"))
    return 0 if ok else 1


def luminance(rgb):
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    return 0.2126 * channel(rgb >> 16 & 255) + 0.7152 * channel(rgb >> 8 & 255) + 0.0722 * channel(rgb & 255)


def contrast(a, b):
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def magenta(rgb):
    r, g, b = rgb >> 16 & 255, rgb >> 8 & 255, rgb & 255
    return r - g >= 30 and b - g >= 30


# MARK: - One terminal's run


class Failed(Exception):
    pass


class NotDriven(Exception):
    """A check the matrix cannot drive in this terminal (n/a in the table, not a failure)."""


def run(argv, env=None, timeout=30):
    try:
        return subprocess.run(argv, env=env, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(argv, 124, b"", b"timed out")


class Run:
    """One terminal window running the script, and the means to drive and read it."""

    def __init__(self, name, spec, display, binary, workdir):
        self.name, self.spec, self.display, self.binary = name, spec, display, binary
        self.dir = workdir
        self.script = str(self.dir / "run.sh")
        self.env = dict(os.environ, DISPLAY=display, LANG="C.UTF-8", LC_ALL="C.UTF-8", **spec.get("env", {}))
        self.env.pop("WAYLAND_DISPLAY", None)
        self.procs = []
        self.window = None
        self.shots = 0
        self.size = (COLUMNS, ROWS)

    # The script the terminal runs.
    def write_script(self):
        d = shlex.quote(str(self.dir))
        demo_env = "env -u NO_COLOR LANG=C.UTF-8 LC_ALL=C.UTF-8 SWIFT_BACKTRACE=interactive=no"
        if self.spec.get("demo_term"):
            demo_env += " TERM=" + self.spec["demo_term"]
        demo = "%s %s" % (demo_env, shlex.quote(self.binary))
        if not FOLLOW:
            demo += ' --theme "$(cat theme)"'
        inner = """
cd %(d)s
gate() { while [ ! -e "$1" ]; do sleep 0.02; done; }
stty size > size.tmp && mv size.tmp size
echo "$TERM" > term
tty > tty
rows=$(cut -d' ' -f1 size); cols=$(cut -d' ' -f2 size)
printf '\\033[?25l\\033[H\\033[2J\\033[45m \\033[0m\\033[%%s;%%sH\\033[45m \\033[0m' "$rows" "$cols"
printf '\\033[3;3H\\342\\205\\210 \\342\\226\\262 \\342\\226\\274 \\342\\227\\200 \\342\\226\\266 \\342\\200\\246'
printf '\\033[3;17H\\363\\260\\200\\200 \\364\\217\\277\\275 \\363\\265\\204\\244'
touch calibrated
gate shown
printf '\\033[H\\033[2J\\033[3J\\033[?25hprompt$ tooltip-tui\\n'
touch ready
gate go
stty -g > before
%(demo)s --scene gallery 2> stderr
echo $? > status.tmp
stty -g > after
mv status.tmp status
gate reading
[ -e shrink ] && stty rows %(rows)d cols %(columns)d
%(demo)s --scene reading 2> stderr-reading
echo $? > reading-status.tmp && mv reading-status.tmp reading-status
exec sleep 600
""" % dict(d=d, demo=demo, rows=ROWS, columns=COLUMNS)
        (self.dir / "inner.sh").write_text(inner)
        outer = "cd %s\necho \"$WINDOWID\" > window.tmp && mv window.tmp window\n" % d
        kind = self.spec.get("inner")
        if kind == "tmux":
            (self.dir / "tmux.conf").write_text("set -g status off\nset -g escape-time 10\n")
            outer += "exec tmux -L matrix-%d -f tmux.conf new-session /bin/sh inner.sh\n" % os.getpid()
        elif kind == "screen":
            (self.dir / "screenrc").write_text("startup_message off\nvbell off\n")
            outer += "exec screen -c screenrc -S matrix-%d /bin/sh inner.sh\n" % os.getpid()
        else:
            outer += "exec /bin/sh inner.sh\n"
        pathlib.Path(self.script).write_text(outer)

    def spawn(self, argv, env):
        log = open(self.dir / "terminal.log", "ab")
        proc = subprocess.Popen(argv, env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                                cwd=str(self.dir), start_new_session=True)
        self.procs.append(proc)
        return proc

    def start(self):
        self.write_script()
        env = dict(self.env)
        if self.spec.get("wayland"):
            runtime = self.dir / "xdg"
            runtime.mkdir(mode=0o700, exist_ok=True)
            socket = "wayland-matrix-%d" % os.getpid()
            env["XDG_RUNTIME_DIR"] = str(runtime)
            self.spawn(["weston", "--backend=x11-backend.so", "--use-pixman", "--socket=" + socket,
                        "--width=%d" % (SCREEN[0] - 100), "--height=%d" % (SCREEN[1] - 100), "--idle-time=0"], env)
            if not wait_until(lambda: (runtime / socket).exists(), TIMEOUT):
                raise Failed("weston did not start")
            env["WAYLAND_DISPLAY"] = socket
        self.spawn(self.spec["argv"](self), env)
        if not wait_until(lambda: (self.dir / "calibrated").exists(), TIMEOUT * 2):
            raise Failed("the terminal did not run the script")
        self.window = self.find_window()
        if not self.window:
            raise Failed("no window found")

    def find_window(self):
        wid = (self.dir / "window").read_text().strip() if (self.dir / "window").exists() else ""
        if wid.isdigit() and int(wid) > 0 and self.xdotool(["getwindowgeometry", wid]).returncode == 0 \
                and not self.spec.get("wayland"):
            return wid
        # No WINDOWID (foot, some toolkits): the largest visible window.
        best, area = None, 0
        out = self.xdotool(["search", "--onlyvisible", "--name", ""]).stdout.decode().split()
        for candidate in out:
            w, h = self.geometry(candidate)
            if w * h > area:
                best, area = candidate, w * h
        return best

    def stop(self):
        for proc in reversed(self.procs):
            if proc.poll() is None:
                try:
                    os.killpg(proc.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
        for proc in reversed(self.procs):
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=5)
        kind = self.spec.get("inner")
        if kind == "tmux":
            run(["tmux", "-L", "matrix-%d" % os.getpid(), "kill-server"])
        elif kind == "screen":
            run(["screen", "-S", "matrix-%d" % os.getpid(), "-X", "quit"])

    # Driving.
    def xdotool(self, args):
        return run(["xdotool"] + args, env=self.env)

    def geometry(self, wid):
        out = self.xdotool(["getwindowgeometry", wid]).stdout.decode()
        for line in out.splitlines():
            if "Geometry:" in line:
                w, h = line.split()[-1].split("x")
                return int(w), int(h)
        return 0, 0

    def focus(self):
        self.xdotool(["windowfocus", "--sync", self.window])

    def key(self, *names):
        self.focus()
        self.xdotool(["key", "--delay", "30"] + list(names))

    def centre(self, x, y):
        ox, oy, cw, ch = self.grid
        return [str(ox + x * cw + cw // 2), str(oy + y * ch + ch // 2)]

    def away(self):
        """weston draws the pointer into its output: move it off the terminal after a click."""
        return ["mousemove", "--window", self.window, "0", "0"] if self.spec.get("wayland") else []

    def point(self, x, y):
        """Moves the pointer onto cell (x, y) in two steps, each its own xdotool run: kitty
        under load took a press that came in one run with the move at the pointer's old place."""
        cx, cy = self.centre(x, y)
        self.xdotool(["mousemove", "--window", self.window, "--sync", str(int(cx) - 1), cy])
        self.xdotool(["mousemove", "--window", self.window, "--sync", cx, cy])

    def move(self, cells, step=0.03):
        """Moves the pointer with no button held through the centres of `cells`, `step` seconds
        apart, in one xdotool run (the terminal reports each new cell under 1003)."""
        args = []
        for i, (x, y) in enumerate(cells):
            if i:
                args += ["sleep", str(step)]
            args += ["mousemove", "--window", self.window, "--sync"] + self.centre(x, y)
        self.xdotool(args)

    def press(self, x, y, actions):
        """Runs the xdotool `actions` with the pointer on cell (x, y); under weston in the same
        run as the move (a press in a run of its own missed foot's window there)."""
        if self.spec.get("wayland"):
            self.xdotool(["mousemove", "--window", self.window, "--sync"] + self.centre(x, y) + actions
                         + self.away())
        else:
            self.point(x, y)
            self.xdotool(actions)

    def click(self, x, y):
        self.press(x, y, ["click", "1"])

    def hold(self, x, y, seconds):
        self.press(x, y, ["mousedown", "1", "sleep", str(seconds), "mouseup", "1"])

    def give_keyboard(self):
        """weston gives a new window the keyboard late, or, at random, not at all after a click
        (the demo then read no key until the click check's click): clicks on the shell's screen,
        as a user would, until a typed `x` shows in its echo, then erases what was typed
        (BackSpace, so the shell's line is empty again when the demo starts)."""
        base = self.shot()
        echo = lambda s: any(s.cell(x, 2) != base.cell(x, 2) for x in range(20, 40))
        deadline = time.monotonic() + TIMEOUT
        clicks = 0
        while time.monotonic() < deadline:
            self.click(COLUMNS // 2, ROWS // 2)
            clicks += 1
            self.key("x")
            if self.wait_for(echo, timeout=2):
                # One BackSpace for each x typed: one that showed late is erased too (a
                # BackSpace on an empty line does nothing). Under load weston has repeated an x
                # whose release came late, or taken the keyboard away again: then the line is
                # erased whole (Ctrl-U, the terminal's kill character while the shell waits),
                # clicking back into the window first, until it is empty.
                self.key(*["BackSpace"] * clicks)
                for _ in range(10):
                    if self.wait_for(lambda s: not echo(s), timeout=2):
                        return clicks
                    self.click(COLUMNS // 2, ROWS // 2)
                    self.key("ctrl+u", "BackSpace")
                raise Failed("BackSpace did not erase the x typed to give foot the keyboard")
        raise Failed("foot never got the keyboard: a typed x never showed")

    def toplevel(self):
        """The top-level window holding the terminal's (mlterm resizes only from there)."""
        wid = int(self.window)
        for _ in range(10):
            out = run(["xwininfo", "-children", "-id", str(wid)], env=self.env).stdout.decode()
            parent = [line for line in out.splitlines() if "Parent window id:" in line]
            root = [line for line in out.splitlines() if "Root window id:" in line]
            if not parent or not root or parent[0].split()[3] == root[0].split()[3]:
                break
            wid = int(parent[0].split()[3], 16)
        return str(wid)

    def regrid(self):
        """The grid's new origin once weston maximised foot's window (the cell size stays, foot
        centres the grid in what is left over): of the offsets under the title bar, the one
        that makes the most of the open bubble's cells solid fill, then the fewest title-row
        cells with ink."""
        ox, oy, cw, ch = self.grid
        columns, rows = self.size
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            shot = self.shot()
            top = shot and next((y for y in range(shot.height // 4)
                                 if all(shot.pixel(x, y) == self.background for x in range(60))), None)
            if top is None:
                time.sleep(0.1)
                continue
            best = None
            for dy in range(ch):
                for dx in range(cw):
                    shot.grid = (dx, top + dy, cw, ch)
                    solid = sum(shot.solid(x, y) not in (None, self.background)
                                for y in range(6, 13) for x in range(columns - 10, columns))
                    ink = sum(shot.ink(x, 0) for x in range(60))
                    score = (solid, -ink)
                    if best is None or score > best[0]:
                        best = (score, (dx, top + dy))
            if best[0][0] > 0:
                self.grid = (best[1][0], best[1][1], cw, ch)
                return
            time.sleep(0.1)
        raise Failed("cannot find the maximised window's cells")

    def tty_size(self):
        """The terminal's size now, as its tty has it: (columns, rows)."""
        out = run(["stty", "-F", (self.dir / "tty").read_text().strip(), "size"]).stdout.decode().split()
        return (int(out[1]), int(out[0])) if len(out) == 2 else None

    def resize(self, columns, rows):
        """Resizes the window to `columns` x `rows` cells (foot: maximises it, whatever size
        that gives) and waits until the tty has the new size."""
        ox, oy, cw, ch = self.grid
        old = self.tty_size()
        if self.spec.get("wayland"):
            # weston's X window is its output, so resizing it leaves foot's window alone: weston
            # maximises the active window on Super+Shift+M instead (the size it gets is read back).
            if self.size != (COLUMNS, ROWS):
                raise NotDriven("foot's window is already maximised")
            self.key("super+shift+m")
            wait_until(lambda: self.tty_size() not in (None, old), TIMEOUT)
            self.size = self.tty_size() or self.size
            self.regrid()
        else:
            window = self.toplevel() if self.spec.get("resize_toplevel") else self.window
            w, h = self.geometry(window)
            self.xdotool(["windowsize", window, str(w + (columns - self.size[0]) * cw),
                          str(h + (rows - self.size[1]) * ch)])
        wait_until(lambda: self.tty_size() not in (None, old), TIMEOUT)
        self.size = self.tty_size() or (columns, rows)

    # Reading.
    def shot(self):
        self.shots += 1
        path = self.dir / "shot.ppm"
        out = run(["import", "-window", self.window, "-depth", "8", "ppm:" + str(path)], env=self.env)
        if out.returncode != 0 or not path.exists():
            return None
        try:
            shot = Shot(path.read_bytes())
        except (ValueError, IndexError):
            return None
        shot.grid = getattr(self, "grid", None)
        return shot

    def wait_for(self, condition, timeout=TIMEOUT):
        """The first screen that satisfies `condition` and then holds still (two reads alike)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            shot = self.shot()
            if shot and shot.grid and condition(shot):
                again = self.shot()
                if again and again.rows == shot.rows:
                    return shot
                if again and condition(again):
                    shot = again
                    continue
            time.sleep(0.05)
        return None

    def calibrate(self):
        """Finds the cell grid from the two marker cells the script painted."""
        shot = None
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            shot = self.shot()
            boxes = shot and marker_boxes(shot)
            if boxes:
                (x0, y0, x1, y1), (bx0, by0, _, _) = boxes
                cw, ch = x1 - x0 + 1, y1 - y0 + 1
                size = (self.dir / "size").read_text().split()
                rows, columns = int(size[0]), int(size[1])
                if (bx0 - x0) == (columns - 1) * cw and (by0 - y0) == (rows - 1) * ch:
                    again = self.shot()
                    if again and again.rows == shot.rows:
                        self.grid = (x0, y0, cw, ch)
                        self.size = (columns, rows)
                        shot.grid = self.grid
                        return shot
            time.sleep(0.1)
        raise Failed("no marker cells found: cannot read the cell grid")


def marker_boxes(shot):
    """The bounding boxes of the top-left and bottom-right magenta marker cells."""
    points = []
    for y in range(0, shot.height):
        row = shot.rows[y]
        for x in range(0, shot.width):
            i = 3 * x
            r, g, b = row[i], row[i + 1], row[i + 2]
            if r - g >= 30 and b - g >= 30:
                points.append((x, y))
    if not points:
        return None
    # The first marker holds the top-left-most point, the last the bottom-right-most.
    top = min(points, key=lambda p: p[0] + p[1])
    bottom = max(points, key=lambda p: p[0] + p[1])
    first = [p for p in points if abs(p[0] - top[0]) < 60 and abs(p[1] - top[1]) < 80]
    last = [p for p in points if abs(p[0] - bottom[0]) < 60 and abs(p[1] - bottom[1]) < 80]
    if not first or not last:
        return None

    def box(ps):
        return (min(p[0] for p in ps), min(p[1] for p in ps), max(p[0] for p in ps), max(p[1] for p in ps))
    a, b = box(first), box(last)
    if (a[2] - a[0], a[3] - a[1]) != (b[2] - b[0], b[3] - b[1]) or a[2] - a[0] < 3:
        return None
    # A marker is a solid cell: every pixel of its box is marker-coloured.
    if len(first) != (a[2] - a[0] + 1) * (a[3] - a[1] + 1):
        return None
    return a, b


def wait_until(condition, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False


# MARK: - Checks

# Cells of the built-in scenes on an 80 x 24 screen (the scene area starts on row 1).
TOP_MD = (58, 6, 3)  # gallery's top-md: an md icon, box columns 58 to 60 of row 6
TOP_SM = (18, 6)
PUBLISH = (16, 13, 9)  # form's Publish: box columns 16 to 24 of row 13
RIGHT = (-8, 9)  # edges' right: its icon 8 columns from the right edge, row 9; then a space, the pointer


def top_bubble(ax, ay, aw, w, h):
    """Where BEHAVIOUR 3 puts a top bubble: the body's columns and rows, and the pointer cell."""
    cx = ax + (aw - 1) // 2
    x = cx - (w - 1) // 2
    return range(x, x + w), range(ay - 1 - h, ay - 1), (cx, ay - 1)


GALLERY_BUBBLE = top_bubble(TOP_MD[0], TOP_MD[1], TOP_MD[2], 25 + 2, 2 + 2)  # "Top · md" / 25 columns
PUBLISH_BUBBLE = top_bubble(PUBLISH[0], PUBLISH[1], PUBLISH[2], 29 + 2, 4 + 2)


def bubble_open(bubble, background, left=False):
    """The body's top-left and bottom-right cells are one fill colour (with `left`, its top-left
    and bottom-left: clear of a pointer resting on the body's last column, which weston draws
    into the screenshot)."""
    columns, rows, _ = bubble

    def condition(shot):
        a = shot.solid(columns[0], rows[0])
        b = shot.solid(columns[0] if left else columns[-1], rows[-1])
        return a is not None and a == b and a != background
    return condition


def bubble_closed(bubble, background):
    columns, rows, _ = bubble

    def condition(shot):
        return all(shot.dominant(x, y) == background for x in (columns[0], columns[-1]) for y in (rows[0], rows[-1]))
    return condition


# The reading scene's wrapped term, `jointly and severally liable`: its two segments (x, y, width)
# at scroll 0, and its bubble: below would be cropped at the left edge, so it takes the first
# side with room, the right of the segment it is centred on (the last).
JOINTLY = ((41, 5, 7), (4, 6, 20))
READING_BUBBLE = (range(25, 55), range(4, 8), (24, 6))


class Context:
    """What the checks share in one terminal: the run, the background, the screens so far."""

    def __init__(self, run):
        self.run = run
        self.background = None
        self.before = None
        self.scene = "gallery"
        self.notes = []


def check_start(c):
    r = c.run
    if r.size != (COLUMNS, ROWS):
        raise Failed("the terminal opened at %dx%d, not %dx%d" % (r.size + (COLUMNS, ROWS)))
    if not wait_until(lambda: (r.dir / "ready").exists(), TIMEOUT):
        raise Failed("the shell did not get to the prompt")
    c.before = r.wait_for(lambda s: s.ink(0, 0) and not any(s.ink(x, ROWS - 1) for x in range(COLUMNS)))
    if not c.before:
        raise Failed("the shell's prompt never showed")
    c.background = r.background = screen_background(c.before)
    # The theme that suits the terminal's background: a dark bubble on a light screen (light),
    # a light one on a dark screen (dark).
    c.theme = "light" if luminance(c.background) > 0.4 else "dark"
    c.notes.append("theme " + c.theme)
    (r.dir / "theme").write_text(c.theme)
    (r.dir / "go").write_text("")
    shot = r.wait_for(lambda s: any(s.ink(x, ROWS - 1) for x in range(COLUMNS)) and s.ink(TOP_MD[0] + 1, TOP_MD[1]))
    if not shot:
        raise Failed("no frame: status row and anchors blank")


def check_glyphs(c):
    shot = c.calibration
    glyphs = [(2 + 2 * i, 2) for i in range(6)]  # ⅈ ▲ ▼ ◀ ▶ …
    missing = [(16 + 2 * i, 2) for i in range(3)]  # code points no font has

    def mask(x, y):
        pixels = shot.cell(x, y)
        back = collections.Counter(pixels).most_common(1)[0][0]
        return {i for i, p in enumerate(pixels) if p != back}
    frame = None
    for x, y in missing:
        m = mask(x, y)
        frame = m if frame is None else frame & m
    for (x, y), name in zip(glyphs, "ⅈ▲▼◀▶…"):
        m = mask(x, y)
        if not m:
            raise Failed("%s drawn blank" % name)
        if frame and len(m & frame) >= 0.9 * len(frame):
            raise Failed("%s drawn as a missing-glyph box" % name)
    if len({tuple(sorted(mask(x, y))) for x, y in glyphs}) != len(glyphs):
        raise Failed("two glyphs drawn alike")


def check_selection(c):
    r = c.run
    x, y, w = TOP_MD
    first = r.shot()
    r.key("Tab")
    shot = r.wait_for(lambda s: [s.cell(i, y) for i in range(x, x + w)] != [first.cell(i, y) for i in range(x, x + w)])
    if not shot:
        raise Failed("Tab: top-md looks the same selected")
    box = range(x, x + w)
    if not any(shot.solid(i, y) not in (None, c.background) for i in box):
        raise Failed("the selected box is not highlighted")


def check_keys(c):
    r = c.run
    r.key("Return")
    if not r.wait_for(bubble_open(GALLERY_BUBBLE, c.background)):
        raise Failed("Enter opened no bubble")
    r.key("Return")
    if not r.wait_for(bubble_closed(GALLERY_BUBBLE, c.background)):
        raise Failed("Enter did not close the bubble")


def check_colours(c):
    r = c.run
    r.key("Return")
    shot = r.wait_for(bubble_open(GALLERY_BUBBLE, c.background))
    if not shot:
        raise Failed("no bubble")
    columns, rows, pointer = GALLERY_BUBBLE
    fill = shot.solid(columns[0], rows[0])
    # The screen as its user sees it, bubble open, kept with --keep (the design notes show two).
    if (r.dir / "shot.ppm").exists():
        shutil.copy(r.dir / "shot.ppm", r.dir / "colours-open.ppm")
    # WCAG 1.4.11: the bubble stands out from the terminal's background (issue 43); with
    # --follow the demo chose the theme, and must have chosen one that does.
    ratio = contrast(fill, c.background)
    c.notes.append("fill #%06x on #%06x %.1f:1" % (fill, c.background, ratio))
    if FOLLOW and ratio < 3:
        raise Failed("the fill #%06x reads %.1f:1 on the terminal's background #%06x" % (fill, ratio, c.background))
    for y in rows:
        for x in (columns[0], columns[-1]):
            if shot.solid(x, y) != fill:
                raise Failed("body edge (%d, %d) is not the fill" % (x, y))
    for x in (columns[0] - 1, columns[-1] + 1):
        if fill in shot.cell(x, rows[1]):
            raise Failed("fill beside the body")
    if fill not in shot.cell(*pointer):
        raise Failed("the pointer is not drawn in the fill")
    expect_readable(c, shot, fill, c.theme)
    # The other theme too (t), read against its own fill: the text must read on either.
    r.key("t")
    other = r.wait_for(lambda s: s.solid(columns[0], rows[0]) not in (None, fill) and s.ink(columns[1], rows[1]))
    if not other:
        raise Failed("t did not redraw the bubble in the other theme")
    expect_readable(c, other, other.solid(columns[0], rows[0]), "dark" if c.theme == "light" else "light")
    r.key("t")
    if not r.wait_for(lambda s: s.solid(columns[0], rows[0]) == fill):
        raise Failed("t did not bring the first theme back")
    r.key("Return")
    if not r.wait_for(bubble_closed(GALLERY_BUBBLE, c.background)):
        raise Failed("the bubble did not close")


def expect_readable(c, shot, fill, theme):
    """The gallery bubble's headline and supporting line, at their most distinct pixel, read at
    4.5:1 or more on `fill`."""
    columns, rows, _ = GALLERY_BUBBLE
    for y, role in ((rows[1], "headline"), (rows[2], "supporting line")):
        colours = set()
        for x in columns[1:-1]:
            colours.update(shot.cell(x, y))
        colours.discard(fill)
        if not colours:
            raise Failed("%s theme, %s: no text" % (theme, role))
        best = max(contrast(p, fill) for p in colours)
        c.notes.append("%s %s %.1f:1" % (theme, role, best))
        if best < 4.5:
            raise Failed("%s theme: the %s reads %.1f:1 on the fill (#%06x)" % (theme, role, best, fill))


def check_click(c):
    r = c.run
    r.click(TOP_MD[0] + 1, TOP_MD[1])
    if not r.wait_for(bubble_open(GALLERY_BUBBLE, c.background)):
        raise Failed("a click on top-md opened no bubble")
    r.click(2, 20)
    if not r.wait_for(bubble_closed(GALLERY_BUBBLE, c.background)):
        raise Failed("a click elsewhere did not close it")


def check_hover(c):
    """Hover (`o` turns it on): the pointer moved in steps across cells onto top-md and resting
    there opens it after the delay; travelling over the gap line onto the bubble keeps it open;
    one cell off the bubble closes it. What it needs of the terminal: any-motion reports (1003)."""
    r = c.run
    status = lambda s: [s.cell(i, ROWS - 1) for i in range(COLUMNS)]
    before = status(r.shot())
    r.key("o")
    # Once the status row says hover is on, the terminal has been asked for every motion (the
    # request goes out before the frame): a move before it would not be reported.
    if not r.wait_for(lambda s: status(s) != before):
        raise Failed("o changed nothing on the status row")
    x, y, w = TOP_MD
    columns, rows, pointer = GALLERY_BUBBLE
    r.move([(2, 20), (12, 17), (24, 14), (36, 11), (48, 8), (57, 7), (x + 1, y)])
    arrived = time.monotonic()
    if not r.wait_for(bubble_open(GALLERY_BUBBLE, c.background)):
        raise Failed("the pointer resting on top-md opened no bubble")
    waited = time.monotonic() - arrived
    if waited < 0.5:
        raise Failed("opened %.2f s after the pointer came to rest, before the 0.5 s delay" % waited)
    r.move([pointer, (columns[6], pointer[1]), (columns[4], pointer[1]), (columns[4], rows[2]),
            (columns[-1], rows[2])])
    time.sleep(0.5)
    if not bubble_open(GALLERY_BUBBLE, c.background, left=True)(r.shot()):
        raise Failed("the bubble closed as the pointer crossed the gap onto it")
    r.move([(columns[-1] + 1, rows[2])])
    if not r.wait_for(bubble_closed(GALLERY_BUBBLE, c.background)):
        raise Failed("one cell off the bubble did not close it")
    before = status(r.shot())
    r.key("o")
    if not r.wait_for(lambda s: status(s) != before):
        raise Failed("o changed nothing on the status row")


def check_hold(c):
    r = c.run
    r.key("n")  # the form scene
    x, y, w = PUBLISH
    if not r.wait_for(lambda s: s.ink(x + 1, y) and not s.ink(TOP_MD[0] + 1, TOP_MD[1])):
        raise Failed("n did not show the form scene")
    c.scene = "form"
    r.hold(x + 4, y, 0.8)
    if not r.wait_for(bubble_open(PUBLISH_BUBBLE, c.background)):
        raise Failed("holding Publish opened no bubble")
    r.click(2, 20)
    if not r.wait_for(bubble_closed(PUBLISH_BUBBLE, c.background)):
        raise Failed("a click elsewhere did not close it")


def right_anchor(columns):
    return columns + RIGHT[0], RIGHT[1]


def right_open(columns, background):
    """The edges scene's right bubble: the cell after the pointer is solid fill."""
    ax, ay = right_anchor(columns)

    def condition(shot):
        colour = shot.solid(ax + 3, ay)
        return colour is not None and colour != background and shot.ink(ax, ay)
    return condition


def check_resize(c):
    r = c.run
    r.key("n")  # the edges scene
    if not r.wait_for(lambda s: s.ink(COLUMNS - 1, ROWS - 2) and s.ink(0, 1)):
        raise Failed("n did not show the edges scene")
    c.scene = "edges"
    ax, ay = right_anchor(COLUMNS)
    r.click(ax, ay)
    if not r.wait_for(right_open(COLUMNS, c.background)):
        raise Failed("a click on the right anchor opened no bubble")
    r.resize(100, 30)
    columns, rows = r.size
    if (columns, rows) == (COLUMNS, ROWS):
        raise Failed("the window kept its size")
    shot = r.wait_for(lambda s: s.ink(columns - 1, rows - 2) and right_open(columns, c.background)(s)
                      and s.solid(ax + 3, ay) == c.background and any(s.ink(x, rows - 1) for x in range(columns)))
    if not shot:
        raise Failed("after the resize to %dx%d the bubble and the frame are not at the new size" % r.size)


def check_wide_click(c):
    r = c.run
    if c.scene != "edges":
        raise Failed("needs the edges scene (the resize check)")
    r.click(10, 20)  # close the open bubble
    if not r.wait_for(lambda s: not right_open(r.size[0], c.background)(s)):
        raise Failed("the bubble did not close")
    if r.size[0] < 225:
        r.resize(WIDE, 30)
    columns, rows = r.size
    ax, ay = right_anchor(columns)
    if columns < 225:
        raise Failed("the window is %d columns wide" % columns)
    if not r.wait_for(lambda s: s.ink(columns - 1, rows - 2) and s.ink(ax, ay)):
        raise Failed("the wide window shows no frame")
    r.click(ax, ay)
    if not r.wait_for(right_open(columns, c.background)):
        raise Failed("a click at column %d opened no bubble" % ax)


def check_quit(c):
    r = c.run
    if r.size != (COLUMNS, ROWS) and not r.spec.get("wayland"):
        r.resize(COLUMNS, ROWS)
        r.wait_for(lambda s: s.ink(COLUMNS - 1, ROWS - 2))
    r.key("q")
    if not wait_until(lambda: (r.dir / "status").exists(), TIMEOUT):
        raise Failed("the demo did not exit on q")
    status = (r.dir / "status").read_text().strip()
    if status != "0":
        raise Failed("exit status %s" % status)
    if (r.dir / "before").read_text() != (r.dir / "after").read_text():
        raise Failed("stty -g differs after q")
    before = c.before

    prompt = [before.ink(x, 0) for x in range(COLUMNS)]

    def inked(s):
        # Column 0 only in a row is the cursor under the prompt (a hollow box when unfocused).
        return [y for y in range(ROWS) if any(s.ink(x, y) for x in range(1, COLUMNS))]

    def restored(s):
        # The shell's screen as it was (alternate screen): its one row of text, in the same
        # cells, and nothing else (a terminal may move it when the window shrank); or, with no alternate screen, a
        # clean one. The last frame is gone either way.
        rows = inked(s)
        return not rows or (len(rows) == 1 and [s.ink(x, rows[0]) for x in range(COLUMNS)] == prompt)
    if not r.wait_for(restored):
        raise Failed("the screen after q is neither the shell's nor clean (rows with text: %s)" % inked(r.shot()))


def check_reading(c):
    """The reading scene, the demo started on it after quit: a click on the wrapped term's
    second-row segment opens its bubble (both segments highlighted), a click elsewhere closes
    it, Enter opens it again from the keyboard; PgDn scrolls the term off (the bubble hidden,
    not closed) and PgUp brings both back; the wheel does the same."""
    r = c.run
    if r.size != (COLUMNS, ROWS):
        # foot's window stays maximised (weston): the demo gets 80 x 24 cells of it, so that
        # the scene is taller than its area and scrolls.
        (r.dir / "shrink").write_text("")
    (r.dir / "reading").write_text("")
    first, second = JOINTLY
    shown = lambda s: s.ink(first[0], first[1]) and any(s.ink(x, ROWS - 1) for x in range(COLUMNS))
    if not r.wait_for(shown):
        raise Failed("the demo started on the reading scene shows no frame")
    c.scene = "reading"
    r.click(second[0] + 6, second[1])
    shot = r.wait_for(bubble_open(READING_BUBBLE, c.background))
    if not shot:
        raise Failed("a click on the term's second-row segment opened no bubble")
    for x, y, w in JOINTLY:
        if not any(shot.dominant(i, y) != c.background for i in range(x, x + w)):
            raise Failed("the segment at row %d is not highlighted" % y)
    r.click(2, 20)
    if not r.wait_for(bubble_closed(READING_BUBBLE, c.background)):
        raise Failed("a click elsewhere did not close it")
    r.key("Return")
    if not r.wait_for(bubble_open(READING_BUBBLE, c.background)):
        raise Failed("Enter opened no bubble")
    # Off: the term gone from its row, and the bubble's far column (past the text the scrolled
    # lines bring, which a cell's reading of the near one could take for the fill) background.
    columns, rows, _ = READING_BUBBLE
    far = (range(columns[-1], columns[-1] + 1), rows, None)
    off = lambda s: not s.ink(first[0], first[1]) and bubble_closed(far, c.background)(s)
    back = lambda s: s.ink(first[0], first[1]) and bubble_open(READING_BUBBLE, c.background)(s)
    r.key("Next")
    if not r.wait_for(off):
        raise Failed("PgDn did not scroll the term and its bubble off")
    r.key("Prior")
    if not r.wait_for(back):
        raise Failed("PgUp did not bring the term back with its bubble")
    r.press(78, 20, ["click", "--repeat", "4", "--delay", "50", "5"])
    if not r.wait_for(off):
        raise Failed("the wheel did not scroll the term and its bubble off")
    r.press(78, 20, ["click", "--repeat", "5", "--delay", "50", "4"])
    if not r.wait_for(back):
        raise Failed("the wheel did not bring the term back with its bubble")
    r.key("q")
    if not wait_until(lambda: (r.dir / "reading-status").exists(), TIMEOUT):
        raise Failed("the demo did not exit on q")
    status = (r.dir / "reading-status").read_text().strip()
    if status != "0":
        raise Failed("exit status %s" % status)


# The checks in the order they run (each leaves the demo where the next expects it); a check
# that needs an earlier one fails when that one did.
CHECKS = [
    ("start", check_start),
    ("glyphs", check_glyphs),
    ("selection", check_selection),
    ("keys", check_keys),
    ("colours", check_colours),
    ("click", check_click),
    ("hover", check_hover),
    ("hold", check_hold),
    ("resize", check_resize),
    ("col>223", check_wide_click),
    ("quit", check_quit),
    ("reading", check_reading),
]


def run_terminal(name, spec, display, binary, keep):
    workdir = pathlib.Path(tempfile.mkdtemp(prefix="matrix-", dir=keep))
    r = Run(name, spec, display, binary, workdir)
    results = collections.OrderedDict()
    c = Context(r)
    started = time.monotonic()
    try:
        r.start()
        c.calibration = r.calibrate()
        if spec.get("wayland"):
            c.notes.append("keyboard after %d click(s)" % r.give_keyboard())
        (workdir / "shown").write_text("")
        for check, function in CHECKS:
            if results and results.get("start", "").startswith("FAIL"):
                results[check] = "FAIL: no start"
                continue
            try:
                function(c)
                results[check] = "pass"
            except NotDriven as reason:
                results[check] = "n/a: %s" % reason
            except Failed as failure:
                results[check] = "FAIL: %s" % failure
                if keep and (workdir / "shot.ppm").exists():
                    shutil.copy(workdir / "shot.ppm", workdir / ("failed-%s.ppm" % check))
    except Failed as failure:
        for check, _ in CHECKS:
            results.setdefault(check, "FAIL: %s" % failure)
    finally:
        r.stop()
    term = (workdir / "term").read_text().strip() if (workdir / "term").exists() else "?"
    if spec.get("demo_term"):
        term = spec["demo_term"]
    if not keep:
        shutil.rmtree(workdir, ignore_errors=True)
    return dict(name=name, version=version_of(name, spec), term=term, results=results, notes=c.notes,
                seconds=time.monotonic() - started)


# MARK: - Xvfb


def start_xvfb():
    for offset in range(400):
        number = 500 + (os.getpid() + offset) % 400
        if os.path.exists("/tmp/.X%d-lock" % number) or os.path.exists("/tmp/.X11-unix/X%d" % number):
            continue
        proc = subprocess.Popen(["Xvfb", ":%d" % number, "-screen", "0", "%dx%dx24" % SCREEN, "-nolisten", "tcp",
                                 "-noreset"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                start_new_session=True)
        env = dict(os.environ, DISPLAY=":%d" % number)
        if wait_until(lambda: proc.poll() is not None
                      or run(["xdotool", "getdisplaygeometry"], env=env).returncode == 0, 10) and proc.poll() is None:
            return ":%d" % number, proc
        proc.terminate()
        proc.wait()
    raise SystemExit("terminal-matrix: no free X display for Xvfb")


def table(rows):
    names = [name for name, _ in CHECKS]
    head = "| terminal | version | TERM | " + " | ".join(names) + " | seconds |"
    lines = [head, "|" + " --- |" * (len(names) + 4)]
    for row in rows:
        cells = [row["results"][n].split(":")[0] for n in names]
        lines.append("| %s | %s | `%s` | %s | %d |" % (row["name"], row["version"], row["term"], " | ".join(cells),
                                                      round(row["seconds"])))
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", help="comma-separated terminals (names or short names: %s)"
                        % ", ".join(sorted(set(ALIASES) | {"xterm", "kitty", "alacritty", "mlterm", "st", "konsole"})))
    parser.add_argument("--binary", default=str(ROOT / ".build" / "debug" / "tooltip-tui"))
    parser.add_argument("--keep", help="keep each run's files in this directory")
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--self-test", action="store_true", help="check the screen reading on a made-up screen")
    parser.add_argument("--follow", action="store_true",
                        help="no --theme: the demo follows the terminal; the fill must contrast 3:1 with it")
    args = parser.parse_args()
    global FOLLOW
    FOLLOW = args.follow

    if args.self_test:
        return self_test()
    if args.list:
        for name, spec in TERMINALS.items():
            print("%-22s %-16s %s" % (name, " ".join([spec["package"]] + spec.get("also", [])),
                                      "installed" if installed(spec) else "not installed"))
        return 0
    if args.only:
        chosen = []
        for word in args.only.split(","):
            name = ALIASES.get(word.strip(), word.strip())
            if name not in TERMINALS:
                print("terminal-matrix: unknown terminal %r (--list names them)" % word, file=sys.stderr)
                return 2
            if not installed(TERMINALS[name]):
                print("terminal-matrix: %s is not installed (apt-get install %s)"
                      % (name, " ".join([TERMINALS[name]["package"]] + TERMINALS[name].get("also", []))),
                      file=sys.stderr)
                return 2
            chosen.append(name)
    else:
        chosen = [name for name, spec in TERMINALS.items() if installed(spec)]
    for tool in ("Xvfb", "xdotool", "import"):
        if not shutil.which(tool):
            print("terminal-matrix: %s is missing (apt-get install xvfb xdotool imagemagick)" % tool, file=sys.stderr)
            return 2
    if not os.access(args.binary, os.X_OK):
        print("terminal-matrix: no tooltip-tui at %s (swift build first, or --binary)" % args.binary, file=sys.stderr)
        return 2
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)

    display, xvfb = start_xvfb()
    rows = []
    try:
        for name in chosen:
            row = run_terminal(name, TERMINALS[name], display, os.path.abspath(args.binary), args.keep)
            rows.append(row)
            failed = ["%s (%s)" % (k, v) for k, v in row["results"].items() if v != "pass"]
            print("%s: %s%s" % (name, "all pass" if not failed else "; ".join(failed),
                                " [%s]" % ", ".join(row["notes"]) if row["notes"] else ""), file=sys.stderr,
                  flush=True)
    finally:
        os.killpg(xvfb.pid, signal.SIGTERM)
        xvfb.wait()
    print(table(rows))
    passed = sum(v == "pass" for row in rows for v in row["results"].values())
    failed = sum(v.startswith("FAIL") for row in rows for v in row["results"].values())
    undriven = sum(v.startswith("n/a") for row in rows for v in row["results"].values())
    print("%d passed, %d failed" % (passed, failed) + (" (%d n/a: not driven)" % undriven if undriven else ""))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
