import BenchmarkRunner
import Foundation
import Testing

/// A result whose group `title` has one process per centre, each of `count` samples with a ±1% jitter.
func processes(_ title: String, _ centres: [Double], count: Int = 12, seed: UInt64 = 1) -> GroupResult {
  GroupResult(
    merging: centres.enumerated().map { index, centre in
      ProcessMeasurement(
        title: title, operations: 10, samples: samples(centre, count: count, spread: 0.01, seed: seed + UInt64(index)),
        allocationsPerRun: 0, bytesPerRun: 0, instructionsPerOperation: nil)
    })
}

/// Centres of `count` processes around `centre`, each off by up to ±`spread` (deterministic).
func centres(_ centre: Double, _ count: Int, spread: Double, seed: UInt64) -> [Double] {
  samples(centre, count: count, spread: spread, seed: seed)
}

func run(_ groups: [GroupResult]) -> RunResult {
  RunResult(suite: "default", settings: .quick, groups: groups, commit: "test")
}

@Suite("Sensitivity: the smallest change a comparison could see, and what it would take")
struct DetectableChangeTests {
  @Test("The detectable change is half the interval's width; its projection adds the baseline's part as a variance")
  func arithmetic() {
    #expect(abs(Statistics.detectableChange((low: 0.9, high: 1.2)) - 0.15) < 1e-12)
    #expect(Statistics.detectableChange((low: .nan, high: 1)).isNaN)
    // ±14% with nothing from the baseline: (14/10)² ≈ 1.96 times the processes for ±10%.
    #expect(abs(Statistics.processesFactor(halfWidth: 0.14, baseline: 0, target: 0.10)! - 1.96) < 1e-9)
    // The baseline alone sees ±6%: the run's share must fall from 0.14² − 0.06² to 0.10² − 0.06².
    let factor = Statistics.processesFactor(halfWidth: 0.14, baseline: 0.06, target: 0.10)!
    #expect(abs(factor - (0.14 * 0.14 - 0.0036) / (0.01 - 0.0036)) < 1e-9)
    // A baseline as wide as the target: no number of the run's processes is enough.
    #expect(Statistics.processesFactor(halfWidth: 0.14, baseline: 0.11, target: 0.10) == nil)
  }

  @Test("A group whose processes spread widely sees less; four times the processes see about half as far")
  func fromSpread() {
    let baseline = run([processes("a", centres(100, 6, spread: 0.02, seed: 3))])
    let tight = Comparison(baseline: baseline, current: run([processes("a", centres(100, 6, spread: 0.02, seed: 9))]))
    let wide = Comparison(baseline: baseline, current: run([processes("a", centres(100, 6, spread: 0.3, seed: 9))]))
    let wider = Comparison(baseline: baseline, current: run([processes("a", centres(100, 24, spread: 0.3, seed: 9))]))
    let (small, large, more) = (
      tight.groups[0].detectableChange, wide.groups[0].detectableChange, wider.groups[0].detectableChange
    )
    #expect(small < 0.03, "\(small)")
    #expect(large > 0.08, "\(large)")
    #expect(more < 0.75 * large && more > 0.3 * large, "\(more) against \(large)")
    #expect(tight.groups[0].time == .same && tight.groups[0].timeDecided)
  }

  @Test("An interval too wide to settle the threshold is inconclusive, saying what it saw and what it would take")
  func inconclusiveWords() throws {
    let baseline = run([processes("a", centres(100, 6, spread: 0.01, seed: 3))])
    let current = run([processes("a", centres(104, 6, spread: 0.4, seed: 5))])
    let comparison = Comparison(baseline: baseline, current: current)
    let group = comparison.groups[0]
    #expect(group.time == .inconclusive)
    #expect(!group.timeDecided)
    let factor = try #require(group.processesNeeded)
    #expect(factor > 1)
    let words = group.remarks(gating: .all).joined()
    #expect(words.hasPrefix("could see ±\(Report.share(group.detectableChange)); the threshold 10% needs ~"))
    #expect(words.hasSuffix("× the processes (6 now)"), "\(words)")
    #expect(comparison.inDoubt == ["a"] && group.moreProcessesCouldSettle)
    #expect(comparison.overall == .inconclusive)
    let row = Report.comparison(comparison).split(separator: "\n").first { $0.hasPrefix("a ") } ?? ""
    #expect(row.contains("±\(Report.share(group.detectableChange))"))
    #expect(row.hasSuffix("inconclusive — " + words))
  }

