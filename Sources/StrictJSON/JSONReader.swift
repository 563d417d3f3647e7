/// A strict JSON reader (RFC 8259) that is pulled token by token: decoders ask
/// for the value they expect and get it straight from the bytes, with no tree
/// in between. One instance reads one document (a file, or one line of a
/// stream).
///
/// Errors carry the JSON path of the value being read. The path is built as
/// an error travels outward (each member or element adds its step), so
/// reading costs nothing for it. Syntax errors also name the line and column.
public struct JSONReader {
  /// Deeper documents are refused rather than risking the stack.
  public static let maximumDepth = 64

  /// The document's first byte, for line and column numbers.
  public let start: UnsafePointer<UInt8>
  public let end: UnsafePointer<UInt8>
  public var cursor: UnsafePointer<UInt8>
  public var depth = 0

  @inlinable public init(_ bytes: UnsafeBufferPointer<UInt8>) {
    // An empty buffer may have no address; any address with no bytes will do.
    let base = bytes.baseAddress ?? UnsafePointer(bitPattern: 0x10)!
    start = base
    end = base + bytes.count
    cursor = base
  }

  /// The next byte, or 0 at the end (0 is never valid outside a string, and
  /// inside one it is a control character: both are errors).
  @inlinable @inline(__always) public var current: UInt8 { cursor < end ? cursor.pointee : 0 }
  @inlinable @inline(__always) public var atEnd: Bool { cursor >= end }

  @inlinable @inline(__always) public mutating func skipWhitespace() {
    // Compact documents have none: one compare settles the common case.
    if cursor < end && cursor.pointee > 0x20 { return }
    var pointer = cursor
    while pointer < end {
      let byte = pointer.pointee
      guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { break }
      pointer += 1
    }
    cursor = pointer
  }

  /// The cursor's line and column, both from 1 (columns count characters, not bytes).
  public var position: (line: Int, column: Int) {
    var line = 1
    var column = 1
    var pointer = start
    while pointer < min(cursor, end) {
      let byte = pointer.pointee
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
      pointer += 1
    }
    return (line, column)
  }

  /// A syntax error at the cursor: `malformed JSON at line L, column C: message`.
  @inlinable public func failure(_ message: String) -> JSONError {
    let (line, column) = position
    return JSONError(.root, "malformed JSON at line \(line), column \(column): \(message)", isSyntax: true)
  }

  /// Checks the document's start (no byte-order mark) and moves to its value.
  @inlinable public mutating func beginDocument() throws(JSONError) {
    if end - start >= 3, start[0] == 0xEF, start[1] == 0xBB, start[2] == 0xBF {
      throw failure("a byte-order mark is not allowed")
    }
    skipWhitespace()
  }

  /// Checks that nothing but white space follows the value.
  @inlinable public mutating func endDocument() throws(JSONError) {
    skipWhitespace()
    if !atEnd { throw failure("unexpected text after the JSON value") }
  }

  // MARK: - What comes next

  public enum Kind {
    case object, array, string, number, bool, null, invalid, end
  }

  /// The kind of the value at the cursor, from its first byte.
  @inlinable public var kind: Kind {
    switch current {
    case UInt8(ascii: "{"): return .object
    case UInt8(ascii: "["): return .array
    case UInt8(ascii: "\""): return .string
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
    case UInt8(ascii: "n"): return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
    default: return atEnd ? .end : .invalid
    }
  }

  /// The value at the cursor is not what the decoder expects: a syntax error
  /// if it is not a value at all, else `expected X, found Y`.
  @inlinable public func mismatch(_ expected: String) -> JSONError {
    let found: String
    switch kind {
    case .object: found = "an object"
    case .array: found = "an array"
    case .string: found = "a string"
    case .number: found = "a number"
    case .bool: found = "a boolean"
    case .null: found = "null"
    case .end: return failure("unexpected end of input, expected a value")
    case .invalid: return failure("unexpected character, expected a value")
    }
    return JSONError(.root, "expected \(expected), found \(found)")
  }

  // MARK: - Literals

