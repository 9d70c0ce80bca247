// The floor of any Swift program linked like tooltip-tui (static Swift stdlib): print a line,
// wait for a key.
#if canImport(Glibc)
  import Glibc
#endif

var key: UInt8 = 0
let line = "ready\n"
_ = line.withCString { write(1, $0, strlen($0)) }
exit(read(0, &key, 1) == 1 ? 0 : 1)
