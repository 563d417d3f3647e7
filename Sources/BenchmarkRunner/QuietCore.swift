import CMeasurement

/// Keeps samples off cores that a neighbour slows down.
///
/// On this project's host (two vCPUs of a shared EPYC), a core runs work that
/// needs the whole core ×1.5–2 as long for seconds at a time, while another
/// tenant keeps its sibling thread busy; one core or both are slowed about 40 %
/// of the time. Processes of one build then split into a fast mode and a slow one
/// (a group's process medians 48–50 ns or 75–87 ns), which no number of
/// processes averages away. A latency-bound loop does not see it: that is why the
/// probe (``ac_probe_ns()``) is core-bound work, timed before and after every sample.
///
/// A worker moves to the quietest core it may run on when its probe runs slower
/// than its best; the parent keeps only the samples whose probes ran within
/// ``tolerance`` of the quietest probe of the run (``GroupResult/init(merging:quietProbe:)``).
public struct QuietCore {
  /// How much slower than the run's quietest probe a sample's probes may run and the sample still count.
  public static let tolerance = 0.05

  /// Whether this build and system can probe and move between cores (Linux).
  public static let available = ac_cpus_allowed() > 0

  /// How long a sample may wait for a quiet core before it is taken anyway
  /// (and then, its probes slow, left out by the parent).
  public static let patienceNanoseconds: UInt64 = 20_000_000

  /// The quickest probe this thread has run, or the run's so far, if quicker.
  public private(set) var best = Double.infinity
  private let cores = Int(ac_cpus_allowed())
  private var pinned: Int?

  /// `quiet`: the quickest probe the run has seen in other processes, if any.
  public init(quiet: Double? = nil) {
    if let quiet, quiet > 0 { best = quiet }
  }

  /// Whether a probe's time counts as a quiet core's.
  public func isQuiet(_ time: Double) -> Bool { time <= best * (1 + Self.tolerance) }

  /// Runs the probe where the thread is; its nanoseconds.
  public mutating func probe() -> Double {
    let time = ac_probe_ns()
    best = Swift.min(best, time)
    return time
  }

  /// Probes where the thread is, and where that runs slower than the best,
  /// tries the other cores and stays on the quickest; that core's probe.
  public mutating func settle() -> Double {
    var time = probe()
    guard cores > 1, !isQuiet(time) else { return time }
    let here = pinned ?? Int(ac_current_cpu())
    var chosen = here
    for core in 0..<cores where core != here {
      guard ac_pin_cpu(Int32(core)) == 0 else { continue }
      let there = probe()
      if there < time {
        time = there
        chosen = core
      }
      if isQuiet(time) { break }
    }
    if chosen >= 0 && ac_pin_cpu(Int32(chosen)) == 0 {
      pinned = chosen
    } else {
      _ = ac_unpin()
      pinned = nil
    }
    return time
  }

  /// Settles, again and again while no core is quiet, for at most
  /// ``patienceNanoseconds``: neighbours leave a core for moments even in busy spells.
  public mutating func awaitQuiet() -> Double {
    let deadline = ac_now_ns() + Self.patienceNanoseconds
    var time = settle()
    while !isQuiet(time) && ac_now_ns() < deadline { time = settle() }
    return time
  }

  /// Lets the thread run anywhere again.
  public mutating func release() {
    if pinned != nil { _ = ac_unpin() }
    pinned = nil
  }
}

/// The run's quiet level: the quickest probe of a core seen in any of its
/// measurements so far, so that the processes a round adds are kept to the
/// run's quiet level, not to their own (see ``QuietCore``). A reference: every
/// copy of what measures a run shares one.
public final class QuietFloor {
  private var nanoseconds = Double.infinity

  public init() {}

  /// The quickest probe seen so far, if any.
  public var level: Double? { nanoseconds.isFinite ? nanoseconds : nil }

  /// Takes in the probes of `measurements`.
  public func note(_ measurements: some Sequence<ProcessMeasurement>) {
    for measurement in measurements { nanoseconds = min(nanoseconds, measurement.probes?.min() ?? .infinity) }
  }
}
