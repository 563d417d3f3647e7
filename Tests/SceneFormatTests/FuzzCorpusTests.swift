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

  @Test(
    "Random inputs (what CI checks in release): the count asked for, lengths within the bound, the same bytes for a seed"
  )
  func randomInputs() {
    var first: [[UInt8]] = []
    replayRandom(count: 300, seed: 7, maximumLength: 64) { first.append(Array($0)) }
    var again: [[UInt8]] = []
    replayRandom(count: 300, seed: 7, maximumLength: 64) { again.append(Array($0)) }
    var other: [[UInt8]] = []
    replayRandom(count: 300, seed: 8, maximumLength: 64) { other.append(Array($0)) }
    #expect(first.count == 300)
    #expect(first == again)
    #expect(first != other)
    #expect(first.allSatisfy { $0.count <= 64 })
    // Lengths cover the range, the empty input and the bound included, and the bytes vary.
    #expect(first.contains { $0.isEmpty } && first.contains { $0.count == 64 })
    #expect(Set(first.joined()).count > 200)
    // And the solver's checks hold on a few thousand of them in this build.
    replayRandom(count: 2000, seed: 1, check: FuzzChecks.solver)
  }
}
