import ArrangementBenchCommands
import BenchmarkRunner
import Foundation
import Testing

@Suite("bisect's command line, and history's bisect hint")
struct BisectCommandTests {
  @Test("Missing or extra commits, a bad --metric, bad refs and --json with --markdown are usage errors (64)")
  func usage() {
    let cases: [([String], String)] = [
      (["bisect"], "bisect needs GOOD and BAD"),
      (["bisect", "HEAD"], "bisect needs GOOD and BAD"),
      (["bisect", "a", "b", "c"], "unexpected argument \"c\""),
      (
        ["bisect", "HEAD~1", "HEAD", "--metric", "speed"],
        "--metric: \"speed\" is not instructions, time, cycles, l1-misses, ll-misses, branches or mispredictions"
      ),
      (["bisect", "HEAD~1", "HEAD", "--metric"], "--metric needs a value"),
      (["bisect", "HEAD~1", "HEAD", "--json", "--markdown"], "--json excludes --markdown"),
      (["bisect", "HEAD~1", "HEAD", "--rounds", "0"], "--rounds"),
      (["bisect", "HEAD~1", "HEAD", "--processes", "2"], "does not apply to bisect"),
      (["bisect", "no-such-ref-of-this-repository", "HEAD"], "\"no-such-ref-of-this-repository\" is not a commit"),
      (["bisect", "HEAD", "HEAD"], "GOOD and BAD are the same commit"),
    ]
    for (arguments, message) in cases {
      let run = runTool(arguments)
      #expect(run.status == 64, "\(arguments)")
      #expect(run.standardError.hasPrefix("arrangement-bench: "), "\(arguments)")
      #expect(run.standardError.contains(message), "\(arguments): \(run.standardError)")
      #expect(run.standardOutput.isEmpty, "\(arguments)")
    }
  }

  @Test("GOOD after BAD is refused: the search goes forward from GOOD", .enabled(if: firstParents(2).count == 2))
  func reversed() {
    let run = runTool(["bisect", "HEAD", "HEAD~1"])
    #expect(run.status == 64)
    #expect(run.standardError.contains("is not an ancestor of BAD"), "\(run.standardError)")
  }

  @Test("--help shows GOOD BAD, the metrics and the statuses; the tool's help lists bisect")
  func help() {
    let help = runTool(["bisect", "--help"])
    #expect(help.status == 0)
    #expect(help.standardOutput.hasPrefix("USAGE: arrangement-bench bisect GOOD BAD [options]\n"))
    for text in [
      "--metric METRIC", "instructions (exact counts under callgrind", "--filter LIST",
      "  3   inconclusive", "  64  usage",
    ] {
      #expect(help.standardOutput.contains(text), "\(text)")
    }
    #expect(runTool(["--help"]).standardOutput.contains("  bisect GOOD BAD "))
  }

  @Test(
    "history changes prints the bisect command for a change with commits between it and the entry before, not for adjacent ones",
    .enabled(if: firstParents(6).count == 6))
  func historyHint() throws {
    let commits = firstParents(6)  // newest first
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bisect-hint-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // Entries at commits 5, 4, 1 and 0 (newest is 0): the count changes at 1 (2 commits without an entry before it) and at 0.
    for (minute, (index, instructions)) in [(5, 665.0), (4, 665), (1, 666), (0, 667)].enumerated() {
      var result = RunResult(
        suite: "default", settings: .quick,
        groups: [
          GroupResult(merging: [
            ProcessMeasurement(
              title: "split/book", operations: 10, samples: [100, 101, 99, 100], allocationsPerRun: 0, bytesPerRun: 0,
              instructionsPerOperation: instructions)
          ])
        ], commit: commits[index])
      result.date = String(format: "2026-11-01T00:%02d:00Z", minute)
      let path = folder.appendingPathComponent("run.json").path
      try result.write(to: path)
      #expect(runTool(["history", "record", path, "--history", folder.appendingPathComponent("h").path]).status == 0)
    }
    let changes = runTool(["history", "changes", "--history", folder.appendingPathComponent("h").path])
    #expect(changes.status == 0)
    let lines = changes.standardOutput.split(separator: "\n").map(String.init)
    let step = try #require(lines.firstIndex { $0.hasPrefix("split/book: instructions step at \(commits[1])") })
    #expect(
      lines[step + 1]
        == "  2 commit(s) between without an entry: arrangement-bench bisect \(commits[4].prefix(12)) \(commits[1].prefix(12)) --filter split/book --metric instructions"
    )
    let adjacent = try #require(lines.firstIndex { $0.hasPrefix("split/book: instructions step at \(commits[0])") })
    #expect(!(lines.indices.contains(adjacent + 1) && lines[adjacent + 1].contains("bisect")))
    #expect(lines.filter { $0.contains(" bisect ") }.count == 1)
  }
}

/// The newest `count` first-parent commits of this checkout, newest first (fewer outside a git checkout).
func firstParents(_ count: Int) -> [String] {
  (ChildProcess.output(["git", "rev-list", "--first-parent", "-n", String(count), "HEAD"]) ?? "")
    .split(separator: "\n").map(String.init)
}
