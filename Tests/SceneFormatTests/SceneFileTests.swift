import ArrangementSolver
import SceneFormat
import StrictJSON
import Testing

let specExample = """
  {
    "container": {"x": 0, "y": 0, "width": 950, "height": 760},
    "safeArea": {"top": 0, "left": 0, "bottom": 0, "right": 84},
    "sizeClass": {"horizontal": "regular", "vertical": "regular"},
    "layoutDirection": "leftToRight",
    "displayScale": 3,
    "regions": [
      {"id": 1, "kind": "division", "active": true,
       "frame": {"x": 475, "y": 0, "width": 0, "height": 760},
       "margins": {"top": 0, "left": 0, "bottom": 0, "right": 0}}
    ],
    "style": "split",
    "axes": ["horizontal", "vertical"],
    "primary": {"layoutPriority": 0,
                "width": {"minimum": {"absolute": 250}, "preferred": {"fraction": 0.3}},
                "overlayEdge": "trailing", "overlayVerticalEdge": "bottom"},
    "secondary": {"visible": true, "idealSize": {"width": 300, "height": 200}, "fixedSize": true}
  }
  """

let specAnswer = """
  {
    "splitAxis": "horizontal",
    "primary":   {"visible": true, "zIndex": 0,
                  "frame": {"x": 0, "y": 0, "width": 475, "height": 760},
                  "sizeClass": {"horizontal": "compact", "vertical": "regular"}},
    "secondary": {"visible": true, "zIndex": 0,
                  "frame": {"x": 475, "y": 0, "width": 391, "height": 760},
                  "sizeClass": {"horizontal": "compact", "vertical": "regular"}}
  }
  """

/// Keys of every object, in order, for checking that answers keep the documented field order.
func keyOrder(_ value: JSONValue) -> [String] {
  switch value {
  case .object(let members): return members.flatMap { [$0.key] + keyOrder($0.value) }
  case .array(let items): return items.flatMap(keyOrder)
  default: return []
  }
}

@Suite("Scene files (RULES.md §8)")
struct SceneFileTests {
  @Test("RULES.md §8: the example scene solves to exactly the documented answer, fields in the documented order")
  func specExampleAnswer() throws {
    let answer = try JSONParser.parse(try SceneFile.solve(specExample))
    let documented = try JSONParser.parse(specAnswer)
    #expect(answer == documented)
    #expect(keyOrder(answer) == keyOrder(documented))
  }

  @Test("RULES.md §8: an array of scenes is answered by an array in the same order")
  func arrays() throws {
    let text = "[\(specExample), {\"container\": {\"x\": 0, \"y\": 0, \"width\": 300, \"height\": 300}}]"
    guard case .array(let answers) = try JSONParser.parse(try SceneFile.solve(text)) else {
      Issue.record("expected an array")
      return
    }
    #expect(answers.count == 2)
    #expect(answers[0] == (try JSONParser.parse(specAnswer)))
    #expect(answers[1]["splitAxis"] == .null)  // 300 wide is compact: only the primary (R17)
    #expect(answers[1]["secondary"]?["sizeClass"] == nil)  // hidden panes have no size class
  }

