import Foundation

/// The machine a run was measured on, compared by capability rather than by
/// host name: a CI runner of the same kind compares with the baseline.
public struct MachineFingerprint: Codable, Sendable, Hashable {
  public var architecture: String
  public var cpuModel: String
  public var logicalCores: Int
  /// SIMD extensions the CPU reports (the build targets baseline x86-64 either way).
  public var simd: [String]
  public var memoryGiB: Int
  public var operatingSystem: String
  /// The kernel's release (`uname -r`), and the CPU's highest clock where the
  /// system exposes it (often not in virtual machines); recorded, not compared.
  public var kernel: String?
  public var maximumMHz: Double?

  public static var current: MachineFingerprint {
    let info = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    func field(_ name: String) -> String? {
      info.split(separator: "\n").first { $0.hasPrefix(name) }.flatMap { line in
        line.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) }
      }
    }
    let flags = Set((field("flags") ?? "").split(separator: " ").map(String.init))
    var name = utsname()
    uname(&name)
    let machine = withUnsafeBytes(of: &name.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    return MachineFingerprint(
      architecture: machine, cpuModel: field("model name") ?? "unknown",
      logicalCores: ProcessInfo.processInfo.activeProcessorCount,
      simd: ["sse4_2", "avx", "avx2", "avx512f", "neon", "asimd"].filter(flags.contains),
      memoryGiB: Int((Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824).rounded()),
      operatingSystem: "Linux",
      kernel: withUnsafeBytes(of: &name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) },
      maximumMHz: (try? String(
        contentsOfFile: "/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq", encoding: .utf8))
        .flatMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }.map { $0 / 1000 })
  }

}

/// The quantiles of a group's time per operation.
public struct Quantiles: Codable, Sendable, Hashable {
  public var min, p25, median, p75, p90, p99, max: Double

  public init(_ samples: [Double]) {
    let sorted = samples.sorted()
    min = sorted.first ?? .nan
    p25 = Statistics.quantile(sorted, 0.25)
    median = Statistics.quantile(sorted, 0.5)
    p75 = Statistics.quantile(sorted, 0.75)
    p90 = Statistics.quantile(sorted, 0.9)
    p99 = Statistics.quantile(sorted, 0.99)
    max = sorted.last ?? .nan
  }
}

extension Quantiles {
  /// The quantiles of every sample of every process: those of the samples
  /// pooled and sorted, to the last bit, found without a copy of them (a
  /// result file may hold millions; its reader checks them in the memory
  /// they take).
  public init(samplesByProcess: [[Double]]) {
    let count = samplesByProcess.reduce(0) { $0 + $1.count }
    // A copy of a few thousand costs less than eight passes over them.
    guard count > 4096 else {
      self = Quantiles(samplesByProcess.flatMap { $0 })
      return
    }
    // The order statistics that `Statistics.quantile` interpolates between.
    func ranks(_ q: Double) -> (low: Int, high: Int, weight: Double) {
      let position = q * Double(count - 1)
      let low = Int(position.rounded(.down))
      return (low, Swift.min(low + 1, count - 1), position - Double(low))
    }
    let fractions = [0.25, 0.5, 0.75, 0.9, 0.99]
    var wanted = [0, count - 1]
    for q in fractions { wanted += [ranks(q).low, ranks(q).high] }
    let values = Statistics.orderStatistics(of: samplesByProcess, ranks: wanted)
    func quantile(_ q: Double) -> Double {
      let (low, high, weight) = ranks(q)
      return values[low]! + (values[high]! - values[low]!) * weight
    }
    (min, p25, median, p75, p90, p99, max) = (
      values[0]!, quantile(0.25), quantile(0.5), quantile(0.75), quantile(0.9), quantile(0.99), values[count - 1]!
    )
  }
}

