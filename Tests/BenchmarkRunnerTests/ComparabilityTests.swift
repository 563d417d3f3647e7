import BenchmarkRunner
import Foundation
import Testing

/// Issue 41: time verdicts a user can rely on. Each test names the item it checks.
@Suite("Comparability: kind of host, method and host state, decided once; gates that checked nothing do not pass")
struct ComparabilityTests {
  /// Reference loops of six processes around `cpu` and `memory` ns a step (±1 %), and a quiet probe.
  func calibrated(_ run: RunResult, cpu: Double = 1.8, memory: Double = 230, probe: Double? = nil) -> RunResult {
    var copy = run
    copy.calibration = Calibration(
      cpuNanoseconds: (0..<6).map { cpu * (1 + 0.01 * Double($0 % 3 - 1)) },
      memoryNanoseconds: (0..<6).map { memory * (1 + 0.01 * Double($0 % 2)) }, quietProbeNanoseconds: probe)
    return copy
  }

  /// Groups of six processes around their centres (±1 % between processes, ±1 % samples).
  func six(_ groups: [(String, Double)], seed: UInt64 = 1) -> RunResult {
    let offsets: [Double] = (0..<6).map { index in Double((index + Int(seed)) % 3 - 1) * 0.01 }
    return run(groups.map { title, centre in processes(title, offsets.map { centre * (1 + $0) }, seed: seed) })
  }

  @Test("41.5: another kind of host is one finding with its reason and override; another clock has no override")
  func kindAndMethod() {
    let here = calibrated(six([("a", 100)]))
    var there = calibrated(six([("a", 100)], seed: 5))
    there.machine.cpuModel = "Another CPU"
    let kind = Comparability(baseline: there, current: here)
    #expect(!kind.kind.holds && kind.method.holds && !kind.timeJudged)
    #expect(kind.timeNotJudgedReason?.hasPrefix("baseline recorded on another kind of host (Another CPU") == true)
    let forced = Comparability(baseline: there, current: here, overrides: .init(kind: true))
    #expect(forced.timeJudged && forced.kind.overridden)
    #expect(forced.timeClause.hasSuffix("(across kinds of host, as asked)"))

    var wall = calibrated(six([("a", 100)], seed: 5))
    wall.clock = nil
    let clock = Comparability(baseline: wall, current: here, overrides: .init(kind: true, state: true))
    #expect(!clock.method.holds && !clock.timeJudged)
    #expect(clock.timeNotJudgedReason == "baseline timed in wall time, this run in \(SampleClock.name)")
    #expect(clock.line?.contains("no option judges two methods") == true)
    // The kernel, memory and highest clock are recorded, not compared.
    var kernel = here
    kernel.machine.kernel = "another"
    kernel.machine.memoryGiB += 8
    #expect(Comparability(baseline: kernel, current: here).kind.holds)
  }

