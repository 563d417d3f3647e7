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
/// GroupThresholds("scene-file/", timeThreshold: 0.15)
/// GroupThresholds("limit/clamp-ratio", advisory: true)
/// ```
public struct GroupThresholds: Sendable, Hashable {
  /// The groups, as `--filter` selects them: comma-separated parts of titles, `!` excluding.
  /// Matched on titles alone, so it holds for results of any seed.
  public var groups: String
  /// Time ratios within 1 ± this are the same (`nil`: the comparison's default).
  public var timeThreshold: Double?
  /// Instruction counts within 1 ± this are the same (`nil`: the comparison's default).
  public var instructionThreshold: Double?
  /// Reported and judged, but never the cause of a failing status (`nil`: not advisory).
  public var advisory: Bool?
  /// Other counted metrics' relative tolerances, by gate name (``Metric/gate``): `["cycles": 0.05]`.
  public var tolerances: [String: Double]

  public init(
    _ groups: String, timeThreshold: Double? = nil, instructionThreshold: Double? = nil, advisory: Bool? = nil,
    tolerances: [String: Double] = [:]
  ) {
    precondition(timeThreshold.map { $0 > 0 && $0 < 1 } ?? true, "a time threshold lies between 0 and 1")
    precondition(instructionThreshold.map { $0 >= 0 && $0 < 1 } ?? true, "an instruction threshold lies in 0..<1")
    for (gate, tolerance) in tolerances {
      precondition(Metric.named(gate)?.tolerance != nil, "\(gate) is not a metric judged with a tolerance")
      precondition(tolerance >= 0 && tolerance < 1, "a tolerance lies in 0..<1")
    }
    self.groups = groups
    self.timeThreshold = timeThreshold
    self.instructionThreshold = instructionThreshold
    self.advisory = advisory
    self.tolerances = tolerances
  }

  /// Whether these thresholds apply to the group `title`.
  public func applies(to title: String) -> Bool { TitleFilter(groups).matches(title) }
}

// MARK: - Checking a suite's titles

/// A suite whose benchmark titles cannot work as baseline keys and selections.
public struct SuiteError: Error, CustomStringConvertible, Sendable {
  public var description: String
}

extension BenchmarkSuite {
  /// The benchmarks of `seed`, once their titles are known to be usable: a
  /// title is a baseline key, a word of `--only` and `--filter` lists and a
  /// line of every table, so it must be non-empty, unique, free of control
  /// characters (a newline or ESC would break a result file's line or the
  /// terminal) and of the list syntax (`,` separates titles, a leading `!`
  /// excludes). The tool checks this before any command uses the suite; a
  /// program that drives the runner itself can call it the same way.
  public func validatedBenchmarks(seed: UInt64) throws(SuiteError) -> [Benchmark] {
    let benchmarks = benchmarks(seed)
    var first: [String: Int] = [:]
    for (index, benchmark) in benchmarks.enumerated() {
      let named = "benchmark \(index + 1) of suite \(Text.quoted(name)) (\(Text.quoted(benchmark.title)))"
      if let problem = Benchmark.problem(withTitle: benchmark.title) {
        throw SuiteError(description: "\(named): \(problem)")
      }
      if let earlier = first[benchmark.title] {
        throw SuiteError(
          description:
            "\(named): the title of benchmark \(earlier + 1) too; titles are baseline keys and must be unique")
      }
      first[benchmark.title] = index
    }
    return benchmarks
  }
}

extension Benchmark {
  /// What makes `title` unusable as a title, or `nil` (see ``BenchmarkSuite/validatedBenchmarks(seed:)``).
  public static func problem(withTitle title: String) -> String? {
    if title.isEmpty { return "the title is empty" }
    if let scalar = title.unicodeScalars.first(where: { scalar in
      switch scalar.properties.generalCategory {
      case .control, .lineSeparator, .paragraphSeparator, .format: true
      default: false
      }
    }) {
      let code = String(scalar.value, radix: 16, uppercase: true)
      return "the title holds the control character U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code)"
    }
    if title.contains(",") { return "the title holds a comma, which separates titles in --only and --filter" }
    if title.hasPrefix("!") { return "the title starts with !, which excludes in --filter" }
    if title.first?.isWhitespace == true || title.last?.isWhitespace == true {
      return "the title starts or ends with a space, which tables and lists would not show"
    }
    return nil
  }
}
