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
    let measuring = MeasurementRequest(options, tool: invocation.tool)
    let progress = Progress(invocation.terminal, quiet: options.has(Options.quiet))
    let started = Date()
    let result = try measuring.measure(try measuring.selectedBenchmarks(), progress: progress)
    let measuredIn = Date().timeIntervalSince(started)
    let shown = Shown(invocation, printTable: printTable)
    if options.ifTaken(Options.noCompare) == true {
      try keep(result, options: options, progress: progress)
      shown.result(result, always: true)
      return .success
    }
    let name = options[Options.baselineName]
    let baselinePath = options[Options.baseline] ?? BaselineNames.path(name ?? BaselineNames.defaultName)
    let baseline: RunResult
    do {
      baseline = try RunResult.load(from: baselinePath)
    } catch {
      try keep(result, options: options, progress: progress)
      shown.result(result)
      guard case .missing = error else { throw CommandFailure(error.description, status: .toolError) }
      let update = "baseline update" + (name.map { " --name \($0)" } ?? "")
      invocation.terminal.report(
        "\(invocation.tool.name): \(error.description); record one with `\(update)`, or measure only with `run --no-compare`\n"
      )
      return .noBaseline
    }
    let policy = ComparisonPolicy(options, suite: invocation.suite, instructionsCounted: measuring.instructions)
    // A selection on purpose (--filter, --only, --shard): the baseline's other groups are not missing.
    let filtered = !measuring.filter.description.isEmpty || measuring.only != nil || measuring.shard != nil
    let outcome = try Check(policy: policy, budget: options[Options.budget] ?? RunCommand.defaultBudget).judge(
      result, against: baseline, filtered: filtered, measuredIn: measuredIn, report: progress.note,
      clock: { Date().timeIntervalSinceReferenceDate }, measure: measuring.again(progress: progress))
    // The file holds what was judged, as the tables show it: the first processes, those the rounds
    // added, and the re-measurement of the groups confirmed.
    try keep(outcome.result, options: options, progress: progress)
    shown.outcome(outcome, against: "\(baselinePath), commit \(baseline.commit)")
    return outcome.comparison.status
  }

  /// Writes a run's result (`--output`, or results/runs/latest.json), once, and records it in the history with `--record`.
  static func keep(_ result: RunResult, options: OptionValues, progress: Progress) throws(CommandFailure) {
    try ResultFiles.write(result, to: options[Options.output] ?? ResultFiles.latestRun)
    if options.has(Options.record) {
      let folder = options[Options.history] ?? HistoryCommand.defaultFolder
      progress.note("recorded in \(try HistoryCommand.record(result, folder: folder))")
    }
  }

  /// What run and check print: the result's table (run) or its JSON, the comparison, the verdict.
  struct Shown {
    let invocation: Invocation
    let printTable: Bool
    let json: Bool
    let style: Report.TableStyle

    init(_ invocation: Invocation, printTable: Bool) {
      self.invocation = invocation
      self.printTable = printTable
      json = invocation.options.has(Options.json)
      style = Report.TableStyle(invocation.options)
    }

    /// The result alone: run's table or JSON (check's only with `always`: `--no-compare`).
    func result(_ result: RunResult, always: Bool = false) {
      guard printTable || always else { return }
      invocation.terminal.write(json ? ResultFiles.jsonText(result) : Report.run(result, style: style))
    }

    /// The judged result and its comparison, then what the rounds did and the verdict (on
    /// standard error with `--json`, so that standard output holds the JSON document alone).
    func outcome(_ outcome: Check.Outcome, against baseline: String) {
      let terminal = invocation.terminal
      let comparison = outcome.comparison
      if printTable && !json { terminal.write(Report.run(outcome.result, style: style) + "\n") }
      terminal.write(json ? ResultFiles.jsonText(outcome.result) : Report.comparison(comparison, style: style))
      let sentence = style.line("verdict: \(comparison.verdictLine) (against \(baseline))") + "\n"
      let summary =
        comparison.timeJudged && comparison.policy.gated.contains(.time) ? outcome.summary + "\n" : ""
      if json {
        terminal.report(summary + sentence)
      } else {
        terminal.write((summary.isEmpty ? "" : "\n" + summary) + "\n" + sentence)
      }
      if !comparison.comparability.kind.holds && !comparison.timeJudged {
        terminal.report(ResultFiles.otherHostAdvice(invocation.tool.name))
      }
    }
  }
}
