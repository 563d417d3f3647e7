/// `run` and `check`'s pairing of ``Confirmation``: a run against a stored
/// baseline, group by group. A group whose interval is too wide to settle its
/// time against its threshold gets more fresh processes, pooled with its
/// first ones, round by round within a budget of time; then groups whose time
/// shows a change are measured again in fresh processes and keep the verdict
/// only if it shows again.
public struct Check {
  public var policy: ComparisonPolicy
  /// The procedure, with its budget of time and bounds on processes.
  public var confirmation: Confirmation
  /// Seconds the rounds of added processes may take (0: none).
  public var budget: Double {
    get { confirmation.budget }
    set { confirmation.budget = newValue }
  }
  /// No group is measured in more processes than this.
  public var maximumProcesses: Int {
    get { confirmation.maximumProcesses }
    set { confirmation.maximumProcesses = newValue }
  }

  public init(policy: ComparisonPolicy, budget: Double = 0) {
    self.policy = policy
    confirmation = Confirmation(budget: budget)
  }

  /// What the rounds of added processes did.
  public typealias Additions = Confirmation.Additions<RunResult>

  /// What the check found, and what the rounds of added processes did.
  public struct Outcome: Sendable {
    public var comparison: Comparison
    public var additions: Additions
    /// The fresh processes of the groups whose change was confirmed or dropped, if any.
    public var remeasured: RunResult?

    /// What the verdicts rest on, as the tables show it: the run with the
    /// processes the rounds added, each group measured again to confirm its change
    /// as that measurement found it (``Comparison/confirm(with:)`` takes its figures).
    /// The one result a run writes.
    public var result: RunResult {
      guard let remeasured else { return additions.result }
      var result = additions.result
      for index in result.groups.indices {
        if let again = remeasured.group(result.groups[index].title) { result.groups[index] = again }
      }
      return result
    }

    /// One line on what the rounds did, and on the groups still in doubt, for the end of the output.
    public var summary: String {
      let inDoubt = comparison.inDoubt
      let helpless = comparison.groups.filter { inDoubt.contains($0.title) && !$0.moreProcessesCouldSettle }
      // Nothing more processes would settle, yet groups in doubt: no "nothing in doubt" before them.
      var text =
        additions.count == 0 && additions.stopped == .settled && !inDoubt.isEmpty
        ? "sensitivity: no processes added" : additions.sentence("group(s) in doubt")
      if inDoubt.isEmpty {
        if additions.count > 0 { text += "; all settled" }
      } else {
        text += "; \(inDoubt.count) group(s) still in doubt"
        if !helpless.isEmpty {
          text += " (\(helpless.count) that no number of this run's processes would settle: see their rows)"
        } else if additions.stopped != .settled {
          text += " (\(additions.stopped.rawValue))"
        }
      }
      return text
    }
  }

  /// Judges `current` (measured in `seconds`) against `baseline`. A run
  /// filtered on purpose (`filtered`) is compared with the baseline's groups it
  /// measured; a run of the whole suite with all of them, so that a group it
  /// lacks is missing (``Comparison/unjudged``). `measure(titles, processes)`
  /// measures those groups in that many fresh processes; `nil` measures nothing
  /// more. `clock` reads seconds. The re-measurement is judged with the
  /// comparability of what it confirms: one decision, not a second one.
  public func judge<Failure: Error>(
    _ current: RunResult, against baseline: RunResult, filtered: Bool = true, measuredIn seconds: Double,
    report: (String) -> Void, clock: () -> Double, measure: (([String], Int) throws(Failure) -> RunResult)?
  ) throws(Failure) -> Outcome {
    var policy = policy
    policy.expectsEveryGroup = !filtered
    var again = policy
    again.expectsEveryGroup = false
    let pairing = Confirmation.Pairing<RunResult, Failure>(
      judge: { run in
        Comparison(baseline: filtered ? Self.restricted(baseline, to: run) : baseline, current: run, policy: policy)
      },
      judgeAgain: { fresh, first in
        Comparison(
          baseline: Self.restricted(baseline, to: fresh), current: fresh, policy: again,
          comparability: first.comparability)
      }, measure: measure, pooled: { RunResult.pooling([$0, $1]) }, processes: Self.processes,
      fresh: (current.groups.map(\.processes).max() ?? 1, ", in fresh processes"), confirms: .changed)
    let outcome = try confirmation.verdict(
      of: current, measuredIn: seconds, pairing: pairing, report: report, clock: clock)
    return Outcome(comparison: outcome.comparison, additions: outcome.additions, remeasured: outcome.remeasured)
  }

  /// A baseline that sees far enough: a group whose own median is known to
  /// worse than ± half its effect floor gets more fresh processes, in rounds
  /// within the budget, since every comparison with it carries that spread and
  /// more processes of a run cannot remove it.
  public func settleBaseline<Failure: Error>(
    _ result: RunResult, measuredIn seconds: Double, report: (String) -> Void, clock: () -> Double,
    measure: (([String], Int) throws(Failure) -> RunResult)?
  ) throws(Failure) -> Additions {
    let policy = policy
    let pairing = Confirmation.Pairing<RunResult, Failure>(
      judge: { Comparison(baseline: $0, current: $0, policy: policy) }, judgeAgain: { _, first in first },
      measure: measure, pooled: { RunResult.pooling([$0, $1]) }, processes: Self.processes, fresh: (0, ""),
      confirms: .changed)
    return try confirmation.addProcesses(
      to: result, measuredIn: seconds, report: report, clock: clock, pairing: pairing,
      inDoubt: { run in
        run.groups.compactMap { group -> (String, Double?)? in
          // Advisory groups too: the suite's reference group also tells the host's state.
          let limits = policy.limits(for: group.title)
          guard policy.gated.contains(.time) else { return nil }
          let interval = Statistics.medianInterval(group.samplesByProcess)
          let halfWidth = (interval.high - interval.low) / 2 / group.nanosecondsPerOperation.median
          let target = limits.timeThreshold / 2
          guard halfWidth > target else { return nil }
          return (group.title, (halfWidth * halfWidth / (target * target) - 1) * Double(group.processes))
        }
      })
  }

  /// Processes of each group of `run`, by title.
  static func processes(_ run: RunResult) -> [String: Int] {
    Dictionary(run.groups.map { ($0.title, $0.processes) }, uniquingKeysWith: { a, _ in a })
  }

  /// `baseline` with only the groups of `result`.
  public static func restricted(_ baseline: RunResult, to result: RunResult) -> RunResult {
    var copy = baseline
    let titles = Set(result.groups.map(\.title))
    copy.groups = baseline.groups.filter { titles.contains($0.title) }
    return copy
  }
}
