import BenchmarkRunner
import Foundation
import Testing

/// Synthetic histories, seeded: 50 commits of 27 groups, each point the median
/// of one run. Noise is log-normal (σ 1 %, a quiet CI host's run-to-run
/// spread) with an occasional outlier (one point in 40 is 1.3–1.6× slower,
/// as a run disturbed by a neighbour).
struct SyntheticHistory {
  static let commits = 50
  static let groups = 27
  var generator: SplitMix64

  init(seed: UInt64) { generator = SplitMix64(seed: seed) }

  mutating func uniform() -> Double { Double(generator.next() >> 11) / Double(1 << 53) }

  mutating func normal() -> Double {
    // Box–Muller; 1 − u keeps the logarithm finite.
    (-2 * log(1 - uniform())).squareRoot() * cos(2 * Double.pi * uniform())
  }

  /// One point around `centre`.
  mutating func point(_ centre: Double) -> Double {
    var value = centre * exp(0.01 * normal())
    if uniform() < 1.0 / 40 { value *= 1.3 + 0.3 * uniform() }
    return value
  }

  /// A group's series: `centre`, times `factor(commit)`.
  mutating func series(_ centre: Double, factor: (Int) -> Double = { _ in 1 }) -> [Double] {
    (0..<Self.commits).map { point(centre * factor($0)) }
  }
}

@Suite("Change points in run history (E-Divisive means with a permutation test)")
struct ChangePointTests {
  let detector = ChangePointDetector()

  @Test("Pure noise, with outliers, in 27 groups over 20 seeds: at most one false change point in total")
  func noise() {
    var falseChanges = 0
    for seed in 1...20 {
      var history = SyntheticHistory(seed: UInt64(seed))
      for group in 0..<SyntheticHistory.groups {
        // The host changes halfway (30 % slower); times are compared within one host class,
        // so each half is a series of its own.
        let series = history.series(20 + 10 * Double(group)) { $0 >= 25 ? 1.3 : 1 }
        falseChanges += detector.changes(in: Array(series[..<25])).count
        falseChanges += detector.changes(in: Array(series[25...])).count
        // Taken as one series, the host change would be a step.
        if seed == 1 && group == 0 { #expect(detector.changes(in: series).map(\.index) == [25]) }
      }
    }
    #expect(falseChanges <= 1)
  }

  @Test("A 5 % step in one group is found at its commit in at least 19 of 20 seeds")
  func step() {
    var exact = 0
    for seed in 1...20 {
      var history = SyntheticHistory(seed: UInt64(seed) + 100)
      let at = 15 + seed % 20  // commits 15…34
      let series = history.series(80) { $0 >= at ? 1.05 : 1 }
      let changes = detector.changes(in: series)
      if changes.count == 1, changes[0].kind == .step, changes[0].index == at { exact += 1 }
    }
    #expect(exact >= 19)
  }

  @Test("A slow drift is reported as a drift, not as a step at some commit")
  func drift() {
    var steps = 0
    var drifts = 0
    for seed in 1...20 {
      var history = SyntheticHistory(seed: UInt64(seed) + 200)
      // 0.4 % slower per commit: 20 % over the history.
      let series = history.series(80) { 1 + 0.004 * Double($0) }
      let changes = detector.changes(in: series)
      steps += changes.filter { $0.kind == .step }.count
      drifts += changes.filter { $0.kind == .drift }.count
    }
    #expect(steps == 0)
    #expect(drifts >= 19)
  }

  @Test("A one-instruction change in an exact metric is found at exactly its commit")
  func oneInstruction() {
    let counts = (0..<50).map { $0 < 31 ? 665.0 : 666.0 }
    let changes = ChangePointDetector.exactChanges(in: counts, tolerance: 0.5)
    #expect(changes.map(\.index) == [31])
    #expect(changes[0].before == 665 && changes[0].after == 666)
    #expect(ChangePointDetector.exactChanges(in: [665, 665.2, 665.1], tolerance: 0.5).isEmpty)
    // Builds alternating between two layouts of unchanged code: the first move is reported, the back and forth not.
    let flips = ChangePointDetector.exactChanges(
      in: [813, 813, 813, 825, 825, 825, 813, 825, 813, 813], tolerance: 0.5)
    #expect(flips.map(\.index) == [3])
  }

  @Test("The best split of a clean step is the step, and the statistic is zero for a constant series")
  func split() {
    let changes = detector.changes(in: [Double](repeating: 10, count: 20) + [Double](repeating: 12, count: 20))
    #expect(changes.count == 1 && changes[0].index == 20 && changes[0].before == 10 && changes[0].after == 12)
    #expect(detector.changes(in: [Double](repeating: 10, count: 40)).isEmpty)
  }
}
