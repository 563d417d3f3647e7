/// The one verdict procedure of `check`, `ab` and `bisect`: judge a first
/// measurement; while groups are in doubt and the budget allows, add fresh
/// processes to them, pooled with their first ones, and judge again; then
/// measure the groups to confirm in fresh processes, and keep a verdict only if
/// it shows again (``Comparison/confirm(with:)``). What differs between the
/// commands is how the two sides are measured and paired (a ``Pairing``): a
/// run against a stored baseline (``Check``), interleaved A B A′ processes of
/// two builds (``ABTest``, which `bisect` runs for GOOD against BAD and for the
/// commit it found against its parent).
public struct Confirmation: Sendable {
  /// Seconds the rounds of added processes may take (0: none).
  public var budget: Double
  /// Fresh processes a round adds at least, and at most.
  public var processesPerRound = 2...6
  /// No group is measured in more processes than this.
  public var maximumProcesses = 48

  public init(budget: Double = 0) {
    self.budget = budget
  }

  /// Which groups the fresh processes confirm.
  public enum Scope: Sendable {
    /// Those whose time shows a change (``Comparison/changed``): what was in
    /// doubt has had its added processes.
    case changed
    /// Those whose time is anything but the same, inconclusive too: a pairing
    /// that adds no processes measures its doubts again in fresh ones instead.
    case changedOrInconclusive

    func titles(in comparison: Comparison) -> [String] {
      switch self {
      case .changed: return comparison.changed
      case .changedOrInconclusive:
        guard comparison.policy.gated.contains(.time) else { return [] }
        return comparison.groups.filter { [.regression, .inconclusive, .improvement].contains($0.time) }.map(\.title)
      }
    }

    var words: String { self == .changed ? "group(s) whose time changed" : "suspect group(s)" }
  }

  /// How the two sides of a comparison are measured and judged: what one
  /// measurement (`Runs`) holds, how two of them pool, and how fresh processes are judged.
  public struct Pairing<Runs, Failure: Error> {
    /// A measurement judged.
    public var judge: (Runs) -> Comparison
    /// Fresh processes of the groups to confirm judged, given the judgement they confirm.
    public var judgeAgain: (Runs, Comparison) -> Comparison
    /// `titles` measured in that many fresh processes (or rounds); `nil`: nothing more can be measured.
    public var measure: (([String], Int) throws(Failure) -> Runs)?
    /// A measurement and the processes added to it, as one.
    public var pooled: (Runs, Runs) -> Runs
    /// Processes of each group a measurement holds, by title.
    public var processes: (Runs) -> [String: Int]
    /// How many fresh processes (or rounds) a confirmation measures, and how that reads: ` in 6 fresh rounds`.
    public var fresh: (count: Int, words: String)
    public var confirms: Scope

    public init(
      judge: @escaping (Runs) -> Comparison, judgeAgain: @escaping (Runs, Comparison) -> Comparison,
      measure: (([String], Int) throws(Failure) -> Runs)?, pooled: @escaping (Runs, Runs) -> Runs,
      processes: @escaping (Runs) -> [String: Int], fresh: (count: Int, words: String), confirms: Scope
    ) {
      self.judge = judge
      self.judgeAgain = judgeAgain
      self.measure = measure
      self.pooled = pooled
      self.processes = processes
      self.fresh = fresh
      self.confirms = confirms
    }
  }

  /// What the procedure concluded, and what its rounds of added processes did.
  public struct Outcome<Runs> {
    /// The last judgement, its changes confirmed or dropped by fresh processes.
    public var comparison: Comparison
    public var additions: Additions<Runs>
    /// The fresh processes of the groups confirmed, if any: what their verdicts and figures now rest on.
    public var remeasured: Runs?
  }

  /// The procedure: `first` (measured in `seconds`) judged, processes added to
  /// its groups in doubt within the budget, the groups to confirm measured again.
  /// `report` says what it measures; `clock` reads seconds.
  public func verdict<Runs, Failure: Error>(
    of first: Runs, measuredIn seconds: Double, pairing: Pairing<Runs, Failure>, report: (String) -> Void,
    clock: () -> Double
  ) throws(Failure) -> Outcome<Runs> {
    // The rounds judge what they hold before each round and after the last: that last judgement is the verdict.
    var judged: Comparison?
    let additions = try addProcesses(
      to: first, measuredIn: seconds, report: report, clock: clock, pairing: pairing,
      inDoubt: {
        judged = pairing.judge($0)
        return Self.settleable(judged!)
      })
    var comparison = judged ?? pairing.judge(additions.result)
    // A change stands only if fresh processes show it again.
    let titles = pairing.confirms.titles(in: comparison)
    var remeasured: Runs?
    if let measure = pairing.measure, !titles.isEmpty {
      report(
        "re-measuring \(titles.count) \(pairing.confirms.words)\(pairing.fresh.words): \(titles.joined(separator: ", "))\n"
      )
      let fresh = try measure(titles, pairing.fresh.count)
      comparison.confirm(with: pairing.judgeAgain(fresh, comparison))
      remeasured = fresh
    }
    return Outcome(comparison: comparison, additions: additions, remeasured: remeasured)
  }

  /// The groups of `comparison` in doubt that more processes could settle,
  /// with how many more each would need (`nil`: unknown).
  static func settleable(_ comparison: Comparison) -> [(String, Double?)] {
    comparison.groups.filter { comparison.inDoubt.contains($0.title) && $0.moreProcessesCouldSettle }.map { group in
      (group.title, group.processesNeeded.map { ($0 - 1) * Double(group.current?.processes ?? 1) })
    }
  }

