import ArrangementSolver
import Testing

@Suite("Plans and the batch entry point agree with the cold solve, bit for bit")
struct PlanTests {
  func bits(_ pane: PaneLayout) -> [UInt64] {
    let frame = pane.frame
    var result: [UInt64] = [frame.x.bitPattern, frame.y.bitPattern, frame.width.bitPattern, frame.height.bitPattern]
    result.append(UInt64(bitPattern: Int64(pane.zIndex)))
    result.append(pane.visible ? 1 : 0)
    result.append(UInt64(pane.sizeClass.horizontal.rawValue) << 8 | UInt64(pane.sizeClass.vertical.rawValue))
    return result
  }

  func bits(_ solution: Solution) -> [UInt64] {
    bits(solution.primary) + bits(solution.secondary) + [UInt64(solution.splitAxis?.rawValue ?? 9)]
  }

  @Test("A plan solved for a scene's size, and a batch of sizes, match scene.solve() exactly")
  func planMatchesSolve() {
    var generator = SceneGenerator(random: SeededGenerator(seed: 0x91A7))
    var sizes: [Size] = []
    var expected: [[UInt64]] = []
    for index in 0..<4000 {
      let scene = generator.scene()
      let plan = ArrangementPlan(scene)
      let label = "seed 0x91A7 case \(index): \(scene)"
      #expect(
        bits(plan.solve(width: scene.container.width, height: scene.container.height)) == bits(scene.solve()),
        "\(label)")
      // One configuration, many sizes: a resize sweep through the batch entry point.
      sizes = (0..<8).map {
        Size(width: scene.container.width + Double($0 * 37), height: scene.container.height + Double($0 * 11))
      }
      expected = sizes.map { size in
        var resized = scene
        resized.container.width = size.width
        resized.container.height = size.height
        return bits(resized.solve())
      }
      var output = [Solution](repeating: scene.solve(), count: sizes.count)
      let written = sizes.withUnsafeBufferPointer { sizes in
        output.withUnsafeMutableBufferPointer { plan.solve(sizes: sizes, into: $0) }
      }
      #expect(written == sizes.count)
      #expect(output.map(bits) == expected, "\(label)")
    }
  }

  @Test("The batch entry point writes no more than its output holds")
  func batchBounds() {
    let plan = ArrangementPlan(bookScene())
    let sizes = [Size(width: 950, height: 760), Size(width: 900, height: 700), Size(width: 800, height: 600)]
    var output = [Solution](repeating: bookScene().solve(), count: 2)
    let written = sizes.withUnsafeBufferPointer { sizes in
      output.withUnsafeMutableBufferPointer { plan.solve(sizes: sizes, into: $0) }
    }
    #expect(written == 2)
  }
}
