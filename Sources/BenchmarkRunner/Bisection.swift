import Foundation

/// A metric a bisection can follow.
public struct BisectMetric: RawRepresentable, Sendable, Hashable, Codable {
  /// Its gate name (``Metric/gate``): `time`, or a metric callgrind counts.
  public let rawValue: String

  /// `time`, or a metric callgrind counts (``Metric/judgedMetrics``); `nil` for any other name.
  public init?(rawValue: String) {
    guard rawValue == Metric.time.gate || Metric.named(rawValue)?.counted == true else { return nil }
    self.rawValue = rawValue
  }

  /// Exact counts under callgrind: one count per commit decides.
  public static let instructions = BisectMetric(rawValue: Metric.instructions.gate!)!
  /// Medians of fresh processes: decided by paired measurements, never by one.
  public static let time = BisectMetric(rawValue: Metric.time.gate!)!
  /// The estimate of ``CycleModel``: exact, as instructions are.
  public static let cycles = BisectMetric(rawValue: Metric.cycles.gate!)!

  /// The metrics this tool can bisect on: instructions, time, then every
  /// other metric callgrind counts (`--cycles`'s), in the registry's order. A
  /// metric named here but not measured is refused as a usage error, in
  /// words, before anything is built.
  public static let measured: [BisectMetric] =
    [.instructions, .time]
    + Metric.judgedMetrics.filter { $0.counted && $0 != .instructions }.map { BisectMetric(rawValue: $0.gate!)! }

  /// The registry's metric.
  public var metric: Metric { Metric.named(rawValue)! }

  /// Whether one count per commit decides (an exact search), rather than paired measurements.
  public var isExact: Bool { self != .time }

  /// Whether counting it needs callgrind's simulations (`--cycles`), not instructions alone.
  public var simulates: Bool { metric.option == Metric.cycles.option }

  /// The metric's unit in tables.
  public var unit: String { metric.label }

  public init(from decoder: any Decoder) throws {
    let name = try decoder.singleValueContainer().decode(String.self)
    guard let metric = BisectMetric(rawValue: name) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "unknown metric \(name)"))
    }
    self = metric
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

/// Finding the commit where a metric changed among the first-parent commits
/// from GOOD to BAD. Commits are indices: 0 is GOOD, `n` is BAD, and the
/// change lies in (lo, hi], which each probe halves. A probe that cannot be
/// placed is skipped, never guessed: the next probe is the commit nearest the
/// middle among the others, a skipped one is tried again once nothing else is
/// left, and when it still cannot be placed the answer is the range.
public enum Bisection {
  /// Where a probed commit lies relative to the change.
  public enum Side: String, Codable, Sendable {
    /// Still as GOOD: the change comes later.
    case unchanged
    /// As BAD: the change is at this commit or earlier.
    case changed
    /// Could not be told (noise, or a change split between commits); skipped.
    case unclear
  }

  /// One probe: a commit, its side, and what decided it.
  public struct Probe: Codable, Sendable, Hashable {
    public var index: Int
    public var side: Side
    public var detail: String
  }

  /// What a search reports as it goes.
  public enum Event: Sendable {
    /// A step of the work, e.g. a round being measured.
    case step(String)
    /// A probe placed.
    case placed(Probe)
  }

  /// A group's metric at GOOD and at BAD.
  public struct GroupChange: Codable, Sendable, Hashable {
    public var title: String
    public var good: Double
    public var bad: Double
  }

  /// What a bisection found.
  public struct Outcome: Sendable {
    public var metric: BisectMetric
    /// The group followed: the largest change from GOOD to BAD; `nil` when none changed.
    public var group: String?
    /// Every group that changed from GOOD to BAD, largest change first.
    public var changes: [GroupChange]
    /// The first commit that changed; `nil` when nothing changed or the search could not single one out.
    public var found: Int?
    /// When the search could not single out a commit: the commits the change lies among.
    public var candidates: [Int]
    /// The followed group's metric at the found commit's parent and at the commit.
    public var before: Double?
    public var after: Double?
    /// Whether the found commit's change was measured against its parent directly and shown.
    public var confirmed: Bool
    public var probes: [Probe]
    /// What the reader must know: skipped probes, re-measurements, a change in steps.
    public var notes: [String]

