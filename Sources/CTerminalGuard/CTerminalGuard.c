#define _GNU_SOURCE
#include "CTerminalGuard.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <stdatomic.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#if !defined(__linux__) || !defined(__GLIBC__)
#error "TooltipKit builds on Linux with glibc only: CTerminalGuard needs Linux signal numbers (SIGPWR, SIGSTKFLT, the real-time signals) and glibc (see the README's Platforms)"
#endif

/* The reset sequence (modes off, cursor shown, main screen) and the stop sequence (the modes
   asked for beside curses' own, off while the program is stopped), as the terminal layer's
   mode state spells them: handed over by tg_set_sequences before any handler can run. */
#define SEQUENCE_CAPACITY 512
static char reset_sequence[SEQUENCE_CAPACITY];
static size_t reset_length = 0;
static char stop_sequence[SEQUENCE_CAPACITY];
static size_t stop_length = 0;

void tg_set_sequences(const unsigned char *reset, size_t reset_count, const unsigned char *stop,
                      size_t stop_count) {
  reset_length = reset_count < SEQUENCE_CAPACITY ? reset_count : SEQUENCE_CAPACITY;
  memcpy(reset_sequence, reset, reset_length);
  stop_length = stop_count < SEQUENCE_CAPACITY ? stop_count : SEQUENCE_CAPACITY;
  memcpy(stop_sequence, stop, stop_length);
}

static int saved_fds[2] = {-1, -1};
static struct termios saved_modes[2];
/* The file status flags (O_NONBLOCK) of the saved descriptors, -1 when unknown. */
static int saved_flags[2] = {-1, -1};

static const int fault_signals[] = {SIGSEGV, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSYS};
#define FAULT_COUNT (sizeof(fault_signals) / sizeof(fault_signals[0]))
static struct sigaction previous_actions[FAULT_COUNT];
static volatile sig_atomic_t installed = 0;
/* Whether the user asked for the Swift runtime's backtracer (SWIFT_BACKTRACE set): only then
   may a crash wait at its interactive prompt. Read at install, never in the handler. */
static volatile sig_atomic_t backtracer_asked_for = 0;

void tg_save(int input_fd, int output_fd) {
  int fds[2] = {input_fd, output_fd};
  for (int i = 0; i < 2; i++) {
    saved_fds[i] = -1;
    saved_flags[i] = -1;
    if (fds[i] >= 0 && isatty(fds[i]) && tcgetattr(fds[i], &saved_modes[i]) == 0) {
      saved_fds[i] = fds[i];
      saved_flags[i] = fcntl(fds[i], F_GETFL);
    }
  }
}

int tg_output_fd(void) { return saved_fds[1]; }

void tg_restore_modes(void) {
  for (int i = 0; i < 2; i++) {
    if (saved_fds[i] < 0) continue;
    (void)tcsetattr(saved_fds[i], TCSANOW, &saved_modes[i]);
    /* O_NONBLOCK as it was (a program may clear it for its own reads and writes). */
    int flags = fcntl(saved_fds[i], F_GETFL);
    if (saved_flags[i] != -1 && flags != -1 && (flags & O_NONBLOCK) != (saved_flags[i] & O_NONBLOCK)) {
      (void)fcntl(saved_fds[i], F_SETFL, (flags & ~O_NONBLOCK) | (saved_flags[i] & O_NONBLOCK));
    }
  }
}

/* Writes the `length` bytes at `p` to `fd`, again after an interrupted write, as far as the
   terminal takes them: 1 when all of it was written, 0 at the first other failure (EAGAIN when
   the output is full and `fd` is non-blocking, EIO when it hung up). Async-signal-safe. */
