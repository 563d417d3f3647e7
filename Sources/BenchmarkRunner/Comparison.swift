/// What a comparison concludes about one metric of one group.
public enum Verdict: String, Codable, Sendable, Comparable {
  case same
  case improvement
  /// A difference beyond the threshold that the statistics cannot confirm, or a noisy group.
  case inconclusive
  case regression
  /// In the run but not in the baseline, or the reverse.
  case new
  case missing
  /// Times of another kind of host or another method: shown, not judged (see ``Comparability``).
  case notJudged = "not judged"

  private var severity: Int {
    switch self {
    case .same, .new, .missing, .notJudged: 0
    case .improvement: 1
    case .inconclusive: 2
    case .regression: 3
    }
  }

  public static func < (a: Verdict, b: Verdict) -> Bool { a.severity < b.severity }
}

/// The metrics a comparison may gate on: a set over ``Metric/judgedMetrics``.
public struct GatedMetrics: OptionSet, Sendable, Hashable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// The set holding `metric` alone (a metric a comparison judges).
  public init(_ metric: Metric) {
    guard let index = Metric.judgedMetrics.firstIndex(of: metric) else {
      preconditionFailure("\(metric.name) is not judged")
    }
    rawValue = 1 << index
  }

  public static let time = GatedMetrics(.time)
  public static let allocations = GatedMetrics(.allocations)
  public static let instructions = GatedMetrics(.instructions)
  /// Peak heap bytes of one run (exact, like allocations).
  public static let memory = GatedMetrics(.memory)
  /// Estimated cycles (``CycleModel``), where counted with `--cycles`.
  public static let cycles = GatedMetrics(.cycles)
  public static let all = GatedMetrics(rawValue: (1 << Metric.judgedMetrics.count) - 1)

  /// Parses a comma-separated list of gate names (`time,allocations,…`); `nil` on an unknown name
  /// or an empty one (`--metrics ''` from an unset variable must not gate nothing).
  public init?(names: String) {
    self = []
    for name in names.split(separator: ",", omittingEmptySubsequences: false) {
      guard let metric = Metric.named(name) else { return nil }
      insert(GatedMetrics(metric))
    }
    if isEmpty { return nil }
  }

  /// The metrics by name, in the order `--metrics` lists them.
  public static let named: [(GatedMetrics, String)] = Metric.judgedMetrics.map { (GatedMetrics($0), $0.gate!) }

  /// Every gate name, as `--metrics` takes them.
  public static var gateNames: String { named.map(\.1).joined(separator: ", ") }

  /// The metrics of this set, in that order.
  public var metrics: [Metric] { Metric.judgedMetrics.filter { contains(GatedMetrics($0)) } }

  /// The names of these metrics, in that order.
  public var names: [String] { Self.named.filter { contains($0.0) }.map(\.1) }
}

/// What a group's verdict rests on.
public enum DecisionBasis: String, Codable, Sendable {
  /// The time verdict (with any exact metric that agrees with it).
  case time
  /// Allocations or instructions, which noise cannot move: time was in doubt
  /// (inconclusive, or not judged on another host) or not gated.
  case exact
}

/// Thresholds of the verdicts.
public struct ComparisonPolicy: Sendable {
  /// Time ratios within 1 ± this are never called a change (the effect floor),
  /// unless the suite declares another for a group.
  public var timeThreshold = 0.10
  /// False-discovery rate across groups (Benjamini–Hochberg).
  public var falseDiscoveryRate = 0.05
  /// A group whose interquartile range exceeds this fraction of its median is too noisy to judge.
  public var noiseLimit = 0.5
  /// The counted metrics' relative tolerances by gate name (``Metric/Rule``):
  /// values within 1 ± this are the same. Each metric declares its default.
  public var tolerances: [String: Double] = Dictionary(
    uniqueKeysWithValues: Metric.judgedMetrics.compactMap { metric in metric.tolerance.map { (metric.gate!, $0) } })
  /// Instruction counts within 1 ± this are the same (``Metric/instructions``).
  public var instructionThreshold: Double {
    get { tolerances[Metric.instructions.gate!]! }
    set { tolerances[Metric.instructions.gate!] = newValue }
  }
  /// Estimated cycles within 1 ± this are the same (``Metric/cycles``).
  public var cycleThreshold: Double {
    get { tolerances[Metric.cycles.gate!]! }
    set { tolerances[Metric.cycles.gate!] = newValue }
  }
  public var gated: GatedMetrics = .all
  /// The metrics the user named (`--metrics`, `--instructions`): an exact one
  /// that one side did not count is then inconclusive, not a silent pass.
  public var required: GatedMetrics = []
  /// The metrics `--metrics` named: each must be judged for some group, or the gate checked nothing (``Comparison/unjudged``).
  public var named: GatedMetrics = []
  /// Whether a group of the baseline missing from the run means the gate did
  /// not check it (a run not filtered on purpose); `ab` compares two commits, whose groups may differ.
  public var expectsEveryGroup = true
  /// What ``Comparability`` is asked to judge all the same (another kind of host; the host's state).
  public var overrides = Comparability.Overrides()
  /// What the suite declares for some groups; a later entry's values win.
  public var groupThresholds: [GroupThresholds] = []

