import ArrangementSolver
import Testing

/// The two readings SPEC §9 (RULES.md §9) settled last: R30 with a spacing of
/// at least the area's length, and R28's cell edge beside a fold (issue 37, item 6).
@Suite("Readings of R30 (spacing ≥ L) and R28 (a cell edge at the fold), on every path")
struct SettledReadingsTests {
  /// The scene of RULES.md §9: 2284.2 × 697 at x 161.4, safe area top 84,
  /// left 20, right 44, spacing 2252.7 (more than L = 2220.2), equal priorities.
  static func wideGapScene() -> Scene {
    var scene = Scene(
      container: rect(161.4, 0, 2284.2, 697), safeArea: EdgeInsets(top: 84, left: 20, bottom: 0, right: 44),
      sizeClass: regular)
    scene.spacing = 2252.7
    return scene
  }

  /// Every path (cold, in place, plan, batches, columns) against `scene.solve()` at these sizes.
  func expectEveryPath(_ scene: Scene, _ label: String) {
    let sizes = [
      Size(width: scene.container.width, height: scene.container.height),
      Size(width: scene.container.width.nextDown, height: scene.container.height),
      Size(width: scene.container.width + 1, height: scene.container.height),
    ]
    #expect(ThirdGenerationPathTests().expectPathsAgree(scene, sizes, label))
  }

  @Test("R30, R6 (SPEC §9): spacing beyond L keeps the primary alone at min(its maximum, L), the secondary hidden")
  func spacingBeyondLength() {
    let scene = Self.wideGapScene()
    let solution = scene.solve()
    #expect(solution.primary.visible && !solution.secondary.visible)
    #expect(solution.primary.frame == rect(20, 84, 2220.2, 613), "\(solution.primary.frame)")
    #expect(solution.secondary.frame == .zero && solution.splitAxis == nil)
    expectEveryPath(scene, "the scene of §9")
  }

  @Test("R30, R6: spacing exactly L leaves L' = 0; the pane sized first stays, in priority order, either direction")
  func spacingOfExactlyTheLength() {
    for direction in [LayoutDirection.leftToRight, .rightToLeft] {
      for secondaryFirst in [false, true] {
        var scene = spaced(1000)
        scene.layoutDirection = direction
        scene.secondary.layoutPriority = secondaryFirst ? 1 : 0
        let solution = scene.solve()
        let label = "\(direction), secondary first: \(secondaryFirst)"
        // R6: a lone pane starts at the leading edge and takes the whole length (its maximum is L).
        let alone = secondaryFirst ? solution.secondary : solution.primary
        let hidden = secondaryFirst ? solution.primary : solution.secondary
        #expect(alone.visible && alone.frame == rect(0, 0, 1000, 800), "\(label): \(alone.frame)")
        #expect(!hidden.visible && hidden.frame == .zero, "\(label)")
        expectEveryPath(scene, label)
      }
    }
  }

  @Test("R30, R6: the pane that stays takes min(its maximum over L, L): a fraction of L, not of L' = 0")
  func lonePaneTakesItsMaximum() {
    var scene = spaced(1500)
    scene.primary = pane(maximum: .fractional(0.4))
    #expect(scene.solve().primary.frame == rect(0, 0, 400, 800))
    expectEveryPath(scene, "fractional maximum")
    // A maximum of 0 leaves the pane that stays without length: R6 hides it too.
    scene.primary = pane(maximum: .absolute(0))
    let empty = scene.solve()
    #expect(!empty.primary.visible && !empty.secondary.visible)
    expectEveryPath(scene, "zero maximum")
    // A vertical split, with a display scale: the far edge is the area's end, never rounded (R9).
    var tall = spaced(900, width: 600, height: 850)
    tall.displayScale = 3
    tall.container.x = 0.1
    #expect(tall.solve().primary.frame == rect(0, 0, 600, 850) && !tall.solve().secondary.visible)
    expectEveryPath(tall, "vertical, scale 3")
  }

