import ArrangementSolver
import Testing

@Suite("The split style around folds (R16–R21)")
struct SplitTests {
  @Test("R16: a vertical fold gives a horizontal split; a horizontal fold a vertical one")
  func axisFromFold() {
    var scene = splitScene(width: 800, height: 800)
    scene.regions = [fold(x: 0, y: 390, width: 800, height: 20)]
    let tabletop = scene.solve()
    #expect(tabletop.splitAxis == .vertical)
    #expect(tabletop.primary.frame == rect(0, 0, 800, 390))
    #expect(tabletop.secondary.frame == rect(0, 410, 800, 390))
    scene.regions = [fold(x: 390, width: 20, height: 800)]
    #expect(scene.solve().splitAxis == .horizontal)
  }

  @Test("R16: a square fold counts as vertical")
  func squareFoldIsVertical() {
    var scene = splitScene(width: 800, height: 100)
    scene.regions = [fold(x: 350, width: 100, height: 100)]
    let solution = scene.solve()
    #expect(solution.splitAxis == .horizontal)
    #expect(solution.primary.frame == rect(0, 0, 350, 100))
  }

  @Test("R16: a fold that does not span the layout area is not a fold for layout")
  func foldMustSpan() {
    var scene = splitScene(width: 950, height: 760, primary: pane(preferred: .fractional(0.3)))
    scene.regions = [fold(x: 475, y: 10, width: 0, height: 750)]
    #expect(scene.solve().primary.frame.width == 285)
    // A safe area that shortens the layout area lets the same fold span it.
    scene.safeArea.top = 10
    #expect(scene.solve().primary.frame.width == 475)
  }

  @Test("R16: a fold at the area's edge leaves no usable length on one side and does not divide")
  func foldAtEdge() {
    var scene = splitScene(width: 950, height: 760, primary: pane(preferred: .fractional(0.3)))
    scene.safeArea.right = 84
    scene.regions = [fold(x: 866, width: 0, height: 760)]
    #expect(scene.solve().primary.frame.width == 0.3 * 866)
    scene.regions = [fold(x: 0, width: 10, height: 760)]
    #expect(scene.solve().primary.frame.width == 0.3 * 866)
  }

  @Test("R16: among several folds the one nearest the centre applies; ties go to the lower id")
  func nearestFold() {
    var scene = splitScene(width: 1000, height: 1000)
    scene.regions = [fold(id: 1, x: 300, width: 0, height: 1000), fold(id: 2, x: 0, y: 550, width: 1000, height: 0)]
    #expect(scene.solve().splitAxis == .vertical)  // 50/1000 from the centre beats 200/1000
    scene.regions = [fold(id: 5, x: 450, width: 0, height: 1000), fold(id: 4, x: 0, y: 550, width: 1000, height: 0)]
    let tie = scene.solve()
    #expect(tie.splitAxis == .vertical)  // both 50 away: id 4 wins
    #expect(tie.primary.frame == rect(0, 0, 1000, 550))
  }

  @Test("R16: distance to the centre is relative to the area's length along the split axis")
  func relativeDistance() {
    var scene = splitScene(width: 2000, height: 500)
    // 100 off-centre of 2000 (0.05) beats 50 off-centre of 500 (0.1).
    scene.regions = [fold(id: 1, x: 0, y: 300, width: 2000, height: 0), fold(id: 2, x: 1100, width: 0, height: 500)]
    #expect(scene.solve().splitAxis == .horizontal)
  }

  @Test("R16: without a fold the axis follows the longer side; a square area splits horizontally")
  func axisWithoutFold() {
    #expect(splitScene(width: 1000, height: 800).solve().splitAxis == .horizontal)
    #expect(splitScene(width: 800, height: 1000).solve().splitAxis == .vertical)
    #expect(splitScene(width: 800, height: 800).solve().splitAxis == .horizontal)
  }

  @Test("R17: .split.axes(.horizontal) in a tall container shows only the primary")
  func axisNotAllowed() {
    var scene = splitScene(width: 700, height: 1000)
    scene.axes = .horizontal
    let solution = scene.solve()
    #expect(solution.primary.frame == rect(0, 0, 700, 1000))
    #expect(!solution.secondary.visible)
    #expect(solution.primary.sizeClass == regular)
  }

