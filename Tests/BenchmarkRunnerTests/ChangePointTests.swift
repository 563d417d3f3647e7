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

@Suite("Change points: the fast statistics against their definitions")
struct ChangePointStatisticTests {
  /// The statistic of every split from the prefix sums of the full distance
  /// matrix: O(n²) per series (the detector's former computation).
  func reference(_ values: [Double]) -> [Double] {
    let n = values.count
    var prefix = [Double](repeating: 0, count: (n + 1) * (n + 1))
    for i in 0..<n {
      var row = 0.0
      for j in 0..<n {
        row += abs(values[i] - values[j])
        prefix[(i + 1) * (n + 1) + j + 1] = prefix[i * (n + 1) + j + 1] + row
      }
    }
    func sum(_ rows: Range<Int>, _ columns: Range<Int>) -> Double {
      let w = n + 1
      return prefix[rows.upperBound * w + columns.upperBound] - prefix[rows.lowerBound * w + columns.upperBound]
        - prefix[rows.upperBound * w + columns.lowerBound] + prefix[rows.lowerBound * w + columns.lowerBound]
    }
    return (2...(n - 2)).map { split in
      let (a, b) = (Double(split), Double(n - split))
      let between = sum(0..<split, split..<n) / (a * b)
      let withinX = sum(0..<split, 0..<split) / (a * (a - 1))
      let withinY = sum(split..<n, split..<n) / (b * (b - 1))
      return a * b / Double(n) * (2 * between - withinX - withinY)
    }
  }

  /// Random series: lengths 4 to 400, values with ties, steps and outliers.
  func series(seed: UInt64) -> [[Double]] {
    var history = SyntheticHistory(seed: seed)
    return (0..<40).map { index in
      let count = 4 + Int(history.uniform() * 396)
      let at = Int(history.uniform() * Double(count))
      return (0..<count).map { position in
        let value = history.point(position >= at ? 105 : 100)
        // One series in four rounds to whole numbers: many ties.
        return index % 4 == 0 ? value.rounded() : value
      }
    }
  }

  @Test("Every split's statistic equals the pairwise sums' to 1e-9 relative, and exactly on ranks")
  func statistics() {
    for values in series(seed: 7) {
      let fast = ChangePointDetector.splitStatistics(values)
      let slow = reference(values)
      #expect(fast.count == slow.count)
      // Relative to the terms' size: a statistic near zero is a difference of large sums.
      let scale = slow.map(abs).max() ?? 0
      for (a, b) in zip(fast, slow) { #expect(abs(a - b) <= 1e-9 * max(scale, abs(b)), "n = \(values.count)") }
      // Ranks are multiples of ½: every sum is exact, so the two agree to the last bit.
      let order = values.indices.sorted { values[$0] < values[$1] }
      var ranks = [Double](repeating: 0, count: values.count)
      for (rank, index) in order.enumerated() { ranks[index] = Double(rank + 1) }
      #expect(ChangePointDetector.splitStatistics(ranks) == reference(ranks))
    }
  }

  @Test("The Theil–Sen slope equals the median of all slopes listed")
  func theilSen() {
    var history = SyntheticHistory(seed: 11)
    for index in 0..<18 {
      let count = 128 + Int(history.uniform() * 400)
      let at = Int(history.uniform() * Double(count))
      var values = (0..<count).map { position in
        history.point((position >= at ? 90 : 100) * (1 + 0.001 * Double(position)))
      }
      if index % 3 == 1 { values = values.map { $0.rounded() } }  // ties
      if index % 3 == 2 {
        // Values over three orders of magnitude: differences round, so near-equal slopes may swap.
        values = values.enumerated().map { $0.element * (1 + Double($0.offset % 7) * 150) }
        let listed = ChangePointDetector.medianOfAllSlopes(values)
        #expect(abs(ChangePointDetector.line(values).slope - listed) <= 1e-12 * abs(listed), "n = \(count)")
      } else {
        // Differences of values within a factor of two (or of whole numbers) are exact: the same slope to the last bit.
        #expect(ChangePointDetector.line(values).slope == ChangePointDetector.medianOfAllSlopes(values), "n = \(count)")
      }
    }
  }

  @Test(
    "Doubling the series less than triples the detector's heap use (listing pairs would quadruple it)",
    .enabled(if: Measurer.countsAllocations, "the allocation counter is compiled out under sanitizers"))
  func linearMemory() {
    func bytes(_ count: Int) -> Int {
      var detector = ChangePointDetector()
      // Fewer shuffles (and a threshold they can reach) keep the test short; a minimum
      // segment of 40 % leaves one split to test, so both lengths do the same work per point.
      detector.permutations = 199
      detector.significance = 0.01
      detector.minimumSegment = count * 2 / 5
      var history = SyntheticHistory(seed: 5)
      let series = (0..<count).map { history.point($0 < count / 2 ? 100 : 110) }
      #expect(detector.changes(in: series).map(\.index) == [count / 2])
      let settings = MeasurementSettings(samples: 1, minimumSampleNanoseconds: 0, warmUpNanoseconds: 0)
      return Measurer.measure(
        Benchmark("changes", operations: 1) { [detector] in { blackHole(detector.changes(in: series)) } },
        settings: settings
      ).bytesPerRun
    }
    let (short, long) = (bytes(600), bytes(1_200))
    #expect(Double(long) < 3 * Double(short), "\(short) bytes for 600 points, \(long) for 1,200")
  }
}
