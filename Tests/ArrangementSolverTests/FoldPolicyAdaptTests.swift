import ArrangementSolver
import Testing

@Suite("Fold policies and fold axes (R32)")
struct FoldPolicyTests {
  @Test("R32: alwaysAvoid splits at an inactive fold, as the same fold active would")
  func alwaysAvoidUsesInactiveFold() {
    var scene = splitScene()
    scene.regions = [inactiveFold(x: 600, width: 20, height: 800)]
    #expect(scene.solve().primary.frame == rect(0, 0, 500, 800))  // avoidSeparating: flat, equal halves
    scene.foldPolicy = .alwaysAvoid
    let flat = scene.solve()
    #expect(flat.splitAxis == .horizontal)
    #expect(flat.primary.frame == rect(0, 0, 600, 800))
    #expect(flat.secondary.frame == rect(620, 0, 380, 800))
    scene.regions[0].isActive = true
    #expect(thirdBits(scene.solve()) == thirdBits(flat))
    scene.foldPolicy = .avoidSeparating
    #expect(thirdBits(scene.solve()) == thirdBits(flat))
  }

  @Test("R32, R14: a zero-width inactive fold divides at its line under alwaysAvoid")
  func zeroWidthInactiveFold() {
    var book = bookScene()
    let folded = book.solve()
    book.regions[0].isActive = false
    #expect(book.solve().primary.frame == rect(0, 0, 433, 760))
    book.foldPolicy = .alwaysAvoid
    #expect(thirdBits(book.solve()) == thirdBits(folded))
    #expect(book.solve().primary.frame == rect(0, 0, 475, 760))
    #expect(book.solve().secondary.frame == rect(475, 0, 391, 760))
  }

  @Test("R32: neverAvoid ignores an active fold: sizing places the split across it")
  func neverAvoidIgnoresActiveFold() {
    var book = bookScene()
    book.foldPolicy = .neverAvoid
    book.primary = pane(preferred: .fractional(0.3))
    let solution = book.solve()
    #expect(solution.splitAxis == .horizontal)
    #expect(Tolerance.equal(solution.primary.frame, rect(0, 0, 0.3 * 866, 760)))
    #expect(solution.secondary.frame.maxX == 866)
    // A tabletop fold in a wide area: the split is along the longer side, horizontal.
    var tabletop = tabletopScene()
    #expect(tabletop.solve().splitAxis == .vertical)
    tabletop.foldPolicy = .neverAvoid
    let flat = tabletop.solve()
    #expect(flat.splitAxis == .horizontal)
    #expect(flat.primary.frame == rect(0, 0, 500, 800))
  }

  @Test("R32, R19: neverAvoid: a lone primary takes the whole area instead of its side of the fold")
  func neverAvoidLonePrimary() {
    var book = bookScene()
    book.secondary.visible = false
    #expect(book.solve().primary.frame == rect(0, 0, 475, 760))
    book.foldPolicy = .neverAvoid
    let solution = book.solve()
    #expect(solution.primary.frame == rect(0, 0, 866, 760))
    #expect(solution.primary.sizeClass == regular)
  }

  @Test("R32, R19, R20: alwaysAvoid: a lone primary keeps to its side of an inactive fold, compact along it")
  func alwaysAvoidLonePrimary() {
    var book = bookScene()
    book.regions[0].isActive = false
    book.secondary.visible = false
    book.foldPolicy = .alwaysAvoid
    let solution = book.solve()
    #expect(solution.primary.frame == rect(0, 0, 475, 760))
    #expect(solution.primary.sizeClass == compactWide)
  }

  @Test("R32: foldAxes leaves out folds of the other orientation; an empty list leaves none")
  func foldAxesFilter() {
    var book = bookScene()
    let folded = book.solve()
    book.foldAxes = .vertical
    #expect(thirdBits(book.solve()) == thirdBits(folded))
    book.foldAxes = .horizontal
    #expect(book.solve().primary.frame == rect(0, 0, 433, 760))
    book.foldAxes = []
    #expect(book.solve().primary.frame == rect(0, 0, 433, 760))
    var tabletop = tabletopScene()
    let expected = tabletop.solve()
    #expect(expected.primary.frame == rect(0, 0, 1000, 390))
    #expect(expected.secondary.frame == rect(0, 410, 1000, 390))
    tabletop.foldAxes = .horizontal
    #expect(thirdBits(tabletop.solve()) == thirdBits(expected))
    tabletop.foldAxes = .vertical
    #expect(tabletop.solve().splitAxis == .horizontal)
    #expect(tabletop.solve().primary.frame == rect(0, 0, 500, 800))
  }

