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
/* panel.h's functions are declared under other names, never called: the ones below of the same
   names load the panel library when a program first uses a panel (see "Panels" further down). */
#define panel_window tk_panel_h_panel_window
#define update_panels tk_panel_h_update_panels
#define hide_panel tk_panel_h_hide_panel
#define show_panel tk_panel_h_show_panel
#define del_panel tk_panel_h_del_panel
#define top_panel tk_panel_h_top_panel
#define bottom_panel tk_panel_h_bottom_panel
#define new_panel tk_panel_h_new_panel
#define panel_above tk_panel_h_panel_above
#define panel_below tk_panel_h_panel_below
#define set_panel_userptr tk_panel_h_set_panel_userptr
#define panel_userptr tk_panel_h_panel_userptr
#define move_panel tk_panel_h_move_panel
#define replace_panel tk_panel_h_replace_panel
#define panel_hidden tk_panel_h_panel_hidden
#include <ncursesw/panel.h>
#undef panel_window
#undef update_panels
#undef hide_panel
#undef show_panel
#undef del_panel
#undef top_panel
#undef bottom_panel
#undef new_panel
#undef panel_above
#undef panel_below
#undef set_panel_userptr
#undef panel_userptr
#undef move_panel
#undef replace_panel
#undef panel_hidden
#include <dlfcn.h>
#include <pthread.h>

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

/* Mouse macros. */
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

/* Drawing with attr_t and an extended pair, which COLOR_PAIR cannot carry past 255. */
static inline int tk_attr_set(WINDOW *w, attr_t attrs, int pair) {
  return wattr_set(w, attrs, (short)(pair < 32767 ? pair : 0), &pair);
}

/* The window's current attributes and extended colour pair, to put back after drawing. */
static inline void tk_attr_get(WINDOW *w, attr_t *attrs, int *pair) {
  short small_pair = 0;
  *pair = 0;
  *attrs = 0;
  (void)wattr_get(w, attrs, &small_pair, pair);
}

/* The window's cursor position. */
static inline int tk_getcury(WINDOW *w) { return getcury(w); }
static inline int tk_getcurx(WINDOW *w) { return getcurx(w); }

/* Adds `attrs` to the `n` cells from (y, x), keeping each cell's character, attributes and
   colour pair: a highlight over what a program drew itself. */
static inline void tk_add_attrs(WINDOW *w, int y, int x, int n, attr_t attrs) {
  for (int i = 0; i < n; i++) {
    cchar_t cell;
    if (mvwin_wch(w, y, x + i, &cell) == ERR) continue;
    wchar_t text[CCHARW_MAX + 1];
    attr_t old = 0;
    short small_pair = 0;
    int pair = 0;
    if (getcchar(&cell, text, &old, &small_pair, &pair) == ERR) continue;
    old &= (A_ATTRIBUTES & ~A_COLOR);
    (void)mvwchgat(w, y, x + i, 1, old | attrs, (short)(pair < 32767 ? pair : 0), &pair);
  }
}

/* The codeset of the current locale ("UTF-8" under a UTF-8 locale). */
static inline const char *tk_codeset(void) { return nl_langinfo(CODESET); }

/* The C standard streams, which Swift 6 rejects as not concurrency-safe. */
static inline FILE *tk_stdin(void) { return stdin; }
static inline FILE *tk_stdout(void) { return stdout; }

/* The size the terminfo entry of `term` gives (its cols and lines), without starting curses:
   -1 for what it does not give. Curses takes it when the terminal reports no size. */
static inline void tk_terminfo_size(const char *term, int fd, int *width, int *height) {
  int status = 0;
  *width = -1;
  *height = -1;
  if (setupterm(term, fd, &status) != OK) return;
  *width = tigetnum("cols");
  *height = tigetnum("lines");
  del_curterm(cur_term);
}

/* Whether the terminal started by newterm says it takes direct (24-bit) colour numbers. */
static inline int tk_has_direct_color(void) { return tigetflag("RGB") > 0; }

/* The UTF-8 character type the widths below are measured under, once loaded: static inside a
   function, as the panel library's state is, so each module that uses it emits its own. */
struct tk_width_state {
  locale_t utf8;
  pthread_once_t once;
};

static inline struct tk_width_state *tk_width_state(void) {
  static struct tk_width_state state = {.utf8 = (locale_t)0, .once = PTHREAD_ONCE_INIT};
  return &state;
}

