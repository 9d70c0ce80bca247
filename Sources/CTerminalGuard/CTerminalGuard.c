#define _GNU_SOURCE
#include "CTerminalGuard.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

/* Mouse off (every mode curses may have asked for), keypad transmit off, attributes off,
   cursor shown, main screen. */
static const char reset_sequence[] =
    "\033[?1000l\033[?1002l\033[?1003l\033[?1005l\033[?1006l\033[?1015l"
    "\033[?1l\033>"
    "\033[0m\033[?25h\033[?1049l\r\n";

static int saved_fds[2] = {-1, -1};
static struct termios saved_modes[2];

static const int fault_signals[] = {SIGSEGV, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE};
#define FAULT_COUNT (sizeof(fault_signals) / sizeof(fault_signals[0]))
static struct sigaction previous_actions[FAULT_COUNT];
static volatile sig_atomic_t installed = 0;

void tg_save(int input_fd, int output_fd) {
  int fds[2] = {input_fd, output_fd};
  for (int i = 0; i < 2; i++) {
    saved_fds[i] = -1;
    if (fds[i] >= 0 && isatty(fds[i]) && tcgetattr(fds[i], &saved_modes[i]) == 0) {
      saved_fds[i] = fds[i];
    }
  }
}

void tg_restore_modes(void) {
  for (int i = 0; i < 2; i++) {
    if (saved_fds[i] >= 0) (void)tcsetattr(saved_fds[i], TCSANOW, &saved_modes[i]);
  }
}

const char *tg_reset_sequence(void) { return reset_sequence; }

static void write_reset(void) {
  int fd = saved_fds[1];
  if (fd < 0) return;
  int flags = fcntl(fd, F_GETFL);
  if (flags != -1) (void)fcntl(fd, F_SETFL, flags | O_NONBLOCK);
  const char *p = reset_sequence;
  size_t left = sizeof(reset_sequence) - 1;
  while (left > 0) {
    ssize_t n = write(fd, p, left);
    if (n > 0) {
      p += n;
      left -= (size_t)n;
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else {
      break; /* EAGAIN, EIO (hung up): give up rather than wait */
    }
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
     backtracer, or the default action). */
  for (size_t i = 0; i < FAULT_COUNT; i++) {
    if (fault_signals[i] == sig) (void)sigaction(sig, &previous_actions[i], NULL);
  }
  /* A bad access or an illegal instruction happens again when the handler returns, now
     reaching the previous handler with its real context. A breakpoint trap does not repeat,
     and abort() would skip the previous handler and end the program itself: both are raised
     again, to arrive as soon as this handler returns. */
  if (sig == SIGTRAP || sig == SIGABRT) raise(sig);
}

void tg_install_fault_handlers(void) {
  if (installed) return;
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
