/*
 * tooltip.h: TooltipKit's C API, for a C or C++ program that owns ncurses (its own newterm,
 * windows and wgetch loop) and adds tooltips to its controls.
 *
 * Copyright 2026 the TooltipKit authors. Licensed under the Apache License, Version 2.0
 * (SPDX-License-Identifier: Apache-2.0).
 *
 * Build with `pkg-config --cflags --libs tooltipkit` (docs/C-API.md says how to install it).
 * The rules, for every function below:
 *  - Handles are opaque (`ttk_tips *`). A NULL handle, one already freed, a NULL string where one
 *    is needed, a string that is not UTF-8 or longer than TTK_MAX_TEXT bytes, an unknown id and
 *    an absurd position or size are refused with a negative TTK_E... code (NULL from a function
 *    returning a pointer), never a crash; ttk_last_error() then names what was wrong.
 *  - Strings are NUL-terminated UTF-8, copied on the way in. A string returned is owned by the
 *    library (by the handle, or static) and valid until the next call on the same handle: no
 *    returned value needs freeing but a handle (ttk_free).
 *  - Coordinates are cells, 0-based, column x and row y, in the window the tooltips draw into
 *    (the screen's for panels). A negative anchor x or y counts from the area's far edge.
 *  - Like ncurses, the library is for one thread: call it from the thread that calls ncurses
 *    (ttk_wake alone may be called from any thread or a signal handler).
 *  - No callback: nothing the library calls can unwind through it.
 */
#ifndef TOOLTIPKIT_TOOLTIP_H
#define TOOLTIPKIT_TOOLTIP_H

#include <curses.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The longest string taken, in bytes (headlines, supporting lines, ids, groups). */
#define TTK_MAX_TEXT 4096

/* What a function that can fail returns: TTK_OK (0, or a count) or one of the errors. */
enum ttk_status {
  TTK_OK = 0,
  TTK_ENULL = -1,      /* a NULL handle, window or string where one is needed */
  TTK_EHANDLE = -2,    /* not a live handle: freed already, or never made by ttk_new_... */
  TTK_EUTF8 = -3,      /* a string that is not UTF-8 */
  TTK_ETOOLONG = -4,   /* a string longer than TTK_MAX_TEXT bytes, or an empty id */
  TTK_EUNKNOWN = -5,   /* no anchor has that id */
  TTK_EDUPLICATE = -6, /* an anchor has that id already */
  TTK_ERANGE = -7,     /* a position, size or colour pair range out of bounds */
  TTK_EVALUE = -8,     /* an enum argument that is none of its values */
  TTK_ENOSCREEN = -9   /* no curses screen yet: call it after newterm */
};

/* The side of its anchor a bubble sits on. */
enum ttk_placement { TTK_TOP = 0, TTK_BOTTOM = 1, TTK_LEFT = 2, TTK_RIGHT = 3 };

/* The gesture that opens a tooltip: a tap, a long press (500 ms), or none (a menu item: a tap
 * runs its action and closes any open tooltip; the keyboard's i shows its hint). */
enum ttk_trigger { TTK_TAP = 0, TTK_LONG_PRESS = 1, TTK_MENU = 2 };

/* The size axis: an icon's box and tap target, a label's padding. */
enum ttk_size { TTK_SMALL = 0, TTK_MEDIUM = 1 };

/* What happened, as ttk_next_event reports it. */
enum ttk_event_kind { TTK_EVENT_NONE = 0, TTK_EVENT_OPENED = 1, TTK_EVENT_CLOSED = 2, TTK_EVENT_ACTION = 3 };

/* One event: its kind, the anchor's id, and for TTK_EVENT_CLOSED why ("tap", "escape", ...;
 * "" otherwise). The strings are the handle's, valid until the next call on it. */
typedef struct ttk_event {
  int kind;
  const char *id;
  const char *reason;
} ttk_event;

/* A set of tooltips for one screen: its anchors, what is open and selected, how it draws. */
typedef struct ttk_tips ttk_tips;

/* The library's version, "MAJOR.MINOR.PATCH" (with "-dev" between releases): static storage. */
const char *ttk_version(void);
/* The code of the last error (TTK_OK when the last call that can fail succeeded). */
int ttk_last_error_code(void);
/* The last error in one line, its code's name first ("TTK_EUNKNOWN: no anchor \"save\""); ""
 * after a success. Static storage, valid until the next call. */
const char *ttk_last_error(void);

/* The terminal's guard, TerminalGuard in Swift: call ttk_guard_install once before newterm (a
 * crash, exit() or a quit signal then restores the terminal; quit signals become a pending flag
 * and interrupt wgetch, which returns ERR), ttk_guard_remove after endwin. */
void ttk_guard_install(int input_fd, int output_fd);
/* Puts back the signal handlers that were there before ttk_guard_install. */
void ttk_guard_remove(void);
/* wgetch(window), bracketed so a quit signal while it blocks ends the program cleanly and a
 * resize comes back as KEY_RESIZE; ERR, without reading, when a quit signal is pending. */
int ttk_guard_wgetch(WINDOW *window);
/* doupdate(), bracketed the same way; ERR when a quit signal is pending. */
int ttk_guard_doupdate(void);
/* The pending quit signal's number, or 0. */
int ttk_guard_pending_signal(void);
/* 1 once after the program was stopped and continued (Ctrl-Z, fg): draw everything again. */
int ttk_guard_take_resumed(void);
/* The mouse events to ask for: mousemask(ttk_mouse_mask(), NULL), with mouseinterval(0). */
mmask_t ttk_mouse_mask(void);

/* Tooltips drawn into the program's window, over its cells, in colour pairs first_pair to
 * first_pair + pair_count - 1 (the program's own pairs lie outside). After newterm and
 * start_color. NULL on error. */
