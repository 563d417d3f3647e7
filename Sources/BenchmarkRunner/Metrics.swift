/// One metric of a group, declared once: what it is (its field in result
/// files and history entries, unit, polarity, meaning), where it comes from (a
/// worker process, or callgrind's events), how processes pool it, how a
/// comparison judges it and with what tolerance, and how tables, charts and
/// exports show it. The result-file reader and writer, pooling, verdicts,
/// tables, exports, charts and history all iterate ``Metric/all``: a new
/// metric is an entry here and the code that measures it.
///
/// Time is an entry too (its name, gate and meaning), but its samples and
/// quantiles have a shape of their own and are judged by ``Comparison``'s statistics.
public struct Metric: Sendable, Hashable, CustomStringConvertible {
  /// The field of result files, history entries and `compare --json` (`baseline…`/`current…`).
  public let name: String
  /// Its name for `--metrics`, verdicts and history changes; `nil` for a metric recorded, never judged.
  public let gate: String?
  /// A table's column heading.
  public let label: String
  /// What a verdict's words call it: `regression (peak heap)`.
  public let noun: String
  /// Whether tables give it a column of its own where some group holds it
  /// (time, allocations and instructions have columns everywhere).
  public let column: Bool
  /// The option that counts it, where one must be asked for (`--instructions`, `--cycles`).
  public let option: String?
  public let unit: String
  public let polarity: Polarity
  /// Whether result files hold it as a whole number.
  public let integral: Bool
  /// Whether every group of a result file holds it.
  public let required: Bool
  public let pooling: Pooling
  public let rule: Rule
  public let format: Format
  /// Whether history entries keep it, and the smallest step of its series that
  /// counts as a change there (`nil`: kept, no change looked for).
  public let history: Bool
  public let historyStep: Double?
  /// Its entry in github-action-benchmark's export (`title (name)`, unit, extra); `nil`: not exported there.
  public let export: Export?
  /// Whether Google Benchmark's export carries it as a user counter.
  public let counter: Bool
  public let meaning: String
  /// Where a worker's measurement of one group gives it (per operation or per run, as `name` says).
  let fromProcess: (@Sendable (ProcessMeasurement) -> Double?)?
  /// Where callgrind's totals of one run (by event name: `Ir`, `D1mr`, `Bc`, …) give it, per run.
  let fromCallgrind: (@Sendable ([String: Double]) -> Double?)?

  public enum Polarity: String, Sendable { case smallerIsBetter, largerIsBetter, none }

  /// How the processes' values of one group become the group's.
  public enum Pooling: Sendable {
    /// Deterministic counts: the process that saw more is the one to believe (a
    /// process that saw fewer missed a lazily made cache, never the reverse).
    case largest
    /// Counters whose extra counts are the process's own noise (an interrupt's instructions).
    case smallest
    /// A constant of the benchmark.
    case first
  }

  /// How a comparison judges the metric.
  public enum Rule: Sendable, Hashable {
    /// Time: samples, a rank test, an interval and a threshold (``Comparison``).
    case statistics
    /// Exact in a deterministic benchmark: any difference is real (one allocation more is a regression).
    case anyChange
    /// Repeats exactly for one binary: a change beyond `relative` of the
    /// baseline (and beyond `floor` per operation) is real.
    case tolerance(relative: Double, floor: Double)
    /// Recorded and shown, never judged (the operating system's figure, a constant, a derived value).
    case shown
  }

  public enum Format: Sendable { case number, integer, bytes }

  public struct Export: Sendable {
    public let name: String
    public let unit: String
    /// The entry's `extra`: a fixed sentence, or the result's counter or cycle model.
    public let extra: Extra
    public enum Extra: Sendable { case none, fixed(String), instructionCounter, cycleModel }
  }

  public var description: String { name }
  public static func == (a: Metric, b: Metric) -> Bool { a.name == b.name }
  public func hash(into hasher: inout Hasher) { hasher.combine(name) }

