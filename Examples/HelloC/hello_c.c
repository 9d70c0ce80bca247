/* A plain C ncurses program with tooltips through TooltipKit's C API (tooltip.h): a menu bar of
 * three items and two icons. Tab enters the menu (Left and Right move in it), Tab again goes to
 * each icon; Enter runs an item or opens an icon's hint, i shows an item's hint, Esc closes it; a
 * click runs an item or opens an icon's hint; Ctrl-Z stops, a resize lays it out again, q quits.
 *
 *   make -C Examples/HelloC && Examples/HelloC/hello-c
 *
 * The program owns ncurses (newterm, its window, its wgetch loop) and draws every cell itself
 * each frame; the tooltips draw the highlight and the bubble over them. */
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include <curses.h>
#include <tooltip.h>

/* The menu bar's items (id, title, hint) from column 10, after the program's name, and the
 * icons (id, glyph, headline, hint) near the right end of row 0, at columns counted from the
 * right edge (-11 and -6). Row 0 leaves room for each bubble below its control. */
static const char *const items[3][3] = {
    {"file", "File", "Open and save files."},
    {"edit", "Edit", "Undo, copy, paste."},
    {"view", "View", "Zoom and panes."},
};
static const char *const icons[2][4] = {
    {"help", "?", "Help", "Tab, Enter, Esc."},
    {"sync", "@", "Synced", "All saved."},
};

int main(void) {
  char status[128] = "Tab, Enter, Esc or a click; q quits";
  setlocale(LC_ALL, "");
  ttk_guard_install(0, 1); /* before newterm: a crash or a quit signal restores the terminal */
  if (newterm(NULL, stdout, stdin) == NULL) {
    ttk_guard_remove();
    fputs("hello-c: needs a terminal\n", stderr);
    return 2;
  }
  cbreak();
  noecho();
  set_escdelay(25);
  keypad(stdscr, TRUE);
  mousemask(ttk_mouse_mask(), NULL);
  mouseinterval(0);
  if (has_colors()) {
    start_color();
    use_default_colors();
    init_pair(1, COLOR_BLACK, COLOR_CYAN); /* the program's own pair; the tooltips get 16 to 63 */
  }
  ttk_tips *tips = ttk_new_window(stdscr, 16, 48);
  /* Tooltips: the menu's items, one Tab stop (Left and Right move in it); a tap runs one. */
  for (int i = 0; i < 3; i++) {
    ttk_add(tips, items[i][0], 10 + 7 * i, 0, 6, 1, TTK_BOTTOM, items[i][1], items[i][2]);
    ttk_set_trigger(tips, items[i][0], TTK_MENU);
    ttk_set_action(tips, items[i][0], 1);
    ttk_set_group(tips, items[i][0], "menu");
  }
  /* Tooltips: the icons, their columns counted from the right edge; a tap opens the hint. */
  for (int i = 0; i < 2; i++)
    ttk_add(tips, icons[i][0], -11 + 5 * i, 0, 1, 1, TTK_BOTTOM, icons[i][2], icons[i][3]);
  int exit_status = 0;
  for (;;) {
    erase(); /* the program draws all of its cells each frame */
    attron(COLOR_PAIR(1));
    mvhline(0, 0, ' ', COLS);
    mvaddstr(0, 1, "hello-c");
    for (int i = 0; i < 3; i++) mvprintw(0, 10 + 7 * i, " %s ", items[i][1]);
    for (int i = 0; i < 2; i++) mvaddstr(0, COLS - 11 + 5 * i, icons[i][1]);
    attroff(COLOR_PAIR(1));
    mvaddnstr(LINES - 2, 0, ttk_status_hint(tips), COLS); /* the selected control's hint, or "" */
    mvaddnstr(LINES - 1, 0, status, COLS);
    ttk_draw(tips); /* then the tooltips: the highlight and the bubble over the program's cells */
    int x, y;
    if (ttk_cursor(tips, &x, &y)) move(y, x);
    wtimeout(stdscr, ttk_input_timeout(tips, -1));
    int key = ttk_guard_wgetch(stdscr); /* wgetch refreshes the window first */
    MEVENT mouse;
    if (key == KEY_MOUSE && getmouse(&mouse) != OK) continue;
    int consumed = ttk_handle(tips, key, key == KEY_MOUSE ? &mouse : NULL);
    ttk_event event;
    while (ttk_next_event(tips, &event) > 0)
      if (event.kind == TTK_EVENT_ACTION) snprintf(status, sizeof status, "ran %s", event.id);
    if ((exit_status = ttk_input_end(tips)) != 0) break;
    if (ttk_guard_take_resumed()) clearok(curscr, TRUE); /* after Ctrl-Z and fg: all again */
    if (!consumed && key == 'q') break;
  }
  ttk_free(tips);
  endwin();
  ttk_guard_remove();
  return exit_status;
}
