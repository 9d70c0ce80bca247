#ifndef CTERMINALOUTPUT_H
#define CTERMINALOUTPUT_H

/* The session's output, formatted with the terminal's terminfo capabilities into one buffer
   that TerminalOutput writes with one write(2) a frame. Internal to TooltipCurses: a C file of
   its own, so that the buffer is one for the whole program (a static of a header's inline
   function is one per object file, and a release build inlines across files). */

#include <stddef.h>

/* What tout_load_terminal finds. */
enum {
  TOUT_TERMINAL_OK = 0,
  TOUT_TERMINAL_UNKNOWN = 1,       /* no terminfo entry for that name */
  TOUT_TERMINAL_NO_DATABASE = 2,   /* no terminfo database at all */
  TOUT_TERMINAL_NO_ADDRESSING = 3  /* hard-copy, generic (dumb) or no cursor addressing */
};

/* Loads the terminfo entry of `term` (setupterm: the capabilities only, no curses screen, no
   signal handler, nothing written) and keeps it until tout_release_terminal, when it can
   address the cursor; what it finds. */
int tout_load_terminal(const char *term, int fd);

/* Frees the entry tout_load_terminal loaded. */
void tout_release_terminal(void);

/* A numeric capability of the loaded entry by name, -1 when it has none. */
int tout_number(const char *name);

/* Whether the loaded entry has a boolean capability. */
int tout_flag(const char *name);

/* The frame being formatted: its bytes and how many. */
struct tout_buffer {
  unsigned char *bytes;
  size_t count;
  size_t capacity;
};

/* The one frame buffer. */
struct tout_buffer *tout_buffer(void);

/* Appends `count` bytes (dropped when memory runs out). */
void tout_bytes(const void *bytes, size_t count);

/* Appends a string capability by name, with its padding; 0 when the terminal has none. */
int tout_cap(const char *name);

/* Appends a capability that takes one number (setaf, setab) formatted with `n`; 0 when the
   terminal has none. */
int tout_cap1(const char *name, int n);

/* Appends attributes set from none (sgr: every other attribute and the colours off); 0 when
   the terminal has no sgr. */
int tout_sgr(int underline, int reverse, int dim, int bold);

/* Appends the cursor's move to (y, x) by absolute addressing (after tout_cursor_address_is_safe). */
void tout_move(int y, int x);

/* Appends `n` cells blanked from the cursor, the cursor left where it is (ech); 0 without it. */
int tout_erase(int n);

/* Appends `n` characters deleted at the cursor (dch, else dch1 n times); 0 without either. */
int tout_delete(int n);

/* Whether cursor_address takes its two parameters as numbers, so that formatting it is safe: a
   crafted entry whose cup reads a parameter as a string (%s, or %l) would have tiparm
   dereference the number. */
int tout_cursor_address_is_safe(void);

/* Whether erasing fills with the current background colour (bce). */
int tout_has_bce(void);

/* Whether writing the screen's last cell may scroll it (am without xenl). */
int tout_last_cell_scrolls(void);

#endif
