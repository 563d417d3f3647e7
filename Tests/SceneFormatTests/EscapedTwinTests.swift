import Foundation
import FuzzChecks
import SceneFormat
import Testing

@Suite("A document and its escaped twin (every string's characters as \\u escapes) get the same answer")
struct EscapedTwinTests {
  @Test("The twin escapes every character of keys and values, pairs beyond the BMP, and leaves a bad string as it is")
  func twin() {
    let twin = FuzzChecks.escapedTwin(Array(#"{"a": "é😀\n\"", "b": [1, "\/"]}"#.utf8))
    #expect(
      String(decoding: twin, as: UTF8.self)
        == #"{"\u0061": "\u00e9\ud83d\ude00\u000a\u0022", "\u0062": [1, "\u002f"]}"#)
    let bad = FuzzChecks.escapedTwin(Array(#"["x", "\q", "y"]"#.utf8))
    #expect(String(decoding: bad, as: UTF8.self) == #"["\u0078", "\q", "y"]"#)
  }

  /// The outcomes of `text` and its twin for every request kind, columns left out of errors.
  static func outcomes(_ text: String) -> [(String?, String?, String?, String?)] {
    let twin = String(decoding: FuzzChecks.escapedTwin(text.utf8), as: UTF8.self)
    return SceneFile.Request.allCases.map { request in
      func outcome(_ text: String) -> (String?, String?) {
        do throws(SceneFileError) {
          return (try SceneFile.answer(request, text), nil)
        } catch {
          return (nil, FuzzChecks.withoutColumns(error.description))
        }
      }
      let (answer, error) = outcome(text)
      let (twinAnswer, twinError) = outcome(twin)
      return (answer, error, twinAnswer, twinError)
    }
  }

  @Test("Golden scenes: each and its escaped twin solve to the same answer, in a document and in a stream")
  func goldenTwins() throws {
    for golden in GoldenCase.all {
      let line = sceneLine(golden.scene)
      let twin = String(decoding: FuzzChecks.escapedTwin(line.utf8), as: UTF8.self)
      #expect(twin != line && !twin.contains("container"))
      #expect(try SceneFile.solve(twin) == SceneFile.solve(line), "\(golden.name)")
      #expect(try SceneFile.answerLine(.solve, twin) == SceneFile.answerLine(.solve, line), "\(golden.name)")
    }
  }

  @Test("Scene-file corpus: each document and its escaped twin get the same answer or error from every request kind")
  func corpusTwins() {
    let folder = FuzzCorpusTests.corpus.appendingPathComponent("scene-file")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    var answered = 0
    for file in files.sorted() {
      guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(file).path),
        let text = String(validating: data, as: UTF8.self)
      else { continue }
      for (answer, error, twinAnswer, twinError) in Self.outcomes(text) {
        #expect(answer == twinAnswer && error == twinError, "\(file): \(error ?? "") / \(twinError ?? "")")
        if answer != nil { answered += 1 }
      }
    }
    #expect(files.count >= 30 && answered >= 20)
  }
}