ttk_tips *ttk_new_window(WINDOW *window, int first_pair, int pair_count);
/* Tooltips drawn in panels of their own above the program's windows, in screen cells. NULL on
 * error (TTK_ENOSCREEN before newterm). */
ttk_tips *ttk_new_panels(int first_pair, int pair_count);
/* Withdraws what the tooltips asked of the terminal and frees the handle; call it before
 * endwin. NULL is ignored; a handle freed already is refused (TTK_EHANDLE). */
int ttk_free(ttk_tips *tips);

/* Adds an anchor: the control's box (width and height 0: the design's own size), the side its
 * bubble sits on, its two lines (supporting may be NULL: none). A tap opens its tooltip; the
 * setters below change the rest. */
int ttk_add(ttk_tips *tips, const char *id, int x, int y, int width, int height, int placement, const char *headline,
            const char *supporting);
/* Removes the anchor (its open tooltip closes). */
int ttk_remove(ttk_tips *tips, const char *id);
/* Moves the anchor's box. */
int ttk_set_box(ttk_tips *tips, const char *id, int x, int y, int width, int height);
/* The side its bubble sits on (enum ttk_placement). */
int ttk_set_placement(ttk_tips *tips, const char *id, int placement);
/* Its two lines (supporting may be NULL: none). */
int ttk_set_text(ttk_tips *tips, const char *id, const char *headline, const char *supporting);
/* What opens it (enum ttk_trigger). */
int ttk_set_trigger(ttk_tips *tips, const char *id, int trigger);
/* Its size (enum ttk_size). */
int ttk_set_size(ttk_tips *tips, const char *id, int size);
/* Whether a tap runs the control's action (reported as TTK_EVENT_ACTION); 0 at first. */
int ttk_set_action(ttk_tips *tips, const char *id, int action);
/* Whether the control is disabled (its tooltip still opens, its action never runs). */
int ttk_set_disabled(ttk_tips *tips, const char *id, int disabled);
/* Its group (a menu bar: one Tab stop, Left and Right move inside), or NULL for none. */
int ttk_set_group(ttk_tips *tips, const char *id, const char *group);
/* Whether Tab and Shift-Tab stop at it; 1 at first. */
int ttk_set_tab_stop(ttk_tips *tips, const char *id, int tab_stop);

/* Takes what wgetch returned and, for KEY_MOUSE, what getmouse filled in (mouse may be NULL:
 * no mouse event): 1 when the tooltips consumed it, 0 when it is the program's, or an error.
 * Events it caused wait for ttk_next_event. KEY_RESIZE lays the anchors out again. */
int ttk_handle(ttk_tips *tips, int key, const MEVENT *mouse);
/* Pops the oldest event into *event: 1, or 0 with none left (event->kind TTK_EVENT_NONE). */
int ttk_next_event(ttk_tips *tips, ttk_event *event);
/* How long the program may wait in wgetch (wtimeout's milliseconds, -1: no limit): the sooner
 * of at_most (-1: none) and the long-press deadline. */
int ttk_input_timeout(ttk_tips *tips, int at_most);
/* The exit status once the program should end (128 + a quit signal; 129 when input ended), else
 * 0. The reason, if any, is ttk_input_end_reason. */
int ttk_input_end(ttk_tips *tips);
/* Why input ended in one line, or "" (after a signal, or while it has not). */
const char *ttk_input_end_reason(ttk_tips *tips);

/* Draws the open bubble (and into a window the selection highlight) over the program's cells:
 * each frame, after the program drew its own, before refreshing. Into a window, the program
 * first draws again the cells of every ttk_covered rect (or all of its cells). Returns the
 * number of rects it drew, or an error. */
int ttk_draw(ttk_tips *tips);
/* Rect number index (from 0) that the last ttk_draw covered, a column wider each side (where an
 * edge cut a wide character): 1, or 0 past the last. */
int ttk_covered(ttk_tips *tips, int index, int *x, int *y, int *width, int *height);
/* Where the terminal cursor belongs for the selection: 1 and *x, *y, or 0 (the program's own). */
int ttk_cursor(ttk_tips *tips, int *x, int *y);
/* The area the anchors lie in, in the window's cells; width or height below 0: all of it. Lays
 * the anchors out again: call it after the program's own layout changed on a resize. */
int ttk_set_area(ttk_tips *tips, int x, int y, int width, int height);
/* Lays the anchors out again on the window's present size (after the program's wresize). */
int ttk_relayout(ttk_tips *tips);
/* The selected anchor's id, or NULL with none. */
const char *ttk_selected(ttk_tips *tips);
/* The open tooltip's anchor id, or NULL with none. */
const char *ttk_open_id(ttk_tips *tips);
/* A hint for a status line: the selected (else open) anchor's headline and supporting line,
 * "Save: Writes the file to disk.", or "" with nothing selected or open. */
const char *ttk_status_hint(ttk_tips *tips);

/* The descriptor ttk_wake makes readable, for a program polling its own descriptors (POLLIN),
 * or -1 with none. */
int ttk_wake_descriptor(ttk_tips *tips);
/* Ends the program's wait (ttk_wait, or its own poll on ttk_wake_descriptor): from any thread
 * or a signal handler, while the handle lives. */
void ttk_wake(ttk_tips *tips);
/* Waits for input, a wake or at_most milliseconds (-1: none; held to the long-press deadline):
 * 1 when woken, 0 otherwise (read with wgetch then), or an error. */
int ttk_wait(ttk_tips *tips, int at_most);

#ifdef __cplusplus
}
#endif

#endif /* TOOLTIPKIT_TOOLTIP_H */
