import ArrangementBenchCommands
import BenchmarkCommands
import BenchmarkRunner
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Runs `tool` in-process with captured streams.
func runTool(_ tool: BenchmarkTool, _ arguments: [String]) -> ToolRun {
  final class Capture: @unchecked Sendable {
    var output = ""
    var error = ""
  }
  let capture = Capture()
  let terminal = Terminal(
    write: { capture.output += $0 }, report: { capture.error += $0 }, readStandardInput: { _ in [] })
  let status = tool.main(arguments, terminal: terminal)
  return ToolRun(status: status, standardOutput: capture.output, standardError: capture.error)
}

/// What a shell command printed and returned.
struct ShellRun {
  var status: Int32
  var output: String
}

/// Runs `script` with `/bin/sh -c` in `directory`, `$TOOL` naming the tool built beside the tests.
func shell(_ script: String, in directory: String, environment: [String: String] = [:]) throws -> ShellRun {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/bin/sh")
  process.arguments = ["-c", script]
  process.currentDirectoryURL = URL(fileURLWithPath: directory)
  process.environment = ProcessInfo.processInfo.environment.merging(
    environment.merging(["TOOL": CrashSafetyTests.tool]) { a, _ in a }
  ) { $1 }
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = pipe
  try process.run()
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return ShellRun(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
}

/// The fourth round of hostile tries (issue 38); each test failed before its fix.
@Suite("Reliability IV: suites, selections, outputs, temporaries, interrupts")
struct ReliabilityFourTests {
  static let toolIsBuilt = FileManager.default.isExecutableFile(atPath: CrashSafetyTests.tool)
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

  /// A hosted suite of the given titles, as another package would declare it.
  static func hosted(_ titles: [String]) -> BenchmarkTool {
    BenchmarkTool(
      name: "hosted-bench", version: "1", summary: "A hosted suite.",
      suite: BenchmarkSuite(
        name: "hosted", benchmarks: { titles.map { Benchmark($0, operations: 1) { { blackHole(1) } } } }))
  }

  // MARK: 1: interrupts stop every descendant

  /// The fields after the name in `/proc/PID/stat` (state, parent, group, session, …), or `nil`.
  static func statFields(_ pid: String) -> [Substring]? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = text.lastIndex(of: ")")
    else { return nil }
    return text[text.index(after: close)...].split(separator: " ")
  }

  /// The running processes of session `session` (a compiler re-parented to init keeps its session).
  static func processes(inSession session: pid_t) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).filter { entry in
      guard Int32(entry) != nil, let fields = statFields(entry), fields.count > 3 else { return false }
      return fields[0] != "Z" && Int32(String(fields[3])) == session
    }
  }

  @Test(
    "1: SIGTERM and SIGINT while bisect builds or counts stop every process below it before the tool exits",
    .enabled(if: toolIsBuilt && FileManager.default.isExecutableFile(atPath: "/usr/bin/setsid"), "the tool is built"),
    .disabled(if: underSanitizer, "a sanitizer's build is too slow to interrupt in time"))
  func interruptStopsTheWholeTree() throws {
    guard (try? shell("git rev-parse --verify --quiet HEAD~1", in: Self.root))?.status == 0 else { return }
    for (signal, delay) in [(SIGTERM, 3.0), (SIGINT, 5.0)] {
      // In a session of its own (setsid forks it, and waits), so that its tree can be found afterwards.
      let wrapper = Process()
      wrapper.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
      wrapper.arguments = ["--wait", CrashSafetyTests.tool, "bisect", "HEAD~1", "HEAD", "--quiet"]
      wrapper.currentDirectoryURL = URL(fileURLWithPath: Self.root)
      wrapper.standardOutput = FileHandle.nullDevice
      // Its messages, so that a tool that ended early says why.
      let messages = FileManager.default.temporaryDirectory.appendingPathComponent("interrupt-\(UUID().uuidString)")
      try #require(FileManager.default.createFile(atPath: messages.path, contents: nil))
      defer { try? FileManager.default.removeItem(at: messages) }
      wrapper.standardError = try FileHandle(forWritingTo: messages)
      try wrapper.run()
      usleep(useconds_t(delay * 1e6))
      // setsid forks the tool when it leads a process group and runs it in its own place
      // otherwise: the tool is the wrapper's child of that name, or the wrapper itself
      // (whose other children are then git's or a build's).
      func isTool(_ pid: String) -> Bool {
        (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.hasPrefix("arrangement-ben") == true
      }
      let wrapperID = String(wrapper.processIdentifier)
      let child = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).first { entry in
        guard let fields = Self.statFields(entry), fields.count > 1 else { return false }
        return Int32(String(fields[1])) == wrapper.processIdentifier && isTool(entry)
      }
      guard let tool = (child ?? (isTool(wrapperID) ? wrapperID : nil)).flatMap({ pid_t($0) }) else {
        let said = (try? String(contentsOf: messages, encoding: .utf8)) ?? ""
        Issue.record(
          "the tool is not running \(delay) s after its start (\(wrapper.isRunning ? "running" : "exited \(wrapper.terminationStatus)")): \(said.suffix(1500))"
        )
        if wrapper.isRunning { kill(wrapper.processIdentifier, SIGKILL) }
        return
      }
      // Until the tool has a tree: the build and its compilers, or callgrind's workers. Up to
      // five minutes: before it builds, the tool may wait for the lock of a commit that another
      // test's tool is building (`.build/ab/<commit>.lock`), alone in its session; one minute
      // was once too short on a loaded machine.
      var during = Self.processes(inSession: tool).count
      for _ in 0..<3000 where during < 2 && wrapper.isRunning {
        usleep(100_000)
        during = Self.processes(inSession: tool).count
      }
      kill(tool, signal)
      wrapper.waitUntilExit()
      // Nothing is left the moment the tool has exited: it waited for its whole tree.
      let after = Self.processes(inSession: tool)
      #expect(after.isEmpty, "\(after.count) of \(during) processes outlived the tool: \(after)")
      #expect(during >= 2, "only \(during) process(es) when the signal was sent")
      #expect(wrapper.terminationStatus == 128 + signal, "status \(wrapper.terminationStatus)")
      for pid in after.compactMap({ pid_t($0) }) { kill(pid, SIGKILL) }
    }
  }

  // MARK: 2: suites whose titles are checked

  @Test(
    "2: a suite with a duplicate, empty, control-character, comma or ! title is refused at start, the benchmark named",
    arguments: [
      (["h/a", "h/b", "h/a"], #"benchmark 3 of suite "hosted" ("h/a"): the title of benchmark 1 too"#),
      (["h/a", "h/\nb"], #"benchmark 2 of suite "hosted" ("h/\u{A}b"): the title holds the control character U+000A"#),
      (["h/\u{1B}[31mred"], "the title holds the control character U+001B"),
      (["h/x,y", "h/z"], #"benchmark 1 of suite "hosted" ("h/x,y"): the title holds a comma"#),
      (["!h"], "the title starts with !"),
      (["h/a", ""], "benchmark 2 of suite \"hosted\" (\"\"): the title is empty"),
      (["h/a "], "starts or ends with a space"),
      (["h/\u{2028}"], "U+2028"),
    ])
  func refusedSuites(titles: [String], message: String) {
    let tool = Self.hosted(titles)
    for arguments in [["list"], ["run", "--quick", "--processes", "0", "--no-compare"]] {
      let run = runTool(tool, arguments)
      #expect(run.status == 1, "\(arguments): \(run.standardError)")
      #expect(run.standardError.contains("the suite cannot be run: "), "\(arguments)")
      #expect(run.standardError.contains(message), "\(arguments): \(run.standardError)")
      #expect(!run.standardError.dropLast().contains("\n"), "one line: \(run.standardError)")
    }
    // A program that drives the runner itself gets the same check.
    #expect(throws: SuiteError.self) {
      try BenchmarkSuite(name: "hosted", benchmarks: { titles.map { Benchmark($0, operations: 1) { {} } } })
        .validatedBenchmarks(seed: 1)
    }
  }

  @Test("2: titles of every other kind are accepted: slashes, spaces inside, =, non-ASCII letters")
  func acceptedTitles() throws {
    let titles = ["h/a b", "h/seed=1/x", "h/ü-ß", "h/日本"]
    let run = runTool(Self.hosted(titles), ["list"])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput.contains("4 groups"))
    let benchmarks = try BenchmarkSuite(
      name: "ok", benchmarks: { titles.map { Benchmark($0, operations: 1) { {} } } }
    ).validatedBenchmarks(seed: 1)
    #expect(benchmarks.map(\.title) == titles)
  }

  // MARK: 3: selections that never drop a name

  @Test("3: run --only split/book,split/bok exits 64 naming split/bok and the nearest titles; nothing is measured")
  func onlyRefusesUnknownNames() {
    let run = runTool(["run", "--only", "split/book,split/bok", "--quick", "--processes", "0", "--no-compare"])
    #expect(run.status == 64)
    #expect(run.standardError.contains(#"--only: "split/bok" is not the title of any group; nearest: "split/book""#))
    #expect(run.standardOutput.isEmpty)
  }

  @Test("3: a --filter part that is in no title exits 64 (list, run, check, ab and bisect), naming the part")
  func filterRefusesUnmatchedParts() {
    for arguments in [
      ["list", "--filter", "split/book,zzz"], ["run", "--filter", "book,!zzz", "--no-compare"],
      ["check", "--filter", "zzz"], ["ab", "HEAD~1", "--filter", "split/bok"],
      ["bisect", "HEAD~1", "HEAD", "--filter", "split/bok"],
    ] {
      let run = runTool(arguments)
      #expect(run.status == 64, "\(arguments): \(run.standardError)")
      #expect(run.standardError.contains("--filter: \""), "\(arguments): \(run.standardError)")
      // ab and bisect refuse before any build: nothing about building was said.
      #expect(!run.standardError.contains("building"), "\(arguments)")
    }
  }

  // MARK: 4: outputs recognised by what they are

  @Test(
    "4: --output at a link to /proc/self/fd/1, or at //dev/./stdout, with >> redirection keeps the earlier content",
    .enabled(if: toolIsBuilt, "the tool is built beside the tests"))
  func standardOutputByInode() throws {
    let folder = ReliabilityTests.Folder()
    let baseline = ReliabilityTests.baseline
    let script = """
      echo earlier > log
      ln -s /proc/self/fd/1 link
      "$TOOL" export --format google-benchmark '\(baseline)' --output link >> log || exit 9
      "$TOOL" export --format google-benchmark '\(baseline)' --output //dev/./stdout >> log || exit 9
      test -L link || exit 8
      """
    let run = try shell(script, in: folder.path)
    #expect(run.status == 0, "\(run.output)")
    let log = try String(contentsOfFile: folder("log"), encoding: .utf8)
    #expect(log.hasPrefix("earlier\n{"))
    // Both exports appended, neither replaced the file.
    #expect(log.components(separatedBy: "\"benchmarks\"").count == 3)
  }

  // MARK: 5: temporaries registered from the start, stale ones removed

  @Test("5: the next writer into a folder removes the temporaries of a dead writer, and only those")
  func staleTemporariesRemoved() throws {
    let folder = ReliabilityTests.Folder()
    // A PID above Linux's largest possible one (2^22) names no process.
    let dead = Int(4_194_304) + 17
    let names = [
      ".latest.json.\(dead).k3j2h1.tmp", ".report.\(dead).zz9.tmp", ".latest.json.\(getpid()).abc.tmp",
      ".notes.tmp", ".a.\(dead).UPPER.tmp", "latest.json.\(dead).abc.tmp",
    ]
    for name in names { #expect(FileManager.default.createFile(atPath: folder(name), contents: Data("x".utf8))) }
    try FileManager.default.removeItem(atPath: folder(names[1]))
    try FileManager.default.createDirectory(atPath: folder(names[1]), withIntermediateDirectories: false)
    #expect(FileManager.default.createFile(atPath: folder(names[1]) + "/index.html", contents: Data()))
    let run = runTool(["merge", ReliabilityTests.baseline, "--output", folder("merged.json")])
    #expect(run.status == 0, "\(run.standardError)")
    let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
    // The dead writer's file and folder are gone; a live process's, and names of other patterns, stay.
    #expect(left == Set(names.dropFirst(2) + ["merged.json"]))
  }

  @Test(
    "5: SIGINT 5–60 ms into bisect leaves nothing in the temporary folder (git's output file is registered)",
    .enabled(if: toolIsBuilt, "the tool is built beside the tests"),
    .disabled(if: underSanitizer, "a sanitizer's build is too slow to interrupt in time"))
  func earlyInterruptLeavesNoTemporary() throws {
    for attempt in 0..<6 {
      let temporary = ReliabilityTests.Folder()
      let process = Process()
      process.executableURL = URL(fileURLWithPath: CrashSafetyTests.tool)
      process.arguments = ["bisect", "HEAD~1", "HEAD", "--quiet"]
      process.currentDirectoryURL = URL(fileURLWithPath: Self.root)
      process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporary.path]) { $1 }
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      usleep(useconds_t(5_000 + attempt * 11_000))
      kill(process.processIdentifier, SIGINT)
      process.waitUntilExit()
      let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
      #expect(left.isEmpty, "attempt \(attempt), exit \(process.terminationStatus): \(left)")
    }
  }

  // MARK: 6, 8: report folders

  @Test(
    "6: four report writers racing into one new folder all succeed, and the folder holds one report",
    .enabled(if: toolIsBuilt, "the tool is built beside the tests"))
  func concurrentReportWriters() throws {
    let folder = ReliabilityTests.Folder()
    for _ in 0..<3 {
      try? FileManager.default.removeItem(atPath: folder("crep"))
      let writers = try (1...4).map { _ in
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CrashSafetyTests.tool)
        process.arguments = ["report", ReliabilityTests.baseline, "--out", folder("crep"), "--no-measure"]
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        return (process, errors)
      }
      for (process, errors) in writers {
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(message)")
      }
      #expect(
        Set(try FileManager.default.contentsOfDirectory(atPath: folder("crep")))
          == ["index.html", "summary.md", "groups.csv", "run.json"])
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["crep"])
  }

  @Test(
    "8: report --out . inside a report folder replaces its files and keeps the folder (the shell's working one)",
    .enabled(if: toolIsBuilt, "the tool is built beside the tests"))
  func reportIntoWorkingFolder() throws {
    let folder = ReliabilityTests.Folder()
    let baseline = ReliabilityTests.baseline
    let first = try shell("\"$TOOL\" report '\(baseline)' --out rep/ --no-measure", in: folder.path)
    #expect(first.status == 0, "\(first.output)")
    #expect(first.output.contains("report written to rep/index.html"), "\(first.output)")
    var before = stat()
    stat(folder("rep"), &before)
    try "stale".write(toFile: folder("rep/summary.md"), atomically: false, encoding: .utf8)
    let again = try shell("\"$TOOL\" report '\(baseline)' --out . --no-measure && ls -a", in: folder("rep"))
    #expect(again.status == 0, "\(again.output)")
    #expect(again.output.contains("report written to ./index.html"))
    var after = stat()
    stat(folder("rep"), &after)
    #expect(after.st_ino == before.st_ino)
    #expect(try String(contentsOfFile: folder("rep/summary.md"), encoding: .utf8) != "stale")
    #expect(
      Set(try FileManager.default.contentsOfDirectory(atPath: folder("rep")))
        == ["index.html", "summary.md", "groups.csv", "run.json"])
  }

  // MARK: 7: error paths keep every index

  @Test(
    "7: a document truncated inside the ninth anchor or region names its index",
    arguments: [
      (
        #"{"container": {"x": 0, "y": 0, "width": 1, "height": 1}, "divider": {"position": {"absolute": 1}, "anchors": ["#
          + String(repeating: #"{"absolute": 1}, "#, count: 8) + #"{"absolute": "#,
        "$.divider.anchors[8].absolute"
      ),
      (
        #"{"container": {"x": 0, "y": 0, "width": 1, "height": 1}, "regions": ["#
          + String(
            repeating: #"{"id": 1, "kind": "division", "frame": {"x": 0, "y": 0, "width": 0, "height": 1}}, "#,
            count: 9) + #"{"id": "#,
        "$.regions[9].id"
      ),
    ])
  func truncatedPastCapacity(document: String, path: String) {
    let run = runTool(["solve", "-"], input: document)
    #expect(run.status == 2)
    #expect(run.standardError.contains("\(path): "), "\(run.standardError)")
  }

  // MARK: 8: ab and bisect name uncommitted changes

  @Test(
    "8: ab and bisect say that uncommitted changes are not measured",
    .enabled(if: toolIsBuilt, "the tool is built beside the tests"))
  func uncommittedChangesNamed() throws {
    let folder = ReliabilityTests.Folder()
    let setUp = """
      git init -q . && git -c user.email=t@t -c user.name=t commit -q --allow-empty -m one &&
      echo a > tracked && git add tracked && git -c user.email=t@t -c user.name=t commit -q -m two &&
      echo b > tracked
      """
    #expect(try shell(setUp, in: folder.path).status == 0)
    // Both refs are commits; the runs then fail on the build (this repository holds no package).
    for command in ["ab HEAD~1 HEAD", "bisect HEAD~1 HEAD"] {
      let run = try shell("\"$TOOL\" \(command)", in: folder.path)
      #expect(run.output.contains("the work tree has uncommitted changes in 1 file(s)"), "\(command): \(run.output)")
      #expect(run.status != 0, "\(command): \(run.output)")
    }
    // A mistyped ref is said alone.
    let mistyped = try shell("\"$TOOL\" ab no-such-ref", in: folder.path)
    #expect(mistyped.status == 64)
    #expect(!mistyped.output.contains("uncommitted"), "\(mistyped.output)")
  }
}