  @Test("Beyond what more processes can settle, the row says why: a wide baseline, or a change at the threshold")
  func beyondHelp() {
    // The baseline's processes spread by ±40%: its own median is too wide for a 10% floor.
    let wideBaseline = Comparison(
      baseline: run([processes("a", centres(100, 6, spread: 0.4, seed: 3))]),
      current: run([processes("a", centres(100, 6, spread: 0.01, seed: 5))]))
    let wide = wideBaseline.groups[0]
    #expect(wide.time == .inconclusive && wide.processesNeeded == nil)
    #expect(wide.sensitivity.contains("; the baseline alone sees ±"), "\(wide.sensitivity)")
    #expect(wide.sensitivity.hasSuffix("too wide for the threshold 10%: record it with more processes"))
    #expect(!wide.moreProcessesCouldSettle && wideBaseline.inDoubt == ["a"])
    let outcome = Check(policy: ComparisonPolicy(), budget: 10).judge(
      wideBaseline.groups[0].current.map { run([$0]) }!, against: run([wide.baseline!]), measuredIn: 1,
      report: { _ in }, clock: { 0 },
      measure: { _, _ in
        Issue.record("nothing to measure")
        return run([])
      })
    #expect(
      outcome.summary
        == "sensitivity: no processes added; 1 group(s) still in doubt (1 that no number of this run's processes would settle: see their rows)"
    )
    // A change of 10.5% against a baseline that knows its median to about ±2%: at the threshold.
    let atThreshold = Comparison(
      baseline: run([processes("a", centres(100, 6, spread: 0.04, seed: 3))]),
      current: run([processes("a", [110.5, 110.4, 99, 110.6, 122, 110.5], seed: 5)]))
    let near = atThreshold.groups[0]
    #expect(near.time == .inconclusive && near.processesNeeded == nil)
    #expect(near.sensitivity.contains("; the change (+"), "\(near.sensitivity)")
    #expect(near.sensitivity.contains(" from the threshold 10%, within the baseline's own ±"))
  }
}

@Suite("Adaptive measurement: more processes for the groups in doubt, within a budget")
struct AdaptiveCheckTests {
  /// Measures groups in fresh processes whose centres are drawn per group (a wobbly group's spread
  /// widely); time advances by `cost` seconds per group and process on a clock of its own.
  final class FakeMeasurer {
    var calls: [(titles: [String], processes: Int)] = []
    var now = 0.0
    var seed: UInt64 = 100
    let cost: Double
    let spreads: [String: Double]

    init(cost: Double, spreads: [String: Double]) {
      self.cost = cost
      self.spreads = spreads
    }

    func measure(_ titles: [String], _ count: Int) -> RunResult {
      calls.append((titles, count))
      now += cost * Double(titles.count * count)
      seed += 10
      return run(titles.map { processes($0, centres(100, count, spread: spreads[$0]!, seed: seed), seed: seed) })
    }
  }

  let spreads = ["steady": 0.01, "wobbly": 0.25, "also-steady": 0.02]

  func first(_ measurer: FakeMeasurer) -> RunResult {
    run(spreads.keys.sorted().map { processes($0, centres(100, 6, spread: spreads[$0]!, seed: 7), seed: 7) })
  }

  var baseline: RunResult {
    run(spreads.keys.sorted().map { processes($0, centres(100, 6, spread: min(spreads[$0]!, 0.02), seed: 1)) })
  }

