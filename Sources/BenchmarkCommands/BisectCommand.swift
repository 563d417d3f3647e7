import BenchmarkRunner
import Foundation

/// `bisect GOOD BAD`: the first-parent commit between two commits where a
/// metric changed, found with `ab`'s builds and measurements (see ``Bisection``),
/// and the functions behind its change.
enum BisectCommand {
  static let metric = Option<BisectMetric>(
    "--metric", "METRIC", expected: BenchmarkTool.alternatives(BisectMetric.measured.map(\.rawValue)), example: "time",
    parse: { BisectMetric(rawValue: $0) })

  static let command = Command(
    "bisect", usage: ["GOOD BAD [options]"], synopsis: "GOOD BAD",
    abstract: "Find the commit between GOOD and BAD where a metric changed, and the functions behind it.",
    discussion: """
      Searches the first-parent commits after GOOD up to BAD for the one where
      the selection's metric changed, and explains it as ab explains a
      regression. Each commit probed is built in release as ab builds it, in
      .build/ab/<commit> (kept; ab and later searches reuse it).

      instructions (the default): exact counts under callgrind. The group whose
      count changed most from GOOD to BAD (by half an instruction per operation
      or more) is followed; a commit has changed once its count has
      moved at least half-way from GOOD's to BAD's. One count per commit.
      cycles: the same search on the estimate of --cycles (instructions and
      the misses of simulated caches), which sees memory that instructions do
      not; l1-misses, ll-misses, branches and mispredictions: the same search
      on the other counts of --cycles. The commits must be recent enough to
      count them.

      time: GOOD against BAD as ab compares them (A B A′ rounds, an A/A
      control); the group with the largest confirmed change is followed. Each
      probe is measured with the commits on either side of it, each in a fresh
      process, in sets of rounds, and placed only when two sets agree; a probe
      no two sets agree on is skipped and the search widens around it, probing
      it once more when nothing else is left; if no commit can be singled out
      the answer is the range. The commit found
      is compared with its parent for its figures. Changes under 10% are not
      followed.

      About log2(N) + 2 builds for N commits, each a release build (several
      minutes on 2 cores). Exits 0 when a commit was found and confirmed, or
      when nothing changed; 3 when the change could not be pinned to one commit.
      """,
    maximumArguments: 2, statuses: [.success, .toolError, .inconclusive, .usage],
    rules: [.excludes(Options.json, Options.markdown)], handlesInterrupts: true
  ) { invocation throws(CommandFailure) in try run(invocation) }

  /// The subcommand's rows of the option table.
  static func rows(for suite: BenchmarkSuite) -> [OptionRow] {
    [
      OptionRow(
        Options.filter,
        "Only groups whose title contains one of these comma-separated substrings; a leading ! excludes. The group that changed most is followed.",
        for: ["bisect"]),
      OptionRow(
        Options.seed, "Seed of the random groups (default 1); it is part of their titles.",
        for: suite.isSeeded ? ["bisect"] : []),
      OptionRow(
        metric,
        "What to follow: instructions (exact counts under callgrind; the default), cycles (the exact estimate of --cycles) or time.",
        for: ["bisect"]),
      OptionRow(
        Options.rounds,
        "With --metric time: rounds per measurement, of GOOD against BAD and of each probe (default 6).",
        for: ["bisect"]),
      OptionRow(Options.quick, "With --metric time: fewer, shorter samples.", for: ["bisect"]),
      OptionRow(Options.explain, "Functions listed for the commit found (default 8; 0: none).", for: ["bisect"]),
      OptionRow(
        Options.json, "Print the search as one JSON document; its `commit` is the commit found, or null.",
        for: ["bisect"]),
      OptionRow(Options.markdown, "Print tables as Markdown, e.g. for a pull-request comment.", for: ["bisect"]),
      OptionRow(Options.quiet, "No progress on standard error (errors and warnings still appear).", for: ["bisect"]),
    ]
  }

