import BenchmarkRunner

/// The runner's options, each declared once with its kind of value.
public enum Options {
  public static let filter = Option<String>(
    "--filter", "LIST", expected: "a list of titles' parts (comma-separated; ! excludes)", example: "a,!b"
  ) { TitleFilter.isList($0) ? $0 : nil }
  public static let only = Option<[String]>(
    "--only", "LIST", expected: "a comma-separated list of group titles", example: "a,b"
  ) { TitleFilter.isList($0) ? $0.split(separator: ",").map(String.init) : nil }
  public static let seed = Option<UInt64>(
    "--seed", "N", expected: "a whole number from 0 to \(UInt64.max)", example: "7", parse: { UInt64($0) })
  public static let quick = Option(flag: "--quick")
  public static let samples = count("--samples", "N", in: 1...1000)
  public static let warmUp = seconds("--warm-up", in: 0...60, zeroAllowed: true)
  public static let minimumSampleTime = seconds("--min-sample-time", in: 0...10, zeroAllowed: false)
  public static let shard = Option<Shard>(
    "--shard", "K/N", expected: "K/N with 1 ≤ K ≤ N", example: "1/2", parse: { Shard($0) })
  public static let processes = count("--processes", "N", in: 0...64)
  public static let baseline = path("--baseline", "PATH")
  public static let baselineName = Option<String>(
    "--baseline-name", "NAME", expected: BaselineNames.rule, example: "nightly", parse: BaselineNames.valid)
  public static let name = Option<String>(
    "--name", "NAME", expected: BaselineNames.rule, example: "nightly", parse: BaselineNames.valid)
  public static let noCompare = Option(flag: "--no-compare")
  public static let output = path("--output", "PATH")
  public static let metrics = Option<GatedMetrics>(
    "--metrics", "LIST", expected: "a non-empty list of \(GatedMetrics.gateNames)",
    example: "time",
    parse: { GatedMetrics(names: $0) })
  public static let compareTimesAcrossHosts = Option(flag: "--compare-times-across-hosts")
  public static let ignoreHostState = Option(flag: "--ignore-host-state")
  public static let instructions = Option(flag: "--instructions")
  public static let cycles = Option(flag: "--cycles")
  /// The worker's `--cycles`. Note: as long as `--instructions` on purpose: the
  /// arguments sit on the stack, and a flag 6 characters shorter moved
  /// regions/query by 12 instructions a query (memcpy's path).
  public static let countCycles = Option(flag: "--count-cycles")
  public static let quietProbe = Option<Double>(
    "--quiet-probe", "NS", expected: "a number of nanoseconds more than 0", example: "37000",
    parse: { Double($0).flatMap { $0 > 0 && $0.isFinite ? $0 : nil } })
  public static let noInstructions = Option(flag: "--no-instructions")
  public static let budget = seconds("--budget", in: 0...3600, zeroAllowed: true)
  public static let record = Option(flag: "--record")
  public static let history = path("--history", "DIR")
  public static let json = Option(flag: "--json")
  public static let markdown = Option(flag: "--markdown")
  public static let wide = Option(flag: "--wide")
  public static let quiet = Option(flag: "--quiet")
  public static let points = Option(flag: "--points")
  public static let allowMixedCommits = Option(flag: "--allow-mixed-commits")
  public static let allowMixedHosts = Option(flag: "--allow-mixed-hosts")
  public static let format = Option<ExportFormat>(
    "--format", "FORMAT", expected: "github-action-benchmark or google-benchmark", example: "google-benchmark",
    parse: { ExportFormat(rawValue: $0) })
  public static let out = path("--out", "DIR")
  public static let noMeasure = Option(flag: "--no-measure")
  public static let byDate = Option(flag: "--by-date")
  public static let seconds = seconds("--seconds", in: 0...3600, zeroAllowed: false)
  public static let last = count("--last", "N", in: 1...10_000)
  public static let rounds = count("--rounds", "N", in: 1...100)
  public static let explain = count("--explain", "N", in: 0...100)

