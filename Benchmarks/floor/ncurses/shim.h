/* What Benchmarks/floor/baseline.swift needs of ncursesw that Swift cannot import as it is:
   globals (read through functions), and the attribute, colour-pair and mouse macros. */
#ifndef CCURSES_SHIM_H
#define CCURSES_SHIM_H

/* The wide-character API (get_wch, wint_t, mvaddnwstr) is hidden unless these are set. */
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1

#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <wchar.h>
#include <ncursesw/ncurses.h>

/* glibc declares it only under _XOPEN_SOURCE, which Swift's Glibc module is built without. */
extern int wcwidth(wchar_t c);

static inline WINDOW *cc_stdscr(void) { return stdscr; }
static inline int cc_lines(void) { return LINES; }
static inline int cc_cols(void) { return COLS; }
static inline FILE *cc_stdin(void) { return stdin; }
static inline FILE *cc_stdout(void) { return stdout; }
static inline FILE *cc_stderr(void) { return stderr; }
static inline const char *cc_codeset(void) { return nl_langinfo(CODESET); }

/* attrset's argument: attributes and COLOR_PAIR(n) in one int, as C's attrset takes them. */
static const int CC_A_NORMAL = A_NORMAL;
static const int CC_A_BOLD = A_BOLD;
static const int CC_A_DIM = A_DIM;
static const int CC_A_REVERSE = A_REVERSE;
static inline int cc_color_pair(int n) { return COLOR_PAIR(n); }

static const mmask_t CC_BUTTON1_PRESSED = BUTTON1_PRESSED;
static const mmask_t CC_BUTTON1_RELEASED = BUTTON1_RELEASED;
static const mmask_t CC_BUTTON1_CLICKED = BUTTON1_CLICKED;
static const mmask_t CC_BUTTON2_PRESSED = BUTTON2_PRESSED;
static const mmask_t CC_BUTTON2_RELEASED = BUTTON2_RELEASED;
static const mmask_t CC_BUTTON3_PRESSED = BUTTON3_PRESSED;
static const mmask_t CC_BUTTON3_RELEASED = BUTTON3_RELEASED;
static const mmask_t CC_BUTTON4_PRESSED = BUTTON4_PRESSED;
static const mmask_t CC_BUTTON5_PRESSED = BUTTON5_PRESSED;

#endif
