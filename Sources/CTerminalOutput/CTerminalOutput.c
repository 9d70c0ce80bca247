#include "CTerminalOutput.h"

#include <stdlib.h>
#include <string.h>

#include <ncursesw/ncurses.h>
#include <ncursesw/term.h>

static int present(const char *value) { return value != NULL && value != (const char *)-1; }

int tout_load_terminal(const char *term, int fd) {
  int status = 0;
  if (setupterm(term, fd, &status) != OK) {
    /* 1: the entry exists but is a hard-copy terminal (tty33, la120), refused by setupterm. */
    if (status == 1) return TOUT_TERMINAL_NO_ADDRESSING;
    return status == -1 ? TOUT_TERMINAL_NO_DATABASE : TOUT_TERMINAL_UNKNOWN;
  }
  if (!present(tigetstr("cup")) || tigetflag("hc") > 0 || tigetflag("gn") > 0) {
    (void)del_curterm(cur_term);
    return TOUT_TERMINAL_NO_ADDRESSING;
  }
  return TOUT_TERMINAL_OK;
}

void tout_release_terminal(void) {
  if (cur_term != NULL) (void)del_curterm(cur_term);
}

int tout_number(const char *name) {
  int value = tigetnum(name);
  return value < 0 ? -1 : value;
}

int tout_flag(const char *name) { return tigetflag(name) > 0; }

static struct tout_buffer out = {NULL, 0, 0};

struct tout_buffer *tout_buffer(void) { return &out; }

/* Room for `more` bytes; 0 when memory ran out. */
static int reserve(size_t more) {
  if (out.count + more <= out.capacity) return 1;
  size_t capacity = out.capacity ? out.capacity : 4096;
  while (capacity < out.count + more) capacity *= 2;
  unsigned char *bytes = (unsigned char *)realloc(out.bytes, capacity);
  if (bytes == NULL) return 0;
  out.bytes = bytes;
  out.capacity = capacity;
  return 1;
}

static int put(int c) {
  if (!reserve(1)) return EOF;
  out.bytes[out.count++] = (unsigned char)c;
  return c;
}

void tout_bytes(const void *bytes, size_t count) {
  if (count == 0 || !reserve(count)) return;
  memcpy(out.bytes + out.count, bytes, count);
  out.count += count;
}

int tout_cap(const char *name) {
  const char *value = tigetstr(name);
  if (!present(value)) return 0;
  (void)tputs(value, 1, put);
  return 1;
}

int tout_cap1(const char *name, int n) {
  const char *value = tigetstr(name);
  if (!present(value)) return 0;
  (void)tputs(tiparm(value, n), 1, put);
  return 1;
}

int tout_sgr(int underline, int reverse, int dim, int bold) {
  const char *value = tigetstr("sgr");
  if (!present(value)) return 0;
  (void)tputs(tiparm(value, 0, underline, reverse, 0, dim, bold, 0, 0, 0), 1, put);
  return 1;
}

void tout_move(int y, int x) { (void)tputs(tiparm(cursor_address, y, x), 1, put); }

int tout_erase(int n) {
  if (!present(erase_chars)) return 0;
  (void)tputs(tiparm(erase_chars, n), 1, put);
  return 1;
}

int tout_delete(int n) {
  if (present(parm_dch)) {
    (void)tputs(tiparm(parm_dch, n), 1, put);
    return 1;
  }
  if (!present(delete_character)) return 0;
  for (int i = 0; i < n; i++) (void)tputs(delete_character, 1, put);
  return 1;
}

/* ncurses 6.4 before 2023 has no tiscan_s to ask, so the string is scanned: after each %, the
   operators that take a following byte or a constant are stepped over, and a conversion ending
   in s, or %l, is refused. */
int tout_cursor_address_is_safe(void) {
  const char *p = cursor_address;
  if (!present(p)) return 0;
  while (*p != 0) {
    if (*p++ != '%') continue;
    char c = *p;
    if (c == 0) break;
    if (c == '%') { p++; continue; }
    if (c == 'l') return 0;
    if (c == 'p' || c == 'P' || c == 'g') { p++; if (*p != 0) p++; continue; }
    if (c == '\'') { p++; if (*p != 0) p++; if (*p == '\'') p++; continue; }
    if (c == '{') { while (*p != 0 && *p != '}') p++; if (*p == '}') p++; continue; }
    /* A printf-like conversion: %[[:]flags][width[.precision]][doxXs]. */
    if (c == ':') c = *++p;
    while (c == '-' || c == '+' || c == '#' || c == ' ') c = *++p;
    while ((c >= '0' && c <= '9') || c == '.') c = *++p;
    if (c == 's') return 0;
    if (c != 0) p++;
  }
  return 1;
}

int tout_has_bce(void) { return back_color_erase; }

int tout_last_cell_scrolls(void) { return auto_right_margin && !eat_newline_glitch; }
