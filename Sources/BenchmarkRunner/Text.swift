/// Text from files (titles, commits, host names, function names) escaped for
/// each output it reaches, one function a format. Result files come from pull
/// requests: nothing in them may become a cell boundary, a formula, markup or
/// a terminal control sequence.
public enum Text {
  /// Longest part of a value quoted in a message.
  public static let quotedLength = 40

  /// Whether a scalar must not reach a terminal or a table as itself: C0 and
  /// C1 controls, DEL, and the bidirectional controls that reorder what
  /// follows them (U+202A–U+202E, U+2066–U+2069) or mark direction
  /// (U+200E, U+200F, U+061C).
  public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F..<0xA0, 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// For a terminal or a text table: unsafe scalars shown as `\u{XXXX}`.
  public static func terminal(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if isUnsafe(scalar) {
        result.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// A value in a message: quoted, terminal-safe, and at most ``quotedLength``
  /// characters of it (a 60 MB literal must not become a 60 MB line).
  public static func quoted(_ text: String) -> String {
    let shown = text.count > quotedLength ? String(text.prefix(quotedLength)) + "…" : text
    return "\"" + terminal(shown).replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }

  /// A CSV field (RFC 4180): always quoted, quotes doubled, and a leading
  /// `=`, `+`, `-`, `@`, tab or carriage return prefixed with `'` so that a
  /// spreadsheet reads text, never a formula.
  public static func csv(_ text: String) -> String {
    var value = terminal(text)
    if let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) { value = "'" + value }
    return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// Markdown text (a table cell or a line): `|` cannot end a cell, markup
  /// characters are backslash-escaped, and `<`, `>` and `&` become entities so
  /// no raw HTML passes.
  public static func markdown(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in terminal(text) {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\\", "|", "`", "*", "_", "[", "]", "#", "~", "!": result += "\\" + String(character)
      default: result.append(character)
      }
    }
    return result
  }

  /// HTML or SVG text and attribute values.
  public static func html(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default:
        if isUnsafe(scalar) { result += terminal(String(scalar)) } else { result.unicodeScalars.append(scalar) }
      }
    }
    return result
  }

  /// `text` folded at spaces so that no line is longer than `width`
  /// characters where a word allows it (a longer word stands on a line of its
  /// own); lines after the first start with `indent`. Line breaks in `text` stay.
  public static func wrapped(_ text: String, width: Int, indent: String = "") -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { paragraph -> String in
      guard paragraph.count > width else { return String(paragraph) }
      var lines: [String] = []
      var line = ""
      for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
        let prefix = lines.isEmpty ? "" : indent
        if !line.isEmpty && prefix.count + line.count + 1 + word.count > width {
          lines.append(prefix + line)
          line = String(word)
        } else {
          line += (line.isEmpty ? "" : " ") + word
        }
      }
      lines.append((lines.isEmpty ? "" : indent) + line)
      return lines.joined(separator: "\n")
    }.joined(separator: "\n")
  }

  /// The Levenshtein distance between two scalar sequences (for "nearest" suggestions; titles are short).
  public static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