  @Test("R32, R16: with crossing folds, foldAxes picks the orientation even when the other is nearer the centre")
  func foldAxesWithCrossingFolds() {
    var scene = splitScene(width: 1000, height: 1000)
    scene.regions = [fold(id: 1, x: 300, width: 0, height: 1000), fold(id: 2, x: 0, y: 500, width: 1000, height: 0)]
    #expect(scene.solve().splitAxis == .vertical)
    scene.foldAxes = .vertical
    let solution = scene.solve()
    #expect(solution.splitAxis == .horizontal)
    #expect(solution.primary.frame == rect(0, 0, 300, 1000))
  }

  @Test("R32, R16: alwaysAvoid chooses the nearest among active and inactive folds")
  func alwaysAvoidNearest() {
    var scene = splitScene()
    scene.regions = [fold(id: 1, x: 300, width: 0, height: 800), inactiveFold(id: 2, x: 520, width: 0, height: 800)]
    #expect(scene.solve().primary.frame == rect(0, 0, 300, 800))
    scene.foldPolicy = .alwaysAvoid
    #expect(scene.solve().primary.frame == rect(0, 0, 520, 800))
  }

  @Test("R32, R16: a fold at the area's edge does not divide, under any policy")
  func foldAtEdge() {
    var scene = splitScene()
    scene.primary = pane(preferred: .absolute(300))
    for policy in FoldPolicy.allCases {
      scene.foldPolicy = policy
      for region in [
        inactiveFold(x: 0, width: 20, height: 800), fold(x: 0, width: 20, height: 800),
        inactiveFold(x: 1000, width: 0, height: 800), fold(x: 980, width: 20, height: 800),
      ] {
        scene.regions = [region]
        #expect(scene.solve().primary.frame == rect(0, 0, 300, 800), "\(policy) \(region)")
      }
    }
    // A safe area: the fold inside the inset does not divide the layout area.
    scene.safeArea.left = 20
    scene.foldPolicy = .alwaysAvoid
    scene.regions = [inactiveFold(x: 0, width: 20, height: 800)]
    #expect(scene.solve().primary.frame == rect(20, 0, 300, 800))
  }

  @Test("R32, R22, R23: an overlay sits beside an inactive fold under alwaysAvoid and stacks under neverAvoid")
  func overlayPolicies() {
    var book = bookScene()
    book.style = .overlay
    let folded = book.solve()
    #expect(folded.primary.frame == rect(475, 0, 391, 760))
    book.regions[0].isActive = false
    #expect(book.solve().primary.zIndex == 1)
    book.foldPolicy = .alwaysAvoid
    #expect(thirdBits(book.solve()) == thirdBits(folded))
    book.regions[0].isActive = true
    book.foldPolicy = .neverAvoid
    let stacked = book.solve()
    #expect(stacked.primary.frame == rect(0, 0, 866, 760))
    #expect(stacked.secondary.frame == rect(0, 0, 866, 760))
    #expect(stacked.primary.zIndex == 1)
    book.foldPolicy = .avoidSeparating
    book.foldAxes = .horizontal
    #expect(thirdBits(book.solve()) == thirdBits(stacked))
  }

  @Test("R32: the policy changes no region query, usable area or grid")
  func policyLeavesQueriesAlone() {
    var book = bookScene()
    book.regions[0].isActive = false
    book.foldPolicy = .alwaysAvoid
    book.foldAxes = []
    let query = RegionQuery(view: rect(0, 0, 950, 760), kind: .division)
    #expect(query.answer(for: book.regions).isEmpty)
    var areas = [Rect](repeating: .zero, count: 8)
    let count = areas.withUnsafeMutableBufferPointer { book.regions.usableAreas(of: book.container, into: $0) }
    #expect(count == 1)
    #expect(areas[0] == book.container)
  }
}

@Suite("Adapt strategies (R33)")
struct AdaptTests {
  /// 1000 × 800, regular both ways; the horizontal axis R16 chooses is not allowed (R17).
  func verticalOnly(_ adapt: AdaptStrategy) -> Scene {
    var scene = splitScene()
    scene.axes = .vertical
    scene.secondary.adapt = adapt
    return scene
  }

