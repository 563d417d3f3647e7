import Foundation

/// Two reference loops every worker process measures before its groups: one
/// bound by the core (a chain of dependent xor-shift-multiplies) and one bound by
/// memory (a pointer chase through 32 MiB). Their medians, per process, say
/// how fast this host is at this moment; compared with a baseline's, they
/// say how far the host's state moved (``Comparability``).
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
