import ArrangementSolver
import Testing

@Suite("Spacing between the panes of a split (R30)")
struct SpacingTests {
  @Test("R30: a plain gap; sizing shares L' = L − spacing, equal halves of it")
  func plainGap() {
    let solution = spaced(20).solve()
    #expect(solution.splitAxis == .horizontal)
    #expect(solution.primary.frame == rect(0, 0, 490, 800))
    #expect(solution.secondary.frame == rect(510, 0, 490, 800))
    #expect(solution.primary.sizeClass == compactWide)
    #expect(solution.secondary.sizeClass == compactWide)
    #expect(solution.divider == nil)
    #expect(solution.adapted == nil)
  }

  @Test("R30: fractions are of L', the other pane gets what is left of L'")
  func fractionOfShared() {
    var scene = spaced(20)
    scene.primary = pane(preferred: .fractional(0.3))
    let solution = scene.solve()
    #expect(Tolerance.equal(solution.primary.frame, rect(0, 0, 0.3 * 980, 800)))
    #expect(Tolerance.equal(solution.secondary.frame, rect(0.3 * 980 + 20, 0, 980 - 0.3 * 980, 800)))
    #expect(solution.secondary.frame.maxX == 1000)
  }

  @Test("R30: a missing maximum is L': leftover length stays after the secondary")
  func missingMaximumIsShared() {
    var scene = spaced(100)
    scene.primary = pane(preferred: .absolute(300), maximum: .absolute(300))
    scene.secondary = pane(preferred: .absolute(100), maximum: .fractional(0.5))
    // L' = 900: primary 300, secondary grows to its maximum, 450; 150 stays empty.
    let solution = scene.solve()
    #expect(solution.primary.frame == rect(0, 0, 300, 800))
    #expect(solution.secondary.frame == rect(400, 0, 450, 800))
  }

  @Test("R30: a vertical split keeps the gap between top and bottom")
  func verticalGap() {
    let solution = spaced(10, width: 600, height: 1000).solve()
    #expect(solution.splitAxis == .vertical)
    #expect(solution.primary.frame == rect(0, 0, 600, 495))
    #expect(solution.secondary.frame == rect(0, 505, 600, 495))
  }

  @Test("R30, R8: right to left, the primary is on the right and the gap between")
  func rightToLeft() {
    var scene = spaced(20)
    scene.layoutDirection = .rightToLeft
    scene.primary = pane(preferred: .absolute(300))
    let solution = scene.solve()
    #expect(solution.primary.frame == rect(700, 0, 300, 800))
    #expect(solution.secondary.frame == rect(0, 0, 680, 800))
  }

  @Test("R30, R6: a lone pane takes min(its maximum over the full L, L), with no gap")
  func lonePaneAfterR6() {
    // L' = 900. The primary's maximum is half of L' (450) for sizing, but alone it is half of L.
    var scene = spaced(100)
    scene.primary = pane(maximum: .fractional(0.5))
    scene.secondary = pane(minimum: .absolute(950))
    let solution = scene.solve()
    #expect(!solution.secondary.visible)
    #expect(solution.secondary.frame == .zero)
    #expect(solution.primary.frame == rect(0, 0, 500, 800))
    #expect(solution.splitAxis == nil)
    #expect(solution.primary.sizeClass == regular)
  }

  @Test("R30, R6: a lone fixed-size pane takes its ideal size when the full L allows it")
  func loneFixedSize() {
    var scene = spaced(100)
    scene.primary.idealSize = Size(width: 950, height: 500)
    scene.primary.fixedSize = true
    scene.secondary = pane(minimum: .absolute(950))
    let solution = scene.solve()
    #expect(!solution.secondary.visible)
    #expect(solution.primary.frame == rect(0, 0, 950, 800))
  }

  @Test("R30, R6: a lone secondary (higher priority) starts at the leading edge, in either direction")
  func loneSecondary() {
    var scene = spaced(100)
    scene.primary = pane(minimum: .absolute(950))
    scene.secondary = pane(maximum: .absolute(600), priority: 1)
    var solution = scene.solve()
    #expect(!solution.primary.visible)
    #expect(solution.secondary.frame == rect(0, 0, 600, 800))
    scene.layoutDirection = .rightToLeft
    solution = scene.solve()
    #expect(!solution.primary.visible)
    #expect(solution.secondary.frame == rect(400, 0, 600, 800))
  }

