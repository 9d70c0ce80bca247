/*
 * The floor the benchmarks compare tooltip-tui against: a plain ncursesw program that draws
 * the gallery scene (8 anchors, every placement at both sizes) with the same chrome, and opens
 * the same bubble (same size, position and colours) on the same keys and left clicks.
 *
 * It is deliberately ordinary: one window (stdscr), the whole screen redrawn into it after
 * every input, and ncurses' own refresh working out which bytes to send. No wrapping (every
 * line of the gallery fits in the 30-column text width), no scene files, no resize handling
 * beyond what ncurses does itself, 256 colours assumed (TERM=xterm-256color).
 *
 * Keys: Tab / Shift-Tab select, Enter or Space tap the selected anchor, Esc close, q quit.
 * Mouse: a left press and release on the same target is a tap. An open tooltip closes on the
 * next tap anywhere, which does nothing else (the demo's default dismissal policy).
 *
 * Build: cc -O2 -o baseline baseline.c -lncursesw
 */
#define _XOPEN_SOURCE 700
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <langinfo.h>
#include <locale.h>
#include <ncursesw/ncurses.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>

enum placement { TOP, BOTTOM, LEFT, RIGHT };

struct anchor {
  const char *id;
  int x, y; /* box's top-left cell in the scene area (rows 1 to LINES-2) */
  int width; /* 1 (sm) or 3 (md) */
  enum placement placement;
  const wchar_t *headline, *supporting;
};

/* The gallery, already in reading order (row, then column). */
static const struct anchor anchors[] = {
  {"top-sm", 18, 5, 1, TOP, L"Top · sm", L"Sits above a 1-cell icon."},
  {"top-md", 58, 5, 3, TOP, L"Top · md", L"Sits above a 3-cell icon."},
  {"left-sm", 34, 9, 1, LEFT, L"Left · sm", L"Sits left of a 1-cell icon."},
  {"right-sm", 44, 9, 1, RIGHT, L"Right · sm", L"Sits right of a 1-cell icon."},
  {"left-md", 33, 12, 3, LEFT, L"Left · md", L"Sits left of a 3-cell icon."},
  {"right-md", 44, 12, 3, RIGHT, L"Right · md", L"Sits right of a 3-cell icon."},
  {"bottom-sm", 18, 16, 1, BOTTOM, L"Bottom · sm", L"Sits below a 1-cell icon."},
  {"bottom-md", 58, 16, 3, BOTTOM, L"Bottom · md", L"Sits below a 3-cell icon."},
};
enum { COUNT = sizeof anchors / sizeof anchors[0], BACKGROUND = -1, BUBBLE = -2 };
enum { PAIR_FILL = 1, PAIR_HEADLINE, PAIR_SUPPORTING, PAIR_POINTER };

static int selected = 0, open_id = -1;
static wchar_t event[64] = L"";

struct bubble {
  int bx, by, bw, bh; /* body */
  int px, py;         /* pointer */
  const wchar_t *pointer;
};

/* BEHAVIOUR 3: body hugs the text plus one padding cell each side; one cell gap holds the pointer. */
static struct bubble layout(int i) {
  const struct anchor *a = &anchors[i];
  int ax = a->x, ay = a->y + 1, cx = ax + (a->width - 1) / 2;
  int hw = wcswidth(a->headline, 64), sw = wcswidth(a->supporting, 64);
  struct bubble b = {.bw = (hw > sw ? hw : sw) + 2, .bh = 4};
  switch (a->placement) {
  case TOP: b.px = cx, b.py = ay - 1, b.bx = cx - (b.bw - 1) / 2, b.by = ay - 1 - b.bh, b.pointer = L"▼"; break;
  case BOTTOM: b.px = cx, b.py = ay + 1, b.bx = cx - (b.bw - 1) / 2, b.by = ay + 2, b.pointer = L"▲"; break;
  case LEFT: b.px = ax - 1, b.py = ay, b.bx = ax - 1 - b.bw, b.by = ay - (b.bh - 1) / 2, b.pointer = L"▶"; break;
  case RIGHT: b.px = ax + a->width, b.py = ay, b.bx = ax + a->width + 1, b.by = ay - (b.bh - 1) / 2, b.pointer = L"◀"; break;
  }
  return b;
}

/* Writes `s` at (x, y), dropping characters that fall off the screen. */
static void put(int x, int y, const wchar_t *s) {
  if (y < 0 || y >= LINES) return;
  for (; *s; s++) {
    int w = wcwidth(*s);
    if (x >= 0 && x + w <= COLS) mvaddnwstr(y, x, s, 1);
    x += w;
  }
}

/* Writes `s` at (x, y) cut to `width` columns with an ellipsis. */
static void put_truncated(int x, int y, const wchar_t *s, int width) {
  wchar_t buf[256];
  int used = 0, n = 0;
  if (wcswidth(s, 256) <= width) {
    put(x, y, s);
    return;
  }
  for (; *s && used + wcwidth(*s) <= width - 1; s++) used += wcwidth(*s), buf[n++] = *s;
  buf[n++] = L'…';
  buf[n] = 0;
  put(x, y, buf);
}