  public init() {}

  /// One group's thresholds: the suite's where it declares them, else the defaults.
  public struct Limits: Sendable, Hashable {
    /// By gate name: time's effect floor, and each counted metric's relative tolerance.
    public var tolerances: [String: Double]
    public var advisory: Bool

    public init(tolerances: [String: Double], advisory: Bool) {
      self.tolerances = tolerances
      self.advisory = advisory
    }

    /// The default tolerances with time's and instructions' set.
    public init(timeThreshold: Double, instructionThreshold: Double, advisory: Bool) {
      self.init(tolerances: ComparisonPolicy().tolerances, advisory: advisory)
      self.timeThreshold = timeThreshold
      self.instructionThreshold = instructionThreshold
    }

    /// The time threshold (an effect floor; ``ComparisonPolicy/timeThreshold`` is the default one).
    public var timeThreshold: Double {
      get { tolerances[Metric.time.gate!] ?? 0 }
      set { tolerances[Metric.time.gate!] = newValue }
    }
    public var instructionThreshold: Double {
      get { tolerances[Metric.instructions.gate!] ?? 0 }
      set { tolerances[Metric.instructions.gate!] = newValue }
    }

    /// The tolerance of `metric` (0 for a metric judged on any change).
    public subscript(metric: Metric) -> Double { metric.gate.flatMap { tolerances[$0] } ?? 0 }

    /// What differs from `defaults`, for tables and lists: `advisory; time 15%`.
    public func differences(from defaults: Limits) -> String {
      var parts: [String] = []
      if advisory { parts.append("advisory") }
      for metric in Metric.judgedMetrics where self[metric] != defaults[metric] {
        parts.append("\(metric.gate!) \(Report.share(self[metric]))")
      }
      return parts.joined(separator: "; ")
    }
  }

  public var defaultLimits: Limits {
    var tolerances = tolerances
    tolerances[Metric.time.gate!] = timeThreshold
    return Limits(tolerances: tolerances, advisory: false)
  }

  public func limits(for title: String) -> Limits {
    var limits = defaultLimits
    for declared in groupThresholds where declared.applies(to: title) {
      limits.timeThreshold = declared.timeThreshold ?? limits.timeThreshold
      limits.instructionThreshold = declared.instructionThreshold ?? limits.instructionThreshold
      limits.tolerances.merge(declared.tolerances) { $1 }
      limits.advisory = declared.advisory ?? limits.advisory
    }
    return limits
  }
}

/// The comparison of one group.
public struct GroupComparison: Sendable {
  public var title: String
  public var baseline: GroupResult?
  public var current: GroupResult?
  public var limits: ComparisonPolicy.Limits
  /// median(current) / median(baseline).
  public var timeRatio: Double = .nan
  public var timeInterval: (low: Double, high: Double) = (.nan, .nan)
  /// The smallest change this comparison could have detected: half the
  /// interval's width, as a fraction (``Statistics/detectableChange(_:)``).
  public var detectableChange: Double = .nan
  /// The part of that half-width the baseline's own spread accounts for
  /// (relative half-width of its median's interval): more processes of the run cannot remove it.
  public var baselineHalfWidth: Double = .nan
  /// How far the host's state moved (``Comparability/allowance(for:)``): the
  /// time threshold is widened by it, and a change must lie beyond it.
  public var allowance = 0.0
  public var pValue: Double = 1
  public var adjustedP: Double = 1
  public var time: Verdict = .same
  /// The counted metrics' verdicts, by gate name (absent: the same).
  public var verdicts: [String: Verdict] = [:]
  public var note: String = ""

