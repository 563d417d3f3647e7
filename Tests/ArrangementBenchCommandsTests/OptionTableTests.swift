import ArrangementBenchCommands
import BenchmarkCommands
import BenchmarkRunner
import Foundation
import Testing

/// The options a help text lists: the first word of each entry of its OPTIONS sections.
func listedOptions(_ help: String) -> [String] {
  var listed: [String] = []
  var inOptions = false
  for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
    if line.hasPrefix("OPTIONS") {
      inOptions = true
    } else if !line.hasPrefix(" ") {
      inOptions = false
    } else if inOptions && line.hasPrefix("  -") {
      let entry = line.dropFirst(2).prefix { $0 != " " }
      if entry == "-h," {
        listed += ["-h", "--help"]
      } else {
        listed.append(String(entry))
      }
    }
  }
  return listed
}

/// A tool on a suite with no seed, no charts and no case IDs: the options those would give are not offered.
let plainTool = BenchmarkTool(
  name: "plain-bench", version: "1.2.3", summary: "A suite of one.",
  suite: BenchmarkSuite(name: "plain", benchmarks: { [Benchmark("one", operations: 1) { { blackHole(1) } }] }))

@Suite("One option table: parsing, help and refusals")
struct OptionTableTests {
  static let tools = [Tool.benchmarkTool.name: Tool.benchmarkTool, plainTool.name: plainTool]

  @Test(
    "For every subcommand, the options its --help lists are exactly the options it accepts, each once",
    arguments: tools.keys)
  func helpListsWhatIsAccepted(name: String) {
    let tool = Self.tools[name]!
    for path in tool.commandPaths {
      let help = tool.help(of: path)
      let listed = listedOptions(help)
      let accepted = tool.acceptedOptions(of: path) + ["-h", "--help"]
      #expect(listed.sorted() == accepted.sorted(), "\(path)")
      #expect(Set(listed).count == listed.count, "\(path) lists an option twice")
    }
  }

  @Test(
    "Every listed option is accepted by its subcommand; every other option of the tool is refused, named",
    arguments: tools.keys)
  func listedOptionsAreAccepted(name: String) {
    let tool = Self.tools[name]!
    let words = { (path: String) in path.split(separator: " ").map(String.init) }
    let examples = Dictionary(tool.rows.map { ($0.option.name, $0.option) }, uniquingKeysWith: { a, _ in a })
    for path in tool.commandPaths {
      let accepted = tool.acceptedOptions(of: path)
      for row in tool.rows(of: path) {
        let option = row.option
        let arguments = words(path) + [option.name] + (option.placeholder == nil ? [] : [option.example])
        let failure = tool.check(arguments)
        // A rule between options may refuse one alone (`--history` without `--record`), never as unknown.
        #expect(failure == nil || failure!.message.contains(" applies only with "), "\(arguments): \(failure!.message)")
      }
      for (name, option) in examples where !accepted.contains(name) {
        let arguments = words(path) + [name] + (option.placeholder == nil ? [] : [option.example])
        let failure = tool.check(arguments)
        #expect(failure?.status == .usage, "\(arguments)")
        #expect(failure?.message == "option '\(name)' does not apply to \(path) (see --help)", "\(arguments)")
      }
    }
  }