  @Test("RULES.md §8: only container is required; the defaults are those of sections 1 and 2")
  func defaults() throws {
    let scene = try Scene(json: #"{"container": {"x": 5, "y": 6, "width": 700, "height": 500}}"#)
    #expect(scene == Scene(container: Rect(x: 5, y: 6, width: 700, height: 500)))
  }

  @Test("R12: the region query of RULES.md §8 answers in the view's mirrored coordinates")
  func regionQuery() throws {
    let text = """
      {"view": {"x": 100, "y": 0, "width": 850, "height": 760},
       "kind": "division", "includeInactive": false,
       "layoutDirection": "rightToLeft", "layoutDirectionBehavior": "mirrors",
       "regions": [{"id": 1, "kind": "division", "active": true,
                    "frame": {"x": 463, "y": 0, "width": 24, "height": 760},
                    "margins": {"top": 0, "left": 8, "bottom": 0, "right": 4}},
                   {"id": 0, "kind": "division", "active": false, "frame": {"x": 475, "y": 0, "width": 0, "height": 760}}]}
      """
    let answer = try JSONParser.parse(try SceneFile.regions(text))
    let expected = try JSONParser.parse(
      """
      {"regions": [{"id": 1, "kind": "division", "active": true,
                    "frame": {"x": 463, "y": 0, "width": 24, "height": 760},
                    "margins": {"top": 0, "left": 4, "bottom": 0, "right": 8}}]}
      """)
    #expect(answer == expected)
  }

  static let badInputs: [(String, String)] = [
    (
      #"{"container": {"x": 0, "y": 0, "width": 950, "height": 760}, "primary": {"width": {"preferred": {"fraction": 1.5}}}}"#,
      "$.primary.width.preferred.fraction: 1.5 is outside 0...1"
    ),
    (#"{"safeArea": {"top": 1}}"#, "$.container: required field is missing"),
    (
      #"{"container": {"x": 0, "y": 0, "width": 1e999, "height": 760}}"#,
      "$.container.width: 1e999 is not a finite number"
    ),
    (
      #"{"container": {"x": 0, "y": 0, "width": "950", "height": 760}}"#,
      "$.container.width: expected a number, found a string"
    ),
    (
      #"{"container": {"x": 0, "y": 0, "width": 950, "height": 760}, "style": "grid"}"#,
      #"$.style: unknown value "grid" (expected one of: "split", "overlay")"#
    ),
    (
      #"{"container": {"x": 0, "y": 0, "width": 950, "height": 760}, "axes": ["diagonal"]}"#,
      #"$.axes[0]: unknown value "diagonal" (expected one of: "horizontal", "vertical")"#
    ),
    (#"{"container": {"x": 0, "y": 0, "width": 950, "height": -1}}"#, "$.container.height: -1 is negative"),
    (
      #"{"container": {"x": 0, "y": 0, "width": 950, "height": 760}, "displayScale": 0}"#,
      "$.displayScale: 0 is not positive"
    ),
    (
      #"{"container": {"x": 0, "y": 0, "width": 950, "height": 760}, "primary": {"width": {"minimum": {"absolute": 300}, "maximum": {"absolute": 200}}}}"#,
      "$.primary.width.maximum: 200 is below the minimum 300"
    ),
    (
      #"{"container": {"x": 0, "y": 0, "width": 950, "height": 760}, "primary": {"width": {"minimum": {"absolute": 3, "fraction": 0.1}}}}"#,
      #"$.primary.width.minimum: a dimension has exactly one of "absolute", "fraction" or "intrinsic""#
    ),
    (
      #"{"container": {"x": 0, "y": 0, "width": 950, "height": 760}, "primary": {"visible": false}}"#,
      "$.primary.visible: unknown field (expected one of: fixedSize, height, idealSize, layoutPriority, overlayEdge, overlayVerticalEdge, width)"
    ),
    (
      #"{"container": {"x": 0, "y": 0, "width": 950, "height": 760}, "regions": [{"id": 1.5, "kind": "division", "frame": {"x": 0, "y": 0, "width": 0, "height": 1}}]}"#,
      "$.regions[0].id: 1.5 is not an integer"
    ),
    (
      #"{"container": {"x": 0, "y": 0, "width": 950, "height": 760}, "regions": [{"id": 1, "kind": "hinge", "frame": {"x": 0, "y": 0, "width": 0, "height": 1}}]}"#,
      #"$.regions[0].kind: unknown value "hinge" (expected one of: "division", "occlusion")"#
    ),
    (
      #"{"container": {"x": 0, "y": 0, "width": 950, "height": 760}, "regions": [{"id": 1, "kind": "division", "frame": {"x": 0, "y": 0, "width": 0, "height": 1}, "margins": {"left": -8}}]}"#,
      "$.regions[0].margins.left: -8 is negative"
    ),
    (
      #"{"container": {"x": 0, "y": 0, "width": 950, "height": 760},"#,
      "$: malformed JSON at line 1, column 61: unexpected end of input, expected a string key"
    ),
    (
      #"{"container": {"x": 0, "y": 0, "width": 950 "height": 760}}"#,
      "$.container: malformed JSON at line 1, column 45: expected ',' or '}' in an object"
    ),
    (#"[1, 2"#, "$: malformed JSON at line 1, column 6: unexpected end of input, expected ',' or ']' in an array"),
    ("", "$: malformed JSON at line 1, column 1: unexpected end of input, expected a value"),
    (
      #"{"container": {"x": 0, "y": 0, "width": 950, "height": 760}, "container": {}}"#,
      "$.container: malformed JSON at line 1, column 73: duplicate key"
    ),
    (#"[{"container": {"x": 0, "y": 0, "width": 950, "height": 760}}, 7]"#, "$[1]: expected an object, found a number"),
    (
      String(repeating: "[", count: 100),
      "$" + String(repeating: "[0]", count: 64) + ": malformed JSON at line 1, column 65: nested deeper than 64 levels"
    ),
  ]

  @Test("Bad input names the field's JSON path and what is wrong", arguments: badInputs)
  func badInput(text: String, message: String) {
    #expect(throws: SceneFileError.self) { try SceneFile.solve(text) }
    do throws(SceneFileError) {
      _ = try SceneFile.solve(text)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test("A file with more regions than a scene holds is refused, naming the field")
  func tooManyRegions() {
    let region = #"{"id": 1, "kind": "occlusion", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}"#
    let text =
      #"{"container": {"x": 0, "y": 0, "width": 9, "height": 9}, "regions": ["#
      + Array(repeating: region, count: 9).joined(separator: ",") + "]}"
    do throws(SceneFileError) {
      _ = try SceneFile.solve(text)
      Issue.record("expected an error")
    } catch {
      #expect(error.description == "$.regions: 9 regions; at most 8 are supported")
    }
  }

  @Test("Numbers are written exactly: integers plainly, others so they read back to the same Double")
  func numbers() throws {
    for value in [0, -0.0, 475, 1001.0 / 3, 0.1, -2.5e-7, 1e300] {
      let text = jsonNumber(value)
      guard case .number(let read, _) = try JSONParser.parse(text) else {
        Issue.record("not a number: \(text)")
        continue
      }
      #expect(read == value)
    }
    #expect(jsonNumber(475) == "475")
  }

  @Test("Numbers: the writer gives description's text and the reader gives Double(text)'s value, on 400,000 values")
  func numbersAtLarge() throws {
    var generator = Seeded(0x00D0_FACE)
    func next() -> UInt64 { generator.next() }
    var failures = 0
    for index in 0..<400_000 {
      let value: Double
      switch index % 5 {
      case 0: value = Double(bitPattern: next())  // any magnitude, subnormals, exponents
      case 1: value = Double(next() % 100_000) / Double(next() % 999 + 1)  // long decimal expansions
      case 2: value = Double(next() % 1 << 53) * (next() % 2 == 0 ? 1 : -1)  // large integers, 1e15 and past
      case 3: value = Double(next() % 10_000_000) / 1000  // short decimals
      default: value = Double(next() % 4096) / 3 + 0x1p-30 * Double(next() % 7)
      }
      guard value.isFinite else { continue }
      let text = jsonNumber(value)
      if text != formatNumber(value) { failures += 1 }
      guard case .number(let read, _) = try JSONParser.parse(text),
        read.bitPattern == value.bitPattern || (read == 0 && value == 0)
      else {
        failures += 1
        continue
      }
    }
    // Hand-picked edges of the reader's fast path (15 digits, 2^53, 10^22, leading zeros).
    for text in [
      "999999999999999", "9999999999999999", "9007199254740993", "1e22", "1e23", "0.000000000000000000001",
      "123456789012345678901234567890", "-0", "4.9e-324", "2.2250738585072014e-308", "1.7976931348623157e308",
      "0.1e-22", "3e-23",
    ] {
      guard case .number(let read, _) = try JSONParser.parse(text), read.bitPattern == Double(text)!.bitPattern else {
        Issue.record("\(text) read differently from Double(text)")
        continue
      }
    }
    #expect(failures == 0)
  }

  @Test("Numbers from 1e-4 to 1e11 with up to 17 significant digits are written as description writes them")
  func decimalsAsDescription() {
    var generator = Seeded(0x5107_DEC1)
    func next() -> UInt64 { generator.next() }
    func unit() -> Double { Double(next() >> 11) * 0x1p-53 }
    var failures: [String] = []
    var lengths = [Int](repeating: 0, count: 18)
    func check(_ value: Double) {
      guard value.isFinite else { return }
      let expected = formatNumber(value)
      let significant = expected.filter(\.isNumber).drop { $0 == "0" }.count
      if significant < lengths.count { lengths[significant] += 1 }
      if jsonNumber(value) != expected, failures.count < 5 {
        failures.append("\(expected) written as \(jsonNumber(value))")
      }
    }
    // The writer's own path covers 1e-4 up to 1e11: the edges of that range and
    // of each decade, one ulp either side, and negatives.
    var decade = 1e-4
    while decade <= 1e11 {
      for value in [decade, decade * 1.5, decade * 9.999, 1 / 3 * decade] {
        for near in [value, value.nextUp, value.nextDown, value.nextUp.nextUp] {
          check(near)
          check(-near)
        }
      }
      decade *= 10
    }
    for index in 0..<100_000 {
      var scale = 1.0
      for _ in 0..<(index % 6) { scale *= 10 }
      check(Double(next() % (index % 3 == 0 ? 100_000_000_000_000 : 100_000)) / scale)  // short decimals
      check(Double(next() % 1_000_000) / Double(1 << (next() % 20)))  // binary fractions
      check(Double(next() % 10_000_000) / Double(next() % 12 + 1))  // thirds, sevenths, ... of pixels
      var spread = 1e-4 * (1 + 9 * unit())  // any value in the range, every length of digits
      for _ in 0..<(next() % 15) { spread *= 10 }
      check(spread)
      check(spread.nextUp)
      check(-spread)
    }
    #expect(failures.isEmpty, "\(failures)")
    // Every length the writer's own path handles, and the 17 digits it leaves, occurred.
    #expect(lengths[1...17].allSatisfy { $0 > 20 }, "\(lengths)")
  }

  @Test("Strings with escapes and non-ASCII text read correctly")
  func strings() throws {
    #expect(try JSONParser.parse(#""a\"b\\c\u00e9\ud83d\ude00é""#) == .string("a\"b\\cé😀é"))
    #expect(throws: SceneFileError.self) { try JSONParser.parse(#""\ud83d""#) }
    #expect(throws: SceneFileError.self) { try JSONParser.parse([0x22, 0xFF, 0x22]) }
  }
}
