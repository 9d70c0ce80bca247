import CNcurses

#if canImport(Glibc)
  import Glibc
#endif

// What the demo's modes need from the C library: the demo's own, as any program's would be
// (the terminal layer keeps its own, which are no part of its API).

/// Whether the character type the C library uses now (`LC_CTYPE`) has the UTF-8 codeset.
func codesetIsUTF8() -> Bool {
  guard let codeset = tk_codeset() else { return false }
  return strcasecmp(codeset, "UTF-8") == 0 || strcasecmp(codeset, "UTF8") == 0
}

/// Whether a UTF-8 character type (`C.UTF-8`, else `en_US.UTF-8`) is installed for ncurses to
/// take and draw UTF-8 with, whatever the user's own locale is.
func utf8LocaleIsInstalled() -> Bool {
  tk_utf8_locale_installed() != 0
}

/// Writes every byte to `fd`, retrying short and interrupted writes; returns the error text on
/// failure, nil on success.
func writeAll(_ bytes: [UInt8], to fd: Int32) -> String? {
  bytes.withUnsafeBytes { buffer -> String? in
    var offset = 0
    while offset < buffer.count {
      let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
      if written > 0 {
        offset += written
      } else if written < 0 && errno == EINTR {
        continue
      } else if written == 0 {
        return "nothing written"
      } else {
        return strerror(errno).map { String(cString: $0) } ?? "error \(errno)"
      }
    }
    return nil
  }
}
