/* Drives TooltipKit's C API (tooltip.h) with bad arguments on a headless screen: NULL handles,
 * a freed handle, NULL, invalid, over-long and empty strings, unknown and duplicate ids, absurd
 * positions, sizes, enum values and pair ranges, NULL out pointers, odd key values and mouse
 * events. Each call must return the code the header names and leave ttk_last_error naming it;
 * the good calls between them must work. Exits 0 when every check held, 1 otherwise (printing
 * each failure). CAPITests builds it and runs it under valgrind. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <curses.h>
#include <tooltip.h>

static int failures = 0;

/* Checks that `got` is `want` and, for an error, that ttk_last_error names it. */
static void expect(int line, int got, int want, const char *name) {
  if (got != want) {
    printf("line %d: got %d, want %d (%s): %s\n", line, got, want, name, ttk_last_error());
    failures++;
  } else if (want < 0 && strncmp(ttk_last_error(), name, strlen(name)) != 0) {
    printf("line %d: last error \"%s\" does not begin with %s\n", line, ttk_last_error(), name);
    failures++;
  } else if (want < 0 && ttk_last_error_code() != want) {
    printf("line %d: last error code %d, want %d\n", line, ttk_last_error_code(), want);
    failures++;
  }
}
#define EXPECT(call, want) expect(__LINE__, (call), (want), #want)
#define EXPECT_NULL(call, want) expect(__LINE__, (call) == NULL ? (want) : 1, (want), #want)

