import BenchmarkRunner
import Foundation

/// `baseline update` and `baseline show`.
enum BaselineCommand {
  /// Seconds the rounds of added processes may take by default: a baseline is recorded once and
  /// judged against many times.
  static let defaultBudget = 60.0

  static let group = Command(
    group: "baseline", abstract: "Record a baseline (release builds only), or print one.",
    discussion: """
      update measures the suite and writes the baseline atomically (release builds
      only): results/baselines/default.json, or with --name NAME a baseline of its
      own, results/baselines/NAME.json (e.g. one per branch or machine), which
      run, check and compare read with --baseline-name NAME. A group whose own
      median it knows only to within more than ± half its threshold is measured in more fresh
      processes, within --budget seconds; instruction counts are kept where the
      baseline it replaces holds them (--no-instructions leaves them out). show
      prints a stored baseline.
      """,
    actions: [update, show])

  static let update = Command(
    "update",
    abstract:
      "Measures the suite and writes the baseline atomically: results/baselines/default.json, or NAME.json with --name.",
    discussion: "",
    statuses: [.success, .toolError, .usage],
    rules: [
      .excludes(Options.output, Options.name), .excludes(Options.json, Options.markdown),
      .excludes(Options.instructions, Options.noInstructions),
    ],
    handlesInterrupts: true
  ) { invocation throws(CommandFailure) in
    let options = invocation.options
    // A debug build's times mean nothing; only the crash-safety tests may write one, elsewhere.
    #if DEBUG
      guard ProcessInfo.processInfo.environment["ARRANGEMENT_BENCH_TESTING_DEBUG_BASELINE"] == "1" else {
        throw CommandFailure(
          "refusing to record a baseline from a debug build; use `swift run -c release \(invocation.tool.name) baseline update`",
          status: .toolError)
      }
    #endif
    var measuring = MeasurementRequest(options, tool: invocation.tool)
    let progress = Progress(invocation.terminal, quiet: options.has(Options.quiet))
    let path = options[Options.output] ?? BaselineNames.path(options[Options.name] ?? BaselineNames.defaultName)
    // The baseline keeps what the one it replaces holds: instruction counts stay unless left out by name.
    if let reason = keptInstructions(replacing: path, options: options) {
      measuring.instructions = true
      progress.note("counting instructions under callgrind: \(reason) (--no-instructions leaves them out)")
    }
    let started = Date()
    var result = try measuring.measure(try measuring.selectedBenchmarks(), progress: progress)
    var summary = ""
    if let measure = measuring.again(progress: progress) {
      // Every comparison with this baseline carries its spread: groups it knows only to within more than
      // ± half their effect floor get more fresh processes, within the budget.
      var policy = ComparisonPolicy()
      policy.groupThresholds = invocation.suite.thresholds
      let additions = try Check(policy: policy, budget: options[Options.budget] ?? defaultBudget).settleBaseline(
        result, measuredIn: Date().timeIntervalSince(started), report: progress.note,
        clock: { Date().timeIntervalSinceReferenceDate }, measure: measure)
      result = additions.result
      summary = additions.sentence("group(s) known only to within more than ± half their threshold") + "\n"
    }
    try ResultFiles.write(result, to: path)
    if options.has(Options.json) {
      invocation.terminal.write(ResultFiles.jsonText(result))
      invocation.terminal.report(summary + "baseline written to \(path)\n")
    } else {
      invocation.terminal.write(
        Report.run(result, style: Report.TableStyle(options)) + "\n\(summary)baseline written to \(path)\n")
    }
    return .success
  }

  static let show = Command(
    "show", abstract: "Prints a stored baseline: the default one, a named one (--name), or a file (--baseline).",
    discussion: "",
    statuses: [.success, .toolError, .noBaseline, .usage],
    rules: [.excludes(Options.baseline, Options.name), .excludes(Options.json, Options.markdown)]
  ) { invocation throws(CommandFailure) in
    let options = invocation.options
    let path = options[Options.baseline] ?? BaselineNames.path(options[Options.name] ?? BaselineNames.defaultName)
    var result = try ResultFiles.load(path, isBaseline: true)
    if let text = options[Options.filter] {
      let filter = TitleFilter(text)
      result.groups = result.groups.filter { filter.matches($0.title) }
      guard !result.groups.isEmpty else {
        throw CommandFailure("no group of \(path) matches --filter \(Text.quoted(text))", status: .usage)
      }
    }
    invocation.terminal.write(
      options.has(Options.json)
        ? ResultFiles.jsonText(result)
        : ResultFiles.header(result) + Report.run(result, style: Report.TableStyle(options)))
    return .success
  }
}

extension BaselineCommand {
  /// Why `baseline update` counts instructions though not asked to: the baseline
  /// at `path` holds them and this host's counter does not give them; `nil` when
  /// asked either way, or when there is nothing to keep.
  static func keptInstructions(replacing path: String, options: OptionValues) -> String? {
    guard !options.has(Options.instructions), !options.has(Options.noInstructions),
      Sampler.instructionCounterProblem != nil, let old = try? RunResult.load(from: path)
    else { return nil }
    let counted = old.groups.filter { $0.instructionsPerOperation != nil }.count
    guard counted > 0 else { return nil }
    return "\(path) holds them for \(counted) of its \(old.groups.count) group(s)"
  }
}