/// One group's measurements, merged over processes: its time samples and
/// quantiles, and every other metric's value by name (``Metric``).
public struct GroupResult: Codable, Sendable, Hashable {
  public var title: String
  public var operations: Int
  /// Nanoseconds per operation: one array of samples per process, since
  /// samples of one process share its luck (code placement, frequency).
  public var samplesByProcess: [[Double]]
  public var processes: Int
  public var nanosecondsPerOperation: Quantiles
  /// Operations per second at the median time.
  public var throughput: Double
  /// The values of ``Metric/scalars`` this group holds, by ``Metric/name``.
  public var values: [String: Double] = [:]
  /// The group this one is reported against (time per operation as a multiple of it).
  public var reference: String?
  /// Samples left out because a probe beside them ran on a contended core
  /// (``QuietCore``); `nil` where none was probed.
  public var contendedSamples: Int?
  /// Megabytes (10^6 bytes) of input per second at the median time, where the group processes input.
  public var megabytesPerSecond: Double? {
    inputBytesPerOperation.map { $0 * 1e3 / nanosecondsPerOperation.median }
  }

  /// Merges what several processes measured of the same group. Given the
  /// run's quietest probe, samples whose probes ran more than
  /// ``QuietCore/tolerance`` slower are left out, and so is a process left with
  /// none (unless every process would be: then all are kept, and none counted).
  /// Every other metric pools as its ``Metric/pooling`` says.
  public init(merging measurements: [ProcessMeasurement], quietProbe: Double? = nil) {
    precondition(!measurements.isEmpty, "a group needs at least one measurement")
    title = measurements[0].title
    operations = measurements[0].operations
    samplesByProcess = measurements.map(\.samples)
    if let quietProbe, measurements.contains(where: { $0.probes != nil }) {
      let limit = quietProbe * (1 + QuietCore.tolerance)
      let quiet = measurements.map { measurement in
        guard let probes = measurement.probes, probes.count == measurement.samples.count else {
          return measurement.samples
        }
        return zip(measurement.samples, probes).filter { $0.1 <= limit }.map(\.0)
      }.filter { !$0.isEmpty }
      let total = samplesByProcess.reduce(0) { $0 + $1.count }
      if !quiet.isEmpty { samplesByProcess = quiet }
      contendedSamples = quiet.isEmpty ? 0 : total - quiet.reduce(0) { $0 + $1.count }
    }
    processes = samplesByProcess.count
    nanosecondsPerOperation = Quantiles(samplesByProcess.flatMap { $0 })
    throughput = 1e9 / nanosecondsPerOperation.median
    for metric in Metric.scalars {
      guard let measured = metric.fromProcess else { continue }
      values[metric.name] = metric.pooled(measurements.compactMap(measured))
    }
    reference = measurements[0].reference
  }

  /// Sets the counts callgrind made of one run, per operation: every metric
  /// its events give (instructions; with cache simulation the misses and the
  /// cycle estimate; with branch simulation the branches).
  public mutating func setCounts(_ counts: Callgrind.Counts) {
    for metric in Metric.scalars {
      guard let counted = metric.fromCallgrind?(counts.events) else { continue }
      values[metric.name] = counted / Double(operations)
    }
  }

  /// Every sample of every process.
  public var samples: [Double] { samplesByProcess.flatMap { $0 } }