  /// A whole number in `range`.
  public static func count(_ name: String, _ placeholder: String, in range: ClosedRange<Int>) -> Option<Int> {
    Option(
      name, placeholder, expected: "a whole number from \(range.lowerBound) to \(range.upperBound)",
      example: String(range.lowerBound)
    ) { Int($0).flatMap { range.contains($0) ? $0 : nil } }
  }

  /// Seconds in `range`, written as a decimal number; zero itself only when allowed.
  public static func seconds(_ name: String, in range: ClosedRange<Double>, zeroAllowed: Bool) -> Option<Double> {
    let lowest = zeroAllowed ? "from 0" : "more than 0"
    return Option(
      name, "SECONDS", expected: "a number of seconds \(lowest) and at most \(range.upperBound.formatted)",
      example: "0.5"
    ) { text in
      guard let value = Double(text), range.contains(value), zeroAllowed || value > 0 else { return nil }
      return value
    }
  }

  /// A path: any text but the empty one.
  public static func path(_ name: String, _ placeholder: String) -> Option<String> {
    Option(name, placeholder, expected: "a path", example: "x.json") { $0.isEmpty ? nil : $0 }
  }
}

/// The formats `export` writes.
public enum ExportFormat: String, Sendable {
  case githubActionBenchmark = "github-action-benchmark"
  case googleBenchmark = "google-benchmark"
}

/// Named baselines: `results/baselines/NAME.json`.
public enum BaselineNames {
  public static let folder = "results/baselines"
  public static let defaultName = "default"
  static let rule = "a name of 1 to 64 letters, digits, '.', '_' and '-', not starting with '.' or '-'"

  /// `name` if it is safe as a file name (no folder, no hidden file, no option), else `nil`.
  @Sendable public static func valid(_ name: String) -> String? {
    let allowed = name.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII
        && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar))
    }
    guard allowed, (1...64).contains(name.count), !name.hasPrefix("."), !name.hasPrefix("-") else { return nil }
    return name
  }

  public static func path(_ name: String) -> String { "\(folder)/\(name).json" }
}

extension Report.TableStyle {
  /// The style `--markdown` and `--wide` ask for.
  init(_ options: OptionValues) { self.init(markdown: options.has(Options.markdown), wide: options.has(Options.wide)) }
}

extension Double {
  /// `3600`, not `3600.0`.
  fileprivate var formatted: String { self == rounded() ? String(Int(self)) : String(self) }
}

extension BenchmarkTool {
  /// The runner's table: each option, what it means, and the subcommands that
  /// take it. Options a suite gives no meaning to (`--seed` of a suite without
  /// random groups, `--points`, `--no-measure` without charts) are left out.
  static func runnerRows(for suite: BenchmarkSuite) -> [OptionRow] {
    measurementRows(suite) + fileRows + gateRows + historyRows + presentationRows(suite) + otherRows(suite)
  }

  /// What is measured, and how: the selection and the samples.
  static func measurementRows(_ suite: BenchmarkSuite) -> [OptionRow] {
    let measuring = ["run", "check", "baseline update"]
    let seeded = suite.isSeeded
    return [
      OptionRow(
        Options.filter,
        "Only groups whose title contains one of these comma-separated substrings; a leading ! excludes (e.g. split/,!tabletop).",
        for: measuring + ["list", "ab", "baseline show", "history changes", "compare"]),
      OptionRow(
        Options.only, "Only the groups with exactly these titles (comma-separated).", for: measuring + ["worker"]),
      OptionRow(
        Options.seed, "Seed of the random groups (default 1); it is part of their titles.",
        for: seeded ? measuring + ["list", "ab", "profile", "worker"] : []),
      OptionRow(
        Options.quick, "Fewer, shorter samples: for smoke checks and allocation gates.",
        for: measuring + ["ab", "worker"]),
      OptionRow(
        Options.samples, "Samples per group in each process (default 12; --quick: 8).", for: measuring + ["worker"]),
      OptionRow(
        Options.warmUp, "Time each group runs in each process before it is sampled (default 0.025; --quick: 0.005).",
        for: measuring + ["worker"]),
      OptionRow(
        Options.minimumSampleTime, "Shortest time of one sample (default 0.004; --quick: 0.001).",
        for: measuring + ["worker"]),
      OptionRow(Options.shard, "Only the K-th of N deterministic slices of the suite.", for: measuring + ["list"]),
      OptionRow(
        Options.processes, "Worker processes to sample in (default 6; 0 measures in this process).", for: measuring),
    ]
  }

