import Foundation
import FuzzChecks
import Testing

@Suite("The fuzzing corpus replays without a finding")
struct FuzzCorpusTests {
  static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("FuzzCorpus")

  @Test("Every solver input of Tests/FuzzCorpus/solver keeps the invariants (R1, R12, R16, R28, R29)")
  func solverCorpus() {
    let count = replayCorpus([Self.corpus.appendingPathComponent("solver").path], check: FuzzChecks.solver)
    #expect(count >= 40)
  }

  @Test("Every scene-file input of Tests/FuzzCorpus/scene-file is answered or refused, never a trap")
  func sceneFileCorpus() {
    let count = replayCorpus([Self.corpus.appendingPathComponent("scene-file").path], check: FuzzChecks.sceneFile)
    #expect(count >= 30)
  }

  @Test(
    "Every result-file input of Tests/FuzzCorpus/result-file is accepted and survives writing, or is refused naming the file"
  )
  func resultFileCorpus() {
    let count = replayCorpus([Self.corpus.appendingPathComponent("result-file").path], check: FuzzChecks.resultFile)
    #expect(count >= 8)
  }
}
