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
  /// Times of another host: shown, not judged (see ``HostMatch``).
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

/// The metrics a comparison may gate on.
public struct GatedMetrics: OptionSet, Sendable, Hashable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  public static let time = GatedMetrics(rawValue: 1)
  public static let allocations = GatedMetrics(rawValue: 2)
  public static let instructions = GatedMetrics(rawValue: 4)
  /// Peak heap bytes of one run (exact, like allocations).
  public static let memory = GatedMetrics(rawValue: 8)
  /// Estimated cycles (``CycleModel``), where counted with `--cycles`.
  public static let cycles = GatedMetrics(rawValue: 16)
  public static let all: GatedMetrics = [.time, .allocations, .instructions, .memory, .cycles]

  /// Parses `time,allocations,instructions,memory,cycles`; `nil` on an unknown name or an
  /// empty one (`--metrics ''` from an unset variable must not gate nothing).
  public init?(names: String) {
    self = []
    for name in names.split(separator: ",", omittingEmptySubsequences: false) {
      switch name {
      case "time": insert(.time)
      case "allocations": insert(.allocations)
      case "instructions": insert(.instructions)
      case "memory": insert(.memory)
      case "cycles": insert(.cycles)
      default: return nil
      }
    }
    if isEmpty { return nil }
  }
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
  /// Instruction counts within 1 ± this are the same. Under callgrind they repeat
  /// exactly for one binary, but the checkout's folder is compiled into the binary,
  /// which moves heap addresses and so memcpy's path: a clone elsewhere measured
  /// displacement/elements at 1,197 instead of 1,185 instructions per call (+1.0%).
  public var instructionThreshold = 0.02
  /// Estimated cycles within 1 ± this are the same (see ``Comparison/judgeMemoryAndCycles(_:policy:)``).
  public var cycleThreshold = 0.02
  public var gated: GatedMetrics = .all
  /// The metrics the user named (`--metrics`, `--instructions`): an exact one
  /// that one side did not count is then inconclusive, not a silent pass.
  public var required: GatedMetrics = []
  /// Judge times even when the baseline comes from another host (see ``HostMatch``).
  public var judgeTimeAcrossHosts = false
  /// What the suite declares for some groups; a later entry's values win.
  public var groupThresholds: [GroupThresholds] = []

  public init() {}

  /// One group's thresholds: the suite's where it declares them, else the defaults.
  public struct Limits: Sendable, Hashable {
    public var time: Double
    public var instructions: Double
    public var advisory: Bool

    public init(time: Double, instructions: Double, advisory: Bool) {
      self.time = time
      self.instructions = instructions
      self.advisory = advisory
    }

    /// What differs from `defaults`, for tables and lists: `advisory; time 15%`.
    public func differences(from defaults: Limits) -> String {
      var parts: [String] = []
      if advisory { parts.append("advisory") }
      if time != defaults.time { parts.append("time \(Report.share(time))") }
      if instructions != defaults.instructions { parts.append("instructions \(Report.share(instructions))") }
      return parts.joined(separator: "; ")
    }
  }

  public var defaultLimits: Limits {
    Limits(time: timeThreshold, instructions: instructionThreshold, advisory: false)
  }

  public func limits(for title: String) -> Limits {
    var limits = defaultLimits
    for declared in groupThresholds where declared.applies(to: title) {
      limits.time = declared.timeEffect ?? limits.time
      limits.instructions = declared.instructions ?? limits.instructions
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
  public var pValue: Double = 1
  public var adjustedP: Double = 1
  public var time: Verdict = .same
  public var allocations: Verdict = .same
  public var instructions: Verdict = .same
  public var memory: Verdict = .same
  public var cycles: Verdict = .same
  public var note: String = ""

  public init(title: String, baseline: GroupResult?, current: GroupResult?, limits: ComparisonPolicy.Limits) {
    self.title = title
    self.baseline = baseline
    self.current = current
    self.limits = limits
  }

  /// Whether both sides have instruction counts to compare.
  public var instructionsCompared: Bool {
    baseline?.instructionsPerOperation != nil && current?.instructionsPerOperation != nil
  }

  /// Whether the interval settles the time against the threshold: it lies
  /// wholly within 1 + threshold, or wholly beyond it.
  public var timeDecided: Bool {
    guard timeInterval.low.isFinite, timeInterval.high.isFinite else { return true }
    let limit = 1 + limits.time
    return timeInterval.high <= limit || timeInterval.low > limit
  }

  /// The half-width the interval needs to settle the time: the distance from the ratio to the threshold.
  var neededHalfWidth: Double { abs(1 + limits.time - timeRatio) }

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
    guard detectableChange.isFinite else { return "" }
    var text = "could see ±\(Report.share(detectableChange))"
    guard !timeDecided else { return text }
    let threshold = "the threshold \(Report.share(limits.time))"
    let processes = current.map { " (\($0.processes) now)" } ?? ""
    if let factor = processesNeeded {
      text += "; \(threshold) needs ~\(Int(factor.rounded(.up)))× the processes\(processes)"
    } else if baselineHalfWidth >= neededHalfWidth && baselineHalfWidth >= limits.time / 2 {
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
    var exact: [Verdict] = []
    if gated.contains(.allocations) { exact.append(allocations) }
    if gated.contains(.instructions) { exact.append(instructions) }
    if gated.contains(.memory) { exact.append(memory) }
    if gated.contains(.cycles) { exact.append(cycles) }
    let exactVerdict = exact.max() ?? .same
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
      var exact: [String] = []
      if gated.contains(.instructions) && (instructionsCompared || instructions != .same) {
        exact.append("instructions")
      }
      if gated.contains(.allocations) { exact.append("allocations") }
      let doubt =
        time == .notJudged
        ? "time not judged" : "time \(time.rawValue)" + (sensitivity.isEmpty ? "" : " (\(sensitivity))")
      remarks.append("decided by exact metrics (\(exact.joined(separator: ", "))); \(doubt)")
    } else if decision.basis == .time && time == .inconclusive && !sensitivity.isEmpty {
      remarks.append(sensitivity)
    }
    if instructions == .inconclusive && gated.contains(.instructions) {
      remarks.append(
        "instructions asked for, but \(current?.instructionsPerOperation == nil ? "the run" : "the baseline") has none")
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
  /// Whether the baseline's host is this run's (by fingerprint and calibration).
  public var host: HostMatch
  /// Whether time verdicts were issued: same host, or forced by the policy.
  public var timeJudged: Bool { host.sameHost || policy.judgeTimeAcrossHosts }

  /// Compares every group of `current` with `baseline`. When the baseline
  /// comes from another host, times are compared but not judged (unless the
  /// policy forces it): the verdict rests on the exact metrics alone.
  public init(baseline: RunResult, current: RunResult, policy: ComparisonPolicy = ComparisonPolicy()) {
    self.policy = policy
    host = HostMatch(baseline: baseline, current: current)
    let timeJudged = host.sameHost || policy.judgeTimeAcrossHosts
    var titles = current.groups.map(\.title)
    titles += baseline.groups.map(\.title).filter { !titles.contains($0) }
    var groups = titles.map { title in
      GroupComparison(
        title: title, baseline: baseline.group(title), current: current.group(title),
        limits: policy.limits(for: title))
    }
    Self.dropCyclesOfAnotherModel(&groups, baseline: baseline, current: current)
    // Time: a rank test per group, then false-discovery-rate control across groups.
    let tested = groups.indices.filter { groups[$0].baseline != nil && groups[$0].current != nil }
    for index in tested {
      let (old, new) = (groups[index].baseline!, groups[index].current!)
      groups[index].timeRatio = new.nanosecondsPerOperation.median / old.nanosecondsPerOperation.median
      groups[index].pValue = Statistics.mannWhitneyP(processes: old.samplesByProcess, new.samplesByProcess)
      groups[index].timeInterval = Statistics.medianRatioInterval(old.samplesByProcess, new.samplesByProcess)
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
    let threshold = group.limits.time
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
    if ratio > 1 + threshold && significant && group.timeInterval.low > 1 && slowerEverywhere && !noisy {
      group.time = .regression
    } else if ratio < 1 - threshold && significant && group.timeInterval.high < 1 && fasterEverywhere && !noisy {
      group.time = .improvement
    } else if ratio > 1 + threshold || !group.timeDecided {
      group.time = .inconclusive
    } else {
      group.time = .same
    }
    if !timeJudged { group.time = .notJudged }
    // Allocations are deterministic: any change is real.
    if new.allocationsPerRun > old.allocationsPerRun {
      group.allocations = .regression
    } else if new.allocationsPerRun < old.allocationsPerRun {
      group.allocations = .improvement
    }
    judgeInstructions(&group, policy: policy)
    judgeMemoryAndCycles(&group, policy: policy)
  }

  /// Instruction counts are exact: a change beyond the threshold is real. Asked
  /// for by name and missing on a side, they are inconclusive rather than a pass.
  static func judgeInstructions(_ group: inout GroupComparison, policy: ComparisonPolicy) {
    group.instructions = .same
    guard let oldCount = group.baseline?.instructionsPerOperation,
      let newCount = group.current?.instructionsPerOperation
    else {
      if policy.required.contains(.instructions) && group.baseline != nil && group.current != nil {
        group.instructions = .inconclusive
      }
      return
    }
    let instructionRatio = newCount / oldCount
    if instructionRatio > 1 + group.limits.instructions {
      group.instructions = .regression
    } else if instructionRatio < 1 - group.limits.instructions {
      group.instructions = .improvement
    }
  }

  /// Adds what callgrind counted of one run of each side (by title): instructions,
  /// and where the caches were simulated the cycle estimate; judges them.
  public mutating func addCounts(baseline: [String: Callgrind.Counts], current: [String: Callgrind.Counts]) {
    for index in groups.indices {
      let title = groups[index].title
      if let counts = baseline[title] { groups[index].baseline?.setCounts(counts) }
      if let counts = current[title] { groups[index].current?.setCounts(counts) }
      Self.judgeInstructions(&groups[index], policy: policy)
      Self.judgeMemoryAndCycles(&groups[index], policy: policy)
    }
  }

  /// The worst verdict over all groups, on the gated metrics; advisory groups never count.
  public var overall: Verdict {
    let worst = groups.map { $0.status(gating: policy.gated) }.max() ?? .same
    return [.new, .missing, .notJudged].contains(worst) ? .same : worst
  }

  /// Groups whose time verdict (when gated) is anything but the same: candidates to
  /// re-measure. Allocation and instruction counts are deterministic: measuring again cannot change them.
  public var suspects: [String] {
    guard policy.gated.contains(.time) else { return [] }
    return groups.filter { [.regression, .inconclusive, .improvement].contains($0.time) }.map(\.title)
  }

  /// Groups whose time shows a change (a regression or an improvement) to confirm in fresh processes.
  public var changes: [String] {
    guard policy.gated.contains(.time) else { return [] }
    return groups.filter { [.regression, .improvement].contains($0.time) }.map(\.title)
  }

  /// Groups whose time is in doubt and whose verdict more processes of the run
  /// could settle: judged and gated, not advisory, not decided by exact metrics,
  /// and not beyond help (a baseline too wide on its own).
  public var undecided: [String] {
    guard policy.gated.contains(.time), timeJudged else { return [] }
    return groups.filter { group in
      group.time == .inconclusive && !group.limits.advisory
        && group.decision(gating: policy.gated).basis == .time
        && (group.timeDecided || group.processesNeeded != nil)
    }.map(\.title)
  }

  /// Groups whose time is in doubt (inconclusive, decided by time, not advisory), whether or not more processes could help.
  public var inDoubt: [String] {
    guard policy.gated.contains(.time), timeJudged else { return [] }
    return groups.filter { group in
      group.time == .inconclusive && !group.limits.advisory && group.decision(gating: policy.gated).basis == .time
    }.map(\.title)
  }

  /// What the exact gates could not compare, one sentence each: a gate with
  /// nothing to compare says so rather than passing silently.
  public var uncompared: [String] {
    guard policy.gated.contains(.instructions) else { return [] }
    let both = groups.filter { $0.baseline != nil && $0.current != nil }
    let noBaseline = both.filter { $0.baseline?.instructionsPerOperation == nil }.count
    let noRun = both.filter { $0.current?.instructionsPerOperation == nil }.count
    guard noBaseline + noRun > 0, !both.isEmpty else { return [] }
    var sides: [String] = []
    if noRun > 0 {
      sides.append("this run counted none for \(noRun) of \(both.count) group(s) (--instructions counts them)")
    }
    if noBaseline > 0 { sides.append("the baseline holds none for \(noBaseline) of \(both.count) group(s)") }
    let consequence =
      policy.required.contains(.instructions)
      ? "those groups are inconclusive" : "those groups pass on the other metrics"
    return ["instructions not compared: " + sides.joined(separator: "; ") + "; \(consequence)"]
  }

  /// Replaces the time verdicts of re-measured groups: a change stands only
  /// if fresh processes show the same change again; a first verdict that the
  /// re-measurement calls the same is dropped; any other disagreement is inconclusive.
  public mutating func confirm(with remeasured: Comparison) {
    for index in groups.indices {
      guard let again = remeasured.groups.first(where: { $0.title == groups[index].title }) else { continue }
      let first = groups[index]
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
    /// The smallest change the comparison could have detected: half the interval's width (0.14: ±14%).
    public var detectableChange: Double?
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
  }

  public var verdict: Verdict
  public var gatedMetrics: [String]
  /// False when the baseline came from another host: times are then shown, not judged.
  public var timeJudged: Bool
  /// Why the baseline's host differs (empty when it does not).
  public var host: String
  /// This run's reference loops' time over the baseline's, where both measured them.
  public var calibrationRatio: Double?
  /// What the exact gates could not compare (``Comparison/uncompared``).
  public var uncompared: [String]?
  public var groups: [Group]

  public init(_ comparison: Comparison) {
    let gated = comparison.policy.gated
    func finite(_ value: Double) -> Double? { value.isFinite ? value : nil }
    verdict = comparison.overall
    gatedMetrics = [
      (GatedMetrics.time, "time"), (.allocations, "allocations"), (.instructions, "instructions"), (.memory, "memory"),
      (.cycles, "cycles"),
    ].filter { gated.contains($0.0) }.map(\.1)
    timeJudged = comparison.timeJudged
    host = comparison.host.reason
    calibrationRatio = comparison.host.cpuRatio
    uncompared = comparison.uncompared
    groups = comparison.groups.sorted { $0.verdict(gating: gated) > $1.verdict(gating: gated) }.map { group in
      let decision = group.decision(gating: gated)
      let judged = group.baseline != nil && group.current != nil
      return Group(
        title: group.title, verdict: decision.verdict, decidedBy: judged ? decision.basis : nil,
        timeVerdict: group.time, allocationsVerdict: group.allocations, instructionsVerdict: group.instructions,
        baselineMedianNanoseconds: group.baseline?.nanosecondsPerOperation.median,
        currentMedianNanoseconds: group.current?.nanosecondsPerOperation.median,
        timeRatio: finite(group.timeRatio), timeRatioLow: finite(group.timeInterval.low),
        timeRatioHigh: finite(group.timeInterval.high), detectableChange: finite(group.detectableChange),
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
        timeThreshold: group.limits.time,
        instructionThreshold: group.limits.instructions, advisory: group.limits.advisory,
        note: group.remarks(gating: gated).joined(separator: "; "))
    }
  }
}