  @Test("Arguments beyond those a subcommand takes are refused, not ignored")
  func extraArguments() {
    for path in Tool.benchmarkTool.commandPaths where path != "merge" {
      let arguments = path.split(separator: " ").map(String.init) + Array(repeating: "extra", count: 3)
      let failure = Tool.benchmarkTool.check(arguments)
      #expect(failure?.status == .usage, "\(path)")
      #expect(failure?.message.hasPrefix(#"unexpected argument "extra": \#(path) takes "#) == true, "\(path)")
    }
    #expect(runTool(["run", "extra"]).status == 64)
    #expect(
      runTool(["-"]).standardError
        == "arrangement-bench: unexpected argument \"-\": run takes no arguments (see --help)\n")
  }

  @Test("What a suite gives no meaning to is not offered: --seed, --points, report --no-measure")
  func suiteDependentOptions() {
    #expect(Tool.benchmarkTool.acceptedOptions(of: "run").contains("--seed"))
    #expect(Tool.benchmarkTool.acceptedOptions(of: "list").contains("--points"))
    #expect(Tool.benchmarkTool.acceptedOptions(of: "report").contains("--no-measure"))
    for (path, option) in [("run", "--seed"), ("profile", "--seed"), ("list", "--points"), ("report", "--no-measure")] {
      #expect(!plainTool.acceptedOptions(of: path).contains(option), "\(path) \(option)")
      #expect(!listedOptions(plainTool.help(of: path)).contains(option))
    }
    // Issue 39: nor does report's help speak of it anywhere, its text included.
    #expect(!plainTool.help(of: "report").contains("--no-measure"))
    #expect(Tool.benchmarkTool.help(of: "report").contains("--no-measure"))
    // The layout subcommands are the arrangement tool's alone.
    #expect(plainTool.check(["solve"])?.message == #"unknown subcommand "solve" (see --help)"#)
    #expect(Tool.benchmarkTool.commandPaths.contains("solve"))
  }

  @Test("The options a user found accepted and ignored now act, or are refused naming the option")
  func acceptedAndIgnored() throws {
    let baseline = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("results/baselines/default.json").path
    // baseline show --filter filters.
    let shown = runTool(["baseline", "show", "--baseline", baseline, "--filter", "limit/"])
    #expect(shown.status == 0)
    #expect(shown.standardOutput.contains("\nlimit/clamp-ratio "))
    #expect(!shown.standardOutput.contains("split/book"))
    #expect(runTool(["baseline", "show", "--baseline", baseline, "--filter", "no-such-group"]).status == 64)
    // baseline show --json prints the baseline as JSON.
    let json = runTool(["baseline", "show", "--baseline", baseline, "--json", "--filter", "limit/"])
    let document = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
    #expect((document?["groups"] as? [Any])?.count == 1)
    for (arguments, message) in [
      (["history", "show", "a", "--last", "3"], "option '--last' does not apply to history show"),
      (["history", "changes", "--markdown"], "option '--markdown' does not apply to history changes"),
      (["history", "standing", "--json"], "option '--json' does not apply to history standing"),
      (["run", "--history", "h"], "--history applies only with --record"),
      (["report", "--by-date", "--out", "r"], "--by-date applies only with --history"),
      (["profile", "limit/clamp-ratio", "--seconds", "0"], #"--seconds: "0" is not a number of seconds more than 0"#),
      (["scenes", "--seed", "--x"], "--seed needs a value"),
      (["scenes", "--random", "3", "--filter", "split"], "--random excludes --filter"),
      (["run", "--quick", "--quick"], "--quick is given more than once"),
      (["compare", "a", "b", "--json", "--markdown"], "--json excludes --markdown"),
    ] {
      let run = runTool(arguments)
      #expect(run.status == 64, "\(arguments)")
      #expect(run.standardError.hasPrefix("arrangement-bench: \(message)"), "\(arguments): \(run.standardError)")
      #expect(run.standardOutput.isEmpty)
    }
  }

  @Test("Help agrees with the tool: the subcommand list, the exit statuses, and options once missing from help")
  func helpAgrees() {
    let top = runTool(["--help"]).standardOutput
    #expect(top.contains("\n  history record|show|changes|standing"))
    #expect(top.contains("\n  baseline update|show"))
    #expect(!top.contains("\n  worker"))
    // Every status, from the enumeration: its number and its meaning (wrapped across lines).
    let words = top.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    for status in ExitStatus.allCases {
      #expect(top.contains("\n  \(String(status.code).padding(toLength: 4, withPad: " ", startingAt: 0))"), "\(status)")
      #expect(words.contains(status.meaning), "\(status)")
    }
    let run = runTool(["run", "--help"]).standardOutput
    #expect(run.contains("\n  64  usage: "))
    #expect(run.contains("\n  5   no baseline"))
    for (arguments, option) in [
      (["list", "--help"], "--filter"), (["merge", "--help"], "--allow-mixed-hosts"),
      (["profile", "--help"], "--seed"),
      (["ab", "--help"], "--compare-times-across-hosts"), (["history", "--help"], "--last"),
      (["history", "--help"], "--markdown"), (["scenes", "--help"], "--random"), (["solve", "--help"], "--lines"),
    ] {
      let help = runTool(arguments)
      #expect(help.status == 0)
      #expect(listedOptions(help.standardOutput).contains(option), "\(arguments) lists \(option)")
    }
    // `help SUBCOMMAND` is `SUBCOMMAND --help`.
    #expect(
      runTool(["help", "baseline", "update"]).standardOutput == runTool(["baseline", "update", "-h"]).standardOutput)
  }

  @Test("--version prints the tool's version, and the commit of the checkout it was built from (issue 39)")
  func version() {
    let run = runTool(["--version"])
    #expect(run.status == 0)
    // Built from this checkout: its commit, said as BuildCommitTests check; from a copy without git, the version alone.
    let commit = ChildProcess.output(["git", "-C", repositoryRoot.path, "rev-parse", "--short=12", "HEAD"])
    if let commit = commit?.trimmingCharacters(in: .whitespacesAndNewlines) {
      #expect(
        run.standardOutput.hasPrefix("arrangement-bench \(Tool.version) (commit \(commit)")
          || run.standardOutput
            == "arrangement-bench \(Tool.version) (commit unknown: its checkout moved to \(commit) after this build)\n",
        "\(run.standardOutput)")
    } else {
      #expect(run.standardOutput == "arrangement-bench \(Tool.version)\n")
    }
    #expect(runTool(["--version", "--quick"]).status == 64)
  }

  @Test("Options without a subcommand are run's")
  func defaultSubcommand() throws {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("default-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: output) }
    let run = runTool(["--quick", "--processes", "0", "--filter", "limit/", "--no-compare", "--output", output])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(try RunResult.load(from: output).groups.map(\.title) == ["limit/clamp-ratio"])
    let unknown = runTool(["--frobnicate"])
    #expect(unknown.status == 64 && unknown.standardError.contains(#"unknown option "--frobnicate""#))
    #expect(runTool(["--lines"]).standardError.contains("option '--lines' does not apply to run"))
  }

  @Test(
    "baseline and history without an action: status 64 and their help on standard error",
    arguments: [
      "baseline", "history",
    ])
  func groupWithoutAction(group: String) {
    for arguments in [[group], [group, "--json"]] {
      let run = runTool(arguments)
      #expect(run.status == 64)
      #expect(run.standardOutput.isEmpty)
      #expect(run.standardError.hasPrefix("arrangement-bench: \(group) needs an action: "))
      #expect(run.standardError.contains("USAGE: arrangement-bench \(group) "))
    }
    #expect(runTool([group, "--help"]).status == 0)
  }

  @Test("A group title that names nothing is a usage error (64) everywhere")
  func unknownTitles() throws {
    let history = FileManager.default.temporaryDirectory.appendingPathComponent("titles-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: history) }
    let baseline = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("results/baselines/default.json").path
    #expect(runTool(["history", "record", baseline, "--history", history.path]).status == 0)
    for arguments in [
      ["history", "show", "nosuch", "--history", history.path], ["profile", "nosuch"], ["list", "--filter", "nosuch"],
      ["run", "--only", "nosuch"], ["baseline", "show", "--baseline", baseline, "--filter", "nosuch"],
    ] {
      let run = runTool(arguments)
      #expect(run.status == 64, "\(arguments)")
      #expect(run.standardError.contains("nosuch"), "\(arguments)")
    }
    #expect(runTool(["history", "show", "limit/clamp-ratio", "--history", history.path]).status == 0)
  }

  @Test("scenes reads its options as every subcommand does: --name=value, and values that look like options refused")
  func scenesParser() {
    let run = runTool(["scenes", "--random=2", "--seed=5"])
    #expect(run.status == 0)
    #expect(run.standardOutput.split(separator: "\n").count == 2)
    #expect(run.standardOutput == runTool(["scenes", "--random", "2", "--seed", "5"]).standardOutput)
    #expect(
      runTool(["scenes", "--random", "0"]).standardError.contains(#"--random: "0" is not a whole number from 1"#))
    #expect(runTool(["scenes", "extra"]).status == 64)
  }

  @Test("Sample controls are checked: out of range is a usage error naming the option")
  func sampleControlRanges() {
    for (option, value) in [
      ("--samples", "0"), ("--samples", "1001"), ("--warm-up", "-1"), ("--warm-up", "61"), ("--warm-up", "nan"),
      ("--min-sample-time", "0"), ("--min-sample-time", "11"), ("--min-sample-time", "inf"),
    ] {
      let run = runTool(["run", option, value])
      #expect(run.status == 64, "\(option) \(value)")
      #expect(run.standardError.hasPrefix("arrangement-bench: \(option): \"\(value)\" is not "), "\(run.standardError)")
    }
  }

  @Test("Sample controls reach the measurement: the result holds them and that many samples")
  func sampleControls() throws {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("samples-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: output) }
    let run = runTool([
      "run", "--no-compare", "--processes", "0", "--filter", "limit/", "--samples", "3", "--warm-up", "0",
      "--min-sample-time", "0.0002", "--output", output,
    ])
    #expect(run.status == 0, "\(run.standardError)")
    let result = try RunResult.load(from: output)
    #expect(result.settings == MeasurementSettings(samples: 3, minimumSampleNanoseconds: 200_000, warmUpNanoseconds: 0))
    // Samples taken beside a probe of a contended core are left out, and counted (QuietCore).
    #expect(result.groups.map { $0.samples.count + ($0.contendedSamples ?? 0) } == [3])
  }

  @Test("run --no-compare measures and exits 0 without a baseline; a baseline option with it is refused")
  func measureOnly() throws {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("only-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: output) }
    let run = runTool(["run", "--quick", "--processes", "0", "--filter", "limit/", "--no-compare", "--output", output])
    #expect(run.status == 0)
    #expect(run.standardOutput.contains("limit/clamp-ratio"))
    #expect(!run.standardOutput.contains("verdict"))
    #expect(FileManager.default.fileExists(atPath: output))
    for other in [["--baseline", "b.json"], ["--baseline-name", "x"], ["--metrics", "time"]] {
      #expect(runTool(["run", "--no-compare"] + other).status == 64, "\(other)")
    }
    #expect(runTool(["check", "--no-compare"]).standardError.contains("does not apply to check"))
  }

  @Test("Named baselines: a safe name is required, and a missing one is status 5 naming its path")
  func namedBaselines() {
    for name in ["../x", ".hidden", "-x", "a/b", "", String(repeating: "n", count: 65), "ü"] {
      let run = runTool(["baseline", "show", "--name", name])
      #expect(run.status == 64, "\(name)")
      #expect(run.standardError.contains("--name"), "\(name)")
    }
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("named-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: output) }
    let check = runTool([
      "check", "--quick", "--processes", "0", "--filter", "limit/", "--baseline-name", "no-such-7", "--output", output,
    ])
    #expect(check.status == 5)
    #expect(check.standardError.contains("results/baselines/no-such-7.json"))
    #expect(check.standardError.contains("baseline update --name no-such-7"))
    let compare = runTool(["compare", "--baseline-name", "no-such-7", "x.json"])
    #expect(compare.status == 5 && compare.standardError.contains("results/baselines/no-such-7.json"))
    #expect(runTool(["compare", "--baseline-name", "n", "a.json", "b.json"]).status == 64)
    #expect(runTool(["baseline", "update", "--name", "n", "--output", "x.json"]).status == 64)
  }

  @Test("Progress: a line a group in a log, one line rewritten on a terminal, nothing with --quiet")
  func progress() {
    let arguments = [
      "run", "--quick", "--processes", "0", "--filter", "limit/,peers/two-pane-sweep/plan", "--no-compare",
      "--output", FileManager.default.temporaryDirectory.appendingPathComponent("p-\(UUID().uuidString).json").path,
    ]
    // The groups in suite order, as list gives them.
    let titles = runTool(["list", "--filter", "limit/,peers/two-pane-sweep/plan"]).standardOutput
      .split(separator: "\n").dropLast().map { $0.prefix { $0 != " " } }
    #expect(titles.count == 2)
    let log = runTool(arguments)
    #expect(log.standardError == "[1/2] \(titles[0])\n[2/2] \(titles[1])\n")
    #expect(runTool(arguments + ["--quiet"]).standardError.isEmpty)
    let terminal = runTool(arguments, reportsToTerminal: true)
    #expect(terminal.standardError == "\r\u{1B}[K[1/2] \(titles[0])\r\u{1B}[K[2/2] \(titles[1])\r\u{1B}[K")
  }

  @Test(
    "baseline update --json prints the baseline as JSON, and where it went on standard error",
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: CrashSafetyTests.tool), "the tool is built beside the tests"))
  func baselineUpdateJSON() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("update-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try runExecutable(
      CrashSafetyTests.tool,
      [
        "baseline", "update", "--json", "--quick", "--processes", "0", "--filter", "limit/", "--name", "json",
        "--quiet",
      ],
      in: folder.path, environment: ["ARRANGEMENT_BENCH_TESTING_DEBUG_BASELINE": "1"])
    #expect(run.status == 0, "\(run.standardError)")
    let printed = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any]
    #expect((printed?["groups"] as? [[String: Any]])?.first?["title"] as? String == "limit/clamp-ratio")
    #expect(run.standardError == "baseline written to results/baselines/json.json\n")
    let stored = try RunResult.load(from: folder.appendingPathComponent("results/baselines/json.json").path)
    #expect(stored.groups.map(\.title) == ["limit/clamp-ratio"])
  }

  @Test(
    "Output paths of one character are written (a Foundation path function trapped on them)",
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: CrashSafetyTests.tool), "the tool is built beside the tests"))
  func oneCharacterPaths() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("one-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let baseline = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("results/baselines/default.json").path
    for arguments in [["merge", baseline, "--output", "m"], ["report", baseline, "--no-measure", "--out", "r"]] {
      let run = try runExecutable(CrashSafetyTests.tool, arguments, in: folder.path)
      #expect(run.status == 0, "\(arguments): \(run.standardError)")
    }
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("r/index.html").path))
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("m").path))
  }
}

