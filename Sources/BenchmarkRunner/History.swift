import Foundation
import StrictJSON

/// One recorded run, kept small for `results/history/`: enough to draw a
/// group's series over commits and to find where it changed.
public struct HistoryEntry: Codable, Sendable, Hashable {
  public static let currentSchemaVersion = 1

  public struct Group: Codable, Sendable, Hashable {
    public var title: String
    /// Nanoseconds per operation.
    public var median: Double
    public var p25: Double
    public var p75: Double
    /// The values of the metrics a history keeps (``Metric/history``), by name,
    /// as in a result file; absent in entries of runs that did not measure them.
    public var values: [String: Double] = [:]

    public init(title: String, median: Double, p25: Double, p75: Double, values: [String: Double]) {
      self.title = title
      self.median = median
      self.p25 = p25
      self.p75 = p75
      self.values = values
    }

    public var allocationsPerRun: Int { Int(values[Metric.allocations.name] ?? 0) }
    public var instructionsPerOperation: Double? { values[Metric.instructions.name] }
    public var peakHeapBytesPerRun: Int? { values[Metric.memory.name].map { Int($0) } }
    public var peakResidentBytes: Int? { values[Metric.resident.name].map { Int($0) } }
    public var estimatedCyclesPerOperation: Double? { values[Metric.cycles.name] }

    public func encode(to encoder: any Encoder) throws {
      var fields = encoder.container(keyedBy: GroupResult.Key.self)
      try fields.encode(title, forKey: GroupResult.Key("title"))
      try fields.encode(median, forKey: GroupResult.Key("median"))
      try fields.encode(p25, forKey: GroupResult.Key("p25"))
      try fields.encode(p75, forKey: GroupResult.Key("p75"))
      try fields.encode(values, of: Metric.kept)
    }

    public init(from decoder: any Decoder) throws {
      let fields = try decoder.container(keyedBy: GroupResult.Key.self)
      title = try fields.decode(String.self, forKey: GroupResult.Key("title"))
      median = try fields.decode(Double.self, forKey: GroupResult.Key("median"))
      p25 = try fields.decode(Double.self, forKey: GroupResult.Key("p25"))
      p75 = try fields.decode(Double.self, forKey: GroupResult.Key("p75"))
      for metric in Metric.kept {
        values[metric.name] = try fields.decodeIfPresent(Double.self, forKey: GroupResult.Key(metric.name))
      }
    }
  }

  public var schemaVersion: Int
  public var commit: String
  /// The commit's first parent (empty when unknown).
  public var parent: String
  public var date: String
  public var machine: MachineFingerprint
  /// Times are compared only within one host class (see ``MachineFingerprint/hostClass``).
  public var hostClass: String
  public var calibration: Calibration?
  /// The clock that timed the samples, as in a result file (``RunResult/clock``); `nil` in
  /// entries of runs that did not name one, which were timed in wall time.
  public var clock: String?
  public var groups: [Group]

  /// The clock that timed the samples; entries that do not name one were timed in wall time.
  public var sampleClock: String { clock ?? "wall time" }

  public init(_ result: RunResult, parent: String) {
    schemaVersion = Self.currentSchemaVersion
    commit = result.commit
    self.parent = parent
    date = result.date
    machine = result.machine
    hostClass = result.machine.hostClass
    calibration = result.calibration
    clock = result.clock
    groups = result.groups.map { group in
      Group(
        title: group.title, median: group.nanosecondsPerOperation.median, p25: group.nanosecondsPerOperation.p25,
        p75: group.nanosecondsPerOperation.p75, values: group.values.filter { name, _ in Metric.isKept(name) })
    }
  }

