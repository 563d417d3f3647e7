import BenchmarkRunner
import Foundation
import Testing

/// Issue 39, item 2: a new package made from docs/HOSTING.md's lines alone, beside a
/// copy of this repository in a folder of another name, builds and runs the solver
/// example and a suite of its own. The package's files are the page's `swift PATH`
/// blocks, so the page and the test cannot drift.
@Suite("A package made from docs/HOSTING.md's blocks alone")
struct HostingTests {
  static let document = Document(
    path: "docs/HOSTING.md",
    text: (try? String(contentsOf: repositoryRoot.appendingPathComponent("docs/HOSTING.md"), encoding: .utf8)) ?? "")

  /// The package's files: each `swift PATH` block, at PATH.
  static var files: [(path: String, text: String)] {
    document.blocks.filter { $0.language == "swift" && $0.info.count == 2 }.map { ($0.info[1], $0.text + "\n") }
  }

  /// The folder the manifest's path dependency names (`../arrangement`: `arrangement`).
  static func dependencyFolder(_ manifest: String) -> String? {
    manifest.firstMatch(of: #/\.package\(name: "arrangement-bench", path: "\.\./([^"/]+)"\)/#).map { String($0.1) }
  }

  @Test("The page's blocks are a whole package whose dependency is a clone under a folder of another name")
  func blocks() throws {
    #expect(
      Self.files.map(\.path) == ["Package.swift", "Sources/panes-layout/main.swift", "Sources/panes-bench/main.swift"])
    let manifest = try #require(Self.files.first { $0.path == "Package.swift" }?.text)
    let folder = try #require(
      Self.dependencyFolder(manifest), "no `.package(name: \"arrangement-bench\", path: \"../…\")`")
    // Otherwise `name:` would not be what makes the products resolve.
    #expect(folder != "arrangement-bench")
    #expect(manifest.contains("package: \"arrangement-bench\""))
  }

  /// Copies what SwiftPM reads of this package (no .build) into `folder`.
  static func copyRepository(to folder: URL) throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for entry in ["Package.swift", "Sources", "Benchmarks", "Tests"] {
      try FileManager.default.copyItem(
        at: repositoryRoot.appendingPathComponent(entry), to: folder.appendingPathComponent(entry))
    }
  }

  static func write(_ files: [(path: String, text: String)], into folder: URL) throws {
    for file in files {
      let url = folder.appendingPathComponent(file.path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(file.text.utf8).write(to: url)
    }
  }

  /// Builds from scratch (its own copy and .build): about 2 minutes on 2 cores, as Examples/HostedSuite's
  /// first build. It cannot share that build: SwiftPM compiles a dependency with its identity, the
  /// folder's name, as the package name, so a dependency under another folder is another build.
  @Test(
    "Built beside a copy of this repository in a folder of another name, it solves and runs its own suite",
    .enabled(if: swiftOnPath != nil, "needs swift on PATH to build the package"),
    .disabled(if: underSanitizer, "about building and linking a package, not memory or threads"),
    .timeLimit(.minutes(20)))
  func buildAndRun() throws {
    let files = Self.files
    let manifest = try #require(files.first { $0.path == "Package.swift" }?.text)
    let dependency = try #require(Self.dependencyFolder(manifest))
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("hosting-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    try Self.copyRepository(to: root.appendingPathComponent(dependency))
    let package = root.appendingPathComponent("Panes")
    try Self.write(files, into: package)

    // Without `name:`, the package is its folder's name and the products' `package:` fails, as the page says.
    let unnamed = root.appendingPathComponent("Unnamed")
    try Self.write(
      files.map { file in
        (
          file.path,
          file.path == "Package.swift"
            ? file.text.replacingOccurrences(of: "name: \"arrangement-bench\", ", with: "") : file.text
        )
      }, into: unnamed)
    let refused = try runExecutable(
      swiftOnPath!,
      ["package", "--scratch-path", root.appendingPathComponent("unnamed-scratch").path, "show-dependencies"],
      in: unnamed.path, limit: 300)
    #expect(
      (refused.standardOutput + refused.standardError).contains(
        "unknown package 'arrangement-bench' in dependencies of target 'panes-layout'; valid packages are: '\(dependency)'"
      ),
      "\(refused.standardError)")

    let started = Date()
    let build = try runExecutable(swiftOnPath!, ["build"], in: package.path, limit: 1200)
    try #require(build.status == 0, "swift build failed:\n\(build.standardOutput.suffix(3000))\(build.standardError)")
    print("docs/HOSTING.md's package built in \(Int(Date().timeIntervalSince(started).rounded())) s")
    #expect(!(build.standardOutput + build.standardError).contains("warning:"), "\(build.standardOutput)")
    let binaries = package.appendingPathComponent(".build/debug").path

    // The solver example prints what the page's text block after it says.
    let layout = try runExecutable("\(binaries)/panes-layout", [], in: package.path)
    let blocks = Self.document.blocks
    let example = try #require(blocks.firstIndex { $0.info == ["swift", "Sources/panes-layout/main.swift"] })
    #expect(layout.status == 0)
    #expect(blocks[example + 1].language == "text" && layout.standardOutput == blocks[example + 1].text + "\n")
    #expect(layout.standardOutput.hasPrefix("primary Rect(x: 0.0, y: 0.0, width: 475.0, height: 760.0)\n"))

    // Its suite, with the runner's commands, in a folder of its own (results/ is made there).
    let work = root.appendingPathComponent("work")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    func bench(_ arguments: [String]) throws -> ToolRun {
      try runExecutable(
        "\(binaries)/panes-bench", arguments, in: work.path,
        environment: ["ARRANGEMENT_BENCH_TESTING_DEBUG_BASELINE": "1"], limit: 300)
    }
    // Outside any git checkout: the version alone.
    #expect(try bench(["--version"]).standardOutput == "panes-bench 1.0.0\n")
    let titles = ["panes/floor", "panes/resize", "panes/plan"]
    let list = try bench(["list"])
    #expect(list.standardOutput.split(separator: "\n").dropLast().map { String($0.prefix { $0 != " " }) } == titles)

    let run = try bench(["run", "--quick", "--no-compare", "--processes", "2", "--output", "run.json"])
    #expect(run.status == 0, "\(run.standardError)")
    let result = try RunResult.load(from: work.appendingPathComponent("run.json").path)
    #expect(result.suite == "panes" && result.groups.map(\.title) == titles)
    #expect(result.groups.map(\.reference) == [nil, "panes/floor", "panes/floor"])

    let update = try bench(["baseline", "update", "--quick", "--processes", "0", "--name", "main", "--quiet"])
    #expect(update.status == 0, "\(update.standardError)")
    let check = try bench([
      "check", "--quick", "--processes", "0", "--baseline-name", "main", "--metrics", "allocations",
    ])
    #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
    // The suite's thresholds, shown beside the verdicts.
    let compare = try bench(["compare", "--baseline-name", "main", "run.json", "--metrics", "allocations"])
    #expect(compare.status == 0, "\(compare.standardOutput)")
    #expect(compare.standardOutput.contains("advisory") && compare.standardOutput.contains("time 15%"))

    // The report: the reference left out and named, the other groups in the table; no chart to measure.
    #expect(!(try bench(["report", "--help"]).standardOutput.contains("--no-measure")))
    let report = try bench(["report", "run.json", "--out", "report"])
    #expect(report.status == 0, "\(report.standardError)")
    let html = try String(contentsOf: work.appendingPathComponent("report/index.html"), encoding: .utf8)
    #expect(html.contains("<td>panes/resize</td>") && html.contains("<td>panes/plan</td>"))
    #expect(!html.contains("<td>panes/floor</td>") && html.contains("panes/floor is left out"))
    #expect(!html.contains("least work") && !html.contains("solve"))

    // History: recorded, then shown.
    #expect(try bench(["history", "record", "run.json"]).status == 0)
    let show = try bench(["history", "show", "panes/plan"])
    #expect(
      show.status == 0 && show.standardOutput.contains("panes/plan"), "\(show.standardOutput)\(show.standardError)")
  }
}
