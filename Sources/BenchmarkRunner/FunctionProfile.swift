import Foundation

/// Instructions per function (each function's own, not its callees'), per
/// operation, from one callgrind dump: where a group spends its instructions,
/// so that two builds can be told apart function by function.
public struct FunctionProfile: Sendable {
  /// Demangled function name → instructions per operation.
  public var instructions: [String: Double]

  public init(instructions: [String: Double]) { self.instructions = instructions }

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
    guard symbol.hasPrefix("$s") || symbol.hasPrefix("_$s") else { return symbol }
    return symbol.withCString { name in
      guard let text = swiftDemangle(name, strlen(name), nil, nil, 0) else { return symbol }
      defer { free(text) }
      // Module qualification of the standard library's types only adds length.
      return String(cString: text).replacingOccurrences(of: "Swift.", with: "")
    }
  }

  /// One function's instructions per operation in two builds.
  public struct Change: Codable, Sendable, Hashable {
    public var function: String
    public var before: Double
    public var after: Double
    /// The function's name in the first build when it only moved: gone under
    /// that name and back under this one with the same count (renamed, or
    /// specialised anew), so neither a loss nor a gain.
    public var movedFrom: String?

    public init(function: String, before: Double, after: Double, movedFrom: String? = nil) {
      self.function = function
      self.before = before
      self.after = after
      self.movedFrom = movedFrom
    }

    /// As a table shows it: a moved function says where it came from.
    public var shown: Change {
      var copy = self
      if let movedFrom { copy.function = "\(function) (moved from \(movedFrom))" }
      return copy
    }
  }

  /// Counts this close (a fraction of the larger) are the same function under another name.
  static let movedTolerance = 0.01

  /// The functions whose counts changed most from `before` to `after`, largest
  /// change first. A function gone under one name whose count reappears under
  /// a new name is one moved function, not a loss and a gain.
  public static func changes(from before: FunctionProfile, to after: FunctionProfile, limit: Int) -> [Change] {
    let names = Set(before.instructions.keys).union(after.instructions.keys).sorted()
    var changes: [Change] = []
    var gone: [Change] = []
    var appeared: [Change] = []
    for name in names {
      let change = Change(function: name, before: before.instructions[name] ?? 0, after: after.instructions[name] ?? 0)
      if change.before == change.after { continue }
      if change.after == 0 {
        gone.append(change)
      } else if change.before == 0 {
        appeared.append(change)
      } else {
        changes.append(change)
      }
    }
    // Largest first, so a large function is paired before a small one can take its match.
    for old in gone.sorted(by: { ($0.before, $1.function) > ($1.before, $0.function) }) {
      let match = appeared.indices.filter { index in
        abs(appeared[index].after - old.before) <= movedTolerance * max(appeared[index].after, old.before)
      }.min { abs(appeared[$0].after - old.before) < abs(appeared[$1].after - old.before) }
      if let match {
        let new = appeared.remove(at: match)
        changes.append(Change(function: new.function, before: old.before, after: new.after, movedFrom: old.function))
      } else {
        changes.append(old)
      }
    }
    changes += appeared
    func size(_ change: Change) -> Double { abs(change.after - change.before) }
    changes.sort { size($0) != size($1) ? size($0) > size($1) : $0.function < $1.function }
    return Array(changes.prefix(limit))
  }
}

/// The Swift runtime's demangler, bound at link time: the release tool links
/// the runtime statically and exports none of its symbols, so looking it up
/// with `dlsym` at run time found nothing there and names stayed mangled.
@_silgen_name("swift_demangle")
private func swiftDemangle(
  _ name: UnsafePointer<CChar>, _ length: Int, _ buffer: UnsafeMutablePointer<CChar>?,
  _ bufferLength: UnsafeMutablePointer<Int>?, _ flags: UInt32
) -> UnsafeMutablePointer<CChar>?