  @Test("R30, R6: a spacing that leaves the primary's minimum no room: the primary alone over the full length")
  func spacingLeavesNoRoomForMinimum() {
    // L' = 100: the primary (minimum 300) takes 100, the secondary nothing (hidden);
    // the lone primary then takes min(L, its maximum L) = 1000.
    var scene = spaced(900)
    scene.primary = pane(minimum: .absolute(300))
    let solution = scene.solve()
    #expect(!solution.secondary.visible)
    #expect(solution.primary.frame == rect(0, 0, 1000, 800))
  }

  @Test("R30: a spacing wider than the area leaves L' = 0; R6 hides the second pane and the first stays alone, over L")
  func spacingWiderThanArea() {
    // L' = 0. The secondary's minimum (50) does not fit: R6 hides it, and the primary,
    // the pane sizing leaves alone, takes min(its maximum over L, L) = 1000 with no gap.
    var scene = spaced(1200)
    scene.secondary = pane(minimum: .absolute(50))
    let solution = scene.solve()
    #expect(!solution.secondary.visible)
    #expect(solution.primary.visible)
    #expect(solution.primary.frame == rect(0, 0, 1000, 800))
  }

  @Test("R30, R9: a gap of a fraction of a pixel rounds away: 0.3 points at scale 2")
  func subPixelGap() {
    var scene = spaced(0.3)
    scene.displayScale = 2
    // p = 499.85 → 500; p + 0.3 = 500.15 → 500: the panes touch.
    let solution = scene.solve()
    #expect(solution.primary.frame == rect(0, 0, 500, 800))
    #expect(solution.secondary.frame == rect(500, 0, 500, 800))
    #expect(solution.splitAxis == .horizontal)
  }

  @Test("R30, R9: both edges of the gap round in window coordinates, halves away from zero")
  func gapEdgesRoundInWindowCoordinates() {
    var scene = spaced(0.75)
    scene.displayScale = 2
    // L' = 999.25, p = 499.625: window 499.625 → 499.5; p + 0.75 = 500.375 → 500.5.
    var solution = scene.solve()
    #expect(solution.primary.frame == rect(0, 0, 499.5, 800))
    #expect(solution.secondary.frame == rect(500.5, 0, 499.5, 800))
    // Moved to x 10.25: window 509.875 → 510 (local 499.75), window 510.625 → 510.5 (local 500.25).
    scene.container.x = 10.25
    solution = scene.solve()
    #expect(solution.primary.frame == rect(0, 0, 499.75, 800))
    #expect(solution.secondary.frame == rect(500.25, 0, 499.75, 800))
  }

  @Test("R30, R9: a pane that rounding leaves without length is hidden, the other keeps its frame after the gap")
  func roundingHidesPaneBeforeGap() {
    var scene = spaced(10)
    scene.displayScale = 1
    scene.primary = pane(preferred: .absolute(0.3))
    // Edges at 0.3 → 0 (the primary has no length) and 10.3 → 10.
    let solution = scene.solve()
    #expect(!solution.primary.visible)
    #expect(solution.primary.frame == .zero)
    #expect(solution.secondary.visible)
    #expect(solution.secondary.frame == rect(10, 0, 990, 800))
    #expect(solution.splitAxis == nil)
  }

  @Test("R30: the far edge within 1e-9 of L is the area's end exactly")
  func farEdgeSnapsToEnd() {
    var scene = spaced(0.1)
    scene.primary = pane(preferred: .fractional(0.7))
    let solution = scene.solve()
    #expect(solution.secondary.frame.x + solution.secondary.frame.width == 1000)
  }

  @Test("R30: spacing plays no part at a fold (R18), even for an inactive fold under alwaysAvoid (R32)")
  func spacingIgnoredAtFold() {
    var scene = bookScene()
    let expected = scene.solve()
    scene.spacing = 50
    #expect(thirdBits(scene.solve()) == thirdBits(expected))
    #expect(scene.solve().primary.frame == rect(0, 0, 475, 760))
    #expect(scene.solve().secondary.frame == rect(475, 0, 391, 760))
    scene.regions[0].isActive = false
    scene.foldPolicy = .alwaysAvoid
    #expect(thirdBits(scene.solve()) == thirdBits(expected))
  }

