import ArrangementBenchmarks
import BenchmarkRunner
import Foundation

/// The options shared by the benchmark subcommands, parsed by hand in the
/// shape of swift-argument-parser.
struct BenchOptions {
  var filter = TitleFilter(nil)
  /// `--filter` as given, to pass on to another build of the tool.
  var filterText: String?
  var only: Set<String>?
  var seed: UInt64 = 1
  var quick = false
  var json = false
  var markdown = false
  var shard: Shard?
  var processes = 6
  var baselinePath = "results/baselines/default.json"
  var outputPath: String?
  var gated: GatedMetrics = .all
  var showPoints = false
  /// `merge`: accept results of different commits, or of different hosts.
  var allowMixedCommits = false
  var allowMixedHosts = false
  /// Judge times against a baseline of another host (see ``HostMatch``).
  var judgeTimeAcrossHosts = false
  /// Count instructions under callgrind (and, in a worker, only count).
  var callgrind = false
  /// `export --format`.
  var format: String?
  /// `report --out`.
  var folder: String?
  /// `report --no-measure` turns it off.
  var measureSeries = true
  /// `profile --seconds`.
  var seconds = 10.0
  /// `history --history DIR`, and `run --record` (records the run in it).
  var historyFolder = "results/history"
  /// `--history` as given (the report draws trends only when asked).
  var historyPath: String?
  var record = false
  var byDate = false
  /// `history standing --last N`.
  var last = 20
  /// `ab --rounds` and `ab --explain`.
  var rounds = 6
  var explain = 8
  var positional: [String] = []

  /// The measuring subcommands' options, as `--help` lists them: each entry's
  /// option, then its lines. A subcommand lists those it accepts.
  static let descriptions: [(option: String, text: String)] = [
    (
      "--filter",
      """
        --filter LIST      Only groups whose title contains one of these comma-separated
                           substrings; a leading ! excludes (e.g. split/,!tabletop).
      """
    ),
    ("--seed", "  --seed N           Seed of the random group (default 1); it is part of the title."),
    ("--quick", "  --quick            Fewer, shorter samples: for smoke checks and allocation gates."),
    ("--shard", "  --shard K/N        Only the K-th of N deterministic slices of the suite."),
    ("--processes", "  --processes N      Worker processes to sample in (default 6; 0 measures in this process)."),
    ("--baseline", "  --baseline PATH    Baseline file (default results/baselines/default.json)."),
    (
      "--output",
      """
        --output PATH      Where to write this run's result file
                           (default results/runs/latest.json; baseline update: the baseline).
      """
    ),
    (
      "--metrics",
      "  --metrics LIST     Metrics that gate the exit status: time,allocations,instructions (default all)."
    ),
    (
      "--compare-times-across-hosts",
      """
        --compare-times-across-hosts
                           Judge times even when the baseline was recorded on another host
                           (by default they are shown, not judged, and only exact metrics gate).
      """
    ),
    (
      "--instructions",
      """
        --instructions     Also count instructions per operation exactly, under valgrind's
                           callgrind (setarch -R), one process per group: about 15 s for the suite
                           on a quiet 2-core machine.
      """
    ),
    ("--record", "  --record           Also record the run in results/history (see `history --help`)."),
    ("--history", "  --history DIR      With --record: the history folder (default results/history)."),
    ("--json", "  --json             Print the result (or comparison) as JSON instead of a table."),
    ("--markdown", "  --markdown         Print tables as Markdown, e.g. for a pull-request comment."),
  ]

  /// The OPTIONS section for a subcommand that accepts `accepted`.
  static func help(for accepted: Set<String>) -> String {
    let lines = descriptions.filter { accepted.contains($0.option) }.map { $0.text.trimmingTrailingNewline }
    return (["OPTIONS:"] + lines + ["  -h, --help         Show this help."]).joined(separator: "\n")
  }

