import SceneFormat

extension FuzzChecks {
  /// `json` with every character of every string, keys and values alike,
  /// written as a `\uXXXX` escape (a surrogate pair beyond the BMP), and all
  /// else as it was. A string the reader refuses (a raw control character, a
  /// bad escape or surrogate, invalid UTF-8, no closing quote) is left as it
  /// is, and so is everything after it: escaping it could mend it.
  public static func escapedTwin(_ json: some Collection<UInt8>) -> [UInt8] {
    let bytes = Array(json)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count * 2)
    var index = 0
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "\"") else {
        out.append(bytes[index])
        index += 1
        continue
      }
      guard let (scalars, next) = stringValue(bytes, from: index + 1) else {
        out += bytes[index...]
        break
      }
      out.append(UInt8(ascii: "\""))
      for scalar in scalars {
        for unit in UTF16.encode(scalar)! {
          let hex = Array(String(unit, radix: 16).utf8)
          out += Array(#"\u"#.utf8) + Array(repeating: UInt8(ascii: "0"), count: 4 - hex.count) + hex
        }
      }
      out.append(UInt8(ascii: "\""))
      index = next
    }
    return out
  }

  /// The scalars of the string whose body starts at `start`, and the index
  /// after its closing quote; `nil` for a string RFC 8259 refuses.
  static func stringValue(_ bytes: [UInt8], from start: Int) -> ([Unicode.Scalar], Int)? {
    var scalars: [Unicode.Scalar] = []
    var index = start
    func hex4() -> UInt32? {
      var value: UInt32 = 0
      for _ in 0..<4 {
        guard index < bytes.count, let digit = Character(Unicode.Scalar(bytes[index])).hexDigitValue else { return nil }
        value = value << 4 | UInt32(digit)
        index += 1
      }
      return value
    }
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""): return (scalars, index)
      case ..<0x20: return nil
      case UInt8(ascii: "\\"):
        guard index < bytes.count else { return nil }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(Unicode.Scalar(escape))
        case UInt8(ascii: "b"): scalars.append("\u{08}")
        case UInt8(ascii: "f"): scalars.append("\u{0C}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"):
          guard var code = hex4() else { return nil }
          if (0xD800..<0xDC00).contains(code) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { return nil }
            index += 2
            guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
            code = 0x10000 + (code - 0xD800) << 10 + (low - 0xDC00)
          }
          guard let scalar = Unicode.Scalar(code) else { return nil }
          scalars.append(scalar)
        default: return nil
        }
      case ..<0x80: scalars.append(Unicode.Scalar(byte))
      default:
        // One UTF-8 sequence: its length from its first byte, its validity from the standard library's decoder.
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
        guard index - 1 + length <= bytes.count else { return nil }
        var decoder = UTF8()
        var iterator = bytes[(index - 1)..<(index - 1 + length)].makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator), iterator.next() == nil else { return nil }
        scalars.append(scalar)
        index += length - 1
      }
    }
    return nil
  }

  /// A message with the numbers of its columns left out: a string's escapes
  /// move what follows it along its line, and nothing else.
  public static func withoutColumns(_ message: String) -> String {
    var words = message.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    for index in words.indices.dropFirst() where words[index - 1] == "column" {
      words[index] = String(words[index].drop(while: \.isNumber))
    }
    return words.joined(separator: " ")
  }

  /// A document and its ``escapedTwin(_:)`` get the same answer, or the same
  /// error but for its columns, from every subcommand, and so do the two as
  /// lines of a stream: the reader compares strings by the text they spell.
  static func escapedTwinAgrees(_ text: String, isLine: Bool) {
    let twin = String(decoding: escapedTwin(text.utf8), as: UTF8.self)
    for request in SceneFile.Request.allCases {
      for line in isLine ? [false, true] : [false] {
        let outcomes = [text, twin].map { text in
          do throws(SceneFileError) {
            return try line ? SceneFile.answerLine(request, text) : SceneFile.answer(request, text)
          } catch {
            return "error: " + withoutColumns(error.description)
          }
        }
        precondition(outcomes[0] == outcomes[1], "a document and its escaped twin disagree: \(outcomes), \(twin)")
      }
    }
  }
}
