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

  struct Build {
    var ref: String
    var commit: String
    var executable: String
    /// Built by an earlier run and taken from `.build/ab`.
    var reused = false
  }

  static func run(_ invocation: Invocation) throws(CommandFailure) -> ExitStatus {
    let options = invocation.options
    let terminal = invocation.terminal
    let suite = invocation.suite
    let positional = invocation.positional
    guard !positional.isEmpty else {
      throw CommandFailure("ab needs BASE and at most one HEAD (see --help)", status: .usage)
    }
    let progress = Progress(terminal, quiet: options.has(Options.quiet))
    defer { progress.clear() }
    let started = Date()
    let (root, package, product) = try workspace(invocation, command: "ab", progress: progress)
    let refs = [positional[0], positional.count > 1 ? positional[1] : "HEAD"]
    for ref in refs { _ = try commit(of: ref, root: root) }
    noteUncommittedChanges(root: root, command: "ab", progress: progress)
    var builds: [Build] = []
    for (side, ref) in zip(["A", "B"], refs) {
      builds.append(
        try build(ref, side: side, root: root, package: package, product: product, progress: progress))
    }

    let scratch = try TemporaryFolder("benchmark-ab")
    defer { scratch.remove() }
    let folder = scratch.url

    let seed = options.ifTaken(Options.seed) ?? 1
    // Only a seeded suite's tool takes --seed.
    let seedArguments = suite.isSeeded ? [Options.seed.name, String(seed)] : []
    let filterText = options[Options.filter]
    let quick = options.has(Options.quick)
    let rounds = options[Options.rounds] ?? 6
    var number = 0
    let outcome = try test(options, suite: suite, progress: { progress.step($0.trimmed) }) {
      (side, titles) throws(CommandFailure) -> RunResult in
      number += 1
      return try measure(
        side == .b ? builds[1] : builds[0], label: side.rawValue, titles: titles, filter: filterText, quick: quick,
        seed: seedArguments, folder: folder, number: number)
    } count: { (side, titles, cycles) throws(CommandFailure) -> [String: Callgrind.Counts] in
      let build = side == .b ? builds[1] : builds[0]
      progress.step(
        "\(build.ref): counting \(cycles ? "instructions and cache misses" : "instructions") under callgrind")
      return try counts(titles, in: build, cycles: cycles, seed: seedArguments)
    }

    var explanations: [ABTest.Explanation] = []
    let explain = options[Options.explain] ?? 8
    if explain > 0 {
      for group in outcome.comparison.groups where outcome.regressions.contains(group.title) {
        progress.step("counting \(group.title)'s instructions per function in A and B under callgrind")
        let operations = group.current?.operations ?? group.baseline?.operations ?? 1
        let profiles = try builds.map { (build) throws(CommandFailure) -> FunctionProfile in
          try profile(build, group: group.title, operations: operations, seed: seedArguments, folder: folder)
        }
        explanations.append(
          ABTest.Explanation(
            group: group.title,
            functions: FunctionProfile.changes(from: profiles[0], to: profiles[1], limit: explain)))
      }
    }
    progress.clear()

    let document = ABTest.Document(
      base: .init(ref: builds[0].ref, commit: builds[0].commit),
      head: .init(ref: builds[1].ref, commit: builds[1].commit),
      rounds: rounds, outcome: outcome, explanations: explanations)
    let elapsed = "\(Int(Date().timeIntervalSince(started).rounded())) s"
    if options.has(Options.json) {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      let data = (try? encoder.encode(document)) ?? Data()
      terminal.write(String(decoding: data, as: UTF8.self) + "\n")
      terminal.report("verdict: \(outcome.comparison.verdictLine) (ab took \(elapsed))\n")
    } else {
      terminal.write(text(document, outcome: outcome, style: Report.TableStyle(options), elapsed: elapsed))
    }
    return outcome.status
  }

  /// What `ab` and `bisect` need before they build anything: the repository's
  /// top, the package's folder below it (a hosted suite's package may sit
  /// deeper) and the tool's product name. Their selection is checked first
  /// against this tool's suite (a typo should not cost a build), and a work
  /// tree with uncommitted changes is named (``noteUncommittedChanges(root:command:progress:)``).
  static func workspace(_ invocation: Invocation, command: String, progress: Progress) throws(CommandFailure) -> (
    root: String, package: String, product: String
  ) {
    let seed = invocation.options.ifTaken(Options.seed) ?? 1
    do {
      let titles = try invocation.suite.validatedBenchmarks(seed: seed).map(\.title)
      try Measuring.checkSelection(
        filter: TitleFilter(invocation.options.ifTaken(Options.filter)), only: nil, titles: titles,
        tool: invocation.tool.name)
    } catch let error as SuiteError {
      throw CommandFailure("the suite cannot be run: \(error.description)", status: .toolError)
    } catch let error as CommandFailure {
      throw error
    } catch {
      throw CommandFailure("\(error)", status: .toolError)
    }
    guard let root = ChildProcess.output(["git", "rev-parse", "--show-toplevel"])?.trimmed else {
      throw CommandFailure("\(command) runs inside a git checkout of this repository", status: .toolError)
    }
    let package = ChildProcess.output(["git", "rev-parse", "--show-prefix"])?.trimmed ?? ""
    return (root, package, URL(fileURLWithPath: Measuring.ownExecutable).lastPathComponent)
  }

  /// Says so when the work tree has uncommitted changes: `ab` and `bisect` build commits only.
  /// Called once the refs are known to be commits, so a mistyped ref's message comes alone.
  static func noteUncommittedChanges(root: String, command: String, progress: Progress) {
    let changed =
      ChildProcess.output(["git", "-C", root, "status", "--porcelain", "--untracked-files=no"])?
      .split(separator: "\n").count ?? 0
    guard changed > 0 else { return }
    progress.warn(
      "\(command): the work tree has uncommitted changes in \(changed) file(s); only commits are built and measured, so they are not"
    )
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
    var policy = CompareCommand.policy(options, suite: suite, instructionsCounted: callgrind)
    // Instructions gate only where both builds were counted exactly, under callgrind.
    if !callgrind { policy.gated.remove(.instructions) }
    // Two commits may hold other groups: one that B removed is shown as missing, not a gate that checked less.
    policy.expectsEveryGroup = false
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

  /// What callgrind counts of one run of each of `titles` in `build`'s worker,
  /// a process each, as `--instructions` counts them, or with `cycles` as `--cycles` does.
  static func counts(_ titles: [String], in build: Build, cycles: Bool, seed: [String]) throws(CommandFailure)
    -> [String: Callgrind.Counts]
  {
    let counter = InstructionCounter(executable: build.executable, simulatesCaches: cycles) {
      ["worker", cycles ? Options.countCycles.name : Options.instructions.name] + seed + [Options.only.name, $0]
    }
    do throws(CommandFailure) {
      return try counter.counts(titles) { _ in }
    } catch {
      // A build from before cycles were estimated has no worker mode for them.
      throw cycles
        ? CommandFailure(
          error.message + "\n(\(build.ref) may be older than --cycles: its worker cannot estimate cycles)",
          status: error.status) : error
    }
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

  /// One measurement of `build` in a fresh process (`run --processes 1`) over
  /// `titles`, or the whole selection of `filter` when `nil`; `number` names its files in `folder`.
  static func measure(
    _ build: Build, label: String, titles: [String]?, filter: String?, quick: Bool, seed: [String], folder: URL,
    number: Int
  ) throws(CommandFailure) -> RunResult {
    let output = folder.appendingPathComponent("\(number).json").path
    // Note: a missing baseline (status 5), not `--no-compare`, so that builds from before that option work too.
    var arguments = [
      build.executable, "run", Options.processes.name, "1", Options.baseline.name,
      folder.appendingPathComponent("none.json").path, Options.output.name, output,
    ]
    arguments += seed
    if let titles { arguments += [Options.only.name, titles.joined(separator: ",")] }
    if let filter { arguments += [Options.filter.name, filter] }
    if quick { arguments.append(Options.quick.name) }
    let log = folder.appendingPathComponent("\(number).log").path
    let status = ChildProcess.run(arguments, output: log)
    guard status == 0 || status == 5 else {
      throw CommandFailure(
        "measuring \(label) (\(build.ref)) failed with status \(status)\n\(tail(of: log, lines: 5))", status: .toolError
      )
    }
    do throws(ResultFileError) {
      return try RunResult.load(from: output)
    } catch {
      throw CommandFailure(error.description, status: .toolError)
    }
  }

  /// The last lines of a log, for a failure's message.
  static func tail(of log: String, lines: Int) -> String {
    (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n").suffix(lines).joined(separator: "\n")
      ?? ""
  }

  /// The commit `ref` names; a ref that names none is a usage error.
  static func commit(of ref: String, root: String) throws(CommandFailure) -> String {
    guard
      let commit = ChildProcess.output(["git", "-C", root, "rev-parse", "--verify", "--quiet", "\(ref)^{commit}"])?
        .trimmed, !commit.isEmpty
    else {
      throw CommandFailure("\(Text.quoted(ref)) is not a commit of this repository", status: .usage)
    }
    return commit
  }

  /// Exports `ref` into `.build/ab/<commit>` and builds the tool's product in release there (once).
  static func build(_ ref: String, side: String, root: String, package: String, product: String, progress: Progress)
    throws(CommandFailure) -> Build
  {
    let commit = try commit(of: ref, root: root)
    let folder = "\(root)/.build/ab/\(commit)"
    let packageFolder = package.isEmpty ? folder : "\(folder)/\(package)"
    let executable = "\(packageFolder)/.build/release/\(product)"
    let stamp = "\(folder)/.ab-built-\(product)"
    if FileManager.default.fileExists(atPath: stamp) && FileManager.default.isExecutableFile(atPath: executable) {
      progress.note("\(side): \(ref) (\(commit.prefix(12))), built earlier in \(folder)")
      return Build(ref: ref, commit: commit, executable: executable, reused: true)
    }
    progress.note("\(side): building \(ref) (\(commit.prefix(12))) in release in \(folder)")
    try? FileManager.default.removeItem(atPath: folder)
    let log = "\(root)/.build/ab/\(commit).log"
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw CommandFailure("cannot create \(folder): \(error.localizedDescription)", status: .toolError)
    }
    let export = ChildProcess.run(
      ["sh", "-c", "git -C \"$0\" archive --format=tar \"$1\" | tar -x -C \"$2\"", root, commit, folder], output: log)
    guard export == 0 else {
      throw CommandFailure("cannot export \(ref) into \(folder) (see \(log))", status: .toolError)
    }
    // SwiftPM's own temporaries and locks go into the build's folder, so an interrupted build
    // leaves nothing in the system's temporary folder (the next build of the commit starts afresh).
    let temporary = "\(folder)/.tmp"
    try? FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
    let status = ChildProcess.run(
      ["swift", "build", "-c", "release", "--product", product], environment: ["TMPDIR": temporary],
      directory: packageFolder, output: log)
    guard status == 0, FileManager.default.createFile(atPath: stamp, contents: nil) else {
      throw CommandFailure(
        "building \(ref) failed (status \(status)); from \(log):\n\(tail(of: log, lines: 10))", status: .toolError)
    }
    return Build(ref: ref, commit: commit, executable: executable)
  }

  /// One group's instructions per function in `build`, counted under callgrind
  /// the way `--instructions` counts (a copy without DWARF, no address randomisation).
  static func profile(_ build: Build, group: String, operations: Int, seed: [String], folder: URL)
    throws(CommandFailure) -> FunctionProfile
  {
    let directory = folder.appendingPathComponent("profile-\(build.commit.prefix(12))").path
    try? FileManager.default.removeItem(atPath: directory)
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let executable = "\(directory)/\(URL(fileURLWithPath: build.executable).lastPathComponent)"
    guard ChildProcess.run(["objcopy", "--strip-debug", build.executable, executable]) == 0 else {
      throw CommandFailure("explaining a regression needs objcopy (binutils)", status: .toolError)
    }
    let command = Callgrind.command(
      executable: executable,
      arguments: ["worker", Options.instructions.name] + seed + [
        Options.only.name, group, Options.output.name, "\(directory)/w.json",
      ],
      directory: directory)
    let status = ChildProcess.run(
      command, environment: InstructionCounter.environment,
      replacingEnvironment: true)
    guard status == 0, let dump = Callgrind.dump(labelled: group, in: directory),
      let profile = FunctionProfile.read(dump: dump, operations: operations)
    else {
      throw CommandFailure(
        "callgrind did not profile \(group) in \(build.ref) (status \(status)); are valgrind and callgrind_annotate installed?",
        status: .toolError)
    }
    return profile
  }
}

extension String {
  var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
