#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <ncursesw/ncurses.h>

#include "CursesReadBack.h"

int tk_cell(int y, int x, wchar_t *text, int capacity, unsigned int *attrs, int *pair) {
  cchar_t cell;
  if (mvwin_wch(stdscr, y, x, &cell) == ERR) return ERR;
  wchar_t buffer[CCHARW_MAX + 1];
  short small_pair = 0;
  attr_t read = 0;
  *pair = 0;
  if (getcchar(&cell, buffer, &read, &small_pair, pair) == ERR) return ERR;
  *attrs = (unsigned int)read;
  int i = 0;
  for (; i < capacity - 1 && i < CCHARW_MAX && buffer[i] != 0; i++) text[i] = buffer[i];
  text[i] = 0;
  return OK;
}

int tk_row_text(int y, wchar_t *text, int capacity) { return mvwinnwstr(stdscr, y, 0, text, capacity - 1); }

unsigned int tk_attributes_only(unsigned int attrs) { return attrs & (A_ATTRIBUTES & ~A_COLOR); }
