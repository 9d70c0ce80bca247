#ifndef CTEXTWIDTH_H
#define CTEXTWIDTH_H

/// The display width glibc's wcwidth gives a Unicode scalar under a UTF-8 locale, whatever
/// the process's own locale is: -1 for a scalar that cannot be measured (controls,
/// unassigned code points), 0 for combining marks, 1 or 2 otherwise.
int tk_scalar_width(unsigned int scalar);

/// Whether the fixed UTF-8 locale could be loaded (C.UTF-8, else en_US.UTF-8).
int tk_width_available(void);

#endif