  @Test("R17: a closed iPhone Duo held in landscape shows only the primary")
  func closedLandscape() {
    let scene = Scene(
      container: rect(0, 0, 678, 466), safeArea: EdgeInsets(left: 84), sizeClass: compact,
      regions: [camera(id: 1, x: 10, y: 10, size: 30)])
    let solution = scene.solve()
    #expect(solution.primary.frame == rect(84, 0, 594, 466))
    #expect(!solution.secondary.visible)
    #expect(solution.splitAxis == nil)
  }

  @Test("R18: an active fold ignores every sizing setting; a status strip makes the trailing pane narrower")
  func foldIgnoresSizing() {
    var scene = bookScene()
    scene.primary = pane(minimum: .absolute(600), preferred: .fractional(0.3), priority: -5)
    scene.secondary = PaneSettings(layoutPriority: 9, idealSize: Size(width: 300, height: 200), fixedSize: true)
    scene.displayScale = 7
    let solution = scene.solve()
    #expect(solution.primary.frame == rect(0, 0, 475, 760))
    #expect(solution.secondary.frame == rect(475, 0, 391, 760))
    #expect(solution.splitAxis == .horizontal)
  }

  @Test("R18: the panes take the usable areas beside the fold's frame, margins included, in right-to-left too")
  func foldFrameRTL() {
    var scene = splitScene(width: 951, height: 669)
    scene.regions = [fold(x: 463.5, width: 24, height: 669, margin: 8)]
    scene.layoutDirection = .rightToLeft
    let solution = scene.solve()
    #expect(solution.primary.frame == rect(487.5, 0, 463.5, 669))
    #expect(solution.secondary.frame == rect(0, 0, 463.5, 669))
  }

  @Test("R19: a hidden secondary leaves the primary in the fold's leading region", arguments: LayoutDirection.allCases)
  func hiddenSecondaryStaysLeading(direction: LayoutDirection) {
    var scene = bookScene()
    scene.secondary.visible = false
    scene.layoutDirection = direction
    let solution = scene.solve()
    let expected = direction == .leftToRight ? rect(0, 0, 475, 760) : rect(475, 0, 391, 760)
    #expect(solution.primary.frame == expected)
    #expect(!solution.secondary.visible && solution.secondary.frame == .zero)
    #expect(solution.primary.sizeClass == SizeClasses(horizontal: .compact, vertical: .regular))
    #expect(solution.splitAxis == nil)
  }

  @Test("R19: when R17 refuses the fold's axis the primary still keeps to its side of the fold")
  func axisRefusedWithFold() {
    var scene = bookScene()
    scene.axes = .vertical
    #expect(scene.solve().primary.frame == rect(0, 0, 475, 760))
    scene.sizeClass = SizeClasses(horizontal: .compact, vertical: .regular)
    scene.axes = .both
    #expect(scene.solve().primary.frame == rect(0, 0, 475, 760))
  }

  @Test("R19: without a fold a hidden secondary leaves the primary the whole layout area")
  func hiddenSecondaryNoFold() {
    var scene = splitScene(primary: pane(preferred: .fractional(0.3)))
    scene.secondary.visible = false
    let solution = scene.solve()
    #expect(solution.primary.frame == rect(0, 0, 1000, 800))
    #expect(solution.primary.sizeClass == regular)
  }

  @Test("R20: both panes of a split are compact along the split axis and keep the container's class across it")
  func paneSizeClasses() {
    let horizontal = splitScene().solve()
    #expect(horizontal.primary.sizeClass == SizeClasses(horizontal: .compact, vertical: .regular))
    #expect(horizontal.secondary.sizeClass == horizontal.primary.sizeClass)
    var tall = splitScene(width: 800, height: 1000)
    tall.sizeClass = SizeClasses(horizontal: .compact, vertical: .regular)
    let vertical = tall.solve()
    #expect(vertical.primary.sizeClass == SizeClasses(horizontal: .compact, vertical: .compact))
  }

  @Test("R21: splitAxis is present only while both panes show in a split")
  func splitAxisPresence() {
    #expect(bookScene().solve().splitAxis == .horizontal)
    var hidden = bookScene()
    hidden.secondary.visible = false
    #expect(hidden.solve().splitAxis == nil)
    var overlay = bookScene()
    overlay.style = .overlay
    #expect(overlay.solve().splitAxis == nil)
  }
}

