/// A parsed JSON document that keeps what error messages need: object keys
/// in their given order and each number's literal text.
public indirect enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  /// The value as `Double(literal)` reads it (possibly infinite), and the literal.
  case number(Double, literal: String)
  case string(String)
  case array([JSONValue])
  case object([(key: String, value: JSONValue)])

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a, _), .number(let b, _)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { sameName($0.key, $1.key) && $0.value == $1.value }
    default: return false
    }
  }

  /// The value of `key` in an object.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { sameName($0.key, key) }?.value
  }

  /// A short name of the value's type, for error messages.
  public var typeName: String {
    switch self {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}

/// A JSON path such as `$.regions[2].frame.width`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
  public private(set) var description: String

  public static let root = JSONPath(description: "$")

  public func key(_ name: String) -> JSONPath {
    // A name too long to show whole is bracketed, so that its excerpt is quoted.
    let simple =
      !name.isEmpty && name.utf8.count <= excerptLength && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    return JSONPath(description: simple ? "\(description).\(name)" : "\(description)[\(quoted(name))]")
  }

  public func index(_ position: Int) -> JSONPath { JSONPath(description: "\(description)[\(position)]") }

  /// `other` (a path from the root) read from this path instead.
  public func appending(path other: JSONPath) -> JSONPath {
    JSONPath(description: description + other.description.dropFirst())
  }

  /// A path relative to this one, given as field names joined by points (`primary.width`)
  /// or starting with an index (`[2].frame`).
  public func appending(relative: String) -> JSONPath {
    JSONPath(description: relative.hasPrefix("[") ? description + relative : "\(description).\(relative)")
  }
}

/// A bad JSON document, or a good one with a bad value: the value's path and what is wrong with it.
public struct JSONError: Error, Sendable, Hashable, CustomStringConvertible {
  public var path: JSONPath
  public var message: String
  /// Whether the document is not JSON at all (these win over any other error, see
  /// ``JSONReader/readDocument(_:_:)``).
  public var isSyntax = false

  public init(_ path: JSONPath, _ message: String) {
    self.path = path
    self.message = message
  }

  public init(_ path: JSONPath, _ message: String, isSyntax: Bool) {
    self.init(path, message)
    self.isSyntax = isSyntax
  }

  /// The same error, one member further in.
  public func under(key name: String) -> JSONError {
    var error = self
    error.path = JSONPath.root.key(name).appending(path: path)
    return error
  }

  /// The same error, one element further in.
  public func under(index: Int) -> JSONError {
    var error = self
    error.path = JSONPath.root.index(index).appending(path: path)
    return error
  }

  /// One line: `$.primary.width.preferred.fraction: 1.5 is outside 0...1`.
  public var description: String { "\(path): \(message)" }
}

/// Whether two names are the same JSON name: equal code unit by code unit
/// (RFC 8259), where `String`'s `==` also equates canonically equivalent
/// texts such as "é" and "e\u{301}", and "\u{212A}" (the Kelvin sign) and "K".
@inlinable public func sameName(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }

/// An object key as a set holds it, compared as ``sameName(_:_:)`` compares.
@usableFromInline struct ExactName: Hashable {
  @usableFromInline let text: String

  @inlinable init(_ text: String) { self.text = text }

  @inlinable static func == (a: ExactName, b: ExactName) -> Bool { sameName(a.text, b.text) }

  @inlinable func hash(into hasher: inout Hasher) {
    var text = text
    text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }
}

/// The most Unicode scalars of a value an error message repeats: enough to
/// recognise it, where a 60 MB literal must not make a 60 MB message.
public let excerptLength = 40

/// `text` as an error message shows it: its first ``excerptLength`` scalars
/// and "…" when it is longer. Every value a message quotes passes here.
public func excerpt(_ text: String) -> String {
  let scalars = text.unicodeScalars
  guard let cut = scalars.index(scalars.startIndex, offsetBy: excerptLength, limitedBy: scalars.endIndex),
    cut != scalars.endIndex
  else { return text }
  return String(scalars[..<cut]) + "…"
}

/// A string as a JSON string literal, for messages (an ``excerpt(_:)`` of it).
public func quoted(_ string: String) -> String {
  var out = "\""
  for scalar in excerpt(string).unicodeScalars {
    switch scalar {
    case "\"": out += "\\\""
    case "\\": out += "\\\\"
    case "\n": out += "\\n"
    case "\r": out += "\\r"
    case "\t": out += "\\t"
    case _ where scalar.value < 0x20:
      let hex = String(scalar.value, radix: 16)
      out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    default: out.unicodeScalars.append(scalar)
    }
  }
  return out + "\""
}
