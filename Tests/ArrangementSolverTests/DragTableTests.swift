import Testing

@testable import ArrangementSolver

@Suite("A drag's compiled pieces answer as the general path does")
struct DragTableTests {
  /// Drags shaped as the benchmark suite's: an iPad in landscape with a gutter (R30)
  /// and an unfolded phone without one, default and min/max sizing (R3), both
  /// directions (R8), with a display scale of 2 or 3 and without one (R9).
  static func scenes() -> [Scene] {
    var scenes: [Scene] = []
    for (width, height, spacing) in [(1376.0, 1032.0, 12.0), (1133, 744, 8), (951, 669, 0)] {
      for minMax in [false, true] {
        for direction in LayoutDirection.allCases {
          for scale in [2.0, 3, nil] {
            var scene = Scene(
              container: Rect(x: 0, y: 0, width: width, height: height), safeArea: EdgeInsets(bottom: 20),
              displayScale: scale)
            scene.spacing = spacing
            scene.layoutDirection = direction
            if minMax {
              scene.primary.width = DimensionRange(
                minimum: .absolute(250), preferred: .fractional(0.3), maximum: .absolute(600))
              scene.secondary.width.minimum = .absolute(200)
            }
            scene.divider = Divider(position: .fractional(0.5), anchors: [.absolute(320), .fractional(0.5)])
            scenes.append(scene)
          }
        }
      }
    }
    return scenes
  }

  /// Every target of `scene`'s drag from 0 to `L'` in `steps`, and a few outside it,
  /// against the scene with that divider, bit for bit; answers how many a piece held.
  static func sweep(_ scene: Scene, steps: Int = 600) -> (held: Int, of: Int, pieces: String) {
    var drag = ArrangementPlan(scene).dividerDrag(width: scene.container.width, height: scene.container.height)
    let pieces = drag.targetPieces
    let shared = drag.sharedLength
    var resized = scene
    var held = 0
    var positions = (0...steps).map { DividerLength.absolute(shared * Double($0) / Double(steps)) }
    positions += [.absolute(-40), .absolute(shared + 40), .absolute(.nan), .fractional(.infinity), .fractional(0.5)]
    for (index, position) in positions.enumerated() {
      if index <= steps, case .absolute(let target) = position,
        pieces.contains(where: { $0.low <= target && target <= $0.high })
      {
        held += 1
      }
      resized.divider!.position = position
      let expected = resized.solve()
      let answer = drag.move(to: position, snap: index % 7 == 6)
      resized.divider!.snap = index % 7 == 6
      let snapped = resized.solve()
      resized.divider!.snap = false
      let label = "position \(position) of \(shared): \(scene)"
      #expect(solutionBits(answer) == solutionBits(index % 7 == 6 ? snapped : expected), "\(label)")
      if solutionBits(answer) != solutionBits(index % 7 == 6 ? snapped : expected) { break }
    }
    return (held, steps + 1, "\(pieces)")
  }

  @Test("R31, R3–R9, R30: every target a piece holds gives the scene's answer bit for bit; pieces hold 9 in 10")
  func piecesMatchScene() {
    for scene in Self.scenes() {
      let (held, count, pieces) = Self.sweep(scene)
      #expect(held * 10 >= count * 9, "\(held) of \(count) targets held by \(pieces): \(scene)")
    }
  }

