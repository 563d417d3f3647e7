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
        )
      ]
      // Every exported metric where measured: an entry of 0 would read as a measured zero.
      for metric in Metric.scalars {
        guard let export = metric.export, let value = metric.value(in: group) else { continue }
        let extra: String? =
          switch export.extra {
          case .none: nil
          case .fixed(let sentence): sentence
          case .instructionCounter: result.instructionCounter
          case .cycleModel: result.cycleModel
          }
        entries.append(
          ActionBenchmarkEntry(
            name: group.title + " (\(export.name))", unit: export.unit, value: value, range: nil, extra: extra))
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
      /// User counters (``Metric/counter``), as the result file names them; absent where not measured.
      public var counters: [String: Double] = [:]

      public var peakHeapBytesPerRun: Int? { counters[Metric.memory.name].map { Int($0) } }
      public var peakResidentBytes: Int? { counters[Metric.resident.name].map { Int($0) } }
      public var estimatedCyclesPerOperation: Double? { counters[Metric.cycles.name] }

      enum Field: String, CodingKey {
        case name, family_index, per_family_instance_index, run_name, run_type, repetitions, repetition_index
        case threads, iterations, real_time, cpu_time, time_unit, aggregate_name
      }

      public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: Field.self)
        try fields.encode(name, forKey: .name)
        try fields.encode(family_index, forKey: .family_index)
        try fields.encode(per_family_instance_index, forKey: .per_family_instance_index)
        try fields.encode(run_name, forKey: .run_name)
        try fields.encode(run_type, forKey: .run_type)
        try fields.encode(repetitions, forKey: .repetitions)
        try fields.encodeIfPresent(repetition_index, forKey: .repetition_index)
        try fields.encode(threads, forKey: .threads)
        try fields.encode(iterations, forKey: .iterations)
        try fields.encode(real_time, forKey: .real_time)
        try fields.encode(cpu_time, forKey: .cpu_time)
        try fields.encode(time_unit, forKey: .time_unit)
        try fields.encodeIfPresent(aggregate_name, forKey: .aggregate_name)
        var counterFields = encoder.container(keyedBy: GroupResult.Key.self)
        try counterFields.encode(counters, of: Metric.scalars)
      }

      public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: Field.self)
        name = try fields.decode(String.self, forKey: .name)
        family_index = try fields.decode(Int.self, forKey: .family_index)
        per_family_instance_index = try fields.decode(Int.self, forKey: .per_family_instance_index)
        run_name = try fields.decode(String.self, forKey: .run_name)
        run_type = try fields.decode(String.self, forKey: .run_type)
        repetitions = try fields.decode(Int.self, forKey: .repetitions)
        repetition_index = try fields.decodeIfPresent(Int.self, forKey: .repetition_index)
        threads = try fields.decode(Int.self, forKey: .threads)
        iterations = try fields.decode(Int.self, forKey: .iterations)
        real_time = try fields.decode(Double.self, forKey: .real_time)
        cpu_time = try fields.decode(Double.self, forKey: .cpu_time)
        time_unit = try fields.decode(String.self, forKey: .time_unit)
        aggregate_name = try fields.decodeIfPresent(String.self, forKey: .aggregate_name)
        let counterFields = try decoder.container(keyedBy: GroupResult.Key.self)
        for metric in Metric.scalars where metric.counter {
          counters[metric.name] = try counterFields.decodeIfPresent(Double.self, forKey: GroupResult.Key(metric.name))
        }
      }

      init(
        name: String, family_index: Int, per_family_instance_index: Int, run_name: String, run_type: String,
        repetitions: Int, repetition_index: Int?, threads: Int, iterations: Int, real_time: Double,
        cpu_time: Double, time_unit: String, aggregate_name: String?, counters: [String: Double]
      ) {
        self.name = name
        self.family_index = family_index
        self.per_family_instance_index = per_family_instance_index
        self.run_name = run_name
        self.run_type = run_type
        self.repetitions = repetitions
        self.repetition_index = repetition_index
        self.threads = threads
        self.iterations = iterations
        self.real_time = real_time
        self.cpu_time = cpu_time
        self.time_unit = time_unit
        self.aggregate_name = aggregate_name
        self.counters = counters
      }
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
      var counters: [String: Double] = [:]
      for metric in Metric.scalars where metric.counter { counters[metric.name] = metric.value(in: group) }
      func entry(_ time: Double, index: Int?, aggregate: String?) -> GoogleBenchmark.Entry {
        GoogleBenchmark.Entry(
          name: aggregate.map { "\(group.title)_\($0)" } ?? group.title, family_index: family,
          per_family_instance_index: 0, run_name: group.title, run_type: aggregate == nil ? "iteration" : "aggregate",
          repetitions: samples.count, repetition_index: index, threads: 1, iterations: group.operations,
          real_time: time, cpu_time: time, time_unit: "ns", aggregate_name: aggregate,
          // A counter's spread over repetitions is not measured: the stddev entry holds time alone.
          counters: aggregate == "stddev" ? [:] : counters)
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