  static func run(_ invocation: Invocation) throws(CommandFailure) -> ExitStatus {
    let options = invocation.options
    guard invocation.positional.count == 2 else {
      throw CommandFailure("bisect needs GOOD and BAD (see --help)", status: .usage)
    }
    let metric = options[Self.metric] ?? .instructions
    guard BisectMetric.measured.contains(metric) else { throw unmeasured(metric) }
    let started = Date()
    let progress = Progress(invocation.terminal, quiet: options.has(Options.quiet))
    defer { progress.clear() }
    let workspace = try CommitWorkspace(invocation, command: "bisect", progress: progress)
    defer { workspace.remove() }
    let refs = invocation.positional
    let line = try CommitLine(from: refs[0], to: refs[1], in: workspace)
    let (n, commits) = (line.n, line.commits)
    workspace.noteUncommittedChanges(command: "bisect")
    progress.note(
      "bisect: \(n) first-parent commit(s) after \(refs[0]) (\(commits[0].commit.prefix(12))) up to \(refs[1]) (\(commits[n].commit.prefix(12))), on \(metric.rawValue)"
    )
    var outcome = try search(line, on: metric, options: options)
    var functions: [FunctionProfile.Change] = []
    let explain = options[Options.explain] ?? 8
    if let found = outcome.found, let group = outcome.group, explain > 0 {
      functions = try line.explain(found, group: group, limit: explain)
      if functions.isEmpty {
        outcome.notes.append(
          "no function's instructions per operation changed from the parent: the change is in the time instructions take"
        )
      }
    }
    progress.clear()
    let reused = line.builds.values.filter(\.reused).count
    let document = Bisection.Document(
      outcome, commits: commits, good: .init(ref: refs[0], commit: commits[0].commit),
      bad: .init(ref: refs[1], commit: commits[n].commit), functions: functions, built: line.builds.count - reused,
      reused: reused, seconds: Int(Date().timeIntervalSince(started).rounded()),
      buildSeconds: Int(line.buildingSeconds.rounded()))
    if options.has(Options.json) {
      invocation.terminal.write(ResultFiles.jsonDocument(document))
      invocation.terminal.report(Text.terminal(conclusion(document)) + "\n")
    } else {
      invocation.terminal.write(text(document, markdown: options.has(Options.markdown)))
    }
    return outcome.isConclusive ? .success : .inconclusive
  }

  /// The search on `metric` over `line`'s commits: exact counts, or time as `ab` measures it.
  static func search(_ line: CommitLine, on metric: BisectMetric, options: OptionValues) throws(CommandFailure)
    -> Bisection.Outcome
  {
    let progress = line.workspace.progress
    let report = { (event: Bisection.Event) in
      switch event {
      case .step(let text): progress.step(text.trimmed)
      case .placed(let probe):
        progress.note(
          "#\(probe.index) \(line.commits[probe.index].commit.prefix(12)) \(probe.side.rawValue): \(probe.detail)")
      }
    }
    if metric.isExact {
      return try Bisection.exact(commits: line.n, metric: metric, progress: report) {
        (index, titles) throws(CommandFailure) -> [String: Double] in
        try line.counts(index, titles, of: metric)
      }
    } else {
      let quick = options.has(Options.quick)
      let search = Bisection.TimeSearch(rounds: options[Options.rounds] ?? 6)
      return try search.run(commits: line.n, progress: report) { (index) throws(CommandFailure) in
        _ = try line.build(index)
      } measure: { (index, titles) throws(CommandFailure) -> RunResult in
        try line.measure(index, titles, quick: quick)
      }
    }
  }

  /// A metric this tool does not measure (yet): a usage error, before any build.
  static func unmeasured(_ metric: BisectMetric) -> CommandFailure {
    CommandFailure(
      "--metric \(metric.rawValue): this tool does not measure \(metric.rawValue); bisect on \(BenchmarkTool.alternatives(BisectMetric.measured.map(\.rawValue)))",
      status: .usage)
  }