  // The metrics by their names (``Metric`` declares what each is).
  public var allocationsPerRun: Int {
    get { Int(values[Metric.allocations.name] ?? 0) }
    set { values[Metric.allocations.name] = Double(newValue) }
  }
  public var allocationsPerOperation: Double {
    get { values[Metric.allocationsPerOperation.name] ?? 0 }
    set { values[Metric.allocationsPerOperation.name] = newValue }
  }
  public var bytesPerOperation: Double {
    get { values[Metric.bytes.name] ?? 0 }
    set { values[Metric.bytes.name] = newValue }
  }
  public var instructionsPerOperation: Double? {
    get { values[Metric.instructions.name] }
    set { values[Metric.instructions.name] = newValue }
  }
  public var inputBytesPerOperation: Double? {
    get { values[Metric.inputBytes.name] }
    set { values[Metric.inputBytes.name] = newValue }
  }
  public var peakHeapBytesPerRun: Int? {
    get { values[Metric.memory.name].map { Int($0) } }
    set { values[Metric.memory.name] = newValue.map(Double.init) }
  }
  public var peakResidentBytes: Int? {
    get { values[Metric.resident.name].map { Int($0) } }
    set { values[Metric.resident.name] = newValue.map(Double.init) }
  }
  public var estimatedCyclesPerOperation: Double? {
    get { values[Metric.cycles.name] }
    set { values[Metric.cycles.name] = newValue }
  }
  public var level1MissesPerOperation: Double? {
    get { values[Metric.level1Misses.name] }
    set { values[Metric.level1Misses.name] = newValue }
  }
  public var lastLevelMissesPerOperation: Double? {
    get { values[Metric.lastLevelMisses.name] }
    set { values[Metric.lastLevelMisses.name] = newValue }
  }

  // MARK: Coding: every metric's value as a field of its own, as result files always held them

  struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(title, forKey: Key("title"))
    try container.encode(operations, forKey: Key("operations"))
    try container.encode(samplesByProcess, forKey: Key("samplesByProcess"))
    try container.encode(processes, forKey: Key("processes"))
    try container.encode(nanosecondsPerOperation, forKey: Key(Metric.time.name))
    try container.encode(throughput, forKey: Key(Metric.throughput.name))
    try container.encodeIfPresent(reference, forKey: Key("reference"))
    try container.encodeIfPresent(contendedSamples, forKey: Key("contendedSamples"))
    try container.encode(values, of: Metric.scalars)
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    title = try container.decode(String.self, forKey: Key("title"))
    operations = try container.decode(Int.self, forKey: Key("operations"))
    samplesByProcess = try container.decode([[Double]].self, forKey: Key("samplesByProcess"))
    processes = try container.decode(Int.self, forKey: Key("processes"))
    nanosecondsPerOperation = try container.decode(Quantiles.self, forKey: Key(Metric.time.name))
    throughput = try container.decode(Double.self, forKey: Key(Metric.throughput.name))
    reference = try container.decodeIfPresent(String.self, forKey: Key("reference"))
    contendedSamples = try container.decodeIfPresent(Int.self, forKey: Key("contendedSamples"))
    for metric in Metric.scalars {
      values[metric.name] =
        metric.required
        ? try container.decode(Double.self, forKey: Key(metric.name))
        : try container.decodeIfPresent(Double.self, forKey: Key(metric.name))
    }
  }
}

/// What a metric measures, for readers of a result file.
public struct MetricDescription: Codable, Sendable, Hashable {
  public var name: String
  public var unit: String
  public var polarity: String
  public var meaning: String
}

/// A run of the suite, or a stored baseline: versioned, with provenance.
public struct RunResult: Codable, Sendable {
  /// Bumped whenever a field changes meaning; older files are refused, not misread.
  public static let currentSchemaVersion = 1

  public var schemaVersion: Int
  public var suite: String
  public var machine: MachineFingerprint
  public var toolchain: String
  public var commit: String
  public var buildFlags: String
  public var date: String
  public var settings: MeasurementSettings
  public var instructionCounter: String
  public var metrics: [MetricDescription]
  public var groups: [GroupResult]
  /// Charts' data: cost over container sizes, throughput over threads (optional).
  public var series: [Series]?
  /// The calibration loops of the worker processes (absent in files of earlier versions).
  public var calibration: Calibration?
  /// How cycles were estimated (``CycleModel/description``), when they were (`--cycles`).
  public var cycleModel: String?
  /// The clock that timed the samples (``SampleClock``): `thread CPU time`, or `wall time`
  /// (also what a file without it was timed with). Times of two clocks are not judged against each other.
  public var clock: String?

