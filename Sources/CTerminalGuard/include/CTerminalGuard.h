#ifndef CTERMINALGUARD_H
#define CTERMINALGUARD_H

/* Terminal restoring that works where Swift cannot run: inside a fault handler, and on a
   hangup when the terminal may be gone. Everything here is async-signal-safe. */

#include <stddef.h>

/* Sets the bytes the guard writes: `reset` at a crash, a quit signal during a blocking call, or
   exit() (every mode off, cursor shown, main screen), and `stop` before the program stops on
   Ctrl-Z (the modes asked for beside curses' own, off). Each is copied, up to 512 bytes. Call
   it before installing any handler; until then nothing is written. */
void tg_set_sequences(const unsigned char *reset, size_t reset_count, const unsigned char *stop,
                      size_t stop_count);

/* Saves the terminal modes of `input_fd` and `output_fd` (each when it is a terminal) before
   curses changes them; the other calls put them back. */
void tg_save(int input_fd, int output_fd);

/* The output descriptor tg_save saved (the terminal the program draws on), -1 when it was
   not a terminal. */
int tg_output_fd(void);

/* Installs handlers for SIGSEGV, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE and SIGSYS that
   restore the saved modes, write the reset sequences, then hand the signal on to the handler that was there
   before (the Swift runtime's backtracer, or the default action). The first call also has
   exit() restore the terminal while the handlers are installed (atexit). */
void tg_install_fault_handlers(void);

/* Puts back the handlers that were there before tg_install_fault_handlers. */
void tg_remove_fault_handlers(void);

/* Restores the saved modes (TCSANOW: never waits for output to drain) and the descriptors'
   O_NONBLOCK flag as it was when saved. */
void tg_restore_modes(void);

/* Restores the saved modes and writes the reset sequences (main screen, cursor shown, mouse
   reporting off, keypad off, attributes off) without blocking: the output is made
   non-blocking for the write and put back after. When the terminal takes no output (it
   stopped reading, or output was suspended by tcflow or by an XOFF the terminal sent),
   suspended output is restarted and the queued output, a frame nobody will see, is dropped
   so the reset fits. */
void tg_restore_all(void);

/* Installs a handler for every signal whose default action ends the process, but the faults
   above: HUP INT QUIT PIPE ALRM TERM USR1 USR2 POLL PROF VTALRM XCPU XFSZ STKFLT PWR and
   SIGRTMIN to SIGRTMAX (signal(7)). The handler records the first one (tg_pending_signal) for
   the program's loop to end cleanly, and is installed without SA_RESTART so a blocking read
   returns; during a call that may block on the terminal (tg_blocking_begin: a read waiting for
   input, a write) it restores the terminal itself, without
   blocking, and ends the process with 128 + the signal. Signals the parent left ignored or
   blocked are handled and unblocked all the same. Nothing here depends on curses. */
void tg_install_quit_handlers(void);

/* Puts back the actions that were there before tg_install_quit_handlers. */
void tg_remove_quit_handlers(void);

/* The first quit signal received since tg_install_quit_handlers, 0 for none. */
int tg_pending_signal(void);

/* Marks the start of a call that may block on the terminal, to be matched by tg_blocking_end:
   a read waiting for input (a signal arriving just before the read starts would leave it
   waiting), or a write (one blocked on a terminal that stopped reading never returns). A quit
   signal arriving before the end restores the terminal and ends the process from the handler.
   Returns the quit signal already pending (0 for none): the caller should then neither read
   nor write, and return, so the loop ends the program. */
int tg_blocking_begin(void);

/* Marks the end of a call begun with tg_blocking_begin. */
void tg_blocking_end(void);

/* Installs a SIGTSTP handler (Ctrl-Z) in front of the one there now (curses' own, which
   newterm installs): it writes the stop sequence (tg_set_sequences: every mouse tracking mode,
   SGR mouse reports and bracketed paste off), then hands the stop on. Curses switches off only the
   mouse mode it asked for itself; the program asks for its modes again after SIGCONT. Does
   nothing when SIGTSTP is ignored (a shell without job control). Call it after newterm. */
void tg_install_stop_handler(void);

/* The size curses holds now (after the program's newterm, and after each resize the guard hands
   it): while the program is stopped, curses' own resume reads the terminal's size and resizes
   to it unchecked (its doupdate after endwin). The stop handler pins LINES and COLUMNS to this
   size around curses' handler, so curses keeps it, and the resize reaches curses capped, from
   the component (CursesTooltips, TerminalGuard.blocking) after the resume. */
void tg_set_screen_size(int columns, int lines);

/* Puts back the SIGTSTP handler that was there before tg_install_stop_handler. */
void tg_remove_stop_handler(void);

/* How many times the program continued after a stop that went through the handler
   tg_install_stop_handler installs (it counts when the stop it handed on returns). A part of
   the program that asked for modes of its own compares it with the count it last saw, to ask
   for them again after a resume without taking the resume flag the program's loop reads. */
unsigned tg_resume_count(void);

#endif
