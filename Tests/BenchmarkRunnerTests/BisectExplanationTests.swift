import BenchmarkRunner
import Testing

@Suite("Explanations of a change: demangled names, moved functions")
struct BisectExplanationTests {
  @Test("Swift names come out demangled; the demangler is bound at link time, as in the statically linked tool")
  func demangled() {
    #expect(
      FunctionProfile.demangle("$s17ArrangementSolver14_injectedProbeyS2dF")
        == "ArrangementSolver._injectedProbe(Double) -> Double")
    #expect(
      FunctionProfile.demangle("_$s17ArrangementSolver5SceneV5solveAA8SolutionVyF").hasPrefix("ArrangementSolver."))
    // A name that is not Swift's, or not a valid mangling, stays as it is.
    #expect(FunctionProfile.demangle("__memcpy_avx_unaligned_erms") == "__memcpy_avx_unaligned_erms")
    #expect(FunctionProfile.demangle("$sNotAMangling") == "$sNotAMangling")
    let profile = FunctionProfile(
      annotation: """
        Ir                  file:function
        1,000 (50.00%)  ???:$s17ArrangementSolver14_injectedProbeyS2dF [/tmp/tool]
        """, operations: 10)
    #expect(profile.instructions == ["ArrangementSolver._injectedProbe(Double) -> Double": 100])
  }

  @Test("A function gone under one name and back under another with the same count is one moved function")
  func moved() {
    let before = FunctionProfile(instructions: ["solve": 500, "Fold.applying": 120, "helper": 40])
    let after = FunctionProfile(instructions: ["solve": 700, "Fold.applying(_:)": 120, "widen": 80])
    let changes = FunctionProfile.changes(from: before, to: after, limit: 8)
    #expect(changes.map(\.function) == ["solve", "widen", "helper", "Fold.applying(_:)"])
    let moved = changes.last
    #expect(moved?.movedFrom == "Fold.applying")
    #expect(moved?.before == 120 && moved?.after == 120)
    #expect(moved?.shown.function == "Fold.applying(_:) (moved from Fold.applying)")
    // Neither a loss under the old name nor a gain under the new one.
    #expect(!changes.contains { $0.function == "Fold.applying" })
    #expect(changes.filter { $0.movedFrom == nil }.allSatisfy { $0.shown == $0 })
  }

  @Test("Counts that differ by more than 1% are a loss and a gain, not a move; the largest pairs first")
  func notMoved() {
    let before = FunctionProfile(instructions: ["a": 100, "b": 50])
    let after = FunctionProfile(instructions: ["c": 110, "d": 50.2, "e": 100.5])
    let changes = FunctionProfile.changes(from: before, to: after, limit: 8)
    #expect(changes.first { $0.function == "e" }?.movedFrom == "a")
    #expect(changes.first { $0.function == "d" }?.movedFrom == "b")
    #expect(changes.first { $0.function == "c" }.map { $0.before == 0 && $0.after == 110 } == true)
  }
}