  @Test("R33: hide is R17 as written; adapted stays nil")
  func hide() {
    let solution = verticalOnly(.hide).solve()
    #expect(solution.primary.frame == rect(0, 0, 1000, 800))
    #expect(!solution.secondary.visible)
    #expect(solution.adapted == nil)
  }

  @Test("R33: reflow when R17's axis is not allowed: a vertical split")
  func reflowWhenAxisNotAllowed() {
    let solution = verticalOnly(.reflow).solve()
    #expect(solution.splitAxis == .vertical)
    #expect(solution.primary.frame == rect(0, 0, 1000, 400))
    #expect(solution.secondary.frame == rect(0, 400, 1000, 400))
    #expect(solution.primary.sizeClass == compactTall)
    #expect(solution.secondary.sizeClass == compactTall)
    #expect(solution.adapted == .reflowed)
  }

  @Test("R33: reflow when the size class along R17's axis is compact")
  func reflowWhenCompact() {
    var scene = splitScene()
    scene.sizeClass = SizeClasses(horizontal: .compact, vertical: .regular)
    scene.secondary.adapt = .reflow
    let solution = scene.solve()
    #expect(solution.splitAxis == .vertical)
    #expect(solution.primary.frame == rect(0, 0, 1000, 400))
    #expect(solution.primary.sizeClass == compactBoth)
    #expect(solution.adapted == .reflowed)
  }

  @Test("R33: reflow when sizing hides the secondary (R6): the other axis uses the height ranges")
  func reflowWhenSizingHides() {
    var scene = splitScene()
    scene.secondary.width = DimensionRange(minimum: .absolute(1200))
    scene.secondary.height = DimensionRange(preferred: .absolute(300))
    scene.secondary.adapt = .reflow
    let solution = scene.solve()
    #expect(solution.splitAxis == .vertical)
    #expect(solution.primary.frame == rect(0, 0, 1000, 500))
    #expect(solution.secondary.frame == rect(0, 500, 1000, 300))
    #expect(solution.adapted == .reflowed)
  }

  @Test("R33: reflow where the other axis fails too: the first axis's answer stands, adapted nil")
  func reflowFailsBothWays() {
    var scene = splitScene()
    scene.secondary.width = DimensionRange(minimum: .absolute(1200))
    scene.secondary.height = DimensionRange(minimum: .absolute(900))
    scene.secondary.adapt = .reflow
    var solution = scene.solve()
    #expect(solution.primary.frame == rect(0, 0, 1000, 800))
    #expect(!solution.secondary.visible)
    #expect(solution.splitAxis == nil)
    #expect(solution.adapted == nil)
    // The other axis not regular (R17 on it).
    scene.secondary.height = .automatic
    scene.sizeClass = SizeClasses(horizontal: .regular, vertical: .compact)
    solution = scene.solve()
    #expect(!solution.secondary.visible)
    #expect(solution.adapted == nil)
    // The other axis not allowed.
    scene.sizeClass = regular
    scene.axes = .horizontal
    solution = scene.solve()
    #expect(!solution.secondary.visible)
    #expect(solution.adapted == nil)
  }

  @Test("R33: reflow runs spacing and the divider along the other axis")
  func reflowWithSpacingAndDivider() {
    var scene = verticalOnly(.reflow)
    scene.spacing = 20
    scene.divider = Divider(position: .fractional(0.25))
    let solution = scene.solve()
    #expect(solution.splitAxis == .vertical)
    #expect(solution.primary.frame == rect(0, 0, 1000, 195))
    #expect(solution.secondary.frame == rect(0, 215, 1000, 585))
    #expect(solution.divider == DividerAnswer(position: 195, anchor: nil))
    #expect(solution.adapted == .reflowed)
  }

