import ArrangementSolver
import Testing

@Suite("Placement and pixel rounding (R8, R9)")
struct PlacementTests {
  @Test("R8: the primary leads a horizontal split, so it is on the right in right-to-left layouts")
  func rightToLeft() {
    var scene = splitScene(primary: pane(preferred: .fractional(0.3)))
    scene.layoutDirection = .rightToLeft
    let solution = scene.solve()
    #expect(solution.primary.frame == rect(700, 0, 300, 800))
    #expect(solution.secondary.frame == rect(0, 0, 700, 800))
  }

  @Test("R8: the primary is on top of a vertical split, in either direction", arguments: LayoutDirection.allCases)
  func verticalSplit(direction: LayoutDirection) {
    var scene = splitScene(width: 700, height: 1000)
    scene.primary.height.preferred = .absolute(400)
    scene.layoutDirection = direction
    let solution = scene.solve()
    #expect(solution.splitAxis == .vertical)
    #expect(solution.primary.frame == rect(0, 0, 700, 400))
    #expect(solution.secondary.frame == rect(0, 400, 700, 600))
  }

  @Test("R8: leftover space stays after the secondary, trailing in right-to-left layouts")
  func leftoverAfterSecondaryRTL() {
    var scene = splitScene(
      primary: pane(preferred: .absolute(200), maximum: .absolute(300)),
      secondary: pane(preferred: .absolute(300), maximum: .absolute(400)))
    scene.layoutDirection = .rightToLeft
    let solution = scene.solve()
    #expect(solution.primary.frame == rect(700, 0, 300, 800))
    #expect(solution.secondary.frame == rect(300, 0, 400, 800))
  }

  @Test("R9: the shared edge snaps to the pixel grid and the panes tile without a gap")
  func snapsToGrid() {
    var scene = splitScene(primary: pane(preferred: .fractional(0.3337)))
    scene.displayScale = 3
    let solution = scene.solve()
    #expect(solution.primary.frame.maxX == 1001.0 / 3)
    #expect(solution.secondary.frame.minX == solution.primary.frame.maxX)
    #expect(solution.secondary.frame.maxX == 1000)
    #expect((solution.primary.frame.maxX * 3).rounded() == solution.primary.frame.maxX * 3)
  }

  @Test("R9: edges round in window coordinates, halves away from zero")
  func halvesAwayFromZero() {
    // Edge at window x 100.25: ×2 = 200.5 rounds up to 201, i.e. 100.5; local 100.25.
    var scene = splitScene(primary: pane(preferred: .fractional(0.1)))
    scene.container.x = 0.25
    scene.displayScale = 2
    #expect(scene.solve().primary.frame.width == 100.25)
    // Edge at window x -900.25: ×2 = -1800.5 rounds away from zero to -1801, i.e. -900.5; local 99.75.
    scene.container.x = -1000.25
    #expect(scene.solve().primary.frame.width == 99.75)
  }

  @Test("R9: an edge within 1e-9 of the area's end is the end exactly, hiding a sliver pane")
  func nearEndIsEnd() {
    let solution = splitScene(primary: pane(preferred: .fractional(0.9999999999999))).solve()
    #expect(solution.primary.frame == rect(0, 0, 1000, 800))
    #expect(!solution.secondary.visible)
    #expect(solution.splitAxis == nil)
  }

  @Test("R9: the layout area's own edges are never rounded")
  func areaEdgesNotRounded() {
    var scene = splitScene()
    scene.container.x = 0.1
    scene.safeArea = EdgeInsets(left: 0.2, right: 0.3)
    scene.displayScale = 1
    let solution = scene.solve()
    #expect(solution.primary.frame.minX == 0.2)
    #expect(solution.secondary.frame.maxX == 999.7)
    // The shared edge is on the window grid: 0.1 + x is whole.
    #expect((0.1 + solution.primary.frame.maxX).rounded() == 0.1 + solution.primary.frame.maxX)
  }

  @Test("R9: an edge rounded outside the area is clamped into it, and a pane left empty is hidden")
  func clampedAndHidden() {
    var scene = splitScene(primary: pane(preferred: .absolute(0.1)))
    scene.container.x = 0.3
    scene.displayScale = 1
    let solution = scene.solve()
    #expect(!solution.primary.visible)
    #expect(solution.secondary.frame == rect(0, 0, 1000, 800))
    #expect(solution.secondary.sizeClass == regular)
    #expect(solution.splitAxis == nil)
  }

  @Test("R9: a zero or non-finite display scale means no rounding", arguments: [0, -2, Double.nan, .infinity])
  func badScaleMeansNoRounding(scale: Double) {
    var scene = splitScene(primary: pane(preferred: .fractional(0.3337)))
    scene.displayScale = scale
    #expect(scene.solve().primary.frame.width == 0.3337 * 1000)
  }
}

@Suite("Pixel rounding without the C library (R9)")
struct RoundingTests {
  @Test("R9: rounding half away from zero gives exactly what Double.rounded(.toNearestOrAwayFromZero) gives")
  func matchesStandardLibrary() {
    var random = SeededGenerator(seed: 0x5EED)
    var values: [Double] = [
      0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994, 0.4, -0.4,
      .leastNonzeroMagnitude, -.leastNonzeroMagnitude, 0x1p52, -0x1p52, 0x1p52 - 0.5, -(0x1p52 - 0.5),
      0x1p52 + 1, 0x1p53 + 2, 1e300, -1e300, .greatestFiniteMagnitude, 4503599627370495.5,
    ]
    for _ in 0..<200_000 {
      let whole = Double(Int.random(in: -5_000_000...5_000_000, using: &random))
      // Halves, near-halves and arbitrary fractions, at pixel scales 1, 2, 3.
      values.append(whole + 0.5)
      values.append((whole + 0.5).nextDown)
      values.append((whole + 0.5).nextUp)
      values.append(whole * Double.random(in: 0...1, using: &random) * 3)
      values.append(Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &random)))
    }
    var mismatches = 0
    for value in values where value.isFinite {
      let expected = value.rounded(.toNearestOrAwayFromZero)
      let rounded = PixelRounding.halfAwayFromZero(value)
      if rounded.bitPattern != expected.bitPattern {
        mismatches += 1
        if mismatches < 5 { Issue.record("\(value): \(rounded) instead of \(expected)") }
      }
    }
    #expect(mismatches == 0)
    #expect(values.count > 1_000_000)
  }
}