    init(metric: BisectMetric) {
      self.metric = metric
      changes = []
      candidates = []
      confirmed = false
      probes = []
      notes = []
    }

    /// Whether the search ended on one commit it confirmed, or found no change at all.
    public var isConclusive: Bool { found == nil ? candidates.isEmpty && !unjudged : confirmed }
    /// Set when GOOD and BAD themselves could not be judged (a noisy machine).
    var unjudged = false

    /// after / before, or `nil`.
    public var ratio: Double? {
      guard let before, let after, before != 0 else { return nil }
      return after / before
    }
  }

  /// The search on (0, n]: `side(m, lo, hi)` places commit `m`; returns the
  /// last (lo, hi). A commit it cannot place is skipped, and the probe moves to
  /// the nearest remaining one to the middle. A skipped commit is probed again,
  /// up to `attempts` times in all, only once no other commit is left between
  /// lo and hi: noise on a shared machine often passes, and by then its
  /// neighbours have been placed.
  static func narrow<Failure: Error>(
    _ n: Int, attempts: Int = 1, progress: (Event) -> Void,
    side: (_ m: Int, _ lo: Int, _ hi: Int) throws(Failure) -> (Side, String)
  ) throws(Failure) -> (lo: Int, hi: Int, probes: [Probe]) {
    var (lo, hi) = (0, n)
    var tried: [Int: Int] = [:]
    var probes: [Probe] = []
    while hi - lo > 1 {
      let middle = Double(lo + hi) / 2
      let open = (lo + 1..<hi).filter { tried[$0, default: 0] < attempts }
      let fewest = open.map { tried[$0, default: 0] }.min()
      guard
        let m = open.filter({ tried[$0, default: 0] == fewest }).min(by: {
          abs(Double($0) - middle) < abs(Double($1) - middle)
        })
      else { break }
      tried[m, default: 0] += 1
      let (placed, detail) = try side(m, lo, hi)
      probes.append(Probe(index: m, side: placed, detail: detail))
      progress(.placed(probes.last!))
      switch placed {
      case .unchanged: lo = m
      case .changed: hi = m
      case .unclear: break
      }
    }
    return (lo, hi, probes)
  }

  /// Bisects on exact counts: `count(index, titles)` gives a commit's counts per
  /// operation by group (every selected group when `titles` is `nil`). A group
  /// changed when GOOD and BAD differ by `tolerance` or more; the largest
  /// relative change is followed, and a commit has changed once its
  /// count has moved at least half-way from GOOD's to BAD's, so that small
  /// moves of unrelated commits do not stop the search early.
  public static func exact<Failure: Error>(
    commits n: Int, metric: BisectMetric = .instructions, tolerance: Double = 0.5, progress: (Event) -> Void,
    count: (_ index: Int, _ titles: [String]?) throws(Failure) -> [String: Double]
  ) throws(Failure) -> Outcome {
    precondition(n >= 1, "a bisection needs a commit after GOOD")
    precondition(metric.isExact, "an exact search needs an exact metric")
    var outcome = Outcome(metric: metric)
    progress(.step("counting GOOD and BAD"))
    let good = try count(0, nil)
    let bad = try count(n, nil)
    outcome.changes = good.keys.sorted().compactMap { title in
      guard let old = good[title], let new = bad[title], abs(new - old) >= tolerance else { return nil }
      return GroupChange(title: title, good: old, bad: new)
    }.sorted { relative($0) > relative($1) || (relative($0) == relative($1) && $0.title < $1.title) }
    guard let lead = outcome.changes.first else {
      outcome.notes.append("no group's count changed by \(Report.number(tolerance)) or more from GOOD to BAD")
      return outcome
    }
    outcome.group = lead.title
    var counts: [Int: Double] = [0: lead.good, n: lead.bad]
    let titles = outcome.changes.map(\.title)
    let (lo, hi, probes) = try narrow(n, progress: progress) { (m, _, _) throws(Failure) -> (Side, String) in
      progress(.step("counting #\(m) of \(n)"))
      guard let value = try count(m, titles)[lead.title] else {
        return (.unclear, "\(lead.title) not counted")
      }
      counts[m] = value
      let moved = (value - lead.good) / (lead.bad - lead.good)
      let detail = "\(Report.number(value)), \(Report.number(moved * 100))% of the way from GOOD to BAD"
      return (moved >= 0.5 ? .changed : .unchanged, detail)
    }
    outcome.probes = probes
    guard hi - lo == 1, let before = counts[lo], let after = counts[hi] else {
      outcome.candidates = Array(lo + 1...hi)
      outcome.notes.append("#\(lo + 1) to #\(hi) could not be counted apart")
      return outcome
    }
    outcome.found = hi
    (outcome.before, outcome.after) = (before, after)
    outcome.confirmed = true
    let share = (after - before) / (lead.bad - lead.good)
    if share < 0.8 || share > 1.2 {
      outcome.notes.append(
        "this commit made \(Report.number(share * 100))% of the change from GOOD to BAD: other commits changed it too")
    }
    return outcome
  }