  /// The verdict on `metric` (time's is ``time``).
  public subscript(verdictOn metric: Metric) -> Verdict {
    get { metric == .time ? time : metric.gate.flatMap { verdicts[$0] } ?? .same }
    set {
      if metric == .time { time = newValue } else { verdicts[metric.gate!] = newValue }
    }
  }

  public var allocations: Verdict {
    get { self[verdictOn: .allocations] }
    set { self[verdictOn: .allocations] = newValue }
  }
  public var instructions: Verdict {
    get { self[verdictOn: .instructions] }
    set { self[verdictOn: .instructions] = newValue }
  }
  public var memory: Verdict {
    get { self[verdictOn: .memory] }
    set { self[verdictOn: .memory] = newValue }
  }
  public var cycles: Verdict {
    get { self[verdictOn: .cycles] }
    set { self[verdictOn: .cycles] = newValue }
  }

  /// Whether both sides hold `metric`.
  public func compared(_ metric: Metric) -> Bool {
    metric.value(in: baseline) != nil && metric.value(in: current) != nil
  }

  public init(title: String, baseline: GroupResult?, current: GroupResult?, limits: ComparisonPolicy.Limits) {
    self.title = title
    self.baseline = baseline
    self.current = current
    self.limits = limits
  }

  /// Whether both sides have instruction counts to compare.
  public var instructionsCompared: Bool { compared(.instructions) }

  /// The time threshold this comparison judges by: the group's, widened by the host's state.
  public var timeThreshold: Double { limits.timeThreshold + allowance }

  /// Whether the interval is known: both sides measured in two processes or more
  /// (one process's samples share its luck, and an interval of them alone claims more than it knows).
  public var intervalKnown: Bool { timeInterval.low.isFinite && timeInterval.high.isFinite }

  /// Whether the interval settles the time against the threshold: it lies
  /// wholly within 1 + threshold, or wholly beyond it. An unknown interval settles nothing.
  public var timeDecided: Bool {
    guard intervalKnown else { return false }
    let limit = 1 + timeThreshold
    return timeInterval.high <= limit || timeInterval.low > limit
  }

  /// The half-width the interval needs to settle the time: the distance from the ratio to the threshold.
  var neededHalfWidth: Double { abs(1 + timeThreshold - timeRatio) }

  /// How many times the run's processes it would take to settle the time
  /// (``Statistics/processesFactor(halfWidth:baseline:target:)``); `nil` when
  /// no number of them would: the baseline alone is too wide, or the ratio lies closer to the threshold than it can tell.
  public var processesNeeded: Double? {
    guard !timeDecided, neededHalfWidth >= 0.002 else { return nil }
    return Statistics.processesFactor(
      halfWidth: detectableChange, baseline: baselineHalfWidth, target: neededHalfWidth)
  }

  /// What the time comparison could see and what it would take to settle it:
  /// `could see ±14%; the threshold 10% needs ~3× the processes (6 now)`.
  public var sensitivity: String {
    guard let current, let baseline else { return "" }
    guard detectableChange.isFinite else {
      let one = [baseline.processes < 2 ? "the baseline" : nil, current.processes < 2 ? "the run" : nil]
        .compactMap { $0 }
      return
        "could see: unknown (\(one.isEmpty ? "no interval" : one.joined(separator: " and ") + " measured in one process"))"
    }
    var text = "could see ±\(Report.share(detectableChange))"
    if allowance > 0 { text += " +\(Report.share(allowance)) for the host's state" }
    guard !timeDecided else { return text }
    let threshold = "the threshold \(Report.share(timeThreshold))"
    let processes = " (\(current.processes) now)"
    if let factor = processesNeeded {
      text += "; \(threshold) needs ~\(Int(factor.rounded(.up)))× the processes\(processes)"
    } else if baselineHalfWidth >= neededHalfWidth && baselineHalfWidth >= timeThreshold / 2 {
      text +=
        "; the baseline alone sees ±\(Report.share(baselineHalfWidth)), too wide for \(threshold): record it with more processes"
    } else {
      // Closer to the threshold than the baseline's own spread: more processes of the run cannot tell the sides apart.
      text +=
        "; the change (\(Report.percent(timeRatio))) lies \(Report.share(neededHalfWidth)) from \(threshold), within the baseline's own ±\(Report.share(baselineHalfWidth))"
    }
    return text
  }