static inline void tk_width_load(void) {
  locale_t utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
  if (utf8 == (locale_t)0) utf8 = newlocale(LC_CTYPE_MASK, "en_US.UTF-8", (locale_t)0);
  tk_width_state()->utf8 = utf8;
}

/* Whether a UTF-8 character type is installed (C.UTF-8, else en_US.UTF-8): what ncurses needs to
   take and draw UTF-8, whatever the user's locale is, and what tk_curses_width measures under. */
static inline int tk_utf8_locale_installed(void) {
  struct tk_width_state *state = tk_width_state();
  pthread_once(&state->once, tk_width_load);
  return state->utf8 != (locale_t)0;
}

/* The columns ncurses advances by for a scalar: the C library's wcwidth under a UTF-8 character
   type (C.UTF-8, else en_US.UTF-8: glibc gives every UTF-8 locale the same widths), whatever
   the calling thread's locale is; -1 for a scalar the C library cannot measure (one newer than
   its Unicode data) or when no UTF-8 locale is installed. The core measures with its own table:
   where the two disagree, the presenter does not let curses place the cell. */
static inline int tk_curses_width(unsigned int scalar) {
  struct tk_width_state *state = tk_width_state();
  pthread_once(&state->once, tk_width_load);
  if (state->utf8 == (locale_t)0) return -1;
  /* uselocale is per thread: the caller's own locale is put back at once. */
  locale_t previous = uselocale(state->utf8);
  int width = wcwidth((wchar_t)scalar);
  uselocale(previous);
  return width;
}

/* Moves to (y, x) and draws a UTF-8 string; ncurses advances by its scalars' wcwidth. */
static inline int tk_put(WINDOW *w, int y, int x, const char *text) {
  return mvwaddstr(w, y, x, text);
}

/* Panels: what lies over what on the screen, from ncurses' panel library (libpanelw).

   The library is loaded (dlopen) when a program first calls one of these, not linked: a program
   that never puts a window on a panel (a component that owns the terminal, the demo) does not
   load it at every start, and every symbol the loader resolves no longer searches it too. Each
   function has panel.h's name, signature and meaning; should the library fail to load, each
   answers its failure value (NULL, ERR, or nothing). */
struct tk_panel_api {
  WINDOW *(*panel_window)(const PANEL *);
  void (*update_panels)(void);
  int (*hide_panel)(PANEL *);
  int (*show_panel)(PANEL *);
  int (*del_panel)(PANEL *);
  int (*top_panel)(PANEL *);
  int (*bottom_panel)(PANEL *);
  PANEL *(*new_panel)(WINDOW *);
  PANEL *(*panel_above)(const PANEL *);
  PANEL *(*panel_below)(const PANEL *);
  int (*set_panel_userptr)(PANEL *, NCURSES_CONST void *);
  NCURSES_CONST void *(*panel_userptr)(const PANEL *);
  int (*move_panel)(PANEL *, int, int);
  int (*replace_panel)(PANEL *, WINDOW *);
  int (*panel_hidden)(const PANEL *);
};

/* The functions once loaded, and whether they are: static inside a function, so that each module
   that uses them emits its own (a variable of a header is not emitted by Swift's importer). */
struct tk_panel_state {
  struct tk_panel_api api;
  int loaded;
  pthread_once_t once;
};

static inline struct tk_panel_state *tk_panel_state(void) {
  static struct tk_panel_state state = {.loaded = 0, .once = PTHREAD_ONCE_INIT};
  return &state;
}