  /// Consumes `null` if it is next (a member left out).
  @inlinable @inline(__always) public mutating func skipNull() throws(JSONError) -> Bool {
    guard current == UInt8(ascii: "n") else { return false }
    try word("null")
    return true
  }

  @inlinable public mutating func word(_ text: StaticString) throws(JSONError) {
    let count = text.utf8CodeUnitCount
    let bytes = text.utf8Start
    for index in 0..<count {
      guard current == bytes[index] else { throw failure("expected '\(text)'") }
      cursor += 1
    }
  }

  @inlinable public mutating func readBool() throws(JSONError) -> Bool {
    switch current {
    case UInt8(ascii: "t"):
      try word("true")
      return true
    case UInt8(ascii: "f"):
      try word("false")
      return false
    default: throw mismatch("a boolean")
    }
  }

  // MARK: - Objects and arrays

  @usableFromInline mutating func enter(_ open: UInt8, _ close: UInt8) throws(JSONError) -> Bool {
    depth += 1
    if depth > Self.maximumDepth { throw failure("nested deeper than \(Self.maximumDepth) levels") }
    cursor += 1
    skipWhitespace()
    guard current == close else { return true }
    cursor += 1
    depth -= 1
    return false
  }

  /// Consumes `{`; false for an empty object (its `}` consumed too).
  @inlinable public mutating func beginObject() throws(JSONError) -> Bool {
    guard current == UInt8(ascii: "{") else { throw mismatch("an object") }
    return try enter(UInt8(ascii: "{"), UInt8(ascii: "}"))
  }

  /// Reads a member's key, leaving the cursor just after it.
  @inlinable public mutating func keyString() throws(JSONError) -> Key {
    skipWhitespace()
    guard current == UInt8(ascii: "\"") else {
      throw failure(atEnd ? "unexpected end of input, expected a string key" : "expected a string key")
    }
    return try rawString()
  }

  /// The colon after a key, and the white space around it.
  @inlinable @inline(__always) public mutating func colon() throws(JSONError) {
    if cursor < end && cursor.pointee == UInt8(ascii: ":") {
      cursor += 1
    } else {
      try spacedColon()
    }
    skipWhitespace()
  }

  @inlinable public mutating func spacedColon() throws(JSONError) {
    skipWhitespace()
    guard current == UInt8(ascii: ":") else {
      throw failure(
        atEnd ? "unexpected end of input, expected ':' after an object key" : "expected ':' after an object key")
    }
    cursor += 1
  }

  /// After a member's value: true if another member follows, false at `}`.
  @inlinable @inline(__always) public mutating func nextMember() throws(JSONError) -> Bool {
    if cursor < end {
      switch cursor.pointee {
      case UInt8(ascii: ","):
        cursor += 1
        return true
      case UInt8(ascii: "}"):
        cursor += 1
        depth -= 1
        return false
      default: break
      }
    }
    return try spacedNextMember()
  }

  @inlinable public mutating func spacedNextMember() throws(JSONError) -> Bool {
    skipWhitespace()
    if current == UInt8(ascii: ",") {
      cursor += 1
      return true
    }
    guard current == UInt8(ascii: "}") else {
      throw failure(
        atEnd ? "unexpected end of input, expected ',' or '}' in an object" : "expected ',' or '}' in an object")
    }
    cursor += 1
    depth -= 1
    return false
  }

  /// Consumes `[`; false for an empty array (its `]` consumed too).
  @inlinable public mutating func beginArray() throws(JSONError) -> Bool {
    guard current == UInt8(ascii: "[") else { throw mismatch("an array") }
    guard try enter(UInt8(ascii: "["), UInt8(ascii: "]")) else { return false }
    skipWhitespace()
    return true
  }

  /// After an element: true if another element follows, false at `]`.
  @inlinable public mutating func nextElement() throws(JSONError) -> Bool {
    skipWhitespace()
    if current == UInt8(ascii: ",") {
      cursor += 1
      skipWhitespace()
      return true
    }
    guard current == UInt8(ascii: "]") else {
      throw failure(
        atEnd ? "unexpected end of input, expected ',' or ']' in an array" : "expected ',' or ']' in an array")
    }
    cursor += 1
    depth -= 1
    return false
  }

  // MARK: - Strings