  @Test("R30: spacing plays no part for a lone primary (R17, R19)")
  func spacingIgnoredForLonePrimary() {
    var scene = spaced(40)
    scene.axes = .vertical
    #expect(scene.solve().primary.frame == rect(0, 0, 1000, 800))
    scene.axes = .both
    scene.secondary.visible = false
    #expect(scene.solve().primary.frame == rect(0, 0, 1000, 800))
    var book = bookScene()
    book.secondary.visible = false
    let expected = book.solve()
    book.spacing = 40
    #expect(thirdBits(book.solve()) == thirdBits(expected))
  }

  @Test("R30: spacing plays no part in the overlay style, stacked or side by side")
  func spacingIgnoredByOverlay() {
    var stacked = spaced(40)
    stacked.style = .overlay
    let solution = stacked.solve()
    #expect(solution.primary.frame == rect(0, 0, 1000, 800))
    #expect(solution.secondary.frame == rect(0, 0, 1000, 800))
    #expect(solution.primary.zIndex == 1)
    var book = bookScene()
    book.style = .overlay
    let expected = book.solve()
    book.spacing = 40
    #expect(thirdBits(book.solve()) == thirdBits(expected))
  }

  @Test(
    "R30, R29: a negative or non-finite spacing counts as 0", arguments: [-20.0, -0.0, Double.nan, -Double.infinity])
  func badSpacing(_ spacing: Double) {
    #expect(thirdBits(spaced(spacing).solve()) == thirdBits(splitScene().solve()))
  }

  @Test("R30, R29: an infinite spacing is clamped, and leaves the primary alone over the area")
  func infiniteSpacing() {
    let solution = spaced(.infinity).solve()
    for pane in [solution.primary, solution.secondary] {
      #expect(pane.frame.x.isFinite && pane.frame.width.isFinite)
    }
  }
}

@Suite("The divider (R31)")
struct DividerTests {
  func divided(
    _ position: DividerLength, anchors: [DividerLength] = [], snap: Bool = false, snapToFolds: Bool = true,
    spacing: Double = 0
  ) -> Scene {
    var scene = spaced(spacing)
    scene.divider = Divider(position: position, anchors: anchors, snap: snap, snapToFolds: snapToFolds)
    return scene
  }

  @Test("R31: an absolute position is the primary's preferred length; the answer is the far edge, no anchor")
  func absolutePosition() {
    let solution = divided(.absolute(300)).solve()
    #expect(solution.primary.frame == rect(0, 0, 300, 800))
    #expect(solution.secondary.frame == rect(300, 0, 700, 800))
    #expect(solution.divider == DividerAnswer(position: 300, anchor: nil))
  }

  @Test("R31, R30: a fraction is of L'; the secondary starts after the gap")
  func fractionOfShared() {
    let solution = divided(.fractional(0.25), spacing: 20).solve()
    #expect(solution.primary.frame == rect(0, 0, 245, 800))
    #expect(solution.secondary.frame == rect(265, 0, 735, 800))
    #expect(solution.divider == DividerAnswer(position: 245, anchor: nil))
  }

  @Test("R31: a position past L' is clamped to L': the secondary has nothing and is hidden; no divider answer")
  func clampedToEnd() {
    for position in [DividerLength.absolute(5000), .fractional(1.5)] {
      let solution = divided(position).solve()
      #expect(solution.primary.frame == rect(0, 0, 1000, 800))
      #expect(!solution.secondary.visible)
      #expect(solution.divider == nil)
    }
  }

  @Test("R31, R29: a negative position is 0: the primary has nothing and is hidden")
  func clampedToStart() {
    for position in [DividerLength.absolute(-50), .fractional(-0.5)] {
      let solution = divided(position).solve()
      #expect(!solution.primary.visible)
      #expect(solution.secondary.frame == rect(0, 0, 1000, 800))
      #expect(solution.divider == nil)
    }
  }

  @Test("R31: a released divider snaps to the nearest anchor; the answer names it")
  func snapsToNearestAnchor() {
    let anchors: [DividerLength] = [.fractional(0.25), .absolute(500), .fractional(0.75)]
    var solution = divided(.absolute(420), anchors: anchors, snap: true).solve()
    #expect(solution.primary.frame == rect(0, 0, 500, 800))
    #expect(solution.divider == DividerAnswer(position: 500, anchor: 1))
    solution = divided(.absolute(640), anchors: anchors, snap: true).solve()
    #expect(solution.divider == DividerAnswer(position: 750, anchor: 2))
    // A drag under way does not snap.
    solution = divided(.absolute(420), anchors: anchors, snap: false).solve()
    #expect(solution.divider == DividerAnswer(position: 420, anchor: nil))
  }