  @Test("R33, R9: reflow when pixel rounding leaves the secondary without length")
  func reflowWhenRoundingHides() {
    var scene = splitScene()
    scene.displayScale = 1
    scene.secondary.width = DimensionRange(preferred: .absolute(0.3))
    var hidden = scene.solve()
    #expect(!hidden.secondary.visible)
    #expect(hidden.primary.frame == rect(0, 0, 1000, 800))
    scene.secondary.adapt = .reflow
    let solution = scene.solve()
    #expect(solution.splitAxis == .vertical)
    #expect(solution.secondary.frame == rect(0, 400, 1000, 400))
    #expect(solution.adapted == .reflowed)
    // Levitating a 0.3-point-wide secondary rounds it away too: the hide answer stands.
    scene.secondary.adapt = .levitate
    hidden.adapted = nil
    #expect(thirdBits(scene.solve()) == thirdBits(hidden))
  }

  @Test("R33: reflow does not apply when a fold applies: the lone primary keeps its side")
  func reflowNotAtFold() {
    var book = bookScene()
    book.axes = .vertical
    book.secondary.adapt = .reflow
    let solution = book.solve()
    #expect(solution.primary.frame == rect(0, 0, 475, 760))
    #expect(!solution.secondary.visible)
    #expect(solution.adapted == nil)
  }

  @Test("R33: levitate centres the secondary over the primary's frame with its own sizes")
  func levitateCentred() {
    var scene = verticalOnly(.levitate)
    scene.secondary.width = DimensionRange(preferred: .absolute(400))
    scene.secondary.height = DimensionRange(preferred: .fractional(0.5))
    let solution = scene.solve()
    #expect(solution.primary.frame == rect(0, 0, 1000, 800))
    #expect(solution.primary.zIndex == 0)
    #expect(solution.primary.sizeClass == regular)
    #expect(solution.secondary.visible)
    #expect(solution.secondary.frame == rect(300, 200, 400, 400))
    #expect(solution.secondary.zIndex == 1)
    #expect(solution.secondary.sizeClass == compactBoth)
    #expect(solution.splitAxis == nil)
    #expect(solution.adapted == .levitated)
  }

  @Test("R33: levitate without preferred sizes takes half of F; minimum, maximum, intrinsic and fixedSize apply")
  func levitateSizes() {
    var scene = verticalOnly(.levitate)
    #expect(scene.solve().secondary.frame == rect(250, 200, 500, 400))
    scene.secondary.width = DimensionRange(minimum: .absolute(300), preferred: .absolute(100))
    scene.secondary.height = DimensionRange(preferred: .absolute(600), maximum: .fractional(0.25))
    #expect(scene.solve().secondary.frame == rect(350, 300, 300, 200))
    scene.secondary.width = DimensionRange(preferred: .intrinsic)
    scene.secondary.height = .automatic
    scene.secondary.idealSize = Size(width: 320, height: 240)
    #expect(scene.solve().secondary.frame == rect(340, 200, 320, 400))
    // R35: fixed horizontally only: the width is the ideal width, the height half of F.
    scene.secondary.width = .automatic
    scene.secondary.fixedSize = FixedLayoutSize(horizontal: true, vertical: false)
    #expect(scene.solve().secondary.frame == rect(340, 200, 320, 400))
    scene.secondary.fixedSize = true
    #expect(scene.solve().secondary.frame == rect(340, 280, 320, 240))
    // At most F's length.
    scene.secondary.fixedSize = false
    scene.secondary.width = DimensionRange(minimum: .absolute(1500))
    #expect(scene.solve().secondary.frame == rect(0, 200, 1000, 400))
  }

  @Test("R33: levitate when sizing hides the secondary (R6): over the whole area, its minimum cut to F")
  func levitateWhenSizingHides() {
    var scene = splitScene()
    scene.secondary.width = DimensionRange(minimum: .absolute(1200))
    scene.secondary.adapt = .levitate
    let solution = scene.solve()
    #expect(solution.primary.frame == rect(0, 0, 1000, 800))
    #expect(solution.secondary.frame == rect(0, 200, 1000, 400))
    #expect(solution.adapted == .levitated)
    #expect(solution.splitAxis == nil)
  }

  @Test("R33, R9: a levitated secondary's edges round in window coordinates, halves away from zero")
  func levitateRounding() {
    var scene = verticalOnly(.levitate)
    scene.container = rect(0, 0, 1001, 801)
    scene.displayScale = 2
    // w = 500.5: x0 = 250.25 → 250.5, x1 = 750.75 → 751; h = 400.5: y0 = 200.25 → 200.5, y1 = 600.75 → 601.
    #expect(scene.solve().secondary.frame == rect(250.5, 200.5, 500.5, 400.5))
    scene.container = rect(0.25, 0, 1000, 800)
    scene.displayScale = 1
    scene.secondary.width = DimensionRange(preferred: .absolute(301))
    // x0 = 349.5 (window 349.75 → 350), x1 = 650.5 (window 650.75 → 651).
    let solution = scene.solve()
    #expect(solution.secondary.frame == rect(349.75, 200, 301, 400))
    #expect(solution.adapted == .levitated)
  }