  /// Whether a comparison judges it.
  public var judged: Bool { gate != nil && rule != .shown }
  /// Whether it is counted rather than timed (judged without statistics).
  public var exact: Bool { judged && rule != .statistics }
  /// Whether it comes from callgrind (`--instructions`, `--cycles`) rather than a worker process alone.
  public var counted: Bool { fromCallgrind != nil }

  /// The relative tolerance of a metric judged by one (``Rule/tolerance(relative:floor:)``).
  public var tolerance: Double? {
    if case .tolerance(let relative, _) = rule { relative } else { nil }
  }

  /// Whether callgrind's cache simulation counts it: estimates of another
  /// ``CycleModel`` (other caches or weights) do not compare.
  public var simulatesCaches: Bool { self == .cycles || self == .level1Misses || self == .lastLevelMisses }

  /// Its count in callgrind's totals of one run (by event name), where they give it.
  public func counted(in events: [String: Double]) -> Double? { fromCallgrind?(events) }

  /// Its value in `group`, where the group holds it.
  public func value(in group: GroupResult?) -> Double? { group?.values[name] }

  /// The value as a table shows it.
  public func formatted(_ value: Double) -> String {
    switch format {
    case .number: Report.number(value)
    case .integer: String(Int(value))
    case .bytes: Report.bytes(Int(value))
    }
  }

  /// The processes' values pooled into the group's, `nil` where none measured it.
  func pooled(_ values: [Double]) -> Double? {
    switch pooling {
    case .largest: values.max()
    case .smallest: values.min()
    case .first: values.first
    }
  }

  init(
    _ name: String, gate: String? = nil, label: String, noun: String? = nil, column: Bool = false,
    option: String? = nil,
    unit: String,
    polarity: Polarity = .smallerIsBetter,
    integral: Bool = false, required: Bool = false, pooling: Pooling = .largest, rule: Rule = .shown,
    format: Format = .number, history: Bool = false, historyStep: Double? = nil, export: Export? = nil,
    counter: Bool = false, meaning: String, fromProcess: (@Sendable (ProcessMeasurement) -> Double?)? = nil,
    fromCallgrind: (@Sendable ([String: Double]) -> Double?)? = nil
  ) {
    self.name = name
    self.gate = gate
    self.label = label
    self.noun = noun ?? gate ?? name
    self.column = column
    self.option = option
    self.unit = unit
    self.polarity = polarity
    self.integral = integral
    self.required = required
    self.pooling = pooling
    self.rule = rule
    self.format = format
    self.history = history
    self.historyStep = historyStep
    self.export = export
    self.counter = counter
    self.meaning = meaning
    self.fromProcess = fromProcess
    self.fromCallgrind = fromCallgrind
  }
}

