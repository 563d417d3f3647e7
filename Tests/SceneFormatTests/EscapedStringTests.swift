import ArrangementSolver
import SceneFormat
import StrictJSON
import Testing

/// The error `text` gets from `request`, or `nil` when it is answered.
func refusal(_ text: String, _ request: SceneFile.Request = .solve) -> String? {
  do throws(SceneFileError) {
    _ = try SceneFile.answer(request, text)
    return nil
  } catch {
    return error.description
  }
}

@Suite("Keys and string values are read by the text they spell, escaped or not (RFC 8259 §7, §8.3)")
struct EscapedStringTests {
  static let container = #""container": {"x": 0, "y": 0, "width": 950, "height": 760}"#
  static let sceneFields =
    "axes, container, displayScale, divider, environment, foldAxes, foldPolicy, layoutDirection, primary, regions, safeArea, "
    + "secondary, sizeClass, spacing, style"

  @Test(#"RULES.md §8: a value written with escapes ("\u0073plit", "overl\u0061y") is the value it spells"#)
  func escapedValues() throws {
    #expect(try Scene(json: "{\(Self.container), " + #""style": "\u0073plit"}"#).style == .split)
    #expect(try Scene(json: "{\(Self.container), " + #""style": "overl\u0061y"}"#).style == .overlay)
    let region = try Scene(
      json: "{\(Self.container), "
        + #""regions": [{"id": 1, "kind": "\u006fcclusion", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}]}"#)
    #expect(region.regions[0].kind == .occlusion)
  }

  @Test(#"RULES.md §8: a key written with escapes ("st\u0079le") is the field it spells, in a file and in a stream"#)
  func escapedKeys() throws {
    let plain = #"{"container":{"x":0,"y":0,"width":950,"height":760},"style":"overlay","axes":["vertical"]}"#
    let escaped =
      #"{"\u0063ontainer":{"x":0,"y":0,"w\u0069dth":950,"height":760},"st\u0079le":"overlay","\u0061xes":["v\u0065rtical"]}"#
    #expect(try Scene(json: escaped) == Scene(json: plain))
    #expect(try Scene(json: escaped).style == .overlay)
    #expect(try SceneFile.solve(escaped) == SceneFile.solve(plain))
    #expect(try SceneFile.answerLine(.solve, escaped) == SceneFile.answerLine(.solve, plain))
    // Every request kind: enum values and keys of queries, displacements and grids.
    let view = #""view": {"x": 0, "y": 0, "width": 951, "height": 669}"#
    let regions =
      #""regions": [{"id": 1, "kind": "division", "frame": {"x": 463.5, "y": 0, "width": 24, "height": 669}}]"#
    let requests: [(SceneFile.Request, String, String)] = [
      (
        .regions, "{\(view), " + #""kind": "division", "# + regions + "}",
        "{\(view), " + #""k\u0069nd": "\u0064ivision", "# + regions + "}"
      ),
      (
        .displace, "{\(view), " + #""elements": [{"x": 1, "y": 2, "width": 3, "height": 4}], "purpose": "transient"}"#,
        "{\(view), " + #""elements": [{"x": 1, "y": 2, "width": 3, "height": 4}], "p\u0075rpose": "tr\u0061nsient"}"#
      ),
      (
        .grid, #"{"frame": {"x": 0, "y": 0, "width": 951, "height": 669}, "minimumCellWidth": 200}"#,
        #"{"fr\u0061me": {"x": 0, "y": 0, "width": 951, "height": 669}, "minimumCellWidth": 200}"#
      ),
    ]
    for (request, plain, escaped) in requests {
      #expect(try SceneFile.answer(request, escaped) == SceneFile.answer(request, plain))
    }
  }

  @Test("RULES.md §8: an unknown field or value written with escapes or in UTF-8 is named by its decoded text")
  func unknownNamesDecoded() {
    let cases: [(String, String)] = [
      (#""st\u0079lex": "split""#, "$.stylex: unknown field (expected one of: \(Self.sceneFields))"),
      (#""style": "\u0073plitx""#, #"$.style: unknown value "splitx" (expected one of: "split", "overlay")"#),
      (#""style": "spl\u00eft""#, #"$.style: unknown value "splït" (expected one of: "split", "overlay")"#),
      (#""\u00fcber": 1"#, "$.über: unknown field (expected one of: \(Self.sceneFields))"),
      (#""\u00e9 \ud83d\ude00": 1"#, #"$["é 😀"]: unknown field (expected one of: "# + Self.sceneFields + ")"),
    ]
    for (member, message) in cases {
      let text = "{\(Self.container), \(member)}"
      #expect(refusal(text) == message, "\(text)")
      #expect(throws: SceneFileError.self) { try SceneFile.answerLine(.solve, text) }
    }
  }

  @Test("RFC 8259 §4: two different non-ASCII keys are two keys, not a duplicate; canonically equivalent ones too")
  func differentNonASCIIKeys() throws {
    #expect(
      refusal("{\(Self.container), " + #""ü": 1, "é": 2}"#)
        == "$.ü: unknown field (expected one of: \(Self.sceneFields))")
    #expect(
      refusal("{\(Self.container), " + #""\u00fc": 1, "\u00e9": 2}"#)
        == "$.ü: unknown field (expected one of: \(Self.sceneFields))")
    // "é" and "e" + U+0301 are canonically equivalent (equal as Swift strings) but different JSON names.
    guard case .object(let members) = try JSONParser.parse(#"{"ü": 1, "é": 2, "e\u0301": 3, "\u212a": 4, "K": 5}"#)
    else {
      Issue.record("expected an object")
      return
    }
    #expect(members.map { Array($0.key.unicodeScalars) } == [["ü"], ["é"], ["e", "\u{301}"], ["\u{212A}"], ["K"]])
  }

  @Test(#"RFC 8259 §4: a key and its escaped spelling ("a", "\u0061") are a duplicate key, named by its text"#)
  func escapedDuplicates() {
    #expect(
      refusal("{\(Self.container), " + #""style": "split", "\u0073tyle": "overlay"}"#)
        == "$.style: malformed JSON at line 1, column 92: duplicate key")
    #expect(
      refusal("{\(Self.container), " + #""ü": 1, "\u00fc": 2}"#)
        == "$.ü: malformed JSON at line 1, column 78: duplicate key")
    do throws(JSONError) {
      _ = try JSONParser.parse(#"{"a": 1, "\u0061": 2}"#)
      Issue.record("a duplicate key was accepted")
    } catch {
      #expect(error.description == "$.a: malformed JSON at line 1, column 18: duplicate key")
    }
  }

  @Test("RULES.md §8: in an array, the first bad request is the one reported, whatever keys later ones have")
  func firstBadElement() {
    let text =
      "[{\(Self.container), " + #""st\u0079le": "gr\u0069d"}, {"# + Self.container + #", "ü": 1, "é": 2}]"#
    #expect(refusal(text) == #"$[0].style: unknown value "grid" (expected one of: "split", "overlay")"#)
    let later = "[{\(Self.container)}, {\(Self.container), " + #""\u00fc": 1, "\u00e9": 2}]"#
    #expect(refusal(later) == "$[1].ü: unknown field (expected one of: \(Self.sceneFields))")
  }
}