  @Test("R33: levitate down to no length along an axis gives the hide answer, adapted nil")
  func levitateToZero() {
    var scene = verticalOnly(.levitate)
    var hidden = verticalOnly(.hide).solve()
    hidden.adapted = nil
    for range in [
      DimensionRange(maximum: .absolute(0)), DimensionRange(preferred: .absolute(0)),
      DimensionRange(preferred: .fractional(0)),
    ] {
      scene.secondary.height = range
      #expect(thirdBits(scene.solve()) == thirdBits(hidden), "\(range)")
    }
    // Rounding: 0.2 points centred at 500 rounds to nothing at scale 1, not without a scale.
    scene.secondary.height = .automatic
    scene.secondary.width = DimensionRange(maximum: .absolute(0.2))
    #expect(scene.solve().adapted == .levitated)
    #expect(Tolerance.equal(scene.solve().secondary.frame, rect(499.9, 200, 0.2, 400)))
    scene.displayScale = 1
    var rounded = verticalOnly(.hide)
    rounded.displayScale = 1
    #expect(thirdBits(scene.solve()) == thirdBits(rounded.solve()))
  }

  @Test("R33, R19, R20: levitate beside a fold floats over the primary's side; the primary is compact along the fold")
  func levitateBesideFold() {
    var book = bookScene()
    book.axes = .vertical
    book.secondary.adapt = .levitate
    let solution = book.solve()
    #expect(solution.primary.frame == rect(0, 0, 475, 760))
    #expect(solution.primary.sizeClass == compactWide)
    #expect(solution.primary.zIndex == 0)
    #expect(solution.secondary.frame == rect(118.75, 190, 237.5, 380))
    #expect(solution.secondary.zIndex == 1)
    #expect(solution.secondary.sizeClass == compactBoth)
    #expect(solution.adapted == .levitated)
    #expect(solution.splitAxis == nil)
  }

  @Test("R33: no strategy when the secondary is not visible, the area is empty, or in the overlay style")
  func neverApplies() {
    for adapt in AdaptStrategy.allCases {
      var scene = verticalOnly(adapt)
      scene.secondary.visible = false
      var solution = scene.solve()
      #expect(!solution.secondary.visible)
      #expect(solution.adapted == nil)
      #expect(solution.primary.frame == rect(0, 0, 1000, 800))
      scene = verticalOnly(adapt)
      scene.container.height = 0
      solution = scene.solve()
      #expect(!solution.primary.visible && !solution.secondary.visible)
      #expect(solution.adapted == nil)
      scene = verticalOnly(adapt)
      scene.safeArea = EdgeInsets(left: 600, right: 600)
      #expect(scene.solve().adapted == nil)
      scene = verticalOnly(adapt)
      scene.style = .overlay
      solution = scene.solve()
      #expect(solution.adapted == nil)
      #expect(solution.primary.zIndex == 1)
      #expect(solution.secondary.frame == rect(0, 0, 1000, 800))
    }
  }

  @Test("R33: a split that shows both panes is not adapted")
  func notNeeded() {
    for adapt in AdaptStrategy.allCases {
      var scene = splitScene()
      scene.secondary.adapt = adapt
      let solution = scene.solve()
      #expect(solution.adapted == nil)
      #expect(thirdBits(solution) == thirdBits(splitScene().solve()))
    }
  }

  @Test("R33: when sizing hides the primary (the secondary has the higher priority), nothing adapts")
  func primaryHiddenIsNotAdapted() {
    var scene = splitScene()
    scene.primary = pane(minimum: .absolute(1200))
    scene.secondary = pane(priority: 1)
    scene.secondary.adapt = .levitate
    let solution = scene.solve()
    #expect(!solution.primary.visible)
    #expect(solution.secondary.frame == rect(0, 0, 1000, 800))
    #expect(solution.adapted == nil)
  }
}