@Suite("The overlay style (R22–R24)")
struct OverlayTests {
  func overlay(_ scene: Scene) -> Scene {
    var scene = scene
    scene.style = .overlay
    return scene
  }

  @Test("R22: without a fold both views take the whole area and the primary is in front")
  func stacked() {
    let solution = overlay(splitScene(width: 951, height: 669)).solve()
    #expect(solution.primary.frame == rect(0, 0, 951, 669) && solution.primary.zIndex == 1)
    #expect(solution.secondary.frame == rect(0, 0, 951, 669) && solution.secondary.zIndex == 0)
    #expect(solution.primary.sizeClass == regular && solution.secondary.sizeClass == regular)
    #expect(solution.splitAxis == nil)
  }

  @Test("R22: an inactive (flat) fold leaves the views stacked")
  func flatStacked() {
    var scene = overlay(bookScene())
    scene.regions[0].isActive = false
    #expect(scene.solve().primary.zIndex == 1)
  }

  @Test("R23: in the book posture the primary takes the trailing side, the secondary the leading side")
  func bookSideBySide() {
    let solution = overlay(bookScene()).solve()
    #expect(solution.primary.frame == rect(475, 0, 391, 760) && solution.primary.zIndex == 0)
    #expect(solution.secondary.frame == rect(0, 0, 475, 760) && solution.secondary.zIndex == 0)
    #expect(solution.primary.sizeClass == SizeClasses(horizontal: .compact, vertical: .regular))
  }

  @Test("R23: trailing is the left side in right-to-left layouts; overlayEdge leading swaps the views")
  func bookRTLAndSwap() {
    var scene = overlay(bookScene())
    scene.layoutDirection = .rightToLeft
    #expect(scene.solve().primary.frame == rect(0, 0, 475, 760))
    scene.primary.overlayEdge = .leading
    #expect(scene.solve().primary.frame == rect(475, 0, 391, 760))
  }

  @Test("R23: in the tabletop posture the primary takes the bottom; overlayVerticalEdge top swaps them")
  func tabletop() {
    var scene = overlay(splitScene(width: 669, height: 951))
    scene.safeArea = EdgeInsets(top: 84, bottom: 95)
    scene.regions = [fold(x: 0, y: 463.5, width: 669, height: 24)]
    let solution = scene.solve()
    #expect(solution.primary.frame == rect(0, 487.5, 669, 368.5))
    #expect(solution.secondary.frame == rect(0, 84, 669, 379.5))
    #expect(solution.primary.sizeClass == SizeClasses(horizontal: .regular, vertical: .compact))
    scene.primary.overlayVerticalEdge = .top
    #expect(scene.solve().primary.frame == rect(0, 84, 669, 379.5))
  }

  @Test("R24: overlay ignores ratios, sizes and the size-class condition")
  func ignoresSizing() {
    var scene = overlay(bookScene())
    scene.primary = pane(minimum: .absolute(900), preferred: .fractional(0.1))
    scene.sizeClass = compact
    let solution = scene.solve()
    #expect(solution.primary.frame == rect(475, 0, 391, 760))
    #expect(solution.primary.sizeClass == compact)
  }

  @Test("R24: when the side-by-side axis is not allowed the views stay stacked")
  func axisNotAllowedStacks() {
    var scene = overlay(bookScene())
    scene.axes = .vertical
    let solution = scene.solve()
    #expect(solution.primary.frame == rect(0, 0, 866, 760) && solution.primary.zIndex == 1)
    #expect(solution.secondary.frame == rect(0, 0, 866, 760) && solution.secondary.zIndex == 0)
    #expect(solution.primary.sizeClass == regular)
  }

  @Test("R24: a hidden secondary leaves the primary the frame, zIndex and classes it would have had")
  func hiddenSecondary() {
    for base in [overlay(bookScene()), overlay(splitScene())] {
      var scene = base
      scene.secondary.visible = false
      let shown = base.solve()
      let solution = scene.solve()
      #expect(solution.primary == shown.primary)
      #expect(!solution.secondary.visible && solution.secondary.frame == .zero && solution.secondary.zIndex == 0)
    }
  }
}
