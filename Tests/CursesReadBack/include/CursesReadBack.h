#ifndef CURSES_READ_BACK_H
#define CURSES_READ_BACK_H

/* What the terminal-layer tests read back from curses' picture of the screen (stdscr): not
   part of the shipped shim. No curses type appears here, so this module and CNcurses never
   declare the same type twice. */

#include <wchar.h>

/* Reads the cell at (y, x) back: its characters (up to `capacity` wide characters, ended by
   a null), attributes (colour-pair bits included) and colour pair. Returns 0, or -1 on error. */
int tk_cell(int y, int x, wchar_t *text, int capacity, unsigned int *attrs, int *pair);

/* Reads row `y` back as text (the right halves of wide characters are not repeated), up to
   `capacity` - 1 wide characters, ended by a null. Returns the count, or -1 on error. */
int tk_row_text(int y, wchar_t *text, int capacity);

/* The attributes alone, without the colour-pair bits ncurses keeps in the same word. */
unsigned int tk_attributes_only(unsigned int attrs);

#endif