extension Metric {
  /// Time per operation (its samples and quantiles are ``GroupResult``'s own fields).
  public static let time = Metric(
    "nanosecondsPerOperation", gate: "time", label: "ns/op", unit: "ns", rule: .statistics,
    meaning:
      "time per operation (as the suite defines one) on the clock the file names (`clock`; wall time where absent); samples kept per process, quantiles over all of them"
  )
  public static let throughput = Metric(
    "throughput", label: "ops/s", unit: "operations/s", polarity: .largerIsBetter,
    meaning: "1e9 / median nanoseconds per operation, on one core")
  public static let instructions = Metric(
    "instructionsPerOperation", gate: "instructions", label: "instr/op", option: "--instructions", unit: "instructions",
    pooling: .smallest,
    // Note (7338ea6): under callgrind counts repeat exactly for one binary, but the checkout's
    // folder once moved them: a clone elsewhere counted displacement/elements at 1,197 instead
    // of 1,185 instructions a call (+1.0%). 2% stays above that.
    rule: .tolerance(relative: 0.02, floor: 0), history: true, historyStep: 0.5,
    export: Export(name: "instructions", unit: "instructions/op", extra: .instructionCounter),
    meaning: "user-space instructions retired per operation; null where the CPU counter is unavailable",
    fromProcess: { $0.instructionsPerOperation }, fromCallgrind: { $0["Ir"] })
  public static let allocations = Metric(
    "allocationsPerRun", gate: "allocations", label: "allocs/run", unit: "allocations", integral: true,
    required: true, rule: .anyChange, format: .integer, history: true, historyStep: 1,
    meaning: "heap allocations of one run of the body after warm-up, counted by a malloc interposer; exact",
    fromProcess: { Double($0.allocationsPerRun) })
  public static let allocationsPerOperation = Metric(
    "allocationsPerOperation", label: "allocs/op", unit: "allocations", required: true,
    export: Export(name: "allocations", unit: "allocations/op", extra: .none),
    meaning: "heap allocations per operation after warm-up, counted by a malloc interposer; exact",
    fromProcess: { Double($0.allocationsPerRun) / Double($0.operations) })
  public static let bytes = Metric(
    "bytesPerOperation", label: "bytes/op", unit: "bytes", required: true,
    meaning: "heap bytes requested per operation after warm-up",
    fromProcess: { Double($0.bytesPerRun) / Double($0.operations) })
  public static let inputBytes = Metric(
    "inputBytesPerOperation", label: "input bytes/op", unit: "bytes", polarity: .none, pooling: .first,
    meaning: "bytes of input per operation, for groups that read input (parsers); absent otherwise",
    fromProcess: { measurement in measurement.bytesProcessed.map { Double($0) / Double(measurement.operations) } })
  public static let memory = Metric(
    "peakHeapBytesPerRun", gate: "memory", label: "heap peak/run", noun: "peak heap", column: true, unit: "bytes",
    integral: true, rule: .anyChange,
    format: .bytes, history: true, historyStep: 1,
    export: Export(
      name: "peak heap", unit: "bytes/run", extra: .fixed("the most heap bytes one run held at once; exact")),
    counter: true,
    meaning:
      "the most heap bytes (malloc_usable_size) one run held at once beyond those live when it began, after warm-up; exact",
    fromProcess: { $0.peakHeapBytesPerRun.map(Double.init) })
  public static let resident = Metric(
    "peakResidentBytes", label: "RSS peak", noun: "peak resident set", column: true, unit: "bytes", integral: true,
    format: .bytes, history: true,
    export: Export(
      name: "peak resident set", unit: "bytes", extra: .fixed("a worker process's peak resident set; not exact")),
    counter: true,
    meaning:
      "peak resident set of a worker process while it set up, warmed up and sampled the group (VmHWM); the most any process reached; not exact",
    fromProcess: { $0.peakResidentBytes.map(Double.init) })
  public static let cycles = Metric(
    "estimatedCyclesPerOperation", gate: "cycles", label: "cycles/op", column: true, option: "--cycles", unit: "cycles",
    rule: .tolerance(relative: 0.02, floor: 0), history: true, historyStep: 0.5,
    export: Export(name: "estimated cycles", unit: "cycles/op", extra: .cycleModel), counter: true,
    meaning:
      "instructions + 10 × L1 misses + 100 × LL misses per operation, in callgrind's simulated caches (--cycles); absent when not counted",
    fromCallgrind: { events in
      guard let instructions = events["Ir"], let level1 = Self.level1Events(events),
        let lastLevel = Self.lastLevelEvents(events)
      else { return nil }
      return CycleModel.cycles(instructions: instructions, level1Misses: level1, lastLevelMisses: lastLevel)
    })
  // Misses and mispredictions are counted in tenths of an event an operation or
  // more: below that, a group's count moves with where its buffers landed.
  public static let level1Misses = Metric(
    "level1MissesPerOperation", gate: "l1-misses", label: "L1 miss/op", noun: "L1 misses", column: true,
    option: "--cycles", unit: "misses",
    rule: .tolerance(relative: 0.02, floor: 0.1), history: true, historyStep: 0.1,
    meaning: "misses of the simulated first-level instruction and data caches per operation (--cycles)",
    fromCallgrind: { Self.level1Events($0) })
  public static let lastLevelMisses = Metric(
    "lastLevelMissesPerOperation", gate: "ll-misses", label: "LL miss/op", noun: "LL misses", column: true,
    option: "--cycles",
    unit: "misses",
    rule: .tolerance(relative: 0.02, floor: 0.1), history: true, historyStep: 0.1,
    meaning: "misses of the simulated last-level cache per operation (--cycles)",
    fromCallgrind: { Self.lastLevelEvents($0) })
  public static let branches = Metric(
    "conditionalBranchesPerOperation", gate: "branches", label: "branches/op", column: true, option: "--cycles",
    unit: "branches",
    rule: .tolerance(relative: 0.02, floor: 0), history: true, historyStep: 0.5,
    export: Export(name: "conditional branches", unit: "branches/op", extra: .none), counter: true,
    meaning: "conditional branches executed per operation, in callgrind's branch simulation (--cycles)",
    fromCallgrind: { $0["Bc"] })
  public static let mispredictions = Metric(
    "mispredictedBranchesPerOperation", gate: "mispredictions", label: "mispredicts/op", column: true,
    option: "--cycles", unit: "branches",
    rule: .tolerance(relative: 0.02, floor: 0.1), history: true, historyStep: 0.1,
    export: Export(name: "mispredicted branches", unit: "branches/op", extra: .none), counter: true,
    meaning:
      "conditional and indirect branches mispredicted per operation by callgrind's simulated predictor (--cycles)",
    fromCallgrind: { events in events["Bcm"].map { $0 + (events["Bim"] ?? 0) } })