static int write_all(int fd, const char *p, size_t length) {
  size_t left = length;
  while (left > 0) {
    ssize_t n = write(fd, p, left);
    if (n > 0) {
      p += n;
      left -= (size_t)n;
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else {
      return 0;
    }
  }
  return 1;
}

/* Writes what it can of the reset sequences without waiting; 1 when all of it was written. */
static int write_reset_once(int fd) { return write_all(fd, reset_sequence, reset_length); }

static void write_reset(void) {
  int fd = saved_fds[1];
  if (fd < 0) return;
  int flags = fcntl(fd, F_GETFL);
  if (flags != -1) (void)fcntl(fd, F_SETFL, flags | O_NONBLOCK);
  if (!write_reset_once(fd) && errno == EAGAIN) {
    /* The terminal is not taking output (it stopped reading, or output was suspended): what
       is queued is a frame nobody will see. Restart suspended output, drop the queue, and
       write the whole reset again into the room that leaves. TCOON alone restarts only output
       suspended by TCOOFF, not output a received XOFF stopped (while IXON is on, as it is
       before curses' modes are set): TCOOFF first makes either kind a TCOOFF suspension. */
    (void)tcflow(fd, TCOOFF);
    (void)tcflow(fd, TCOON);
    (void)tcflush(fd, TCOFLUSH);
    (void)write_reset_once(fd);
  }
  /* The flag belongs to the open file, which the shell shares: put it back. */
  if (flags != -1) (void)fcntl(fd, F_SETFL, flags);
}

void tg_restore_all(void) {
  int saved_errno = errno;
  write_reset();
  tg_restore_modes();
  errno = saved_errno;
}

static void fault_handler(int sig, siginfo_t *info, void *context) {
  (void)context;
  tg_restore_all();
  int sent = info == NULL || info->si_code <= 0;
  if (sent && !(sig == SIGABRT && info != NULL && info->si_pid == getpid())) {
    /* Sent by another process (kill -SEGV): there is no fault to report, and a backtracer
       that returns would let the program run on. End the program by the signal. */
    signal(sig, SIG_DFL);
    raise(sig);
    return;
  }
  /* A real fault, or abort(): hand over to whoever handled it before (the Swift runtime's
     backtracer, or the default action). The backtracer's default on a terminal is to wait 30 s
     for a key ("Press space to interact..."), with nobody having asked for it: unless the user
     set SWIFT_BACKTRACE, its standard input becomes /dev/null, where the wait ends at once and
     the crash report is still written. */
  if (!backtracer_asked_for) {
    int null_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (null_fd >= 0) {
      (void)dup2(null_fd, 0);
      (void)close(null_fd);
    }
  }
  for (size_t i = 0; i < FAULT_COUNT; i++) {
    if (fault_signals[i] == sig) (void)sigaction(sig, &previous_actions[i], NULL);
  }
  /* A bad access or an illegal instruction happens again when the handler returns, now
     reaching the previous handler with its real context. A breakpoint trap and a refused
     system call do not repeat, and abort() would skip the previous handler and end the
     program itself: these are raised again, to arrive as soon as this handler returns. */
  if (sig == SIGTRAP || sig == SIGABRT || sig == SIGSYS) raise(sig);
}

/* At exit() with the guard still installed (a program that exits from an error path without
   ending curses, or ncurses' own exit(1) when start_color cannot allocate): the terminal is
   restored as after a fault. A program that ended curses removed the guard first. */
static void restore_at_exit(void) {
  if (installed) tg_restore_all();
}

void tg_install_fault_handlers(void) {
  static int exit_registered = 0;
  if (!exit_registered) exit_registered = atexit(restore_at_exit) == 0;
  if (installed) return;
  backtracer_asked_for = getenv("SWIFT_BACKTRACE") != NULL;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_sigaction = fault_handler;
  action.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  for (size_t i = 0; i < FAULT_COUNT; i++) {
    (void)sigaction(fault_signals[i], &action, &previous_actions[i]);
  }
  installed = 1;
}

void tg_remove_fault_handlers(void) {
  if (!installed) return;
  for (size_t i = 0; i < FAULT_COUNT; i++) {
    (void)sigaction(fault_signals[i], &previous_actions[i], NULL);
  }
  installed = 0;
}

/* ---------------------------------------------------------------------------------------
   Quit signals: every signal whose default action ends the process, but the faults. */

/* The first quit signal received, 0 for none. */
static atomic_int pending_signal = 0;
/* How many calls that may block on the terminal are in progress (tg_blocking_begin minus
   tg_blocking_end). */
static atomic_int blocking_depth = 0;

#define MAX_QUIT_SIGNALS 64
static int quit_signals[MAX_QUIT_SIGNALS];
static int quit_count = 0;
/* The actions found in place that were not the default, side by side: nearly every signal's is
   the default (SIG_DFL, no flags, no mask), so the 152 bytes of each are kept only for the
   others, and the memory of a whole table is not touched at every start. */
static struct sigaction previous_quit_actions[MAX_QUIT_SIGNALS];
static int previous_quit_count = 0;
/* For each of quit_signals: 0 not handled, 1 handled over the default action, 2 + k handled
   over previous_quit_actions[k]. */
static unsigned char quit_handled[MAX_QUIT_SIGNALS];
static volatile sig_atomic_t quit_installed = 0;

/* signal(7): the signals whose default action is Term or Core, less the faults handled above
   and the two that cannot be caught (SIGKILL; SIGSTOP only stops). */
static void list_quit_signals(void) {
  if (quit_count > 0) return;
  static const int fixed[] = {
    SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGALRM, SIGTERM, SIGUSR1, SIGUSR2,
#ifdef SIGPOLL
    SIGPOLL,
#endif
    SIGPROF, SIGVTALRM, SIGXCPU, SIGXFSZ,
#ifdef SIGSTKFLT
    SIGSTKFLT,
#endif
#ifdef SIGPWR
    SIGPWR,
#endif
  };
  int count = 0;
  for (size_t i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++) quit_signals[count++] = fixed[i];
  /* The real-time signals glibc leaves to programs (it keeps the first two or three). */
  for (int sig = SIGRTMIN; sig <= SIGRTMAX && count < MAX_QUIT_SIGNALS; sig++) quit_signals[count++] = sig;
  quit_count = count;
}

/* Restores the terminal without blocking and ends the process with 128 + the pending signal. */
static void end_now(void) {
  int sig = atomic_load(&pending_signal);
  tg_restore_all();
  _exit(128 + sig);
}

static void quit_handler(int sig) {
  int none = 0;
  (void)atomic_compare_exchange_strong(&pending_signal, &none, sig);
  /* In a read waiting for input, or a write the terminal does not take, the program may never
     come back to look at the flag: end here. */
  if (atomic_load(&blocking_depth) > 0) end_now();
}

void tg_install_quit_handlers(void) {
  if (quit_installed) return;
  list_quit_signals();
  atomic_store(&pending_signal, 0);
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = quit_handler;
  action.sa_flags = 0; /* no SA_RESTART: a blocking read must return so the loop sees the flag */
  sigemptyset(&action.sa_mask);
  /* While one quit signal is handled, another must not start a second restore. */
  for (int i = 0; i < quit_count; i++) sigaddset(&action.sa_mask, quit_signals[i]);
  previous_quit_count = 0;
  for (int i = 0; i < quit_count; i++) {
    /* Even one the parent left ignored: like a blocked mask, an inherited SIG_IGN must not
       leave the program deaf to SIGINT or SIGTERM. */
    struct sigaction previous;
    if (sigaction(quit_signals[i], &action, &previous) != 0) {
      quit_handled[i] = 0;
    } else if (previous.sa_handler == SIG_DFL && previous.sa_flags == 0 && sigisemptyset(&previous.sa_mask)) {
      quit_handled[i] = 1;
    } else {
      previous_quit_actions[previous_quit_count] = previous;
      quit_handled[i] = (unsigned char)(2 + previous_quit_count++);
    }
  }
  sigset_t unblock;
  sigemptyset(&unblock);
  for (int i = 0; i < quit_count; i++) {
    if (quit_handled[i]) sigaddset(&unblock, quit_signals[i]);
  }
  (void)sigprocmask(SIG_UNBLOCK, &unblock, NULL);
  quit_installed = 1;
}

void tg_remove_quit_handlers(void) {
  if (!quit_installed) return;
  struct sigaction standard;
  memset(&standard, 0, sizeof standard);
  standard.sa_handler = SIG_DFL;
  sigemptyset(&standard.sa_mask);
  for (int i = 0; i < quit_count; i++) {
    if (quit_handled[i] == 1) (void)sigaction(quit_signals[i], &standard, NULL);
    if (quit_handled[i] >= 2) (void)sigaction(quit_signals[i], &previous_quit_actions[quit_handled[i] - 2], NULL);
    quit_handled[i] = 0;
  }
  quit_installed = 0;
}

int tg_pending_signal(void) { return atomic_load(&pending_signal); }

int tg_blocking_begin(void) {
  atomic_fetch_add(&blocking_depth, 1);
  return atomic_load(&pending_signal);
}

void tg_blocking_end(void) { atomic_fetch_sub(&blocking_depth, 1); }

/* ---------------------------------------------------------------------------------------
   Stops (SIGTSTP): the modes asked for beside curses' own are off while the program is
   stopped. */

static struct sigaction previous_stop_action;
static volatile sig_atomic_t stop_installed = 0;
/* How many stops the handler has come back from (the program continued after each). */
static atomic_uint resume_count = 0;

/* The size curses holds (tg_set_screen_size), and the environment entries that pin it while
   curses' own stop handler runs. */
static atomic_int screen_columns = 0;
static atomic_int screen_lines = 0;
static char pinned_lines[32];
static char pinned_columns[32];

void tg_set_screen_size(int columns, int lines) {
  atomic_store(&screen_columns, columns);
  atomic_store(&screen_lines, lines);
}

/* `name=value` into `buffer`, with no library call: for use in the handler. */
static void format_entry(char *buffer, const char *name, int value) {
  size_t at = 0;
  while (*name != 0) buffer[at++] = *name++;
  buffer[at++] = '=';
  char digits[12];
  size_t count = 0;
  do {
    digits[count++] = (char)('0' + value % 10);
    value /= 10;
  } while (value > 0 && count < sizeof digits);
  while (count > 0) buffer[at++] = digits[--count];
  buffer[at] = 0;
}

static void stop_handler(int sig) {
  int saved_errno = errno;
  int fd = saved_fds[1];
  if (fd >= 0) {
    /* A write the terminal does not take: a quit signal during it ends the program. */
    atomic_fetch_add(&blocking_depth, 1);
    (void)write_all(fd, stop_sequence, stop_length);
    atomic_fetch_sub(&blocking_depth, 1);
  }
  errno = saved_errno;
  struct sigaction previous = previous_stop_action;
  if (previous.sa_handler == SIG_DFL) {
    /* No handler of curses' to hand over to: stop as the default action would, and come back
       here for the next stop. */
    struct sigaction own;
    (void)sigaction(SIGTSTP, &previous, &own);
    sigset_t unblock;
    sigemptyset(&unblock);
    sigaddset(&unblock, SIGTSTP);
    (void)sigprocmask(SIG_UNBLOCK, &unblock, NULL);
    (void)kill(getpid(), SIGTSTP);
    (void)sigaction(SIGTSTP, &own, NULL);
  } else {
    /* Curses' handler ends curses, stops, and on the resume updates the screen, first taking
       the terminal's size as it finds it: a size that changed while the program was stopped
       would reach curses unchecked (a side past 32767 crashes it; 10000 x 1 to 1 x 10000 holds
       the union of both, gigabytes). LINES and COLUMNS, which curses prefers to the terminal's
       report, keep it at the size it has; the new size reaches it capped after the resume.
       (The environment is not async-signal-safe; neither is curses' handler, which this one
       hands the stop to as curses expects.) */
    int lines = atomic_load(&screen_lines), columns = atomic_load(&screen_columns);
    int pinned = lines > 0 && columns > 0;
    if (pinned) {
      format_entry(pinned_lines, "LINES", lines);
      format_entry(pinned_columns, "COLUMNS", columns);
      (void)putenv(pinned_lines);
      (void)putenv(pinned_columns);
    }
    if (previous.sa_flags & SA_SIGINFO) {
      /* Never so for curses' handler; a handler that wants its siginfo gets none here. */
      previous.sa_sigaction(sig, NULL, NULL);
    } else if (previous.sa_handler != SIG_IGN) {
      previous.sa_handler(sig);
    }
    if (pinned) {
      (void)unsetenv("LINES");
      (void)unsetenv("COLUMNS");
    }
  }
  /* Continued: the modes written off above are the program's to ask for again. */
  atomic_fetch_add(&resume_count, 1);
  errno = saved_errno;
}

unsigned tg_resume_count(void) { return atomic_load(&resume_count); }

void tg_install_stop_handler(void) {
  if (stop_installed) return;
  struct sigaction current;
  if (sigaction(SIGTSTP, NULL, &current) != 0 || current.sa_handler == SIG_IGN) return;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = stop_handler;
  action.sa_flags = 0; /* no SA_RESTART: the read a stop interrupted returns, and the loop sees
                          the resume */
  sigemptyset(&action.sa_mask);
  if (sigaction(SIGTSTP, &action, &previous_stop_action) == 0) stop_installed = 1;
}

void tg_remove_stop_handler(void) {
  if (!stop_installed) return;
  (void)sigaction(SIGTSTP, &previous_stop_action, NULL);
  stop_installed = 0;
}
