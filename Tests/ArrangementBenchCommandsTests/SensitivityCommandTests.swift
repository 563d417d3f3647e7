import ArrangementBenchCommands
import BenchmarkRunner
import Foundation
import Testing

@Suite("Sensitivity, thresholds and exact decisions on the command line")
struct SensitivityCommandTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sensitivity-\(UUID().uuidString)")

  /// A result of `title` measured in six processes around `centres`, with `instructions` per operation.
  func stored(_ name: String, _ title: String, _ centres: [Double], instructions: Double? = nil) throws -> String {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let measurements = centres.enumerated().map { index, centre -> ProcessMeasurement in
      let samples = (0..<12).map { (sample: Int) -> Double in
        let step = Double((sample * 7 + index) % 5)
        return centre * (1 + 0.002 * step)
      }
      return ProcessMeasurement(
        title: title, operations: 1, samples: samples, allocationsPerRun: 0, bytesPerRun: 0,
        instructionsPerOperation: instructions)
    }
    let result = RunResult(
      suite: "default", settings: .quick, groups: [GroupResult(merging: measurements)], commit: "test")
    let path = folder.appendingPathComponent(name).path
    try result.write(to: path)
    return path
  }

  @Test("The suite's thresholds are data the runner reads: list shows those that differ from the defaults")
  func listedThresholds() throws {
    let list = runTool(["list", "--filter", "limit/,split/book"])
    #expect(list.status == 0)
    #expect(list.standardOutput.contains("limit/clamp-ratio  (10000 operations a run; advisory)\n"))
    let book = list.standardOutput.split(separator: "\n").first { $0.hasPrefix("split/book  (") }
    #expect(book?.hasSuffix(" operations a run)") == true, "\(book ?? "")")
    // The same declaration decides the verdict: limit/clamp-ratio's regression keeps the status 0 (below).
    let base = try stored("limit-base.json", "limit/clamp-ratio", [2.8, 2.81, 2.8, 2.79, 2.8, 2.8])
    let slower = try stored("limit-slower.json", "limit/clamp-ratio", [3.6, 3.61, 3.6, 3.59, 3.6, 3.6])
    let document = try JSONDecoder().decode(
      ComparisonDocument.self, from: Data(runTool(["compare", base, slower, "--json"]).standardOutput.utf8))
    #expect(document.groups[0].advisory == true && document.groups[0].timeVerdict == .regression)
    #expect(document.verdict == .same)
  }

  @Test("compare --wide: each row says what it could see; an advisory group's regression keeps the status 0")
  func advisoryInCompare() throws {
    let base = try stored("base.json", "limit/clamp-ratio", [2.8, 2.81, 2.8, 2.79, 2.8, 2.8])
    let slower = try stored("slower.json", "limit/clamp-ratio", [3.6, 3.61, 3.6, 3.59, 3.6, 3.6])
    let run = runTool(["compare", base, slower, "--wide"])
    #expect(run.status == 0, "\(run.standardOutput)")
    #expect(run.standardOutput.contains("  sees  "))
    let row = run.standardOutput.split(separator: "\n").first { $0.hasPrefix("limit/clamp-ratio ") } ?? ""
    #expect(row.hasSuffix("regression [advisory]"), "\(row)")
    #expect(row.contains("±"))
  }

  @Test("compare (issue 39): the table keeps to 120 columns, the verdict a word, and what it says more on its own line")
  func narrowTable() throws {
    let base = try stored("base.json", "limit/clamp-ratio", [2.8, 2.81, 2.8, 2.79, 2.8, 2.8])
    let slower = try stored("slower.json", "limit/clamp-ratio", [3.6, 3.61, 3.6, 3.59, 3.6, 3.6])
    let run = runTool(["compare", base, slower])
    #expect(run.status == 0, "\(run.standardOutput)")
    let lines = run.standardOutput.split(separator: "\n")
    #expect(lines.allSatisfy { $0.count <= 120 }, "\(run.standardOutput)")
    #expect(!run.standardOutput.contains("  sees  ") && !run.standardOutput.contains("U-test"))
    let row = lines.first { $0.hasPrefix("limit/clamp-ratio ") } ?? ""
    #expect(row.hasSuffix("  regression") && row.contains("+28.6%"), "\(row)")
    #expect(lines.contains("limit/clamp-ratio: regression [advisory]"), "\(run.standardOutput)")
  }

  @Test("compare --json: exact metrics that decided say so, where time was in doubt")
  func exactInJSON() throws {
    let base = try stored("base.json", "split/book", [100, 100, 101, 99, 100, 100], instructions: 681)
    let wide = try stored("wide.json", "split/book", [80, 135, 100, 140, 70, 104], instructions: 681)
    let run = runTool(["compare", base, wide, "--json"])
    #expect(run.status == 0, "\(run.standardOutput)")
    let document = try JSONDecoder().decode(ComparisonDocument.self, from: Data(run.standardOutput.utf8))
    #expect(document.groups[0].timeVerdict == .inconclusive)
    #expect(document.groups[0].decidedBy == .exact && document.groups[0].verdict == .same)
    #expect(
      document.groups[0].note.hasPrefix("decided by exact metrics (allocations, instructions); time inconclusive"))
    #expect((document.groups[0].detectableChange ?? 0) > 0.1)
    let text = runTool(["compare", base, wide])
    #expect(text.standardOutput.contains("same — decided by exact metrics (allocations, instructions)"))
    // Asked for by name and absent in the run: inconclusive (3), and said.
    let uncounted = try stored("uncounted.json", "split/book", [100, 100, 101, 99, 100, 100])
    let asked = runTool(["compare", base, uncounted, "--metrics", "allocations,instructions"])
    #expect(asked.status == 3)
    #expect(asked.standardOutput.contains("instructions asked for, but the run has none"))
    let quiet = runTool(["compare", base, uncounted])
    #expect(quiet.status == 0)
    #expect(quiet.standardOutput.contains("instructions not compared: this run counted none for 1 of 1 group(s)"))
  }

  @Test("--budget is seconds from 0, for run, check and baseline update, and means nothing without a comparison")
  func budgetOption() {
    for arguments in [
      ["check", "--budget", "-1"], ["check", "--budget", "soon"], ["run", "--no-compare", "--budget", "5"],
      ["compare", "a.json", "b.json", "--budget", "5"], ["baseline", "show", "--budget", "5"],
      ["baseline", "update", "--instructions", "--no-instructions"],
    ] {
      let run = runTool(arguments)
      #expect(run.status == 64, "\(arguments)")
    }
    #expect(runTool(["check", "--help"]).standardOutput.contains("--budget SECONDS"))
    #expect(runTool(["baseline", "update", "--help"]).standardOutput.contains("--no-instructions"))
    #expect(runTool(["baseline", "update", "--help"]).standardOutput.contains("--budget SECONDS"))
  }

  @Test(
    "baseline update keeps the instruction counts the baseline it replaces holds, unless told --no-instructions",
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: CrashSafetyTests.tool)
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/valgrind")
        && Sampler.instructionCounterProblem != nil && !underSanitizer,
      "the tool is built beside the tests, valgrind is installed, the CPU counter is not available, and no sanitizer (valgrind cannot run a sanitized tool)"
    ))
  func keepsInstructions() throws {
    let baselines = folder.appendingPathComponent("results/baselines")
    try FileManager.default.createDirectory(at: baselines, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let environment = ["ARRANGEMENT_BENCH_TESTING_DEBUG_BASELINE": "1"]
    let arguments = ["baseline", "update", "--quick", "--processes", "0", "--filter", "limit/", "--name", "kept"]
    for (extra, kept) in [([String](), true), (["--no-instructions"], false)] {
      _ = try stored("results/baselines/kept.json", "limit/clamp-ratio", [2.8, 2.8], instructions: 23)
      let run = try runExecutable(CrashSafetyTests.tool, arguments + extra, in: folder.path, environment: environment)
      #expect(run.status == 0, "\(run.standardError)")
      let result = try RunResult.load(from: baselines.appendingPathComponent("kept.json").path)
      #expect((result.groups[0].instructionsPerOperation != nil) == kept, "\(extra)")
      #expect(result.instructionCounter.hasPrefix("callgrind") == kept)
      #expect(
        run.standardError.contains(
          "counting instructions under callgrind: results/baselines/kept.json holds them for 1 of its 1 group(s) (--no-instructions leaves them out)"
        ) == kept, "\(run.standardError)")
    }
  }
}