  /// The one line that says what was found.
  static func conclusion(_ document: Bisection.Document) -> String {
    let timing = took(document)
    if let commit = document.commit {
      let change =
        document.ratio.map {
          " (\(document.group ?? ""): \(Report.percent($0))\(document.confirmed ? "" : ", unconfirmed"))"
        }
        ?? ""
      return "first commit changed: \(commit.prefix(12)) \(document.subject ?? "")\(change); \(timing)"
    }
    if !document.candidates.isEmpty {
      return "the change lies among \(document.candidates.count) commits that could not be told apart; \(timing)"
    }
    return "no commit found: \(document.notes.first ?? "nothing changed"); \(timing)"
  }

  /// How long the search took, and its builds.
  static func took(_ document: Bisection.Document) -> String {
    "bisect took \(duration(document.seconds)): \(document.built) commit(s) built in \(duration(document.buildSeconds)), \(document.reused) reused from .build/ab"
  }

  static func duration(_ seconds: Int) -> String {
    seconds < 60 ? "\(seconds) s" : "\(seconds / 60) min \(seconds % 60) s"
  }

  static func text(_ document: Bisection.Document, markdown: Bool) -> String {
    let unit = document.metric.unit
    let heading =
      "bisect on \(document.metric.rawValue): \(document.commits) first-parent commit(s) after GOOD \(document.good.ref) (\(document.good.commit.prefix(12))) up to BAD \(document.bad.ref) (\(document.bad.commit.prefix(12)))"
    var text = markdown ? "### \(Text.markdown(heading))\n\n" : Text.terminal(heading) + "\n\n"
    // In Markdown each line is a paragraph of its own.
    func line(_ words: String) -> String { markdown ? Text.markdown(words) + "\n\n" : Text.terminal(words) + "\n" }
    if !document.changes.isEmpty {
      text += line("changed from GOOD to BAD, largest first (the first is followed):")
      text += Report.table(
        ["group", "GOOD \(unit)", "BAD \(unit)", "change"],
        document.changes.prefix(8).map {
          [$0.title, Report.number($0.good), Report.number($0.bad), Report.percent($0.bad / $0.good)]
        }, markdown: markdown)
      text += "\n"
      if document.changes.count > 8 { text += line("(and \(document.changes.count - 8) more)") }
    }
    if !document.probes.isEmpty {
      text += Report.table(
        ["#", "commit", "side", "subject", "measured"],
        document.probes.map { probe in
          [
            String(probe.index), String(probe.commit.prefix(12)), probe.side.rawValue,
            probe.subject.count > 40 ? String(probe.subject.prefix(39)) + "…" : probe.subject, probe.detail,
          ]
        }, markdown: markdown, leftAligned: [1, 2, 3, 4])
      text += "\n"
    }
    if let commit = document.commit {
      text += line("first commit changed: \(commit) \(document.subject ?? "")")
      if let before = document.before, let after = document.after, let group = document.group {
        let ratio = document.ratio.map { " (\(Report.percent($0)))" } ?? ""
        text += line(
          "\(group): \(Report.number(before)) → \(Report.number(after)) \(unit)\(ratio) against its parent \(document.parent?.prefix(12) ?? "")"
            + (document.confirmed ? "" : ", not confirmed"))
      }
    } else if !document.candidates.isEmpty {
      text += line("the change lies among these commits, which could not be told apart:")
      for candidate in document.candidates {
        let entry = "\(candidate.commit.prefix(12)) \(candidate.subject)"
        text += markdown ? "- \(Text.markdown(entry))\n" : "  \(Text.terminal(entry))\n"
      }
      if markdown { text += "\n" }
    } else {
      text += line("no commit found")
    }
    for note in document.notes { text += line("note: \(note)") }
    if let group = document.group, document.commit != nil, !document.functions.isEmpty {
      text += "\n" + line("functions from the parent (A) to the commit (B):")
      text += ABCommand.explained(.init(group: group, functions: document.functions), markdown: markdown)
    }
    text += "\n" + line(took(document))
    return text
  }
}