  private static func relative(_ change: GroupChange) -> Double {
    change.good == 0 ? .infinity : abs(change.bad / change.good - 1)
  }
}

extension Bisection {
  /// How a time bisection measures: rounds per set, sets per probe.
  public struct TimeSearch: Sendable {
    public var rounds: Int
    public var policy: ComparisonPolicy
    /// A probe is placed once two sets of fresh rounds agree and none disagrees; after this many, it is skipped.
    public var maximumSets = 4
    /// How often a step that cannot be judged is measured in all: GOOD against
    /// BAD, a probe (see ``Bisection/narrow(_:attempts:progress:side:)``), the commit found against its parent.
    public var maximumAttempts = 2

    public init(rounds: Int, policy: ComparisonPolicy = ComparisonPolicy()) {
      precondition(rounds >= 1, "a time bisection needs at least one round")
      self.rounds = rounds
      self.policy = policy
      // Every side is a build measured on this machine, interleaved: ``ABTest`` judges them
      // with ``Comparability/init(interleaved:head:control:overrides:)``, whose host state is
      // the A/A′ control's, never the builds' own loops; two clocks are still never judged.
      self.policy.gated = .time
      self.policy.named = []
      self.policy.expectsEveryGroup = false
    }

    /// Bisects on time. GOOD and BAD are first compared as `ab` compares
    /// (A B A′ rounds, suspects re-measured, an A/A control); the group with
    /// the largest confirmed change is followed. A probe `m` in (lo, hi] is
    /// measured in sets of rounds of lo, m and hi, each in a fresh process: it
    /// has changed when lo → m shows the change, is unchanged when lo → m is
    /// the same and m → hi shows the change; anything else places it nowhere. Two sets must agree before a probe is placed. The commit found
    /// is then compared with its parent as `ab` would, for its figures.
    /// `prepare(index)` readies a commit before it is first measured (a build),
    /// so that no round waits on it; `measure(index, titles)` measures one
    /// commit once in a fresh process (the whole selection when `titles` is `nil`).
    public func run<Failure: Error>(
      commits n: Int, progress: (Event) -> Void, prepare: (_ index: Int) throws(Failure) -> Void,
      measure: (_ index: Int, _ titles: [String]?) throws(Failure) -> RunResult
    ) throws(Failure) -> Outcome {
      precondition(n >= 1, "a bisection needs a commit after GOOD")
      var outcome = Outcome(metric: .time)
      try prepare(0)
      try prepare(n)
      // An A/B test that cannot judge is measured again in fresh rounds, up to the attempts, rather than read.
      func judgeable(_ test: ABTest.Outcome) -> Bool {
        !test.controlShowsDifference
          && (test.comparison.groups.contains { [.regression, .improvement].contains($0.time) }
            || !test.comparison.groups.contains { $0.time == .inconclusive })
      }
      let ends = try attempted(
        "GOOD against BAD", prefix: "GOOD against BAD: ",
        again: "GOOD against BAD could not be judged; measured again in \(rounds) fresh rounds", notes: &outcome.notes,
        progress: progress,
        measure: { (side, titles) throws(Failure) -> RunResult in
          try measure(side == .b ? n : 0, titles)
        }, accepted: judgeable)
      if ends.controlShowsDifference {
        outcome.unjudged = true
        outcome.notes.append(
          "GOOD measured against itself differed (\(ends.control.overall.rawValue)): the machine is too noisy to bisect on time"
        )
        return outcome
      }
      let changed = ends.comparison.groups.filter { [.regression, .improvement].contains($0.time) }
        .sorted { abs(log($0.timeRatio)) > abs(log($1.timeRatio)) }
      outcome.changes = changed.map {
        GroupChange(
          title: $0.title, good: $0.baseline!.nanosecondsPerOperation.median,
          bad: $0.current!.nanosecondsPerOperation.median)
      }
      guard let lead = changed.first else {
        let unsure = ends.comparison.groups.filter { $0.time == .inconclusive }.map(\.title)
        if unsure.isEmpty {
          outcome.notes.append("no group's time changed from GOOD to BAD beyond the threshold")
        } else {
          outcome.unjudged = true
          outcome.notes.append(
            "GOOD against BAD was inconclusive for \(unsure.joined(separator: ", ")): nothing to follow")
        }
        return outcome
      }
      outcome.group = lead.title
      let expected = lead.time
      if n == 1 {
        outcome.found = 1
        outcome.before = outcome.changes[0].good
        outcome.after = outcome.changes[0].bad
        outcome.confirmed = true
        return outcome
      }

      var notes: [String] = []
      var probed = Set<Int>()
      let (lo, hi, probes) = try narrow(n, attempts: maximumAttempts, progress: progress) {
        (m, lo, hi) throws(Failure) -> (Side, String) in
        if !probed.insert(m).inserted { notes.append("#\(m): probed again, in fresh sets, between #\(lo) and #\(hi)") }
        try prepare(m)
        return try place(m, lo: lo, hi: hi, group: lead.title, expected: expected, notes: &notes, progress: progress) {
          (index, titles) throws(Failure) -> RunResult in try measure(index, titles)
        }
      }
      outcome.probes = probes
      outcome.notes += notes
      guard hi - lo == 1 else {
        outcome.candidates = Array(lo + 1...hi)
        outcome.notes.append(
          "the change lies among #\(lo + 1) to #\(hi), which could not be told apart on this machine")
        return outcome
      }
      outcome.found = hi
      // The figures come from the commit against its parent, measured as `ab` measures;
      // a test that does not show the change is measured again before the commit is called unconfirmed.
      let last = try attempted(
        "#\(hi) against its parent", prefix: "confirming: ",
        again: "#\(hi) against its parent did not show the change; measured again in fresh rounds",
        notes: &outcome.notes, progress: progress,
        measure: { (side, _) throws(Failure) -> RunResult in try measure(side == .b ? hi : lo, [lead.title]) },
        accepted: { test in
          !test.controlShowsDifference
            && test.comparison.groups.first(where: { $0.title == lead.title })?.time == expected
        })
      if let group = last.comparison.groups.first(where: { $0.title == lead.title }), let old = group.baseline,
        let new = group.current
      {
        outcome.before = old.nanosecondsPerOperation.median
        outcome.after = new.nanosecondsPerOperation.median
        outcome.confirmed = group.time == expected && !last.controlShowsDifference
        if !outcome.confirmed {
          outcome.notes.append(
            "#\(hi) against its parent alone: \(group.time.rawValue)"
              + (last.controlShowsDifference ? " (the A/A control differed)" : "")
              + "; the change may be spread over several commits")
        }
      }
      return outcome
    }

