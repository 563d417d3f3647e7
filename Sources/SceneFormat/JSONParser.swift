/// Parses any JSON document into a ``JSONValue`` tree, with the reader that
/// scene files use (so the same strictness and the same messages). Scene
/// files themselves are decoded without a tree; the tree is for tools and
/// tests that need to look at arbitrary JSON.
public enum JSONParser {
  /// Deeper documents are refused rather than risking the stack.
  public static let maximumDepth = JSONReader.maximumDepth

  /// Parses a whole document; anything but white space after the value is an error.
  public static func parse(_ bytes: [UInt8]) throws(SceneFileError) -> JSONValue {
    try bytes.withUnsafeBufferPointer { buffer throws(SceneFileError) in
      var reader = JSONReader(buffer)
      try reader.beginDocument()
      let value = try reader.tree()
      try reader.endDocument()
      return value
    }
  }

  public static func parse(_ text: String) throws(SceneFileError) -> JSONValue {
    try parse(Array(text.utf8))
  }
}

extension JSONReader {
  /// The value at the cursor as a tree.
  mutating func tree() throws(SceneFileError) -> JSONValue {
    switch kind {
    case .object:
      var members: [(key: String, value: JSONValue)] = []
      guard try beginObject() else { return .object(members) }
      repeat {
        let name = try keyString().decoded
        if members.contains(where: { $0.key == name }) { throw failure("duplicate key").under(key: name) }
        try colon()
        do { members.append((name, try tree())) } catch { throw error.under(key: name) }
      } while try nextMember()
      return .object(members)
    case .array:
      var elements: [JSONValue] = []
      guard try beginArray() else { return .array(elements) }
      repeat {
        do { elements.append(try tree()) } catch { throw error.under(index: elements.count) }
      } while try nextElement()
      return .array(elements)
    case .string:
      cursor += 1
      return .string(try decodeStringBody())
    case .number:
      let (value, literal) = try number()
      return .number(value, literal: String(decoding: literal, as: UTF8.self))
    case .bool: return .bool(try readBool())
    case .null:
      try word("null")
      return .null
    case .end: throw failure("unexpected end of input, expected a value")
    case .invalid: throw failure("unexpected character, expected a value")
    }
  }
}
