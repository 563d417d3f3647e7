/// Parses any JSON document into a ``JSONValue`` tree with ``JSONReader``
/// (so the same strictness and the same messages as reading it token by
/// token). A decoder that knows what it expects pulls values from the reader
/// without a tree; the tree is for tools and tests that need to look at
/// arbitrary JSON.
public enum JSONParser {
  /// Deeper documents are refused rather than risking the stack.
  public static let maximumDepth = JSONReader.maximumDepth

  /// Parses a whole document; anything but white space after the value is an error.
  public static func parse(_ bytes: [UInt8]) throws(JSONError) -> JSONValue {
    try bytes.withUnsafeBufferPointer { buffer throws(JSONError) in
      var reader = JSONReader(buffer)
      try reader.beginDocument()
      let value = try reader.tree()
      try reader.endDocument()
      return value
    }
  }

  public static func parse(_ text: String) throws(JSONError) -> JSONValue {
    try parse(Array(text.utf8))
  }

  /// One step of a path into a document.
  public enum Step: Sendable, Hashable {
    case key(String)
    case index(Int)
  }

  /// Where the value at `steps` starts in a well-formed document, as line and
  /// column; where the path goes further than the document, where its last
  /// existing value starts. For messages about values that parse but mean
  /// nothing valid, found again only when there is something to report.
  public static func location(of steps: [Step], in bytes: [UInt8]) -> (line: Int, column: Int) {
    bytes.withUnsafeBufferPointer { buffer in
      var reader = JSONReader(buffer)
      func there(_ start: UnsafePointer<UInt8>) -> (line: Int, column: Int) {
        reader.cursor = start
        return reader.position
      }
      do {
        try reader.beginDocument()
        for step in steps {
          switch (step, reader.kind) {
          case (.key(let name), .object):
            let start = reader.cursor
            guard try reader.beginObject() else { return there(start) }
            var found = false
            repeat {
              let key = try reader.keyString().decoded
              try reader.colon()
              if sameName(key, name) {
                found = true
                break
              }
              try reader.skipValue()
            } while try reader.nextMember()
            if !found { return there(start) }
          case (.index(let position), .array):
            let start = reader.cursor
            guard try reader.beginArray() else { return there(start) }
            var index = 0
            while index < position {
              try reader.skipValue()
              guard try reader.nextElement() else { return there(start) }
              index += 1
            }
          default: return reader.position
          }
        }
      } catch {}
      return reader.position
    }
  }
}

extension JSONReader {
  /// The value at the cursor as a tree.
  public mutating func tree() throws(JSONError) -> JSONValue {
    switch kind {
    case .object:
      var members: [(key: String, value: JSONValue)] = []
      guard try beginObject() else { return .object(members) }
      // A set, not a search of `members`: an object of a million keys must not take a million squared steps.
      var names = Set<ExactName>()
      repeat {
        let name = try keyString().decoded
        if !names.insert(ExactName(name)).inserted { throw failure("duplicate key").under(key: name) }
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
