import BenchmarkRunner
import Foundation
import Testing

/// The first of `names` found on PATH.
private func onPath(_ names: String...) -> String? {
  let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
  for name in names {
    for folder in folders where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
      return "\(folder)/\(name)"
    }
  }
  return nil
}

private let compiler = onPath("cc", "clang", "gcc")
private let canSimulate =
  compiler != nil && onPath("valgrind") != nil && onPath("setarch") != nil && onPath("objcopy") != nil
  && FileManager.default.fileExists(atPath: "/usr/include/valgrind/callgrind.h")

@Suite("Estimated cycles: instructions plus weighted misses of simulated caches")
struct CycleEstimateTests {
  @Test("Cycles are instructions + 10 per first-level miss + 100 per last-level miss")
  func formula() {
    #expect(CycleModel.cycles(instructions: 1_000, level1Misses: 20, lastLevelMisses: 3) == 1_500)
    #expect(CycleModel.cycles(instructions: 700, level1Misses: 0, lastLevelMisses: 0) == 700)
    // A trip to memory misses both levels: 110 cycles beyond its instruction.
    #expect(CycleModel.cycles(instructions: 1, level1Misses: 1, lastLevelMisses: 1) == 111)
    #expect(Callgrind.Counts(instructions: 50).estimatedCycles == nil)
    #expect(Callgrind.Counts(instructions: 50, level1Misses: 2, lastLevelMisses: 1).estimatedCycles == 170)
    #expect(CycleModel.callgrindOptions.contains("--cache-sim=yes"))
  }

  @Test("A dump's totals are read by the names of its events line, trailing zero columns left out")
  func dumps() throws {
    let simulated = """
      desc: Trigger: Client Request: probe/walk
      events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw
      summary: 0
      totals: 700006 100000 1 2 1563 1 2 1563
      """
    let counts = try #require(Callgrind.Counts(dump: simulated))
    #expect(counts.instructions == 700_006)
    #expect(counts.level1Misses == 1_566)
    #expect(counts.lastLevelMisses == 1_565)
    #expect(counts.estimatedCycles == Double(700_006 + 10 * 1_566 + 100 * 1_565))
    let plain = try #require(Callgrind.Counts(dump: "events: Ir\nsummary: 825\ntotals: 825\n"))
    #expect(plain == Callgrind.Counts(instructions: 825))
    #expect(Callgrind.Counts(dump: "events: Ir\n") == nil)
  }

  /// A baseline and a run of one group with the given counts, compared.
  func comparison(_ old: Callgrind.Counts, _ new: Callgrind.Counts, gated: GatedMetrics) -> Comparison {
    var baseline = result([("probe/walk", samples(100), 0)])
    var current = result([("probe/walk", samples(100, seed: 2), 0)])
    baseline.groups[0].setCounts(old)
    current.groups[0].setCounts(new)
    baseline.cycleModel = CycleModel.description
    current.cycleModel = CycleModel.description
    var policy = ComparisonPolicy()
    policy.gated = gated
    return Comparison(baseline: baseline, current: current, policy: policy)
  }

