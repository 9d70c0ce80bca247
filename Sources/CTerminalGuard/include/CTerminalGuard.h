#ifndef CTERMINALGUARD_H
#define CTERMINALGUARD_H

/* Terminal restoring that works where Swift cannot run: inside a fault handler, and on a
   hangup when the terminal may be gone. Everything here is async-signal-safe. */

/* Saves the terminal modes of `input_fd` and `output_fd` (each when it is a terminal) before
   curses changes them; the other calls put them back. */
void tg_save(int input_fd, int output_fd);

/* Installs handlers for SIGSEGV, SIGILL, SIGTRAP, SIGABRT, SIGBUS and SIGFPE that restore the
   saved modes, write the reset sequences, then hand the signal on to the handler that was there
   before (the Swift runtime's backtracer, or the default action). */
void tg_install_fault_handlers(void);

/* Puts back the handlers that were there before tg_install_fault_handlers. */
void tg_remove_fault_handlers(void);

/* Restores the saved modes (TCSANOW: never waits for output to drain). */
void tg_restore_modes(void);

/* Restores the saved modes and writes the reset sequences (main screen, cursor shown, mouse
   reporting off, keypad off, attributes off) without blocking: the output is made
   non-blocking for the write and put back after. */
void tg_restore_all(void);

/* The reset sequences tg_restore_all writes, for tests. */
const char *tg_reset_sequence(void);

#endif