  /// The verdict that counts over the gated metrics, and what decided it.
  /// Where time is in doubt (inconclusive, or not judged) and exact metrics
  /// can speak (instructions counted on both sides, or an allocation or
  /// instruction count that changed), they decide, and say so.
  public func decision(gating gated: GatedMetrics) -> (verdict: Verdict, basis: DecisionBasis) {
    if baseline == nil { return (.new, .time) }
    if current == nil { return (.missing, .time) }
    let exactVerdict = gated.metrics.filter(\.exact).map { self[verdictOn: $0] }.max() ?? .same
    guard gated.contains(.time) else { return (exactVerdict, .exact) }
    let exactSpeaks =
      (gated.contains(.instructions) && instructionsCompared) || [.regression, .improvement].contains(exactVerdict)
    if [.inconclusive, .notJudged].contains(time) && exactSpeaks { return (exactVerdict, .exact) }
    return exactVerdict > time ? (exactVerdict, .exact) : (time, .time)
  }

  /// The verdict that counts, over the gated metrics.
  public func verdict(gating gated: GatedMetrics) -> Verdict { decision(gating: gated).verdict }

  /// What stands beside the verdict in words: what decided it when time was
  /// in doubt, what an inconclusive time could see and would take, and the re-measurement.
  public func remarks(gating gated: GatedMetrics) -> [String] {
    guard baseline != nil, current != nil else { return [] }
    var remarks: [String] = []
    let decision = decision(gating: gated)
    if decision.basis == .exact && gated.contains(.time) {
      // The counted metrics that spoke: compared on both sides, or a verdict either way.
      let exact = gated.metrics.filter { metric in
        metric.exact && (compared(metric) || self[verdictOn: metric] != .same)
      }.map { $0.gate! }
      let doubt =
        time == .notJudged
        ? "time not judged" : "time \(time.rawValue)" + (sensitivity.isEmpty ? "" : " (\(sensitivity))")
      remarks.append("decided by exact metrics (\(exact.joined(separator: ", "))); \(doubt)")
    } else if decision.basis == .time && time == .inconclusive && !sensitivity.isEmpty {
      remarks.append(sensitivity)
    }
    for metric in gated.metrics where metric.exact && self[verdictOn: metric] == .inconclusive {
      remarks.append(
        "\(metric.gate!) asked for, but \(metric.value(in: current) == nil ? "the run" : "the baseline") has none")
    }
    if !note.isEmpty { remarks.append(note) }
    return remarks
  }

  /// The verdict as it counts toward the status: an advisory group's never fails it.
  public func status(gating gated: GatedMetrics) -> Verdict {
    limits.advisory ? .same : verdict(gating: gated)
  }
}

/// A run compared with a baseline, group by group.
public struct Comparison: Sendable {
  public var groups: [GroupComparison]
  public var policy: ComparisonPolicy
  /// Whether, and how, the two sides' times compare (kind of host, method, host state).
  public var comparability: Comparability
  /// Whether time verdicts were issued.
  public var timeJudged: Bool { comparability.timeJudged }

