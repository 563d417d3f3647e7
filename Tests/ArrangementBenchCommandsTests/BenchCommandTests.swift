import ArrangementBenchCommands
import BenchmarkRunner
import Foundation
import Testing

@Suite("The benchmark subcommands' interface: exit statuses and errors")
struct BenchCommandTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-command-tests-\(UUID().uuidString)")

  func file(_ name: String, _ text: String? = nil) -> String {
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent(name).path
    if let text { _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) }
    return path
  }

  func stored(_ result: RunResult, _ name: String) throws -> String {
    let path = file(name)
    try result.write(to: path)
    return path
  }

  func result(_ title: String, _ center: Double, allocations: Int) -> RunResult {
    var state: UInt64 = UInt64(center)
    let samples = (0..<40).map { _ -> Double in
      state = state &* 6_364_136_223_846_793_005 &+ 1
      return center * (1 + 0.02 * (Double(state >> 11) / Double(1 << 53) - 0.5))
    }
    // Four processes of ten samples: one process gives no interval (issue 41, item 4).
    return RunResult(
      suite: "default", settings: .quick,
      groups: [
        GroupResult(
          merging: stride(from: 0, to: 40, by: 10).map { start in
            ProcessMeasurement(
              title: title, operations: 1, samples: Array(samples[start..<start + 10]), allocationsPerRun: allocations,
              bytesPerRun: 0, instructionsPerOperation: nil)
          })
      ], commit: "test")
  }

  @Test("compare exits 0 for the same results, 2 for an allocation regression, 4 for an improvement")
  func compareStatuses() throws {
    let base = try stored(result("split/book", 50, allocations: 0), "base.json")
    let same = try stored(result("split/book", 50.2, allocations: 0), "same.json")
    let allocates = try stored(result("split/book", 50, allocations: 1), "allocates.json")
    let faster = try stored(result("split/book", 30, allocations: 0), "faster.json")
    #expect(runTool(["compare", base, same]).status == 0)
    let regression = runTool(["compare", base, allocates, "--markdown"])
    #expect(regression.status == 2)
    #expect(regression.standardOutput.contains("| split/book |"))
    #expect(regression.standardOutput.contains("regression (allocations)"))
    #expect(runTool(["compare", base, allocates, "--metrics", "time"]).status == 0)
    #expect(runTool(["compare", base, faster]).status == 4)
  }

  @Test(
    "41.2: a baseline rescaled as if recorded on this kind of host 25 % faster or 35 % slower: judged, widened, exit 0",
    arguments: [0.75, 1.35])
  func hostState(_ speed: Double) throws {
    func calibrated(_ run: RunResult, _ speed: Double) -> RunResult {
      var copy = run
      copy.calibration = Calibration(
        cpuNanoseconds: [0.90, 0.91, 0.90, 0.92].map { $0 * speed },
        memoryNanoseconds: [81, 80, 80, 82].map { $0 * speed })
      return copy
    }
    let here = try stored(calibrated(result("split/book", 50, allocations: 0), 1), "here.json")
    let there = try stored(calibrated(result("split/book", 50 * speed, allocations: 0), speed), "there.json")
    let run = runTool(["compare", there, here])
    #expect(run.status == 0, "\(run.standardOutput)")
    #expect(run.standardOutput.hasPrefix("host state against the baseline: the latency loop ×"))
    #expect(run.unfoldedOutput.contains("; time thresholds widened by ±"))
    let row = run.standardOutput.split(separator: "\n").first { $0.hasPrefix("split/book ") } ?? ""
    #expect(row.hasSuffix(" same"), "\(row)")
    #expect(run.standardOutput.contains("verdict: no regression: allocations judged; time judged with ±"))
    #expect(!run.standardOutput.contains("--compare-times-across-hosts"))
    // At the group's own threshold the same files are a regression, or an improvement.
    #expect(runTool(["compare", there, here, "--ignore-host-state"]).status == (speed < 1 ? 2 : 4))
    // An exact metric still gates.
    let allocating = try stored(calibrated(result("split/book", 50, allocations: 1), 1), "allocating.json")
    #expect(runTool(["compare", there, allocating]).status == 2)
  }

  @Test("41.4, 41.5: --metrics time against another kind of host exits 6, not 0 or 2; another clock, even when forced")
  func otherHost() throws {
    var elsewhere = result("split/book", 50, allocations: 0)
    elsewhere.machine.cpuModel = "Another CPU"
    let there = try stored(elsewhere, "elsewhere.json")
    let here = try stored(result("split/book", 70, allocations: 0), "here.json")
    let shown = runTool(["compare", there, here])
    #expect(shown.status == 0)
    #expect(shown.standardOutput.hasPrefix("baseline recorded on another kind of host (Another CPU"))
    #expect(shown.standardOutput.contains("verdict: no regression: allocations judged; time not judged: baseline"))
    #expect(shown.standardOutput.contains("--compare-times-across-hosts"))
    let time = runTool(["compare", there, here, "--metrics", "time"])
    #expect(time.status == 6, "\(time.standardOutput)")
    #expect(
      time.standardOutput.contains(
        "verdict: NOT JUDGED: time not judged for any group: baseline recorded on another kind"))
    #expect(runTool(["compare", there, here, "--metrics", "time", "--compare-times-across-hosts"]).status == 2)
    var wall = result("split/book", 50, allocations: 0)
    wall.clock = nil
    let clock = try stored(wall, "wall.json")
    let forced = runTool(["compare", clock, here, "--metrics", "time", "--compare-times-across-hosts"])
    #expect(forced.status == 6)
    #expect(forced.standardOutput.hasPrefix("baseline timed in wall time, this run in \(SampleClock.name)"))
  }

  @Test("41.4: a result of 1 group against a baseline of 3: status 6, naming them; --filter selects on purpose")
  func missingGroups() throws {
    var baseline = result("a", 50, allocations: 0)
    baseline.groups += result("b", 20, allocations: 0).groups + result("c", 10, allocations: 0).groups
    let base = try stored(baseline, "three.json")
    let one = try stored(result("a", 50.2, allocations: 0), "one.json")
    let whole = runTool(["compare", base, one])
    #expect(whole.status == 6)
    #expect(whole.unfoldedOutput.contains("2 group(s) of the baseline missing from a run of the whole suite (b, c)"))
    #expect(runTool(["compare", base, one, "--filter", "a"]).status == 0)
  }

  @Test("compare --json prints one JSON document with the table's content and the same status")
  func compareJSON() throws {
    let base = try stored(result("split/book", 50, allocations: 0), "base.json")
    let allocates = try stored(result("split/book", 50, allocations: 1), "allocates.json")
    let run = runTool(["compare", base, allocates, "--json"])
    #expect(run.status == 2)
    let document = try JSONDecoder().decode(ComparisonDocument.self, from: Data(run.standardOutput.utf8))
    #expect(document.verdict == .regression)
    #expect(document.groups.count == 1)
    #expect(document.groups[0].title == "split/book" && document.groups[0].allocationsVerdict == .regression)
    #expect(document.groups[0].baselineAllocationsPerRun == 0 && document.groups[0].currentAllocationsPerRun == 1)
    #expect(abs((document.groups[0].baselineMedianNanoseconds ?? 0) - 50) < 1)
    // Standard output is the document alone.
    #expect((try? JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8))) != nil)
  }

  @Test("A missing baseline exits 5; corrupt, truncated or wrong-schema ones exit 1 with the reason")
  func badBaselines() throws {
    let good = try stored(result("a", 10, allocations: 0), "good.json")
    let text = try String(contentsOfFile: good, encoding: .utf8)
    let cases: [(String, Int32, String)] = [
      (file("missing.json"), 5, "no such result file"),
      (file("corrupt.json", "{]"), 1, "not a valid result file"),
      // Cut after a comma, where the reader waits for the next member.
      (
        file("truncated.json", String(text.prefix(through: text.prefix(200).lastIndex(of: ",")!))), 1,
        "unexpected end of input"
      ),
      (file("schema.json", #"{"schemaVersion": 2, "groups": []}"#), 1, "schema version 2"),
    ]
    for (path, status, message) in cases {
      let run = runTool(["compare", path, good])
      #expect(run.status == status, "\(path)")
      #expect(run.standardError.contains(message), "\(run.standardError)")
      #expect(runTool(["baseline", "show", "--baseline", path]).status == status)
    }
  }

  @Test("An unknown filter, a bad shard or a bad option is a usage error: status 64, never 2 (a regression)")
  func badOptions() {
    for arguments in [
      ["list", "--filter", "no-such-group"], ["list", "--shard", "3/2"], ["run", "--processes", "many"],
      ["check", "--metrics", "speed"], ["run", "--frobnicate"], ["compare", "one.json"], ["baseline", "erase"],
      ["ab"], ["ab", "a", "b", "c"], ["ab", "no-such-ref-of-this-repository"], ["ab", "HEAD", "--rounds", "0"],
      ["history", "forget"], ["history", "show"], ["history", "standing", "--last", "none"],
      // Options of other subcommands are refused, not ignored.
      ["compare", "a.json", "b.json", "--processes", "3"], ["merge", "a.json", "--quick"], ["list", "--json"],
      ["report", "--rounds", "2"], ["history", "changes", "--record"],
    ] {
      let run = runTool(arguments)
      #expect(run.status == 64, "\(arguments)")
      #expect(run.standardError.hasPrefix("arrangement-bench: "), "\(arguments)")
    }
  }

  @Test("list names every group of the default suite and the sweep has at least 10,000 scene points")
  func list() {
    let groups = runTool(["list"])
    #expect(groups.status == 0)
    for title in ["split/book", "overlay/tabletop", "split-horizontal/flat", "peers/two-pane-sweep", "regions/query"] {
      #expect(groups.standardOutput.contains(title + "  ("))
    }
    let points = runTool(["list", "--points"])
    let count = points.standardOutput.split(separator: "\n").count - 1
    #expect(count >= 10_000)
    #expect(points.standardOutput.contains("split/book/ratio0.3/w=951,h=669/rtl/camera-on\n"))
    #expect(
      runTool(["list", "--points", "--seed", "7", "--filter", "random"]).standardOutput.contains("random/seed=7/0\n"))
  }

  @Test("run measures in this process with --processes 0 and says when there is no baseline (status 5)")
  func runWithoutBaseline() throws {
    let output = file("run.json")
    let run = runTool([
      "run", "--quick", "--processes", "0", "--filter", "limit/", "--baseline", file("none.json"), "--output", output,
    ])
    #expect(run.status == 5)
    #expect(run.standardOutput.contains("limit/clamp-ratio"))
    #expect(run.standardError.contains("record one with `baseline update`"))
    let stored = try RunResult.load(from: output)
    #expect(stored.groups.map(\.title) == ["limit/clamp-ratio"])
  }

  @Test("merge joins shards, and refuses overlaps, other commits and other hosts, naming the file and the group")
  func merge() throws {
    let a = try stored(result("a", 10, allocations: 0), "shard-a.json")
    let b = try stored(result("b", 20, allocations: 0), "shard-b.json")
    let merged = file("merged.json")
    #expect(runTool(["merge", a, b, "--output", merged]).status == 0)
    #expect(try RunResult.load(from: merged).groups.map(\.title) == ["a", "b"])
    let twice = runTool(["merge", a, b, a, "--output", file("twice.json")])
    #expect(twice.status == 1)
    #expect(
      twice.standardError
        == "arrangement-bench: \(a): group 'a' is also in \(a) (shards overlap, or a file is given twice)\n")
    var later = result("c", 10, allocations: 0)
    later.commit = "other"
    let c = try stored(later, "shard-c.json")
    let commits = runTool(["merge", a, c, "--output", file("commits.json")])
    #expect(commits.status == 1 && commits.standardError.contains("\(c): commit other differs"))
    #expect(runTool(["merge", a, c, "--allow-mixed-commits", "--output", file("commits.json")]).status == 0)
    var elsewhere = result("d", 10, allocations: 0)
    elsewhere.machine.cpuModel = "Another CPU"
    let d = try stored(elsewhere, "shard-d.json")
    let hosts = runTool(["merge", a, d, "--output", file("hosts.json")])
    #expect(hosts.status == 1 && hosts.standardError.contains("\(d): recorded on another kind of host (Another CPU"))
    #expect(runTool(["merge", a, d, "--allow-mixed-hosts", "--output", file("hosts.json")]).status == 0)
    #expect(!FileManager.default.fileExists(atPath: file("twice.json")))
  }
}

