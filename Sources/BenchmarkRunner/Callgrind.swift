import CAllocationCounter
import Foundation

/// Exact instruction counts from valgrind's callgrind, for machines whose CPU
/// counters are not exposed: the measured region is bracketed by client
/// requests, and address randomisation is off, so counts repeat exactly.
public enum Callgrind {
  /// Whether this process runs under valgrind.
  public static var isActive: Bool { ac_running_on_valgrind() != 0 }

  /// Counts one run of the body (after two warm-up runs) into a dump labelled
  /// with the title. With `warmCaches`, the second warm-up run is instrumented
  /// (not counted), so a simulated cache holds what the body keeps touching,
  /// as it would after the timed warm-up; instruction counts are the same either way.
  public static func count(_ benchmark: Benchmark, warmCaches: Bool = false) {
    let body = benchmark.setUp()
    body()
    if warmCaches {
      // Switching instrumentation on empties the simulated caches: it stays on, and
      // the counters are zeroed where `ac_callgrind_begin` would have switched it on.
      ac_callgrind_instrument()
      body()
      ac_callgrind_zero()
    } else {
      body()
      ac_callgrind_begin()
    }
    body()
    benchmark.title.withCString { ac_callgrind_end($0) }
  }

  /// The command that runs `executable arguments` under callgrind with
  /// counting off until the first client request, writing dumps into
  /// `directory`; with `simulatingCaches`, the caches of ``CycleModel`` are simulated.
  public static func command(
    executable: String, arguments: [String], directory: String, simulatingCaches: Bool = false
  ) -> [String] {
    [
      "setarch", "-R", "valgrind", "--tool=callgrind", "--instr-atstart=no", "--dump-line=no",
      "--callgrind-out-file=\(directory)/callgrind.out",
    ] + (simulatingCaches ? CycleModel.callgrindOptions : []) + [executable] + arguments
  }

  /// What one dump counted: instructions, and cache misses where the caches were simulated.
  public struct Counts: Sendable, Hashable {
    public var instructions: Double
    /// Misses of the first-level instruction and data caches (reads and writes); `nil` without cache simulation.
    public var level1Misses: Double?
    /// Misses of the last-level cache (a subset of the first-level ones).
    public var lastLevelMisses: Double?

    public init(instructions: Double, level1Misses: Double? = nil, lastLevelMisses: Double? = nil) {
      self.instructions = instructions
      self.level1Misses = level1Misses
      self.lastLevelMisses = lastLevelMisses
    }

    /// The cycle estimate of ``CycleModel``, where the caches were simulated.
    public var estimatedCycles: Double? {
      guard let level1Misses, let lastLevelMisses else { return nil }
      return CycleModel.cycles(instructions: instructions, level1Misses: level1Misses, lastLevelMisses: lastLevelMisses)
    }

    /// The counts of a dump: its `events:` line names the columns of its `totals:` line.
    public init?(dump text: String) {
      var events: [Substring] = []
      var totals: [Double]?
      for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
        if line.hasPrefix("events: ") {
          events = line.dropFirst("events: ".count).split(separator: " ")
        } else if line.hasPrefix("totals: ") || (totals == nil && line.hasPrefix("summary: ")) {
          totals = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        }
      }
      guard let totals, let first = totals.first else { return nil }
      func sum(_ names: [Substring]) -> Double? {
        let columns = names.compactMap { events.firstIndex(of: $0) }
        guard columns.count == names.count else { return nil }
        // A dump leaves trailing zero columns out.
        return columns.reduce(0) { $0 + ($1 < totals.count ? totals[$1] : 0) }
      }
      instructions = events.firstIndex(of: "Ir").map { $0 < totals.count ? totals[$0] : 0 } ?? first
      level1Misses = sum(["I1mr", "D1mr", "D1mw"])
      lastLevelMisses = sum(["ILmr", "DLmr", "DLmw"])
    }
  }

  /// The dump in `directory` labelled `label`, if any.
  public static func dump(labelled label: String, in directory: String) -> String? {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return files.filter { $0.hasPrefix("callgrind.out") }.sorted().map { "\(directory)/\($0)" }.first { path in
      guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return false }
      return text.split(separator: "\n").contains { $0 == "desc: Trigger: Client Request: \(label)" }
    }
  }

  /// Instructions per dump label, read from the dumps in `directory`.
  public static func readDumps(in directory: String) -> [String: Double] {
    readCounts(in: directory).mapValues(\.instructions)
  }

  /// What each labelled dump in `directory` counted, by label.
  public static func readCounts(in directory: String) -> [String: Counts] {
    var counts: [String: Counts] = [:]
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    for file in files where file.hasPrefix("callgrind.out") {
      guard let text = try? String(contentsOfFile: "\(directory)/\(file)", encoding: .utf8),
        let label = text.split(separator: "\n").first(where: { $0.hasPrefix("desc: Trigger: Client Request: ") })
          .map({ String($0.dropFirst("desc: Trigger: Client Request: ".count)) }),
        let dump = Counts(dump: text)
      else { continue }
      counts[label] = dump
    }
    return counts
  }
}

/// A deterministic estimate of cycles: instructions, plus a latency for each
/// miss of a simulated cache hierarchy. Counted under callgrind like
/// instructions, it repeats exactly for one binary, and it sees what an
/// instruction count cannot: the same instructions touching memory in an
/// order the caches serve badly.
///
/// The hierarchy is fixed rather than the host's (callgrind would read the
/// host's with cpuid), so an estimate compares across machines: 32 KiB 8-way
/// first-level instruction and data caches and an 8 MiB 16-way last level,
/// 64-byte lines, the shape of current x86 cores. The weights are round
/// latencies of such cores: an access served by the last level instead of
/// the first costs about 10 cycles, one served by memory about 100 more.
/// Branch mispredictions and overlapping misses are not modelled: this ranks
/// builds by cost, it does not predict a machine's time.
public enum CycleModel {
  public static let level1MissCycles = 10.0
  public static let lastLevelMissCycles = 100.0

  /// cycles = instructions + 10 × first-level misses + 100 × last-level misses. A
  /// last-level miss is also a first-level miss, so a trip to memory costs 110.
  public static func cycles(instructions: Double, level1Misses: Double, lastLevelMisses: Double) -> Double {
    instructions + level1MissCycles * level1Misses + lastLevelMissCycles * lastLevelMisses
  }

  /// Callgrind's options for the simulated hierarchy (size, associativity, line size).
  /// Note: `--skip-plt=no`, because with instrumentation on before the counters are
  /// zeroed (to warm the caches), the default attribution of PLT stubs to their
  /// callers counted one instruction more per call through one (split/book: +1.01
  /// per solve, one `memcpy`); counted as their own, the instructions are those of
  /// `--instructions` to within a dozen a run (where the counters start).
  public static let callgrindOptions = [
    "--cache-sim=yes", "--I1=32768,8,64", "--D1=32768,8,64", "--LL=8388608,16,64", "--skip-plt=no",
  ]

  /// The model in words, as result files record it: estimates made under another model do not compare.
  public static let description =
    "instructions + 10 × L1 misses + 100 × LL misses; callgrind --cache-sim=yes, I1 and D1 32 KiB 8-way, LL 8 MiB 16-way, 64-byte lines, caches warmed by one run"
}
