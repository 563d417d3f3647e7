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

  /// What the check found, and what the rounds of added processes did.
  public struct Outcome: Sendable {
    public var comparison: Comparison
    /// The run with the processes the rounds added (what was judged).
    public var result: RunResult
    public var rounds: Int
    /// Processes added, by group title.
    public var added: [String: Int]
    /// Seconds the rounds took, and the budget they had.
    public var seconds: Double
    public var budget: Double
    /// Groups still in doubt when the rounds stopped, and why they stopped.
    public var stillInDoubt: [String]
    public var stopped: Stop

    public enum Stop: String, Sendable {
      case settled = "nothing in doubt"
      case budget = "the budget would be exceeded"
      case limit = "the process limit reached"
      case off = "no budget"
    }

    /// One line on what the rounds did, for the end of the output.
    public var summary: String {
      let spent = "\(Report.trimmed(seconds)) s of the \(Report.trimmed(budget)) s budget"
      guard rounds > 0 else {
        let doubt = stillInDoubt.isEmpty ? "" : "; \(stillInDoubt.count) group(s) in doubt, \(stopped.rawValue)"
        return "sensitivity: no processes added (\(stopped == .settled ? "nothing in doubt" : spent))\(doubt)"
      }
      let groups = added.sorted { $0.key < $1.key }.map { "\($0.key) +\($0.value)" }.joined(separator: ", ")
      let left =
        stillInDoubt.isEmpty
        ? "all settled" : "\(stillInDoubt.count) still in doubt (\(stopped.rawValue))"
      return
        "sensitivity: \(rounds) round(s) added processes to \(added.count) group(s) in doubt (\(groups)) in \(spent); \(left)"
    }
  }

  /// Judges `current` (measured in `seconds`) against `baseline`, restricted
  /// to the groups measured (a filtered run is not told of missing groups).
  /// `measure(titles, processes)` measures those groups in that many fresh
  /// processes; `nil` measures nothing more. `clock` reads seconds.
  public func judge<Failure: Error>(
    _ current: RunResult, against baseline: RunResult, measuredIn seconds: Double, report: (String) -> Void,
    clock: () -> Double, measure: (([String], Int) throws(Failure) -> RunResult)?
  ) throws(Failure) -> Outcome {
    var pooled = current
    var comparison = Comparison(baseline: Self.restricted(baseline, to: pooled), current: pooled, policy: policy)
    let firstProcesses = current.groups.map(\.processes).max() ?? 1
    // What one group costs in one process: from the first measurement, then from the latest round.
    var perUnit = seconds / Double(max(1, current.groups.count * firstProcesses))
    var (rounds, used, added) = (0, 0.0, [String: Int]())
    var stopped = Outcome.Stop.settled
    while let measure, budget > 0 {
      let doubt = comparison.undecided
      let open = doubt.filter { (pooled.group($0)?.processes ?? maximumProcesses) < maximumProcesses }
      guard !doubt.isEmpty else {
        stopped = .settled
        break
      }
      guard !open.isEmpty else {
        stopped = .limit
        break
      }
      // As many processes as the widest group would need, within the round's bounds and the budget left.
      let needed = open.compactMap { title -> Double? in
        guard let group = comparison.groups.first(where: { $0.title == title }), let factor = group.processesNeeded
        else { return nil }
        return (factor - 1) * Double(group.current?.processes ?? 1)
      }.max() ?? Double(processesPerRound.lowerBound)
      var count = min(max(Int(needed.rounded(.up)), processesPerRound.lowerBound), processesPerRound.upperBound)
      let affordable = Int(((budget - used) / (perUnit * Double(open.count))).rounded(.down))
      count = min(count, affordable)
      guard count >= 1 else {
        stopped = .budget
        break
      }
      report(
        "in doubt: \(open.count) group(s); measuring them in \(count) more process(es): \(open.joined(separator: ", "))\n")
      let start = clock()
      let fresh = try measure(open, count)
      let took = max(0, clock() - start)
      used += took
      perUnit = max(perUnit, took / Double(open.count * count))
      rounds += 1
      for title in open { added[title, default: 0] += count }
      pooled = RunResult.pooling([pooled, fresh])
      comparison = Comparison(baseline: Self.restricted(baseline, to: pooled), current: pooled, policy: policy)
    }
    if measure == nil || budget <= 0 { stopped = comparison.undecided.isEmpty ? .settled : .off }
    let stillInDoubt = comparison.undecided
    // A change stands only if fresh processes show it again.
    let changes = comparison.changes
    if let measure, !changes.isEmpty {
      report(
        "re-measuring \(changes.count) group(s) whose time changed, in fresh processes: \(changes.joined(separator: ", "))\n")
      let fresh = try measure(changes, firstProcesses)
      comparison.confirm(
        with: Comparison(baseline: Self.restricted(baseline, to: fresh), current: fresh, policy: policy))
    }
    return Outcome(
      comparison: comparison, result: pooled, rounds: rounds, added: added, seconds: used, budget: budget,
      stillInDoubt: stillInDoubt, stopped: stopped)
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
  /// (shards that overlap, or one given twice), another suite, and unless
  /// allowed, another commit or another host.
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
      guard allowMixedHosts || other.machine == first.result.machine else {
        throw ToolFailure(
          "\(path): recorded on another host (\(other.machine.cpuModel), \(other.machine.logicalCores) cores) than \(first.path) (--allow-mixed-hosts to merge them)",
          status: .toolError)
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