  @Test("Cycles gate like instructions: beyond 2% a change, within it the same; another model is not compared")
  func gate() {
    let old = Callgrind.Counts(instructions: 10_000, level1Misses: 100, lastLevelMisses: 10)
    let more = Callgrind.Counts(instructions: 10_000, level1Misses: 130, lastLevelMisses: 15)
    let few = Callgrind.Counts(instructions: 10_000, level1Misses: 101, lastLevelMisses: 10)
    #expect(comparison(old, more, gated: .all).groups[0].cycles == .regression)
    #expect(comparison(old, more, gated: .all).overall == .regression)
    #expect(comparison(old, more, gated: [.instructions]).overall == .same)
    #expect(
      Report.comparison(comparison(old, more, gated: [.instructions])).contains("same (cycles regression, not gated)"))
    #expect(Report.comparison(comparison(old, more, gated: .all)).contains("regression (cycles)"))
    #expect(comparison(old, few, gated: .all).groups[0].cycles == .same)
    #expect(comparison(more, old, gated: .all).groups[0].cycles == .improvement)
    var other = result([("probe/walk", samples(100), 0)])
    other.groups[0].setCounts(more)
    other.cycleModel = "instructions + 5 × L1 misses"
    var baseline = result([("probe/walk", samples(100), 0)])
    baseline.groups[0].setCounts(old)
    baseline.cycleModel = CycleModel.description
    #expect(Comparison(baseline: baseline, current: other).groups[0].cycles == .same)
  }

  /// A workload that reads 262,144 bytes of a 64 MiB buffer with the stride its
  /// second argument gives, between callgrind's client requests, as a worker
  /// counts a group: the same instructions whatever the stride.
  static let workload = #"""
    #include <stdlib.h>
    #include <valgrind/callgrind.h>

    static unsigned char *buffer;
    static size_t stride;

    __attribute__((noinline)) static unsigned walk(void) {
      unsigned sum = 0;
      size_t at = 0;
      for (int step = 0; step < (1 << 18); step++) {
        sum += buffer[at];
        at = (at + stride) & ((64u << 20) - 1);
      }
      return sum;
    }

    int main(int argc, char **argv) {
      if (argc < 3) return 64;
      stride = (size_t)atol(argv[2]);
      buffer = calloc(64u << 20, 1);
      volatile unsigned sink = walk();
      CALLGRIND_START_INSTRUMENTATION;
      sink += walk();
      CALLGRIND_ZERO_STATS;
      CALLGRIND_START_INSTRUMENTATION;
      sink += walk();
      CALLGRIND_STOP_INSTRUMENTATION;
      CALLGRIND_DUMP_STATS_AT(argv[1]);
      return 0;
    }
    """#

  @Test(
    "A walk that thrashes the caches costs the instructions of a sequential one: --cycles tells them apart, --instructions cannot",
    .enabled(if: canSimulate, "needs a C compiler, valgrind (with its headers), setarch and objcopy"))
  func cacheThrash() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cycle-test-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let program = try Self.compile(Self.workload, named: "walk", in: folder)

    // One byte after another (256 KiB: the last level holds them), and 4,160 bytes apart: every
    // read a line of its own, 16 MiB of lines that the 8 MiB last level cannot keep between walks.
    var counts: [String: Callgrind.Counts] = [:]
    for (name, stride) in [("sequential", 1), ("strided", 4_160)] {
      let counter = InstructionCounter(executable: program, simulatesCaches: true) { [$0, String(stride)] }
      counts[name] = try counter.counts(["probe/walk"]) { _ in }["probe/walk"]
    }
    let sequential = try #require(counts["sequential"])
    let strided = try #require(counts["strided"])
    #expect(sequential.instructions == strided.instructions)
    #expect(try #require(strided.lastLevelMisses) >= 250_000)
    #expect(try #require(sequential.lastLevelMisses) < 1_000)
    let ratio = try #require(strided.estimatedCycles) / #require(sequential.estimatedCycles)
    #expect(ratio > 5, "strided over sequential: \(ratio)")

    // The same change judged as `compare` judges it.
    let instructionsOnly = comparison(sequential, strided, gated: [.allocations, .instructions])
    #expect(instructionsOnly.groups[0].instructions == .same)
    #expect(instructionsOnly.overall == .same)
    let withCycles = comparison(sequential, strided, gated: [.allocations, .instructions, .cycles])
    #expect(withCycles.groups[0].cycles == .regression)
    #expect(withCycles.overall == .regression)
  }

  @Test("A dump of the branch simulation gives conditional and mispredicted branches per operation, gated like cycles")
  func branchCounts() throws {
    let dump = "events: Ir Bc Bcm Bi Bim\nsummary: 9000 1200 300 40 10\ntotals: 9000 1200 300 40 10\n"
    let counts = try #require(Callgrind.Counts(dump: dump))
    var result = result([("probe/branch", samples(100), 0)])
    result.groups[0].setCounts(counts)
    // 10 operations: 1,200 conditional branches, 300 + 10 mispredicted (conditional and indirect).
    #expect(result.groups[0][.branches] == 120)
    #expect(result.groups[0][.mispredictions] == 31)
    #expect(result.groups[0][.cycles] == nil, "no cache simulation, no estimate")
    // 5% more mispredictions: a regression where gated, said where not.
    var more = counts
    more.events["Bcm"] = 315.5
    let judged = comparison(counts, more, gated: .all)
    #expect(judged.groups[0][verdictOn: .mispredictions] == .regression)
    #expect(judged.groups[0][verdictOn: .branches] == .same)
    #expect(judged.overall == .regression)
    #expect(judged.judged.names.contains("mispredictions") && judged.judged.names.contains("branches"))
    let table = Report.comparison(comparison(counts, more, gated: [.allocations, .instructions]))
    #expect(table.contains("same (mispredictions regression, not gated)"), "\(table)")
    // Below the floor of a tenth of a misprediction an operation, a change is the same.
    more.events["Bcm"] = 300.5
    #expect(comparison(counts, more, gated: .all).groups[0][verdictOn: .mispredictions] == .same)
    #expect(GatedMetrics(names: "branches,mispredictions") == [GatedMetrics(.branches), GatedMetrics(.mispredictions)])
  }

  @Test(
    "Data-dependent branches cost the instructions of predictable ones: --cycles counts the mispredictions that tell them apart",
    .enabled(if: canSimulate, "needs a C compiler, valgrind (with its headers), setarch and objcopy"))
  func branchMispredictions() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("branch-test-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let program = try Self.compile(Self.branchWorkload, named: "branch", in: folder)

    var counts: [String: Callgrind.Counts] = [:]
    for pattern in ["steady", "random"] {
      let counter = InstructionCounter(executable: program, simulatesCaches: true) { [$0, pattern] }
      counts[pattern] = try counter.counts(["probe/branch"]) { _ in }["probe/branch"]
    }
    let steady = try #require(counts["steady"])
    let random = try #require(counts["random"])
    #expect(steady.instructions == random.instructions)
    #expect(steady.events["Bc"] == random.events["Bc"])
    #expect(try #require(steady.events["Bc"]) >= 65_536)
    // A random bit a byte: about half of 65,536 branches mispredicted; a steady one: almost none.
    #expect(try #require(random.events["Bcm"]) >= 20_000)
    #expect(try #require(steady.events["Bcm"]) < 100)
    let judged = comparison(steady, random, gated: .all)
    #expect(judged.groups[0].instructions == .same)
    #expect(judged.groups[0][verdictOn: .branches] == .same)
    #expect(judged.groups[0][verdictOn: .mispredictions] == .regression)
  }

  /// `source` compiled with -O2 into `folder` (made here); the program's path.
  static func compile(_ source: String, named name: String, in folder: URL) throws -> String {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("\(name).c").path
    let program = folder.appendingPathComponent(name).path
    try source.write(toFile: file, atomically: true, encoding: .utf8)
    let build = Process()
    build.executableURL = URL(fileURLWithPath: compiler!)
    build.arguments = ["-O2", "-o", program, file]
    try build.run()
    build.waitUntilExit()
    try #require(build.terminationStatus == 0)
    return program
  }

  /// A workload that takes one of two calls of the same length for each of
  /// 65,536 bytes, all ones (`steady`) or random bits (`random`), between
  /// callgrind's client requests: the same instructions and branches either way.
  static let branchWorkload = #"""
    #include <stdlib.h>
    #include <string.h>
    #include <valgrind/callgrind.h>

    static unsigned char buffer[1 << 16];
    static unsigned ones, zeros;

    __attribute__((noinline)) static void one(void) { ones++; }
    __attribute__((noinline)) static void zero(void) { zeros++; }

    __attribute__((noinline)) static void walk(void) {
      for (int at = 0; at < (1 << 16); at++) {
        if (buffer[at]) one(); else zero();
      }
    }

    int main(int argc, char **argv) {
      if (argc < 3) return 64;
      unsigned state = 12345;
      for (int at = 0; at < (1 << 16); at++) {
        state = state * 1103515245u + 12345u;
        buffer[at] = strcmp(argv[2], "random") == 0 ? (state >> 16) & 1 : 1;
      }
      walk();
      CALLGRIND_START_INSTRUMENTATION;
      walk();
      CALLGRIND_ZERO_STATS;
      CALLGRIND_START_INSTRUMENTATION;
      walk();
      CALLGRIND_STOP_INSTRUMENTATION;
      CALLGRIND_DUMP_STATS_AT(argv[1]);
      return 0;
    }
    """#
}
