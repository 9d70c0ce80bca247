#define _GNU_SOURCE
#include "CTextWidth.h"
#include <locale.h>
#include <pthread.h>
#include <wchar.h>

#if !defined(__linux__) || !defined(__GLIBC__)
#error "TooltipKit builds on Linux with glibc only: CTextWidth needs glibc's wcwidth and its C.UTF-8 locale (see the README's Platforms)"
#endif

static locale_t utf8_locale = (locale_t)0;
static pthread_once_t utf8_once = PTHREAD_ONCE_INIT;

static void load_utf8_locale(void) {
  utf8_locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
  if (utf8_locale == (locale_t)0) {
    utf8_locale = newlocale(LC_CTYPE_MASK, "en_US.UTF-8", (locale_t)0);
  }
}

int tk_width_available(void) {
  pthread_once(&utf8_once, load_utf8_locale);
  return utf8_locale != (locale_t)0;
}

int tk_scalar_width(unsigned int scalar) {
  if (scalar >= 0x20 && scalar < 0x7F) return 1;
  pthread_once(&utf8_once, load_utf8_locale);
  if (utf8_locale == (locale_t)0) return -1;
  /* uselocale is per thread: the caller's own locale is put back at once. */
  locale_t previous = uselocale(utf8_locale);
  int width = wcwidth((wchar_t)scalar);
  uselocale(previous);
  return width;
}
