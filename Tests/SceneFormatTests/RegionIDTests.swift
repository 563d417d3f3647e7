import ArrangementSolver
import SceneFormat
import StrictJSON
import Testing

@Suite("Region ids are exact integers, decided by their digits (RULES.md §8)")
struct RegionIDTests {
  static func scene(id: String, spaced: Bool) -> String {
    let line =
      #"{"container":{"x":0,"y":0,"width":950,"height":760},"regions":[{"id":"# + id
      + #","kind":"division","frame":{"x":475,"y":0,"width":0,"height":760}}]}"#
    return spaced ? spacedForm(line) : line
  }

  @Test("Any integer an Int holds is read exactly (2^53 + 1, 2^63 − 1, −2^63), however it is written")
  func exactIDs() throws {
    let cases: [(String, Int)] = [
      ("9007199254740993", 9_007_199_254_740_993), ("9223372036854775807", Int.max),
      ("-9223372036854775808", Int.min), ("7.0", 7), ("0.7e1", 7), ("700e-2", 7), ("-0", 0), ("1E+2", 100),
      ("12345678901234567", 12_345_678_901_234_567),
    ]
    for (literal, id) in cases {
      for spaced in [false, true] {
        #expect(try Scene(json: Self.scene(id: literal, spaced: spaced)).regions[0].id == id, "\(literal)")
      }
    }
    // And answered exactly.
    let query =
      #"{"view": {"x": 0, "y": 0, "width": 950, "height": 760}, "kind": "division", "regions": [{"id": 9007199254740993, "kind": "division", "frame": {"x": 475, "y": 0, "width": 0, "height": 760}}]}"#
    #expect(try SceneFile.answerLine(.regions, query).contains(#""id":9007199254740993,"#))
  }

  @Test("A fraction, or an integer beyond Int, is refused naming the field, not rounded")
  func refusedIDs() {
    let cases: [(String, String)] = [
      ("9223372036854775808", "9223372036854775808 is outside -9223372036854775808...9223372036854775807"),
      ("-9223372036854775809", "-9223372036854775809 is outside -9223372036854775808...9223372036854775807"),
      ("1e19", "1e19 is outside -9223372036854775808...9223372036854775807"),
      ("1e999", "1e999 is outside -9223372036854775808...9223372036854775807"),
      ("1.5", "1.5 is not an integer"), ("1e-400", "1e-400 is not an integer"),
      ("9007199254740992.5", "9007199254740992.5 is not an integer"),
    ]
    for (literal, message) in cases {
      for spaced in [false, true] {
        #expect(refusal(Self.scene(id: literal, spaced: spaced)) == "$.regions[0].id: " + message)
      }
    }
  }

  @Test("The reader's whole numbers: what a literal spells, never what its Double rounds to")
  func wholeNumbers() {
    let cases: [(String, JSONReader.WholeNumber)] = [
      ("0", .int(0)), ("-0.0e5", .int(0)), ("10", .int(10)), ("1.50", .fraction), ("1.50e1", .int(15)),
      ("0.0007e4", .int(7)), ("0.0007e3", .fraction), ("100e-2", .int(1)), ("101e-2", .fraction),
      ("9.223372036854775807e18", .int(Int.max)), ("9.223372036854775808e18", .outOfRange),
      ("92233720368547758070e-1", .int(Int.max)), ("1e18", .int(1_000_000_000_000_000_000)), ("1e19", .outOfRange),
      ("1e99999999999999999999", .outOfRange), ("1e-99999999999999999999", .fraction),
      ("0e99999999999999999999", .int(0)), ("1" + String(repeating: "0", count: 30) + "e-30", .int(1)),
    ]
    for (literal, expected) in cases {
      #expect(JSONReader.wholeNumber(Array(literal.utf8)) == expected, "\(literal)")
    }
  }
}
