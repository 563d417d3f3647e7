import BenchmarkRunner
import Testing

@Suite("Statistics behind the verdicts")
struct StatisticsTests {
  @Test("Quantiles interpolate linearly between order statistics (type 7)")
  func quantiles() {
    let values = [1.0, 2, 3, 4, 5]
    #expect(Statistics.quantile(values, 0) == 1)
    #expect(Statistics.quantile(values, 0.5) == 3)
    #expect(Statistics.quantile(values, 0.25) == 2)
    #expect(Statistics.quantile([1, 2, 3, 4], 0.5) == 2.5)
    #expect(Statistics.quantile([7], 0.99) == 7)
  }

  @Test("Mann–Whitney: identical samples give p = 1, clearly shifted samples a tiny p")
  func mannWhitney() {
    let a = samples(100)
    #expect(Statistics.mannWhitneyP(a, a) > 0.9)
    #expect(Statistics.mannWhitneyP(a, samples(125, seed: 2)) < 1e-10)
    // The textbook case: U = 0 for fully separated samples of 5, exact two-sided p = 0.0079.
    let p = Statistics.mannWhitneyP([1, 2, 3, 4, 5], [6, 7, 8, 9, 10])
    #expect(p > 0.005 && p < 0.02)
    // All ties: no evidence either way.
    #expect(Statistics.mannWhitneyP([1, 1, 1], [1, 1, 1]) == 1)
  }

  @Test("Benjamini–Hochberg adjusts as R's p.adjust(method = \"BH\") does")
  func benjaminiHochberg() {
    let adjusted = Statistics.benjaminiHochberg([0.01, 0.04, 0.03, 0.5])
    let expected = [0.04, 0.04 * 4 / 3, 0.04 * 4 / 3, 0.5]  // monotone step-up
    for (value, want) in zip(adjusted, expected) { #expect(abs(value - want) < 1e-12) }
  }

  @Test("The bootstrap interval of the median ratio covers the true ratio and is deterministic")
  func bootstrap() {
    let interval = Statistics.medianRatioInterval([samples(100)], [samples(125, seed: 9)])
    #expect(interval.low < 1.25 && interval.high > 1.25)
    #expect(interval.low > 1.15)
    let again = Statistics.medianRatioInterval([samples(100)], [samples(125, seed: 9)])
    #expect(interval == again)
  }
}

@Suite("Verdicts of a run against a baseline")
struct ComparisonTests {
  @Test("The same distribution is no regression")
  func same() {
    let comparison = Comparison(
      baseline: result([("a", samples(100), 0)]), current: result([("a", samples(101, seed: 5), 0)]))
    #expect(comparison.overall == .same)
  }

  @Test("A difference between processes of one build is not taken for a difference between builds")
  func processLuck() {
    // Two of the baseline's four processes were 30% slower; the run's were not. The
    // pooled samples say 13% faster, significantly; the processes do not separate.
    let baseline = result([("a", samples(100, count: 30) + samples(130, count: 30, seed: 4), 0)])
    // The run's first two processes drew exactly what the baseline's fast ones did.
    let current = result([("a", samples(100, count: 30) + samples(100, count: 30, seed: 5), 0)])
    let comparison = Comparison(baseline: baseline, current: current)
    #expect(comparison.groups[0].timeRatio < 0.9)
    #expect(comparison.groups[0].adjustedP < 0.05)
    #expect(comparison.groups[0].time == .same)  // an unconfirmed speed-up is no finding
  }

  @Test("A 25% slowdown of one group among many is a regression of that group only")
  func slowdown() {
    let titles = (0..<15).map { "group\($0)" }
    let baseline = result(titles.map { ($0, samples(100, seed: UInt64($0.count)), 0) })
    let current = result(
      titles.map { ($0, samples($0 == "group7" ? 125 : 100, seed: UInt64($0.count) + 100), 0) })
    let comparison = Comparison(baseline: baseline, current: current)
    #expect(comparison.overall == .regression)
    #expect(comparison.changed == ["group7"])
    #expect(comparison.groups.filter { $0.time != .same }.map(\.title) == ["group7"])
  }

  @Test("The table names a time that moved but does not count: `same (time regression, not gated)`")
  func timeNotGated() {
    let titles = (0..<15).map { "group\($0)" }
    let baseline = result(titles.map { ($0, samples(100, seed: UInt64($0.count)), 0) })
    let current = result(
      titles.map { ($0, samples($0 == "group7" ? 125 : 100, seed: UInt64($0.count) + 100), 0) })
    var exactOnly = ComparisonPolicy()
    exactOnly.gated = [.allocations, .instructions]
    let comparison = Comparison(baseline: baseline, current: current, policy: exactOnly)
    #expect(comparison.overall == .same)
    let row = Report.comparison(comparison).split(separator: "\n").first { $0.hasPrefix("group7 ") }
    #expect(row?.hasSuffix("same (time regression, not gated)") == true, "\(row ?? "")")
    #expect(Report.comparison(comparison).contains("U-test p (BH)"))
    // The narrow table (the default on a terminal): the word in the row, the rest on a line of its own.
    let narrow = Report.comparison(comparison, style: .narrow)
    let word = narrow.split(separator: "\n").first { $0.hasPrefix("group7 ") }
    #expect(word?.hasSuffix("  same") == true, "\(word ?? "")")
    #expect(narrow.split(separator: "\n").contains("group7: same (time regression, not gated)"), "\(narrow)")
    #expect(!narrow.contains("U-test p (BH)"))
  }