  /// A string's bytes as they stand in the document, between the quotes.
  public struct Key {
    public var bytes: UnsafeBufferPointer<UInt8>
    /// Whether the string has escapes (or bytes above ASCII), so must be decoded to compare.
    public var needsDecoding: Bool

    /// The first eight bytes as a word, zero-padded (see ``NameList``).
    public var head: UInt64 = 0

    @inlinable init(bytes: UnsafeBufferPointer<UInt8>, needsDecoding: Bool, head: UInt64 = 0) {
      self.bytes = bytes
      self.needsDecoding = needsDecoding
      self.head = head
    }

    /// The string's value: its escapes and UTF-8 decoded. `rawString` checked
    /// them, so a failure here is a fault of this reader, not of the document.
    @inlinable public var decoded: String {
      guard needsDecoding else { return String(decoding: bytes, as: UTF8.self) }
      var reader = JSONReader(bytes)
      do {
        return try reader.decodeStringBody(closingQuote: false)
      } catch {
        preconditionFailure("a checked string does not decode: \(error.message)")
      }
    }

    /// Whether the string's value is exactly `name` (compared as RFC 8259
    /// compares names: code unit by code unit, after decoding).
    @inlinable public func isExactly(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
      guard needsDecoding else { return bytes.elementsEqual(name) }
      return decoded.utf8.elementsEqual(name)
    }
  }

