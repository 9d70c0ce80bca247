import CCursesSupport
import CNcurses

#if canImport(Glibc)
  import Glibc
#endif

// What the terminal layer and the demo's batch modes both need from the C library, written
// once: package-internal, not part of the API.

/// Whether the character type the C library uses now (`LC_CTYPE`) has the UTF-8 codeset.
package func codesetIsUTF8() -> Bool {
  guard let codeset = tk_codeset() else { return false }
  // Compared as the C string it is, ASCII letters in either case: no String, no case mapping.
  return strcasecmp(codeset, "UTF-8") == 0 || strcasecmp(codeset, "UTF8") == 0
}

/// Whether a UTF-8 character type is installed for ncurses to take and draw UTF-8 with
/// (`C.UTF-8`, which the terminal session falls back to under a locale that is not UTF-8, else
/// `en_US.UTF-8`), whatever the user's own locale is. Loaded once, and kept for measuring what
/// curses will draw (``CellGrid/cursesCannotPlace(_:)``).
package func utf8LocaleIsInstalled() -> Bool {
  cs_utf8_locale_installed() != 0
}

/// Writes every byte to `fd`, retrying short and interrupted writes, and waiting for the
/// descriptor to take more when it is non-blocking and full (another program may have left the
/// terminal so); returns the error text on failure, nil on success. A quit signal while it
/// waits is the caller's to honour (`tg_blocking_begin`: the handler ends the program).
package func writeAll(_ bytes: [UInt8], to fd: Int32) -> String? {
  bytes.withUnsafeBytes { writeAll($0, to: fd) }
}

/// ``writeAll(_:to:)`` for bytes in memory the caller holds.
package func writeAll(_ buffer: UnsafeRawBufferPointer, to fd: Int32) -> String? {
  var offset = 0
  while offset < buffer.count {
    let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
    if written > 0 {
      offset += written
    } else if written < 0 && errno == EINTR {
      continue
    } else if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
      var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
      if poll(&descriptor, 1, -1) < 0 && errno != EINTR { return String(cString: strerror(errno)) }
      if descriptor.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { return "the terminal hung up" }
      continue
    } else if written == 0 {
      return "nothing written"
    } else {
      return strerror(errno).map { String(cString: $0) } ?? "error \(errno)"
    }
  }
  return nil
}
