import BenchmarkRunner
import Foundation
import Testing

@Suite("Bisection: exact counts, paired time steps, skipped probes, the JSON document")
struct BisectionTests {
  /// Counts per commit: group "a" steps from 681 to 890 instructions at `step`; "b" never changes.
  final class FakeCounter {
    var counted: [Int] = []
    let value: (Int) -> Double

    init(_ value: @escaping (Int) -> Double) { self.value = value }

    func count(_ index: Int, _ titles: [String]?) -> [String: Double] {
      counted.append(index)
      return ["a": value(index), "b": 300].filter { titles?.contains($0.key) ?? true }
    }
  }

  /// Time per commit: one process of 6 samples around its centre per call; a
  /// commit in `noisy` has a wide spread (IQR beyond the noise limit) for its first `noisyCalls` measurements.
  final class FakeMachine {
    var calls: [Int: Int] = [:]
    var seed: UInt64 = 0
    let centre: (Int) -> Double
    let noisy: Set<Int>
    let noisyCalls: Int

    init(noisy: Set<Int> = [], noisyCalls: Int = .max, centre: @escaping (Int) -> Double) {
      self.centre = centre
      self.noisy = noisy
      self.noisyCalls = noisyCalls
    }

    func measure(_ index: Int, _ titles: [String]?) -> RunResult {
      calls[index, default: 0] += 1
      seed += 1
      let spread = noisy.contains(index) && calls[index]! <= noisyCalls ? 0.9 : 0.02
      let groups = [("a", centre(index)), ("b", 50.0)].filter { titles?.contains($0.0) ?? true }
      return result(groups.map { ($0.0, samples($0.1, count: 6, spread: spread, seed: seed), 0) }).oneProcess
    }
  }

  static func search(_ n: Int, _ counter: FakeCounter) -> Bisection.Outcome {
    Bisection.exact(commits: n, progress: { _ in }) { counter.count($0, $1) }
  }

  static func search(_ n: Int, _ machine: FakeMachine, rounds: Int = 3) -> Bisection.Outcome {
    Bisection.TimeSearch(rounds: rounds).run(commits: n, progress: { _ in }, prepare: { _ in }) {
      machine.measure($0, $1)
    }
  }

  @Test(
    "Exact counts: the first changed commit is found wherever the step is, in at most ⌈log₂ 8⌉ = 3 probes",
    arguments: 1...8)
  func exactStep(step: Int) {
    let counter = FakeCounter { $0 >= step ? 890 : 681 }
    let outcome = Self.search(8, counter)
    #expect(outcome.found == step)
    #expect(outcome.group == "a")
    #expect(outcome.changes.map(\.title) == ["a"])
    #expect(outcome.before == 681 && outcome.after == 890)
    #expect(outcome.confirmed && outcome.isConclusive)
    #expect(outcome.probes.count <= 3)
    // GOOD and BAD are counted in full, every probe once and only for the changed group.
    #expect(counter.counted.count == 2 + outcome.probes.count)
  }

  @Test("Exact counts: a small move of an earlier commit does not stop the search before the large one")
  func smallMoveFirst() {
    let counter = FakeCounter { ($0 >= 2 ? 684 : 681) + ($0 >= 6 ? 206 : 0) }
    let outcome = Self.search(8, counter)
    #expect(outcome.found == 6)
    #expect(outcome.before == 684 && outcome.after == 890)
    #expect(outcome.notes.isEmpty)
  }

  @Test("Exact counts: a change made in two steps names the commit that crossed half-way, with its share")
  func twoSteps() {
    let counter = FakeCounter { 600 + ($0 >= 3 ? 100 : 0) + ($0 >= 6 ? 120 : 0) }
    let outcome = Self.search(8, counter)
    #expect(outcome.found == 6)
    #expect(outcome.notes.contains { $0.hasPrefix("this commit made 54.5% of the change") })
  }

  @Test("Exact counts: nothing changed beyond half an instruction, so no commit; the document's commit is null")
  func exactNone() throws {
    let counter = FakeCounter { 681 + ($0 == 8 ? 0.4 : 0) }
    let outcome = Self.search(8, counter)
    #expect(outcome.found == nil && outcome.group == nil && outcome.isConclusive)
    #expect(counter.counted == [0, 8])
    let object = try Self.json(outcome, commits: 8)
    #expect(object["commit"] is NSNull)
    #expect(object["subject"] is NSNull)
    #expect((object["candidates"] as? [Any])?.isEmpty == true)
  }

  @Test("The document names the commit found by its full hash, with its parent and the change")
  func documentFound() throws {
    let outcome = Self.search(8, FakeCounter { $0 >= 5 ? 890 : 681 })
    let object = try Self.json(outcome, commits: 8)
    #expect(object["commit"] as? String == Self.hash(5))
    #expect(object["parent"] as? String == Self.hash(4))
    #expect(object["subject"] as? String == "commit 5")
    #expect(object["metric"] as? String == "instructions")
    #expect(abs((object["ratio"] as? Double ?? 0) - 890.0 / 681) < 1e-12)
  }

  @Test("Time: a 30% step is found by paired sets of rounds, each probe placed only when two sets agree")
  func timeStep() {
    let machine = FakeMachine { $0 >= 5 ? 130 : 100 }
    let outcome = Self.search(8, machine)
    #expect(outcome.found == 5)
    #expect(outcome.group == "a")
    #expect(outcome.confirmed && outcome.isConclusive)
    #expect(outcome.probes.map(\.index) == [4, 6, 5])
    #expect(outcome.probes.map(\.side) == [.unchanged, .changed, .changed])
    #expect(outcome.probes.allSatisfy { $0.detail.components(separatedBy: "set ").count - 1 == 2 })
    #expect(abs(outcome.ratio! - 1.3) < 0.02)
  }