  @Test("41.2: loops within 2 % and a probe ×0.71 (bbc66e4's main job on its own host): every time judged, with ±N %")
  func issueCaseOne() {
    // The loops' figures of the issue: reference ×0.991, memory ×0.957; groups within ±3 % of the baseline.
    let baseline = calibrated(six([("a", 100), ("b", 50), ("c", 20)]), cpu: 1.8, memory: 230, probe: 52_000)
    let current = calibrated(
      six([("a", 102), ("b", 49), ("c", 20.5)], seed: 4), cpu: 1.8 * 0.991, memory: 230 * 0.957, probe: 37_000)
    let comparison = Comparison(baseline: baseline, current: current)
    #expect(comparison.timeJudged)
    #expect(comparison.groups.allSatisfy { $0.time == .same }, "\(comparison.groups.map(\.time))")
    let allowance = comparison.comparability.state.allowance
    #expect(allowance > 0 && allowance < 0.03, "\(allowance)")
    #expect(comparison.status == .success)
    #expect(
      comparison.verdictLine == "no regression: allocations judged; time judged with ±\(Report.share(allowance))",
      "\(comparison.verdictLine)")
    #expect(comparison.comparability.state.reason.contains("the quietest core ran the probe ×0.712 as long"))
    // `sees` states the allowance beside the interval's half-width.
    let row = Report.comparison(comparison).split(separator: "\n").first { $0.hasPrefix("a ") } ?? ""
    #expect(row.contains(" +\(Report.share(allowance))"), "\(row)")
  }

  @Test("41.2: a host state that moved widens the threshold: +12 % is a regression at ±0, not beside loops ×1.06")
  func widening() {
    let baseline = calibrated(six([("a", 100)]))
    let slower = six([("a", 112)], seed: 4)
    let steady = Comparison(baseline: baseline, current: calibrated(slower))
    #expect(steady.groups[0].time == .regression, "\(steady.groups[0].allowance)")
    let moved = Comparison(baseline: baseline, current: calibrated(slower, cpu: 1.8 * 1.06))
    #expect(moved.timeJudged && moved.groups[0].allowance >= 0.06)
    #expect(moved.groups[0].time != .regression && moved.groups[0].time != .notJudged)
    #expect(moved.groups[0].timeThreshold >= 0.16)
    // --ignore-host-state: the same files at the group's own threshold.
    var ignoring = ComparisonPolicy()
    ignoring.overrides.state = true
    let ignored = Comparison(baseline: baseline, current: calibrated(slower, cpu: 1.8 * 1.06), policy: ignoring)
    #expect(ignored.groups[0].allowance == 0 && ignored.groups[0].time == .regression)
    #expect(ignored.comparability.line?.contains("(ignored, as asked)") == true)
  }

  @Test(
    "41.2: the memory loop widens a group by its share of cycles waiting on memory (--cycles), no other; without loops, times are judged at ±0 and said"
  )
  func memoryAndMissingLoops() {
    let baseline = calibrated(six([("a", 100)]))
    let weather = Comparability(baseline: baseline, current: calibrated(six([("a", 100)]), memory: 230 * 1.2))
    #expect(weather.state.allowance < 0.03)
    // Twice as long: no group's cache misses were counted, so it widens nothing, and says so.
    let other = Comparability(baseline: baseline, current: calibrated(six([("a", 100)]), memory: 460))
    #expect(other.state.allowance < 0.03 && other.timeJudged && other.largestAllowance < 0.03)
    #expect(other.state.reason.contains("widens only groups whose cache misses were counted, --cycles: none here"))
    // Group a spends half its estimated cycles on last-level misses (5 × 100 of 1,000), b none.
    var counted = calibrated(six([("a", 100), ("b", 100)]))
    counted.groups[0].estimatedCyclesPerOperation = 1_000
    counted.groups[0].lastLevelMissesPerOperation = 5
    counted.groups[1].estimatedCyclesPerOperation = 1_000
    counted.groups[1].lastLevelMissesPerOperation = 0
    #expect(Comparability.memoryShare(of: counted.groups[0]) == 0.5)
    let bound = Comparability(baseline: counted, current: calibrated(six([("a", 100), ("b", 100)]), memory: 460))
    #expect(bound.allowance(for: "a") > 0.45, "\(bound.allowance(for: "a"))")
    #expect(bound.allowance(for: "b") < 0.03, "\(bound.allowance(for: "b"))")
    #expect(bound.state.reason.contains("weighted by each group's share of cycles waiting on memory: 1 group(s)"))
    let bare = Comparability(baseline: six([("a", 100)]), current: calibrated(six([("a", 100)])))
    #expect(bare.timeJudged && !bare.state.measured && bare.state.allowance == 0)
    #expect(bare.state.reason.hasPrefix("host state not measured (the baseline has no calibration loops)"))
  }

  @Test("41.3: a reference group 78 % slower is a regression of that group; it decides nothing about the host")
  func referenceGroup() {
    func suite(_ mail: Double, seed: UInt64) -> RunResult {
      var run = calibrated(six([("mail/cold", mail), ("mail/warm", 40)], seed: seed))
      run.groups[1].reference = "mail/cold"
      return run
    }
    let comparison = Comparison(baseline: suite(100, seed: 1), current: suite(178, seed: 3))
    #expect(comparison.timeJudged)
    #expect(comparison.groups.first { $0.title == "mail/cold" }?.time == .regression)
    #expect(comparison.groups.first { $0.title == "mail/warm" }?.time == .same)
    #expect(comparison.status == .regression)
    #expect(comparison.comparability.state.reason.contains("mail") == false)
  }

  @Test(
    "41.4: --metrics time against another kind of host, or allocations,cycles without cycles: status 6, with the reason"
  )
  func nothingChecked() {
    var there = calibrated(six([("a", 100)], seed: 5))
    there.machine.cpuModel = "Another CPU"
    var time = ComparisonPolicy()
    time.gated = .time
    time.named = .time
    let unjudged = Comparison(baseline: there, current: calibrated(six([("a", 100)])), policy: time)
    #expect(unjudged.overall == .same && unjudged.status == .notJudged && unjudged.status.code == 6)
    #expect(
      unjudged.unjudged.first?.hasPrefix("time not judged for any group: baseline recorded on another kind") == true)
    #expect(
      unjudged.verdictLine.hasPrefix("NOT JUDGED: time not judged for any group: baseline recorded"),
      "\(unjudged.verdictLine)")

    var cycles = ComparisonPolicy()
    cycles.gated = [.allocations, .cycles]
    cycles.named = [.allocations, .cycles]
    var counted = six([("a", 100)])
    counted.groups[0].estimatedCyclesPerOperation = 760
    let uncounted = Comparison(baseline: six([("a", 100)]), current: counted, policy: cycles)
    #expect(uncounted.status == .notJudged)
    #expect(uncounted.unjudged == ["cycles not judged for any group: the baseline holds none"])
    // Counted on both sides, the same gate checks it and passes.
    #expect(Comparison(baseline: counted, current: counted, policy: cycles).status == .success)
    // An exact regression still says so first.
    var allocating = counted
    allocating.groups[0].allocationsPerRun = 1
    #expect(Comparison(baseline: six([("a", 100)]), current: allocating, policy: cycles).status == .regression)
  }

  @Test("41.4: a run of the whole suite without groups the baseline has: status 6; filtered on purpose: judged")
  func missingGroups() throws {
    let baseline = six([("a", 100), ("b", 50), ("c", 20), ("d", 10)])
    let filtered = six([("a", 100)], seed: 3)
    let whole = Comparison(baseline: baseline, current: filtered)
    #expect(whole.status == .notJudged)
    #expect(
      whole.unjudged == ["3 group(s) of the baseline missing from a run of the whole suite (b, c, d): not checked"])
    let check = Check(policy: ComparisonPolicy())
    let none: (([String], Int) throws(Never) -> RunResult)? = nil
    let unfiltered = check.judge(
      filtered, against: baseline, filtered: false, measuredIn: 1, report: { _ in }, clock: { 0 }, measure: none)
    #expect(unfiltered.comparison.status == .notJudged)
    let selected = check.judge(
      filtered, against: baseline, filtered: true, measuredIn: 1, report: { _ in }, clock: { 0 }, measure: none)
    #expect(selected.comparison.status == .success && selected.comparison.groups.count == 1)
  }

  @Test(
    "41.4: one process of one sample: the interval is unknown, never ±0 %; +44 % is inconclusive, not 'could see ±0%'")
  func oneProcess() {
    func single(_ value: Double) -> RunResult {
      run([
        GroupResult(merging: [
          ProcessMeasurement(
            title: "a", operations: 10, samples: [value], allocationsPerRun: 0, bytesPerRun: 0,
            instructionsPerOperation: nil)
        ])
      ])
    }
    for change in [1.0116, 1.44] {
      let comparison = Comparison(baseline: single(100), current: single(100 * change))
      let group = comparison.groups[0]
      #expect(!group.intervalKnown && group.detectableChange.isNaN)
      #expect(group.time == .inconclusive)
      #expect(group.sensitivity == "could see: unknown (the baseline and the run measured in one process)")
      let table = Report.comparison(comparison)
      #expect(!table.contains("±0%") && table.contains("unknown"), "\(table)")
      #expect(ComparisonDocument(comparison).groups[0].detectableChange == nil)
    }
  }

  @Test("41.4, 41.5: a re-measurement judged otherwise neither confirms nor drops: the first verdict stays, said")
  func notJudgedRemeasurement() {
    let baseline = calibrated(six([("a", 100)]))
    var first = Comparison(baseline: baseline, current: calibrated(six([("a", 130)], seed: 3)))
    #expect(first.groups[0].time == .regression)
    var other = baseline
    other.machine.cpuModel = "Another CPU"
    first.confirm(with: Comparison(baseline: other, current: calibrated(six([("a", 130)], seed: 7))))
    #expect(first.groups[0].time == .regression)
    #expect(first.groups[0].note == "unconfirmed: the re-measurement's times were not judged")
  }

  /// Two builds whose own loops, probe and reference group differ wildly (what
  /// bbc66e4's `ab` read as another host), one process of 12 samples per call.
  final class Builds {
    var centres: [ABTest.Side: [String: Double]]
    var seed: UInt64 = 0
    init(_ centres: [ABTest.Side: [String: Double]]) { self.centres = centres }

    func measure(_ side: ABTest.Side, _ titles: [String]?) -> RunResult {
      seed += 1
      let groups = centres[side]!.sorted { $0.key < $1.key }.filter { titles?.contains($0.key) ?? true }
      var result = run(
        groups.map { title, centre in
          var group = processes(title, [centre], count: 12, seed: seed)
          if title != "limit" { group.reference = "limit" }
          return group
        })
      // B's build runs the loops ×0.7 as long and its quietest probe 37,486 ns against A's 51,967 ns.
      let b = side == .b
      result.calibration = Calibration(
        cpuNanoseconds: [b ? 1.26 : 1.8], memoryNanoseconds: [b ? 160 : 230],
        quietProbeNanoseconds: b ? 37_486 : 51_967)
      return result
    }
  }

  @Test(
    "41.1: ab judges time by its control alone: a README-only pair is `same`, a solve() 20 % dearer is caught by time")
  func abControl() {
    var policy = ComparisonPolicy()
    policy.gated = .time
    policy.named = .time
    policy.expectsEveryGroup = false
    let same = ["limit": 3.0, "solve": 200.0]
    let readme = Builds([.a: same, .b: ["limit": 2.1, "solve": 200.0], .control: same])
    let pair = ABTest(rounds: 6, policy: policy).run(progress: { _ in }) { readme.measure($0, $1) }
    #expect(pair.comparison.timeJudged)
    #expect(pair.comparison.groups.first { $0.title == "solve" }?.time == .same)
    #expect(pair.comparison.groups.allSatisfy { $0.time != .notJudged })
    #expect(pair.comparison.comparability.pairing == .interleaved)
    #expect(pair.comparison.comparability.line?.contains("latency loop") != true)
    // The reference group is judged like any other: B's own loop ran quicker, and that is B's.
    #expect(pair.comparison.groups.first { $0.title == "limit" }?.time == .improvement)
    #expect(pair.status == .improvementOnly)

    let dearer = Builds([.a: same, .b: ["limit": 3.0, "solve": 240.0], .control: same])
    let caught = ABTest(rounds: 6, policy: policy).run(progress: { _ in }) { dearer.measure($0, $1) }
    #expect(caught.comparison.groups.first { $0.title == "solve" }?.time == .regression)
    #expect(caught.status == .regression && caught.status.code == 2)
    #expect(caught.comparison.verdictLine.hasPrefix("REGRESSION: time judged"), "\(caught.comparison.verdictLine)")
  }

  @Test("41.1, 41.5: two builds timed with two clocks are not judged in ab either, and --metrics time says so (6)")
  func abClock() {
    var policy = ComparisonPolicy()
    policy.gated = .time
    policy.named = .time
    policy.expectsEveryGroup = false
    policy.overrides = .init(kind: true, state: true)
    let builds = Builds([.a: ["solve": 200], .b: ["solve": 240], .control: ["solve": 200]])
    let outcome = ABTest(rounds: 2, policy: policy).run(progress: { _ in }) { side, titles in
      var result = builds.measure(side, titles)
      if side == .b { result.clock = nil }
      return result
    }
    #expect(!outcome.comparison.timeJudged && outcome.control.timeJudged)
    #expect(
      outcome.comparison.comparability.timeNotJudgedReason
        == "A timed in \(SampleClock.name), B in wall time (builds of two versions of the runner)")
    #expect(outcome.status == .notJudged)
  }

  @Test("41.5: merge: one kind with another kernel merges; another clock never does, even with --allow-mixed-hosts")
  func merging() throws {
    let first = six([("a", 100)])
    var kernel = six([("b", 50)])
    kernel.machine.kernel = "another"
    #expect(try RunResult.merging([("1.json", first), ("2.json", kernel)]).groups.count == 2)
    var other = kernel
    other.machine.cpuModel = "Another CPU"
    #expect(throws: ToolFailure.self) { try RunResult.merging([("1.json", first), ("2.json", other)]) }
    #expect(try RunResult.merging([("1.json", first), ("2.json", other)], allowMixedHosts: true).groups.count == 2)
    var wall = kernel
    wall.clock = nil
    do {
      _ = try RunResult.merging([("1.json", first), ("2.json", wall)], allowMixedHosts: true)
      Issue.record("two clocks merged")
    } catch {
      #expect(
        error.message == "2.json: timed in wall time, 1.json in \(SampleClock.name) (no option merges two clocks)")
    }
  }

  @Test("41.5: history keys its series and report its host line by the same rule")
  func historyAndReport() {
    let here = calibrated(six([("a", 100)]))
    #expect(here.machine.hostClass == Comparability.kindKey(here.machine))
    // Loops that moved are a host state, not another machine: the report says nothing of it.
    let moved = calibrated(six([("a", 100)]), cpu: 3.6)
    #expect(CapacityReport(run: here, baseline: moved).markdown.contains("compare two machines") == false)
    var other = moved
    other.machine.cpuModel = "Another CPU"
    #expect(CapacityReport(run: here, baseline: other).markdown.contains("compare two machines, not two builds"))
  }
}
