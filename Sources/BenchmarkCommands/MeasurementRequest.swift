import BenchmarkRunner
import Foundation

/// What the measuring subcommands (run, check, baseline update, worker) were
/// asked to measure, and how: read once from their options.
struct MeasurementRequest {
  var suite: BenchmarkSuite
  var toolName: String
  var filter = TitleFilter(nil)
  var only: Set<String>?
  var shard: Shard?
  var seed: UInt64 = 1
  var settings = MeasurementSettings.standard
  /// The sample options as given, for workers to measure alike.
  var settingArguments: [String] = []
  var processes = 6
  var instructions = false
  /// Estimated cycles (``CycleModel``): the callgrind pass that counts instructions, with caches simulated.
  var cycles = false
  /// The quietest probe of every measurement so far (shared by the copies the rounds capture).
  let quietProbe = QuietFloor()

  init(_ options: OptionValues, tool: BenchmarkTool) {
    suite = tool.suite
    toolName = tool.name
    filter = TitleFilter(options.ifTaken(Options.filter))
    only = options.ifTaken(Options.only).map(Set.init)
    shard = options.ifTaken(Options.shard)
    seed = options.ifTaken(Options.seed) ?? 1
    processes = options.ifTaken(Options.processes) ?? 6
    instructions = options.ifTaken(Options.instructions) ?? false
    cycles = options.ifTaken(Options.cycles) ?? false
    if options.ifTaken(Options.quick) == true {
      settings = .quick
      settingArguments.append(Options.quick.name)
    }
    if let samples = options.ifTaken(Options.samples) {
      settings.samples = samples
      settingArguments += [Options.samples.name, String(samples)]
    }
    if let seconds = options.ifTaken(Options.warmUp) {
      settings.warmUpNanoseconds = UInt64((seconds * 1e9).rounded())
      settingArguments += [Options.warmUp.name, String(seconds)]
    }
    if let seconds = options.ifTaken(Options.minimumSampleTime) {
      settings.minimumSampleNanoseconds = max(1, UInt64((seconds * 1e9).rounded()))
      settingArguments += [Options.minimumSampleTime.name, String(seconds)]
    }
  }

  /// The suite's benchmarks, their titles checked (a broken suite is the tool's error, not the user's).
  func allBenchmarks() throws(CommandFailure) -> [Benchmark] {
    do {
      return try suite.validatedBenchmarks(seed: seed)
    } catch {
      throw CommandFailure("the suite cannot be run: \(error.description)", status: .toolError)
    }
  }

  /// The selected benchmarks, in suite order. A name of `--only` that is no
  /// title, or a part of `--filter` that is in none, is a usage error (a typo
  /// in a CI gate would otherwise drop its group), as is an empty selection.
  func selectedBenchmarks() throws(CommandFailure) -> [Benchmark] {
    let all = try allBenchmarks()
    try Self.checkSelection(filter: filter, only: only, titles: all.map(\.title), tool: toolName)
    let selected = all.enumerated().filter { position, benchmark in
      filter.matches(benchmark.title) && (shard?.contains(position: position) ?? true)
        && (only?.contains(benchmark.title) ?? true)
    }.map(\.element)
    guard !selected.isEmpty else {
      let asked =
        only.map { "--only '\($0.sorted().joined(separator: ","))'" } ?? "--filter \(Text.quoted(filter.description))"
      throw CommandFailure(
        "no benchmark matches \(asked)\(shard.map { " in shard \($0)" } ?? "") (see `\(toolName) list`)",
        status: .usage)
    }
    return selected
  }

  /// Refuses names of `only` that are no title and parts of `filter` that are in no title, naming
  /// the titles nearest each.
  static func checkSelection(
    filter: TitleFilter, only: Set<String>?, titles: [String], tool: String
  ) throws(CommandFailure) {
    let unknown = (only ?? []).filter { !titles.contains($0) }.sorted()
    if let name = unknown.first {
      throw CommandFailure(
        "--only: \(unknown.map(Text.quoted).joined(separator: ", ")) \(unknown.count == 1 ? "is" : "are") not "
          + "the title of any group\(Self.nearby(name, in: titles)) (see `\(tool) list`)", status: .usage)
    }
    let unmatched = filter.parts.filter { part in !titles.contains { $0.contains(part) } }
    if let part = unmatched.first {
      throw CommandFailure(
        "--filter: \(unmatched.map(Text.quoted).joined(separator: ", ")) \(unmatched.count == 1 ? "is" : "are") "
          + "in no group's title\(Self.nearby(part, in: titles)) (see `\(tool) list`)", status: .usage)
    }
  }