  /// The files read and written: baselines and outputs.
  static var fileRows: [OptionRow] {
    return [
      OptionRow(
        Options.baseline, "Baseline file (default results/baselines/default.json).",
        for: ["run", "check", "baseline show"]),
      OptionRow(
        Options.baselineName, "The baseline recorded with `baseline update --name NAME` (results/baselines/NAME.json).",
        for: ["run", "check", "compare"]),
      OptionRow(
        Options.name,
        "The baseline's name: results/baselines/NAME.json (default: default), e.g. one per branch or machine.",
        for: ["baseline update", "baseline show"]),
      OptionRow(
        Options.noCompare, "Only measure and write the result: no baseline is read, and the status is 0.",
        for: ["run"]),
      OptionRow(
        Options.output, "Where to write this run's result file (default results/runs/latest.json).",
        for: ["run", "check"]),
      OptionRow(
        Options.output, "Where to write the baseline instead of results/baselines/NAME.json.",
        for: ["baseline update"]),
      OptionRow(Options.output, "Where to write the merged result file (required).", for: ["merge"]),
      OptionRow(Options.output, "Write there (atomically) instead of standard output.", for: ["export"]),
      OptionRow(Options.output, "Where to write the measurements (required).", for: ["worker"]),
    ]
  }

  /// What gates the status: metrics, hosts, exact counts, the budget of added processes.
  static var gateRows: [OptionRow] {
    let measuring = ["run", "check", "baseline update"]
    return [
      OptionRow(
        Options.metrics,
        "Metrics that gate the exit status: time,allocations,instructions,memory (peak heap bytes),cycles (default all).",
        for: ["run", "check", "compare", "ab"]),
      OptionRow(
        Options.compareTimesAcrossHosts,
        "Judge times even when the baseline was recorded on another kind of host (by default they are shown, not judged, and only exact metrics gate); never across two clocks.",
        for: ["run", "check", "compare", "ab"]),
      OptionRow(
        Options.ignoreHostState,
        "Judge times at the groups' own thresholds, not widened by how far the host's state moved (calibration loops; in ab, the A/A′ control).",
        for: ["run", "check", "compare", "ab"]),
      OptionRow(
        Options.instructions,
        "Also count instructions per operation exactly, under valgrind's callgrind (setarch -R), one process per group.",
        for: measuring + ["ab"]),
      OptionRow(
        Options.instructions, "Count instructions under callgrind instead of measuring.", for: ["worker"]),
      OptionRow(
        Options.cycles,
        "Also estimate cycles per operation (instructions + 10 × L1 misses + 100 × LL misses of caches callgrind simulates); counts instructions too, in the same callgrind pass, about as long as --instructions.",
        for: measuring + ["ab"]),
      OptionRow(
        Options.countCycles, "Count under callgrind with the simulated caches warmed by one run first.",
        for: ["worker"]),
      OptionRow(
        Options.quietProbe,
        "The quickest probe of a core the run has seen so far: a sample waits, within bounds, for a core that runs the probe as fast.",
        for: ["worker"]),
      OptionRow(
        Options.noInstructions,
        "Leave instruction counts out, even where the baseline being replaced holds them (by default it keeps what that baseline holds).",
        for: ["baseline update"]),
      OptionRow(
        Options.budget,
        "Seconds the groups in doubt may take to be measured in more processes before they are called inconclusive (default 20; 0: none).",
        for: ["run", "check"]),
      OptionRow(
        Options.budget,
        "Seconds the groups whose own median is known only to within more than ± half their threshold may take to be measured in more processes (default 60; 0: none).",
        for: ["baseline update"]),
    ]
  }

