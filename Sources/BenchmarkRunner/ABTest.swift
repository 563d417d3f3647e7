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

  /// Runs the test: ``Confirmation`` with A B A′ rounds as its pairing (no
  /// processes added: groups whose time is not the same are measured again in
  /// fresh rounds, which carry their own control). `measure(side, titles)`
  /// measures one build once, in a fresh process, over the given groups (all
  /// of the selection when `nil`).
  public func run<Failure: Error>(
    progress: (String) -> Void, measure: (Side, [String]?) throws(Failure) -> RunResult
  ) throws(Failure) -> Outcome {
    // The pairing keeps its closures; the procedure returns before this function does.
    try withoutActuallyEscaping(progress) { (progress) throws(Failure) -> Outcome in
      try withoutActuallyEscaping(measure) { (measure) throws(Failure) -> Outcome in
        try confirmed(progress: progress, measure: measure)
      }
    }
  }

  func confirmed<Failure: Error>(
    progress: @escaping (String) -> Void, measure: @escaping (Side, [String]?) throws(Failure) -> RunResult
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
    let pairing = Confirmation.Pairing<[Side: RunResult], Failure>(
      judge: { judged($0).comparison }, judgeAgain: { fresh, _ in judged(fresh).comparison },
      measure: { (titles, _) throws(Failure) in try interleave(titles, "again: ") },
      pooled: { a, b in a.merging(b) { RunResult.pooling([$0, $1]) } },
      processes: { Check.processes($0[.b]!) }, fresh: (rounds, " in \(rounds) fresh rounds"),
      confirms: .changedOrInconclusive)
    let outcome = try Confirmation().verdict(
      of: first, measuredIn: 0, pairing: pairing, report: progress, clock: { 0 })
    return Outcome(comparison: outcome.comparison, control: judged(first).control)
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