  /// Every metric, in the order tables, exports and `--metrics` list them.
  public static let all: [Metric] = [
    time, throughput, allocations, allocationsPerOperation, bytes, inputBytes, instructions, memory, resident,
    cycles, level1Misses, lastLevelMisses, branches, mispredictions,
  ]

  /// The metrics a group holds as single values (all but time's samples and the throughput derived from them).
  public static let scalars = all.filter { $0 != time && $0 != throughput }

  /// The metrics history entries keep (``history``), and whether `name` is one of them.
  public static let kept = scalars.filter(\.history)
  static func isKept(_ name: String) -> Bool { kept.contains { $0.name == name } }

  /// The metrics a comparison can judge, by gate name, in `--metrics` order.
  public static let judgedMetrics = all.filter(\.judged)

  /// The metric `--metrics` calls `gate`.
  public static func named(_ gate: some StringProtocol) -> Metric? { judgedMetrics.first { $0.gate == String(gate) } }

  /// The simulated caches' misses, where a dump counted them (a dump leaves trailing zero columns out: absent is 0 there).
  static func level1Events(_ events: [String: Double]) -> Double? { sum(events, ["I1mr", "D1mr", "D1mw"]) }
  static func lastLevelEvents(_ events: [String: Double]) -> Double? { sum(events, ["ILmr", "DLmr", "DLmw"]) }

  private static func sum(_ events: [String: Double], _ names: [String]) -> Double? {
    var total = 0.0
    for name in names {
      guard let count = events[name] else { return nil }
      total += count
    }
    return total
  }
}

extension GroupResult {
  /// The value of `metric` (time: the median), where this group holds it.
  public subscript(metric: Metric) -> Double? {
    get {
      metric == .time ? nanosecondsPerOperation.median : metric == .throughput ? throughput : values[metric.name]
    }
    set { values[metric.name] = newValue }
  }
}

extension KeyedEncodingContainer where Key == GroupResult.Key {
  /// Each of `metrics` that `values` holds, as a field named for it: a whole
  /// number where the metric is one (result files, history entries, exports).
  mutating func encode(_ values: [String: Double], of metrics: [Metric]) throws {
    for metric in metrics {
      guard let value = values[metric.name] else { continue }
      if metric.integral {
        try encode(Int(value), forKey: GroupResult.Key(metric.name))
      } else {
        try encode(value, forKey: GroupResult.Key(metric.name))
      }
    }
  }
}
