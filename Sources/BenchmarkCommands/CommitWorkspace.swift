import BenchmarkRunner
import Foundation

/// Commits of this repository built and measured on this machine: what `ab`
/// and `bisect` share. Each commit is exported (git archive) into
/// `.build/ab/<commit>` and built there in release once; a build is then
/// measured (`run --processes 1`), counted under callgrind, profiled per
/// function, or asked for its groups. Logs and results of one command go to a
/// temporary folder of its own, removed by ``remove()``.
struct CommitWorkspace {
  /// One commit's build.
  struct Build {
    var ref: String
    var commit: String
    var executable: String
    /// Built by an earlier run and taken from `.build/ab`.
    var reused = false
  }

  /// The repository's top, the package's folder below it (a hosted suite's
  /// package may sit deeper) and the tool's product name.
  let root: String
  let package: String
  let product: String
  /// The seed of a seeded suite's groups, as the builds' arguments (only a seeded suite's tool takes --seed).
  let seed: [String]
  /// `--filter`, passed on to every build.
  let filter: String?
  let progress: Progress
  private let scratch: TemporaryFolder
  /// The command's temporary folder.
  var folder: URL { scratch.url }

  /// What `command` (ab or bisect) needs before it builds anything. Its
  /// selection is checked first against this tool's suite (a typo should not
  /// cost a build).
  init(_ invocation: Invocation, command: String, progress: Progress) throws(CommandFailure) {
    let options = invocation.options
    let seed = options.ifTaken(Options.seed) ?? 1
    do {
      let titles = try invocation.suite.validatedBenchmarks(seed: seed).map(\.title)
      try MeasurementRequest.checkSelection(
        filter: TitleFilter(options.ifTaken(Options.filter)), only: nil, titles: titles, tool: invocation.tool.name)
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
    self.root = root
    package = ChildProcess.output(["git", "rev-parse", "--show-prefix"])?.trimmed ?? ""
    product = URL(fileURLWithPath: MeasurementRequest.ownExecutable).lastPathComponent
    self.seed = invocation.suite.isSeeded ? [Options.seed.name, String(seed)] : []
    filter = options[Options.filter]
    self.progress = progress
    scratch = try TemporaryFolder(command)
  }

  /// Removes the command's temporary folder.
  func remove() { scratch.remove() }

  /// The commit `ref` names; a ref that names none is a usage error.
  func commit(of ref: String) throws(CommandFailure) -> String {
    guard
      let commit = ChildProcess.output(["git", "-C", root, "rev-parse", "--verify", "--quiet", "\(ref)^{commit}"])?
        .trimmed, !commit.isEmpty
    else {
      throw CommandFailure("\(Text.quoted(ref)) is not a commit of this repository", status: .usage)
    }
    return commit
  }

  /// Says so when the work tree has uncommitted changes: only commits are built.
  /// Called once the refs are known to be commits, so a mistyped ref's message comes alone.
  func noteUncommittedChanges(command: String) {
    let changed =
      ChildProcess.output(["git", "-C", root, "status", "--porcelain", "--untracked-files=no"])?
      .split(separator: "\n").count ?? 0
    guard changed > 0 else { return }
    progress.warn(
      "\(command): the work tree has uncommitted changes in \(changed) file(s); only commits are built and measured, so they are not"
    )
  }

  /// Exports `ref` into `.build/ab/<commit>` and builds the tool's product in release there (once).
  func build(_ ref: String, side: String) throws(CommandFailure) -> Build {
    let commit = try commit(of: ref)
    return try holdingLock(of: commit) { () throws(CommandFailure) -> Build in
      try build(ref, commit: commit, side: side)
    }
  }

  /// ``build(_:side:)`` while this process holds the commit's lock.
  private func build(_ ref: String, commit: String, side: String) throws(CommandFailure) -> Build {
    let folder = "\(root)/.build/ab/\(commit)"
    let packageFolder = package.isEmpty ? folder : "\(folder)/\(package)"
    let executable = "\(packageFolder)/.build/release/\(product)"
    let stamp = "\(folder)/.ab-built-\(product)"
    if FileManager.default.fileExists(atPath: stamp) && FileManager.default.isExecutableFile(atPath: executable) {
      progress.note("\(side): \(ref) (\(commit.prefix(12))), built earlier in \(folder)")
      return Build(ref: ref, commit: commit, executable: executable, reused: true)
    }
    progress.note("\(side): building \(ref) (\(commit.prefix(12))) in release in \(folder)")
    let log = "\(root)/.build/ab/\(commit).log"
    try export(ref, commit: commit, into: folder, log: log)
    // SwiftPM's own temporaries and locks go into the build's folder, so an interrupted build
    // leaves nothing in the system's temporary folder (the next build of the commit starts afresh).
    let temporary = "\(folder)/.tmp"
    try? FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
    let status = ChildProcess.run(
      ["swift", "build", "-c", "release", "--product", product], environment: ["TMPDIR": temporary],
      directory: packageFolder, output: log)
    guard status == 0, FileManager.default.createFile(atPath: stamp, contents: nil) else {
      throw CommandFailure(
        "building \(ref) failed (status \(status)); from \(log):\n\(Self.tail(of: log, lines: 10))", status: .toolError)
    }
    return Build(ref: ref, commit: commit, executable: executable)
  }

  /// `body` while this process holds `.build/ab/<commit>.lock`: two tools that
  /// build one commit (two `ab` runs, or `ab` beside `bisect`) would otherwise
  /// each remove and export the other's folder while it builds. One waits, then
  /// finds the commit built. Where the lock cannot be made, `body` runs unlocked, as before.
  private func holdingLock<T>(of commit: String, _ body: () throws(CommandFailure) -> T) throws(CommandFailure) -> T {
    let folder = "\(root)/.build/ab"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let descriptor = open("\(folder)/\(commit).lock", O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return try body() }
    // Closing the descriptor releases the lock, also when the process dies.
    defer { close(descriptor) }
    if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      progress.note("waiting for another build of \(commit.prefix(12)) in \(folder)")
      while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
    }
    return try body()
  }