  /// Parses `arguments`; an option outside `accepted` (when given) is a usage
  /// error naming the subcommand, so `compare --processes 3` is not silently ignored.
  init(_ arguments: ArraySlice<String>, command: String? = nil, accepted: Set<String>? = nil) throws(CommandFailure) {
    var rest = arguments[...]
    func value(_ name: String) throws(CommandFailure) -> String {
      guard let next = rest.popFirst(), !next.hasPrefix("--") else {
        throw CommandFailure("\(name) needs a value (see --help)", status: .usage)
      }
      return next
    }
    while let argument = rest.popFirst() {
      if let accepted, argument.hasPrefix("-"), Self.known.contains(argument), !accepted.contains(argument) {
        throw CommandFailure(
          "option '\(argument)' does not apply to \(command ?? "this subcommand") (see --help)", status: .usage)
      }
      switch argument {
      case "--filter":
        let text = try value(argument)
        guard TitleFilter.isList(text) else {
          throw CommandFailure(
            "--filter: \(Text.quoted(text)) names no group; give one or more titles' parts", status: .usage)
        }
        filter = TitleFilter(text)
        filterText = text
      case "--only":
        let text = try value(argument)
        guard TitleFilter.isList(text) else {
          throw CommandFailure("--only: \(Text.quoted(text)) names no group", status: .usage)
        }
        only = Set(text.split(separator: ",").map(String.init))
      case "--seed":
        let text = try value(argument)
        guard let seed = UInt64(text) else {
          throw CommandFailure("--seed: '\(text)' is not a whole number", status: .usage)
        }
        self.seed = seed
      case "--quick": quick = true
      case "--json": json = true
      case "--markdown": markdown = true
      case "--points": showPoints = true
      case "--allow-mixed-commits": allowMixedCommits = true
      case "--allow-mixed-hosts": allowMixedHosts = true
      case "--compare-times-across-hosts": judgeTimeAcrossHosts = true
      case "--history":
        historyFolder = try value(argument)
        historyPath = historyFolder
      case "--record": record = true
      case "--by-date": byDate = true
      case "--format": format = try value(argument)
      case "--out": folder = try value(argument)
      case "--no-measure": measureSeries = false
      case "--seconds":
        let text = try value(argument)
        guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
          throw CommandFailure("--seconds: '\(text)' is not a number from 0 to 3600", status: .usage)
        }
        self.seconds = seconds
      case "--instructions": callgrind = true
      case "--last":
        let text = try value(argument)
        guard let count = Int(text), (1...10_000).contains(count) else {
          throw CommandFailure("--last: '\(text)' is not a number from 1 to 10000", status: .usage)
        }
        last = count
      case "--rounds", "--explain":
        let text = try value(argument)
        let lowest = argument == "--rounds" ? 1 : 0
        guard let count = Int(text), (lowest...100).contains(count) else {
          throw CommandFailure("\(argument): '\(text)' is not a number from \(lowest) to 100", status: .usage)
        }
        if argument == "--rounds" { rounds = count } else { explain = count }
      case "--shard":
        let text = try value(argument)
        guard let shard = Shard(text) else {
          throw CommandFailure("--shard: '\(text)' is not K/N with 1 ≤ K ≤ N", status: .usage)
        }
        self.shard = shard
      case "--processes":
        let text = try value(argument)
        guard let count = Int(text), (0...64).contains(count) else {
          throw CommandFailure("--processes: '\(text)' is not a number from 0 to 64", status: .usage)
        }
        processes = count
      case "--baseline": baselinePath = try value(argument)
      case "--output": outputPath = try value(argument)
      case "--metrics":
        let text = try value(argument)
        guard let gated = GatedMetrics(names: text) else {
          throw CommandFailure(
            "--metrics: \(Text.quoted(text)) is not a non-empty list of time, allocations, instructions",
            status: .usage)
        }
        self.gated = gated
      default:
        if argument.hasPrefix("-") {
          throw CommandFailure("unknown option '\(argument)' (see --help)", status: .usage)
        }
        positional.append(argument)
      }
    }
  }

  /// The options of a subcommand, or `nil` once its help is printed for `-h`/`--help`.
  static func parse(
    _ arguments: ArraySlice<String>, help: String, terminal: Terminal, command: String, accepted: Set<String>
  ) throws(CommandFailure) -> BenchOptions? {
    if arguments.contains("--help") || arguments.contains("-h") {
      terminal.write(help)
      return nil
    }
    return try BenchOptions(arguments, command: command, accepted: accepted)
  }

  /// Every option this parser knows; each subcommand accepts some of them.
  static let known: Set<String> = [
    "--filter", "--only", "--seed", "--quick", "--json", "--markdown", "--points", "--allow-mixed-commits",
    "--allow-mixed-hosts", "--compare-times-across-hosts", "--history", "--record", "--by-date", "--format", "--out",
    "--no-measure", "--seconds", "--instructions", "--shard", "--processes", "--baseline", "--output", "--metrics",
    "--last", "--rounds", "--explain",
  ]

  /// The options of the measuring subcommands (`run`, `check`, `baseline update`).
  static let measuring: Set<String> = [
    "--filter", "--only", "--seed", "--quick", "--shard", "--processes", "--baseline", "--output", "--instructions",
    "--json", "--markdown",
  ]

  var settings: MeasurementSettings { quick ? .quick : .standard }

  /// The comparison policy the options ask for.
  var policy: ComparisonPolicy {
    var policy = ComparisonPolicy()
    policy.gated = gated
    policy.judgeTimeAcrossHosts = judgeTimeAcrossHosts
    return policy
  }

  /// Said after the verdict when times were not judged: what to do about it.
  static let otherHostAdvice =
    "note: times against another host's baseline are not judged; record one of this host with `swift run -c release arrangement-bench baseline update`, or pass --compare-times-across-hosts\n"

  /// The selected benchmarks, in suite order; an empty selection is an error.
  func selectedBenchmarks() throws(CommandFailure) -> [Benchmark] {
    let selected = ArrangementSuite.benchmarks(seed: seed).enumerated().filter { position, benchmark in
      filter.matches(benchmark.title) && (shard?.contains(position: position) ?? true)
        && (only?.contains(benchmark.title) ?? true)
    }.map(\.element)
    guard !selected.isEmpty else {
      throw CommandFailure(
        "no benchmark matches --filter '\(filter)'\(shard.map { " in shard \($0)" } ?? "") (see `arrangement-bench list`)",
        status: .usage)
    }
    return selected
  }

  /// The arguments that make a worker select the same benchmarks.
  /// A worker's options for `titles`; `counting` workers (instructions under
  /// callgrind) take no measurement settings.
  func workerArguments(only titles: [String], counting: Bool = false) -> [String] {
    var arguments = ["--seed", String(seed), "--only", titles.joined(separator: ",")]
    if quick && !counting { arguments.append("--quick") }
    return arguments
  }
}

extension String {
  fileprivate var trimmingTrailingNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}