    /// An A/B test (``ABTest``, so ``Confirmation``) of two commits, `what`,
    /// measured again in fresh rounds, up to the attempts, until `accepted`
    /// holds of it; each attempt after the first adds `again` to the notes.
    func attempted<Failure: Error>(
      _ what: String, prefix: String, again: String, notes: inout [String], progress: (Event) -> Void,
      measure: (ABTest.Side, [String]?) throws(Failure) -> RunResult, accepted: (ABTest.Outcome) -> Bool
    ) throws(Failure) -> ABTest.Outcome {
      var attempt = 0
      while true {
        attempt += 1
        if attempt > 1 { notes.append(again) }
        progress(.step("\(what), \(rounds) rounds of A B A′"))
        let test = try ABTest(rounds: rounds, policy: policy).run(
          progress: { progress(.step(prefix + $0)) }, measure: measure)
        if accepted(test) || attempt >= maximumAttempts { return test }
      }
    }

    /// Places `m` between `lo` (before the change) and `hi` (after it) by sets
    /// of fresh rounds: lo, m, hi, then hi, m, lo, alternating so that drift
    /// falls on both ends alike.
    func place<Failure: Error>(
      _ m: Int, lo: Int, hi: Int, group: String, expected: Verdict, notes: inout [String],
      progress: (Event) -> Void, measure: (Int, [String]?) throws(Failure) -> RunResult
    ) throws(Failure) -> (Side, String) {
      var votes: [Side] = []
      var sets: [String] = []
      for set in 1...maximumSets {
        var results: [Int: [RunResult]] = [:]
        for round in 1...rounds {
          progress(.step("#\(m) between #\(lo) and #\(hi): set \(set), round \(round)/\(rounds)"))
          for index in round % 2 == 1 ? [lo, m, hi] : [hi, m, lo] {
            results[index, default: []].append(try measure(index, [group]))
          }
        }
        let pooled = results.mapValues(RunResult.pooling)
        // Builds measured in turn: compared as `ab` compares, never by their own loops.
        func compared(_ old: RunResult, _ new: RunResult) -> GroupComparison? {
          let comparability = Comparability(interleaved: old, head: new, control: nil, overrides: policy.overrides)
          return Comparison(baseline: old, current: new, policy: policy, comparability: comparability).groups.first {
            $0.title == group
          }
        }
        let first = compared(pooled[lo]!, pooled[m]!)
        let second = compared(pooled[m]!, pooled[hi]!)
        guard let first, let second else {
          votes.append(.unclear)
          sets.append("set \(set): \(group) not measured")
          continue
        }
        let side: Side =
          first.time == expected ? .changed : first.time == .same && second.time == expected ? .unchanged : .unclear
        votes.append(side)
        sets.append(
          "set \(set): #\(lo)→#\(m) \(Report.percent(first.timeRatio)) (\(first.time.rawValue)), "
            + "#\(m)→#\(hi) \(Report.percent(second.timeRatio)) (\(second.time.rawValue))")
        let (changed, unchanged) = (votes.filter { $0 == .changed }.count, votes.filter { $0 == .unchanged }.count)
        if changed > 0 && unchanged > 0 {
          notes.append("#\(m): sets disagreed (\(sets.joined(separator: "; "))); skipped")
          return (.unclear, sets.joined(separator: "; "))
        }
        if changed >= 2 || unchanged >= 2 {
          if votes.contains(.unclear) {
            notes.append("#\(m): a set was unclear, re-measured until two sets agreed")
          }
          return (changed >= 2 ? .changed : .unchanged, sets.joined(separator: "; "))
        }
      }
      notes.append("#\(m): no two of \(maximumSets) sets agreed; skipped, the search widened around it")
      return (.unclear, sets.joined(separator: "; "))
    }
  }
}
