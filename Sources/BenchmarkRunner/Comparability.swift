/// Whether, and how, two sides' times can be judged against each other:
/// decided here, once, for every command that compares (`check`, `compare`,
/// `ab`, `bisect`, `merge`, `history`, `report`).
///
/// Three questions, each answered on its own with its reason:
/// - **kind of host**: the fingerprints (architecture, CPU model, cores, SIMD
///   extensions). Another kind leaves times unjudged, unless overridden
///   (`--compare-times-across-hosts`).
/// - **method**: the clock and the sample filter that timed the samples
///   (``RunResult/sampleClock``, e.g. `thread CPU time, quiet cores`). Times of
///   two methods are never judged against each other: there is no override.
/// - **host state**: how far the host's speed moved between the two sides.
///   It never switches times off; it widens each group's time threshold by
///   what was measured (``allowance(for:)``), unless overridden (`--ignore-host-state`).
///
/// How the state is measured depends on how the sides were paired. Against a
/// stored baseline (``Pairing/stored``) it is the runner's calibration loops,
/// process by process. Between two builds measured in turn in one job
/// (``Pairing/interleaved``: `ab`, `bisect`) it is the A/A′ control alone:
/// nothing compiled into either build (the loops, the probe, a reference
/// group) says the host changed, since a difference between them is a
/// property of the builds. A suite's reference group is never an input: it is
/// code of the build under test, judged like any group.
public struct Comparability: Sendable, Hashable {
  public enum Pairing: String, Sendable, Hashable {
    /// A run against a baseline measured at another time.
    case stored
    /// Two builds measured in turn, A B A′, in one job.
    case interleaved
  }

  /// One question's answer.
  public struct Finding: Sendable, Hashable {
    /// The two sides agree.
    public var holds: Bool
    /// Why they do not; empty when they do.
    public var reason: String
    /// They do not, and the user asked for a judgement all the same.
    public var overridden = false

    public init(holds: Bool, reason: String = "", overridden: Bool = false) {
      self.holds = holds
      self.reason = reason
      self.overridden = overridden
    }
  }

  /// What the user asked to judge all the same. The method has none.
  public struct Overrides: Sendable, Hashable {
    /// Judge times against another kind of host.
    public var kind: Bool
    /// Judge without the allowance for the host's state.
    public var state: Bool

    public init(kind: Bool = false, state: Bool = false) {
      self.kind = kind
      self.state = state
    }
  }

  /// How far the host's state moved between the sides: fractions that widen the time thresholds.
  public struct State: Sendable, Hashable {
    /// Every group's allowance where it has none of its own.
    public var allowance = 0.0
    /// Per group (the A/A′ control's, group by group).
    public var allowances: [String: Double] = [:]
    /// What was measured, with its figures; empty when nothing was.
    public var reason = ""
    /// Whether anything measured the state (else times are judged without allowance, and `reason` says why).
    public var measured = false
    /// `--ignore-host-state`: measured and shown, not applied.
    public var ignored = false

    public init() {}
  }

  public var pairing: Pairing
  public var kind: Finding
  public var method: Finding
  public var state: State

  public init(pairing: Pairing, kind: Finding, method: Finding, state: State) {
    self.pairing = pairing
    self.kind = kind
    self.method = method
    self.state = state
  }

  /// Whether time verdicts are issued: the same kind of host (or overridden) and the same method.
  public var timeJudged: Bool { (kind.holds || kind.overridden) && method.holds }

  /// Why times are not judged, for the verdict line; `nil` when they are.
  public var timeNotJudgedReason: String? {
    guard !timeJudged else { return nil }
    return method.holds ? kind.reason : method.reason
  }

  /// The fraction a group's time threshold is widened by (0 where times are not judged, or the state is ignored).
  public func allowance(for title: String) -> Double {
    guard timeJudged, !state.ignored else { return 0 }
    return state.allowances[title] ?? state.allowance
  }

