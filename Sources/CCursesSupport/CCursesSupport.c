/* wcwidth, newlocale and uselocale. */
#define _GNU_SOURCE 1

#include "CCursesSupport.h"

#include <dlfcn.h>
#include <pthread.h>

WINDOW *cs_curscr(void) { return curscr; }

int cs_colors(void) { return COLORS; }

int cs_color_pairs(void) { return COLOR_PAIRS; }

int cs_has_direct_color(void) { return tigetflag("RGB") > 0; }

int cs_getcury(WINDOW *w) { return getcury(w); }

int cs_getcurx(WINDOW *w) { return getcurx(w); }

int cs_getbegy(WINDOW *w) { return getbegy(w); }

int cs_getbegx(WINDOW *w) { return getbegx(w); }

void cs_attr_get(WINDOW *w, attr_t *attrs, int *pair) {
  short small_pair = 0;
  *pair = 0;
  *attrs = 0;
  (void)wattr_get(w, attrs, &small_pair, pair);
}

void cs_add_attrs(WINDOW *w, int y, int x, int n, attr_t attrs) {
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

int cs_cell_colors(WINDOW *w, int y, int x, int *fg, int *bg, attr_t *attrs, int *pair) {
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

/* The panel library's functions TooltipCurses calls, once loaded, and whether they are. */
static struct {
  PANEL *(*new_panel)(WINDOW *);
  int (*top_panel)(PANEL *);
  int (*del_panel)(PANEL *);
  PANEL *(*panel_below)(const PANEL *);
  WINDOW *(*panel_window)(const PANEL *);
  int (*panel_hidden)(const PANEL *);
} panels;
static int panels_loaded = 0;
static pthread_once_t panels_once = PTHREAD_ONCE_INIT;

static void load_panels(void) {
  void *library = dlopen("libpanelw.so.6", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) return;
#define CS_PANEL_SYMBOL(name) \
  if ((*(void **)&panels.name = dlsym(library, #name)) == NULL) return;
  CS_PANEL_SYMBOL(new_panel)
  CS_PANEL_SYMBOL(top_panel)
  CS_PANEL_SYMBOL(del_panel)
  CS_PANEL_SYMBOL(panel_below)
  CS_PANEL_SYMBOL(panel_window)
  CS_PANEL_SYMBOL(panel_hidden)
#undef CS_PANEL_SYMBOL
  panels_loaded = 1;
}

static int have_panels(void) {
  pthread_once(&panels_once, load_panels);
  return panels_loaded;
}

PANEL *cs_new_panel(WINDOW *w) { return have_panels() ? panels.new_panel(w) : NULL; }

int cs_top_panel(PANEL *p) { return have_panels() ? panels.top_panel(p) : ERR; }

int cs_del_panel(PANEL *p) { return have_panels() ? panels.del_panel(p) : ERR; }

WINDOW *cs_window_under(PANEL *above, int y, int x) {
  if (!have_panels()) return stdscr;
  for (PANEL *p = panels.panel_below(above); p != NULL; p = panels.panel_below(p)) {
    WINDOW *w = panels.panel_window(p);
    if (w == NULL || panels.panel_hidden(p) == TRUE) continue;
    int top = getbegy(w), left = getbegx(w);
    if (y >= top && y < top + getmaxy(w) && x >= left && x < left + getmaxx(w)) return w;
  }
  return stdscr;
}

void cs_terminfo_size(const char *term, int fd, int *width, int *height) {
  int status = 0;
  *width = -1;
  *height = -1;
  if (setupterm(term, fd, &status) != OK) return;
  *width = tigetnum("cols");
  *height = tigetnum("lines");
  del_curterm(cur_term);
}

/* The UTF-8 character type the widths are measured under, loaded once. */
static locale_t utf8 = (locale_t)0;
static pthread_once_t utf8_once = PTHREAD_ONCE_INIT;

static void load_utf8(void) {
  locale_t loaded = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
  if (loaded == (locale_t)0) loaded = newlocale(LC_CTYPE_MASK, "en_US.UTF-8", (locale_t)0);
  utf8 = loaded;
}

int cs_utf8_locale_installed(void) {
  pthread_once(&utf8_once, load_utf8);
  return utf8 != (locale_t)0;
}

int cs_curses_width(unsigned int scalar) {
  pthread_once(&utf8_once, load_utf8);
  if (utf8 == (locale_t)0) return -1;
  /* uselocale is per thread: the caller's own locale is put back at once. */
  locale_t previous = uselocale(utf8);
  int width = wcwidth((wchar_t)scalar);
  uselocale(previous);
  return width;
}