  @Test("Prose folds at spaces to the width, continuing indented; a longer word stands alone; line breaks stay")
  func folding() {
    #expect(Text.wrapped("aaa bbb ccc", width: 7, indent: "  ") == "aaa bbb\n  ccc")
    #expect(Text.wrapped("short", width: 7) == "short")
    #expect(Text.wrapped("a verylongword b", width: 5, indent: " ") == "a\n verylongword\n b")
    #expect(Text.wrapped("one two\nthree four", width: 8) == "one two\nthree\nfour")
    let long = String(repeating: "word ", count: 60)
    #expect(Text.wrapped(long, width: 120, indent: "  ").split(separator: "\n").allSatisfy { $0.count <= 120 })
  }

  @Test("One more allocation per run is a regression whatever the times say")
  func allocation() {
    let comparison = Comparison(
      baseline: result([("a", samples(100), 0)]), current: result([("a", samples(100, seed: 3), 1)]))
    #expect(comparison.groups[0].allocations == .regression)
    #expect(comparison.overall == .regression)
    var timeOnly = ComparisonPolicy()
    timeOnly.gated = .time
    #expect(
      Comparison(
        baseline: result([("a", samples(100), 0)]), current: result([("a", samples(100, seed: 3), 1)]),
        policy: timeOnly
      ).overall == .same)
  }

  @Test("A faster build is an improvement; fewer allocations too")
  func improvement() {
    let comparison = Comparison(
      baseline: result([("a", samples(100), 2)]), current: result([("a", samples(70, seed: 4), 1)]))
    #expect(comparison.overall == .improvement)
  }

  @Test("A group too noisy to judge is inconclusive")
  func noisy() {
    let comparison = Comparison(
      baseline: result([("a", samples(100, spread: 0.9), 0)]),
      current: result([("a", samples(100, spread: 0.9, seed: 8), 0)]))
    #expect(comparison.overall == .inconclusive)
  }

  @Test("41.2, 41.5: a baseline from another kind of machine: times shown, not judged; allocations still judged")
  func otherMachine() {
    var other = MachineFingerprint.current
    other.cpuModel = "Some Other CPU"
    let comparison = Comparison(
      baseline: result([("a", samples(100), 0)], machine: other), current: result([("a", samples(130, seed: 2), 0)]))
    #expect(!comparison.comparability.kind.holds && !comparison.timeJudged)
    #expect(comparison.comparability.kind.reason.hasPrefix("baseline recorded on another kind of host (Some Other CPU"))
    #expect(comparison.groups[0].time == .notJudged)
    #expect(comparison.overall == .same)
    let allocating = Comparison(
      baseline: result([("a", samples(100), 0)], machine: other), current: result([("a", samples(130, seed: 2), 1)]))
    #expect(allocating.overall == .regression)
    var forced = ComparisonPolicy()
    forced.overrides.kind = true
    let judged = Comparison(
      baseline: result([("a", samples(100), 0)], machine: other), current: result([("a", samples(130, seed: 2), 0)]),
      policy: forced)
    #expect(judged.overall == .regression)
  }

  /// A result whose calibration loops ran at `speed` × the time of the fixture's (six processes, 1 % apart).
  func calibrated(_ run: RunResult, speed: Double) -> RunResult {
    var copy = run
    copy.calibration = Calibration(
      cpuNanoseconds: (0..<6).map { 0.9 * speed * (1 + 0.01 * Double($0 % 3)) },
      memoryNanoseconds: (0..<6).map { 80 * speed * (1 + 0.01 * Double($0 % 2)) })
    return copy
  }

  @Test(
    "41.2: the same build against a baseline of a host 25 % faster or 35 % slower: times judged, widened by the loops' move, no failure",
    arguments: [0.75, 1.35])
  func hostShift(_ speed: Double) {
    let here = calibrated(result([("a", samples(100), 0), ("b", samples(50, seed: 3), 0)]), speed: 1)
    let there = calibrated(
      result([("a", samples(100 * speed), 0), ("b", samples(50 * speed, seed: 3), 0)]), speed: speed)
    let comparison = Comparison(baseline: there, current: here)
    #expect(comparison.timeJudged)
    #expect(comparison.groups.allSatisfy { $0.time != .notJudged && $0.time != .regression })
    // The widening is at least how far the loops moved, either way.
    #expect(comparison.comparability.state.allowance >= max(1 / speed, speed) - 1 - 1e-9)
    #expect(comparison.status == .success || comparison.status == .inconclusive)
    #expect(comparison.comparability.state.reason.contains("the latency loop ×\(Report.number(1 / speed))"))
  }

