/// The verdict procedure of `run` and `check`: a run compared with a
/// baseline, group by group. A group whose interval is too wide to settle its
/// time against its threshold gets more fresh processes, pooled with its
/// first ones, round by round within a budget of time; then groups whose time
/// shows a change are measured again in fresh processes and keep the verdict
/// only if it shows again.
public struct Check {
  public var policy: ComparisonPolicy
  /// Seconds the rounds of added processes may take (0: none).
  public var budget: Double
  /// Fresh processes a round adds at least, and at most.
  public var processesPerRound = 2...6
  /// No group is measured in more processes than this.
  public var maximumProcesses = 48

  public init(policy: ComparisonPolicy, budget: Double = 0) {
    self.policy = policy
    self.budget = budget
  }

  /// What the rounds of added processes did.
  public struct Rounds: Sendable {
    /// The result with the processes the rounds added.
    public var result: RunResult
    public var count = 0
    /// Processes added, by group title.
    public var added: [String: Int] = [:]
    /// Seconds the rounds took, and the budget they had.
    public var seconds = 0.0
    public var budget: Double
    public var stopped = Stop.settled

    public enum Stop: String, Sendable {
      case settled = "nothing in doubt"
      case budget = "the budget would be exceeded"
      case limit = "the process limit reached"
      case off = "no budget"
    }

    /// `sensitivity: 2 round(s) added processes to 3 group(s) … in 8.1 s of the 20 s budget`.
    public func sentence(_ what: String) -> String {
      let spent = "\(Report.trimmed(seconds)) s of the \(Report.trimmed(budget)) s budget"
      guard count > 0 else {
        return "sensitivity: no processes added (\(stopped == .settled ? "nothing in doubt" : spent))"
      }
      let groups = added.sorted { $0.key < $1.key }.map { "\($0.key) +\($0.value)" }.joined(separator: ", ")
      return "sensitivity: \(count) round(s) added processes to \(added.count) \(what) (\(groups)) in \(spent)"
    }
  }

  /// Adds fresh processes to the groups `inDoubt` names, round by round, while
  /// a round's predicted time fits the budget left. `inDoubt` gives each
  /// group's title and how many more processes it would need (`nil`: unknown).
  /// A round's time is predicted from what one group took in one process so far.
  func addProcesses<Failure: Error>(
    to start: RunResult, measuredIn seconds: Double, report: (String) -> Void, clock: () -> Double,
    measure: (([String], Int) throws(Failure) -> RunResult)?, inDoubt: (RunResult) -> [(String, Double?)]
  ) throws(Failure) -> Rounds {
    var rounds = Rounds(result: start, budget: budget)
    guard let measure, budget > 0 else {
      rounds.stopped = inDoubt(start).isEmpty ? .settled : .off
      return rounds
    }
    let processes = start.groups.map(\.processes).max() ?? 1
    var perUnit = seconds / Double(max(1, start.groups.count * processes))
    while true {
      let doubt = inDoubt(rounds.result)
      let open = doubt.filter { (rounds.result.group($0.0)?.processes ?? maximumProcesses) < maximumProcesses }
      guard !doubt.isEmpty else {
        rounds.stopped = .settled
        break
      }
      guard !open.isEmpty else {
        rounds.stopped = .limit
        break
      }
      // As many processes as the widest group needs, within a round's bounds and the budget left.
      let needed = open.compactMap(\.1).max() ?? Double(processesPerRound.lowerBound)
      let affordable = Int(((budget - rounds.seconds) / (perUnit * Double(open.count))).rounded(.down))
      let count = min(
        max(Int(needed.rounded(.up)), processesPerRound.lowerBound), processesPerRound.upperBound, affordable)
      guard count >= 1 else {
        rounds.stopped = .budget
        break
      }
      let titles = open.map(\.0)
      report(
        "in doubt: \(titles.count) group(s); measuring them in \(count) more process(es): \(titles.joined(separator: ", "))\n"
      )
      let began = clock()
      let fresh = try measure(titles, count)
      let took = max(0, clock() - began)
      rounds.seconds += took
      perUnit = max(perUnit, took / Double(titles.count * count))
      rounds.count += 1
      for title in titles { rounds.added[title, default: 0] += count }
      rounds.result = RunResult.pooling([rounds.result, fresh])
    }
    return rounds
  }

  /// What the check found, and what the rounds of added processes did.
  public struct Outcome: Sendable {
    public var comparison: Comparison
    public var rounds: Rounds
    /// The run with the processes the rounds added (what was judged).
    public var result: RunResult { rounds.result }

