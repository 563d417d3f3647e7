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

  public init(cpuNanoseconds: [Double], memoryNanoseconds: [Double]) {
    self.cpuNanoseconds = cpuNanoseconds
    self.memoryNanoseconds = memoryNanoseconds
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
    Calibration(
      cpuNanoseconds: cpuNanoseconds + other.cpuNanoseconds,
      memoryNanoseconds: memoryNanoseconds + other.memoryNanoseconds)
  }
}

/// Whether a baseline's times can be judged against a run's: the same kind
/// of machine, and reference loops that run as fast here as there.
public struct HostMatch: Sendable, Hashable {
  public var sameHost: Bool
  /// The reference loop's time here over its time in the baseline, where both were measured.
  public var cpuRatio: Double?
  public var memoryRatio: Double?
  /// Why the hosts differ, for the line before the table; empty when they do not.
  public var reason: String

  /// A calibration or reference ratio further from 1 than this (calibration:
  /// or than three times the loops' own spread between processes) means
  /// another host, or the same host in another state (a frequency cap, a busy
  /// neighbour for the whole run).
  public static let tolerance = 0.05

  /// The suite's reference group's median here over its median in the baseline, where both have it.
  public var referenceRatio: Double?
  public var referenceTitle: String?

  public init(baseline: RunResult, current: RunResult) {
    // The suite's reference group (the one others are reported against) is
    // code that does not change between builds: when it runs at another
    // speed, the host is in another state (a neighbour, a frequency cap), and
    // every group's time moved with it. Measured here: between a baseline and
    // checks minutes later, the reference moved −16 % … +41 % while the groups
    // moved −19 % … +46 %, and judging those times gave a false improvement.
    var referenceMoved = false
    let references = current.groups.compactMap(\.reference)
    if let title = references.max(by: { a, b in references.count { $0 == a } < references.count { $0 == b } }),
      let old = baseline.group(title), let new = current.group(title)
    {
      let ratio = new.nanosecondsPerOperation.median / old.nanosecondsPerOperation.median
      referenceTitle = title
      referenceRatio = ratio
      referenceMoved =
        abs(log(ratio)) > log(1 + Self.tolerance)
        && Statistics.mannWhitneyP(processes: old.samplesByProcess, new.samplesByProcess) < 0.01
    }
    if let old = baseline.calibration, let new = current.calibration {
      func ratio(_ a: [Double], _ b: [Double]) -> (ratio: Double, spread: Double) {
        let (oldMedian, newMedian) = (Statistics.median(a), Statistics.median(b))
        func spread(_ values: [Double], _ median: Double) -> Double {
          guard values.count > 1 else { return 0 }
          let sorted = values.sorted()
          return (Statistics.quantile(sorted, 0.75) - Statistics.quantile(sorted, 0.25)) / median
        }
        return (newMedian / oldMedian, max(spread(a, oldMedian), spread(b, newMedian)))
      }
      let cpu = ratio(old.cpuNanoseconds, new.cpuNanoseconds)
      let memory = ratio(old.memoryNanoseconds, new.memoryNanoseconds)
      cpuRatio = cpu.ratio
      memoryRatio = memory.ratio
      let moved = [cpu, memory].contains { abs(log($0.ratio)) > max(Self.tolerance, 3 * $0.spread) }
      sameHost = !moved && !referenceMoved && baseline.machine.isComparable(to: current.machine)
    } else {
      sameHost = !referenceMoved && baseline.machine.isComparable(to: current.machine)
    }
    if sameHost {
      reason = ""
    } else {
      let otherKind = !baseline.machine.isComparable(to: current.machine)
      var words =
        otherKind
        ? "baseline recorded on another host" : "baseline recorded on another host, or on this one in another state"
      if otherKind {
        words +=
          " (\(baseline.machine.cpuModel), \(baseline.machine.logicalCores) cores, \(baseline.machine.simd.joined(separator: " ")); here \(current.machine.cpuModel), \(current.machine.logicalCores) cores, \(current.machine.simd.joined(separator: " ")))"
      }
      var ratios: [String] = []
      if let referenceTitle, let referenceRatio {
        ratios.append("\(referenceTitle) runs ×\(Report.number(referenceRatio)) as long here")
      }
      if let cpuRatio, let memoryRatio {
        ratios.append("the reference loop ×\(Report.number(cpuRatio)), the memory loop ×\(Report.number(memoryRatio))")
      }
      reason = words + (ratios.isEmpty ? "" : ": " + ratios.joined(separator: "; "))
    }
  }
}
