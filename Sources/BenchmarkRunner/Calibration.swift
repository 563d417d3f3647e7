import Foundation

/// Two reference loops every worker process measures before its groups: one
/// bound by the core (a chain of dependent xor-shift-multiplies) and one bound by
/// memory (a pointer chase through 32 MiB). Their medians, per process, say
/// how fast this host is at this moment; comparing them with a baseline's
/// tells whether the baseline's times can be judged here at all.
public struct Calibration: Codable, Sendable, Hashable {
  /// Nanoseconds per step of each loop, one median per worker process.
  public var cpuNanoseconds: [Double]
  public var memoryNanoseconds: [Double]
  /// The quickest probe of a core in the run (``QuietCore``): the host's
  /// quiet state, which the kept samples were measured in; `nil` where none ran.
  public var quietProbeNanoseconds: Double?

  public init(cpuNanoseconds: [Double], memoryNanoseconds: [Double], quietProbeNanoseconds: Double? = nil) {
    self.cpuNanoseconds = cpuNanoseconds
    self.memoryNanoseconds = memoryNanoseconds
    self.quietProbeNanoseconds = quietProbeNanoseconds
  }

  /// The titles under which workers report the loops (never groups of a suite).
  public static let cpuTitle = "calibration/cpu"
  public static let memoryTitle = "calibration/memory"

  static let settings = MeasurementSettings(
    samples: 5, minimumSampleNanoseconds: 1_000_000, warmUpNanoseconds: 3_000_000)

  /// The two loops as benchmarks.
  public static var benchmarks: [Benchmark] {
    [
      Benchmark(cpuTitle, operations: 4096) {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return {
          // Xor-shift-multiply: unlike a multiply-add, no closed form lets the compiler
          // fold or reassociate the chain, so every step waits for the one before.
          for _ in 0..<4096 { state = (state ^ (state >> 29)) &* 0xBF58_476D_1CE4_E5B9 }
          blackHole(state)
        }
      },
      Benchmark(memoryTitle, operations: 4096) {
        // A single random cycle through 4 M slots (32 MiB), so every step is a cache miss.
        // (A debug build's times mean nothing; a small cycle keeps its setup quick.)
        #if DEBUG
          let count = 1 << 12
        #else
          let count = 1 << 22
        #endif
        var next = [Int](repeating: 0, count: count)
        var order = Array(0..<count)
        var generator = SplitMix64(seed: 7)
        order.shuffle(using: &generator)
        for index in 0..<count { next[order[index]] = order[(index + 1) % count] }
        var position = order[0]
        return {
          next.withUnsafeBufferPointer { next in
            for _ in 0..<4096 { position = next[position] }
          }
          blackHole(position)
        }
      },
    ]
  }

  /// The loops measured in this process.
  public static func measureHere() -> [GroupMeasurement] {
    benchmarks.map { Measurer.measure($0, settings: settings) }
  }

  /// Calibration from the measurements of worker processes (their calibration titles).
  public init?(_ measurements: [GroupMeasurement]) {
    let cpu = measurements.filter { $0.title == Self.cpuTitle }.map { Statistics.median($0.samples) }
    let memory = measurements.filter { $0.title == Self.memoryTitle }.map { Statistics.median($0.samples) }
    guard !cpu.isEmpty, !memory.isEmpty else { return nil }
    self.init(cpuNanoseconds: cpu, memoryNanoseconds: memory)
  }

  /// Both calibrations' processes together.
  public func pooled(with other: Calibration) -> Calibration {
    let probes = [quietProbeNanoseconds, other.quietProbeNanoseconds].compactMap { $0 }
    return Calibration(
      cpuNanoseconds: cpuNanoseconds + other.cpuNanoseconds,
      memoryNanoseconds: memoryNanoseconds + other.memoryNanoseconds, quietProbeNanoseconds: probes.min())
  }
}

/// Whether a baseline's times can be judged against a run's: the same kind
/// of machine, the same clock, and reference loops that run as fast here as there.
///
/// Speed is judged as the verdicts judge a group: by the 95% interval of the
/// ratio over processes, not by the ratio alone. A loop whose processes
/// spread by 5% moves its median by as much between two runs minutes apart;
/// only an interval that lies wholly beyond the tolerance says the host changed.
public struct HostMatch: Sendable, Hashable {
  public var sameHost: Bool
  /// The reference loop's time here over its time in the baseline, where both were measured.
  public var cpuRatio: Double?
  public var memoryRatio: Double?
  /// Their 95% intervals over processes.
  public var cpuRange: ClosedRange<Double>?
  public var memoryRange: ClosedRange<Double>?
  /// Why the hosts differ, for the line before the table; empty when they do not.
  public var reason: String
  /// The fingerprints differ (CPU model, cores, architecture, SIMD extensions).
  public var otherKind: Bool
  /// The samples were timed with other clocks (``RunResult/clock``).
  public var otherClock: Bool

  /// The core-bound loop, or the reference group, whose whole interval lies
  /// further from 1 than this has moved: another host of the same kind, or
  /// this one in another state (a frequency cap, neighbours that slow every group).
  public static let tolerance = 0.05
  /// The same for the memory-bound loop, whose latency follows the neighbours'
  /// memory traffic: on this project's host it moved by ±13% between runs
  /// minutes apart at one load, and by ×0.76 while the groups moved by +5%;
  /// only a move beyond this says the memory system is another.
  public static let memoryTolerance = 0.25