  /// A file name no other recording can take: date, commit, host class and a
  /// random part, so that concurrent CI jobs never write the same file. The
  /// commit comes from a result file, so only ASCII letters and digits of it
  /// are kept: no `/`, `..` or control character can reach the name.
  public var fileName: String {
    let stamp = date.unicodeScalars.filter { ("0"..."9").contains($0) }.prefix(14).map(String.init).joined()
    let safeCommit = commit.unicodeScalars.prefix(12).map {
      $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) ? String($0) : "_"
    }.joined()
    let random = String(UInt32.random(in: 0...UInt32.max), radix: 16)
    return "\(stamp)-\(safeCommit)-\(hostClass.stableHash)-\(random).json"
  }

  public func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return try encoder.encode(self)
  }

  /// Reads an entry strictly (history files come from CI jobs and pull requests).
  public static func decode(_ bytes: [UInt8], path: String) throws(ResultFileError) -> HistoryEntry {
    do {
      return try Node.decode(bytes) { (node) throws(Node.Failure) in try HistoryEntry(node) }
    } catch {
      throw .invalidEntry(path, error.description)
    }
  }

  /// Every entry in `folder`, oldest first by date; unreadable files are refused, naming them.
  /// The entries of `folder`; a folder that is missing or cannot be listed is
  /// an error (a mistyped `--history` must not read as an empty history).
  public static func load(folder: String) throws(ResultFileError) -> [HistoryEntry] {
    var status = stat()
    guard stat(folder, &status) == 0 else {
      if errno == ENOENT { throw .unreadable(folder, "no such history folder") }
      throw .unreadable(folder, String(cString: strerror(errno)))
    }
    guard status.st_mode & S_IFMT == S_IFDIR else { throw .unreadable(folder, "not a folder") }
    let listed: [String]
    do {
      listed = try FileManager.default.contentsOfDirectory(atPath: folder)
    } catch {
      throw .unreadable(folder, "cannot list the folder")
    }
    var entries: [HistoryEntry] = []
    for name in listed.filter({ $0.hasSuffix(".json") }).sorted() {
      let path = "\(folder)/\(name)"
      let bytes = try readEntry(path, limit: 4 << 20)
      entries.append(try decode(bytes, path: path))
    }
    return entries.sorted { ($0.date, $0.commit) < ($1.date, $1.commit) }
  }
}

extension HistoryEntry {
  /// An entry's bytes (``RunResult/readBytes(_:limit:)``); larger than `limit`, refused.
  static func readEntry(_ path: String, limit: Int) throws(ResultFileError) -> [UInt8] {
    let bytes = try RunResult.readBytes(path, limit: limit)
    guard bytes.count <= limit else { throw .invalidEntry(path, "larger than \(limit >> 20) MiB") }
    return bytes
  }

  fileprivate init(_ node: Node) throws(Node.Failure) {
    let fields = try node.object([
      "schemaVersion", "commit", "parent", "date", "machine", "hostClass", "calibration", "clock", "groups",
    ])
    schemaVersion = try fields.required("schemaVersion").integer(in: 0...1_000_000)
    guard schemaVersion == Self.currentSchemaVersion else {
      throw try fields.required("schemaVersion").failure(
        "schema version \(schemaVersion); this tool reads version \(Self.currentSchemaVersion)")
    }
    commit = try fields.required("commit").nonEmptyString()
    parent = try fields.required("parent").string()
    date = try fields.required("date").nonEmptyString()
    machine = try MachineFingerprint(decoding: fields.required("machine"))
    hostClass = try fields.required("hostClass").nonEmptyString()
    calibration = try fields.optional("calibration").map { (node) throws(Node.Failure) in
      try Calibration(decoding: node)
    }
    clock = try fields.optional("clock")?.nonEmptyString()
    var titles = Set<String>()
    groups = try fields.required("groups").array().map { (node) throws(Node.Failure) in
      let group = try node.object(["title", "median", "p25", "p75"] + Metric.kept.map(\.name))
      let title = try group.required("title").nonEmptyString()
      guard titles.insert(title).inserted else {
        throw try group.required("title").failure("\(quoted(title)) is also the title of an earlier group")
      }
      let (p25, median, p75) = (
        try group.required("p25").nonNegative(), try group.required("median").nonNegative(),
        try group.required("p75").nonNegative()
      )
      guard p25 <= median, median <= p75 else {
        throw try group.required("median").failure("\(median) is not between p25 (\(p25)) and p75 (\(p75))")
      }
      var values: [String: Double] = [:]
      for metric in Metric.kept {
        guard let field = metric.required ? try group.required(metric.name) : group.optional(metric.name) else {
          continue
        }
        values[metric.name] = metric.integral ? Double(try field.integer()) : try field.nonNegative()
      }
      return Group(title: title, median: median, p25: p25, p75: p75, values: values)
    }
  }
}

/// One change found in one group's series of history entries.
public struct HistoryChange: Codable, Sendable, Hashable {
  public var group: String
  /// "time", or a counted metric's gate name (``Metric/gate``: "instructions", "memory", …).
  public var metric: String
  public var kind: ChangePointDetector.Change.Kind
  /// The commit where the change appears (for a drift, where its segment begins) and, for a drift, where it ends.
  public var commit: String
  public var endCommit: String?
  /// Times are compared within one host class and one clock; exact metrics across all.
  public var hostClass: String?
  public var clock: String? = nil
  public var before: Double
  public var after: Double
  public var pValue: Double?

