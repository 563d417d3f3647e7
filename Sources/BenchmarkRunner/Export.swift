import Foundation

/// Result files in the formats other tools read.
public enum Export {
  /// One entry of github-action-benchmark's `customSmallerIsBetter` tool: an
  /// array of `{name, unit, value, range?, extra?}`.
  public struct ActionBenchmarkEntry: Codable, Equatable {
    public var name: String
    public var unit: String
    public var value: Double
    public var range: String?
    public var extra: String?
  }

  /// Median nanoseconds per operation per group (and allocations, and where
  /// measured instructions, peak heap bytes of a run, peak resident set and
  /// estimated cycles, as their own entries), smaller is better.
  public static func githubActionBenchmark(_ result: RunResult) -> [ActionBenchmarkEntry] {
    result.groups.flatMap { group -> [ActionBenchmarkEntry] in
      let q = group.nanosecondsPerOperation
      var entries = [
        ActionBenchmarkEntry(
          name: group.title, unit: "ns/op", value: q.median,
          range: "± \(Report.number((q.p75 - q.p25) / 2))",
          extra:
            "p25 \(Report.number(q.p25)) ns, p75 \(Report.number(q.p75)) ns, \(group.processes) processes, \(group.samples.count) samples, commit \(result.commit)"
        ),
        ActionBenchmarkEntry(
          name: group.title + " (allocations)", unit: "allocations/op", value: group.allocationsPerOperation,
          range: nil, extra: nil),
      ]
      if let instructions = group.instructionsPerOperation {
        entries.append(
          ActionBenchmarkEntry(
            name: group.title + " (instructions)", unit: "instructions/op", value: instructions, range: nil,
            extra: result.instructionCounter))
      }
      // Present only where measured: an entry of 0 would read as a measured zero.
      if let bytes = group.peakHeapBytesPerRun {
        entries.append(
          ActionBenchmarkEntry(
            name: group.title + " (peak heap)", unit: "bytes/run", value: Double(bytes), range: nil,
            extra: "the most heap bytes one run held at once; exact"))
      }
      if let bytes = group.peakResidentBytes {
        entries.append(
          ActionBenchmarkEntry(
            name: group.title + " (peak resident set)", unit: "bytes", value: Double(bytes), range: nil,
            extra: "a worker process's peak resident set; not exact"))
      }
      if let cycles = group.estimatedCyclesPerOperation {
        entries.append(
          ActionBenchmarkEntry(
            name: group.title + " (estimated cycles)", unit: "cycles/op", value: cycles, range: nil,
            extra: result.cycleModel))
      }
      return entries
    }
  }

  /// Google Benchmark's JSON output (`--benchmark_format=json`).
  public struct GoogleBenchmark: Codable, Equatable {
    public struct Context: Codable, Equatable {
      public var date: String
      public var host_name: String
      public var executable: String
      public var num_cpus: Int
      public var mhz_per_cpu: Int
      public var cpu_scaling_enabled: Bool
      public var caches: [String]
      public var library_build_type: String
    }

    public struct Entry: Codable, Equatable {
      public var name: String
      public var family_index: Int
      public var per_family_instance_index: Int
      public var run_name: String
      public var run_type: String
      public var repetitions: Int
      public var repetition_index: Int?
      public var threads: Int
      public var iterations: Int
      public var real_time: Double
      public var cpu_time: Double
      public var time_unit: String
      public var aggregate_name: String?
      /// User counters, as the result file names them; absent where not measured.
      public var peakHeapBytesPerRun: Int?
      public var peakResidentBytes: Int?
      public var estimatedCyclesPerOperation: Double?
    }

    public var context: Context
    public var benchmarks: [Entry]
  }

  /// Every sample as one repetition (so `compare.py` can run its U test),
  /// then the mean, median and standard deviation as aggregates; a group's
  /// peak heap bytes, peak resident set and estimated cycles, where measured,
  /// as user counters of each repetition and of the mean and median.
  public static func googleBenchmark(_ result: RunResult, executable: String) -> GoogleBenchmark {
    let context = GoogleBenchmark.Context(
      date: result.date, host_name: result.machine.cpuModel, executable: executable,
      num_cpus: result.machine.logicalCores, mhz_per_cpu: 0, cpu_scaling_enabled: false, caches: [],
      library_build_type: result.buildFlags.hasPrefix("release") ? "release" : "debug")
    var entries: [GoogleBenchmark.Entry] = []
    for (family, group) in result.groups.enumerated() {
      let samples = group.samples
      func entry(_ time: Double, index: Int?, aggregate: String?) -> GoogleBenchmark.Entry {
        GoogleBenchmark.Entry(
          name: aggregate.map { "\(group.title)_\($0)" } ?? group.title, family_index: family,
          per_family_instance_index: 0, run_name: group.title, run_type: aggregate == nil ? "iteration" : "aggregate",
          repetitions: samples.count, repetition_index: index, threads: 1, iterations: group.operations,
          real_time: time, cpu_time: time, time_unit: "ns", aggregate_name: aggregate,
          // A counter's spread over repetitions is not measured: the stddev entry holds time alone.
          peakHeapBytesPerRun: aggregate == "stddev" ? nil : group.peakHeapBytesPerRun,
          peakResidentBytes: aggregate == "stddev" ? nil : group.peakResidentBytes,
          estimatedCyclesPerOperation: aggregate == "stddev" ? nil : group.estimatedCyclesPerOperation)
      }
      for (index, sample) in samples.enumerated() { entries.append(entry(sample, index: index, aggregate: nil)) }
      let mean = samples.reduce(0, +) / Double(samples.count)
      let variance = samples.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(max(1, samples.count - 1))
      entries.append(entry(mean, index: nil, aggregate: "mean"))
      entries.append(entry(group.nanosecondsPerOperation.median, index: nil, aggregate: "median"))
      entries.append(entry(variance.squareRoot(), index: nil, aggregate: "stddev"))
    }
    return GoogleBenchmark(context: context, benchmarks: entries)
  }

  /// Pretty, key-sorted JSON of an export.
  public static func encode<Value: Encodable>(_ value: Value) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return (try? encoder.encode(value)) ?? Data()
  }
}