  /// The drags' hard cases: the secondary sized first (R4), a secondary that stops
  /// growing (R7), min above max right to left (R3, R8), an area of a few points and
  /// one past 2^16, a gap as long as the area and a quarter-point gutter (R30), both
  /// panes at their maxima, and a short area cut by the margins at both ends.
  static func hardScenes() -> [Scene] {
    var scenes: [Scene] = []
    for base in Self.scenes().prefix(6) {
      var scene = base
      // R4: the secondary sized first (a tie in priority would keep the primary first).
      scene.secondary.layoutPriority = 1
      scenes.append(scene)
      // R7: a secondary that stops growing, so the panes leave length beside them.
      scene = base
      scene.secondary.width = DimensionRange(minimum: .absolute(100), maximum: .absolute(300))
      scenes.append(scene)
      // Min above max (R3: the maximum becomes the minimum), right to left.
      scene = base
      scene.primary.width = DimensionRange(minimum: .absolute(500), maximum: .absolute(200))
      scene.layoutDirection = .rightToLeft
      scenes.append(scene)
      // An area of a few points and one past 2^16 (no pieces there: the general path).
      scene = base
      scene.container.width = 3.5
      scenes.append(scene)
      scene.container.width = 0x1p17
      scenes.append(scene)
      // A gap as long as the area (R30: L' = 0) and a zero-width gutter.
      scene = base
      scene.spacing = base.container.width
      scenes.append(scene)
      scene.spacing = 0.25
      scenes.append(scene)
    }
    for base in Self.scenes().filter({ $0.primary.width.maximum != nil }).prefix(6) {
      // R7: both panes at their maxima leave length beside them: the far edge is the secondary's own.
      var scene = base
      scene.secondary.width.maximum = .absolute(300)
      scenes.append(scene)
      // A gutter that leaves the panes 2.75 points (R30): pieces cut by the margin at both ends.
      scene = base
      scene.spacing = base.container.width - 2.75
      scene.primary.width = DimensionRange()
      scene.secondary.width = DimensionRange()
      scenes.append(scene)
    }
    return scenes
  }

  @Test("R4, R5, R7, R30: secondary first, a secondary maximum, a tiny or huge area, a gap past L: the scene's bits")
  func nastyDrags() {
    let scenes = Self.hardScenes()
    var heldSomewhere = false
    for scene in scenes {
      let (held, _, _) = Self.sweep(scene, steps: 120)
      heldSomewhere = heldSomewhere || held > 0
    }
    #expect(heldSomewhere)
    // The panes' 2.75 points compile pieces too (their ends cut by the margins).
    #expect(
      scenes.contains { scene in
        let drag = ArrangementPlan(scene).dividerDrag(width: scene.container.width, height: scene.container.height)
        return drag.sharedLength == 2.75 && !drag.targetPieces.isEmpty
      })
  }

  @Test("R31, R3–R9: targets at each piece's ends and one and eight units in the last place beyond: the scene's bits")
  func pieceEndNeighbours() {
    var checked = 0
    for scene in Self.scenes() + Self.hardScenes() {
      var drag = ArrangementPlan(scene).dividerDrag(width: scene.container.width, height: scene.container.height)
      var resized = scene
      let shared = drag.sharedLength
      // And targets within R9's 1e-9 of either end of `L'`, where a pane has all but no length.
      let nearEnds: [Double] = [1e-10, 5e-10, 2e-9, 6e-9].flatMap { [$0, shared - $0] }
      for piece in drag.targetPieces + nearEnds.map { (low: $0, high: $0, fills: true) } {
        for end in [piece.low, piece.high] {
          var targets = [end]
          var (down, up) = (end, end)
          for step in 1...8 {
            (down, up) = (down.nextDown, up.nextUp)
            if step == 1 || step == 8 { targets += [down, up] }
          }
          for target in targets {
            resized.divider!.position = .absolute(target)
            let expected = resized.solve()
            let answer = drag.move(to: .absolute(target))
            #expect(solutionBits(answer) == solutionBits(expected), "target \(target), piece \(piece): \(scene)")
            checked += 1
          }
        }
      }
    }
    #expect(checked >= 36 * 2 * 5)
  }

  @Test("R7, R31: panes that stop at their maxima compile pieces whose far edge is the secondary's own")
  func piecesThatDoNotFill() {
    var scene = Self.scenes().first { $0.primary.width.maximum != nil }!
    scene.secondary.width.maximum = .absolute(300)
    let drag = ArrangementPlan(scene).dividerDrag(width: scene.container.width, height: scene.container.height)
    // 600 and 300 at most: the panes never fill the 1,364 points beside the gutter.
    #expect(!drag.targetPieces.isEmpty && drag.targetPieces.allSatisfy { !$0.fills }, "\(drag.targetPieces)")
  }

  @Test("R31: a drag of an area past 2^16 points compiles no pieces")
  func hugeAreaHasNoPieces() {
    var scene = Self.scenes()[0]
    scene.container.width = 0x1p17
    let drag = ArrangementPlan(scene).dividerDrag(width: scene.container.width, height: scene.container.height)
    #expect(drag.targetPieces.isEmpty)
    #expect(!ArrangementPlan(Self.scenes()[0]).dividerDrag(width: 1376, height: 1032).targetPieces.isEmpty)
  }
}