  @Test("41.3: the suite's reference group moving by 41 % is judged like any group: a regression, not another host")
  func referenceMoved() {
    func run(_ limit: Double, _ group: Double, seed: UInt64) -> RunResult {
      var run = result([("limit", samples(limit, seed: seed), 0), ("a", samples(group, seed: seed + 1), 0)])
      run.groups[1].reference = "limit"
      return run
    }
    let moved = Comparison(baseline: run(1.7, 65, seed: 1), current: run(2.4, 65, seed: 3))
    #expect(moved.timeJudged)
    #expect(moved.groups.first { $0.title == "limit" }?.time == .regression)
    #expect(moved.groups.first { $0.title == "a" }?.time == .same)
    #expect(moved.overall == .regression && moved.status == .regression)
    #expect(moved.comparability.line?.contains("limit") != true)
  }

  @Test("41.2: calibrations within their noise: a 30 % slowdown is still caught")
  func sameHostCalibrated() {
    let baseline = calibrated(result([("a", samples(100), 0)]), speed: 1.02)
    let current = calibrated(result([("a", samples(130, seed: 2), 0)]), speed: 1)
    let comparison = Comparison(baseline: baseline, current: current)
    #expect(comparison.timeJudged && comparison.comparability.state.measured)
    #expect(comparison.overall == .regression)
  }

  @Test("A regression not seen again by the re-measurement is dropped")
  func confirmation() {
    let baseline = result([("a", samples(100), 0)])
    var first = Comparison(baseline: baseline, current: result([("a", samples(130, seed: 2), 0)]))
    #expect(first.overall == .regression)
    first.confirm(with: Comparison(baseline: baseline, current: result([("a", samples(100, seed: 6), 0)])))
    #expect(first.overall == .same)
    var second = Comparison(baseline: baseline, current: result([("a", samples(130, seed: 2), 0)]))
    second.confirm(with: Comparison(baseline: baseline, current: result([("a", samples(128, seed: 7), 0)])))
    #expect(second.overall == .regression)
  }

  @Test("Groups only in the run are new, groups only in the baseline are missing; neither fails")
  func newAndMissing() {
    let comparison = Comparison(
      baseline: result([("old", samples(100), 0)]), current: result([("new", samples(100), 0)]))
    #expect(comparison.groups.map { $0.verdict(gating: .all) } == [.new, .missing])
    #expect(comparison.overall == .same)
  }
}

@Suite("Statistics of millions of samples")
struct LargeSampleStatisticsTests {
  /// `processes` processes of `count` whole-nanosecond samples each around `center` (many ties).
  func processes(_ center: Double, processes: Int = 4, count: Int, seed: UInt64) -> [[Double]] {
    (0..<processes).map { process in
      samples(center * (1 + 0.01 * Double(process)), count: count, spread: 0.2, seed: seed + UInt64(process)).map {
        $0.rounded()
      }
    }
  }

  @Test("Mann–Whitney of processes pooled once equals the test of all samples")
  func mannWhitney() {
    let (a, b) = (processes(100, count: 3_000, seed: 1), processes(101, count: 2_000, seed: 9))
    #expect(Statistics.mannWhitneyP(processes: a, b) == Statistics.mannWhitneyP(a.flatMap { $0 }, b.flatMap { $0 }))
    // Ties across both sides and a side of one process.
    #expect(
      Statistics.mannWhitneyP(processes: [[1, 1, 2]], [[1, 2, 2], [3]])
        == Statistics.mannWhitneyP([1, 1, 2], [1, 2, 2, 3]))
  }

  @Test("Medians of large resamples drawn without listing them give the interval that listing gives")
  func unlistedResamples() {
    let a = processes(100, count: 150, seed: 1)
    let b = processes(106, count: 150, seed: 21)
    let listed = Statistics.medianRatioInterval(a, b, listingAtMost: .max)
    let drawn = Statistics.medianRatioInterval(a, b, listingAtMost: 0)
    let width = listed.high - listed.low
    #expect(width > 0.005)
    // Two Monte Carlo estimates of the same quantiles: a thousand resamples each.
    #expect(abs(drawn.low - listed.low) < 0.2 * width, "\(drawn) against \(listed)")
    #expect(abs(drawn.high - listed.high) < 0.2 * width, "\(drawn) against \(listed)")
    // One process, an odd count (a single middle value), and all samples equal.
    let one = [[Double](repeating: 7, count: 601)]
    #expect(Statistics.medianRatioInterval(one, one, listingAtMost: 0) == (1, 1))
    let odd = [processes(50, processes: 1, count: 601, seed: 4)[0]]
    let oddListed = Statistics.medianRatioInterval(odd, odd, listingAtMost: .max)
    let oddDrawn = Statistics.medianRatioInterval(odd, odd, listingAtMost: 0)
    #expect(abs(oddDrawn.low - oddListed.low) < 0.01 && abs(oddDrawn.high - oddListed.high) < 0.01)
  }
}
