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

/// Thresholds of the verdicts.
public struct ComparisonPolicy: Sendable {
  /// Time ratios within 1 ± this are never called a change.
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
  /// Judge times even when the baseline comes from another host (see ``HostMatch``).
  public var judgeTimeAcrossHosts = false

  public init() {}
}

/// The comparison of one group.
public struct GroupComparison: Sendable {
  public var title: String
  public var baseline: GroupResult?
  public var current: GroupResult?
  /// median(current) / median(baseline).
  public var timeRatio: Double = .nan
  public var timeInterval: (low: Double, high: Double) = (.nan, .nan)
  public var pValue: Double = 1
  public var adjustedP: Double = 1
  public var time: Verdict = .same
  public var allocations: Verdict = .same
  public var instructions: Verdict = .same
  public var memory: Verdict = .same
  public var cycles: Verdict = .same
  public var note: String = ""

  /// The verdict that counts, over the gated metrics.
  public func verdict(gating gated: GatedMetrics) -> Verdict {
    if baseline == nil { return .new }
    if current == nil { return .missing }
    var verdicts: [Verdict] = []
    if gated.contains(.time) { verdicts.append(time) }
    if gated.contains(.allocations) { verdicts.append(allocations) }
    if gated.contains(.instructions) { verdicts.append(instructions) }
    if gated.contains(.memory) { verdicts.append(memory) }
    if gated.contains(.cycles) { verdicts.append(cycles) }
    return verdicts.max() ?? .same
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
      GroupComparison(title: title, baseline: baseline.group(title), current: current.group(title))
    }
    Self.dropCyclesOfAnotherModel(&groups, baseline: baseline, current: current)
    // Time: a rank test per group, then false-discovery-rate control across groups.
    let tested = groups.indices.filter { groups[$0].baseline != nil && groups[$0].current != nil }
    for index in tested {
      let (old, new) = (groups[index].baseline!, groups[index].current!)
      groups[index].timeRatio = new.nanosecondsPerOperation.median / old.nanosecondsPerOperation.median
      groups[index].pValue = Statistics.mannWhitneyP(processes: old.samplesByProcess, new.samplesByProcess)
      groups[index].timeInterval = Statistics.medianRatioInterval(old.samplesByProcess, new.samplesByProcess)
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
    // Unconfirmed, an apparent slowdown beyond the threshold (or a noisy group whose
    // interval admits one) is inconclusive; an unconfirmed speed-up is just the same.
    let regressionPossible = group.timeInterval.high > 1 + policy.timeThreshold
    if ratio > 1 + policy.timeThreshold && significant && group.timeInterval.low > 1 && slowerEverywhere && !noisy {
      group.time = .regression
    } else if ratio < 1 - policy.timeThreshold && significant && group.timeInterval.high < 1 && fasterEverywhere
      && !noisy
    {
      group.time = .improvement
    } else if ratio > 1 + policy.timeThreshold || (noisy && regressionPossible) {
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

  /// Instruction counts are exact: a change beyond the threshold is real.
  static func judgeInstructions(_ group: inout GroupComparison, policy: ComparisonPolicy) {
    group.instructions = .same
    guard let oldCount = group.baseline?.instructionsPerOperation,
      let newCount = group.current?.instructionsPerOperation
    else { return }
    let instructionRatio = newCount / oldCount
    if instructionRatio > 1 + policy.instructionThreshold {
      group.instructions = .regression
    } else if instructionRatio < 1 - policy.instructionThreshold {
      group.instructions = .improvement
    }
  }

  /// Adds instructions per operation counted for both sides (by title) and judges them.
  public mutating func addInstructions(baseline: [String: Double], current: [String: Double]) {
    for index in groups.indices {
      let title = groups[index].title
      if let operations = groups[index].baseline?.operations, let count = baseline[title] {
        groups[index].baseline?.instructionsPerOperation = count / Double(operations)
      }
      if let operations = groups[index].current?.operations, let count = current[title] {
        groups[index].current?.instructionsPerOperation = count / Double(operations)
      }
      Self.judgeInstructions(&groups[index], policy: policy)
    }
  }

  /// The worst verdict over all groups, on the gated metrics.
  public var overall: Verdict {
    let worst = groups.map { $0.verdict(gating: policy.gated) }.max() ?? .same
    return [.new, .missing, .notJudged].contains(worst) ? .same : worst
  }

  /// Groups whose time verdict (when gated) is anything but the same: candidates to
  /// re-measure. Allocation and instruction counts are deterministic: measuring again cannot change them.
  public var suspects: [String] {
    guard policy.gated.contains(.time) else { return [] }
    return groups.filter { [.regression, .inconclusive, .improvement].contains($0.time) }.map(\.title)
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
    public var timeVerdict: Verdict
    public var allocationsVerdict: Verdict
    public var instructionsVerdict: Verdict
    public var baselineMedianNanoseconds: Double?
    public var currentMedianNanoseconds: Double?
    /// Current median over baseline median, and its 95% interval (`nil` where not computed).
    public var timeRatio: Double?
    public var timeRatioLow: Double?
    public var timeRatioHigh: Double?
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
    groups = comparison.groups.sorted { $0.verdict(gating: gated) > $1.verdict(gating: gated) }.map { group in
      Group(
        title: group.title, verdict: group.verdict(gating: gated), timeVerdict: group.time,
        allocationsVerdict: group.allocations, instructionsVerdict: group.instructions,
        baselineMedianNanoseconds: group.baseline?.nanosecondsPerOperation.median,
        currentMedianNanoseconds: group.current?.nanosecondsPerOperation.median,
        timeRatio: finite(group.timeRatio), timeRatioLow: finite(group.timeInterval.low),
        timeRatioHigh: finite(group.timeInterval.high), adjustedP: group.adjustedP,
        baselineAllocationsPerRun: group.baseline?.allocationsPerRun,
        currentAllocationsPerRun: group.current?.allocationsPerRun,
        baselineInstructionsPerOperation: group.baseline?.instructionsPerOperation,
        currentInstructionsPerOperation: group.current?.instructionsPerOperation, memoryVerdict: group.memory,
        cyclesVerdict: group.cycles, baselinePeakHeapBytesPerRun: group.baseline?.peakHeapBytesPerRun,
        currentPeakHeapBytesPerRun: group.current?.peakHeapBytesPerRun,
        baselinePeakResidentBytes: group.baseline?.peakResidentBytes,
        currentPeakResidentBytes: group.current?.peakResidentBytes,
        baselineEstimatedCyclesPerOperation: group.baseline?.estimatedCyclesPerOperation,
        currentEstimatedCyclesPerOperation: group.current?.estimatedCyclesPerOperation, note: group.note)
    }
  }
}
