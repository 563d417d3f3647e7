import ArrangementSolver
import Testing

/// Widths of the two panes of a 1000-point horizontal split.
private func widths(_ primary: PaneSettings, _ secondary: PaneSettings = PaneSettings()) -> (Double?, Double?) {
  let solution = splitScene(primary: primary, secondary: secondary).solve()
  return (
    solution.primary.visible ? solution.primary.frame.width : nil,
    solution.secondary.visible ? solution.secondary.frame.width : nil
  )
}

@Suite("Sizing along the split axis (R3–R7)")
struct SizingTests {
  @Test("R3: ratio(0.3) on the primary gives the secondary the other 70%")
  func ratioGivesTheRest() {
    #expect(widths(pane(preferred: .fractional(0.3))) == (300, 700))
  }

  @Test("R3: a secondary preferred size leaves the rest to the primary")
  func secondaryPreferred() {
    #expect(widths(PaneSettings(), pane(preferred: .absolute(400))) == (600, 400))
  }

  @Test("R3: with no preferred size on either pane the split is equal")
  func equalByDefault() {
    #expect(widths(PaneSettings()) == (500, 500))
  }

  @Test("R3: a maximum below the minimum becomes the minimum")
  func maximumBelowMinimum() {
    let primary = pane(minimum: .absolute(400), preferred: .absolute(350), maximum: .absolute(300))
    #expect(widths(primary) == (400, 600))
  }

  @Test("R3: a preferred size above the maximum is clamped before the other pane derives its own")
  func preferredClamped() {
    #expect(widths(pane(preferred: .fractional(0.9), maximum: .absolute(600))) == (600, 400))
  }

  @Test("R3: intrinsic reads the view's ideal size along the axis")
  func intrinsic() {
    var primary = pane(preferred: .intrinsic)
    primary.idealSize = Size(width: 320, height: 5000)
    #expect(widths(primary) == (320, 680))
  }

  @Test("R3: intrinsic without an ideal size is a missing bound")
  func intrinsicMissing() {
    #expect(widths(pane(minimum: .intrinsic, preferred: .intrinsic, maximum: .intrinsic)) == (500, 500))
  }

  @Test("R3: fixed size makes the ideal size both preferred and maximum")
  func fixedSize() {
    var secondary = PaneSettings(idealSize: Size(width: 300, height: 200), fixedSize: true)
    #expect(widths(PaneSettings(), secondary) == (700, 300))
    // The maximum is the ideal size: leftover length stays empty instead of growing it.
    secondary.width.preferred = .absolute(900)
    #expect(widths(pane(preferred: .absolute(100), maximum: .absolute(100)), secondary) == (100, 300))
  }

  @Test("R3: a fixed-size view keeps its minimum, so at lower priority it may still shrink")
  func fixedSizeStillShrinks() {
    var secondary = PaneSettings(idealSize: Size(width: 300, height: 200), fixedSize: true)
    secondary.width.minimum = .absolute(100)
    #expect(widths(pane(preferred: .absolute(950), priority: 1), secondary) == (900, 100))
  }

  @Test("R4: the higher-priority pane takes its preferred size first")
  func priorityOrder() {
    let primary = pane(preferred: .absolute(700))
    let secondary = pane(preferred: .absolute(600), priority: 1)
    #expect(widths(primary, secondary) == (400, 600))
  }

  @Test("R4: on a tie in priority the primary goes first")
  func tieGoesToPrimary() {
    let both = pane(preferred: .absolute(700), priority: 2)
    #expect(widths(both, both) == (700, 300))
  }

  @Test("R4: the first pane takes at most the whole length")
  func firstAtMostL() {
    let primary = pane(preferred: .absolute(5000), maximum: .absolute(9000))
    #expect(widths(primary) == (1000, nil))  // the secondary is left with zero length (R6)
  }

  @Test("R5: the first pane gives back length until the second's minimum fits")
  func giveBack() {
    #expect(widths(pane(preferred: .absolute(900)), pane(minimum: .absolute(300))) == (700, 300))
  }

  @Test("R6: when the second minimum cannot fit it is hidden and the first takes the whole length")
  func secondHidden() {
    let primary = pane(minimum: .absolute(800), preferred: .absolute(900))
    let solution = splitScene(primary: primary, secondary: pane(minimum: .absolute(300))).solve()
    #expect(solution.primary.frame == rect(0, 0, 1000, 800))
    #expect(!solution.secondary.visible && solution.secondary.frame == .zero)
    #expect(solution.splitAxis == nil)
    #expect(solution.primary.sizeClass == regular)  // a lone pane without a fold (R20)
  }

  @Test("R6: the lone pane takes at most its maximum, from the leading edge", arguments: LayoutDirection.allCases)
  func loneAtLeadingEdge(direction: LayoutDirection) {
    var scene = splitScene(
      primary: pane(minimum: .absolute(800), maximum: .absolute(900)), secondary: pane(minimum: .absolute(300)))
    scene.layoutDirection = direction
    let expectedX: Double = direction == .leftToRight ? 0 : 100
    #expect(scene.solve().primary.frame == rect(expectedX, 0, 900, 800))
  }

  @Test("R6: the view with the higher priority is the one that stays")
  func essentialViewStays() {
    let primary = pane(minimum: .absolute(300))
    let secondary = pane(minimum: .absolute(800), preferred: .absolute(900), priority: 1)
    let solution = splitScene(primary: primary, secondary: secondary).solve()
    #expect(!solution.primary.visible)
    #expect(solution.secondary.frame == rect(0, 0, 1000, 800))
  }

  @Test("R6: a pane left with zero length is hidden and the other takes the whole length")
  func zeroLengthHidden() {
    let primary = pane(preferred: .fractional(0), maximum: .absolute(0))
    let solution = splitScene(primary: primary, secondary: pane(maximum: .absolute(700))).solve()
    #expect(!solution.primary.visible)
    #expect(solution.secondary.frame == rect(0, 0, 700, 800))
    #expect(solution.splitAxis == nil)
  }

  @Test("R7: leftover length grows the first pane to its maximum, then the second")
  func leftoverGrowth() {
    let primary = pane(preferred: .absolute(200), maximum: .absolute(300))
    let secondary = pane(preferred: .absolute(300), maximum: .absolute(400))
    let solution = splitScene(primary: primary, secondary: secondary).solve()
    #expect(solution.primary.frame == rect(0, 0, 300, 800))
    // Anything left after both maxima stays empty, after the second pane.
    #expect(solution.secondary.frame == rect(300, 0, 400, 800))
  }

  @Test("R7: the higher-priority pane grows first")
  func leftoverGrowthByPriority() {
    let primary = pane(preferred: .absolute(200), maximum: .absolute(600))
    let secondary = pane(preferred: .absolute(300), maximum: .absolute(700), priority: 1)
    #expect(widths(primary, secondary) == (300, 700))
  }
}
