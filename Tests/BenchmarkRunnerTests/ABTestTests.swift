import BenchmarkRunner
import Testing

@Suite("A/B tests: interleaving, the A/A control, re-measurement, explanations")
struct ABTestTests {
  /// One process's result for a side: groups "a" and "b" around their centres, with per-call jitter.
  final class FakeBuilds {
    var calls: [(ABTest.Side, [String]?)] = []
    var centres: [ABTest.Side: [String: Double]]
    var seed: UInt64 = 0

    init(_ centres: [ABTest.Side: [String: Double]]) { self.centres = centres }

    func measure(_ side: ABTest.Side, _ titles: [String]?) -> RunResult {
      calls.append((side, titles))
      seed += 1
      let groups = centres[side]!.sorted { $0.key < $1.key }.filter { titles?.contains($0.key) ?? true }
      // One process of 12 samples per call, as `run --processes 1` measures.
      return result(groups.map { ($0.key, samples($0.value, count: 12, spread: 0.02, seed: seed), 0) }).withOneProcess
    }
  }

  @Test("Identical builds: no regression, A B A′ in every round")
  func identical() {
    let builds = FakeBuilds([.a: ["a": 100, "b": 50], .b: ["a": 100, "b": 50], .control: ["a": 100, "b": 50]])
    let outcome = ABTest(rounds: 6).run(progress: { _ in }) { builds.measure($0, $1) }
    #expect(outcome.verdict == .same)
    #expect(builds.calls.prefix(6).map(\.0) == [.a, .b, .control, .a, .b, .control])
    // 41.1: B is judged against A and A′ pooled.
    #expect(outcome.comparison.groups.allSatisfy { $0.baseline?.processes == 12 })
    #expect(outcome.control.groups.allSatisfy { $0.baseline?.processes == 6 && $0.current?.processes == 6 })
    #expect(outcome.comparison.groups.allSatisfy { $0.time == .same })
  }

  @Test("B 20 % slower in one group: a regression, confirmed in fresh rounds of that group alone")
  func regression() {
    let builds = FakeBuilds([.a: ["a": 100, "b": 50], .b: ["a": 120, "b": 50], .control: ["a": 100, "b": 50]])
    let outcome = ABTest(rounds: 6).run(progress: { _ in }) { builds.measure($0, $1) }
    #expect(outcome.verdict == .regression)
    let group = outcome.comparison.groups.first { $0.title == "a" }
    #expect(group?.time == .regression)
    #expect(group?.note == "confirmed by re-measurement")
    #expect(outcome.comparison.groups.first { $0.title == "b" }?.time == .same)
    #expect(builds.calls.count == 36 && builds.calls.suffix(18).allSatisfy { $0.1 == ["a"] })
  }

  @Test("41.2: a control that differs from A widens B's thresholds by half the difference; it switches nothing off")
  func noisyControl() {
    // A′ 20 % quicker than A: the machine drifted. B slower than every process of A and A′ is still a regression.
    let slower = FakeBuilds([.a: ["a": 100, "b": 50], .b: ["a": 120, "b": 50], .control: ["a": 80, "b": 50]])
    let outcome = ABTest(rounds: 6).run(progress: { _ in }) { slower.measure($0, $1) }
    #expect(outcome.controlShowsDifference)
    let a = outcome.comparison.groups.first { $0.title == "a" }
    #expect(abs((a?.allowance ?? 0) - 0.125) < 0.01, "\(a?.allowance ?? .nan)")
    #expect(outcome.comparison.groups.first { $0.title == "b" }.map { $0.allowance < 0.01 } == true)
    #expect(a?.time == .regression && outcome.verdict == .regression)
    #expect(outcome.comparison.timeJudged && outcome.status == .regression)
    // B where the drift puts it, between A and A′: not a regression.
    let between = FakeBuilds([.a: ["a": 100, "b": 50], .b: ["a": 90, "b": 50], .control: ["a": 80, "b": 50]])
    let drifted = ABTest(rounds: 6).run(progress: { _ in }) { between.measure($0, $1) }
    #expect(drifted.comparison.groups.allSatisfy { $0.time != .regression && $0.time != .notJudged })
    #expect(drifted.verdict != .regression)
  }

  @Test("Pooling runs puts each group's processes side by side")
  func pooling() {
    let runs = (1...3).map { seed in result([("a", samples(10, count: 12, seed: UInt64(seed)), 1)]).withOneProcess }
    let pooled = RunResult.pooling(runs)
    #expect(pooled.groups.count == 1)
    #expect(pooled.groups[0].processes == 3)
    #expect(pooled.groups[0].samplesByProcess == runs.map { $0.groups[0].samplesByProcess[0] })
    #expect(pooled.groups[0].allocationsPerRun == 1)
  }

  @Test("callgrind_annotate's table is read per function, demangled, per operation; changes come largest first")
  func functionProfile() {
    let annotation = """
      --------------------------------------------------------------------------------
      Ir                  file:function
      --------------------------------------------------------------------------------
      1,010,440 (70.37%)  ???:$s17ArrangementSolver5SceneV5solveAA8SolutionVyF [/tmp/ab]
        267,566 (18.64%)  ./string/memmove-vec-unaligned-erms.S:__memcpy_avx_unaligned_erms [/usr/lib/libc.so.6]
         99,360 ( 6.92%)  ???:$s17ArrangementSolver8SanitizeO4rectyAA4RectVAFFZTf4nd_n [/tmp/ab]
      """
    let before = FunctionProfile(annotation: annotation, operations: 10)
    #expect(before.instructions["ArrangementSolver.Scene.solve() -> ArrangementSolver.Solution"] == 101_044)
    #expect(before.instructions["__memcpy_avx_unaligned_erms"] == 26_756.6)
    var after = before
    after.instructions["ArrangementSolver.Scene.solve() -> ArrangementSolver.Solution"] = 101_050
    after.instructions["__memcpy_avx_unaligned_erms"] = 26_000
    let changes = FunctionProfile.changes(from: before, to: after, limit: 8)
    #expect(
      changes.map(\.function) == [
        "__memcpy_avx_unaligned_erms", "ArrangementSolver.Scene.solve() -> ArrangementSolver.Solution",
      ])
    #expect(FunctionProfile.demangle("not_swift") == "not_swift")
  }
}

extension RunResult {
  /// The same result as one process of all its samples (what `run --processes 1` writes).
  var withOneProcess: RunResult {
    var copy = self
    copy.groups = groups.map { group in
      var measurement = group.measurements[0]
      measurement.samples = group.samples
      return GroupResult(merging: [measurement])
    }
    return copy
  }
}
