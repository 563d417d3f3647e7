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
    public var allocationsPerRun: Int
    public var instructionsPerOperation: Double?
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
  public var groups: [Group]

  public init(_ result: RunResult, parent: String) {
    schemaVersion = Self.currentSchemaVersion
    commit = result.commit
    self.parent = parent
    date = result.date
    machine = result.machine
    hostClass = result.machine.hostClass
    calibration = result.calibration
    groups = result.groups.map { group in
      Group(
        title: group.title, median: group.nanosecondsPerOperation.median, p25: group.nanosecondsPerOperation.p25,
        p75: group.nanosecondsPerOperation.p75, allocationsPerRun: group.allocationsPerRun,
        instructionsPerOperation: group.instructionsPerOperation)
    }
  }

  /// A file name no other recording can take: date, commit, host class and a
  /// random part, so that concurrent CI jobs never write the same file.
  public var fileName: String {
    let stamp = date.filter { $0.isNumber }.prefix(14)
    let random = String(UInt32.random(in: 0...UInt32.max), radix: 16)
    return "\(stamp)-\(commit.prefix(12))-\(hostClass.stableHash)-\(random).json"
  }

  public func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return try encoder.encode(self)
  }

  /// Reads an entry strictly (history files come from CI jobs and pull requests).
  public static func decode(_ bytes: [UInt8], path: String) throws(ResultFileError) -> HistoryEntry {
    let root: JSONValue
    do {
      root = try JSONParser.parse(bytes)
    } catch {
      throw .invalidEntry(path, error.description)
    }
    do {
      return try HistoryEntry(Node(value: root, steps: []))
    } catch {
      let (line, column) = JSONParser.location(of: error.steps, in: bytes)
      throw .invalidEntry(path, "\(error.path) (line \(line), column \(column)): \(error.message)")
    }
  }

  /// Every entry in `folder`, oldest first by date; unreadable files are refused, naming them.
  public static func load(folder: String) throws(ResultFileError) -> [HistoryEntry] {
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".json") }
    var entries: [HistoryEntry] = []
    for name in names.sorted() {
      let path = "\(folder)/\(name)"
      guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path, "cannot read it") }
      guard data.count <= 4 << 20 else { throw .invalidEntry(path, "larger than 4 MiB") }
      entries.append(try decode([UInt8](data), path: path))
    }
    return entries.sorted { ($0.date, $0.commit) < ($1.date, $1.commit) }
  }
}

extension HistoryEntry {
  fileprivate init(_ node: Node) throws(Node.Failure) {
    let fields = try node.object([
      "schemaVersion", "commit", "parent", "date", "machine", "hostClass", "calibration", "groups",
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
    var titles = Set<String>()
    groups = try fields.required("groups").array().map { (node) throws(Node.Failure) in
      let group = try node.object([
        "title", "median", "p25", "p75", "allocationsPerRun", "instructionsPerOperation",
      ])
      let title = try group.required("title").nonEmptyString()
      guard titles.insert(title).inserted else {
        throw try group.required("title").failure("\"\(title)\" is also the title of an earlier group")
      }
      let (p25, median, p75) = (
        try group.required("p25").nonNegative(), try group.required("median").nonNegative(),
        try group.required("p75").nonNegative()
      )
      guard p25 <= median, median <= p75 else {
        throw try group.required("median").failure("\(median) is not between p25 (\(p25)) and p75 (\(p75))")
      }
      return Group(
        title: title, median: median, p25: p25, p75: p75,
        allocationsPerRun: try group.required("allocationsPerRun").integer(),
        instructionsPerOperation: try group.optional("instructionsPerOperation")?.nonNegative())
    }
  }
}

extension MachineFingerprint {
  /// The fields that decide whether times compare, as one readable key.
  public var hostClass: String {
    "\(architecture), \(cpuModel), \(logicalCores) cores, \(simd.joined(separator: " "))"
  }
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