  /// The widest allowance any group gets.
  public var largestAllowance: Double {
    guard timeJudged, !state.ignored else { return 0 }
    return ([state.allowance] + state.allowances.values).max() ?? 0
  }

  /// The line before a comparison's table: what stops or widens the time verdicts; `nil` when nothing does.
  public var line: String? {
    var parts: [String] = []
    if !method.holds {
      parts.append(method.reason + "; times are shown, not judged (no option judges two methods)")
    } else if !kind.holds {
      parts.append(
        kind.reason + (kind.overridden ? "; times are judged all the same, as asked" : "; times are shown, not judged"))
    }
    if timeJudged && !state.reason.isEmpty {
      parts.append(state.reason + (state.ignored ? " (ignored, as asked)" : ""))
    }
    return parts.isEmpty ? nil : parts.joined(separator: "\n")
  }

  /// What the verdict line says of time: `time judged with ±1.4 %`, or `time not judged: …`.
  public var timeClause: String {
    guard timeJudged else { return "time not judged: \(timeNotJudgedReason ?? "")" }
    let widest = largestAllowance
    let across = kind.holds ? "" : " (across kinds of host, as asked)"
    guard widest > 0 else { return "time judged" + across }
    let what =
      pairing == .interleaved ? "up to ±\(Report.share(widest)) (the A/A′ control)" : "±\(Report.share(widest))"
    return "time judged with \(what)" + across
  }
}

// MARK: - Kind of host and method

extension Comparability {
  /// The fields of a fingerprint that decide whether times compare, as one key
  /// (``MachineFingerprint/hostClass``; history keeps its series apart by it).
  public static func kindKey(_ machine: MachineFingerprint) -> String {
    "\(machine.architecture), \(machine.cpuModel), \(machine.logicalCores) cores, \(machine.simd.joined(separator: " "))"
  }

  /// Whether two fingerprints are of one kind of host.
  public static func sameKind(_ a: MachineFingerprint, _ b: MachineFingerprint) -> Bool { kindKey(a) == kindKey(b) }

  static func kind(
    _ baseline: MachineFingerprint, _ current: MachineFingerprint, override: Bool, pairing: Pairing = .stored
  ) -> Finding {
    guard !sameKind(baseline, current) else { return Finding(holds: true) }
    func described(_ machine: MachineFingerprint) -> String {
      "\(machine.cpuModel), \(machine.logicalCores) cores, \(machine.simd.joined(separator: " "))"
    }
    let reason =
      pairing == .stored
      ? "baseline recorded on another kind of host (\(described(baseline)); here \(described(current)))"
      : "A and B measured on two kinds of host (\(described(baseline)); \(described(current)))"
    return Finding(holds: false, reason: reason, overridden: override)
  }

  static func method(_ baseline: RunResult, _ current: RunResult, pairing: Pairing = .stored) -> Finding {
    guard baseline.sampleClock != current.sampleClock else { return Finding(holds: true) }
    let reason =
      pairing == .stored
      ? "baseline timed in \(baseline.sampleClock), this run in \(current.sampleClock)"
      : "A timed in \(baseline.sampleClock), B in \(current.sampleClock) (builds of two versions of the runner)"
    return Finding(holds: false, reason: reason)
  }
}

// MARK: - Against a stored baseline

extension Comparability {
  /// How much of a group's time the memory loop speaks for: the share of its
  /// estimated cycles (``CycleModel``) spent on last-level misses, from the
  /// baseline's counts (`--cycles`); 0 without them.
  ///
  /// Note (f2a6496): the memory loop (a pointer chase through memory) is the
  /// host's weather for code that waits on memory, not for code that stays in
  /// the first-level cache, as this suite's groups do. In ten checks against a
  /// baseline recorded just before, on one quiet host, it ran ×0.624 to ×1.12
  /// as long (one run's 95 % interval reaching ×0.436), which widened every
  /// threshold by up to ±105 %, while no group's median moved by more than
  /// 3.3 %. Weighted by this share, it widens the groups it predicts and no other.
  public static func memoryShare(of group: GroupResult?) -> Double {
    guard let group, let misses = group.lastLevelMissesPerOperation, let cycles = group.estimatedCyclesPerOperation,
      cycles > 0, misses.isFinite
    else { return 0 }
    return min(1, max(0, CycleModel.lastLevelMissCycles * misses / cycles))
  }