  /// The history of recorded runs.
  static var historyRows: [OptionRow] {
    return [
      OptionRow(
        Options.record, "Also record the run in the history folder (see `history --help`).", for: ["run", "check"]),
      OptionRow(
        Options.history, "With --record: the history folder (default results/history).", for: ["run", "check"]),
      OptionRow(
        Options.history, "The history folder (default results/history).",
        for: ["history record", "history show", "history changes", "history standing"]),
      OptionRow(
        Options.history,
        "Add a trend chart per group from recorded runs (e.g. results/history): median and p25–p75 over commits, change points marked.",
        for: ["report"]),
      OptionRow(
        Options.byDate,
        "Order entries by the date they were recorded, not by commit (e.g. for entries of several branches).",
        for: ["history show", "history changes", "history standing"]),
      OptionRow(Options.byDate, "With --history: order entries by date rather than by commit.", for: ["report"]),
    ]
  }

  /// How results are printed.
  static func presentationRows(_ suite: BenchmarkSuite) -> [OptionRow] {
    let measuring = ["run", "check", "baseline update"]
    return [
      OptionRow(
        Options.json, "Print the result as JSON instead of a table (the verdict goes to standard error).",
        for: ["run", "check"]),
      OptionRow(
        Options.json, "Print the baseline as JSON instead of a table.", for: ["baseline update", "baseline show"]),
      OptionRow(Options.json, "Print the comparison as one JSON document.", for: ["compare"]),
      OptionRow(Options.json, "Print the test as one JSON document.", for: ["ab"]),
      OptionRow(Options.json, "Print the changes as one JSON document.", for: ["history changes"]),
      OptionRow(
        Options.markdown, "Print tables as Markdown, e.g. for a pull-request comment.",
        for: measuring + ["baseline show", "compare", "ab", "history standing"]),
      OptionRow(
        Options.wide,
        "Print every column (p99, U-test p, sees, allocations, memory, cycles, full verdicts); by default tables keep to 120 columns, with long verdicts on lines of their own.",
        for: measuring + ["baseline show", "compare", "ab"]),
      OptionRow(
        Options.quiet, "No progress on standard error (errors and warnings still appear).",
        for: measuring + ["report", "ab"]),
      OptionRow(
        Options.points, "List the stable ID of every case of the selected groups instead.",
        for: suite.points == nil ? [] : ["list"]),
    ]
  }

  /// Merging, exporting, reports, profiles and ab.
  static func otherRows(_ suite: BenchmarkSuite) -> [OptionRow] {
    return [
      OptionRow(Options.allowMixedCommits, "Merge results of different commits.", for: ["merge"]),
      OptionRow(
        Options.allowMixedHosts, "Merge results of different kinds of host (fingerprints); never of two clocks.",
        for: ["merge"]),
      OptionRow(
        Options.format,
        "github-action-benchmark (the customSmallerIsBetter JSON) or google-benchmark (Google Benchmark's JSON); required.",
        for: ["export"]),
      OptionRow(Options.out, "Where to write the report (required).", for: ["report"]),
      OptionRow(
        Options.noMeasure, "Only the groups' numbers: no charts are measured.",
        for: suite.measuresCharts ? ["report"] : []),
      OptionRow(Options.seconds, "How long to run the loop (default 10).", for: ["profile"]),
      OptionRow(
        Options.last, "How many recent entries of the result's host class to stand against (default 20).",
        for: ["history standing"]),
      OptionRow(Options.rounds, "Rounds of A B A′ (default 6; suspects get as many again).", for: ["ab"]),
      OptionRow(Options.explain, "Functions listed per confirmed regression (default 8; 0: none).", for: ["ab"]),
    ]
  }
}