  /// The run's quickest probe of a core over the baseline's (``QuietCore``), where both have one.
  public var quietProbeRatio: Double?

  /// The suite's reference group's median here over its median in the baseline, where both have it.
  public var referenceRatio: Double?
  public var referenceRange: ClosedRange<Double>?
  public var referenceTitle: String?

  /// Whether a ratio's interval lies wholly beyond `tolerance`.
  static func moved(_ range: ClosedRange<Double>, tolerance: Double = tolerance) -> Bool {
    range.lowerBound > 1 + tolerance || range.upperBound < 1 / (1 + tolerance)
  }

  /// The ratio of medians of `new` over `old` (processes of samples) and its interval.
  static func ratio(_ old: [[Double]], _ new: [[Double]]) -> (ratio: Double, range: ClosedRange<Double>)? {
    let (oldMedian, newMedian) = (Statistics.median(old.flatMap { $0 }), Statistics.median(new.flatMap { $0 }))
    let interval = Statistics.medianRatioInterval(old, new)
    guard oldMedian > 0, interval.low.isFinite, interval.high.isFinite else { return nil }
    return (newMedian / oldMedian, min(interval.low, interval.high)...max(interval.low, interval.high))
  }

  public init(baseline: RunResult, current: RunResult) {
    otherKind = !baseline.machine.isComparable(to: current.machine)
    otherClock = baseline.sampleClock != current.sampleClock
    // The suite's reference group (the one others are reported against) is code
    // that does not change between builds: when it runs at another speed, the
    // host is in another state, and every group's time moved with it. Its
    // interval is the verdicts' own (processes, then samples), so the luck of
    // a process, which once moved it ×1.28 a minute after a baseline, is not taken for a state.
    var referenceMoved = false
    let references = current.groups.compactMap(\.reference)
    if let title = references.max(by: { a, b in references.count { $0 == a } < references.count { $0 == b } }),
      let old = baseline.group(title), let new = current.group(title),
      let reference = Self.ratio(old.samplesByProcess, new.samplesByProcess)
    {
      referenceTitle = title
      referenceRatio = reference.ratio
      referenceRange = reference.range
      referenceMoved = Self.moved(reference.range)
    }
    // The loops' medians, one per process: each process is one draw of the host's state.
    var loopsMoved = false
    if let old = baseline.calibration, let new = current.calibration {
      let cpu = Self.ratio(old.cpuNanoseconds.map { [$0] }, new.cpuNanoseconds.map { [$0] })
      let memory = Self.ratio(old.memoryNanoseconds.map { [$0] }, new.memoryNanoseconds.map { [$0] })
      (cpuRatio, cpuRange) = (cpu?.ratio, cpu?.range)
      (memoryRatio, memoryRange) = (memory?.ratio, memory?.range)
      loopsMoved =
        (cpu.map { Self.moved($0.range) } ?? false)
        || (memory.map { Self.moved($0.range, tolerance: Self.memoryTolerance) } ?? false)
    }
    // Samples are kept from quiet cores only: a run that never found a core as
    // quiet as the baseline's (or a baseline that never did) measured another state.
    var quietMoved = false
    if let old = baseline.calibration?.quietProbeNanoseconds, let new = current.calibration?.quietProbeNanoseconds {
      let ratio = new / old
      quietProbeRatio = ratio
      quietMoved = Self.moved(ratio...ratio, tolerance: QuietCore.tolerance)
    }
    sameHost = !otherKind && !otherClock && !loopsMoved && !referenceMoved && !quietMoved
    guard !sameHost else {
      reason = ""
      return
    }
    var words: String
    if otherKind {
      words =
        "baseline recorded on another host (\(baseline.machine.cpuModel), \(baseline.machine.logicalCores) cores, \(baseline.machine.simd.joined(separator: " ")); here \(current.machine.cpuModel), \(current.machine.logicalCores) cores, \(current.machine.simd.joined(separator: " ")))"
    } else if otherClock {
      words = "baseline timed in \(baseline.sampleClock), this run in \(current.sampleClock)"
    } else {
      words = "baseline recorded on another host, or on this one in another state"
    }
    func shown(_ ratio: Double, _ range: ClosedRange<Double>?) -> String {
      "×\(Report.number(ratio))"
        + (range.map { " (95% interval ×\(Report.number($0.lowerBound))–\(Report.number($0.upperBound)))" } ?? "")
    }
    var ratios: [String] = []
    if let referenceTitle, let referenceRatio {
      ratios.append("\(referenceTitle) runs \(shown(referenceRatio, referenceRange)) as long here")
    }
    if let quietProbeRatio, quietMoved {
      ratios.append("the quietest core ran the probe ×\(Report.number(quietProbeRatio)) as long here")
    }
    if let cpuRatio, let memoryRatio {
      ratios.append(
        "the reference loop \(shown(cpuRatio, cpuRange)), the memory loop \(shown(memoryRatio, memoryRange))")
    }
    reason = words + (ratios.isEmpty ? "" : ": " + ratios.joined(separator: "; "))
  }
}
