import Foundation

/// What the two calibration loops measured in a run (``Calibration/benchmarks``,
/// in CalibrationLoops.swift): their medians, per process, say how fast this
/// host was at that moment; compared with a baseline's, they say how far the
/// host's state moved (``Comparability``).
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

  /// Calibration from the measurements of worker processes (their calibration titles).
  public init?(_ measurements: [ProcessMeasurement]) {
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