@Suite("export and profile")
struct ExportAndProfileCommandTests {
  @Test("export writes both formats from a result file and refuses an unknown format")
  func export() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)")
    let baseline = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("results/baselines/default.json").path
    for format in ["github-action-benchmark", "google-benchmark"] {
      let output = folder.appendingPathComponent("\(format).json").path
      let run = runTool(["export", "--format", format, baseline, "--output", output])
      #expect(run.status == 0)
      let data = try #require(FileManager.default.contents(atPath: output))
      #expect((try? JSONSerialization.jsonObject(with: data)) != nil)
    }
    #expect(runTool(["export", "--format", "csv", baseline]).status == 64)
    // A missing run file is a tool error, not "no baseline".
    #expect(
      runTool(["export", "--format", "google-benchmark", folder.appendingPathComponent("none.json").path]).status == 1)
  }

  @Test("profile runs one group's loop for the given time and refuses an unknown group")
  func profile() {
    let run = runTool(["profile", "limit/clamp-ratio", "--seconds", "0.05"])
    #expect(run.status == 0)
    #expect(run.standardOutput.hasPrefix("limit/clamp-ratio: "))
    #expect(runTool(["profile", "no/such-group", "--seconds", "0.05"]).status == 64)
    #expect(runTool(["profile", "limit/clamp-ratio", "--seconds", "-1"]).status == 64)
  }
}
