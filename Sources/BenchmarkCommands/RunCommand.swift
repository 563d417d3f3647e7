import BenchmarkRunner
import Foundation

/// `run` and `check`: measure the suite in worker processes and judge it against the baseline.
enum RunCommand {
  static let discussion = """
    run measures the suite in separate worker processes, prints a per-group table
    and compares it with the stored baseline. check does the same but prints only
    the comparison. Each group's row says the smallest change it could have seen
    (sees ±). A group whose interval is too wide to settle its time against its
    threshold gets more fresh processes, round by round, within --budget seconds,
    before it is called inconclusive; a time that changed is measured again in
    fresh processes and counts only if it shows again. Against a baseline of this
    kind of host, each time threshold is widened by how far the calibration loops
    moved (stated before the table and in sees); another kind of host or clock
    leaves times unjudged. The verdict line says what was judged; a gate that
    judged none of --metrics, or a run of the whole suite that lacks groups of the
    baseline, is status 6. With --no-compare, run only measures and writes the
    result (status 0 without a baseline).
    """

  /// Seconds the rounds of added processes may take by default: with the first
  /// measurement (about 25 s on this project's 2-core host), the main job stays well under a minute.
  static let defaultBudget = 20.0

  static let statuses: [ExitStatus] = [
    .success, .toolError, .regression, .inconclusive, .improvementOnly, .noBaseline, .notJudged, .usage,
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
      .excludes(Options.noCompare, Options.ignoreHostState),
      .excludes(Options.noCompare, Options.budget),
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
    let style = Report.TableStyle(options)
    let started = Date()
    let result = try measuring.measure(try measuring.selectedBenchmarks(), progress: progress)
    let measuredIn = Date().timeIntervalSince(started)
    let output = options[Options.output] ?? ResultFiles.latestRun
    try ResultFiles.write(result, to: output)
    if options.has(Options.record) {
      let folder = options[Options.history] ?? HistoryCommand.defaultFolder
      progress.note("recorded in \(try HistoryCommand.record(result, folder: folder))")
    }
    if options.ifTaken(Options.noCompare) == true {
      terminal.write(json ? ResultFiles.jsonText(result) : Report.run(result, style: style))
      return .success
    }

    let name = options[Options.baselineName]
    let baselinePath = options[Options.baseline] ?? BaselineNames.path(name ?? BaselineNames.defaultName)
    let baseline: RunResult
    do {
      baseline = try RunResult.load(from: baselinePath)
    } catch {
      if printTable { terminal.write(json ? ResultFiles.jsonText(result) : Report.run(result, style: style)) }
      if case .missing = error {
        let update = "baseline update" + (name.map { " --name \($0)" } ?? "")
        terminal.report(
          "\(invocation.tool.name): \(error.description); record one with `\(update)`, or measure only with `run --no-compare`\n"
        )
        return .noBaseline
      }
      throw CommandFailure(error.description, status: .toolError)
    }

    let policy = CompareCommand.policy(options, suite: invocation.suite, instructionsCounted: measuring.instructions)
    // More processes of the groups in doubt, and of those to confirm: fresh workers, no instruction counting
    // (counts are exact: the first ones stand).
    let measure = { (titles: [String], processes: Int) throws(CommandFailure) -> RunResult in
      var again = measuring
      again.only = Set(titles)
      again.processes = processes
      again.instructions = false
      return try again.measure(try again.selectedBenchmarks(), progress: progress)
    }
    let budget = options[Options.budget] ?? RunCommand.defaultBudget
    // A selection on purpose (--filter, --only, --shard): the baseline's other groups are not missing.
    let filtered = !measuring.filter.description.isEmpty || measuring.only != nil || measuring.shard != nil
    let outcome = try Check(policy: policy, budget: budget).judge(
      result, against: baseline, filtered: filtered, measuredIn: measuredIn, report: progress.note,
      clock: { Date().timeIntervalSinceReferenceDate }, measure: measuring.processes > 0 ? measure : nil)
    let comparison = outcome.comparison
    // The file holds what was judged: the first processes and those the rounds added.
    if outcome.rounds.count > 0 { try ResultFiles.write(outcome.result, to: output) }
    if printTable && !json { terminal.write(Report.run(outcome.result, style: style) + "\n") }
    if json {
      terminal.write(ResultFiles.jsonText(outcome.result))
    } else {
      terminal.write(Report.comparison(comparison, style: style))
    }
    // With --json, standard output holds the JSON document alone.
    let commit = baseline.commit
    let line = comparison.verdictLine
    let sentence = style.line("verdict: \(line) (against \(baselinePath), commit \(commit))") + "\n"
    let summary = comparison.timeJudged && policy.gated.contains(.time) ? outcome.summary + "\n" : ""
    if json {
      terminal.report(summary + sentence)
    } else {
      terminal.write((summary.isEmpty ? "" : "\n" + summary) + "\n" + sentence)
    }
    if !comparison.comparability.kind.holds && !comparison.timeJudged {
      terminal.report(ResultFiles.otherHostAdvice(invocation.tool.name))
    }
    return comparison.status
  }
}
