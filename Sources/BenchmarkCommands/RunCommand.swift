import BenchmarkRunner
import Foundation

/// `run` and `check`: measure the suite in worker processes and judge it against the baseline.
enum RunCommand {
  static let discussion = """
    run measures the suite in separate worker processes, prints a per-group table
    and compares it with the stored baseline. check does the same but prints only
    the comparison. Suspected regressions are re-measured in fresh processes
    before they are reported. With --no-compare, run only measures and writes the
    result (status 0 without a baseline).
    """

  static let statuses: [ExitStatus] = [
    .success, .toolError, .regression, .inconclusive, .improvementOnly, .noBaseline, .usage,
  ]

  static let comparing: [OptionRule] = [
    .requires(Options.history, Options.record), .excludes(Options.baseline, Options.baselineName),
    .excludes(Options.json, Options.markdown),
  ]

  static let run = Command(
    "run", abstract: "Measure the suite and compare it with the baseline.", discussion: discussion,
    statuses: statuses,
    rules: comparing + [
      .excludes(Options.noCompare, Options.baseline), .excludes(Options.noCompare, Options.baselineName),
      .excludes(Options.noCompare, Options.metrics), .excludes(Options.noCompare, Options.compareTimesAcrossHosts),
    ], handlesInterrupts: true
  ) { invocation throws(CommandFailure) in try execute(invocation, printTable: true) }

  static let check = Command(
    "check", abstract: "Like run, printing only the comparison and the verdict.", discussion: discussion,
    statuses: statuses, rules: comparing, handlesInterrupts: true
  ) { invocation throws(CommandFailure) in try execute(invocation, printTable: false) }

  static func execute(_ invocation: Invocation, printTable: Bool) throws(CommandFailure) -> ExitStatus {
    let options = invocation.options
    let terminal = invocation.terminal
    let measuring = Measuring(options, tool: invocation.tool)
    let progress = Progress(terminal, quiet: options.has(Options.quiet))
    let json = options.has(Options.json)
    let markdown = options.has(Options.markdown)
    let result = try measuring.measure(try measuring.selectedBenchmarks(), progress: progress)
    try ResultFiles.write(result, to: options[Options.output] ?? ResultFiles.latestRun)
    if options.has(Options.record) {
      let folder = options[Options.history] ?? HistoryCommand.defaultFolder
      progress.note("recorded in \(try HistoryCommand.record(result, folder: folder))")
    }
    if options.ifTaken(Options.noCompare) == true {
      terminal.write(json ? ResultFiles.jsonText(result) : Report.run(result, markdown: markdown))
      return .success
    }

    let name = options[Options.baselineName]
    let baselinePath = options[Options.baseline] ?? BaselineNames.path(name ?? BaselineNames.defaultName)
    let baseline: RunResult
    do {
      baseline = try RunResult.load(from: baselinePath)
    } catch {
      if printTable { terminal.write(json ? ResultFiles.jsonText(result) : Report.run(result, markdown: markdown)) }
      if case .missing = error {
        let update = "baseline update" + (name.map { " --name \($0)" } ?? "")
        terminal.report(
          "\(invocation.tool.name): \(error.description); record one with `\(update)`, or measure only with `run --no-compare`\n"
        )
        return .noBaseline
      }
      throw CommandFailure(error.description, status: .toolError)
    }

    var policy = ComparisonPolicy()
    policy.gated = options[Options.metrics] ?? .all
    policy.judgeTimeAcrossHosts = options.has(Options.compareTimesAcrossHosts)
    let remeasure = { (suspects: [String]) throws(CommandFailure) -> RunResult in
      var again = measuring
      again.only = Set(suspects)
      return try again.measure(try again.selectedBenchmarks(), progress: progress)
    }
    let comparison = try Check(policy: policy).judge(
      result, against: baseline, report: progress.note, remeasure: measuring.processes > 0 ? remeasure : nil)
    if printTable && !json { terminal.write(Report.run(result, markdown: markdown) + "\n") }
    if json {
      terminal.write(ResultFiles.jsonText(result))
    } else {
      terminal.write(Report.comparison(comparison, markdown: markdown))
    }
    let verdict = comparison.overall
    // With --json, standard output holds the JSON document alone.
    let commit = markdown ? Text.markdown(baseline.commit) : Text.terminal(baseline.commit)
    let sentence = "verdict: \(verdict.sentence) (against \(baselinePath), commit \(commit))\n"
    if json { terminal.report(sentence) } else { terminal.write("\n" + sentence) }
    if !comparison.timeJudged { terminal.report(ResultFiles.otherHostAdvice(invocation.tool.name)) }
    return verdict.exitStatus
  }
}