  /// "; nearest: a, b" for the titles closest to `name` (by edit distance), or nothing.
  static func nearby(_ name: String, in titles: [String]) -> String {
    let target = Array(name.unicodeScalars)
    let limit = max(3, target.count / 2)
    var ranked: [(title: String, distance: Int)] = []
    for title in titles {
      let distance = Text.editDistance(target, Array(title.unicodeScalars))
      if distance <= limit { ranked.append((title, distance)) }
    }
    ranked.sort { a, b in a.distance != b.distance ? a.distance < b.distance : a.title < b.title }
    guard !ranked.isEmpty else { return "" }
    return "; nearest: " + ranked.prefix(3).map { Text.quoted($0.title) }.joined(separator: ", ")
  }

  /// A worker's arguments for `titles`; counting workers (instructions under
  /// callgrind) take no sample settings.
  func workerArguments(only titles: [String], counting: Bool = false) -> [String] {
    var arguments = suite.isSeeded ? [Options.seed.name, String(seed)] : []
    arguments += [Options.only.name, titles.joined(separator: ",")]
    if !counting { arguments += settingArguments }
    if !counting, let level = quietProbe.level { arguments += [Options.quietProbe.name, String(level)] }
    return arguments
  }

  /// Measures `benchmarks` in `processes` fresh worker processes (or in this
  /// process), and counts their instructions under callgrind if asked.
  func measure(_ benchmarks: [Benchmark], progress: Progress) throws(CommandFailure) -> RunResult {
    defer { progress.clear() }
    let titles = benchmarks.map(\.title)
    var perGroup: [String: [ProcessMeasurement]] = [:]
    var calibration: Calibration?
    if processes == 0 {
      calibration = Calibration(Calibration.measureHere())
      for (index, benchmark) in benchmarks.enumerated() {
        progress.step("[\(index + 1)/\(benchmarks.count)] \(benchmark.title)")
        let measurement = Sampler.measure(benchmark, settings: settings, quietProbe: quietProbe.level)
        quietProbe.note([measurement])
        perGroup[benchmark.title, default: []].append(measurement)
      }
    } else {
      // Each worker starts from the quickest probe of the workers before it.
      var pool = WorkerPool(executable: Self.ownExecutable, processes: processes) {
        ["worker"] + workerArguments(only: $0)
      }
      pool.measured = { [quietProbe] in quietProbe.note($0) }
      let measured = try pool.measure(titles, report: progress.warn, progress: progress.workerStep)
      perGroup = measured.groups
      calibration = measured.calibration
    }
    // Every measurement has been noted (each worker's as it ended, or each group's here).
    let quiet = quietProbe.level
    var groups = benchmarks.compactMap { benchmark in
      perGroup[benchmark.title].map { GroupResult(merging: $0, quietProbe: quiet) }
    }
    if instructions || cycles {
      let what = cycles ? "instructions and cache misses" : "instructions"
      progress.step("counting \(what) under callgrind: \(titles.count) group(s), a process each")
      let counter = InstructionCounter(executable: Self.ownExecutable, simulatesCaches: cycles) {
        ["worker", cycles ? Options.countCycles.name : Options.instructions.name]
          + workerArguments(only: [$0], counting: true)
      }
      let counts = try counter.counts(titles) { _ in }
      for index in groups.indices {
        if let count = counts[groups[index].title] { groups[index].setCounts(count) }
      }
    }
    var result = RunResult(suite: suite.name, settings: settings, groups: groups, commit: ResultFiles.currentCommit())
    if instructions || cycles {
      result.instructionCounter = "callgrind (valgrind, setarch -R): exact instructions of one run after warm-up"
    }
    if cycles { result.cycleModel = CycleModel.description }
    calibration?.quietProbeNanoseconds = quiet
    result.calibration = calibration
    return result
  }

  /// How run, check and baseline update measure groups again: `titles` in
  /// that many fresh workers, without instruction counting (counts are exact:
  /// the first ones stand); `nil` where this process measured (`--processes 0`), which adds none.
  func again(progress: Progress) -> (([String], Int) throws(CommandFailure) -> RunResult)? {
    guard processes > 0 else { return nil }
    return { (titles, processes) throws(CommandFailure) -> RunResult in
      var again = self
      again.only = Set(titles)
      again.processes = processes
      again.instructions = false
      return try again.measure(try again.selectedBenchmarks(), progress: progress)
    }
  }

  /// This program, for worker processes to run.
  static var ownExecutable: String { URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path }
}