  /// Compares every group of `current` with `baseline`. `comparability` is
  /// decided once by the caller where it knows more (``Comparability/init(interleaved:head:control:overrides:)``,
  /// or a re-measurement judged as its first measurement was); by default, as
  /// against a stored baseline. Where times are not judged, they are shown and
  /// the verdict rests on the exact metrics; where the host's state moved, each
  /// group's time threshold is widened by its allowance.
  public init(
    baseline: RunResult, current: RunResult, policy: ComparisonPolicy = ComparisonPolicy(),
    comparability: Comparability? = nil
  ) {
    self.policy = policy
    let comparability =
      comparability ?? Comparability(baseline: baseline, current: current, overrides: policy.overrides)
    self.comparability = comparability
    let timeJudged = comparability.timeJudged
    var titles = current.groups.map(\.title)
    titles += baseline.groups.map(\.title).filter { !titles.contains($0) }
    var groups = titles.map { title in
      GroupComparison(
        title: title, baseline: baseline.group(title), current: current.group(title),
        limits: policy.limits(for: title))
    }
    for index in groups.indices { groups[index].allowance = comparability.allowance(for: groups[index].title) }
    Self.dropCyclesOfAnotherModel(&groups, baseline: baseline, current: current)
    // Time: a rank test per group, then false-discovery-rate control across groups.
    let tested = groups.indices.filter { groups[$0].baseline != nil && groups[$0].current != nil }
    for index in tested {
      let (old, new) = (groups[index].baseline!, groups[index].current!)
      groups[index].timeRatio = new.nanosecondsPerOperation.median / old.nanosecondsPerOperation.median
      groups[index].pValue = Statistics.mannWhitneyP(processes: old.samplesByProcess, new.samplesByProcess)
      // One process on a side: no interval (its samples share one process's luck), never ±0 %.
      if old.processes >= 2 && new.processes >= 2 {
        groups[index].timeInterval = Statistics.medianRatioInterval(old.samplesByProcess, new.samplesByProcess)
      }
      groups[index].detectableChange = Statistics.detectableChange(groups[index].timeInterval)
      let own = Statistics.medianInterval(old.samplesByProcess)
      groups[index].baselineHalfWidth = (own.high - own.low) / 2 / old.nanosecondsPerOperation.median
    }
    let adjusted = Statistics.benjaminiHochberg(tested.map { groups[$0].pValue })
    for (position, index) in tested.enumerated() {
      groups[index].adjustedP = adjusted[position]
      Self.judge(&groups[index], policy: policy, timeJudged: timeJudged)
    }
    self.groups = groups
  }

  static func judge(_ group: inout GroupComparison, policy: ComparisonPolicy, timeJudged: Bool) {
    let (old, new) = (group.baseline!, group.current!)
    let threshold = group.timeThreshold
    let allowance = group.allowance
    let significant = group.adjustedP < policy.falseDiscoveryRate
    let ratio = group.timeRatio
    let noisy = [old, new].contains {
      ($0.nanosecondsPerOperation.p75 - $0.nanosecondsPerOperation.p25) / $0.nanosecondsPerOperation.median
        > policy.noiseLimit
    }
    // Samples of one process share its luck, so a change must also separate the
    // processes: every process of one side beyond every process of the other
    // (an exact permutation test on process medians: p = 1/70 for 4 against 4).
    let oldMedians = old.samplesByProcess.map(Statistics.median)
    let newMedians = new.samplesByProcess.map(Statistics.median)
    let slowerEverywhere = newMedians.min()! > oldMedians.max()!
    let fasterEverywhere = newMedians.max()! < oldMedians.min()!
    // A change counts only when the test, the interval and the processes all agree.
    // Unconfirmed, an apparent slowdown beyond the threshold is inconclusive, and so
    // is a group whose interval holds both "within the threshold" and "beyond it"
    // (it could not have seen a change of that size); an unconfirmed speed-up is just the same.
    // Where the host's state moved, the change must also lie beyond that move.
    if ratio > 1 + threshold && significant && group.timeInterval.low > 1 + allowance && slowerEverywhere && !noisy
      && group.intervalKnown
    {
      group.time = .regression
    } else if ratio < 1 - threshold && significant && group.timeInterval.high < 1 / (1 + allowance)
      && fasterEverywhere && !noisy && group.intervalKnown
    {
      group.time = .improvement
    } else if ratio > 1 + threshold || !group.timeDecided {
      group.time = .inconclusive
    } else {
      group.time = .same
    }
    if !timeJudged { group.time = .notJudged }
    judgeCounted(&group, policy: policy)
  }

  /// Adds what callgrind counted of one run of each side (by title): instructions,
  /// and where the caches were simulated the cycle estimate; judges them.
  public mutating func addCounts(baseline: [String: Callgrind.Counts], current: [String: Callgrind.Counts]) {
    for index in groups.indices {
      let title = groups[index].title
      if let counts = baseline[title] { groups[index].baseline?.setCounts(counts) }
      if let counts = current[title] { groups[index].current?.setCounts(counts) }
      Self.judgeCounted(&groups[index], policy: policy)
    }
  }

