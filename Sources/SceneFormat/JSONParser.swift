/// A strict JSON parser (RFC 8259) that reports where a document breaks as a
/// JSON path plus line and column, and refuses documents nested deeper than
/// ``maximumDepth``.
public struct JSONParser {
  /// Deeper documents are refused rather than risking the stack.
  public static let maximumDepth = 64

  private let bytes: [UInt8]
  private var position = 0
  private var depth = 0
  /// Where the parser is, for error messages; built only when one is thrown.
  private var trail: [PathStep] = []

  private enum PathStep {
    case key(String)
    case index(Int)
  }

  /// Parses a whole document; anything but white space after the value is an error.
  public static func parse(_ bytes: [UInt8]) throws(SceneFileError) -> JSONValue {
    var parser = JSONParser(bytes: bytes)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { throw parser.failure("a byte-order mark is not allowed") }
    parser.skipWhitespace()
    let value = try parser.parseValue()
    parser.skipWhitespace()
    if parser.position < bytes.count { throw parser.failure("unexpected text after the JSON value") }
    return value
  }

  public static func parse(_ text: String) throws(SceneFileError) -> JSONValue {
    try parse(Array(text.utf8))
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  private var path: JSONPath {
    trail.reduce(JSONPath.root) { path, step in
      switch step {
      case .key(let name): return path.key(name)
      case .index(let index): return path.index(index)
      }
    }
  }

  private func failure(_ message: String) -> SceneFileError {
    var line = 1
    var column = 1
    for byte in bytes[..<min(position, bytes.count)] {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return SceneFileError(path, "malformed JSON at line \(line), column \(column): \(message)")
  }

  private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

  private mutating func skipWhitespace() {
    while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
  }

  private mutating func expect(_ byte: UInt8, _ what: String) throws(SceneFileError) {
    guard current != nil else { throw failure("unexpected end of input, expected \(what)") }
    guard current == byte else { throw failure("expected \(what)") }
    position += 1
  }

  private mutating func parseValue() throws(SceneFileError) -> JSONValue {
    guard let byte = current else { throw failure("unexpected end of input, expected a value") }
    switch byte {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseWord("true", .bool(true))
    case UInt8(ascii: "f"): return try parseWord("false", .bool(false))
    case UInt8(ascii: "n"): return try parseWord("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw failure("unexpected character, expected a value")
    }
  }

  private mutating func parseWord(_ word: String, _ value: JSONValue) throws(SceneFileError) -> JSONValue {
    for expected in word.utf8 {
      guard current == expected else { throw failure("expected '\(word)'") }
      position += 1
    }
    return value
  }

  private mutating func enter() throws(SceneFileError) {
    depth += 1
    if depth > Self.maximumDepth { throw failure("nested deeper than \(Self.maximumDepth) levels") }
  }

  private mutating func parseObject() throws(SceneFileError) -> JSONValue {
    try enter()
    position += 1
    var members: [(key: String, value: JSONValue)] = []
    skipWhitespace()
    if current == UInt8(ascii: "}") {
      position += 1
      depth -= 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard current != nil else { throw failure("unexpected end of input, expected a string key") }
      guard current == UInt8(ascii: "\"") else { throw failure("expected a string key") }
      let key = try parseString()
      if members.contains(where: { $0.key == key }) {
        trail.append(.key(key))
        throw failure("duplicate key")
      }
      skipWhitespace()
      try expect(UInt8(ascii: ":"), "':' after an object key")
      skipWhitespace()
      trail.append(.key(key))
      let value = try parseValue()
      trail.removeLast()
      members.append((key, value))
      skipWhitespace()
      if current == UInt8(ascii: ",") {
        position += 1
        continue
      }
      try expect(UInt8(ascii: "}"), "',' or '}' in an object")
      depth -= 1
      return .object(members)
    }
  }

  private mutating func parseArray() throws(SceneFileError) -> JSONValue {
    try enter()
    position += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if current == UInt8(ascii: "]") {
      position += 1
      depth -= 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      trail.append(.index(elements.count))
      elements.append(try parseValue())
      trail.removeLast()
      skipWhitespace()
      if current == UInt8(ascii: ",") {
        position += 1
        continue
      }
      try expect(UInt8(ascii: "]"), "',' or ']' in an array")
      depth -= 1
      return .array(elements)
    }
  }

  private mutating func parseString() throws(SceneFileError) -> String {
    position += 1
    var scalars = String.UnicodeScalarView()
    var start = position
    while true {
      guard let byte = current else { throw failure("unterminated string") }
      if byte == UInt8(ascii: "\"") { break }
      if byte < 0x20 { throw failure("control character in a string") }
      if byte == UInt8(ascii: "\\") {
        try appendRaw(from: start, to: &scalars)
        position += 1
        guard let escape = current else { throw failure("unterminated string") }
        position += 1
        switch escape {
        case UInt8(ascii: "\""): scalars.append("\"")
        case UInt8(ascii: "\\"): scalars.append("\\")
        case UInt8(ascii: "/"): scalars.append("/")
        case UInt8(ascii: "b"): scalars.append("\u{08}")
        case UInt8(ascii: "f"): scalars.append("\u{0C}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"):
          var code = try parseHex4()
          if (0xD800..<0xDC00).contains(code) {
            guard current == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u")
            else { throw failure("unpaired surrogate in a string") }
            position += 2
            let low = try parseHex4()
            guard (0xDC00..<0xE000).contains(low) else { throw failure("unpaired surrogate in a string") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let scalar = Unicode.Scalar(code) else { throw failure("invalid \\u escape") }
          scalars.append(scalar)
        default:
          throw failure("invalid escape in a string")
        }
        start = position
        continue
      }
      position += 1
    }
    try appendRaw(from: start, to: &scalars)
    position += 1
    return String(scalars)
  }

  private func appendRaw(from start: Int, to scalars: inout String.UnicodeScalarView) throws(SceneFileError) {
    guard start < position else { return }
    var decoder = UTF8()
    var iterator = bytes[start..<position].makeIterator()
    loop: while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): scalars.append(scalar)
      case .emptyInput: break loop
      case .error: throw failure("invalid UTF-8 in a string")
      }
    }
  }

  private mutating func parseHex4() throws(SceneFileError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = current, let digit = hexDigit(byte) else { throw failure("invalid \\u escape") }
      value = value << 4 | digit
      position += 1
    }
    return value
  }

  private func hexDigit(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
  }

  private mutating func parseNumber() throws(SceneFileError) -> JSONValue {
    let start = position
    func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
    if current == UInt8(ascii: "-") { position += 1 }
    if current == UInt8(ascii: "0") {
      position += 1
      if isDigit(current) { throw failure("invalid number: a leading zero") }
    } else if isDigit(current) {
      while isDigit(current) { position += 1 }
    } else {
      throw failure("invalid number")
    }
    if current == UInt8(ascii: ".") {
      position += 1
      guard isDigit(current) else { throw failure("invalid number: digits expected after '.'") }
      while isDigit(current) { position += 1 }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      position += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
      guard isDigit(current) else { throw failure("invalid number: digits expected in the exponent") }
      while isDigit(current) { position += 1 }
    }
    let literal = String(decoding: bytes[start..<position], as: UTF8.self)
    guard let value = Double(literal) else { throw failure("invalid number") }
    return .number(value, literal: literal)
  }
}
