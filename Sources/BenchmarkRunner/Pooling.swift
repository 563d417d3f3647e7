/// Pooling: measurements of the same build taken apart and put together again,
/// so that processes measured at different times (an A/B test's rounds, the
/// processes ``Confirmation`` adds to groups in doubt) count as one run.
extension RunResult {
  /// Several runs of the same build pooled into one: each group's processes
  /// side by side, as if one run had used them all. The first run's provenance stands.
  public static func pooling(_ runs: [RunResult]) -> RunResult {
    precondition(!runs.isEmpty, "nothing to pool")
    var pooled = runs[0]
    var order: [String] = []
    var measurements: [String: [ProcessMeasurement]] = [:]
    for run in runs {
      for group in run.groups {
        if measurements[group.title] == nil { order.append(group.title) }
        measurements[group.title, default: []] += group.measurements
      }
    }
    pooled.groups = order.map { title in
      var group = GroupResult(merging: measurements[title]!)
      // Samples were left out when each run was merged; the pooled group counts them all.
      let left = runs.compactMap { $0.group(title)?.contendedSamples }
      group.contendedSamples = left.isEmpty ? nil : left.reduce(0, +)
      // What callgrind alone counts (cycles, misses, branches) is of one run, not of a
      // process: the first run's count stands.
      for metric in Metric.scalars where metric.fromProcess == nil {
        group[metric] = runs.lazy.compactMap({ $0.group(title)?[metric] }).first
      }
      return group
    }
    let calibrations = runs.compactMap(\.calibration)
    pooled.calibration = calibrations.dropFirst().reduce(calibrations.first) { $0?.pooled(with: $1) }
    return pooled
  }
}

extension GroupResult {
  /// The group taken apart again into what each process measured.
  public var measurements: [ProcessMeasurement] {
    samplesByProcess.map { samples in
      ProcessMeasurement(
        title: title, operations: operations, samples: samples, allocationsPerRun: allocationsPerRun,
        bytesPerRun: Int((bytesPerOperation * Double(operations)).rounded()),
        instructionsPerOperation: instructionsPerOperation, reference: reference,
        bytesProcessed: inputBytesPerOperation.map { Int(($0 * Double(operations)).rounded()) },
        peakHeapBytesPerRun: peakHeapBytesPerRun, peakResidentBytes: peakResidentBytes)
    }
  }
}