  /// The worst verdict over all groups, on the gated metrics; advisory groups never count.
  public var overall: Verdict {
    let worst = groups.map { $0.status(gating: policy.gated) }.max() ?? .same
    return [.new, .missing, .notJudged].contains(worst) ? .same : worst
  }

  /// What the counted gates could not compare, one sentence each: a gate
  /// with nothing to compare says so rather than passing silently. Instructions
  /// always (the gate CI rests on); another counted metric where one side of
  /// some group holds it, or where it was asked for by name.
  public var uncompared: [String] {
    let both = groups.filter { $0.baseline != nil && $0.current != nil }
    guard !both.isEmpty else { return [] }
    var lines: [String] = []
    for metric in policy.gated.metrics where metric.exact && !metric.required {
      let noBaseline = both.filter { metric.value(in: $0.baseline) == nil }.count
      let noRun = both.filter { metric.value(in: $0.current) == nil }.count
      guard noBaseline + noRun > 0 else { continue }
      let asked = policy.required.contains(GatedMetrics(metric))
      let somewhere = noBaseline < both.count || noRun < both.count
      guard metric == .instructions || asked || somewhere else { continue }
      var sides: [String] = []
      let how = metric.option.map { " (\($0) counts them)" } ?? ""
      if noRun > 0 { sides.append("this run counted none for \(noRun) of \(both.count) group(s)\(how)") }
      if noBaseline > 0 { sides.append("the baseline holds none for \(noBaseline) of \(both.count) group(s)") }
      let consequence = asked ? "those groups are inconclusive" : "those groups pass on the other metrics"
      lines.append("\(metric.gate!) not compared: " + sides.joined(separator: "; ") + "; \(consequence)")
    }
    return lines
  }

  /// The gated metrics judged for at least one group: time where the sides'
  /// times compare, a counted metric where both sides of some group hold it.
  public var judged: GatedMetrics {
    let both = groups.filter { $0.baseline != nil && $0.current != nil }
    var judged: GatedMetrics = []
    if timeJudged && !both.isEmpty { judged.insert(.time) }
    for metric in Metric.judgedMetrics where metric.exact && both.contains(where: { $0.compared(metric) }) {
      judged.insert(GatedMetrics(metric))
    }
    return judged.intersection(policy.gated)
  }

  /// Why the gate did not check what it was asked to, one reason each: a
  /// metric named with `--metrics` that no group could be judged on; with no
  /// metric named, nothing judged at all; groups of the baseline missing from
  /// a run that was not filtered on purpose. Any of them is status 6, never a pass.
  public var unjudged: [String] {
    var reasons: [String] = []
    let both = groups.filter { $0.baseline != nil && $0.current != nil }
    let judged = judged
    for (metric, name) in GatedMetrics.named where policy.named.contains(metric) && !judged.contains(metric) {
      let why: String
      if both.isEmpty {
        why = "no group is in both"
      } else if metric == .time {
        why = comparability.timeNotJudgedReason ?? ""
      } else {
        let counted = Metric.judgedMetrics.first { GatedMetrics($0) == metric }!
        let has = { (group: GroupResult?) in counted.value(in: group) != nil }
        let sides = [
          both.contains { has($0.baseline) } ? nil : "the baseline holds none",
          both.contains { has($0.current) } ? nil : "this run has none",
        ].compactMap { $0 }
        why = sides.isEmpty ? "no group has it on both sides" : sides.joined(separator: "; ")
      }
      reasons.append("\(name) not judged for any group: \(why)")
    }
    if policy.named.isEmpty && judged.isEmpty {
      reasons.append(
        both.isEmpty ? "nothing judged: no group is in both" : "nothing judged: \(comparability.timeClause)")
    }
    let missing = groups.filter { $0.baseline != nil && $0.current == nil }.map(\.title)
    if policy.expectsEveryGroup && !missing.isEmpty {
      let named = missing.prefix(3).joined(separator: ", ") + (missing.count > 3 ? ", …" : "")
      reasons.append(
        "\(missing.count) group(s) of the baseline missing from a run of the whole suite (\(named)): not checked")
    }
    return reasons
  }

  /// The exit status: a regression, then inconclusive, then a gate that
  /// checked less than it was asked to (``unjudged``), then improvement only.
  public var status: ExitStatus {
    let verdict = overall
    if [.regression, .inconclusive].contains(verdict) { return verdict.exitStatus }
    return unjudged.isEmpty ? verdict.exitStatus : .notJudged
  }

