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

@Suite("Change points in run history (penalised segmentation, outliers set aside, drifts told from steps)")
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

  @Test("A clean step is found with its levels; a constant series has no change")
  func split() {
    let changes = detector.changes(in: [Double](repeating: 10, count: 20) + [Double](repeating: 12, count: 20))
    #expect(changes.count == 1 && changes[0].index == 20 && changes[0].before == 10 && changes[0].after == 12)
    #expect(detector.changes(in: [Double](repeating: 10, count: 40)).isEmpty)
  }

  @Test("A one-point spike, or up to three in a row, 30–60 % slower, is not a step, at either end or between")
  func spikes() {
    var history = SyntheticHistory(seed: 300)
    for length in 1...3 {
      for at in [0, 1, 10, 30, 49 - length, 50 - length] {
        var series = (0..<50).map { _ in 100 * exp(0.01 * history.normal()) }
        for index in at..<(at + length) { series[index] *= 1.3 + 0.3 * history.uniform() }
        #expect(detector.changes(in: series).isEmpty, "\(length) at \(at)")
      }
    }
  }

  @Test("An outlier two commits from a step leaves it at its commit; one at its edge moves it at most one")
  func outlierBesideStep() {
    var history = SyntheticHistory(seed: 400)
    for offset in [-2, -1, 0, 1, 2] {
      for rise in [0.9, 1.1] {
        var series = (0..<40).map { 100 * ($0 >= 20 ? rise : 1) * exp(0.01 * history.normal()) }
        // 40 % slower: as far from either level, so at the edge it could belong to either side.
        series[20 + offset] *= 1.4
        let found = detector.changes(in: series).map(\.index)
        #expect(found.count == 1, "outlier at \(20 + offset), step ×\(rise): \(found)")
        #expect(found.allSatisfy { abs($0 - 20) <= (abs(offset) == 2 ? 0 : 1) }, "outlier at \(20 + offset): \(found)")
      }
    }
  }

  @Test("A ramp between two levels is one drift over its commits; a step after it stays a step")
  func rampThenStep() {
    var history = SyntheticHistory(seed: 500)
    // Level until 30, 15 % up over commits 30…49, level, then 10 % down at 80.
    let series = (0..<120).map { index -> Double in
      let ramp = 1 + 0.15 * min(1, max(0, Double(index - 29) / 20))
      return 100 * ramp * (index >= 80 ? 0.9 : 1) * exp(0.01 * history.normal())
    }
    let changes = detector.changes(in: series)
    #expect(changes.map(\.kind) == [.drift, .step])
    if changes.count == 2 {
      #expect(abs(changes[0].index - 30) <= 2 && abs(changes[0].end - 50) <= 2, "\(changes[0])")
      #expect(abs(changes[0].after / changes[0].before - 1.15) < 0.02)
      #expect(changes[1].index == 80 && abs(changes[1].after / changes[1].before - 0.9) < 0.02)
    }
  }

  @Test("Two steps ten commits apart are two steps, not a drift")
  func closeSteps() {
    var history = SyntheticHistory(seed: 600)
    var exact = 0
    for _ in 0..<20 {
      let series = (0..<60).map { 100 * ($0 >= 25 ? 1.08 : 1) * ($0 >= 35 ? 1.08 : 1) * exp(0.01 * history.normal()) }
      let changes = detector.changes(in: series)
      #expect(changes.allSatisfy { $0.kind == .step })
      if changes.map(\.index) == [25, 35] { exact += 1 }
    }
    #expect(exact >= 19)
  }

  @Test("Values that are not all positive are compared on their own scale")
  func nonPositive() {
    // −1, 0, 1 over and over, then 9, 10, 11: most differences are equal, yet the noise is not zero.
    let series = (0..<40).map { Double($0 % 3) - 1 + ($0 >= 20 ? 10 : 0) }
    #expect(detector.changes(in: series).map(\.index) == [20])
    #expect(detector.changes(in: [Double](repeating: 0, count: 40)).isEmpty)
    #expect(detector.changes(in: [1, 2, .nan, 4, 5, 6, 7, 8, 9, 10, 11, 12]).isEmpty)
  }

  @Test("A 10 % step is found at its commit whatever the level: the same series times 10⁻³ to 10⁶")
  func scaleFree() {
    var history = SyntheticHistory(seed: 700)
    let series = history.series(1) { $0 >= 30 ? 1.1 : 1 }
    for scale in [1e-3, 1, 1e6] {
      let changes = detector.changes(in: series.map { $0 * scale })
      #expect(changes.map(\.index) == [30])
      #expect(changes.first.map { abs($0.after / $0.before - 1.1) < 0.02 } == true)
      #expect(changes.first.map { $0.pValue < 1e-6 } == true)
    }
  }

  @Test(
    "Doubling the series less than triples the detector's heap use (a table of pairs would quadruple it)",
    .enabled(if: Sampler.countsAllocations, "the allocation counter is compiled out under sanitizers"))
  func linearMemory() {
    func bytes(_ count: Int) -> Int {
      var history = SyntheticHistory(seed: 5)
      let series = (0..<count).map { history.point($0 < count / 2 ? 100 : 110) }
      #expect(detector.changes(in: series).map(\.index) == [count / 2])
      let settings = MeasurementSettings(samples: 1, minimumSampleNanoseconds: 0, warmUpNanoseconds: 0)
      return Sampler.measure(
        Benchmark("changes", operations: 1) { [detector] in { blackHole(detector.changes(in: series)) } },
        settings: settings
      ).bytesPerRun
    }
    let (short, long) = (bytes(600), bytes(1_200))
    #expect(Double(long) < 3 * Double(short), "\(short) bytes for 600 points, \(long) for 1,200")
  }
}