int main(void) {
  /* Before a screen: panels need one. */
  EXPECT_NULL(ttk_new_panels(16, 48), TTK_ENOSCREEN);
  FILE *out = fopen("/dev/null", "w"), *in = fopen("/dev/null", "r");
  SCREEN *screen = newterm("xterm-256color", out, in);
  if (screen == NULL) {
    puts("no headless screen (xterm-256color terminfo missing?)");
    return 1;
  }
  resizeterm(24, 80);

  /* Versions and errors. */
  EXPECT(strlen(ttk_version()) > 0, 1);
  EXPECT(ttk_mouse_mask() != 0, 1);

  /* Making handles. */
  EXPECT_NULL(ttk_new_window(NULL, 16, 48), TTK_ENULL);
  EXPECT_NULL(ttk_new_window(stdscr, 0, 48), TTK_ERANGE);
  EXPECT_NULL(ttk_new_window(stdscr, 16, -1), TTK_ERANGE);
  EXPECT_NULL(ttk_new_window(stdscr, INT_MAX, INT_MAX), TTK_ERANGE);
  EXPECT_NULL(ttk_new_panels(-5, 3), TTK_ERANGE);
  ttk_tips *tips = ttk_new_window(stdscr, 16, 48);
  EXPECT(tips != NULL, 1);
  EXPECT(ttk_last_error()[0] == '\0', 1);
  ttk_tips *panels = ttk_new_panels(64, 16);
  EXPECT(panels != NULL, 1);

  /* NULL handles, everywhere. */
  ttk_event event;
  int x = 0, y = 0, w = 0, h = 0;
  EXPECT(ttk_add(NULL, "a", 1, 1, 1, 1, TTK_TOP, "A", NULL), TTK_ENULL);
  EXPECT(ttk_remove(NULL, "a"), TTK_ENULL);
  EXPECT(ttk_set_box(NULL, "a", 0, 0, 1, 1), TTK_ENULL);
  EXPECT(ttk_set_placement(NULL, "a", TTK_TOP), TTK_ENULL);
  EXPECT(ttk_set_text(NULL, "a", "A", "B"), TTK_ENULL);
  EXPECT(ttk_set_trigger(NULL, "a", TTK_MENU), TTK_ENULL);
  EXPECT(ttk_set_size(NULL, "a", TTK_SMALL), TTK_ENULL);
  EXPECT(ttk_set_action(NULL, "a", 1), TTK_ENULL);
  EXPECT(ttk_set_disabled(NULL, "a", 1), TTK_ENULL);
  EXPECT(ttk_set_group(NULL, "a", "g"), TTK_ENULL);
  EXPECT(ttk_set_tab_stop(NULL, "a", 0), TTK_ENULL);
  EXPECT(ttk_handle(NULL, 'a', NULL), TTK_ENULL);
  EXPECT(ttk_next_event(NULL, &event), TTK_ENULL);
  EXPECT(ttk_input_timeout(NULL, 10), TTK_ENULL);
  EXPECT(ttk_input_end(NULL), TTK_ENULL);
  EXPECT_NULL(ttk_input_end_reason(NULL), TTK_ENULL);
  EXPECT(ttk_draw(NULL), TTK_ENULL);
  EXPECT(ttk_covered(NULL, 0, &x, &y, &w, &h), TTK_ENULL);
  EXPECT(ttk_cursor(NULL, &x, &y), TTK_ENULL);
  EXPECT(ttk_set_area(NULL, 0, 0, 10, 10), TTK_ENULL);
  EXPECT(ttk_relayout(NULL), TTK_ENULL);
  EXPECT_NULL(ttk_selected(NULL), TTK_ENULL);
  EXPECT_NULL(ttk_open_id(NULL), TTK_ENULL);
  EXPECT_NULL(ttk_status_hint(NULL), TTK_ENULL);
  EXPECT(ttk_wake_descriptor(NULL), TTK_ENULL);
  EXPECT(ttk_wait(NULL, 0), TTK_ENULL);
  ttk_wake(NULL);
  EXPECT(ttk_free(NULL), TTK_OK);
  EXPECT(ttk_guard_wgetch(NULL) == ERR, 1);

  /* A pointer the library never made. */
  int junk[64] = {0};
  EXPECT(ttk_draw((ttk_tips *)junk), TTK_EHANDLE);
  EXPECT(ttk_free((ttk_tips *)junk), TTK_EHANDLE);

  /* Strings: NULL, not UTF-8, too long, empty ids. */
  static const char bad_utf8[] = {'a', (char)0xC3, (char)0x28, 0};
  static const char overlong[] = {(char)0xC0, (char)0xAF, 0};
  static const char surrogate[] = {(char)0xED, (char)0xA0, (char)0x80, 0};
  char *longer = malloc(TTK_MAX_TEXT + 2);
  memset(longer, 'x', TTK_MAX_TEXT + 1);
  longer[TTK_MAX_TEXT + 1] = '\0';
  EXPECT(ttk_add(tips, NULL, 1, 1, 1, 1, TTK_TOP, "A", NULL), TTK_ENULL);
  EXPECT(ttk_add(tips, "a", 1, 1, 1, 1, TTK_TOP, NULL, NULL), TTK_ENULL);
  EXPECT(ttk_add(tips, bad_utf8, 1, 1, 1, 1, TTK_TOP, "A", NULL), TTK_EUTF8);
  EXPECT(ttk_add(tips, "a", 1, 1, 1, 1, TTK_TOP, overlong, NULL), TTK_EUTF8);
  EXPECT(ttk_add(tips, "a", 1, 1, 1, 1, TTK_TOP, "A", surrogate), TTK_EUTF8);
  EXPECT(ttk_add(tips, "a", 1, 1, 1, 1, TTK_TOP, longer, NULL), TTK_ETOOLONG);
  EXPECT(ttk_add(tips, "", 1, 1, 1, 1, TTK_TOP, "A", NULL), TTK_ETOOLONG);
  longer[TTK_MAX_TEXT] = '\0'; /* exactly the limit: taken */
  EXPECT(ttk_add(tips, "long", 1, 5, 0, 0, TTK_BOTTOM, longer, "\xe6\x97\xa5\xe6\x9c\xac"), TTK_OK);
  free(longer);

  /* Absurd positions, sizes and enum values. */
  EXPECT(ttk_add(tips, "a", INT_MAX, 1, 1, 1, TTK_TOP, "A", NULL), TTK_ERANGE);
  EXPECT(ttk_add(tips, "a", 1, INT_MIN, 1, 1, TTK_TOP, "A", NULL), TTK_ERANGE);
  EXPECT(ttk_add(tips, "a", 1, 1, 100000, 1, TTK_TOP, "A", NULL), TTK_ERANGE);
  EXPECT(ttk_add(tips, "a", 1, 1, -3, 1, TTK_TOP, "A", NULL), TTK_ERANGE);
  EXPECT(ttk_add(tips, "a", 1, 1, 1, 1, 99, "A", NULL), TTK_EVALUE);
  EXPECT(ttk_add(tips, "a", 1, 1, 1, 1, -1, "A", NULL), TTK_EVALUE);

  /* Good anchors, then unknown and duplicate ids and bad values on them. */
  EXPECT(ttk_add(tips, "save", 10, 2, 4, 1, TTK_BOTTOM, "Save", "Writes the file."), TTK_OK);
  EXPECT(ttk_add(tips, "menu1", 0, 0, 6, 1, TTK_BOTTOM, "File", NULL), TTK_OK);
  EXPECT(ttk_add(tips, "save", 0, 0, 1, 1, TTK_TOP, "Again", NULL), TTK_EDUPLICATE);
  EXPECT(ttk_remove(tips, "nothing"), TTK_EUNKNOWN);
  EXPECT(ttk_set_box(tips, "nothing", 0, 0, 1, 1), TTK_EUNKNOWN);
  EXPECT(ttk_set_box(tips, "save", 0, 0, 0, 5), TTK_ERANGE);
  EXPECT(ttk_set_box(tips, "save", -20000, 0, 1, 1), TTK_ERANGE);
  EXPECT(ttk_set_placement(tips, "save", 4), TTK_EVALUE);
  EXPECT(ttk_set_trigger(tips, "save", 3), TTK_EVALUE);
  EXPECT(ttk_set_size(tips, "save", 7), TTK_EVALUE);
  EXPECT(ttk_set_text(tips, "save", bad_utf8, NULL), TTK_EUTF8);
  EXPECT(ttk_set_text(tips, bad_utf8, "x", NULL), TTK_EUTF8);
  EXPECT(ttk_set_group(tips, "save", ""), TTK_ETOOLONG);
  EXPECT(ttk_set_group(tips, "menu1", "menu"), TTK_OK);
  EXPECT(ttk_set_group(tips, "menu1", NULL), TTK_OK);
  EXPECT(ttk_set_trigger(tips, "menu1", TTK_MENU), TTK_OK);
  EXPECT(ttk_set_action(tips, "menu1", 1), TTK_OK);
  EXPECT(ttk_set_disabled(tips, "save", 0), TTK_OK);
  EXPECT(ttk_set_tab_stop(tips, "save", 1), TTK_OK);
  EXPECT(ttk_set_size(tips, "save", TTK_SMALL), TTK_OK);
  EXPECT(ttk_set_placement(tips, "save", TTK_RIGHT), TTK_OK);
  EXPECT(ttk_set_box(tips, "save", -5, -3, 4, 1), TTK_OK);
  EXPECT(ttk_set_text(tips, "save", "Save", NULL), TTK_OK);
  EXPECT(ttk_set_area(tips, 0, 0, INT_MAX, 3), TTK_ERANGE);
  EXPECT(ttk_set_area(tips, 0, 1, 80, 22), TTK_OK);
  EXPECT(ttk_set_area(tips, 0, 0, -1, -1), TTK_OK);
  EXPECT(ttk_relayout(tips), TTK_OK);

  /* Input: odd key values, NULL and absurd mouse events, a key that opens a tooltip. */
  static const int keys[] = {ERR, 0, -2, INT_MIN, INT_MAX, 0x10FFFF, KEY_MOUSE, KEY_RESIZE, KEY_MAX + 1, 27, '\t'};
  for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) EXPECT(ttk_handle(tips, keys[i], NULL) >= 0, 1);
  MEVENT mouse = {.id = 0, .x = INT_MAX, .y = INT_MIN, .z = 0, .bstate = ~(mmask_t)0};
  EXPECT(ttk_handle(tips, KEY_MOUSE, &mouse) >= 0, 1);
  /* A tap on "save", its box now at (-5, -3): column 75, row 21 of 80 x 24. */
  mouse = (MEVENT){.id = 0, .x = 76, .y = 21, .z = 0, .bstate = BUTTON1_PRESSED};
  EXPECT(ttk_handle(tips, KEY_MOUSE, &mouse) >= 0, 1);
  mouse.bstate = BUTTON1_RELEASED;
  EXPECT(ttk_handle(tips, KEY_MOUSE, &mouse) >= 0, 1);
  EXPECT(ttk_next_event(tips, NULL), TTK_ENULL);
  int events = 0, opened = 0;
  while (ttk_next_event(tips, &event) == 1) {
    if (event.id == NULL || event.reason == NULL || event.kind < 1 || event.kind > 3) failures++;
    /* The struct as C lays it out: the kind, then the id and the reason the handle owns. */
    if (event.kind == TTK_EVENT_OPENED && strcmp(event.id, "save") == 0 && event.reason[0] == '\0') opened++;
    events++;
  }
  EXPECT(opened, 1);
  EXPECT(event.kind, TTK_EVENT_NONE);
  EXPECT(events > 0, 1);
  /* The open tooltip's lines for a status line: no control character reaches the program. */
  EXPECT(ttk_open_id(tips) != NULL && strcmp(ttk_open_id(tips), "save") == 0, 1);
  EXPECT(ttk_set_text(tips, "save", "Sa\x1b[31mve", "line\nbreak\a"), TTK_OK);
  const char *hint = ttk_status_hint(tips);
  EXPECT(hint != NULL && hint[0] != '\0' && strpbrk(hint, "\x1b\n\a") == NULL, 1);
  EXPECT(ttk_draw(tips) >= 0, 1);
  EXPECT(ttk_covered(tips, 0, NULL, &y, &w, &h), TTK_ENULL);
  EXPECT(ttk_covered(tips, -1, &x, &y, &w, &h), 0);
  EXPECT(ttk_covered(tips, INT_MAX, &x, &y, &w, &h), 0);
  EXPECT(ttk_cursor(tips, NULL, &y), TTK_ENULL);
  EXPECT(ttk_cursor(tips, &x, &y) >= 0, 1);
  EXPECT(ttk_status_hint(tips) != NULL, 1);
  EXPECT(ttk_input_timeout(tips, INT_MIN) >= -1, 1);
  EXPECT(ttk_input_end(tips) >= 0, 1);
  EXPECT(ttk_input_end_reason(tips) != NULL, 1);
  ttk_wake(tips);
  EXPECT(ttk_wait(tips, 0) >= 0, 1);
  EXPECT(ttk_wake_descriptor(tips) >= -1, 1);

  /* Many events nobody pops: kept to a bound, never growing without one. */
  for (int i = 0; i < 2000; i++) ttk_handle(tips, i % 2 ? '\t' : 27, NULL);
  events = 0;
  while (ttk_next_event(tips, &event) == 1) events++;
  EXPECT(events <= 256, 1);

  /* Removing, then freeing twice. */
  EXPECT(ttk_remove(tips, "save"), TTK_OK);
  EXPECT(ttk_remove(tips, "save"), TTK_EUNKNOWN);
  EXPECT(ttk_add(panels, "p", 3, 3, 2, 1, TTK_TOP, "Panel", "Drawn in a panel."), TTK_OK);
  EXPECT(ttk_draw(panels) >= 0, 1);
  EXPECT(ttk_free(panels), TTK_OK);
  EXPECT(ttk_free(tips), TTK_OK);
  EXPECT(ttk_free(tips), TTK_EHANDLE);
  EXPECT(ttk_add(tips, "a", 1, 1, 1, 1, TTK_TOP, "A", NULL), TTK_EHANDLE);

  endwin();
  delscreen(screen);
  fclose(out);
  fclose(in);
  printf("%d failures\n", failures);
  return failures == 0 ? 0 : 1;
}