  @Test("R31: a tie between candidates goes to the earlier one in the list")
  func tieGoesToEarlier() {
    var solution = divided(.absolute(500), anchors: [.absolute(400), .absolute(600)], snap: true).solve()
    #expect(solution.divider == DividerAnswer(position: 400, anchor: 0))
    solution = divided(.absolute(500), anchors: [.absolute(600), .absolute(400)], snap: true).solve()
    #expect(solution.divider == DividerAnswer(position: 600, anchor: 0))
    // An anchor and a fold equally near: anchors come first.
    var scene = divided(.absolute(500), anchors: [.absolute(400)], snap: true)
    scene.regions = [inactiveFold(x: 600, width: 0, height: 800)]
    solution = scene.solve()
    #expect(solution.divider == DividerAnswer(position: 400, anchor: 0))
    // Equal anchors: the first.
    solution = divided(.absolute(0), anchors: [.absolute(300), .fractional(0.3)], snap: true).solve()
    #expect(solution.divider == DividerAnswer(position: 300, anchor: 0))
  }

  @Test("R31: anchors outside [0, L'] are clamped into it; priorities and minimums still decide")
  func anchorsOutsideAreClamped() {
    var scene = divided(.absolute(900), anchors: [.absolute(2000), .absolute(-100)], snap: true)
    scene.secondary = pane(minimum: .absolute(100))
    // The first anchor clamps to 1000; the primary yields to the secondary's minimum (R5).
    let solution = scene.solve()
    #expect(solution.primary.frame == rect(0, 0, 900, 800))
    #expect(solution.secondary.frame == rect(900, 0, 100, 800))
    #expect(solution.divider == DividerAnswer(position: 900, anchor: 0))
    // The second clamps to 0, nearer to a position of 10.
    var near = divided(.absolute(10), anchors: [.absolute(2000), .absolute(-100)], snap: true)
    near.primary = pane(minimum: .absolute(200))
    let other = near.solve()
    #expect(other.primary.frame == rect(0, 0, 200, 800))
    #expect(other.divider == DividerAnswer(position: 200, anchor: 1))
  }

  @Test("R31: an inactive fold across the split axis is a candidate after the anchors, at its centre")
  func inactiveFoldCandidate() {
    var scene = divided(.absolute(560), snap: true)
    scene.regions = [inactiveFold(x: 590, width: 20, height: 800)]
    var solution = scene.solve()
    #expect(solution.primary.frame == rect(0, 0, 600, 800))
    #expect(solution.divider == DividerAnswer(position: 600, anchor: 0))
    scene.divider = Divider(position: .absolute(560), anchors: [.absolute(100)], snap: true)
    solution = scene.solve()
    #expect(solution.divider == DividerAnswer(position: 600, anchor: 1))
  }

  @Test("R31, R30: a fold candidate is its centre minus spacing/2, so the gap is centred on the fold")
  func foldCandidateCentresGap() {
    var scene = divided(.absolute(560), snap: true, spacing: 20)
    scene.regions = [inactiveFold(x: 590, width: 20, height: 800)]
    let solution = scene.solve()
    #expect(solution.primary.frame == rect(0, 0, 590, 800))
    #expect(solution.secondary.frame == rect(610, 0, 390, 800))
    #expect(solution.divider == DividerAnswer(position: 590, anchor: 0))
  }

  @Test("R31: fold candidates come in ascending id order, whatever the regions' order")
  func foldCandidatesById() {
    var scene = divided(.absolute(320), anchors: [.absolute(100)], snap: true)
    scene.regions = [
      inactiveFold(id: 5, x: 300, width: 0, height: 800), inactiveFold(id: 2, x: 700, width: 0, height: 800),
    ]
    var solution = scene.solve()
    #expect(solution.divider == DividerAnswer(position: 300, anchor: 2))
    scene.divider = Divider(position: .absolute(680), anchors: [.absolute(100)], snap: true)
    solution = scene.solve()
    #expect(solution.divider == DividerAnswer(position: 700, anchor: 1))
  }

