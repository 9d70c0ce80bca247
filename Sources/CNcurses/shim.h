#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H

/* The wide-character API (cchar_t, get_wch, wint_t) is hidden unless these are set. */
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <langinfo.h>
#include <wchar.h>
#include <ncursesw/ncurses.h>
#include <ncursesw/term.h>

/* glibc declares wcwidth only under _XOPEN_SOURCE; declare it for Swift. */
extern int wcwidth(wchar_t c);

/* Globals Swift 6 rejects as not concurrency-safe, read through functions. */
static inline WINDOW *tk_stdscr(void) { return stdscr; }
static inline WINDOW *tk_curscr(void) { return curscr; }
static inline int tk_lines(void) { return LINES; }
static inline int tk_cols(void) { return COLS; }
static inline int tk_colors(void) { return COLORS; }
static inline int tk_color_pairs(void) { return COLOR_PAIRS; }
static inline int tk_getmaxx(WINDOW *w) { return getmaxx(w); }
static inline int tk_getmaxy(WINDOW *w) { return getmaxy(w); }

/* Attribute macros Swift cannot import. */
static const attr_t TK_A_NORMAL = A_NORMAL;
static const attr_t TK_A_BOLD = A_BOLD;
static const attr_t TK_A_DIM = A_DIM;
static const attr_t TK_A_REVERSE = A_REVERSE;
static const attr_t TK_A_UNDERLINE = A_UNDERLINE;
static const attr_t TK_A_ITALIC = A_ITALIC;

/* Mouse macros. */
static const mmask_t TK_BUTTON1_PRESSED = BUTTON1_PRESSED;
static const mmask_t TK_BUTTON1_RELEASED = BUTTON1_RELEASED;
static const mmask_t TK_BUTTON1_CLICKED = BUTTON1_CLICKED;
static const mmask_t TK_BUTTON1_DOUBLE_CLICKED = BUTTON1_DOUBLE_CLICKED;
static const mmask_t TK_BUTTON1_TRIPLE_CLICKED = BUTTON1_TRIPLE_CLICKED;
static const mmask_t TK_ALL_MOUSE_EVENTS = ALL_MOUSE_EVENTS;
static const mmask_t TK_REPORT_MOUSE_POSITION = REPORT_MOUSE_POSITION;

/* Keys defined through macros. */
static inline int tk_key_f(int n) { return KEY_F(n); }

/* Line-drawing characters: valid only after newterm. */
static inline const cchar_t *tk_wacs_hline(void) { return WACS_HLINE; }
static inline const cchar_t *tk_wacs_vline(void) { return WACS_VLINE; }
static inline const cchar_t *tk_wacs_ulcorner(void) { return WACS_ULCORNER; }
static inline const cchar_t *tk_wacs_urcorner(void) { return WACS_URCORNER; }
static inline const cchar_t *tk_wacs_llcorner(void) { return WACS_LLCORNER; }
static inline const cchar_t *tk_wacs_lrcorner(void) { return WACS_LRCORNER; }
static inline chtype tk_acs_hline(void) { return ACS_HLINE; }
static inline chtype tk_acs_vline(void) { return ACS_VLINE; }

/* Drawing with attr_t and an extended pair, which COLOR_PAIR cannot carry past 255. */
static inline int tk_attr_set(WINDOW *w, attr_t attrs, int pair) {
  return wattr_set(w, attrs, (short)(pair < 32767 ? pair : 0), &pair);
}

/* The codeset of the current locale ("UTF-8" under a UTF-8 locale). */
static inline const char *tk_codeset(void) { return nl_langinfo(CODESET); }

#endif