  /// A run against a stored baseline (`check`, `compare`, `report`): kind and
  /// method from the files; the state from the calibration loops, each
  /// compared by the 95 % interval of its ratio over processes.
  public init(baseline: RunResult, current: RunResult, overrides: Overrides = Overrides()) {
    pairing = .stored
    kind = Self.kind(baseline.machine, current.machine, override: overrides.kind)
    method = Self.method(baseline, current)
    state = Self.storedState(baseline.calibration, current.calibration, groups: baseline.groups)
    state.ignored = overrides.state
  }

  /// How far a ratio's interval reaches from 1, as a fraction, either way:
  /// ×0.986–1.00 reaches 1.4 %. A point alone (one process on a side) reaches as far as it lies.
  static func reach(_ ratio: Double, _ range: ClosedRange<Double>?) -> Double {
    let (low, high) = range.map { ($0.lowerBound, $0.upperBound) } ?? (ratio, ratio)
    guard low > 0, high.isFinite else { return .nan }
    return max(0, high - 1, 1 / low - 1)
  }

  /// The ratio of medians of `new` over `old` (processes of samples) and its
  /// 95 % interval, `nil` where fewer than two processes on a side give none.
  static func ratio(_ old: [[Double]], _ new: [[Double]]) -> (ratio: Double, range: ClosedRange<Double>?)? {
    let (oldMedian, newMedian) = (Statistics.median(old.flatMap { $0 }), Statistics.median(new.flatMap { $0 }))
    guard oldMedian > 0, newMedian.isFinite else { return nil }
    guard old.count >= 2, new.count >= 2 else { return (newMedian / oldMedian, nil) }
    let interval = Statistics.medianRatioInterval(old, new)
    guard interval.low.isFinite, interval.high.isFinite else { return (newMedian / oldMedian, nil) }
    return (newMedian / oldMedian, min(interval.low, interval.high)...max(interval.low, interval.high))
  }

  static func storedState(_ old: Calibration?, _ new: Calibration?, groups: [GroupResult]) -> State {
    var state = State()
    guard let old, let new else {
      state.reason =
        "host state not measured (\(old == nil ? "the baseline" : "this run") has no calibration loops): times judged without allowance"
      return state
    }
    func shown(_ ratio: Double, _ range: ClosedRange<Double>?) -> String {
      "×\(Report.number(ratio))"
        + (range.map { " (95% interval ×\(Report.number($0.lowerBound))–\(Report.number($0.upperBound)))" }
          ?? " (one process: no interval)")
    }
    var parts: [String] = []
    var allowance = 0.0
    // Each process is one draw of the host's state: one median per process.
    if let cpu = ratio(old.cpuNanoseconds.map { [$0] }, new.cpuNanoseconds.map { [$0] }) {
      let reach = reach(cpu.ratio, cpu.range)
      if reach.isFinite { allowance = max(allowance, reach) }
      parts.append("the latency loop \(shown(cpu.ratio, cpu.range))")
    }
    var memoryReach = 0.0
    if let memory = ratio(old.memoryNanoseconds.map { [$0] }, new.memoryNanoseconds.map { [$0] }) {
      let reach = reach(memory.ratio, memory.range)
      if reach.isFinite { memoryReach = reach }
      let bound = groups.filter { Self.memoryShare(of: $0) > 0 }.count
      parts.append(
        "the memory loop \(shown(memory.ratio, memory.range))"
          + (bound == 0
            ? " (widens only groups whose cache misses were counted, --cycles: none here)"
            : " (weighted by each group's share of cycles waiting on memory: \(bound) group(s))"))
    }
    // The quickest probe is an extreme of thousands of readings: measured at bbc66e4 it moved
    // ×0.65 and ×0.71 between runs whose loops agreed within 2 % and whose groups' medians stayed
    // within ±3 %. Each run keeps the samples near its own quickest, so the filter is the same
    // method on both sides; the probe's ratio is shown, and widens nothing.
    if let oldProbe = old.quietProbeNanoseconds, let newProbe = new.quietProbeNanoseconds, oldProbe > 0 {
      parts.append(
        "the quietest core ran the probe ×\(Report.number(newProbe / oldProbe)) as long (shown, not applied)")
    }
    guard !parts.isEmpty else {
      state.reason = "host state not measured (no calibration loop on both sides): times judged without allowance"
      return state
    }
    state.measured = true
    state.allowance = allowance
    for group in groups {
      let share = Self.memoryShare(of: group)
      if share > 0 { state.allowances[group.title] = allowance + share * memoryReach }
    }
    let widest = ([allowance] + state.allowances.values).max() ?? allowance
    state.reason =
      "host state against the baseline: " + parts.joined(separator: ", ")
      + "; time thresholds widened by ±\(Report.share(allowance))"
      + (widest > allowance ? " (up to ±\(Report.share(widest)) where a group waits on memory)" : "")
    return state
  }
}