static inline void tk_panel_load(void) {
  void *library = dlopen("libpanelw.so.6", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) return;
  struct tk_panel_api *f = &tk_panel_state()->api;
#define TK_PANEL_SYMBOL(name) \
  if ((*(void **)&f->name = dlsym(library, #name)) == NULL) return;
  TK_PANEL_SYMBOL(panel_window)
  TK_PANEL_SYMBOL(update_panels)
  TK_PANEL_SYMBOL(hide_panel)
  TK_PANEL_SYMBOL(show_panel)
  TK_PANEL_SYMBOL(del_panel)
  TK_PANEL_SYMBOL(top_panel)
  TK_PANEL_SYMBOL(bottom_panel)
  TK_PANEL_SYMBOL(new_panel)
  TK_PANEL_SYMBOL(panel_above)
  TK_PANEL_SYMBOL(panel_below)
  TK_PANEL_SYMBOL(set_panel_userptr)
  TK_PANEL_SYMBOL(panel_userptr)
  TK_PANEL_SYMBOL(move_panel)
  TK_PANEL_SYMBOL(replace_panel)
  TK_PANEL_SYMBOL(panel_hidden)
#undef TK_PANEL_SYMBOL
  tk_panel_state()->loaded = 1;
}

/* The panel library's functions, or NULL when it cannot be loaded. */
static inline const struct tk_panel_api *tk_panels(void) {
  struct tk_panel_state *state = tk_panel_state();
  pthread_once(&state->once, tk_panel_load);
  return state->loaded ? &state->api : NULL;
}

static inline WINDOW *panel_window(const PANEL *p) { return tk_panels() ? tk_panels()->panel_window(p) : NULL; }
static inline void update_panels(void) { if (tk_panels()) tk_panels()->update_panels(); }
static inline int hide_panel(PANEL *p) { return tk_panels() ? tk_panels()->hide_panel(p) : ERR; }
static inline int show_panel(PANEL *p) { return tk_panels() ? tk_panels()->show_panel(p) : ERR; }
static inline int del_panel(PANEL *p) { return tk_panels() ? tk_panels()->del_panel(p) : ERR; }
static inline int top_panel(PANEL *p) { return tk_panels() ? tk_panels()->top_panel(p) : ERR; }
static inline int bottom_panel(PANEL *p) { return tk_panels() ? tk_panels()->bottom_panel(p) : ERR; }
static inline PANEL *new_panel(WINDOW *w) { return tk_panels() ? tk_panels()->new_panel(w) : NULL; }
static inline PANEL *panel_above(const PANEL *p) { return tk_panels() ? tk_panels()->panel_above(p) : NULL; }
static inline PANEL *panel_below(const PANEL *p) { return tk_panels() ? tk_panels()->panel_below(p) : NULL; }
static inline int set_panel_userptr(PANEL *p, NCURSES_CONST void *u) {
  return tk_panels() ? tk_panels()->set_panel_userptr(p, u) : ERR;
}
static inline NCURSES_CONST void *panel_userptr(const PANEL *p) { return tk_panels() ? tk_panels()->panel_userptr(p) : NULL; }
static inline int move_panel(PANEL *p, int y, int x) { return tk_panels() ? tk_panels()->move_panel(p, y, x) : ERR; }
static inline int replace_panel(PANEL *p, WINDOW *w) { return tk_panels() ? tk_panels()->replace_panel(p, w) : ERR; }
static inline int panel_hidden(const PANEL *p) { return tk_panels() ? tk_panels()->panel_hidden(p) : ERR; }

/* The colours a cell of `w` at (y, x) shows: its foreground and background colour numbers
   (-1 for the terminal's default) as the terminal draws them, reverse video taken into account,
   and its attributes and colour pair as stored. Returns OK or ERR (outside the window). */
static inline int tk_cell_colors(WINDOW *w, int y, int x, int *fg, int *bg, attr_t *attrs, int *pair) {
  cchar_t cell;
  if (mvwin_wch(w, y, x, &cell) == ERR) return ERR;
  wchar_t text[CCHARW_MAX + 1];
  short small_pair = 0;
  *pair = 0;
  *attrs = 0;
  if (getcchar(&cell, text, attrs, &small_pair, pair) == ERR) return ERR;
  if (*pair == 0) *pair = small_pair;
  *attrs &= (A_ATTRIBUTES & ~A_COLOR);
  *fg = -1;
  *bg = -1;
  if (has_colors() && extended_pair_content(*pair, fg, bg) == ERR) {
    *fg = -1;
    *bg = -1;
  }
  if (*attrs & A_REVERSE) {
    int swap = *fg;
    *fg = *bg;
    *bg = swap;
  }
  return OK;
}

/* The topmost window under `above` (a panel, or NULL for the top of the stack) that covers
   screen cell (y, x): a panel's window, or stdscr when no panel does. Hidden panels do not
   count. */
static inline WINDOW *tk_window_under(PANEL *above, int y, int x) {
  for (PANEL *p = panel_below(above); p != NULL; p = panel_below(p)) {
    WINDOW *w = panel_window(p);
    if (w == NULL || panel_hidden(p) == TRUE) continue;
    int top = getbegy(w), left = getbegx(w);
    if (y >= top && y < top + getmaxy(w) && x >= left && x < left + getmaxx(w)) return w;
  }
  return stdscr;
}

/* The window's origin on the screen. */
static inline int tk_getbegy(WINDOW *w) { return getbegy(w); }
static inline int tk_getbegx(WINDOW *w) { return getbegx(w); }

#endif
