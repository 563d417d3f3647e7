/// An interleaved A/B test of two builds on one machine: per round, A, then
/// B, then A again (A′), each in a fresh process, so that drift of the
/// machine falls on both sides alike; A against A′ is an A/A control in the
/// same job. B is judged against A and A′ pooled, with each group's time
/// threshold widened by half of what the control measured between the
/// identical builds (``Comparability/init(interleaved:head:control:overrides:)``):
/// the host's state is what the control measures, never code of either build.
/// Groups whose verdict is not "same" are measured again in fresh rounds and
/// keep a verdict only if it shows again.
public struct ABTest: Sendable {
  public enum Side: String, Sendable, CaseIterable {
    case a = "A"
    case b = "B"
    case control = "A′"
  }

  /// What the test found.
  public struct Outcome: Sendable {
    /// A and A′ pooled against B, suspects confirmed or dropped by re-measurement;
    /// its ``Comparison/comparability`` holds the allowances the control measured.
    public var comparison: Comparison
    /// A against A′ (time only).
    public var control: Comparison
    /// The control found a regression or an improvement between identical
    /// builds: the machine drifted. It widens B's thresholds; it switches nothing off.
    public var controlShowsDifference: Bool { [.regression, .improvement].contains(control.overall) }

    /// The test's verdict (an advisory group's regression is shown, never the verdict).
    public var verdict: Verdict { comparison.overall }

    /// The exit status: the comparison's, so that a gate that judged nothing it was asked to is status 6.
    public var status: ExitStatus { comparison.status }

    /// The groups with a regression (advisory ones too: they are explained as the others are).
    public var regressions: [String] {
      comparison.groups.filter { $0.verdict(gating: comparison.policy.gated) == .regression }.map(\.title)
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
    let first = try interleave(nil, "")
    let (control, comparison) = judged(first)
    var confirmed = comparison
    let suspects = comparison.suspects
    if !suspects.isEmpty {
      progress(
        "re-measuring \(suspects.count) suspect group(s) in \(rounds) fresh rounds: \(suspects.joined(separator: ", "))\n"
      )
      // The fresh rounds carry their own control: the host's state when they ran.
      confirmed.confirm(with: judged(try interleave(suspects, "again: ")).comparison)
    }
    return Outcome(comparison: confirmed, control: control)
  }

  /// One set of rounds judged: A against A′ (the control, time only, no
  /// allowance), then A and A′ pooled against B with the control's allowances.
  func judged(_ sides: [Side: RunResult]) -> (control: Comparison, comparison: Comparison) {
    var controlPolicy = policy
    controlPolicy.gated = .time
    controlPolicy.named = []
    controlPolicy.expectsEveryGroup = false
    let (a, b, aPrime) = (sides[.a]!, sides[.b]!, sides[.control]!)
    let control = Comparison(
      baseline: a, current: aPrime, policy: controlPolicy,
      comparability: Comparability(interleaved: a, head: aPrime, control: nil, overrides: policy.overrides))
    let comparability = Comparability(interleaved: a, head: b, control: control, overrides: policy.overrides)
    let comparison = Comparison(
      baseline: RunResult.pooling([a, aPrime]), current: b, policy: policy, comparability: comparability)
    return (control, comparison)
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
    /// The exit status's number and the verdict line (what was judged, and with what allowance).
    public var status: Int32
    public var verdictLine: String
    /// The A/A control's verdict; a difference there widens B's time thresholds (``Comparability``).
    public var controlVerdict: Verdict
    public var comparison: ComparisonDocument
    public var control: ComparisonDocument
    public var explanations: [Explanation]

    public init(base: Build, head: Build, rounds: Int, outcome: Outcome, explanations: [Explanation]) {
      self.base = base
      self.head = head
      self.rounds = rounds
      verdict = outcome.verdict
      status = outcome.status.code
      verdictLine = outcome.comparison.verdictLine
      controlVerdict = outcome.control.overall
      comparison = ComparisonDocument(outcome.comparison)
      control = ComparisonDocument(outcome.control)
      self.explanations = explanations
    }
  }
}