  @Test("Only the group in doubt gets processes, and the rounds stop within the budget")
  func withinBudget() throws {
    let measurer = FakeMeasurer(cost: 0.5, spreads: spreads)
    var check = Check(policy: ComparisonPolicy(), budget: 10)
    check.maximumProcesses = 1000
    let outcome = check.judge(
      first(measurer), against: baseline, measuredIn: 9, report: { _ in }, clock: { measurer.now },
      measure: { titles, count in measurer.measure(titles, count) })
    #expect(!measurer.calls.isEmpty)
    #expect(measurer.calls.allSatisfy { $0.titles == ["wobbly"] }, "\(measurer.calls)")
    #expect(outcome.additions.added.keys.sorted() == ["wobbly"])
    #expect(outcome.additions.seconds <= 10, "\(outcome.additions.seconds)")
    #expect(outcome.additions.seconds == measurer.now)
    let wobbly = try #require(outcome.result.group("wobbly"))
    #expect(wobbly.processes == 6 + outcome.additions.added["wobbly"]!)
    #expect(outcome.result.group("steady")?.processes == 6)
    // Stopped because the budget would be exceeded, or because the group settled.
    let settleable = outcome.comparison.groups.filter {
      outcome.comparison.inDoubt.contains($0.title) && $0.moreProcessesCouldSettle
    }
    #expect(outcome.additions.stopped == (settleable.isEmpty ? .settled : .budget))
    #expect(outcome.summary.contains("of the 10 s budget"))
  }

  @Test(
    "A baseline gives more processes to the groups it knows only to within more than ± half their threshold, within its budget"
  )
  func baselineRounds() {
    let measurer = FakeMeasurer(cost: 0.5, spreads: spreads)
    var check = Check(policy: ComparisonPolicy(), budget: 12)
    check.maximumProcesses = 1000
    let rounds = check.settleBaseline(
      first(measurer), measuredIn: 9, report: { _ in }, clock: { measurer.now },
      measure: { titles, count in measurer.measure(titles, count) })
    #expect(!measurer.calls.isEmpty && measurer.calls.allSatisfy { $0.titles == ["wobbly"] })
    #expect(rounds.seconds <= 12 && rounds.count == measurer.calls.count)
    #expect(rounds.result.group("wobbly")?.processes == 6 + rounds.added["wobbly"]!)
    #expect(rounds.result.group("steady")?.processes == 6)
    #expect(
      rounds.sentence("group(s)").hasPrefix(
        "sensitivity: \(rounds.count) round(s) added processes to 1 group(s) (wobbly +"))
  }

  @Test("No budget, no rounds: the group in doubt stays inconclusive and says what it would take")
  func noBudget() {
    let measurer = FakeMeasurer(cost: 0.5, spreads: spreads)
    let outcome = Check(policy: ComparisonPolicy(), budget: 0).judge(
      first(measurer), against: baseline, measuredIn: 9, report: { _ in }, clock: { measurer.now },
      measure: { titles, count in measurer.measure(titles, count) })
    #expect(measurer.calls.isEmpty)
    #expect(outcome.additions.stopped == .off && outcome.comparison.inDoubt == ["wobbly"])
    #expect(outcome.comparison.groups.first { $0.title == "wobbly" }?.moreProcessesCouldSettle == true)
    #expect(
      outcome.summary
        == "sensitivity: no processes added (0 s of the 0 s budget); 1 group(s) still in doubt (no budget)")
    let group = outcome.comparison.groups.first { $0.title == "wobbly" }
    #expect(group?.time == .inconclusive)
    #expect(group?.remarks(gating: .all).first?.contains("× the processes (6 now)") == true)
  }

  @Test("A round that would not fit the budget left is not started")
  func roundTooLong() {
    // One group-process costs 8 s of a 10 s budget: one process fits, the next round does not.
    let measurer = FakeMeasurer(cost: 8, spreads: spreads)
    let outcome = Check(policy: ComparisonPolicy(), budget: 10).judge(
      first(measurer), against: baseline, measuredIn: 3 * 6 * 8, report: { _ in }, clock: { measurer.now },
      measure: { titles, count in measurer.measure(titles, count) })
    #expect(measurer.calls.map(\.processes).reduce(0, +) <= 1)
    #expect(outcome.additions.seconds <= 10)
  }

  @Test("Settled groups need nothing: no rounds, and a change is confirmed in fresh processes")
  func settled() {
    let measurer = FakeMeasurer(cost: 0.5, spreads: ["steady": 0.01])
    let baseline = run([processes("steady", centres(100, 6, spread: 0.01, seed: 1))])
    let slower = run([processes("steady", centres(125, 6, spread: 0.01, seed: 2))])
    let outcome = Check(policy: ComparisonPolicy(), budget: 10).judge(
      slower, against: baseline, measuredIn: 3, report: { _ in }, clock: { measurer.now },
      measure: { titles, count in measurer.measure(titles, count) })
    #expect(outcome.additions.count == 0 && outcome.additions.stopped == .settled)
    // The confirmation measured the group again (at 100 here): the first verdict is dropped.
    #expect(measurer.calls.map(\.titles) == [["steady"]])
    #expect(outcome.comparison.groups[0].note == "first measured as regression; the same on re-measurement")
  }
}

