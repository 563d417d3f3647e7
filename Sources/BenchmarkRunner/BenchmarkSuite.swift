/// A suite as a tool runs it: its benchmarks, and what its capacity report
/// says and draws. A package that hosts its own suite declares one and hands
/// it to the runner's commands; the runner needs nothing else of it.
///
/// ```swift
/// let suite = BenchmarkSuite(name: "notes", benchmarks: {
///   [Benchmark("notes/solve", operations: widths.count) { … }]
/// })
/// ```
public struct BenchmarkSuite: Sendable {
  /// Written into result files; results of different suites are never merged.
  public var name: String
  /// The benchmarks in a stable order (shards and `--only` rely on it), given
  /// the seed of any random groups.
  public var benchmarks: @Sendable (_ seed: UInt64) -> [Benchmark]
  /// Whether `benchmarks` depends on its seed; only then does a tool accept `--seed`.
  public var isSeeded: Bool
  /// The capacity report's words, frame budgets and chart sections.
  public var reportDefinitions: ReportDefinitions
  /// Chart data the capacity report measures (cost over sizes, say); none by default.
  public var series: @Sendable () -> [SeriesBenchmark]
  /// A benchmark the report measures on 1…all cores, and the section it is drawn in.
  public var scaling: Scaling?
  /// The stable IDs of the cases behind the groups a filter selects (`list --points`), if the suite has them.
  public var points: (@Sendable (_ filter: TitleFilter, _ seed: UInt64) -> [String])?
  /// Verdict thresholds of groups that differ from the comparison's defaults, in order: where
  /// several select a group, a later one's values win (see ``GroupThresholds``).
  public var thresholds: [GroupThresholds] = []

  public struct Scaling: Sendable {
    public var benchmark: Benchmark
    public var section: String

    public init(_ benchmark: Benchmark, section: String) {
      self.benchmark = benchmark
      self.section = section
    }
  }

  /// A suite whose benchmarks do not depend on a seed.
  public init(
    name: String, benchmarks: @escaping @Sendable () -> [Benchmark],
    reportDefinitions: ReportDefinitions = .generic, series: @escaping @Sendable () -> [SeriesBenchmark] = { [] },
    scaling: Scaling? = nil, points: (@Sendable (_ filter: TitleFilter) -> [String])? = nil,
    thresholds: [GroupThresholds] = []
  ) {
    self.thresholds = thresholds
    self.name = name
    self.benchmarks = { _ in benchmarks() }
    self.isSeeded = false
    self.reportDefinitions = reportDefinitions
    self.series = series
    self.scaling = scaling
    if let points {
      self.points = { filter, _ in points(filter) }
    }
  }

  /// A suite with random groups drawn from a seed (which is part of their titles).
  public init(
    name: String, seededBenchmarks: @escaping @Sendable (_ seed: UInt64) -> [Benchmark],
    reportDefinitions: ReportDefinitions = .generic, series: @escaping @Sendable () -> [SeriesBenchmark] = { [] },
    scaling: Scaling? = nil, points: (@Sendable (_ filter: TitleFilter, _ seed: UInt64) -> [String])? = nil,
    thresholds: [GroupThresholds] = []
  ) {
    self.thresholds = thresholds
    self.name = name
    self.benchmarks = seededBenchmarks
    self.isSeeded = true
    self.reportDefinitions = reportDefinitions
    self.series = series
    self.scaling = scaling
    self.points = points
  }

  /// Whether the report has charts to measure (so `report --no-measure` means something).
  public var measuresCharts: Bool { scaling != nil || !series().isEmpty }
}

/// Thresholds a suite declares for some of its groups, where the defaults do
/// not fit them: a group whose time moves more between processes than the
/// default effect floor, one whose instruction count depends on where the
/// checkout sits, or one kept for reference only.
///
/// ```swift
/// GroupThresholds("scene-file/", timeEffect: 0.15)
/// GroupThresholds("limit/clamp-ratio", advisory: true)
/// ```
public struct GroupThresholds: Sendable, Hashable {
  /// The groups, as `--filter` selects them: comma-separated parts of titles, `!` excluding.
  /// Matched on titles alone, so it holds for results of any seed.
  public var groups: String
  /// Time ratios within 1 ± this are the same (`nil`: the comparison's default).
  public var timeEffect: Double?
  /// Instruction counts within 1 ± this are the same (`nil`: the comparison's default).
  public var instructions: Double?
  /// Reported and judged, but never the cause of a failing status (`nil`: not advisory).
  public var advisory: Bool?

  public init(_ groups: String, timeEffect: Double? = nil, instructions: Double? = nil, advisory: Bool? = nil) {
    precondition(timeEffect.map { $0 > 0 && $0 < 1 } ?? true, "a time effect floor lies between 0 and 1")
    precondition(instructions.map { $0 >= 0 && $0 < 1 } ?? true, "an instruction threshold lies in 0..<1")
    self.groups = groups
    self.timeEffect = timeEffect
    self.instructions = instructions
    self.advisory = advisory
  }

  /// Whether these thresholds apply to the group `title`.
  public func applies(to title: String) -> Bool { TitleFilter(groups).matches(title) }
}