    /// One line on what the rounds did, and on the groups still in doubt, for the end of the output.
    public var summary: String {
      let inDoubt = comparison.inDoubt
      let helpless = inDoubt.filter { !comparison.undecided.contains($0) }
      // Nothing more processes would settle, yet groups in doubt: no "nothing in doubt" before them.
      var text =
        rounds.count == 0 && rounds.stopped == .settled && !inDoubt.isEmpty
        ? "sensitivity: no processes added" : rounds.sentence("group(s) in doubt")
      if inDoubt.isEmpty {
        if rounds.count > 0 { text += "; all settled" }
      } else {
        text += "; \(inDoubt.count) group(s) still in doubt"
        if !helpless.isEmpty {
          text += " (\(helpless.count) that no number of this run's processes would settle: see their rows)"
        } else if rounds.stopped != .settled {
          text += " (\(rounds.stopped.rawValue))"
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
    func compared(_ run: RunResult) -> Comparison {
      Comparison(baseline: filtered ? Self.restricted(baseline, to: run) : baseline, current: run, policy: policy)
    }
    let rounds = try addProcesses(
      to: current, measuredIn: seconds, report: report, clock: clock, measure: measure,
      inDoubt: { run in
        let comparison = compared(run)
        return comparison.undecided.map { title in
          let group = comparison.groups.first { $0.title == title }
          let extra = group?.processesNeeded.map { ($0 - 1) * Double(group?.current?.processes ?? 1) }
          return (title, extra)
        }
      })
    var comparison = compared(rounds.result)
    // A change stands only if fresh processes show it again.
    let changes = comparison.changes
    if let measure, !changes.isEmpty {
      report(
        "re-measuring \(changes.count) group(s) whose time changed, in fresh processes: \(changes.joined(separator: ", "))\n"
      )
      let fresh = try measure(changes, current.groups.map(\.processes).max() ?? 1)
      var again = policy
      again.expectsEveryGroup = false
      comparison.confirm(
        with: Comparison(
          baseline: Self.restricted(baseline, to: fresh), current: fresh, policy: again,
          comparability: comparison.comparability))
    }
    return Outcome(comparison: comparison, rounds: rounds)
  }

  /// A baseline that sees far enough: a group whose own median is known to
  /// worse than ± half its effect floor gets more fresh processes, in rounds
  /// within the budget, since every comparison with it carries that spread and
  /// more processes of a run cannot remove it.
  public func settleBaseline<Failure: Error>(
    _ result: RunResult, measuredIn seconds: Double, report: (String) -> Void, clock: () -> Double,
    measure: (([String], Int) throws(Failure) -> RunResult)?
  ) throws(Failure) -> Rounds {
    let policy = policy
    return try addProcesses(
      to: result, measuredIn: seconds, report: report, clock: clock, measure: measure,
      inDoubt: { run in
        run.groups.compactMap { group -> (String, Double?)? in
          // Advisory groups too: the suite's reference group also tells the host's state.
          let limits = policy.limits(for: group.title)
          guard policy.gated.contains(.time) else { return nil }
          let interval = Statistics.medianInterval(group.samplesByProcess)
          let halfWidth = (interval.high - interval.low) / 2 / group.nanosecondsPerOperation.median
          let target = limits.time / 2
          guard halfWidth > target else { return nil }
          return (group.title, (halfWidth * halfWidth / (target * target) - 1) * Double(group.processes))
        }
      })
  }

  /// `baseline` with only the groups of `result`.
  public static func restricted(_ baseline: RunResult, to result: RunResult) -> RunResult {
    var copy = baseline
    let titles = Set(result.groups.map(\.title))
    copy.groups = baseline.groups.filter { titles.contains($0.title) }
    return copy
  }
}

extension RunResult {
  /// Result files of one suite joined into one, e.g. the shards of a CI
  /// matrix. Refused, naming the file and the group: a group in two files
  /// (shards that overlap, or one given twice), another suite, another clock
  /// or sample filter, and unless allowed, another commit or another kind of host (``Comparability``).
  public static func merging(
    _ files: [(path: String, result: RunResult)], allowMixedCommits: Bool = false, allowMixedHosts: Bool = false
  ) throws(ToolFailure) -> RunResult {
    guard let first = files.first else { throw ToolFailure("nothing to merge", status: .usage) }
    var merged = first.result
    var origin = Dictionary(merged.groups.map { ($0.title, first.path) }, uniquingKeysWith: { a, _ in a })
    for (path, other) in files.dropFirst() {
      guard other.suite == merged.suite else {
        throw ToolFailure(
          "\(path): suite '\(other.suite)' differs from \(first.path)'s '\(merged.suite)'", status: .toolError)
      }
      guard allowMixedCommits || other.commit == first.result.commit else {
        throw ToolFailure(
          "\(path): commit \(other.commit) differs from \(first.path)'s \(first.result.commit) (--allow-mixed-commits to merge them)",
          status: .toolError)
      }
      // One rule with every comparison: the same method always, the same kind of host unless allowed.
      if let refusal = Comparability.mergeRefusal(first, (path, other), allowMixedHosts: allowMixedHosts) {
        throw ToolFailure(refusal, status: .toolError)
      }
      for group in other.groups {
        if let earlier = origin[group.title] {
          throw ToolFailure(
            "\(path): group '\(group.title)' is also in \(earlier) (shards overlap, or a file is given twice)",
            status: .toolError)
        }
        origin[group.title] = path
        merged.groups.append(group)
      }
      if let calibration = other.calibration {
        merged.calibration = merged.calibration.map { $0.pooled(with: calibration) } ?? calibration
      }
    }
    return merged
  }
}