/// Runs an executable in `folder` with `environment` added to this process's, waiting
/// at most `limit` seconds; its standard output and error are collected in files.
func runExecutable(
  _ executable: String, _ arguments: [String], in folder: String, environment: [String: String] = [:],
  limit: TimeInterval = 600
) throws -> ToolRun {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  process.currentDirectoryURL = URL(fileURLWithPath: folder)
  process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
  let outputs = FileManager.default.temporaryDirectory.appendingPathComponent("run-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: outputs) }
  let (out, err) = (outputs.appendingPathComponent("out"), outputs.appendingPathComponent("err"))
  _ = FileManager.default.createFile(atPath: out.path, contents: nil)
  _ = FileManager.default.createFile(atPath: err.path, contents: nil)
  process.standardOutput = try FileHandle(forWritingTo: out)
  process.standardError = try FileHandle(forWritingTo: err)
  try process.run()
  let deadline = Date().addingTimeInterval(limit)
  while process.isRunning && Date() < deadline { usleep(50_000) }
  if process.isRunning {
    process.terminate()
    process.waitUntilExit()
    Issue.record("\(executable) \(arguments) took longer than \(Int(limit)) s")
  }
  return ToolRun(
    status: process.terminationStatus,
    standardOutput: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
    standardError: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
}
