import CMeasurement

/// One registered benchmark: a stable title (its baseline key), setup done
/// once outside the measurement, and the measured body.
///
/// ```swift
/// Benchmark("split/book", operations: scenes.count) {
///   let scenes = makeScenes()            // setup, not measured
///   return { for scene in scenes { blackHole(scene.solve()) } }
/// }
/// ```
public struct Benchmark: Sendable {
  /// The baseline key: never rename a benchmark whose history matters.
  public var title: String
  /// How many operations (e.g. solves) one call of the body performs; times
  /// and counts are reported per operation.
  public var operations: Int
  /// The title of a group this one is reported against, as a multiple of its time per operation.
  public var reference: String?
  /// Bytes of input one call of the body processes (a parser's document), so
  /// the group is also reported in bytes per second; `nil` when not meaningful.
  public var bytesProcessed: Int?
  /// Runs the setup and returns the body to measure.
  public var setUp: @Sendable () -> () -> Void

  public init(
    _ title: String, operations: Int, reference: String? = nil, bytesProcessed: Int? = nil,
    setUp: @escaping @Sendable () -> () -> Void
  ) {
    precondition(operations > 0, "a benchmark performs at least one operation")
    self.title = title
    self.operations = operations
    self.reference = reference
    self.bytesProcessed = bytesProcessed
    self.setUp = setUp
  }
}

/// Keeps a value alive: the optimiser cannot see through an opaque C call.
@inline(__always)
public func blackHole<T>(_ value: T) {
  withUnsafePointer(to: value) { ac_black_hole($0) }
}

/// Selects benchmarks by title: a comma-separated list of substrings, a
/// leading `!` excluding.
public struct TitleFilter: Sendable, CustomStringConvertible {
  var include: [String] = []
  var exclude: [String] = []
  public let description: String

  public init(_ text: String?) {
    description = text ?? ""
    for part in (text ?? "").split(separator: ",").map(String.init) where !part.isEmpty {
      if part.hasPrefix("!") { exclude.append(String(part.dropFirst())) } else { include.append(part) }
    }
  }

  /// Whether `text` names at least one part (an empty `--filter ''`, from an
  /// unset variable, would otherwise select every group).
  public static func isList(_ text: String) -> Bool {
    text.split(separator: ",").contains { !$0.isEmpty && $0 != "!" }
  }

  /// The parts, included and excluded (without their `!`), in the order given.
  public var parts: [String] { include + exclude }

  public func matches(_ title: String) -> Bool {
    (include.isEmpty || include.contains { title.contains($0) }) && !exclude.contains { title.contains($0) }
  }
}

/// A deterministic slice `K/N` of a suite, so a CI matrix can split it across jobs.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
  public var index: Int
  public var count: Int

  public init?(_ text: String) {
    let parts = text.split(separator: "/")
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
      (1...count).contains(index)
    else { return nil }
    self.index = index
    self.count = count
  }

  public var description: String { "\(index)/\(count)" }

  /// Whether the `position`-th benchmark (in suite order) belongs to this shard.
  public func contains(position: Int) -> Bool { position % count == index - 1 }
}