  @Test("Time: a probe whose first set is noisy is measured again, not guessed, and the output says so")
  func noisySetRemeasured() {
    // #4 is the first probe; its first 3 measurements (the first set of 3 rounds) are noisy.
    let machine = FakeMachine(noisy: [4], noisyCalls: 3) { $0 >= 3 ? 130 : 100 }
    let outcome = Self.search(8, machine)
    #expect(outcome.found == 3)
    let first = outcome.probes.first { $0.index == 4 }
    #expect(first?.side == .changed)
    #expect(first?.detail.contains("set 3") == true)
    #expect(outcome.notes.contains("#4: a set was unclear, re-measured until two sets agreed"))
  }

  @Test("Time: a commit that never measures cleanly is skipped; when it hides the change the answer is the range")
  func noisyCommitWidens() throws {
    let machine = FakeMachine(noisy: [4]) { $0 >= 5 ? 130 : 100 }
    let outcome = Self.search(8, machine)
    #expect(outcome.found == nil)
    #expect(outcome.candidates == [4, 5])
    #expect(!outcome.isConclusive)
    #expect(outcome.probes.first?.side == .unclear)
    #expect(outcome.notes.contains { $0.hasPrefix("#4: no two of 4 sets agreed; skipped") })
    #expect(try Self.json(outcome, commits: 8)["commit"] is NSNull)

    // Tried once more when nothing else is left, and still noisy.
    #expect(outcome.probes.map(\.index) == [4, 3, 5, 4])
    #expect(outcome.notes.contains("#4: probed again, in fresh sets, between #3 and #5"))

    // A skipped commit beside the change does not hide it.
    let found = Self.search(8, FakeMachine(noisy: [4]) { $0 >= 6 ? 130 : 100 })
    #expect(found.found == 6 && found.isConclusive)
  }

  @Test("Time: a commit noisy only for a while is skipped, then probed again once its neighbours are placed, and found")
  func transientNoise() {
    // #4's first four sets of 3 rounds are noisy; it is the change.
    let machine = FakeMachine(noisy: [4], noisyCalls: 12) { $0 >= 4 ? 130 : 100 }
    let outcome = Self.search(8, machine)
    #expect(outcome.found == 4 && outcome.isConclusive)
    #expect(outcome.probes.map(\.index) == [4, 3, 5, 4])
    #expect(outcome.probes.map(\.side) == [.unclear, .unchanged, .changed, .changed])
  }

  @Test("Time: GOOD against BAD too noisy to judge at first is measured again in fresh rounds, not given up")
  func noisyEnds() {
    // GOOD's first 9 measurements (A and A′ of 3 rounds, then A of 3 more) are noisy.
    let machine = FakeMachine(noisy: [0], noisyCalls: 9) { $0 >= 6 ? 130 : 100 }
    let outcome = Self.search(8, machine)
    #expect(outcome.notes.first == "GOOD against BAD could not be judged; measured again in 3 fresh rounds")
    #expect(outcome.found == 6 && outcome.isConclusive)
  }

  @Test("Time: GOOD and BAD the same, so no commit; nothing but GOOD and BAD is measured")
  func timeNone() {
    let machine = FakeMachine { _ in 100 }
    let outcome = Self.search(8, machine)
    #expect(outcome.found == nil && outcome.group == nil && outcome.isConclusive)
    #expect(Set(machine.calls.keys) == [0, 8])
  }

  @Test("Estimated cycles are followed as instructions are, one count per commit; time alone is measured in pairs")
  func cyclesAreExact() {
    #expect(
      BisectMetric.measured.map(\.rawValue) == [
        "instructions", "time", "cycles", "l1-misses", "ll-misses", "branches", "mispredictions",
      ])
    #expect(BisectMetric.cycles.isExact && BisectMetric.instructions.isExact && !BisectMetric.time.isExact)
    let outcome = Bisection.exact(commits: 8, metric: .cycles, progress: { _ in }) { index, titles in
      ["a": index >= 3 ? 2_823 : 1_277].filter { titles?.contains($0.key) ?? true }
    }
    #expect(outcome.metric == .cycles && outcome.found == 3 && outcome.isConclusive)
    #expect(BisectMetric.cycles.unit == "cycles/op")
  }

  static func hash(_ index: Int) -> String { String(repeating: String(index, radix: 16), count: 40) }

  static func json(_ outcome: Bisection.Outcome, commits: Int) throws -> [String: Any] {
    let line = (0...commits).map { Bisection.Document.Commit(commit: hash($0), subject: "commit \($0)") }
    let document = Bisection.Document(
      outcome, commits: line, good: .init(ref: "good", commit: hash(0)), bad: .init(ref: "bad", commit: hash(commits)),
      functions: [], built: 0, reused: 0, seconds: 0, buildSeconds: 0)
    let data = try JSONEncoder().encode(document)
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }
}

extension RunResult {
  /// All of each group's samples as one process, as `run --processes 1` writes.
  fileprivate var oneProcess: RunResult {
    var copy = self
    copy.groups = groups.map { group in
      var measurement = group.measurements[0]
      measurement.samples = group.samples
      return GroupResult(merging: [measurement])
    }
    return copy
  }
}
