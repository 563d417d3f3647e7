import ArrangementBenchmarks
import BenchmarkRunner
import Foundation

/// `run`, `check`, `baseline`, `compare`, `merge`, `list` and the internal `worker`.
enum BenchCommands {
  static let runHelp = """
    USAGE: arrangement-bench run [options]
           arrangement-bench check [options]

    run measures the default suite (sweeps of split, overlay and region scenes) in
    separate worker processes, prints a per-group table and compares it with the
    stored baseline. check does the same but prints only the comparison. Suspected
    regressions are re-measured in fresh processes before they are reported.

    EXIT STATUS:
      0  no regression      2  regression        3  inconclusive (too noisy)
      4  improvement only   5  no baseline       1  tool error

    \(BenchOptions.help)

    """

  static let baselineHelp = """
    USAGE: arrangement-bench baseline update [options]
           arrangement-bench baseline show [options]

    update measures the suite and writes the baseline atomically (release builds
    only); show prints the stored baseline.

    \(BenchOptions.help)

    """

  static let compareHelp = """
    USAGE: arrangement-bench compare BASELINE RESULT [options]

    Compares two result files group by group (no measurement). Exit status as for run.

    \(BenchOptions.help)

    """

  static let mergeHelp = """
    USAGE: arrangement-bench merge RESULT... --output PATH [--allow-mixed-commits] [--allow-mixed-hosts]

    Merges result files of the same suite, e.g. the shards of a CI matrix
    (--shard K/N), into one. Refused, naming the file and the group: a group
    in two files (shards that overlap, or one shard given twice), results of
    different commits or of different hosts (unless allowed), different suites.

    OPTIONS:
      --allow-mixed-commits  Merge results of different commits.
      --allow-mixed-hosts    Merge results of different hosts (machine fingerprints).

    """

  static let listHelp = """
    USAGE: arrangement-bench list [--filter LIST] [--seed N] [--shard K/N] [--points]

    Lists the benchmark groups (title and scene count), or with --points the
    stable ID of every scene point of the selected sweep groups.

    """

  // MARK: - run and check

  static func run(_ arguments: ArraySlice<String>, terminal: Terminal, printTable: Bool) throws(CommandFailure)
    -> ExitStatus
  {
    guard let options = try BenchOptions.parse(arguments, help: runHelp, terminal: terminal) else {
      return ExitStatus.success
    }
    let benchmarks = try options.selectedBenchmarks()
    let result = try measure(benchmarks, options: options, terminal: terminal)
    try write(result, to: options.outputPath ?? "results/runs/latest.json")

    let baseline: RunResult
    do {
      baseline = try RunResult.load(from: options.baselinePath)
    } catch {
      if printTable { terminal.write(options.json ? jsonText(result) : Report.run(result, markdown: options.markdown)) }
      if case .missing = error {
        terminal.report("arrangement-bench: \(error.description); record one with `baseline update`\n")
        return ExitStatus.noBaseline
      }
      throw CommandFailure(error.description, status: ExitStatus.toolError)
    }

    var policy = ComparisonPolicy()
    policy.gated = options.gated
    var comparison = Comparison(baseline: filtered(baseline, like: result), current: result, policy: policy)
    let suspects = comparison.suspects
    if !suspects.isEmpty && options.processes > 0 {
      terminal.report(
        "re-measuring \(suspects.count) suspect group(s) in fresh processes: \(suspects.joined(separator: ", "))\n")
      var again = options
      again.only = Set(suspects)
      let fresh = try measure(try again.selectedBenchmarks(), options: again, terminal: terminal)
      comparison.confirm(with: Comparison(baseline: filtered(baseline, like: fresh), current: fresh, policy: policy))
    }
    if printTable && !options.json { terminal.write(Report.run(result, markdown: options.markdown) + "\n") }
    if options.json {
      terminal.write(jsonText(result))
    } else {
      terminal.write(Report.comparison(comparison, markdown: options.markdown))
    }
    let verdict = comparison.overall
    // With --json, standard output holds the JSON document alone.
    let sentence = "verdict: \(verdictSentence(verdict)) (against \(options.baselinePath), commit \(baseline.commit))\n"
    if options.json { terminal.report(sentence) } else { terminal.write("\n" + sentence) }
    return exitStatus(verdict)
  }

