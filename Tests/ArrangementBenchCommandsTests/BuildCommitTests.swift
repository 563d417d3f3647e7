import BenchmarkCommands
import BenchmarkRunner
import Foundation
import Testing

/// The git on PATH, if any.
private let gitOnPath = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
  .map { "\($0)/git" }.contains { FileManager.default.isExecutableFile(atPath: $0) }

/// Issue 39: `--version` names the commit a tool was built from when it was built from a clone.
@Suite("--version and the commit of the build's checkout")
struct BuildCommitTests {
  /// `tool --version`, run in-process, and what it printed.
  func version(of tool: BenchmarkTool) -> (Int32, String) {
    final class Capture: @unchecked Sendable { var output = "" }
    let capture = Capture()
    let terminal = Terminal(write: { capture.output += $0 }, report: { _ in }, readStandardInput: { _ in [] })
    return (tool.main(["--version"], terminal: terminal), capture.output)
  }

  func tool(source: String) -> BenchmarkTool {
    BenchmarkTool(
      name: "notes-bench", version: "1.0.0", summary: "s",
      suite: BenchmarkSuite(name: "n", benchmarks: { [Benchmark("one", operations: 1) { { blackHole(1) } }] }),
      sourceFile: source)
  }

  @Test("Outside a checkout (a copy without .git, a folder since removed) the version alone")
  func outside() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plain \(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("let x = 1\n".utf8).write(to: folder.appendingPathComponent("main.swift"))
    #expect(version(of: tool(source: folder.appendingPathComponent("main.swift").path)) == (0, "notes-bench 1.0.0\n"))
    #expect(version(of: tool(source: "/nonexistent/folder/main.swift")) == (0, "notes-bench 1.0.0\n"))
    #expect(version(of: tool(source: "")) == (0, "notes-bench 1.0.0\n"))
  }

  @Test(
    "In a checkout: its commit; with changes, said; a checkout that moved after the build, said rather than hidden",
    .enabled(if: gitOnPath, "needs git on PATH"))
  func checkout() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("a checkout \(UUID().uuidString)")
    let sources = folder.appendingPathComponent("Sources/tool")
    try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = sources.appendingPathComponent("main.swift")
    try Data("let x = 1\n".utf8).write(to: source)
    func git(_ arguments: [String]) -> Int32 {
      ChildProcess.run(
        ["git", "-C", folder.path, "-c", "user.name=t", "-c", "user.email=t@example.com"] + arguments)
    }
    #expect(git(["init", "-q"]) == 0 && git(["add", "."]) == 0 && git(["commit", "-q", "-m", "one"]) == 0)
    let head = try #require(ChildProcess.output(["git", "-C", folder.path, "rev-parse", "--short=12", "HEAD"]))
      .trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(head.count == 12)
    // The executable, written after the commit, as a build would.
    let executable = folder.appendingPathComponent("built").path
    #expect(FileManager.default.createFile(atPath: executable, contents: Data()))
    #expect(BuildCommit.describe(source: source.path, executable: executable) == "commit \(head)")
    #expect(BuildCommit.describe(source: source.path, executable: nil) == "commit \(head)")
    // An untracked file is not a change of the build's sources; an edit of a tracked one is.
    try Data("x".utf8).write(to: folder.appendingPathComponent("untracked.txt"))
    #expect(BuildCommit.describe(source: source.path, executable: executable) == "commit \(head)")
    try Data("let x = 2\n".utf8).write(to: source)
    #expect(
      BuildCommit.describe(source: source.path, executable: executable) == "commit \(head) with uncommitted changes")
    // Built an hour before the checkout last moved: the commit it names now is not the build's.
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: executable)
    #expect(
      BuildCommit.describe(source: source.path, executable: executable)
        == "commit unknown: its checkout moved to \(head) after this build")
    // The tool prints the same, after its version.
    let (status, output) = version(of: tool(source: source.path))
    #expect(status == 0 && output.hasPrefix("notes-bench 1.0.0 (commit "), "\(output)")
  }
}