@Suite("What decides a verdict: exact metrics, advisory groups, declared thresholds, gates with nothing to compare")
struct DecisionTests {
  func counted(_ group: GroupResult, _ instructions: Double?) -> GroupResult {
    var copy = group
    copy.instructionsPerOperation = instructions
    return copy
  }

  @Test("Time in doubt, instructions and allocations equal: the exact metrics decide, in words and in JSON")
  func exactDecides() throws {
    let baseline = run([counted(processes("a", centres(100, 6, spread: 0.01, seed: 3)), 681)])
    let current = run([counted(processes("a", centres(104, 6, spread: 0.4, seed: 5)), 681)])
    let comparison = Comparison(baseline: baseline, current: current)
    let group = comparison.groups[0]
    #expect(group.time == .inconclusive)
    #expect(group.decision(gating: .all).verdict == .same && group.decision(gating: .all).basis == .exact)
    #expect(comparison.overall == .same)
    let row = Report.comparison(comparison).split(separator: "\n").first { $0.hasPrefix("a ") } ?? ""
    #expect(
      row.hasSuffix(
        "same — decided by exact metrics (allocations, instructions); time inconclusive (\(group.sensitivity))"),
      "\(row)")
    let document = ComparisonDocument(comparison)
    #expect(document.groups[0].decidedBy == .exact && document.groups[0].verdict == .same)
    let json = String(decoding: try JSONEncoder().encode(document), as: UTF8.self)
    #expect(json.contains(#""decidedBy":"exact""#))
    // Without instruction counts on both sides, time stays in doubt: inconclusive, decided by time.
    let uncounted = Comparison(baseline: baseline, current: run([counted(current.groups[0], nil)]))
    #expect(uncounted.groups[0].decision(gating: .all).verdict == .inconclusive)
    #expect(uncounted.groups[0].decision(gating: .all).basis == .time)
    #expect(ComparisonDocument(uncounted).groups[0].decidedBy == .time)
  }

  @Test("An allocation regression decides while time is in doubt")
  func allocationDecides() {
    var more = processes("a", centres(104, 6, spread: 0.4, seed: 5))
    more.allocationsPerRun = 1
    let comparison = Comparison(baseline: run([processes("a", [100, 100, 101, 99, 100, 100])]), current: run([more]))
    #expect(comparison.groups[0].decision(gating: .all).verdict == .regression)
    #expect(comparison.groups[0].decision(gating: .all).basis == .exact)
    #expect(comparison.overall == .regression)
  }

  @Test("An advisory group's regression is shown but never fails the status")
  func advisory() {
    let baseline = run([processes("limit", [2.8, 2.81, 2.8, 2.79, 2.8, 2.8]), processes("a", [60, 60, 61, 59])])
    var slower = run([processes("limit", [3.6, 3.61, 3.6, 3.59, 3.6, 3.6]), processes("a", [60, 61, 60, 59])])
    slower.groups[0].allocationsPerRun = 2
    var policy = ComparisonPolicy()
    policy.groupThresholds = [GroupThresholds("limit", advisory: true)]
    let comparison = Comparison(baseline: baseline, current: slower, policy: policy)
    let limit = comparison.groups.first { $0.title == "limit" }!
    #expect(limit.verdict(gating: .all) == .regression)
    #expect(limit.status(gating: .all) == .same)
    #expect(comparison.overall == .same && comparison.overall.exitStatus == .success)
    let row = Report.comparison(comparison).split(separator: "\n").first { $0.hasPrefix("limit ") } ?? ""
    #expect(row.contains("regression (allocations) [advisory]"), "\(row)")
    #expect(ComparisonDocument(comparison).groups.first { $0.title == "limit" }?.advisory == true)
    // Without the declaration, the same comparison fails.
    #expect(Comparison(baseline: baseline, current: slower).overall == .regression)
  }

  @Test("A declared time floor and instruction threshold replace the defaults for their groups only")
  func declaredThresholds() {
    let baseline = run([processes("scene/parse", [100, 100, 101, 99, 100, 100]), processes("b", [50, 50, 51, 49])])
    let current = run([processes("scene/parse", [112, 112, 113, 111, 112, 112]), processes("b", [56, 56, 57, 55])])
    #expect(Comparison(baseline: baseline, current: current).groups.allSatisfy { $0.time == .regression })
    var policy = ComparisonPolicy()
    policy.groupThresholds = [
      GroupThresholds("scene/", timeThreshold: 0.2, instructionThreshold: 0.05),
      GroupThresholds("parse", instructionThreshold: 0.03),
    ]
    #expect(policy.limits(for: "scene/parse") == .init(timeThreshold: 0.2, instructionThreshold: 0.03, advisory: false))
    #expect(policy.limits(for: "b") == policy.defaultLimits)
    let comparison = Comparison(baseline: baseline, current: current, policy: policy)
    #expect(comparison.groups.first { $0.title == "scene/parse" }?.time == .same)
    #expect(comparison.groups.first { $0.title == "b" }?.time == .regression)
    let row = Report.comparison(comparison).split(separator: "\n").first { $0.hasPrefix("scene/parse ") } ?? ""
    #expect(row.hasSuffix("same [time 20%; instructions 3%]"), "\(row)")
  }

  @Test("Instructions asked for and missing on a side: inconclusive, and said; by default said, not failed")
  func nothingToCompare() {
    let baseline = run([counted(processes("a", [100, 100, 101, 99]), 681)])
    let current = run([processes("a", [100, 101, 100, 99])])
    var asked = ComparisonPolicy()
    asked.required = .instructions
    let required = Comparison(baseline: baseline, current: current, policy: asked)
    #expect(required.groups[0].instructions == .inconclusive)
    #expect(required.overall == .inconclusive)
    #expect(required.groups[0].remarks(gating: .all).contains("instructions asked for, but the run has none"))
    #expect(required.uncompared.first?.hasSuffix("those groups are inconclusive") == true)
    let quiet = Comparison(baseline: baseline, current: current)
    #expect(quiet.overall == .same)
    #expect(
      quiet.uncompared == [
        "instructions not compared: this run counted none for 1 of 1 group(s) (--instructions counts them); those groups pass on the other metrics"
      ])
    #expect(Report.comparison(quiet).hasSuffix("\n" + quiet.uncompared[0] + "\n"))
  }
}