  @Test("R31: folds along the split axis, folds off the layout area and occlusion regions are not candidates")
  func nonCandidates() {
    var scene = divided(.absolute(320), snap: true)
    scene.safeArea.right = 100
    scene.regions = [
      inactiveFold(id: 1, x: 0, y: 400, width: 1000, height: 0),  // horizontal, across a horizontal split's cross axis
      inactiveFold(id: 2, x: 950, width: 10, height: 800),  // in the safe area only
      camera(id: 3, x: 300, y: 0, size: 40),
    ]
    let solution = scene.solve()
    #expect(solution.primary.frame == rect(0, 0, 320, 800))
    #expect(solution.divider == DividerAnswer(position: 320, anchor: nil))
  }

  @Test("R31, R12: a fold without width that touches the layout area's edge is a candidate")
  func touchingFoldIsCandidate() {
    var scene = divided(.absolute(850), snap: true)
    scene.safeArea.right = 100
    scene.secondary = pane(minimum: .absolute(50))
    scene.regions = [inactiveFold(x: 900, width: 0, height: 800)]
    let solution = scene.solve()
    // Snapped to 900 = L'; the secondary's minimum makes the primary yield to 850.
    #expect(solution.primary.frame == rect(0, 0, 850, 800))
    #expect(solution.divider == DividerAnswer(position: 850, anchor: 0))
  }

  @Test("R31: an active fold that does not divide (it does not span the area) is a candidate")
  func activeNonDividingFoldIsCandidate() {
    var scene = divided(.absolute(560), snap: true)
    scene.regions = [fold(x: 600, y: 100, width: 0, height: 500)]
    let solution = scene.solve()
    #expect(solution.splitAxis == .horizontal)
    #expect(solution.primary.frame == rect(0, 0, 600, 800))
    #expect(solution.divider == DividerAnswer(position: 600, anchor: 0))
  }

  @Test("R31, R32: under neverAvoid an active fold is a candidate, and the divider applies across it")
  func neverAvoidFoldCandidate() {
    var scene = divided(.absolute(300), snap: true)
    scene.regions = [fold(x: 500, width: 20, height: 800)]
    scene.foldPolicy = .neverAvoid
    let solution = scene.solve()
    #expect(solution.primary.frame == rect(0, 0, 510, 800))
    #expect(solution.secondary.frame == rect(510, 0, 490, 800))
    #expect(solution.divider == DividerAnswer(position: 510, anchor: 0))
  }

  @Test("R31: right to left, positions and fold candidates are measured from the right")
  func rightToLeft() {
    var scene = divided(.absolute(650), snap: true)
    scene.layoutDirection = .rightToLeft
    scene.regions = [inactiveFold(x: 300, width: 0, height: 800)]
    var solution = scene.solve()
    #expect(solution.primary.frame == rect(300, 0, 700, 800))
    #expect(solution.secondary.frame == rect(0, 0, 300, 800))
    #expect(solution.divider == DividerAnswer(position: 700, anchor: 0))
    // With a gap of 20: the candidate is 700 − 10; the gap 290…310 is centred on the fold.
    scene.spacing = 20
    solution = scene.solve()
    #expect(solution.primary.frame == rect(310, 0, 690, 800))
    #expect(solution.secondary.frame == rect(0, 0, 290, 800))
    #expect(solution.divider == DividerAnswer(position: 690, anchor: 0))
    // Unsnapped, a fraction: P is still from the right.
    scene.divider = Divider(position: .fractional(0.5))
    solution = scene.solve()
    #expect(solution.primary.frame == rect(510, 0, 490, 800))
    #expect(solution.divider == DividerAnswer(position: 490, anchor: nil))
  }

  @Test("R31: snapToFolds false leaves folds out; with no candidate at all the position stays")
  func noSnapToFolds() {
    var scene = divided(.absolute(560), snap: true, snapToFolds: false)
    scene.regions = [inactiveFold(x: 600, width: 0, height: 800)]
    let solution = scene.solve()
    #expect(solution.primary.frame == rect(0, 0, 560, 800))
    #expect(solution.divider == DividerAnswer(position: 560, anchor: nil))
  }

  @Test("R31: the divider answer is null when a fold divides, a pane is hidden, R17 hides the secondary, or overlay")
  func nullDivider() {
    var book = bookScene()
    book.divider = Divider(position: .absolute(100), snap: true)
    let folded = book.solve()
    #expect(folded.divider == nil)
    #expect(folded.primary.frame == rect(0, 0, 475, 760))
    var hidden = divided(.absolute(300))
    hidden.secondary.visible = false
    #expect(hidden.solve().divider == nil)
    #expect(hidden.solve().primary.frame == rect(0, 0, 1000, 800))
    var vertical = divided(.absolute(300))
    vertical.axes = .vertical
    #expect(vertical.solve().divider == nil)
    var overlay = divided(.absolute(300))
    overlay.style = .overlay
    #expect(overlay.solve().divider == nil)
    #expect(overlay.solve().primary.frame == rect(0, 0, 1000, 800))
  }