  /// The baseline restricted to the groups of `result`, so a filtered run is not told of missing groups.
  static func filtered(_ baseline: RunResult, like result: RunResult) -> RunResult {
    var copy = baseline
    let titles = Set(result.groups.map(\.title))
    copy.groups = baseline.groups.filter { titles.contains($0.title) }
    return copy
  }

  static func verdictSentence(_ verdict: Verdict) -> String {
    switch verdict {
    case .same, .new, .missing: return "no regression"
    case .improvement: return "improvement only"
    case .inconclusive: return "inconclusive (too noisy to tell)"
    case .regression: return "REGRESSION"
    }
  }

  static func exitStatus(_ verdict: Verdict) -> ExitStatus {
    switch verdict {
    case .same, .new, .missing: return ExitStatus.success
    case .improvement: return ExitStatus.improvementOnly
    case .inconclusive: return ExitStatus.inconclusive
    case .regression: return ExitStatus.regression
    }
  }

  // MARK: - Measuring in worker processes

  /// Measures `benchmarks` in `options.processes` fresh processes (one after
  /// another, so they do not compete for the two cores), or in this process.
  static func measure(_ benchmarks: [Benchmark], options: BenchOptions, terminal: Terminal) throws(CommandFailure)
    -> RunResult
  {
    var perGroup: [String: [GroupMeasurement]] = [:]
    if options.processes == 0 {
      for (index, benchmark) in benchmarks.enumerated() {
        terminal.report("[\(index + 1)/\(benchmarks.count)] \(benchmark.title)\n")
        perGroup[benchmark.title, default: []].append(Measurer.measure(benchmark, settings: options.settings))
      }
    } else {
      for process in 1...options.processes {
        terminal.report("process \(process)/\(options.processes): \(benchmarks.count) group(s)\n")
        for measurement in try runWorker(
          titles: benchmarks.map(\.title), options: options, name: "worker process \(process)/\(options.processes)")
        {
          perGroup[measurement.title, default: []].append(measurement)
        }
      }
    }
    var groups = benchmarks.compactMap { perGroup[$0.title].map(GroupResult.init(merging:)) }
    var counter: String?
    if options.callgrind {
      let counts = try countInstructions(benchmarks, options: options, terminal: terminal)
      for index in groups.indices {
        groups[index].instructionsPerOperation = counts[groups[index].title].map {
          $0 / Double(groups[index].operations)
        }
      }
      counter = "callgrind (valgrind, setarch -R): exact instructions of one run after warm-up"
    }
    var result = RunResult(suite: "default", settings: options.settings, groups: groups, commit: currentCommit())
    if let counter { result.instructionCounter = counter }
    return result
  }