@Suite("Apple's finer points (R35)")
struct FinerPointsTests {
  @Test("R35: fixedSize horizontal only fixes a horizontal split and does nothing to a vertical one")
  func fixedSizePerAxis() {
    var scene = splitScene()
    scene.primary.idealSize = Size(width: 300, height: 200)
    scene.primary.fixedSize = FixedLayoutSize(horizontal: true, vertical: false)
    #expect(scene.solve().primary.frame == rect(0, 0, 300, 800))
    scene.container = rect(0, 0, 600, 1000)
    #expect(scene.solve().primary.frame == rect(0, 0, 600, 500))
    scene.primary.fixedSize = FixedLayoutSize(horizontal: false, vertical: true)
    #expect(scene.solve().primary.frame == rect(0, 0, 600, 200))
    scene.container = rect(0, 0, 1000, 800)
    #expect(scene.solve().primary.frame == rect(0, 0, 500, 800))
  }

  @Test("R35: true fixes both axes; false neither")
  func fixedSizeLiterals() {
    let both: FixedLayoutSize = true
    #expect(both == FixedLayoutSize(horizontal: true, vertical: true))
    let neither: FixedLayoutSize = false
    #expect(neither.isNone)
    #expect(both[.horizontal] && both[.vertical])
  }

  @Test("R35, R23: a secondary's overlayEdge places it on that side when the primary sets none")
  func secondaryOverlayEdge() {
    var book = bookScene()
    book.style = .overlay
    #expect(book.solve().primary.frame == rect(475, 0, 391, 760))
    #expect(book.solve().secondary.frame == rect(0, 0, 475, 760))
    book.secondary.overlayEdge = .trailing
    #expect(book.solve().primary.frame == rect(0, 0, 475, 760))
    #expect(book.solve().secondary.frame == rect(475, 0, 391, 760))
    book.secondary.overlayEdge = .leading
    #expect(book.solve().primary.frame == rect(475, 0, 391, 760))
    // Both set: the primary's wins.
    book.primary.overlayEdge = .trailing
    book.secondary.overlayEdge = .trailing
    #expect(book.solve().primary.frame == rect(475, 0, 391, 760))
    book.primary.overlayEdge = .leading
    book.secondary.overlayEdge = .leading
    #expect(book.solve().primary.frame == rect(0, 0, 475, 760))
    // An edge along the other axis changes nothing here.
    book.primary.overlayEdge = nil
    book.secondary.overlayEdge = nil
    book.secondary.overlayVerticalEdge = .bottom
    #expect(book.solve().primary.frame == rect(475, 0, 391, 760))
  }

  @Test("R35, R23: a secondary's overlayVerticalEdge across a horizontal fold; the primary's wins when both set")
  func secondaryOverlayVerticalEdge() {
    var tabletop = tabletopScene()
    tabletop.style = .overlay
    #expect(tabletop.solve().primary.frame == rect(0, 410, 1000, 390))
    tabletop.secondary.overlayVerticalEdge = .bottom
    #expect(tabletop.solve().primary.frame == rect(0, 0, 1000, 390))
    #expect(tabletop.solve().secondary.frame == rect(0, 410, 1000, 390))
    tabletop.primary.overlayVerticalEdge = .bottom
    #expect(tabletop.solve().primary.frame == rect(0, 410, 1000, 390))
    tabletop.primary.overlayVerticalEdge = .top
    tabletop.secondary.overlayVerticalEdge = .top
    #expect(tabletop.solve().primary.frame == rect(0, 0, 1000, 390))
  }

  @Test("R35, R23: right to left, the secondary's trailing edge is the left side")
  func secondaryEdgeRightToLeft() {
    var book = bookScene()
    book.style = .overlay
    book.layoutDirection = .rightToLeft
    book.secondary.overlayEdge = .trailing
    // The fold at 475 in a 866-wide area: trailing (left) is 0…475.
    #expect(book.solve().secondary.frame == rect(0, 0, 475, 760))
    #expect(book.solve().primary.frame == rect(475, 0, 391, 760))
  }

  @Test("R35: overlay edges play no part in a split")
  func edgesIgnoredInSplit() {
    var book = bookScene()
    let expected = book.solve()
    book.secondary.overlayEdge = .trailing
    book.secondary.overlayVerticalEdge = .top
    #expect(thirdBits(book.solve()) == thirdBits(expected))
  }
}