static void draw(void) {
  erase();
  attrset(A_BOLD);
  put(0, 0, L" Tooltip · gallery · light · scene sizes · hug · consume");
  attrset(A_NORMAL);
  put(COLS - 15, 0, L"? keys  q quit ");
  wchar_t status[256];
  const struct anchor *s = &anchors[selected];
  swprintf(status, 256, L" %ls · %ls%ls%ls", s->headline, s->supporting, event[0] ? L"  |  " : L"", event);
  attrset(A_DIM);
  put_truncated(0, LINES - 1, status, COLS);
  for (int i = 0; i < COUNT; i++) {
    const struct anchor *a = &anchors[i];
    attrset(i == selected ? A_REVERSE : A_NORMAL);
    /* A selected one-cell box is reversed with a cell each side, so a block cursor cannot hide it. */
    int pad = i == selected && a->width == 1 ? 1 : 0;
    for (int x = -pad; x < a->width + pad; x++) put(a->x + x, a->y + 1, L" ");
    put(a->x + (a->width - 1) / 2, a->y + 1, L"ⅈ");
  }
  attrset(A_NORMAL);
  if (open_id >= 0) {
    struct bubble b = layout(open_id);
    attrset(COLOR_PAIR(PAIR_FILL));
    for (int y = b.by; y < b.by + b.bh; y++)
      for (int x = b.bx; x < b.bx + b.bw; x++) put(x, y, L" ");
    attrset(COLOR_PAIR(PAIR_HEADLINE) | A_BOLD);
    put(b.bx + 1, b.by + 1, anchors[open_id].headline);
    attrset(COLOR_PAIR(PAIR_SUPPORTING));
    put(b.bx + 1, b.by + 2, anchors[open_id].supporting);
    attrset(COLOR_PAIR(PAIR_POINTER));
    put(b.px, b.py, b.pointer);
    attrset(A_NORMAL);
  }
  const struct anchor *c = &anchors[selected];
  move(c->y + 1, c->x + (c->width - 1) / 2);
  refresh();
}

/* The status row's words for a close: "by Esc", "by a tap", ": the selection moved". */
static void close_open(const char *reason) {
  swprintf(event, 64, L"closed %s%s", anchors[open_id].id, reason);
  open_id = -1;
}

static void select_anchor(int i) {
  if (i == selected) return;
  selected = i;
  if (open_id >= 0 && open_id != i) close_open(": the selection moved");
}

/* What a click at (x, y) lands on: the open bubble, an anchor's target, or the background. */
static int hit(int x, int y) {
  if (open_id >= 0) {
    struct bubble b = layout(open_id);
    if ((x == b.px && y == b.py) || (x >= b.bx && x < b.bx + b.bw && y >= b.by && y < b.by + b.bh)) return BUBBLE;
  }
  for (int i = 0; i < COUNT; i++) {
    const struct anchor *a = &anchors[i];
    int pad = a->width == 1; /* an sm icon's target is one column wider each side */
    if (y == a->y + 1 && x >= a->x - pad && x < a->x + a->width + pad) return i;
  }
  return BACKGROUND;
}

/* A tap closes what is open and does nothing else; otherwise it selects and opens an anchor. */
static void tap(int target) {
  if (open_id >= 0) {
    close_open(" by a tap");
    return;
  }
  if (target < 0) return;
  selected = target;
  open_id = target;
  swprintf(event, 64, L"opened %s", anchors[target].id);
}

int main(void) {
  setlocale(LC_ALL, "");
  if (strcmp(nl_langinfo(CODESET), "UTF-8") != 0) setlocale(LC_CTYPE, "C.UTF-8");
  SCREEN *screen = newterm(NULL, stdout, stdin);
  if (!screen) {
    fputs("baseline: cannot open the terminal\n", stderr);
    return 2;
  }
  /* The same modes as tooltip-tui: cbreak, no echo, no newline translation, keypad keys, a
     25 ms ESC delay, press and release reports of every button (only the left one is used). */
  set_escdelay(25);
  cbreak();
  noecho();
  nonl();
  keypad(stdscr, TRUE);
  intrflush(stdscr, FALSE);
  mousemask(BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON2_PRESSED | BUTTON2_RELEASED | BUTTON3_PRESSED |
                BUTTON3_RELEASED | BUTTON4_PRESSED | BUTTON5_PRESSED,
            NULL);
  mouseinterval(0);
  if (has_colors()) {
    start_color();
    use_default_colors();
    init_pair(PAIR_FILL, -1, 233);
    init_pair(PAIR_HEADLINE, 231, 233);
    init_pair(PAIR_SUPPORTING, 247, 233);
    init_pair(PAIR_POINTER, 233, -1);
  }
  int pressed = BACKGROUND - 1; /* the target of the press in progress; none */
  draw();
  for (;;) {
    wint_t ch;
    int kind = get_wch(&ch);
    if (kind == ERR) break; /* end of input: the terminal is gone */
    if (kind == OK && ch == L'q') break;
    if (kind == KEY_CODE_YES && ch == KEY_MOUSE) {
      MEVENT m;
      if (getmouse(&m) != OK) continue;
      if (m.bstate & BUTTON1_PRESSED) pressed = hit(m.x, m.y);
      if (m.bstate & BUTTON1_RELEASED) {
        if (hit(m.x, m.y) == pressed) tap(pressed);
        pressed = BACKGROUND - 1;
      }
      if (m.bstate & BUTTON1_CLICKED) tap(hit(m.x, m.y));
    } else if (kind == OK && ch == L'\t') {
      select_anchor((selected + 1) % COUNT);
    } else if (kind == KEY_CODE_YES && ch == KEY_BTAB) {
      select_anchor((selected + COUNT - 1) % COUNT);
    } else if ((kind == OK && (ch == L'\n' || ch == L'\r' || ch == L' ')) || (kind == KEY_CODE_YES && ch == KEY_ENTER)) {
      tap(selected);
    } else if (kind == OK && ch == 27) {
      if (open_id >= 0) close_open(" by Esc");
    }
    draw();
  }
  endwin();
  delscreen(screen);
  return 0;
}