  /// `commit`'s files (git archive) in a fresh `folder`.
  private func export(_ ref: String, commit: String, into folder: String, log: String) throws(CommandFailure) {
    try? FileManager.default.removeItem(atPath: folder)
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
  }

  /// One measurement of `build` in a fresh process (`run --processes 1`) over
  /// `titles`, or the whole selection of `--filter` when `nil`; `number` names its files.
  func measure(_ build: Build, label: String, titles: [String]?, quick: Bool, number: Int) throws(CommandFailure)
    -> RunResult
  {
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
        "measuring \(label) (\(build.ref)) failed with status \(status)\n\(Self.tail(of: log, lines: 5))",
        status: .toolError)
    }
    do throws(ResultFileError) {
      return try RunResult.load(from: output)
    } catch {
      throw CommandFailure(error.description, status: .toolError)
    }
  }

  /// What callgrind counts of one run of each of `titles` in `build`'s worker,
  /// a process each, as `--instructions` counts them, or with `cycles` as `--cycles` does.
  func counts(_ titles: [String], in build: Build, cycles: Bool) throws(CommandFailure) -> [String: Callgrind.Counts] {
    let seed = seed
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

  /// One group's instructions per function in `build`, counted under callgrind
  /// the way `--instructions` counts (a copy without DWARF, no address randomisation).
  func profile(_ build: Build, group: String, operations: Int) throws(CommandFailure) -> FunctionProfile {
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

  /// The functions behind a change of `group` from `base` to `head`: its
  /// instructions per function in both, those that changed most first, at most `limit`.
  func explain(_ group: String, operations: Int, from base: Build, to head: Build, limit: Int) throws(CommandFailure)
    -> [FunctionProfile.Change]
  {
    let profiles = try [base, head].map { (build) throws(CommandFailure) -> FunctionProfile in
      try profile(build, group: group, operations: operations)
    }
    return FunctionProfile.changes(from: profiles[0], to: profiles[1], limit: limit)
  }

  /// The groups `build` selects with `--filter`, by title, with their operations a run (its `list`).
  func listed(_ build: Build) throws(CommandFailure) -> [String: Int] {
    let log = folder.appendingPathComponent("list-\(build.commit.prefix(12)).txt").path
    let status = ChildProcess.run(
      [build.executable, "list"] + seed + (filter.map { [Options.filter.name, $0] } ?? []), output: log)
    guard status == 0, let text = try? String(contentsOfFile: log, encoding: .utf8) else {
      let cause = status == ExitStatus.usage.code ? ": does --filter select any of its groups?" : ""
      throw CommandFailure(
        "listing the groups of \(build.ref) failed (status \(status))\(cause)\n\(Self.tail(of: log, lines: 3))",
        status: status == ExitStatus.usage.code ? .usage : .toolError)
    }
    var groups: [String: Int] = [:]
    for line in text.split(separator: "\n") where line.hasSuffix(" operations a run)") {
      guard let open = line.range(of: "  (", options: .backwards),
        let operations = Int(line[open.upperBound...].prefix { $0.isNumber })
      else { continue }
      groups[String(line[..<open.lowerBound])] = operations
    }
    return groups
  }

  /// GOOD, then the first-parent commits after it up to BAD, with their subjects.
  func commits(from good: String, to bad: String) throws(CommandFailure) -> [Bisection.Document.Commit] {
    let (first, last) = (try commit(of: good), try commit(of: bad))
    guard first != last else {
      throw CommandFailure("GOOD and BAD are the same commit (\(first.prefix(12))): nothing to search", status: .usage)
    }
    guard ChildProcess.run(["git", "-C", root, "merge-base", "--is-ancestor", first, last]) == 0 else {
      throw CommandFailure(
        "GOOD \(Text.quoted(good)) is not an ancestor of BAD \(Text.quoted(bad)): bisect searches from GOOD forward",
        status: .usage)
    }
    guard
      let listing = ChildProcess.output([
        "git", "-C", root, "log", "--first-parent", "--reverse", "--format=%H %s", "\(first)..\(last)",
      ])
    else {
      throw CommandFailure("cannot list the commits from \(good) to \(bad)", status: .toolError)
    }
    let subject = ChildProcess.output(["git", "-C", root, "log", "-1", "--format=%s", first])?.trimmed ?? ""
    var line = [Bisection.Document.Commit(commit: first, subject: subject)]
    for entry in listing.split(separator: "\n") {
      let parts = entry.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
      line.append(.init(commit: String(parts[0]), subject: parts.count > 1 ? String(parts[1]) : ""))
    }
    return line
  }

  /// The last lines of a log, for a failure's message.
  static func tail(of log: String, lines: Int) -> String {
    (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n").suffix(lines).joined(separator: "\n")
      ?? ""
  }
}

extension String {
  var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
