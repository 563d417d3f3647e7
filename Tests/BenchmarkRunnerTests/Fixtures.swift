import BenchmarkRunner

/// A result with one group per (title, samples, allocations) triple.
func result(_ groups: [(String, [Double], Int)], machine: MachineFingerprint? = nil) -> RunResult {
  var run = RunResult(
    suite: "default", settings: .quick,
    groups: groups.map { title, samples, allocations in
      // Four processes, as the runner measures by default.
      GroupResult(
        merging: stride(from: 0, to: samples.count, by: max(1, samples.count / 4)).map { start in
          ProcessMeasurement(
            title: title, operations: 10,
            samples: Array(samples[start..<min(samples.count, start + samples.count / 4)]),
            allocationsPerRun: allocations, bytesPerRun: allocations * 32, instructionsPerOperation: nil)
        })
    }, commit: "test")
  if let machine { run.machine = machine }
  return run
}

/// `count` samples around `center` with a deterministic ±`spread` jitter.
func samples(_ center: Double, count: Int = 60, spread: Double = 0.03, seed: UInt64 = 1) -> [Double] {
  var state = seed
  return (0..<count).map { _ in
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    let unit = Double(state >> 11) / Double(1 << 53)
    return center * (1 + spread * (2 * unit - 1))
  }
}
