import BenchmarkRunner
import Foundation

/// `ab BASE [HEAD]`: two commits built in release and measured interleaved
/// on this machine (see ``ABTest``), with the functions behind each
/// confirmed regression.
enum ABCommand {
  static let help = """
    USAGE: arrangement-bench ab BASE [HEAD] [options]

    Compares two commits of this repository on this machine. Each is exported
    (git archive) into .build/ab/<commit> and built there in release (a build is
    kept and reused by later runs). Then, per round, BASE (A), HEAD (B) and BASE
    again (A′) each measure the selection in a fresh process, so that drift of
    the machine falls on both alike; A against A′ is an A/A control. Groups
    whose verdict is not "same" are measured again in fresh rounds and keep a
    verdict only if it shows again. If the control itself shows a difference,
    times are not judged: the verdict is "inconclusive" unless an exact metric
    (allocations, or instructions with --instructions) regressed. For each
    confirmed regression, both builds count that group's instructions per
    function under callgrind, and the functions whose counts changed most are
    printed under the verdict.

    HEAD defaults to HEAD. Both commits must contain this tool (run, worker).
    A full run takes about 10 minutes on 2 cores (two builds, then 6 rounds).

    OPTIONS:
      --rounds N         Rounds of A B A′ (default 6; suspects get as many again).
      --filter LIST      Only groups whose title contains one of these substrings.
      --quick            Fewer, shorter samples per process.
      --seed N           Seed of the random group (default 1).
      --metrics LIST     Metrics that gate the exit status: time,allocations,instructions
                         (default all; instructions only with --instructions).
      --instructions     Also count both builds' instructions per operation under callgrind
                         (exact, so a regression there shows on a noisy machine too).
      --explain N        Functions listed per confirmed regression (default 8; 0: none).
      --json             Print the test as one JSON document.
      --markdown         Print tables as Markdown, e.g. for a pull-request comment.
      -h, --help         Show this help.


    """ + ExitStatus.help + "\n"

  struct Build {
    var ref: String
    var commit: String
    var executable: String
  }

  static func run(_ arguments: ArraySlice<String>, terminal: Terminal) throws(CommandFailure) -> ExitStatus {
    guard
      let options = try BenchOptions.parse(
        arguments, help: help, terminal: terminal, command: "ab",
        accepted: [
          "--rounds", "--filter", "--quick", "--seed", "--metrics", "--explain", "--json", "--markdown",
          "--instructions",
          "--compare-times-across-hosts",
        ])
    else {
      return ExitStatus.success
    }
    guard (1...2).contains(options.positional.count) else {
      throw CommandFailure("ab needs BASE and at most one HEAD (see --help)", status: .usage)
    }
    let started = Date()
    guard let root = ChildProcess.output(["git", "rev-parse", "--show-toplevel"])?.trimmed else {
      throw CommandFailure("ab runs inside a git checkout of this repository", status: .toolError)
    }
    let refs = [options.positional[0], options.positional.count > 1 ? options.positional[1] : "HEAD"]
    var builds: [Build] = []
    for (side, ref) in zip(["A", "B"], refs) {
      builds.append(try build(ref, side: side, root: root, terminal: terminal))
    }

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("arrangement-ab-\(UUID().uuidString)")
    Interrupts.shared.temporary(folder.path)
    defer {
      try? FileManager.default.removeItem(at: folder)
      Interrupts.shared.removed(folder.path)
    }
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw CommandFailure("cannot create \(folder.path): \(error.localizedDescription)", status: .toolError)
    }

    var policy = options.policy
    if !options.callgrind { policy.gated.remove(.instructions) }
    var count = 0
    let test = ABTest(rounds: options.rounds, policy: policy)
    var outcome = try test.run(progress: terminal.report) { (side, titles) throws(CommandFailure) -> RunResult in
      count += 1
      let build = side == .b ? builds[1] : builds[0]
      let output = folder.appendingPathComponent("\(count).json").path
      var arguments = [
        build.executable, "run", "--processes", "1", "--baseline", folder.appendingPathComponent("none.json").path,
        "--output", output, "--seed", String(options.seed),
      ]
      if let titles { arguments += ["--only", titles.joined(separator: ",")] }
      if let filter = options.filterText { arguments += ["--filter", filter] }
      if options.quick { arguments.append("--quick") }
      let log = folder.appendingPathComponent("\(count).log").path
      let status = ChildProcess.run(arguments, output: log)
      // 5: no baseline, which is what `none.json` asks for; the result file is written first.
      guard status == 0 || status == 5 else {
        let tail =
          (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n").suffix(5)
          .joined(separator: "\n") ?? ""
        throw CommandFailure(
          "measuring \(side.rawValue) (\(build.ref)) failed with status \(status)\n\(tail)", status: .toolError)
      }
      do throws(ResultFileError) {
        return try RunResult.load(from: output)
      } catch {
        throw CommandFailure(error.description, status: .toolError)
      }
    }

    if options.callgrind {
      // Exact counts: a regression in instructions needs no quiet machine to be seen.
      var counts: [[String: Double]] = []
      for build in builds {
        terminal.report("\(build.ref): ")
        let counter = InstructionCounter(executable: build.executable) {
          ["worker", "--instructions", "--seed", String(options.seed), "--only", $0]
        }
        counts.append(try counter.count(outcome.comparison.groups.map { $0.title }, report: terminal.report))
      }
      outcome.comparison.addInstructions(baseline: counts[0], current: counts[1])
    }

    var explanations: [ABTest.Explanation] = []
    if options.explain > 0 {
      for group in outcome.comparison.groups where outcome.regressions.contains(group.title) {
        terminal.report("counting \(group.title)'s instructions per function in A and B under callgrind\n")
        let operations = group.current?.operations ?? group.baseline?.operations ?? 1
        let profiles = try builds.map { (build) throws(CommandFailure) -> FunctionProfile in
          try profile(build, group: group.title, operations: operations, seed: options.seed, folder: folder)
        }
        explanations.append(
          ABTest.Explanation(
            group: group.title,
            functions: FunctionProfile.changes(from: profiles[0], to: profiles[1], limit: options.explain)))
      }
    }

    let document = ABTest.Document(
      base: .init(ref: builds[0].ref, commit: builds[0].commit),
      head: .init(ref: builds[1].ref, commit: builds[1].commit),
      rounds: options.rounds, outcome: outcome, explanations: explanations)
    let elapsed = "\(Int(Date().timeIntervalSince(started).rounded())) s"
    if options.json {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      let data = (try? encoder.encode(document)) ?? Data()
      terminal.write(String(decoding: data, as: UTF8.self) + "\n")
      terminal.report("verdict: \(outcome.verdict.sentence) (ab took \(elapsed))\n")
    } else {
      terminal.write(text(document, outcome: outcome, markdown: options.markdown, elapsed: elapsed))
    }
    return outcome.verdict.exitStatus
  }