  /// Time changes per host class and clock, exact changes across hosts, group by group;
  /// `entries` in commit order.
  public static func find(in entries: [HistoryEntry], titles: [String]) -> [HistoryChange] {
    var found: [HistoryChange] = []
    let detector = ChangePointDetector()
    for title in titles {
      let points = entries.compactMap { entry in entry.groups.first { $0.title == title }.map { (entry, $0) } }
      // Times of two clocks are separate series: where the clock changed, the times did not.
      for key in TimeSeriesKey.all(points.map(\.0)) {
        let series = points.filter { key.holds($0.0) }
        for change in detector.changes(in: series.map(\.1.median)) {
          found.append(
            HistoryChange(
              group: title, metric: "time", kind: change.kind, commit: series[change.index].0.commit,
              endCommit: change.kind == .drift ? series[change.end - 1].0.commit : nil, hostClass: key.hostClass,
              clock: key.clock, before: change.before, after: change.after, pValue: change.pValue))
        }
      }
      // The counted metrics are exact: a step beyond each one's smallest is a change, across hosts.
      for metric in Metric.kept {
        guard let gate = metric.gate, let step = metric.historyStep else { continue }
        let measured = points.compactMap { point in point.1.values[metric.name].map { (point.0, $0) } }
        for change in ChangePointDetector.exactChanges(in: measured.map(\.1), tolerance: step) {
          found.append(
            HistoryChange(
              group: title, metric: gate, kind: .step, commit: measured[change.index].0.commit,
              before: change.before, after: change.after))
        }
      }
    }
    return found
  }
}

/// The entries whose times compare: one host class, one clock, the kind of
/// host and method of ``Comparability`` (a history has no host state to widen by:
/// its change points are found against each series' own noise).
public struct TimeSeriesKey: Sendable, Hashable {
  public var hostClass: String
  public var clock: String

  public init(_ entry: HistoryEntry) {
    hostClass = entry.hostClass
    clock = entry.sampleClock
  }

  /// The series a run's times belong to.
  public init(_ result: RunResult) {
    hostClass = Comparability.kindKey(result.machine)
    clock = result.sampleClock
  }

  public init(hostClass: String, clock: String) {
    self.hostClass = hostClass
    self.clock = clock
  }

  public func holds(_ entry: HistoryEntry) -> Bool { TimeSeriesKey(entry) == self }

  /// The keys of `entries`, in the order they first appear.
  public static func all(_ entries: [HistoryEntry]) -> [TimeSeriesKey] {
    var keys: [TimeSeriesKey] = []
    for entry in entries where !keys.contains(TimeSeriesKey(entry)) { keys.append(TimeSeriesKey(entry)) }
    return keys
  }
}

/// A group's times over commits on one host class and clock, with their change points: a trend chart's data.
public struct Trend: Sendable {
  public struct Point: Sendable {
    public var commit: String
    public var median: Double
    public var p25: Double
    public var p75: Double
  }

  public var group: String
  public var hostClass: String
  public var clock: String
  public var points: [Point]
  public var changes: [HistoryChange]

  /// One trend per group of `titles`, on the host class and clock with the most
  /// entries of that group (`entries` in commit order).
  public static func build(_ entries: [HistoryEntry], titles: [String]) -> [Trend] {
    let changes = HistoryChange.find(in: entries, titles: titles)
    return titles.compactMap { title in
      let points = entries.compactMap { entry in entry.groups.first { $0.title == title }.map { (entry, $0) } }
      var counts: [TimeSeriesKey: Int] = [:]
      for (entry, _) in points { counts[TimeSeriesKey(entry), default: 0] += 1 }
      // The most entries; on a tie, the first in order of host class, then clock.
      guard
        let key = counts.max(by: { a, b in
          a.value != b.value ? a.value < b.value : (a.key.hostClass, a.key.clock) > (b.key.hostClass, b.key.clock)
        })?.key
      else { return nil }
      return Trend(
        group: title, hostClass: key.hostClass, clock: key.clock,
        points: points.filter { key.holds($0.0) }.map {
          Point(commit: $0.0.commit, median: $0.1.median, p25: $0.1.p25, p75: $0.1.p75)
        },
        changes: changes.filter {
          $0.group == title && $0.metric == "time" && $0.hostClass == key.hostClass && $0.clock == key.clock
        })
    }
  }
}

extension MachineFingerprint {
  /// The fields that decide whether times compare, as one readable key (``Comparability/kindKey(_:)``).
  public var hostClass: String { Comparability.kindKey(self) }
}

extension String {
  /// Eight hex digits of FNV-1a: the same on every run (unlike `hashValue`).
  var stableHash: String {
    var hash: UInt32 = 0x811C_9DC5
    for byte in utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
    let text = String(hash, radix: 16)
    return String(repeating: "0", count: 8 - text.count) + text
  }
}