  /// Runs one worker under callgrind over all `benchmarks` and reads the instruction counts.
  static func countInstructions(_ benchmarks: [Benchmark], options: BenchOptions, terminal: Terminal)
    throws(CommandFailure) -> [String: Double]
  {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "arrangement-bench-cg-\(UUID().uuidString)")
    Interrupts.shared.temporary(folder.path)
    defer {
      try? FileManager.default.removeItem(at: folder)
      Interrupts.shared.removed(folder.path)
    }
    // valgrind 3.19 cannot read the DWARF of Swift 6.3 release binaries: count on a copy without it.
    let executable = folder.appendingPathComponent("arrangement-bench").path
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw CommandFailure("cannot create \(folder.path)", status: ExitStatus.toolError)
    }
    let own = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    guard ChildProcess.run(["objcopy", "--strip-debug", own, executable]) == 0 else {
      throw CommandFailure(
        "--instructions needs objcopy (binutils) to prepare the binary", status: ExitStatus.toolError)
    }
    terminal.report("counting instructions under callgrind: \(benchmarks.count) group(s), a process each\n")
    // Note: one process per group, with arguments that depend only on its title: in one
    // process for the suite, a group's count moved with the groups before it (heap addresses)
    // and with the length of the title list (the argument strings sit on the stack), both of
    // which change memcpy's path: adding a group moved regions/query by 1.5%.
    var counts: [String: Double] = [:]
    for benchmark in benchmarks {
      let directory = folder.appendingPathComponent("group").path
      try? FileManager.default.removeItem(atPath: directory)
      do {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      } catch {
        throw CommandFailure("cannot create \(directory)", status: ExitStatus.toolError)
      }
      var arguments = ["worker", "--instructions"] + options.workerArguments(only: [benchmark.title], counting: true)
      arguments += ["--output", directory + "/worker.json"]
      let command = Callgrind.command(executable: executable, arguments: arguments, directory: directory)
      // A fixed, minimal environment: environment strings sit on the stack, and the stack's
      // alignment changes which paths memcpy takes, so a different shell moved counts by ~1%.
      let status = ChildProcess.run(
        command, environment: ["PATH": "/usr/local/bin:/usr/bin:/bin", "SWIFT_DETERMINISTIC_HASHING": "1"],
        replacingEnvironment: true)
      let counted = Callgrind.readDumps(in: directory)
      guard status == 0, let count = counted[benchmark.title] else {
        throw CommandFailure(
          "callgrind did not count \(benchmark.title) (status \(status)); is valgrind installed?",
          status: ExitStatus.toolError)
      }
      counts[benchmark.title] = count
    }
    return counts
  }

  /// Runs one worker over `titles` and reads its measurements. A worker that
  /// fails (killed, crashed, or with no result) is named, with the group it
  /// was measuring, and ends the run: no partial result is written.
  static func runWorker(titles: [String], options: BenchOptions, name: String = "a worker process")
    throws(CommandFailure) -> [GroupMeasurement]
  {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent(
      "arrangement-bench-\(UUID().uuidString).json")
    Interrupts.shared.temporary(output.path)
    defer {
      try? FileManager.default.removeItem(at: output)
      Interrupts.shared.removed(output.path)
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    process.arguments = ["worker", "--output", output.path] + options.workerArguments(only: titles)
    // The worker's progress lines pass through, and the last one says what it was measuring.
    let progress = Pipe()
    let lastGroup = LastGroup()
    process.standardError = progress
    progress.fileHandleForReading.readabilityHandler = { handle in
      let data = handle.availableData
      FileHandle.standardError.write(data)
      lastGroup.note(String(decoding: data, as: UTF8.self))
    }
    do {
      try process.run()
    } catch {
      throw CommandFailure("cannot start a worker process: \(error.localizedDescription)", status: ExitStatus.toolError)
    }
    Interrupts.shared.started(process)
    process.waitUntilExit()
    Interrupts.shared.ended(process)
    progress.fileHandleForReading.readabilityHandler = nil
    lastGroup.note(String(decoding: progress.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    let during = lastGroup.title.map { " while measuring \($0)" } ?? ""
    if process.terminationReason == .uncaughtSignal {
      throw CommandFailure(
        "\(name) was killed by signal \(process.terminationStatus)\(during); no result written", status: .toolError)
    }
    guard process.terminationStatus == 0, let data = FileManager.default.contents(atPath: output.path),
      let measurements = try? JSONDecoder().decode([GroupMeasurement].self, from: data)
    else {
      throw CommandFailure(
        "\(name) failed (status \(process.terminationStatus))\(during); no result written", status: .toolError)
    }
    return measurements
  }

  /// The hidden `worker` subcommand: measure in this process, write the raw measurements.
  static func worker(_ arguments: ArraySlice<String>, terminal: Terminal) throws(CommandFailure) -> ExitStatus {
    let options = try BenchOptions(arguments)
    guard let path = options.outputPath else {
      throw CommandFailure("worker needs --output", status: ExitStatus.toolError)
    }
    let benchmarks = try options.selectedBenchmarks()
    if options.callgrind {
      for benchmark in benchmarks { Callgrind.count(benchmark) }
      return ExitStatus.success
    }
    var measurements: [GroupMeasurement] = []
    for (index, benchmark) in benchmarks.enumerated() {
      terminal.report("  [\(index + 1)/\(benchmarks.count)] \(benchmark.title)\n")
      measurements.append(Measurer.measure(benchmark, settings: options.settings))
    }
    do {
      try AtomicFile.write(try JSONEncoder().encode(measurements), to: path)
    } catch let error as AtomicFile.WriteError {
      throw CommandFailure(error.description, status: .toolError)
    } catch {
      throw CommandFailure("\(path): cannot encode the measurements (\(error))", status: .toolError)
    }
    return ExitStatus.success
  }

  static func currentCommit() -> String {
    if let sha = ProcessInfo.processInfo.environment["GITHUB_SHA"] { return String(sha.prefix(12)) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "rev-parse", "--short=12", "HEAD"]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return "unknown" }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    return process.terminationStatus == 0 && !text.isEmpty ? text : "unknown"
  }

  static func write(_ result: RunResult, to path: String) throws(CommandFailure) {
    do {
      try result.write(to: path)
    } catch let error as AtomicFile.WriteError {
      // The path and the system's reason: `results/x.json: cannot write (No space left on device)`.
      throw CommandFailure(error.description, status: .toolError)
    } catch {
      throw CommandFailure("\(path): cannot write the result (\(error))", status: .toolError)
    }
  }

  static func jsonText(_ result: RunResult) -> String {
    ((try? result.encoded()).map { String(decoding: $0, as: UTF8.self) } ?? "{}") + "\n"
  }

  // MARK: - baseline, compare, merge, list

  static func baseline(_ arguments: ArraySlice<String>, terminal: Terminal) throws(CommandFailure) -> ExitStatus {
    guard let action = arguments.first, !["-h", "--help"].contains(action) else {
      terminal.write(baselineHelp)
      return ExitStatus.success
    }
    guard let options = try BenchOptions.parse(arguments.dropFirst(), help: baselineHelp, terminal: terminal) else {
      return ExitStatus.success
    }
    switch action {
    case "update":
      // A debug build's times mean nothing; only the crash-safety tests may write one, elsewhere.
      #if DEBUG
        guard ProcessInfo.processInfo.environment["ARRANGEMENT_BENCH_TESTING_DEBUG_BASELINE"] == "1" else {
          throw CommandFailure(
            "refusing to record a baseline from a debug build; use `swift run -c release arrangement-bench baseline update`",
            status: ExitStatus.toolError)
        }
      #endif
      let result = try measure(try options.selectedBenchmarks(), options: options, terminal: terminal)
      let path = options.outputPath ?? options.baselinePath
      try write(result, to: path)
      terminal.write(Report.run(result, markdown: options.markdown) + "\nbaseline written to \(path)\n")
      return ExitStatus.success
    case "show":
      let result = try load(options.baselinePath, isBaseline: true)
      terminal.write(options.json ? jsonText(result) : header(result) + Report.run(result, markdown: options.markdown))
      return ExitStatus.success
    default:
      throw CommandFailure(
        "unknown baseline action '\(action)' (expected update or show)", status: .usage)
    }
  }

  static func header(_ result: RunResult) -> String {
    """
    suite \(result.suite), commit \(result.commit), \(result.date), \(result.toolchain), \(result.buildFlags)
    machine: \(result.machine.cpuModel), \(result.machine.logicalCores) cores, \(result.machine.architecture)

    """
  }

  /// A result file; a missing baseline is "no baseline" (status 5), any other
  /// missing or broken file a tool error (status 1).
  static func load(_ path: String, isBaseline: Bool = false) throws(CommandFailure) -> RunResult {
    do {
      return try RunResult.load(from: path)
    } catch {
      if case .missing = error, isBaseline { throw CommandFailure(error.description, status: .noBaseline) }
      throw CommandFailure(error.description, status: .toolError)
    }
  }

  static func compare(_ arguments: ArraySlice<String>, terminal: Terminal) throws(CommandFailure) -> ExitStatus {
    guard let options = try BenchOptions.parse(arguments, help: compareHelp, terminal: terminal) else {
      return ExitStatus.success
    }
    guard options.positional.count == 2 else {
      throw CommandFailure("compare needs two result files (see --help)", status: .usage)
    }
    let baseline = try load(options.positional[0], isBaseline: true)
    let current = try load(options.positional[1])
    var policy = ComparisonPolicy()
    policy.gated = options.gated
    let comparison = Comparison(baseline: baseline, current: current, policy: policy)
    if options.json {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      let data = (try? encoder.encode(ComparisonDocument(comparison))) ?? Data()
      terminal.write(String(decoding: data, as: UTF8.self) + "\n")
    } else {
      terminal.write(Report.comparison(comparison, markdown: options.markdown))
      terminal.write("\nverdict: \(verdictSentence(comparison.overall))\n")
    }
    return exitStatus(comparison.overall)
  }

  static func merge(_ arguments: ArraySlice<String>, terminal: Terminal) throws(CommandFailure) -> ExitStatus {
    guard let options = try BenchOptions.parse(arguments, help: mergeHelp, terminal: terminal) else {
      return ExitStatus.success
    }
    guard let output = options.outputPath, !options.positional.isEmpty else {
      throw CommandFailure("merge needs result files and --output (see --help)", status: .usage)
    }
    let results = try options.positional.map { (path: String) throws(CommandFailure) in try load(path) }
    let first = (path: options.positional[0], result: results[0])
    var merged = results[0]
    var origin = Dictionary(merged.groups.map { ($0.title, first.path) }, uniquingKeysWith: { a, _ in a })
    for (path, other) in zip(options.positional, results).dropFirst() {
      guard other.suite == merged.suite else {
        throw CommandFailure(
          "\(path): suite '\(other.suite)' differs from \(first.path)'s '\(merged.suite)'", status: .toolError)
      }
      guard options.allowMixedCommits || other.commit == first.result.commit else {
        throw CommandFailure(
          "\(path): commit \(other.commit) differs from \(first.path)'s \(first.result.commit) (--allow-mixed-commits to merge them)",
          status: .toolError)
      }
      guard options.allowMixedHosts || other.machine == first.result.machine else {
        throw CommandFailure(
          "\(path): recorded on another host (\(other.machine.cpuModel), \(other.machine.logicalCores) cores) than \(first.path) (--allow-mixed-hosts to merge them)",
          status: .toolError)
      }
      for group in other.groups {
        if let earlier = origin[group.title] {
          throw CommandFailure(
            "\(path): group '\(group.title)' is also in \(earlier) (shards overlap, or a file is given twice)",
            status: .toolError)
        }
        origin[group.title] = path
        merged.groups.append(group)
      }
    }
    try write(merged, to: output)
    terminal.write("merged \(results.count) result file(s), \(merged.groups.count) group(s), into \(output)\n")
    return ExitStatus.success
  }

  static func list(_ arguments: ArraySlice<String>, terminal: Terminal) throws(CommandFailure) -> ExitStatus {
    guard let options = try BenchOptions.parse(arguments, help: listHelp, terminal: terminal) else {
      return ExitStatus.success
    }
    if options.showPoints {
      let points = ArrangementSuite.points(matching: options.filter, seed: options.seed)
      terminal.write(points.map(\.id).joined(separator: "\n") + "\n\(points.count) scene points\n")
      return ExitStatus.success
    }
    let benchmarks = try options.selectedBenchmarks()
    let lines = benchmarks.map { "\($0.title)  (\($0.operations) operations a run)" }
    let total = benchmarks.reduce(0) { $0 + $1.operations }
    terminal.write(lines.joined(separator: "\n") + "\n\(benchmarks.count) groups, \(total) operations a run\n")
    return ExitStatus.success
  }
}

/// The group a worker last said it was measuring (`  [i/n] title` on its standard error).
final class LastGroup: @unchecked Sendable {
  private let lock = NSLock()
  private var pending = ""
  private var last: String?

  func note(_ text: String) {
    lock.lock()
    defer { lock.unlock() }
    pending += text
    while let newline = pending.firstIndex(of: "\n") {
      let line = pending[..<newline]
      if let close = line.firstIndex(of: "]"), line.contains("[") {
        last = String(line[line.index(after: close)...].drop { $0 == " " })
      }
      pending = String(pending[pending.index(after: newline)...])
    }
  }

  var title: String? {
    lock.lock()
    defer { lock.unlock() }
    return last
  }
}
