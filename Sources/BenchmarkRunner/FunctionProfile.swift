import Foundation

/// Instructions per function (each function's own, not its callees'), per
/// operation, from one callgrind dump: where a group spends its instructions,
/// so that two builds can be told apart function by function.
public struct FunctionProfile: Sendable {
  /// Demangled function name → instructions per operation.
  public var instructions: [String: Double]

  /// Reads the dump at `path` with valgrind's `callgrind_annotate`; `nil` if that fails.
  public static func read(dump path: String, operations: Int) -> FunctionProfile? {
    guard let text = ChildProcess.output(["callgrind_annotate", "--inclusive=no", "--threshold=100", path]) else {
      return nil
    }
    return FunctionProfile(annotation: text, operations: operations)
  }

  /// Parses `callgrind_annotate` output: after the `file:function` header, one
  /// `count (share%)  file:function [object]` line per function.
  public init(annotation text: String, operations: Int) {
    instructions = [:]
    var inTable = false
    for line in text.split(separator: "\n") {
      if line.hasSuffix("file:function") {
        inTable = true
        continue
      }
      guard inTable else { continue }
      let trimmed = line.drop { $0 == " " }
      guard let space = trimmed.firstIndex(of: " "),
        let count = Double(trimmed[..<space].filter { $0 != "," })
      else { continue }
      var rest = trimmed[space...].drop { $0 == " " }
      if rest.hasPrefix("("), let close = rest.firstIndex(of: ")") { rest = rest[rest.index(after: close)...] }
      rest = rest.drop { $0 == " " }
      if let object = rest.range(of: " [", options: .backwards) { rest = rest[..<object.lowerBound] }
      let function = rest.firstIndex(of: ":").map { rest[rest.index(after: $0)...] } ?? rest
      instructions[Self.demangle(String(function)), default: 0] += count / Double(max(operations, 1))
    }
  }

  /// A Swift symbol's readable name, from the runtime's demangler; other names as they are.
  public static func demangle(_ symbol: String) -> String {
    guard symbol.hasPrefix("$s") || symbol.hasPrefix("_$s"), let demangler = swiftDemangle else { return symbol }
    return symbol.withCString { name in
      guard let text = demangler(name, strlen(name), nil, nil, 0) else { return symbol }
      defer { free(text) }
      // Module qualification of the standard library's types only adds length.
      return String(cString: text).replacingOccurrences(of: "Swift.", with: "")
    }
  }

  private typealias Demangler =
    @convention(c) (
      UnsafePointer<CChar>, Int, UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<Int>?, UInt32
    ) -> UnsafeMutablePointer<CChar>?

  private static let swiftDemangle: Demangler? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "swift_demangle") else { return nil }
    return unsafeBitCast(symbol, to: Demangler.self)
  }()

  /// One function's instructions per operation in two builds.
  public struct Change: Codable, Sendable, Hashable {
    public var function: String
    public var before: Double
    public var after: Double
  }

  /// The functions whose counts changed most from `before` to `after`, largest change first.
  public static func changes(from before: FunctionProfile, to after: FunctionProfile, limit: Int) -> [Change] {
    let names = Set(before.instructions.keys).union(after.instructions.keys)
    var changes: [Change] = []
    for name in names {
      let change = Change(function: name, before: before.instructions[name] ?? 0, after: after.instructions[name] ?? 0)
      if change.before != change.after { changes.append(change) }
    }
    func size(_ change: Change) -> Double { abs(change.after - change.before) }
    changes.sort { size($0) != size($1) ? size($0) > size($1) : $0.function < $1.function }
    return Array(changes.prefix(limit))
  }
}
