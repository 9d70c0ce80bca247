#if canImport(Glibc)
  import Glibc
#endif

/// The monotonic clock the terminal layer stamps mouse events with, read as a `Duration` since
/// an arbitrary origin (the system's boot).
///
/// Long-press deadlines, press times and ticks must come from one clock; this is it.
package enum MonotonicClock {
  /// The current time.
  package static var now: Duration {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
  }
}