  @Test("R31, R3–R5: the position asks less than a minimum: the pane keeps its minimum")
  func positionBelowMinimum() {
    var scene = divided(.absolute(100))
    scene.primary = pane(minimum: .absolute(300))
    var solution = scene.solve()
    #expect(solution.primary.frame == rect(0, 0, 300, 800))
    #expect(solution.divider == DividerAnswer(position: 300, anchor: nil))
    scene = divided(.absolute(900))
    scene.secondary = pane(minimum: .absolute(300))
    solution = scene.solve()
    #expect(solution.primary.frame == rect(0, 0, 700, 800))
    #expect(solution.secondary.frame == rect(700, 0, 300, 800))
  }

  @Test("R31, R4, R7: maxima stay: the secondary (higher priority) keeps its maximum, the primary grows into the rest")
  func maximaStay() {
    var scene = divided(.absolute(100))
    scene.secondary = pane(maximum: .absolute(200), priority: 1)
    let solution = scene.solve()
    #expect(solution.primary.frame == rect(0, 0, 800, 800))
    #expect(solution.secondary.frame == rect(800, 0, 200, 800))
    #expect(solution.divider == DividerAnswer(position: 800, anchor: nil))
  }

  @Test("R31: fixedSize's maximum stays, its preferred size is replaced")
  func fixedSizeMaximumStays() {
    var scene = divided(.absolute(200))
    scene.secondary.idealSize = Size(width: 300, height: 300)
    scene.secondary.fixedSize = true
    let solution = scene.solve()
    #expect(solution.primary.frame == rect(0, 0, 700, 800))
    #expect(solution.secondary.frame == rect(700, 0, 300, 800))
  }

  @Test("R31: a minimum that does not fit hides the lower-priority pane, and the divider answer is null")
  func priorityDecidesWhoHides() {
    var scene = divided(.absolute(500))
    scene.primary = pane(minimum: .absolute(400))
    scene.secondary = pane(minimum: .absolute(700))
    var solution = scene.solve()
    #expect(solution.primary.frame == rect(0, 0, 1000, 800))
    #expect(!solution.secondary.visible)
    #expect(solution.divider == nil)
    scene.secondary.layoutPriority = 1
    solution = scene.solve()
    #expect(!solution.primary.visible)
    #expect(solution.secondary.frame == rect(0, 0, 1000, 800))
    #expect(solution.divider == nil)
  }

  @Test("R31: a vertical split's divider runs down from the top")
  func verticalDivider() {
    var scene = splitScene(width: 600, height: 1000)
    scene.divider = Divider(position: .fractional(0.3))
    let solution = scene.solve()
    #expect(solution.splitAxis == .vertical)
    #expect(solution.primary.frame == rect(0, 0, 600, 300))
    #expect(solution.secondary.frame == rect(0, 300, 600, 700))
    #expect(solution.divider == DividerAnswer(position: 300, anchor: nil))
    // A horizontal fold is the vertical split's candidate.
    scene.regions = [inactiveFold(x: 0, y: 640, width: 600, height: 20)]
    scene.divider = Divider(position: .fractional(0.6), snap: true)
    #expect(scene.solve().divider == DividerAnswer(position: 650, anchor: 0))
  }

  @Test("R31, R9: P is the primary's far edge after rounding")
  func positionAfterRounding() {
    var scene = divided(.absolute(333.3))
    scene.displayScale = 2
    let solution = scene.solve()
    #expect(solution.primary.frame == rect(0, 0, 333.5, 800))
    #expect(solution.divider == DividerAnswer(position: 333.5, anchor: nil))
  }

  @Test("R31: more than eight anchors keep the first eight (R29)")
  func anchorCapacity() {
    let anchors = (0..<10).map { DividerLength.absolute(Double($0) * 100) }
    let divider = Divider(position: .absolute(880), anchors: anchors, snap: true)
    #expect(divider.anchorCount == 8)
    var scene = splitScene()
    scene.divider = divider
    // 900 was dropped: the nearest kept anchor is 700.
    #expect(scene.solve().divider == DividerAnswer(position: 700, anchor: 7))
  }
}