  static func text(_ document: ABTest.Document, outcome: ABTest.Outcome, markdown: Bool, elapsed: String) -> String {
    let a = "\(document.base.ref) (\(document.base.commit.prefix(12)))"
    let b = "\(document.head.ref) (\(document.head.commit.prefix(12)))"
    var text =
      markdown
      ? "### A/B: \(a) against \(b), \(document.rounds) rounds\n\n"
      : "A/B: \(a) against \(b), \(document.rounds) rounds\n\n"
    text += Report.comparison(outcome.comparison, markdown: markdown)
    for explanation in document.explanations {
      text += "\n" + Report.explanation(explanation, markdown: markdown)
    }
    let control = outcome.control.overall
    text += "\nA/A control (A against A′): "
    switch control {
    case .regression, .improvement:
      text += "\(control.rawValue) between identical builds: the machine was too noisy to judge\n"
    case .inconclusive: text += "inconclusive for some groups (a noisy machine)\n"
    default: text += "no difference\n"
    }
    text += "verdict: \(outcome.verdict.sentence) (ab took \(elapsed))\n"
    return text
  }

  /// Exports `ref` into `.build/ab/<commit>` and builds it in release there (once).
  static func build(_ ref: String, side: String, root: String, terminal: Terminal) throws(CommandFailure) -> Build {
    guard
      let commit = ChildProcess.output(["git", "-C", root, "rev-parse", "--verify", "--quiet", "\(ref)^{commit}"])?
        .trimmed, !commit.isEmpty
    else {
      throw CommandFailure("'\(ref)' is not a commit of this repository", status: .usage)
    }
    let folder = "\(root)/.build/ab/\(commit)"
    let executable = "\(folder)/.build/release/arrangement-bench"
    let stamp = "\(folder)/.ab-built"
    if FileManager.default.fileExists(atPath: stamp) && FileManager.default.isExecutableFile(atPath: executable) {
      terminal.report("\(side): \(ref) (\(commit.prefix(12))), built earlier in \(folder)\n")
      return Build(ref: ref, commit: commit, executable: executable)
    }
    terminal.report("\(side): building \(ref) (\(commit.prefix(12))) in release in \(folder)\n")
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
    let status = ChildProcess.run(
      ["swift", "build", "-c", "release", "--product", "arrangement-bench"], directory: folder, output: log)
    guard status == 0, FileManager.default.createFile(atPath: stamp, contents: nil) else {
      let tail =
        (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n").suffix(10)
        .joined(separator: "\n") ?? ""
      throw CommandFailure("building \(ref) failed (status \(status)); from \(log):\n\(tail)", status: .toolError)
    }
    return Build(ref: ref, commit: commit, executable: executable)
  }

  /// One group's instructions per function in `build`, counted under callgrind
  /// the way `--instructions` counts (a copy without DWARF, no address randomisation).
  static func profile(_ build: Build, group: String, operations: Int, seed: UInt64, folder: URL)
    throws(CommandFailure) -> FunctionProfile
  {
    let directory = folder.appendingPathComponent("profile-\(build.commit.prefix(12))").path
    try? FileManager.default.removeItem(atPath: directory)
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let executable = "\(directory)/arrangement-bench"
    guard ChildProcess.run(["objcopy", "--strip-debug", build.executable, executable]) == 0 else {
      throw CommandFailure("explaining a regression needs objcopy (binutils)", status: .toolError)
    }
    let command = Callgrind.command(
      executable: executable,
      arguments: [
        "worker", "--instructions", "--seed", String(seed), "--only", group, "--output", "\(directory)/w.json",
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
