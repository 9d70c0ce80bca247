#ifndef CCURSESSUPPORT_H
#define CCURSESSUPPORT_H

/* What TooltipCurses needs from ncurses beyond CNcurses' public names: internal to
   TooltipCurses, no program's API (CNcurses is; docs/DESIGN.md, "The API of TooltipCurses").
   A C file of its own, so that the UTF-8 character type below is loaded once for the whole
   program. The curses types come from CNcurses' header, so that WINDOW and PANEL are
   CNcurses' own in Swift, not a second declaration of them. */

#include "../../CNcurses/shim.h"

/* The curses screen's picture of the terminal (curscr), which Swift 6 rejects as a global. */
WINDOW *cs_curscr(void);

/* How many colours and colour pairs the terminal started by newterm takes (COLORS,
   COLOR_PAIRS). */
int cs_colors(void);
int cs_color_pairs(void);

/* Whether the terminal started by newterm says it takes direct (24-bit) colour numbers. */
int cs_has_direct_color(void);

/* The window's cursor position (getcury, getcurx). */
int cs_getcury(WINDOW *w);
int cs_getcurx(WINDOW *w);

/* The window's origin on the screen (getbegy, getbegx). */
int cs_getbegy(WINDOW *w);
int cs_getbegx(WINDOW *w);

/* The window's current attributes and extended colour pair, to put back after drawing. */
void cs_attr_get(WINDOW *w, attr_t *attrs, int *pair);

/* Adds `attrs` to the `n` cells from (y, x), keeping each cell's character, attributes and
   colour pair: a highlight over what a program drew itself. */
void cs_add_attrs(WINDOW *w, int y, int x, int n, attr_t attrs);

/* The colours a cell of `w` at (y, x) shows: its foreground and background colour numbers
   (-1 for the terminal's default) as the terminal draws them, reverse video taken into
   account, and its attributes and colour pair as stored. Returns OK or ERR (outside the
   window). */
int cs_cell_colors(WINDOW *w, int y, int x, int *fg, int *bg, attr_t *attrs, int *pair);

/* The panel library's new_panel, top_panel and del_panel, with panel.h's signatures and
   meanings, for TooltipCurses' own panels. The library (libpanelw) is loaded (dlopen) at the
   first call, not linked: a program that never puts a window on a panel (one whose component
   owns the terminal, the demo) does not load it at every start, where every symbol the loader
   resolves would search it too (153,000 instructions of the demo's start, BENCHMARKS.md).
   Should it fail to load, each answers its failure value (NULL or ERR). */
PANEL *cs_new_panel(WINDOW *w);
int cs_top_panel(PANEL *p);
int cs_del_panel(PANEL *p);

/* The topmost window under `above` (a panel, or NULL for the top of the stack) that covers
   screen cell (y, x): a panel's window, or stdscr when no panel does. Hidden panels do not
   count. */
WINDOW *cs_window_under(PANEL *above, int y, int x);

/* The size the terminfo entry of `term` gives (its cols and lines), without starting curses:
   -1 for what it does not give. Curses takes it when the terminal reports no size. */
void cs_terminfo_size(const char *term, int fd, int *width, int *height);

/* Whether a UTF-8 character type is installed (C.UTF-8, else en_US.UTF-8): what ncurses needs
   to take and draw UTF-8, whatever the user's locale is, and what cs_curses_width measures
   under. Loaded once for the process. */
int cs_utf8_locale_installed(void);

/* The columns ncurses advances by for a scalar: the C library's wcwidth under a UTF-8
   character type (C.UTF-8, else en_US.UTF-8: glibc gives every UTF-8 locale the same widths),
   whatever the calling thread's locale is; -1 for a scalar the C library cannot measure (one
   newer than its Unicode data) or when no UTF-8 locale is installed. The core measures with
   its own table: where the two disagree, the presenter does not let curses place the cell. */
int cs_curses_width(unsigned int scalar);

#endif
