import ArrangementSolver
import Testing

@Suite("Layout area and size classes (R1, R2)")
struct LayoutAreaTests {
  @Test("R1: the safe area insets the layout area and panes stay inside it")
  func safeAreaInsets() {
    var scene = splitScene(width: 950, height: 760)
    scene.safeArea = EdgeInsets(top: 10, left: 20, bottom: 30, right: 84)
    let solution = scene.solve()
    #expect(solution.primary.frame == rect(20, 10, 423, 720))
    #expect(solution.secondary.frame == rect(443, 10, 423, 720))
  }

  @Test("R1: insets wider than the container hide both panes with zero frames")
  func insetsSwallowTheContainer() {
    var scene = splitScene(width: 950, height: 760)
    scene.safeArea = EdgeInsets(left: 600, right: 600)
    let solution = scene.solve()
    #expect(!solution.primary.visible && !solution.secondary.visible)
    #expect(solution.primary.frame == .zero && solution.secondary.frame == .zero)
    #expect(solution.splitAxis == nil)
  }

  @Test("R1: a container with no height shows neither pane, in both styles", arguments: ArrangementStyle.allCases)
  func zeroHeight(style: ArrangementStyle) {
    var scene = splitScene(width: 950, height: 0)
    scene.style = style
    let solution = scene.solve()
    #expect(!solution.primary.visible && !solution.secondary.visible)
  }

  @Test("R2: without given size classes, 600 points is the first regular width")
  func derivedSizeClasses() {
    var scene = Scene(container: rect(0, 0, 599, 400))
    #expect(!scene.solve().secondary.visible)  // compact width: no horizontal split (R17)
    scene.container.width = 600
    let solution = scene.solve()
    #expect(solution.secondary.visible)
    #expect(solution.splitAxis == .horizontal)
    // Vertical compact (400 < 600) stays the container's class across the split.
    #expect(solution.primary.sizeClass == SizeClasses(horizontal: .compact, vertical: .compact))
  }

  @Test("R2: given size classes win over the container's size")
  func givenSizeClasses() {
    var scene = splitScene(width: 950, height: 760)
    scene.sizeClass = SizeClasses(horizontal: .compact, vertical: .regular)
    let solution = scene.solve()
    #expect(solution.primary.frame == rect(0, 0, 950, 760))
    #expect(!solution.secondary.visible)
  }

  @Test("R2: derived classes read the container, not the layout area")
  func derivedFromContainer() {
    var scene = Scene(container: rect(0, 0, 700, 700), safeArea: EdgeInsets(right: 200))
    // The layout area is 500 wide but the container is 700: regular, so it splits.
    scene.axes = .horizontal
    #expect(scene.solve().splitAxis == nil)  // 500 × 700 area is taller: vertical axis, not allowed
    scene.axes = .both
    #expect(scene.solve().splitAxis == .vertical)
  }
}