  /// The verdict line's words: the verdict and what was judged, e.g. `no
  /// regression: instructions and allocations judged; time judged with ±1.4 %`.
  public var verdictLine: String {
    let status = status
    let head = status == .notJudged ? "NOT JUDGED" : overall.sentence
    let exact = judged.subtracting(.time).names
    var parts: [String] = []
    if !exact.isEmpty {
      let list =
        exact.count == 1 ? exact[0] : exact.dropLast().joined(separator: ", ") + " and " + exact.last!
      parts.append("\(list) judged")
    }
    // A time named with --metrics and not judged is said once, among the reasons.
    let timeUnjudged = policy.named.contains(.time) && !judged.contains(.time)
    if policy.gated.contains(.time) && !timeUnjudged { parts.append(comparability.timeClause) }
    parts += unjudged
    return head + (parts.isEmpty ? "" : ": " + parts.joined(separator: "; "))
  }
}

// MARK: - As data

/// A comparison as a JSON document: what the table shows, group by group,
/// worst first, and the overall verdict (`compare --json`).
public struct ComparisonDocument: Codable, Sendable {
  public struct Group: Codable, Sendable {
    public var title: String
    /// The verdict under the gated metrics, as in the table.
    public var verdict: Verdict
    /// `exact` where allocations or instructions decided it and time was in doubt or not gated.
    public var decidedBy: DecisionBasis?
    public var timeVerdict: Verdict
    public var allocationsVerdict: Verdict
    public var instructionsVerdict: Verdict
    public var baselineMedianNanoseconds: Double?
    public var currentMedianNanoseconds: Double?
    /// Current median over baseline median, and its 95% interval (`nil` where not computed).
    public var timeRatio: Double?
    public var timeRatioLow: Double?
    public var timeRatioHigh: Double?
    /// The smallest change the comparison could have detected: half the interval's width (0.14: ±14%);
    /// `nil` where a side was measured in one process (no interval).
    public var detectableChange: Double?
    /// What the time threshold was widened by for the host's state (0.014: ±1.4 %).
    public var hostStateAllowance: Double
    /// How many times the run's processes would settle a time in doubt (`nil`: settled, or no number would).
    public var processesNeeded: Double?
    public var baselineProcesses: Int?
    public var currentProcesses: Int?
    /// The Benjamini–Hochberg adjusted p-value of the Mann–Whitney test.
    public var adjustedP: Double
    public var baselineAllocationsPerRun: Int?
    public var currentAllocationsPerRun: Int?
    public var baselineInstructionsPerOperation: Double?
    public var currentInstructionsPerOperation: Double?
    public var memoryVerdict: Verdict
    public var cyclesVerdict: Verdict
    public var baselinePeakHeapBytesPerRun: Int?
    public var currentPeakHeapBytesPerRun: Int?
    public var baselinePeakResidentBytes: Int?
    public var currentPeakResidentBytes: Int?
    public var baselineEstimatedCyclesPerOperation: Double?
    public var currentEstimatedCyclesPerOperation: Double?
    /// The group's thresholds (the suite's where it declares them), and whether it is advisory (never failing the status).
    public var timeThreshold: Double?
    public var instructionThreshold: Double?
    public var advisory: Bool?
    /// The remarks beside the verdict in the table: what decided it, what a time in doubt could see, the re-measurement.
    public var note: String
    /// Every metric either side holds but time, by ``Metric/name``: both values
    /// and, for a metric a comparison judges, its verdict. (The fields above
    /// hold the first five metrics' as they always did.)
    public var metrics: [String: MetricComparison]? = nil
  }

  /// One metric of one group on both sides.
  public struct MetricComparison: Codable, Sendable, Hashable {
    public var baseline: Double?
    public var current: Double?
    public var verdict: Verdict?
  }