  /// Reads a string, checking escapes and UTF-8, without decoding it.
  @inlinable public mutating func rawString() throws(JSONError) -> Key {
    guard current == UInt8(ascii: "\"") else { throw mismatch("a string") }
    let first = cursor + 1
    var pointer = first  // a local, so the scan stays in registers
    // Eight bytes a step while no byte is special; then byte by byte from the first that may be.
    while end - pointer >= 8 {
      let word = UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self)
      let special = Self.specialBytes(word)
      if special != 0 {
        pointer += special.trailingZeroBitCount >> 3
        break
      }
      pointer += 8
    }
    while pointer < end {
      let byte = pointer.pointee
      // Printable ASCII but the quote and the backslash: one unsigned compare for the range.
      if byte &- 0x20 < 0x60 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
        pointer += 1
        continue
      }
      guard byte == UInt8(ascii: "\"") else { break }
      cursor = pointer + 1
      let count = pointer - first
      var head: UInt64
      if end - first >= 8 {  // a whole word only where the buffer holds it
        head = UnsafeRawPointer(first).loadUnaligned(as: UInt64.self)
        if count < 8 { head &= (1 << (8 * UInt64(count))) &- 1 }
      } else {
        head = 0
        for offset in 0..<count { head |= UInt64(first[offset]) << (8 * UInt64(offset)) }
      }
      return Key(bytes: UnsafeBufferPointer(start: first, count: count), needsDecoding: false, head: head)
    }
    // Rare: escapes, bytes above ASCII, or an error; the decoder checks every
    // escape and sequence.
    cursor = first
    _ = try decodeStringBody()
    return Key(bytes: UnsafeBufferPointer(start: first, count: cursor - 1 - first), needsDecoding: true)
  }

  /// A word with the high bit set in (at least) the lowest byte of `word`
  /// that is a quote, a backslash, a control character or above ASCII, and
  /// zero if none is (the classic "has a zero byte" arithmetic: a borrow may
  /// flag bytes above a flagged one, never below it).
  @inlinable @inline(__always) public static func specialBytes(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    @inline(__always) func zeroBytes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
    let quotes = zeroBytes(word ^ (ones &* 0x22))
    let backslashes = zeroBytes(word ^ (ones &* 0x5C))
    let controls = (word &- ones &* 0x20) & ~word & highs
    return quotes | backslashes | controls | (word & highs)
  }

  /// Decodes a string's body from the cursor (just after the opening quote)
  /// through its closing quote, or without a `closingQuote` (a ``Key``'s bytes)
  /// through the end of the buffer.
  @inlinable public mutating func decodeStringBody(closingQuote: Bool = true) throws(JSONError) -> String {
    var scalars = String.UnicodeScalarView()
    var runStart = cursor
    while true {
      guard cursor < end else {
        if closingQuote { throw failure("unterminated string") }
        break
      }
      let byte = cursor.pointee
      if byte == UInt8(ascii: "\"") { break }
      if byte < 0x20 { throw failure("control character in a string") }
      if byte == UInt8(ascii: "\\") {
        try appendRaw(from: runStart, to: &scalars)
        cursor += 1
        guard cursor < end else { throw failure("unterminated string") }
        let escape = cursor.pointee
        cursor += 1
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
          var code = try hex4()
          if (0xD800..<0xDC00).contains(code) {
            guard end - cursor >= 2, cursor[0] == UInt8(ascii: "\\"), cursor[1] == UInt8(ascii: "u") else {
              throw failure("unpaired surrogate in a string")
            }
            cursor += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw failure("unpaired surrogate in a string") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let scalar = Unicode.Scalar(code) else { throw failure("invalid \\u escape") }
          scalars.append(scalar)
        default:
          throw failure("invalid escape in a string")
        }
        runStart = cursor
        continue
      }
      cursor += 1
    }
    try appendRaw(from: runStart, to: &scalars)
    if closingQuote { cursor += 1 }
    return String(scalars)
  }

  @usableFromInline func appendRaw(from first: UnsafePointer<UInt8>, to scalars: inout String.UnicodeScalarView)
    throws(JSONError)
  {
    guard first < cursor else { return }
    var decoder = UTF8()
    var iterator = UnsafeBufferPointer(start: first, count: cursor - first).makeIterator()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): scalars.append(scalar)
      case .emptyInput: return
      case .error: throw failure("invalid UTF-8 in a string")
      }
    }
  }

  @usableFromInline mutating func hex4() throws(JSONError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = current
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw failure("invalid \\u escape")
      }
      value = value << 4 | digit
      cursor += 1
    }
    return value
  }

  // MARK: - Numbers

  /// Reads a number exactly as `Double(literal)` would (correctly rounded; a
  /// literal beyond the range reads as infinity), and where its literal is.
  @inline(__always)
  @inlinable public mutating func number() throws(JSONError) -> (value: Double, literal: UnsafeBufferPointer<UInt8>) {
    let first = cursor
    if let value = simpleNumber() { return (value, UnsafeBufferPointer(start: first, count: cursor - first)) }
    return try anyNumber()
  }

  /// The commonest numbers, read at once: an optional minus, up to 15 digits
  /// with no leading zero, optionally a point and more digits (15 significant
  /// digits and 22 decimals at most), no exponent. Exact: the digits make an
  /// integer below 2^53 and the point divides it by an exact power of ten, one
  /// correctly rounded operation (as in ``anyNumber()``). `nil`, with the
  /// cursor unmoved, for anything else.
  @inlinable @inline(__always) public mutating func simpleNumber() -> Double? {
    var pointer = cursor
    if pointer < end && pointer.pointee == UInt8(ascii: "-") { pointer += 1 }
    let digits = pointer
    var magnitude: UInt64 = 0
    while pointer < end {
      let digit = pointer.pointee &- UInt8(ascii: "0")
      guard digit < 10 else { break }
      magnitude = magnitude &* 10 &+ UInt64(digit)
      pointer += 1
    }
    let count = pointer - digits
    guard count > 0 && count <= 15 && (count == 1 || digits.pointee != UInt8(ascii: "0")) else { return nil }
    var decimals = 0
    // Note: the power of ten is gathered with the digits: a table read from
    // another module costs a `swift_once` and a bounds check (callgrind).
    var scale: UInt64 = 1
    if pointer < end && pointer.pointee == UInt8(ascii: ".") {
      pointer += 1
      let fraction = pointer
      while pointer < end {
        let digit = pointer.pointee &- UInt8(ascii: "0")
        guard digit < 10 else { break }
        magnitude = magnitude &* 10 &+ UInt64(digit)
        scale = scale &* 10
        pointer += 1
      }
      decimals = pointer - fraction
      guard decimals > 0 && count + decimals <= 15 else { return nil }
    }
    if pointer < end && pointer.pointee | 0x20 == UInt8(ascii: "e") { return nil }
    let negative = digits != cursor
    cursor = pointer
    let value = decimals == 0 ? Double(magnitude) : Double(magnitude) / Double(scale)
    return negative ? -value : value
  }

  /// Consumes `text` if the bytes at the cursor are exactly it.
  @inlinable @inline(__always) public mutating func literal(_ text: StaticString) -> Bool {
    let count = text.utf8CodeUnitCount
    guard end - cursor >= count else { return false }
    let bytes = text.utf8Start
    for offset in 0..<count where cursor[offset] != bytes[offset] { return false }
    cursor += count
    return true
  }

  /// Any number: fractions, exponents, long literals and malformed ones.
  @inlinable public mutating func anyNumber() throws(JSONError) -> (value: Double, literal: UnsafeBufferPointer<UInt8>)
  {
    let first = cursor
    @inline(__always) func digit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
    let negative = current == UInt8(ascii: "-")
    if negative { cursor += 1 }
    var mantissa: UInt64 = 0
    var digits = 0  // significant digits gathered into the mantissa
    var exponent = 0  // decimal exponent of the mantissa
    var exact = true  // every digit fitted into the mantissa
    @inline(__always) func gather(_ byte: UInt8, fraction: Bool) {
      if digits < 19 {
        mantissa = mantissa &* 10 &+ UInt64(byte &- UInt8(ascii: "0"))
        if mantissa != 0 { digits += 1 }
        if fraction { exponent -= 1 }
      } else {
        exact = false
      }
    }
    if current == UInt8(ascii: "0") {
      cursor += 1
      if digit(current) { throw failure("invalid number: a leading zero") }
    } else if digit(current) {
      while digit(current) {
        gather(current, fraction: false)
        if !exact { exponent += 1 }
        cursor += 1
      }
    } else {
      throw failure("invalid number")
    }
    if current == UInt8(ascii: ".") {
      cursor += 1
      guard digit(current) else { throw failure("invalid number: digits expected after '.'") }
      while digit(current) {
        gather(current, fraction: true)
        cursor += 1
      }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      cursor += 1
      var sign = 1
      if current == UInt8(ascii: "+") {
        cursor += 1
      } else if current == UInt8(ascii: "-") {
        sign = -1
        cursor += 1
      }
      guard digit(current) else { throw failure("invalid number: digits expected in the exponent") }
      var written = 0
      while digit(current) {
        written = min(written * 10 + Int(current &- UInt8(ascii: "0")), 1 << 20)
        cursor += 1
      }
      exponent += sign * written
    }
    let literal = UnsafeBufferPointer(start: first, count: cursor - first)
    // Clinger's fast path: an exact mantissa and an exact power of ten give a
    // correctly rounded quotient or product in one operation.
    if exact, mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
      let magnitude = Double(mantissa)
      let value = exponent < 0 ? magnitude / Self.powersOfTen[-exponent] : magnitude * Self.powersOfTen[exponent]
      return (negative ? -value : value, literal)
    }
    guard let value = Double(String(decoding: literal, as: UTF8.self)) else { throw failure("invalid number") }
    return (value, literal)
  }

  public static let powersOfTen: [Double] = (0...22).map { exponent in
    var value = 1.0
    for _ in 0..<exponent { value *= 10 }  // exact up to 1e22
    return value
  }

  /// A finite number: a literal out of `Double`'s range (`1e999`) reads as
  /// infinity and is refused.
  @inlinable @inline(__always) public mutating func finiteNumber() throws(JSONError) -> Double {
    let byte = current
    guard byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "-") else { throw mismatch("a number") }
    let (value, literal) = try number()
    guard value.isFinite else {
      throw JSONError(.root, "\(excerpt(String(decoding: literal, as: UTF8.self))) is not a finite number")
    }
    return value
  }

  /// What a number literal that ``number()`` read spells, decided by its
  /// digits rather than by the `Double` they round to (9007199254740993 is
  /// not 2^53, and 2^63 − 1 is an `Int`).
  public enum WholeNumber: Equatable, Sendable {
    /// An integer an `Int` holds, however written (`7`, `-7`, `7.0`, `0.7e1`, `700e-2`).
    case int(Int)
    /// An integer beyond `Int`'s range.
    case outOfRange
    /// Not an integer (`1.5`, `1e-400`).
    case fraction
  }

  public static func wholeNumber(_ literal: some Collection<UInt8>) -> WholeNumber {
    var negative = false
    var inFraction = false
    var inExponent = false
    var length = 0  // digits from the first that is not 0 through the last that is not
    var mantissa: UInt64 = 0  // those digits' value, while there are at most 19 (below 2^64)
    var zeros = 0  // zeros since the last digit that is not 0
    var fractionDigits = 0
    var exponent = 0
    var exponentSign = 1
    for byte in literal {
      switch byte {
      case UInt8(ascii: "-"): if inExponent { exponentSign = -1 } else { negative = true }
      case UInt8(ascii: "+"): break
      case UInt8(ascii: "."): inFraction = true
      case UInt8(ascii: "e"), UInt8(ascii: "E"): inExponent = true
      default:
        let digit = byte &- UInt8(ascii: "0")
        if inExponent {
          // Past 2^56 the exponent only says "huge": digits and fraction are far fewer.
          if exponent < 1 << 56 { exponent = exponent * 10 + Int(digit) }
          continue
        }
        if inFraction { fractionDigits += 1 }
        if digit == 0 {
          if length > 0 { zeros += 1 }
          continue
        }
        length += zeros + 1
        if length <= 19 {
          for _ in 0..<zeros { mantissa *= 10 }
          mantissa = mantissa * 10 + UInt64(digit)
        }
        zeros = 0
      }
    }
    guard length > 0 else { return .int(0) }
    let scale = exponentSign * exponent - fractionDigits + zeros  // the power of ten `mantissa` is multiplied by
    guard scale >= 0 else { return .fraction }
    guard length + scale <= 19 else { return .outOfRange }
    var magnitude = mantissa
    for _ in 0..<scale { magnitude *= 10 }
    if negative {
      return magnitude <= UInt64(Int.max) + 1 ? .int(Int(truncatingIfNeeded: 0 &- magnitude)) : .outOfRange
    }
    return magnitude <= UInt64(Int.max) ? .int(Int(magnitude)) : .outOfRange
  }

  // MARK: - Any value

  /// Reads past one value of any kind, checking it as strictly as a decoder
  /// would (repeated keys included) without keeping it.
  @inlinable public mutating func skipValue() throws(JSONError) {
    switch kind {
    case .object:
      guard try beginObject() else { return }
      var names = Set<ExactName>()  // a million keys must not take a million squared steps
      repeat {
        let name = try keyString().decoded
        if !names.insert(ExactName(name)).inserted { throw failure("duplicate key").under(key: name) }
        try colon()
        do { try skipValue() } catch { throw error.under(key: name) }
      } while try nextMember()
    case .array:
      guard try beginArray() else { return }
      var index = 0
      repeat {
        do { try skipValue() } catch { throw error.under(index: index) }
        index += 1
      } while try nextElement()
    case .string: _ = try rawString()
    case .number: _ = try number()
    case .bool: _ = try readBool()
    case .null: try word("null")
    case .end: throw failure("unexpected end of input, expected a value")
    case .invalid: throw failure("unexpected character, expected a value")
    }
  }

  /// Reads a whole document with `body`, which reads its one value. When it
  /// fails, a document that is not JSON is reported as such, wherever the
  /// fault is (checked only then, so that good documents are read once).
  @inline(__always)
  @inlinable public static func readDocument<Value>(
    _ bytes: UnsafeBufferPointer<UInt8>, _ body: (inout JSONReader) throws(JSONError) -> Value
  ) throws(JSONError) -> Value {
    do throws(JSONError) {
      var reader = JSONReader(bytes)
      try reader.beginDocument()
      let value = try body(&reader)
      try reader.endDocument()
      return value
    } catch {
      if !error.isSyntax { try checkSyntax(bytes) }
      throw error
    }
  }

  /// Checks a whole document's syntax, from its first byte.
  @inlinable public static func checkSyntax(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONError) {
    var reader = JSONReader(bytes)
    try reader.beginDocument()
    try reader.skipValue()
    try reader.endDocument()
  }
}