  @Test("R30, R31: a divider under a spacing beyond L answers null, the drag agreeing with the scene")
  func dividerUnderWideGap() {
    var scene = Self.wideGapScene()
    scene.divider = Divider(position: .fractional(0.3), anchors: [.fractional(0.5)])
    let solution = scene.solve()
    #expect(solution.primary.frame == rect(20, 84, 2220.2, 613) && !solution.secondary.visible)
    #expect(solution.divider == nil)
    let plan = ArrangementPlan(scene)
    var drag = plan.dividerDrag(width: scene.container.width, height: scene.container.height)
    for (position, snap) in [(DividerLength.fractional(0.3), false), (.absolute(12), true), (.fractional(1), true)] {
      var moved = scene
      moved.divider!.position = position
      moved.divider!.snap = snap
      #expect(thirdBits(drag.move(to: position, snap: snap)) == thirdBits(moved.solve()), "\(position) \(snap)")
    }
    expectEveryPath(scene, "with a divider")
  }

  // MARK: R28

  func columns(_ grid: GridFit) -> [Rect] {
    var output = [Rect](repeating: .zero, count: 16)
    let count = output.withUnsafeMutableBufferPointer { grid.columns(into: $0) }
    return Array(output[0..<min(count, 16)])
  }

  @Test("R28 (SPEC §9): beside a zero-width fold at x 478.8 the last cell ends at 478.8 exactly")
  func cellEndsAtFold() {
    // 1000 wide, margin 10, spacing 12, six columns: the room before the fold is the narrower,
    // and adding widths put the third cell's end one unit in the last place past 478.8.
    let grid = GridFit(
      frame: rect(0, 0, 1000, 600), minimumCellWidth: 150, spacing: 12, margin: 10,
      regions: [fold(x: 478.8, width: 0, height: 600)])
    for direction in [LayoutDirection.leftToRight, .rightToLeft] {
      var directed = grid
      directed.layoutDirection = direction
      var cells = columns(directed)
      if direction == .rightToLeft { cells.reverse() }
      #expect(cells.count == 6)
      #expect(cells[2].maxX == 478.8, "\(direction): \(cells[2]) ends at \(cells[2].maxX)")
      // The first after the fold starts where the rule puts it on its own side: anchored at the
      // right margin, cells equal and 12 apart.
      let cell = cells[0].width
      #expect(cells[3].minX == 1000 - 10 - 3 * cell - 2 * 12, "\(direction): \(cells[3])")
      #expect(Tolerance.equal(cells[5].maxX, 990) && cells[0].minX == 10)
      for index in cells.indices { #expect(cells[index].maxX <= 478.8 || cells[index].minX >= 478.8) }
    }
  }

  @Test("R28: where the room after the fold is the narrower, the first cell after it starts at the fold exactly")
  func cellStartsAtFold() {
    // 900 wide, margin 8, spacing 8, six columns: the rule put the fourth cell's start an ulp before 478.8.
    let grid = GridFit(
      frame: rect(0, 0, 900, 600), minimumCellWidth: 120, spacing: 8, margin: 8,
      regions: [fold(x: 478.8, width: 0, height: 600)])
    let cells = columns(grid)
    #expect(cells.count == 6)
    #expect(cells[3].minX == 478.8, "\(cells[3])")
    #expect(cells[2].maxX <= 478.8 && Tolerance.equal(cells[5].maxX, 892))
  }

  @Test("R28: no cell crosses the fold by any amount, folds of every width at many positions, either direction")
  func noCellCrossesTheFold() {
    var random = SeededGenerator(seed: 0x28_0037)
    var checked = 0
    for _ in 0..<3000 {
      let width = Double.random(in: 300...2400, using: &random)
      let foldWidth = [0, 0, 0.5, 20, 24.25].randomElement(using: &random)!
      let foldX = Double.random(in: width * 0.3...width * 0.7, using: &random)
      let margin = [0, 8, 10, 13.3, 20].randomElement(using: &random)!
      let spacing = [0, 3.3, 8, 12, 16, 11.1].randomElement(using: &random)!
      let minimum = Double.random(in: 60...400, using: &random)
      var grid = GridFit(
        frame: rect(0, 0, width, 500), minimumCellWidth: minimum, spacing: spacing, margin: margin,
        regions: [fold(x: foldX, width: foldWidth, height: 500)])
      grid.layoutDirection = Bool.random(using: &random) ? .leftToRight : .rightToLeft
      let cells = columns(grid)
      guard cells.count <= 16, cells.allSatisfy({ $0.width > 0 }) else { continue }
      checked += 1
      for cell in cells {
        #expect(
          cell.maxX <= foldX || cell.minX >= foldX + foldWidth,
          "\(cell) crosses \(foldX)...\(foldX + foldWidth) in a grid \(width) wide, margin \(margin), gap \(spacing)")
      }
    }
    #expect(checked > 2000)
  }
}