  public var verdict: Verdict
  /// The exit status's number, and the verdict line (what was judged, what was not and why).
  public var status: Int32
  public var verdictLine: String
  public var gatedMetrics: [String]
  /// The gated metrics judged for at least one group.
  public var judgedMetrics: [String]
  /// What the gate did not check (``Comparison/unjudged``): any of them is status 6.
  public var unjudged: [String]
  /// False when times are shown, not judged: another kind of host, or another method.
  public var timeJudged: Bool
  /// The line before the table (``Comparability/line``): kind of host, method and host state; empty when nothing to say.
  public var host: String
  /// The three answers of ``Comparability`` apart: whether each holds, and why not (`overridden` where asked).
  public var hostKind: Finding
  public var method: Finding
  /// The widest allowance for the host's state a time threshold was widened by (0.014: ±1.4 %), and what measured it.
  public var hostStateAllowance: Double
  public var hostState: String

  public struct Finding: Codable, Sendable {
    public var holds: Bool
    public var overridden: Bool
    public var reason: String
  }
  /// What the exact gates could not compare (``Comparison/uncompared``).
  public var uncompared: [String]?
  public var groups: [Group]

  public init(_ comparison: Comparison) {
    let gated = comparison.policy.gated
    func finite(_ value: Double) -> Double? { value.isFinite ? value : nil }
    verdict = comparison.overall
    gatedMetrics = gated.names
    status = comparison.status.code
    verdictLine = comparison.verdictLine
    judgedMetrics = comparison.judged.names
    unjudged = comparison.unjudged
    let comparability = comparison.comparability
    timeJudged = comparability.timeJudged
    host = comparability.line ?? ""
    hostKind = Finding(
      holds: comparability.kind.holds, overridden: comparability.kind.overridden, reason: comparability.kind.reason)
    method = Finding(holds: comparability.method.holds, overridden: false, reason: comparability.method.reason)
    hostStateAllowance = comparability.largestAllowance
    hostState = comparability.state.reason
    uncompared = comparison.uncompared
    groups = comparison.groups.sorted { $0.verdict(gating: gated) > $1.verdict(gating: gated) }.map { group in
      let decision = group.decision(gating: gated)
      let judged = group.baseline != nil && group.current != nil
      var metrics: [String: MetricComparison] = [:]
      for metric in Metric.scalars {
        let (old, new) = (metric.value(in: group.baseline), metric.value(in: group.current))
        guard old != nil || new != nil else { continue }
        metrics[metric.name] = MetricComparison(
          baseline: old, current: new, verdict: metric.exact && judged ? group[verdictOn: metric] : nil)
      }
      var document = Group(
        title: group.title, verdict: decision.verdict, decidedBy: judged ? decision.basis : nil,
        timeVerdict: group.time, allocationsVerdict: group.allocations, instructionsVerdict: group.instructions,
        baselineMedianNanoseconds: group.baseline?.nanosecondsPerOperation.median,
        currentMedianNanoseconds: group.current?.nanosecondsPerOperation.median,
        timeRatio: finite(group.timeRatio), timeRatioLow: finite(group.timeInterval.low),
        timeRatioHigh: finite(group.timeInterval.high), detectableChange: finite(group.detectableChange),
        hostStateAllowance: group.allowance,
        processesNeeded: group.processesNeeded, baselineProcesses: group.baseline?.processes,
        currentProcesses: group.current?.processes, adjustedP: group.adjustedP,
        baselineAllocationsPerRun: group.baseline?.allocationsPerRun,
        currentAllocationsPerRun: group.current?.allocationsPerRun,
        baselineInstructionsPerOperation: group.baseline?.instructionsPerOperation,
        currentInstructionsPerOperation: group.current?.instructionsPerOperation, memoryVerdict: group.memory,
        cyclesVerdict: group.cycles, baselinePeakHeapBytesPerRun: group.baseline?.peakHeapBytesPerRun,
        currentPeakHeapBytesPerRun: group.current?.peakHeapBytesPerRun,
        baselinePeakResidentBytes: group.baseline?.peakResidentBytes,
        currentPeakResidentBytes: group.current?.peakResidentBytes,
        baselineEstimatedCyclesPerOperation: group.baseline?.estimatedCyclesPerOperation,
        currentEstimatedCyclesPerOperation: group.current?.estimatedCyclesPerOperation,
        timeThreshold: group.limits.timeThreshold,
        instructionThreshold: group.limits.instructionThreshold, advisory: group.limits.advisory,
        note: group.remarks(gating: gated).joined(separator: "; "))
      document.metrics = metrics
      return document
    }
  }
}