  /// What the rounds of added processes did.
  public struct Additions<Runs> {
    /// The measurement with the processes the rounds added.
    public var result: Runs
    public var count = 0
    /// Processes added, by group title.
    public var added: [String: Int] = [:]
    /// Seconds the rounds took, and the budget they had.
    public var seconds = 0.0
    public var budget: Double
    public var stopped = Stop.settled

    public init(result: Runs, budget: Double) {
      self.result = result
      self.budget = budget
    }

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
  public func addProcesses<Runs, Failure: Error>(
    to start: Runs, measuredIn seconds: Double, report: (String) -> Void, clock: () -> Double,
    pairing: Pairing<Runs, Failure>, inDoubt: (Runs) -> [(String, Double?)]
  ) throws(Failure) -> Additions<Runs> {
    var additions = Additions(result: start, budget: budget)
    guard let measure = pairing.measure, budget > 0 else {
      additions.stopped = inDoubt(start).isEmpty ? .settled : .off
      return additions
    }
    let first = pairing.processes(start)
    var perUnit = seconds / Double(max(1, first.count * (first.values.max() ?? 1)))
    while true {
      let doubt = inDoubt(additions.result)
      let processes = pairing.processes(additions.result)
      let open = doubt.filter { (processes[$0.0] ?? maximumProcesses) < maximumProcesses }
      guard !doubt.isEmpty else {
        additions.stopped = .settled
        break
      }
      guard !open.isEmpty else {
        additions.stopped = .limit
        break
      }
      // As many processes as the widest group needs, within a round's bounds and the budget left.
      let needed = open.compactMap(\.1).max() ?? Double(processesPerRound.lowerBound)
      let affordable = Int(((budget - additions.seconds) / (perUnit * Double(open.count))).rounded(.down))
      let count = min(
        max(Int(needed.rounded(.up)), processesPerRound.lowerBound), processesPerRound.upperBound, affordable)
      guard count >= 1 else {
        additions.stopped = .budget
        break
      }
      let titles = open.map(\.0)
      report(
        "in doubt: \(titles.count) group(s); measuring them in \(count) more process(es): \(titles.joined(separator: ", "))\n"
      )
      let began = clock()
      let fresh = try measure(titles, count)
      let took = max(0, clock() - began)
      additions.seconds += took
      perUnit = max(perUnit, took / Double(titles.count * count))
      additions.count += 1
      for title in titles { additions.added[title, default: 0] += count }
      additions.result = pairing.pooled(additions.result, fresh)
    }
    return additions
  }
}

extension Comparison {
  /// Groups whose time (when gated) shows a change, a regression or an
  /// improvement: what ``Confirmation`` measures again in fresh processes. Allocation
  /// and instruction counts are exact: measuring again cannot change them.
  public var changed: [String] {
    guard policy.gated.contains(.time) else { return [] }
    return groups.filter { [.regression, .improvement].contains($0.time) }.map(\.title)
  }

  /// Groups whose verdict rests on a time in doubt: inconclusive, judged and
  /// gated, not advisory, not decided by exact metrics. More processes may
  /// settle some of them (``GroupComparison/moreProcessesCouldSettle``), not all.
  public var inDoubt: [String] {
    guard policy.gated.contains(.time), timeJudged else { return [] }
    return groups.filter { group in
      group.time == .inconclusive && !group.limits.advisory && group.decision(gating: policy.gated).basis == .time
    }.map(\.title)
  }

  /// Replaces the time verdicts of re-measured groups: a change stands only
  /// if fresh processes show the same change again; a first verdict that the
  /// re-measurement calls the same is dropped; any other disagreement is inconclusive.
  /// A re-measurement whose times were not judged (``Check`` judges it as it
  /// judged the first, so only a caller that decided otherwise gets one)
  /// neither confirms nor drops: the first verdict stays, and says so.
  public mutating func confirm(with remeasured: Comparison) {
    for index in groups.indices {
      guard let again = remeasured.groups.first(where: { $0.title == groups[index].title }) else { continue }
      let first = groups[index]
      guard again.time != .notJudged || first.time == .notJudged else {
        groups[index].note = "unconfirmed: the re-measurement's times were not judged"
        continue
      }
      var merged = again
      if first.time == again.time {
        if first.time == .inconclusive {
          merged.note = "inconclusive again on re-measurement"
        } else if first.time != .same {
          merged.note = "confirmed by re-measurement"
        }
      } else if again.time == .same {
        merged.note = "first measured as \(first.time.rawValue); the same on re-measurement"
      } else {
        merged.time = .inconclusive
        merged.note = "\(first.time.rawValue), then \(again.time.rawValue) on re-measurement"
      }
      groups[index] = merged
    }
  }
}

extension GroupComparison {
  /// Whether more processes of the run could settle this group's time: its
  /// interval settles it already, or a number of processes would
  /// (``processesNeeded``), or it has no interval yet against a baseline of two processes or more.
  /// Not so for a baseline too wide on its own, or a change at the threshold.
  public var moreProcessesCouldSettle: Bool {
    timeDecided || processesNeeded != nil || (!intervalKnown && (baseline?.processes ?? 0) >= 2)
  }
}

extension Confirmation.Additions: Sendable where Runs: Sendable {}
extension Confirmation.Outcome: Sendable where Runs: Sendable {}
