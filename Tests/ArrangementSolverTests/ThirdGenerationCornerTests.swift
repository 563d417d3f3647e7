import ArrangementSolver
import Testing

@Suite("The third generation's answers through a plan's columns and other corners (R30–R33)")
struct ThirdGenerationCornerTests {
  @Test("R33: the columns keep what the answer says of the adaptation (reflowed, levitated)")
  func columnsCarryAdaptation() {
    var reflow = splitScene()
    reflow.axes = .vertical
    reflow.secondary.adapt = .reflow
    var levitate = reflow
    levitate.secondary.adapt = .levitate
    for scene in [reflow, levitate] {
      let plan = ArrangementPlan(scene)
      let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: SolutionColumns.byteCount(for: 2), alignment: 16)
      defer { storage.deallocate() }
      let columns = SolutionColumns(storage, count: 2)
      let widths = [1000.0, 1000]
      let heights = [800.0, 800]
      _ = widths.withUnsafeBufferPointer { widths in
        heights.withUnsafeBufferPointer { plan.solve(widths: widths, heights: $0, into: columns) }
      }
      #expect(scene.solve().adapted != nil)
      #expect(columns[0].adapted == scene.solve().adapted, "\(scene.secondary.adapt)")
    }
  }

  @Test("R30, R32: under neverAvoid the gap applies across the fold, which sizing ignores")
  func neverAvoidWithSpacing() {
    var book = bookScene()
    book.foldPolicy = .neverAvoid
    book.spacing = 10
    let solution = book.solve()
    #expect(solution.primary.frame == rect(0, 0, 428, 760))
    #expect(solution.secondary.frame == rect(438, 0, 428, 760))
  }

  @Test("R31, R33: a divider at L' leaves the secondary nothing; reflow divides the other axis at L' too and fails")
  func dividerAtEndAndReflow() {
    var scene = splitScene()
    scene.divider = Divider(position: .fractional(1))
    scene.secondary.adapt = .reflow
    let solution = scene.solve()
    #expect(solution.primary.frame == rect(0, 0, 1000, 800))
    #expect(!solution.secondary.visible)
    #expect(solution.adapted == nil)
    #expect(solution.divider == nil)
    scene.secondary.adapt = .levitate
    let floating = scene.solve()
    #expect(floating.adapted == .levitated)
    #expect(floating.secondary.frame == rect(250, 200, 500, 400))
  }
}
