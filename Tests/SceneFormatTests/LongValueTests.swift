import SceneFormat
import StrictJSON
import Testing

@Suite("Errors quote at most a short prefix of a bad value")
struct LongValueTests {
  static let prefix = "1" + String(repeating: "0", count: 39) + "…"

  @Test("A 100,000-digit number, string value or key is quoted by its first 40 characters and …")
  func longValues() {
    let digits = "1" + String(repeating: "0", count: 100_000)
    let letters = String(repeating: "x", count: 100_000)
    let shown = String(repeating: "x", count: 40) + "…"
    let cases: [(String, String)] = [
      (
        #"{"container": {"x": 0, "y": 0, "width": "# + digits + #", "height": 1}}"#,
        "$.container.width: \(Self.prefix) is not a finite number"
      ),
      (
        #"{"container": {"x": 0, "y": 0, "width": 1, "height": 1}, "style": ""# + letters + #""}"#,
        #"$.style: unknown value ""# + shown + #"" (expected one of: "split", "overlay")"#
      ),
      (
        #"{"container": {"x": 0, "y": 0, "width": 1, "height": 1}, ""# + letters + #"": 1}"#,
        #"$[""# + shown + #""]: unknown field (expected one of: "# + EscapedStringTests.sceneFields + ")"
      ),
      (
        #"{"container": {"x": 0, "y": 0, "width": 1, "height": 1}, "regions": [{"id": 0."# + digits
          + #"1, "kind": "division", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}]}"#,
        "$.regions[0].id: 0.1" + String(repeating: "0", count: 37) + "… is not an integer"
      ),
    ]
    for (text, message) in cases {
      #expect(refusal(text) == message)
    }
    #expect(excerpt(String(repeating: "é", count: 40)) == String(repeating: "é", count: 40))
  }
}