// MARK: - Two builds in one job

extension Comparability {
  /// Two builds measured in turn (A B A′) in one job: kind and method from
  /// the results; the state from the A/A′ control alone, group by group. B
  /// is judged against A and A′ pooled, so B, measured between them, sits
  /// where drift from A to A′ puts the pooled median: each group's allowance
  /// is half the distance of its control ratio from 1. `control` is `nil` for the control itself.
  public init(interleaved base: RunResult, head: RunResult, control: Comparison?, overrides: Overrides = Overrides()) {
    pairing = .interleaved
    kind = Self.kind(base.machine, head.machine, override: overrides.kind, pairing: .interleaved)
    method = Self.method(base, head, pairing: .interleaved)
    state = State()
    state.ignored = overrides.state
    guard let control else { return }
    var reaches: [Double] = []
    for group in control.groups where group.timeRatio.isFinite && group.timeRatio > 0 {
      let half = max(group.timeRatio - 1, 1 / group.timeRatio - 1) / 2
      state.allowances[group.title] = half
      reaches.append(group.timeRatio)
    }
    guard !reaches.isEmpty else {
      state.reason = "the A/A′ control compared no group: times judged without allowance"
      return
    }
    state.measured = true
    let sorted = reaches.sorted()
    let widest = state.allowances.values.max() ?? 0
    state.reason =
      "A/A′ control: identical builds ran ×\(Report.number(sorted.first!))–\(Report.number(sorted.last!)) as long (median ×\(Report.number(Statistics.median(sorted))) over groups); each group's time threshold widened by half its own difference, up to ±\(Report.share(widest))"
  }
}

// MARK: - Merging

extension Comparability {
  /// Whether result files may be merged into one: the same method always
  /// (two clocks' samples in one group would be judged as one), the same kind
  /// of host unless allowed. The message names both files and what differs; `nil` when they may.
  public static func mergeRefusal(
    _ first: (path: String, result: RunResult), _ other: (path: String, result: RunResult), allowMixedHosts: Bool
  ) -> String? {
    let (a, b) = (first.result, other.result)
    if !method(a, b).holds {
      return
        "\(other.path): timed in \(b.sampleClock), \(first.path) in \(a.sampleClock) (no option merges two clocks)"
    }
    guard allowMixedHosts || sameKind(a.machine, b.machine) else {
      return
        "\(other.path): recorded on another kind of host (\(b.machine.cpuModel), \(b.machine.logicalCores) cores) than \(first.path) (--allow-mixed-hosts to merge them)"
    }
    return nil
  }
}
