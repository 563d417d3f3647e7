import CMeasurement
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

  /// What one dump counted: its totals by event name (`Ir` instructions; with
  /// cache simulation `I1mr`, `D1mr`, `D1mw`, `ILmr`, `DLmr`, `DLmw`; with
  /// branch simulation `Bc`, `Bcm`, `Bi`, `Bim`). ``Metric`` reads its own events from them.
  public struct Counts: Sendable, Hashable {
    public var events: [String: Double]

    public init(events: [String: Double]) { self.events = events }

    /// Counts with the instructions and, where given, the misses of both levels
    /// (as the first event of each level: where a test or a caller knows only the sums).
    public init(instructions: Double, level1Misses: Double? = nil, lastLevelMisses: Double? = nil) {
      events = ["Ir": instructions]
      if let level1Misses { events.merge(["I1mr": level1Misses, "D1mr": 0, "D1mw": 0]) { $1 } }
      if let lastLevelMisses { events.merge(["ILmr": lastLevelMisses, "DLmr": 0, "DLmw": 0]) { $1 } }
    }

    public var instructions: Double { events["Ir"] ?? 0 }
    public var level1Misses: Double? { Metric.level1Events(events) }
    public var lastLevelMisses: Double? { Metric.lastLevelEvents(events) }
    /// The cycle estimate of ``CycleModel``, where the caches were simulated.
    public var estimatedCycles: Double? { Metric.cycles.fromCallgrind?(events) }

    /// The counts of a dump: its `events:` line names the columns of its `totals:` line.
    public init?(dump text: String) {
      var names: [Substring] = []
      var totals: [Double]?
      for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
        if line.hasPrefix("events: ") {
          names = line.dropFirst("events: ".count).split(separator: " ")
        } else if line.hasPrefix("totals: ") || (totals == nil && line.hasPrefix("summary: ")) {
          totals = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        }
      }
      guard let totals, let first = totals.first else { return nil }
      events = [:]
      // A dump leaves trailing zero columns out.
      for (column, name) in names.enumerated() { events[String(name)] = column < totals.count ? totals[column] : 0 }
      if events["Ir"] == nil { events["Ir"] = first }
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
  ///
  /// The branch simulation (`--branch-sim=yes`) rides along: it counts the
  /// branches of ``Metric/branches`` and ``Metric/mispredictions`` and changes
  /// no other count, so it is not part of the model's description.
  public static let callgrindOptions = [
    "--cache-sim=yes", "--I1=32768,8,64", "--D1=32768,8,64", "--LL=8388608,16,64", "--skip-plt=no",
    "--branch-sim=yes",
  ]

  /// The model in words, as result files record it: estimates made under another model do not compare.
  public static let description =
    "instructions + 10 × L1 misses + 100 × LL misses; callgrind --cache-sim=yes, I1 and D1 32 KiB 8-way, LL 8 MiB 16-way, 64-byte lines, caches warmed by one run"
}
