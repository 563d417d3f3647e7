import BenchmarkRunner
import Foundation

/// `ab BASE [HEAD]`: two commits built in release and measured interleaved
/// on this machine (see ``ABTest``), with the functions behind each
/// confirmed regression.
package enum ABCommand {
  static let command = Command(
    "ab", usage: ["BASE [HEAD] [options]"], synopsis: "BASE [HEAD]",
    abstract: "Build two commits and compare them interleaved (A B A′), explaining regressions.",
    discussion: """
      Compares two commits of this repository on this machine. Each is exported
      (git archive) into .build/ab/<commit> and built there in release (a build is
      kept and reused by later runs). Then, per round, BASE (A), HEAD (B) and BASE
      again (A′) each measure the selection in a fresh process, so that drift of
      the machine falls on both alike; A against A′ is an A/A control. B is judged
      against A and A′ pooled; where the control shows that the identical builds
      differed, each group's time threshold is widened by half that difference
      (the host's state is what the control measures, never code of either
      build). Groups whose verdict is not "same" are measured again in fresh
      rounds and keep a verdict only if it shows again. For each
      confirmed regression, both builds count that group's instructions per
      function under callgrind, and the functions whose counts changed most are
      printed under the verdict. With --cycles, both builds' cycles are estimated
      under callgrind as run --cycles estimates them (instructions counted in the
      same pass), and gate as instructions do.

      The suite's thresholds per group apply as in check and compare: an
      advisory group is measured, judged and shown, but never sets the status.

      HEAD defaults to HEAD. Both commits must contain this tool (its run and
      worker modes); it is built from the package in the current folder. A full
      run takes about 10 minutes on 2 cores (two builds, then 6 rounds).
      """,
    maximumArguments: 2,
    statuses: [.success, .toolError, .regression, .inconclusive, .improvementOnly, .notJudged, .usage],
    rules: [.excludes(Options.json, Options.markdown)], handlesInterrupts: true
  ) { invocation throws(CommandFailure) in try run(invocation) }

  typealias Build = CommitWorkspace.Build

  static func run(_ invocation: Invocation) throws(CommandFailure) -> ExitStatus {
    let options = invocation.options
    let positional = invocation.positional
    guard !positional.isEmpty else {
      throw CommandFailure("ab needs BASE and at most one HEAD (see --help)", status: .usage)
    }
    let progress = Progress(invocation.terminal, quiet: options.has(Options.quiet))
    defer { progress.clear() }
    let started = Date()
    let workspace = try CommitWorkspace(invocation, command: "ab", progress: progress)
    defer { workspace.remove() }
    let refs = [positional[0], positional.count > 1 ? positional[1] : "HEAD"]
    for ref in refs { _ = try workspace.commit(of: ref) }
    workspace.noteUncommittedChanges(command: "ab")
    var builds: [Build] = []
    for (side, ref) in zip(["A", "B"], refs) { builds.append(try workspace.build(ref, side: side)) }
    let outcome = try measured(builds, in: workspace, options: options, suite: invocation.suite)
    let explanations = try explain(outcome, builds: builds, in: workspace, limit: options[Options.explain] ?? 8)
    progress.clear()
    let document = ABTest.Document(
      base: .init(ref: builds[0].ref, commit: builds[0].commit),
      head: .init(ref: builds[1].ref, commit: builds[1].commit),
      rounds: options[Options.rounds] ?? 6, outcome: outcome, explanations: explanations)
    let elapsed = "\(Int(Date().timeIntervalSince(started).rounded())) s"
    let terminal = invocation.terminal
    if options.has(Options.json) {
      terminal.write(ResultFiles.jsonDocument(document))
      terminal.report("verdict: \(outcome.comparison.verdictLine) (ab took \(elapsed))\n")
    } else {
      terminal.write(text(document, outcome: outcome, style: Report.TableStyle(options), elapsed: elapsed))
    }
    return outcome.status
  }

  /// Both builds measured interleaved (``test(_:suite:progress:measure:count:)``), each measurement in a fresh process.
  static func measured(_ builds: [Build], in workspace: CommitWorkspace, options: OptionValues, suite: BenchmarkSuite)
    throws(CommandFailure) -> ABTest.Outcome
  {
    let quick = options.has(Options.quick)
    let progress = workspace.progress
    var number = 0
    return try test(options, suite: suite, progress: { progress.step($0.trimmed) }) {
      (side, titles) throws(CommandFailure) -> RunResult in
      number += 1
      return try workspace.measure(
        side == .b ? builds[1] : builds[0], label: side.rawValue, titles: titles, quick: quick, number: number)
    } count: { (side, titles, cycles) throws(CommandFailure) -> [String: Callgrind.Counts] in
      let build = side == .b ? builds[1] : builds[0]
      progress.step(
        "\(build.ref): counting \(cycles ? "instructions and cache misses" : "instructions") under callgrind")
      return try workspace.counts(titles, in: build, cycles: cycles)
    }
  }

  /// The functions behind each regression: its group's instructions per function in both builds, at most `limit`.
  static func explain(_ outcome: ABTest.Outcome, builds: [Build], in workspace: CommitWorkspace, limit: Int)
    throws(CommandFailure) -> [ABTest.Explanation]
  {
    guard limit > 0 else { return [] }
    var explanations: [ABTest.Explanation] = []
    for group in outcome.comparison.groups where outcome.regressions.contains(group.title) {
      workspace.progress.step("counting \(group.title)'s instructions per function in A and B under callgrind")
      let operations = group.current?.operations ?? group.baseline?.operations ?? 1
      let functions = try workspace.explain(
        group.title, operations: operations, from: builds[0], to: builds[1], limit: limit)
      explanations.append(ABTest.Explanation(group: group.title, functions: functions))
    }
    return explanations
  }

  /// The test once both builds exist: A B A′ rounds (`measure`) judged with the
  /// policy of run, check and compare (the suite's thresholds: an advisory group
  /// is judged and shown, never the verdict), then with `--instructions` or
  /// `--cycles` both builds' counts under callgrind (`count`, of side A or B).
  package static func test(
    _ options: OptionValues, suite: BenchmarkSuite, progress: (String) -> Void,
    measure: (ABTest.Side, [String]?) throws(CommandFailure) -> RunResult,
    count: (ABTest.Side, [String], _ cycles: Bool) throws(CommandFailure) -> [String: Callgrind.Counts]
  ) throws(CommandFailure) -> ABTest.Outcome {
    let cycles = options.has(Options.cycles)
    let callgrind = cycles || options.has(Options.instructions)
    let policy = ComparisonPolicy(options, suite: suite, instructionsCounted: callgrind)
      .comparingBuilds(counted: callgrind)
    var outcome = try ABTest(rounds: options[Options.rounds] ?? 6, policy: policy).run(
      progress: progress, measure: measure)
    if callgrind {
      // Exact counts: a regression in instructions or cycles needs no quiet machine to be seen.
      let titles = outcome.comparison.groups.map(\.title)
      outcome.comparison.addCounts(
        baseline: try count(.a, titles, cycles), current: try count(.b, titles, cycles))
    }
    return outcome
  }

  static func text(
    _ document: ABTest.Document, outcome: ABTest.Outcome, style: Report.TableStyle, elapsed: String
  ) -> String {
    let markdown = style.isMarkdown
    let a = "\(document.base.ref) (\(document.base.commit.prefix(12)))"
    let b = "\(document.head.ref) (\(document.head.commit.prefix(12)))"
    var text =
      markdown
      ? "### A/B: \(a) against \(b), \(document.rounds) rounds\n\n"
      : "A/B: \(a) against \(b), \(document.rounds) rounds\n\n"
    text += Report.comparison(outcome.comparison, style: style)
    for explanation in document.explanations {
      text += "\n" + explained(explanation, markdown: markdown)
    }
    text += "\n" + style.line("A/A control (A against A′): " + controlSentence(outcome)) + "\n"
    text += style.line("verdict: \(outcome.comparison.verdictLine) (ab took \(elapsed))") + "\n"
    return text
  }

  /// What the control found, and what it did to B's verdicts: never "no
  /// difference" where the control's times were not judged.
  package static func controlSentence(_ outcome: ABTest.Outcome) -> String {
    let control = outcome.control
    guard control.timeJudged else { return "not judged: \(control.comparability.timeNotJudgedReason ?? "")" }
    // What it measured widens B's thresholds: the line before the table gives the figures.
    switch control.overall {
    case .regression, .improvement:
      return "\(control.overall.rawValue) between identical builds (the machine drifted; B's thresholds widened by it)"
    case .inconclusive: return "inconclusive for some groups (a noisy machine)"
    default: return "the same for every group"
    }
  }

  /// An explanation's table; a moved function says so beside its name.
  static func explained(_ explanation: ABTest.Explanation, markdown: Bool) -> String {
    Report.explanation(
      ABTest.Explanation(group: explanation.group, functions: explanation.functions.map(\.shown)), markdown: markdown)
  }
}
