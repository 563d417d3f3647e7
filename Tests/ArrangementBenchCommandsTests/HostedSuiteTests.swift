import BenchmarkRunner
import Foundation
import Testing

/// The `swift` on PATH, if any.
let swiftOnPath: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
  .map { "\($0)/swift" }.first { FileManager.default.isExecutableFile(atPath: $0) }

let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

@Suite("A package that hosts its own suite (Examples/HostedSuite)")
struct HostedSuiteTests {
  static let package = repositoryRoot.appendingPathComponent("Examples/HostedSuite")

  /// Builds the example in its own folder (its own .build, nothing shared with this
  /// package's): about 2 minutes on 2 cores the first time, seconds once built.
  @Test(
    "It builds against this package by path, solves with the solver alone, and runs the runner's commands on its suite",
    .enabled(if: swiftOnPath != nil, "needs swift on PATH to build the example"),
    .disabled(if: underSanitizer, "about building and linking a package, not memory or threads"),
    .timeLimit(.minutes(20)))
  func buildAndRun() throws {
    let started = Date()
    let build = try runExecutable(swiftOnPath!, ["build"], in: Self.package.path, limit: 1200)
    try #require(build.status == 0, "swift build failed:\n\(build.standardOutput.suffix(3000))\(build.standardError)")
    print("Examples/HostedSuite built in \(Int(Date().timeIntervalSince(started).rounded())) s")
    let binaries = Self.package.appendingPathComponent(".build/debug").path

    // The solver alone, with nothing else that links libm.
    let layout = try runExecutable("\(binaries)/notes-layout", ["1024", "768"], in: Self.package.path)
    #expect(layout.status == 0)
    #expect(layout.standardOutput.hasPrefix("list Rect(x: 0.0, y: 0.0, width: 341.3"), "\(layout.standardOutput)")

    // The runner's commands, on the notes suite, in a folder of their own (results/ is made there).
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hosted-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let tool = "\(binaries)/notes-bench"
    func bench(_ arguments: [String]) throws -> ToolRun {
      try runExecutable(
        tool, arguments, in: folder.path, environment: ["ARRANGEMENT_BENCH_TESTING_DEBUG_BASELINE": "1"], limit: 300)
    }
    let titles = ["notes/resize", "notes/resize/plan", "notes/resize/batch"]

    // Its sources lie in this checkout: the commit follows the version where it is a git one (BuildCommitTests).
    #expect(try bench(["--version"]).standardOutput.hasPrefix("notes-bench 1.0.0"))
    let list = try bench(["list"])
    #expect(list.standardOutput.split(separator: "\n").dropLast().map { String($0.prefix { $0 != " " }) } == titles)

    // Measured in worker processes: the example's own executable, re-run in its worker mode.
    let run = try bench(["run", "--quick", "--no-compare", "--processes", "2", "--output", "run.json"])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardError.contains("process 2/2: 3 group(s)\n  [1/3] notes/resize\n"))
    let result = try RunResult.load(from: folder.appendingPathComponent("run.json").path)
    #expect(result.suite == "notes")
    #expect(result.groups.map(\.title) == titles)
    // A process whose every sample was taken beside a contended core's probe is left out (QuietCore).
    #expect(result.groups.allSatisfy { (1...2).contains($0.processes) })

    // A named baseline, read by check and compare.
    let update = try bench(["baseline", "update", "--quick", "--processes", "0", "--name", "smoke", "--quiet"])
    #expect(update.status == 0, "\(update.standardError)")
    #expect(update.standardOutput.hasSuffix("baseline written to results/baselines/smoke.json\n"))
    let check = try bench([
      "check", "--quick", "--processes", "0", "--baseline-name", "smoke", "--metrics", "allocations", "--output",
      "check.json",
    ])
    #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
    let compare = try bench(["compare", "--baseline-name", "smoke", "run.json", "--metrics", "allocations"])
    #expect(compare.status == 0, "\(compare.standardOutput)")
    #expect(compare.standardOutput.contains("notes/resize/batch"))
    #expect(try bench(["compare", "--baseline-name", "other", "run.json"]).status == 5)

    // The report draws the suite's own chart.
    let report = try bench(["report", "run.json", "--out", "report"])
    #expect(report.status == 0, "\(report.standardError)")
    let reported = try RunResult.load(from: folder.appendingPathComponent("report/run.json").path)
    #expect(reported.series?.map(\.title) == ["width/notes"])

    // What the suite does not have, the tool does not offer.
    #expect(try bench(["run", "--seed", "3"]).status == 64)
    #expect(try bench(["solve"]).status == 64)
  }
}
