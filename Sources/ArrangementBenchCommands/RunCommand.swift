import ArrangementBenchmarks
import BenchmarkRunner
import Foundation

/// `run` and `check`: measure the suite in worker processes and judge it against the baseline.
enum RunCommand {
  static let accepted = BenchOptions.measuring.union([
    "--metrics", "--compare-times-across-hosts", "--record", "--history",
  ])

  static let help = """
    USAGE: arrangement-bench run [options]
           arrangement-bench check [options]

    run measures the default suite (sweeps of split, overlay and region scenes) in
    separate worker processes, prints a per-group table and compares it with the
    stored baseline. check does the same but prints only the comparison. Suspected
    regressions are re-measured in fresh processes before they are reported.

    EXIT STATUS:
      0  no regression      2  regression        3  inconclusive (too noisy)
      4  improvement only   5  no baseline       1  tool error

    \(BenchOptions.help(for: RunCommand.accepted))

    """

  static func run(_ arguments: ArraySlice<String>, terminal: Terminal, printTable: Bool) throws(CommandFailure)
    -> ExitStatus
  {
    guard
      let options = try BenchOptions.parse(
        arguments, help: help, terminal: terminal, command: printTable ? "run" : "check",
        accepted: accepted)
    else {
      return ExitStatus.success
    }
    let result = try measure(try options.selectedBenchmarks(), options: options, terminal: terminal)
    try ResultFiles.write(result, to: options.outputPath ?? "results/runs/latest.json")
    if options.record {
      terminal.report("recorded in \(try HistoryCommand.record(result, folder: options.historyFolder))\n")
    }

    let baseline: RunResult
    do {
      baseline = try RunResult.load(from: options.baselinePath)
    } catch {
      if printTable {
        terminal.write(options.json ? ResultFiles.jsonText(result) : Report.run(result, markdown: options.markdown))
      }
      if case .missing = error {
        terminal.report("arrangement-bench: \(error.description); record one with `baseline update`\n")
        return ExitStatus.noBaseline
      }
      throw CommandFailure(error.description, status: ExitStatus.toolError)
    }

    let policy = options.policy
    let remeasure = { (suspects: [String]) throws(CommandFailure) -> RunResult in
      var again = options
      again.only = Set(suspects)
      return try measure(try again.selectedBenchmarks(), options: again, terminal: terminal)
    }
    let comparison = try Check(policy: policy).judge(
      result, against: baseline, report: terminal.report, remeasure: options.processes > 0 ? remeasure : nil)
    if printTable && !options.json { terminal.write(Report.run(result, markdown: options.markdown) + "\n") }
    if options.json {
      terminal.write(ResultFiles.jsonText(result))
    } else {
      terminal.write(Report.comparison(comparison, markdown: options.markdown))
    }
    let verdict = comparison.overall
    // With --json, standard output holds the JSON document alone.
    let sentence = "verdict: \(verdict.sentence) (against \(options.baselinePath), commit \(baseline.commit))\n"
    if options.json { terminal.report(sentence) } else { terminal.write("\n" + sentence) }
    if !comparison.timeJudged { terminal.report(BenchOptions.otherHostAdvice) }
    return verdict.exitStatus
  }

  /// Measures `benchmarks` in `options.processes` fresh worker processes (or
  /// in this process), and counts their instructions under callgrind if asked.
  static func measure(_ benchmarks: [Benchmark], options: BenchOptions, terminal: Terminal) throws(CommandFailure)
    -> RunResult
  {
    let titles = benchmarks.map(\.title)
    var perGroup: [String: [GroupMeasurement]] = [:]
    var calibration: Calibration?
    if options.processes == 0 {
      calibration = Calibration(Calibration.measureHere())
      for (index, benchmark) in benchmarks.enumerated() {
        terminal.report("[\(index + 1)/\(benchmarks.count)] \(benchmark.title)\n")
        perGroup[benchmark.title, default: []].append(Measurer.measure(benchmark, settings: options.settings))
      }
    } else {
      let pool = WorkerPool(executable: ownExecutable, processes: options.processes) {
        ["worker"] + options.workerArguments(only: $0)
      }
      let measured = try pool.measure(titles, report: terminal.report)
      perGroup = measured.groups
      calibration = measured.calibration
    }
    var groups = benchmarks.compactMap { perGroup[$0.title].map(GroupResult.init(merging:)) }
    var counter: String?
    if options.callgrind {
      let counter = InstructionCounter(executable: ownExecutable) {
        ["worker", "--instructions"] + options.workerArguments(only: [$0], counting: true)
      }
      let counts = try counter.count(titles, report: terminal.report)
      for index in groups.indices {
        groups[index].instructionsPerOperation = counts[groups[index].title].map {
          $0 / Double(groups[index].operations)
        }
      }
    }
    if options.callgrind { counter = "callgrind (valgrind, setarch -R): exact instructions of one run after warm-up" }
    var result = RunResult(
      suite: "default", settings: options.settings, groups: groups, commit: ResultFiles.currentCommit())
    if let counter { result.instructionCounter = counter }
    result.calibration = calibration
    return result
  }

  /// This program, for worker processes to run.
  static var ownExecutable: String { URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path }
}
