#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H

/* The wide-character API (cchar_t, get_wch, wint_t) is hidden unless these are set. */
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <locale.h>
#include <langinfo.h>
#include <wchar.h>

#if !defined(__linux__) || !defined(__GLIBC__)
#error "TooltipKit builds on Linux with glibc only: CNcurses needs ncursesw as Debian installs it, <ncursesw/ncurses.h> (see the README's Platforms)"
#endif

#include <ncursesw/ncurses.h>
#include <ncursesw/term.h>
/* Panels (what lies over what on the screen): panel.h's functions, declared; a program that
   calls them links the panel library itself (`linkerSettings: [.linkedLibrary("panelw")]`, as
   Examples/JobMonitor does). TooltipCurses loads it only when a program's tooltips first use a
   panel, so a program without panels does not load it at every start (BENCHMARKS.md). */
#include <ncursesw/panel.h>

/* CNcurses' own names: what a program that owns ncurses needs from Swift and Swift cannot
   import (macros, and globals Swift 6 rejects as not concurrency-safe), as functions and
   constants. Each is API, listed in docs/DESIGN.md ("The API of TooltipCurses") and, with its
   C declaration, in the release listing (scripts/api.py); what TooltipCurses alone needs of
   ncurses is in its internal C target, CCursesSupport. */

/* The standard screen (stdscr). */
static inline WINDOW *tk_stdscr(void) { return stdscr; }

/* The screen's rows and columns (LINES, COLS). */
static inline int tk_lines(void) { return LINES; }
static inline int tk_cols(void) { return COLS; }

/* The window's columns and rows (getmaxx, getmaxy). */
static inline int tk_getmaxx(WINDOW *w) { return getmaxx(w); }
static inline int tk_getmaxy(WINDOW *w) { return getmaxy(w); }

/* The attributes a program draws with (A_NORMAL, A_BOLD, A_DIM, A_REVERSE, A_UNDERLINE). */
static const attr_t TK_A_NORMAL = A_NORMAL;
static const attr_t TK_A_BOLD = A_BOLD;
static const attr_t TK_A_DIM = A_DIM;
static const attr_t TK_A_REVERSE = A_REVERSE;
static const attr_t TK_A_UNDERLINE = A_UNDERLINE;

/* The mouse events a program asks for with mousemask and reads in MEVENT's bstate. */
static const mmask_t TK_BUTTON1_PRESSED = BUTTON1_PRESSED;
static const mmask_t TK_BUTTON1_RELEASED = BUTTON1_RELEASED;
static const mmask_t TK_BUTTON1_CLICKED = BUTTON1_CLICKED;
static const mmask_t TK_BUTTON1_DOUBLE_CLICKED = BUTTON1_DOUBLE_CLICKED;
static const mmask_t TK_BUTTON1_TRIPLE_CLICKED = BUTTON1_TRIPLE_CLICKED;
static const mmask_t TK_BUTTON2_PRESSED = BUTTON2_PRESSED;
static const mmask_t TK_BUTTON2_RELEASED = BUTTON2_RELEASED;
static const mmask_t TK_BUTTON3_PRESSED = BUTTON3_PRESSED;
static const mmask_t TK_BUTTON3_RELEASED = BUTTON3_RELEASED;
static const mmask_t TK_BUTTON4_PRESSED = BUTTON4_PRESSED;
static const mmask_t TK_BUTTON5_PRESSED = BUTTON5_PRESSED;

/* Sets the window's attributes and an extended colour pair (wattr_set), which COLOR_PAIR
   cannot carry past 255. */
static inline int tk_attr_set(WINDOW *w, attr_t attrs, int pair) {
  return wattr_set(w, attrs, (short)(pair < 32767 ? pair : 0), &pair);
}

/* Moves to (y, x) and draws a UTF-8 string (mvwaddstr); ncurses advances by its scalars'
   wcwidth. */
static inline int tk_put(WINDOW *w, int y, int x, const char *text) {
  return mvwaddstr(w, y, x, text);
}

/* The C standard streams (stdin, stdout), for newterm. */
static inline FILE *tk_stdin(void) { return stdin; }
static inline FILE *tk_stdout(void) { return stdout; }

/* The codeset of the current locale (nl_langinfo(CODESET): "UTF-8" under a UTF-8 locale). */
static inline const char *tk_codeset(void) { return nl_langinfo(CODESET); }

/* Whether a UTF-8 character type is installed (C.UTF-8, else en_US.UTF-8): what ncurses needs
   to take and draw UTF-8 whatever the user's locale is. Asked anew at each call. */
static inline int tk_utf8_locale_installed(void) {
  locale_t utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
  if (utf8 == (locale_t)0) utf8 = newlocale(LC_CTYPE_MASK, "en_US.UTF-8", (locale_t)0);
  if (utf8 == (locale_t)0) return 0;
  freelocale(utf8);
  return 1;
}

#endif
