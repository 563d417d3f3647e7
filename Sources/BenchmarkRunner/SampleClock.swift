import CMeasurement

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The clock samples are timed with: the measuring thread's CPU time.
///
/// A body runs on one thread and never waits, so its CPU time is its cost;
/// wall time adds whatever else ran on the core meanwhile. On this project's
/// 2-core host, with neighbours building, a loop's process medians spread by
/// 33 % (interquartile range) in wall time and by 7 % in CPU time; see
/// docs/BENCHMARKS.md, "Hosts". Where the system has no such clock, wall time.
public enum SampleClock {
  /// What result files record as their clock (``RunResult/clock``); the other is `wall time`.
  public static let threadCPUTime = "thread CPU time"

  /// The same, with only the samples taken on a quiet core (``QuietCore``).
  public static let threadCPUTimeQuietCores = "thread CPU time, quiet cores"

  /// The clock's name, as this build times samples. Times kept from quiet
  /// cores alone are another clock: a baseline of all samples is not judged against them.
  public static let name: String =
    available ? (QuietCore.available ? threadCPUTimeQuietCores : threadCPUTime) : "wall time"

  private static let available: Bool = {
    var now = timespec()
    return clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now) == 0
  }()

  /// Nanoseconds on the clock (of this thread's CPU time, or of wall time).
  @inline(__always)
  public static func now() -> UInt64 {
    guard available else { return ac_now_ns() }
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
  }
}
