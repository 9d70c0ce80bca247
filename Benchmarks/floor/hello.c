/* The floor of any C program: print a line, wait for a key. */
#include <unistd.h>

int main(void) {
  char key;
  if (write(1, "ready\n", 6) != 6) return 1;
  return read(0, &key, 1) == 1 ? 0 : 1;
}