  /// What each metric a group may hold is, from ``Metric/all``.
  public static let metricDescriptions = Metric.all.map {
    MetricDescription(name: $0.name, unit: $0.unit, polarity: $0.polarity.rawValue, meaning: $0.meaning)
  }

  public init(
    suite: String, settings: MeasurementSettings, groups: [GroupResult], commit: String, date: Date = Date()
  ) {
    schemaVersion = Self.currentSchemaVersion
    self.suite = suite
    machine = .current
    toolchain = Self.toolchain
    self.commit = commit
    buildFlags = Self.buildFlags
    let formatter = ISO8601DateFormatter()
    self.date = formatter.string(from: date)
    self.settings = settings
    instructionCounter = Sampler.instructionCounterProblem.map { "unavailable: \($0)" } ?? "perf_event_open"
    metrics = Self.metricDescriptions
    self.groups = groups
    clock = SampleClock.name
  }

  /// The clock that timed the samples; files that do not name one were timed in wall time.
  public var sampleClock: String { clock ?? "wall time" }

  public static var toolchain: String {
    #if compiler(>=6.4)
      "Swift 6.4 or later"
    #elseif compiler(>=6.3)
      "Swift 6.3"
    #else
      "Swift before 6.3"
    #endif
  }

  public static var buildFlags: String {
    #if DEBUG
      "debug"
    #else
      "release (-O, whole module)"
    #endif
  }

  /// The group with `title`, if measured.
  public func group(_ title: String) -> GroupResult? { groups.first { $0.title == title } }
}

/// Why a result file could not be used.
public enum ResultFileError: Error, CustomStringConvertible {
  case missing(String)
  case unreadable(String, String)
  /// The file was read but refused: its JSON path, where that value starts, and why.
  case invalid(String, String)
  /// The same, of a history entry.
  case invalidEntry(String, String)

  public var description: String {
    switch self {
    case .missing(let path): return "\(path): no such result file"
    case .unreadable(let path, let reason): return "\(path): cannot read it (\(reason))"
    case .invalid(let path, let problem): return "\(path): not a valid result file: \(problem)"
    case .invalidEntry(let path, let problem): return "\(path): not a valid history entry: \(problem)"
    }
  }
}

extension RunResult {
  /// Reads and checks a result file (see ``ResultFileReader`` for what is checked).
  public static func load(from path: String) throws(ResultFileError) -> RunResult {
    try decode(readBytes(path, limit: ResultFileReader.maximumBytes), path: path)
  }

  /// The bytes of the file at `path`, at most `limit` and one more (so a
  /// caller sees that it is longer; a device or a pipe may never end); a
  /// failure says the system's reason. Result files and history entries read through it.
  static func readBytes(_ path: String, limit: Int) throws(ResultFileError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let reason = errno
      if reason == ENOENT { throw .missing(path) }
      throw .unreadable(path, String(cString: strerror(reason)))
    }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    // Room for the whole file at once (and a byte to see that it ends there): no copies as it grows.
    var status = stat()
    if fstat(descriptor, &status) == 0, status.st_size > 0 {
      bytes.reserveCapacity(min(Int(status.st_size), limit) + 1)
    }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while bytes.count <= limit {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .unreadable(path, String(cString: strerror(errno)))
      }
      if count == 0 { break }
      bytes += chunk[..<count]
    }
    return bytes
  }

  /// Reads and checks a result file's bytes; `path` names it in messages.
  public static func decode(_ bytes: [UInt8], path: String) throws(ResultFileError) -> RunResult {
    do {
      return try ResultFileReader(bytes: bytes).read()
    } catch {
      throw .invalid(path, error.description)
    }
  }

  /// The file's bytes: stable key order, so baselines diff cleanly.
  public func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return try encoder.encode(self)
  }

  /// Writes the file atomically: a reader sees the old file or the new one, never a part.
  public func write(to path: String) throws {
    try OutputFile.write(try encoded(), to: path)
  }
}
