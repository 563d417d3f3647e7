import ArrangementBenchCommands
import BenchmarkCommands
import BenchmarkRunner
import Testing

@Suite("ab: the suite's thresholds per group, and --cycles")
struct ABCommandTests {
  /// Two builds measured without building: each call one process of 12 samples per group around its centre.
  final class FakeBuilds {
    var centres: [ABTest.Side: [String: Double]]
    var allocations: [ABTest.Side: [String: Int]] = [:]
    var seed: UInt64 = 0
    var counted: [(ABTest.Side, [String], Bool)] = []

    init(_ centres: [ABTest.Side: [String: Double]]) { self.centres = centres }

    func measure(_ side: ABTest.Side, _ titles: [String]?) -> RunResult {
      seed += 1
      var state = seed &* 0x9E37_79B9_7F4A_7C15
      let groups = centres[side]!.sorted { $0.key < $1.key }.filter { titles?.contains($0.key) ?? true }.map {
        title, centre in
        let samples = (0..<12).map { _ -> Double in
          state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
          return centre * (1 + 0.02 * (Double(state >> 11) / Double(1 << 53) - 0.5))
        }
        return GroupResult(merging: [
          ProcessMeasurement(
            title: title, operations: 10, samples: samples, allocationsPerRun: allocations[side]?[title] ?? 0,
            bytesPerRun: 0, instructionsPerOperation: nil)
        ])
      }
      return RunResult(suite: "default", settings: .quick, groups: groups, commit: "test")
    }

    /// Callgrind's counts of one run (10 operations): B's split/book reads memory that misses the caches.
    func count(_ side: ABTest.Side, _ titles: [String], _ cycles: Bool) -> [String: Callgrind.Counts] {
      counted.append((side, titles, cycles))
      return Dictionary(
        uniqueKeysWithValues: titles.map { title in
          let misses = side == .b && title == "split/book" ? 40.0 : 2
          return (
            title,
            Callgrind.Counts(
              instructions: 6810, level1Misses: cycles ? misses : nil, lastLevelMisses: cycles ? misses : nil)
          )
        })
    }

    func test(_ arguments: [String]) throws -> ABTest.Outcome {
      try ABCommand.test(
        Tool.benchmarkTool.options(["ab", "HEAD~1"] + arguments), suite: Tool.benchmarkTool.suite,
        progress: { _ in }, measure: measure, count: count)
    }
  }

  @Test("limit/clamp-ratio is advisory in ab as in compare: its regression is judged and shown, the status stays 0")
  func advisory() throws {
    let same = ["split/book": 100.0, "limit/clamp-ratio": 2.8]
    let builds = FakeBuilds([.a: same, .b: ["split/book": 100, "limit/clamp-ratio": 3.6], .control: same])
    let outcome = try builds.test([])
    let limit = try #require(outcome.comparison.groups.first { $0.title == "limit/clamp-ratio" })
    #expect(limit.limits.advisory && limit.time == .regression)
    #expect(outcome.verdict == .same && outcome.verdict.exitStatus == .success)
    let row = Report.comparison(outcome.comparison).split(separator: "\n").first { $0.hasPrefix("limit/clamp-ratio ") }
    #expect(row?.contains("regression [advisory]") == true, "\(row ?? "")")
    #expect(builds.counted.isEmpty)

    // A group that is not advisory still fails the test.
    let slower = FakeBuilds([.a: same, .b: ["split/book": 130, "limit/clamp-ratio": 2.8], .control: same])
    #expect(try slower.test([]).verdict == .regression)
  }

  @Test(
    "41.1, 41.5: the control's line never reads 'no difference' where it judged nothing; the verdict line says what was judged"
  )
  func controlLine() throws {
    let same = ["split/book": 100.0, "limit/clamp-ratio": 2.8]
    let quiet = try FakeBuilds([.a: same, .b: same, .control: same]).test([])
    #expect(ABCommand.controlSentence(quiet) == "the same for every group")
    #expect(quiet.comparison.verdictLine.hasPrefix("no regression: allocations judged; time judged"))
    #expect(quiet.status == .success)
    let drifted = try FakeBuilds([.a: same, .b: same, .control: ["split/book": 70, "limit/clamp-ratio": 2.8]]).test([])
    #expect(ABCommand.controlSentence(drifted).hasPrefix("improvement between identical builds (the machine drifted"))
    #expect(drifted.comparison.comparability.line?.hasPrefix("A/A′ control: identical builds ran ×") == true)
    // The control's own times not judged (two clocks in one build's runs): said, not "the same".
    var control = quiet
    control.control.comparability.method = Comparability.Finding(holds: false, reason: "two clocks")
    #expect(ABCommand.controlSentence(control) == "not judged: two clocks")
  }

  @Test(
    "41.2: a control 30 % off widens split/book's threshold (in doubt: inconclusive); an advisory group's exact regression is never the verdict"
  )
  func advisoryUnderNoisyControl() throws {
    let same = ["split/book": 100.0, "limit/clamp-ratio": 2.8]
    let builds = FakeBuilds([.a: same, .b: same, .control: ["split/book": 70, "limit/clamp-ratio": 2.8]])
    builds.allocations[.b] = ["limit/clamp-ratio": 1]
    let outcome = try builds.test([])
    #expect(outcome.controlShowsDifference)
    #expect(outcome.regressions == ["limit/clamp-ratio"])
    #expect(outcome.verdict == .inconclusive)
  }

  @Test("ab --cycles estimates both builds' cycles in callgrind's cache-simulating pass and gates them")
  func cycles() throws {
    let same = ["split/book": 100.0, "limit/clamp-ratio": 2.8]
    let builds = FakeBuilds([.a: same, .b: same, .control: same])
    let outcome = try builds.test(["--cycles"])
    #expect(builds.counted.map(\.0) == [.a, .b] && builds.counted.allSatisfy { $0.2 })
    let book = try #require(outcome.comparison.groups.first { $0.title == "split/book" })
    #expect(book.instructions == .same && book.baseline?.instructionsPerOperation == 681)
    #expect(book.cycles == .regression)
    #expect(abs((book.current?.estimatedCyclesPerOperation ?? 0) - (681 + 110 * 4)) < 1e-9)
    #expect(outcome.verdict == .regression)
    #expect(Report.comparison(outcome.comparison).contains("cycles/op"))

    // --instructions counts without the caches: no cycles to judge.
    let counting = FakeBuilds([.a: same, .b: same, .control: same])
    let counted = try counting.test(["--instructions"])
    #expect(counting.counted.count == 2 && counting.counted.allSatisfy { !$0.2 })
    #expect(counted.verdict == .same)
    #expect(counted.comparison.groups.allSatisfy { $0.current?.estimatedCyclesPerOperation == nil })
  }

  @Test("ab takes --cycles and says so in its help")
  func cyclesOption() {
    #expect(Tool.benchmarkTool.check(["ab", "HEAD~1", "--cycles", "--metrics", "allocations,cycles"]) == nil)
    let help = runTool(["ab", "--help"])
    #expect(help.status == 0)
    #expect(help.standardOutput.contains("--cycles"))
    #expect(help.standardOutput.contains("advisory group"))
  }
}
