import ArrangementSolver
import Testing

@Suite("Bad numbers never crash the solver (R29)")
struct SanitizeTests {
  static let hostile: [Double] = [.nan, .infinity, -.infinity, -1, -1e308, 1e308, .leastNonzeroMagnitude, -0.0]

  @Test("R29: any hostile number in any field gives finite frames inside the layout area", arguments: hostile)
  func hostileEverywhere(value: Double) {
    for style in ArrangementStyle.allCases {
      var scene = Scene(
        container: rect(value, value, value, value),
        safeArea: EdgeInsets(top: value, left: value, bottom: value, right: value),
        displayScale: value, regions: [fold(x: value, y: value, width: value, height: value)], style: style,
        primary: pane(
          minimum: .absolute(value), preferred: .fractional(value), maximum: .absolute(value), priority: value),
        secondary: PaneSettings(layoutPriority: value, idealSize: Size(width: value, height: value), fixedSize: true))
      checkFinite(scene.solve())
      // The same number in one field of an otherwise sound scene.
      scene = bookScene()
      scene.style = style
      scene.container.width = value
      checkFinite(scene.solve())
      scene = splitScene(
        primary: pane(minimum: .absolute(value), preferred: .absolute(value), maximum: .fractional(value)))
      scene.style = style
      checkFinite(scene.solve())
    }
  }

  private func checkFinite(_ solution: Solution) {
    for pane in [solution.primary, solution.secondary] {
      let frame = pane.frame
      #expect(frame.x.isFinite && frame.y.isFinite && frame.width.isFinite && frame.height.isFinite)
      #expect(frame.width >= 0 && frame.height >= 0)
    }
  }

  @Test(
    "R29: each length maps exactly: non-finite and negative to 0, beyond 2^52 to 2^52 (the branch-free sanitiser)",
    arguments: [
      (Double.nan, 0.0), (.infinity, 0), (-.infinity, 0), (-1, 0), (-0.0, 0),
      (.leastNonzeroMagnitude, .leastNonzeroMagnitude), (1e308, 0x1p52), (0x1p52, 0x1p52),
      (0x1p52 + 2, 0x1p52), (950, 950), (.greatestFiniteMagnitude, 0x1p52),
    ])
  func lengthMapping(value: Double, expected: Double) {
    // A lone primary fills the layout area, so its width is the sanitised container width.
    let scene = Scene(container: rect(0, 0, value, 760), secondary: PaneSettings(visible: false))
    let solution = scene.solve()
    #expect(solution.primary.frame.width == (expected > 0 ? expected : 0))
    #expect(solution.primary.visible == (expected > 0))
    // As a safe-area inset on a 950-point container: the inset is taken off the width.
    var inset = Scene(container: rect(0, 0, 950, 760), secondary: PaneSettings(visible: false))
    inset.safeArea.left = value
    let insetSolution = inset.solve()
    #expect(insetSolution.primary.frame.width == max(0, 950 - expected))
    if insetSolution.primary.visible { #expect(insetSolution.primary.frame.x == expected) }
  }

  @Test(
    "R29: a non-finite origin counts as 0 for pixel rounding; a finite one is kept",
    arguments: [Double.nan, .infinity, -.infinity, 0.25])
  func originMapping(value: Double) {
    // At scale 1 the interior edge at 300.5 rounds (half away from zero) to 301 in window
    // coordinates; with the origin at 0.25 the window edge 300.75 rounds to 301 too, which is
    // 300.75 in the container's.
    let scene = Scene(
      container: rect(value, 0, 1001, 700), displayScale: 1,
      primary: pane(preferred: .absolute(300.5)))
    let expected = value == 0.25 ? 300.75 : 301.0
    #expect(scene.solve().primary.frame.width == expected)
  }

  @Test("R29: a non-finite bound counts as missing")
  func nonFiniteBoundIsMissing() {
    let solution = splitScene(primary: pane(minimum: .absolute(.nan), preferred: .absolute(.infinity))).solve()
    #expect(solution.primary.frame.width == 500)
  }

  @Test("R29: a non-finite layoutPriority counts as 0, so a tie puts the primary first")
  func nonFinitePriority() {
    let primary = pane(preferred: .absolute(700))
    let secondary = pane(preferred: .absolute(600), priority: .nan)
    #expect(splitScene(primary: primary, secondary: secondary).solve().primary.frame.width == 700)
  }

  @Test("R29: a fraction is clamped into 0...1 and a negative absolute length becomes 0")
  func clamps() {
    #expect(
      splitScene(primary: pane(preferred: .fractional(1.7), maximum: .fractional(0.8))).solve().primary.frame.width
        == 800)
    // -50 becomes 0; the primary then grows into the leftover up to its maximum (R7).
    let negative = splitScene(primary: pane(preferred: .absolute(-50)), secondary: pane(maximum: .absolute(600)))
      .solve()
    #expect(negative.primary.frame == rect(0, 0, 400, 800))
    #expect(negative.secondary.frame == rect(400, 0, 600, 800))
    // With its maximum negative too, the primary is left with zero length and hidden (R6).
    let hidden = splitScene(
      primary: pane(preferred: .absolute(-50), maximum: .absolute(-10)), secondary: pane(maximum: .absolute(600))
    ).solve()
    #expect(!hidden.primary.visible)
    #expect(hidden.secondary.frame == rect(0, 0, 600, 800))
  }

  @Test("R29: a negative container length becomes 0 and hides both panes")
  func negativeContainer() {
    let solution = splitScene(width: -950, height: 760).solve()
    #expect(!solution.primary.visible && !solution.secondary.visible)
  }

  @Test("R29: a non-finite ideal size is missing for intrinsic and fixed-size settings")
  func nonFiniteIdeal() {
    var secondary = PaneSettings(idealSize: Size(width: .nan, height: 200), fixedSize: true)
    secondary.width.preferred = .intrinsic
    #expect(splitScene(secondary: secondary).solve().secondary.frame.width == 500)
  }

  @Test("R29: the validating entry point names every invalid field")
  func validation() {
    var scene = bookScene()
    scene.container.width = .nan
    scene.safeArea.left = -3
    scene.displayScale = 0
    scene.regions[0].margins.right = .infinity
    scene.primary = pane(minimum: .absolute(300), preferred: .fractional(1.5), maximum: .absolute(200))
    scene.secondary.height = DimensionRange(minimum: .fractional(0.6), maximum: .fractional(0.5))
    scene.secondary.layoutPriority = -.infinity
    scene.container.x = -40  // coordinates may be negative
    #expect(
      scene.validate().map(\.description) == [
        "container.width: nan is not a finite number",
        "safeArea.left: -3 is negative",
        "displayScale: 0 is not positive",
        "regions[0].margins.right: inf is not a finite number",
        "primary.width.preferred.fraction: 1.5 is outside 0...1",
        "primary.width.maximum: 200 is below the minimum 300",
        "secondary.layoutPriority: -inf is not a finite number",
        "secondary.height.maximum: 0.5 is below the minimum 0.6",
      ])
    #expect(bookScene().validate().isEmpty)
  }

  @Test("R29: bounds of different kinds are not compared by the validator")
  func mixedKindsValid() {
    let scene = splitScene(primary: pane(minimum: .absolute(300), maximum: .fractional(0.1)))
    #expect(scene.validate().isEmpty)
    #expect(scene.solve().primary.frame.width == 300)  // R3: the maximum becomes the minimum
  }
}
