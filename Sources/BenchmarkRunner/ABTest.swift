/// An interleaved A/B test of two builds on one machine: per round, A, then
/// B, then A again (A′), each in a fresh process, so that drift of the
/// machine falls on both sides alike; A against A′ is an A/A control in the
/// same job. Groups whose verdict is not "same" are measured again in fresh
/// rounds and keep a verdict only if it shows again. When the control itself
/// shows a difference between identical builds, nothing is judged: the
/// verdict is "inconclusive".
public struct ABTest: Sendable {
  public enum Side: String, Sendable, CaseIterable {
    case a = "A"
    case b = "B"
    case control = "A′"
  }

  /// What the test found.
  public struct Outcome: Sendable {
    /// A against B, suspects confirmed or dropped by re-measurement.
    public var comparison: Comparison
    /// A against A′ (time only).
    public var control: Comparison
    /// The control found a regression or an improvement between identical builds.
    public var controlShowsDifference: Bool { [.regression, .improvement].contains(control.overall) }
    /// The metrics whose verdicts stand: all gated ones, or when the control
    /// shows a difference only the exact ones (allocations, instructions).
    var standing: GatedMetrics {
      controlShowsDifference ? comparison.policy.gated.subtracting(.time) : comparison.policy.gated
    }

    /// The test's verdict: the comparison's; when the control shows a
    /// difference, a regression of an exact metric, or else inconclusive.
    /// An advisory group's regression is shown, never the verdict.
    public var verdict: Verdict {
      guard controlShowsDifference else { return comparison.overall }
      return comparison.groups.contains { $0.status(gating: standing) == .regression } ? .regression : .inconclusive
    }

    /// The groups with a regression that stands (advisory ones too: they are explained as the others are).
    public var regressions: [String] {
      comparison.groups.filter { $0.verdict(gating: standing) == .regression }.map(\.title)
    }
  }

  public var rounds: Int
  public var policy: ComparisonPolicy

  public init(rounds: Int, policy: ComparisonPolicy = ComparisonPolicy()) {
    precondition(rounds >= 1, "an A/B test needs at least one round")
    self.rounds = rounds
    self.policy = policy
  }

  /// Runs the test. `measure(side, titles)` measures one build once, in a
  /// fresh process, over the given groups (all of the selection when `nil`).
  public func run<Failure: Error>(
    progress: (String) -> Void, measure: (Side, [String]?) throws(Failure) -> RunResult
  ) throws(Failure) -> Outcome {
    func interleave(_ titles: [String]?, _ label: String) throws(Failure) -> [Side: RunResult] {
      var results: [Side: [RunResult]] = [:]
      for round in 1...rounds {
        progress("\(label)round \(round)/\(rounds): A B A′\n")
        for side in Side.allCases { results[side, default: []].append(try measure(side, titles)) }
      }
      return results.mapValues(RunResult.pooling)
    }
    var controlPolicy = policy
    controlPolicy.gated = .time
    let first = try interleave(nil, "")
    var comparison = Comparison(baseline: first[.a]!, current: first[.b]!, policy: policy)
    var control = Comparison(baseline: first[.a]!, current: first[.control]!, policy: controlPolicy)
    let suspects = comparison.suspects
    if !suspects.isEmpty && ![.regression, .improvement].contains(control.overall) {
      progress(
        "re-measuring \(suspects.count) suspect group(s) in \(rounds) fresh rounds: \(suspects.joined(separator: ", "))\n"
      )
      let again = try interleave(suspects, "again: ")
      comparison.confirm(with: Comparison(baseline: again[.a]!, current: again[.b]!, policy: policy))
      let recheck = Comparison(baseline: again[.a]!, current: again[.control]!, policy: controlPolicy)
      if [.regression, .improvement].contains(recheck.overall) { control = recheck }
    }
    return Outcome(comparison: comparison, control: control)
  }
}

extension RunResult {
  /// Several runs of the same build pooled into one: each group's processes
  /// side by side, as if one run had used them all. The first run's provenance stands.
  public static func pooling(_ runs: [RunResult]) -> RunResult {
    precondition(!runs.isEmpty, "nothing to pool")
    var pooled = runs[0]
    var order: [String] = []
    var measurements: [String: [GroupMeasurement]] = [:]
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
      // Callgrind's cycle estimate is of one run, not of a process: the first run's stands.
      if let counted = runs.lazy.compactMap({ $0.group(title) }).first(where: { $0.estimatedCyclesPerOperation != nil })
      {
        group.estimatedCyclesPerOperation = counted.estimatedCyclesPerOperation
        group.level1MissesPerOperation = counted.level1MissesPerOperation
        group.lastLevelMissesPerOperation = counted.lastLevelMissesPerOperation
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
  public var measurements: [GroupMeasurement] {
    samplesByProcess.map { samples in
      GroupMeasurement(
        title: title, operations: operations, samples: samples, allocationsPerRun: allocationsPerRun,
        bytesPerRun: Int((bytesPerOperation * Double(operations)).rounded()),
        instructionsPerOperation: instructionsPerOperation, reference: reference,
        bytesProcessed: inputBytesPerOperation.map { Int(($0 * Double(operations)).rounded()) },
        peakHeapBytesPerRun: peakHeapBytesPerRun, peakResidentBytes: peakResidentBytes)
    }
  }
}

extension ABTest {
  /// Where a regression comes from: one group's instructions per function in both builds.
  public struct Explanation: Codable, Sendable {
    public var group: String
    public var functions: [FunctionProfile.Change]

    public init(group: String, functions: [FunctionProfile.Change]) {
      self.group = group
      self.functions = functions
    }
  }

  /// An A/B test as a JSON document (`ab --json`).
  public struct Document: Codable, Sendable {
    public struct Build: Codable, Sendable {
      public var ref: String
      public var commit: String

      public init(ref: String, commit: String) {
        self.ref = ref
        self.commit = commit
      }
    }

    public var base: Build
    public var head: Build
    public var rounds: Int
    public var verdict: Verdict
    /// The A/A control's verdict; a regression or improvement there makes the test inconclusive.
    public var controlVerdict: Verdict
    public var comparison: ComparisonDocument
    public var control: ComparisonDocument
    public var explanations: [Explanation]

    public init(base: Build, head: Build, rounds: Int, outcome: Outcome, explanations: [Explanation]) {
      self.base = base
      self.head = head
      self.rounds = rounds
      verdict = outcome.verdict
      controlVerdict = outcome.control.overall
      comparison = ComparisonDocument(outcome.comparison)
      control = ComparisonDocument(outcome.control)
      self.explanations = explanations
    }
  }
}
