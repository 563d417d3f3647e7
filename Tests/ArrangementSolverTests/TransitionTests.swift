import ArrangementSolver
import Testing

@Suite("Transitions between two scenes (R34)")
struct TransitionTests {
  /// 1000 × 800 at `(x, y)`, the primary `primaryWidth` wide (or equal halves).
  func scene(x: Double = 0, y: Double = 0, height: Double = 800, primaryWidth: Double? = nil) -> Scene {
    var scene = splitScene(width: 1000, height: height)
    scene.container.x = x
    scene.container.y = y
    if let primaryWidth { scene.primary = pane(preferred: .absolute(primaryWidth)) }
    return scene
  }

  /// `a + (b − a)·t`, as R34 computes every edge.
  func mix(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }

  @Test("R34: both ends are the scenes' own answers, bit for bit")
  func ends() {
    let from = scene()
    var to = scene(x: 10, primaryWidth: 300)
    to.divider = Divider(position: .absolute(320), anchors: [.absolute(300)], snap: true)
    let transition = Transition(from: from, to: to)
    #expect(thirdBits(transition.from) == thirdBits(from.solve()))
    #expect(thirdBits(transition.to) == thirdBits(to.solve()))
    #expect(thirdBits(transition.solution(at: 0)) == thirdBits(from.solve()))
    #expect(thirdBits(transition.solution(at: 1)) == thirdBits(to.solve()))
  }

  @Test(
    "R34: progress is clamped into 0…1; not a number is 0", arguments: [Double.nan, -1, -0.0, 2, .infinity, -.infinity])
  func clampedProgress(_ progress: Double) {
    let from = scene()
    let to = scene(primaryWidth: 300)
    let transition = Transition(from: from, to: to)
    let expected = progress > 0 ? to.solve() : from.solve()
    #expect(thirdBits(transition.solution(at: progress)) == thirdBits(expected))
  }

  @Test("R34: a pane shown in both moves each edge a + (b − a)·t")
  func interpolatedEdges() {
    let transition = Transition(from: scene(), to: scene(primaryWidth: 300))
    let half = transition.solution(at: 0.5)
    #expect(half.primary.frame == rect(0, 0, 400, 800))
    #expect(half.secondary.frame == rect(400, 0, 600, 800))
    #expect(half.splitAxis == .horizontal)
    let t = 0.3
    let other = transition.solution(at: t)
    #expect(other.primary.frame.width.bitPattern == mix(500, 300, t).bitPattern)
    #expect(other.secondary.frame.x.bitPattern == mix(500, 300, t).bitPattern)
    #expect(other.secondary.frame.width.bitPattern == (1000 - mix(500, 300, t)).bitPattern)
  }

  @Test("R34: edges move in window coordinates; frames are relative to the container's origin, itself interpolated")
  func movingContainers() {
    let from = scene()
    let to = scene(x: 100, y: 40, height: 700, primaryWidth: 300)
    let t = 0.25
    let solution = Transition(from: from, to: to).solution(at: t)
    let originX = mix(0, 100, t)
    let originY = mix(0, 40, t)
    // Window edges: primary x 0…500 → 100…400, y 0…800 → 40…740.
    let primaryMaxX = mix(500, 400, t)
    let minY = mix(0, 40, t)
    let maxY = mix(800, 740, t)
    #expect(solution.primary.frame.x == mix(0, 100, t) - originX)
    #expect(solution.primary.frame.y == minY - originY)
    #expect(solution.primary.frame.width == primaryMaxX - mix(0, 100, t))
    #expect(solution.primary.frame.height == maxY - minY)
    let secondaryMinX = mix(500, 400, t)
    let secondaryMaxX = mix(1000, 1100, t)
    #expect(solution.secondary.frame.x == secondaryMinX - originX)
    #expect(solution.secondary.frame.width == secondaryMaxX - secondaryMinX)
    #expect(solution.primary.frame == rect(0, 0, 450, 775))
    #expect(solution.secondary.frame == rect(450, 0, 550, 775))
  }

  @Test("R34: a pane that appears grows from its outer edge along to's split axis, with to's classes")
  func appearingPane() {
    var from = scene()
    from.secondary.visible = false
    let transition = Transition(from: from, to: scene())
    let half = transition.solution(at: 0.5)
    #expect(half.primary.frame == rect(0, 0, 750, 800))
    #expect(half.secondary.visible)
    #expect(half.secondary.frame == rect(750, 0, 250, 800))
    #expect(half.secondary.sizeClass == compactWide)
    #expect(half.splitAxis == .horizontal)
    // Right to left the outer edge of the secondary is the left one.
    from.layoutDirection = .rightToLeft
    var to = scene()
    to.layoutDirection = .rightToLeft
    let mirrored = Transition(from: from, to: to).solution(at: 0.5)
    #expect(mirrored.secondary.frame == rect(0, 0, 250, 800))
    #expect(mirrored.primary.frame == rect(250, 0, 750, 800))
  }

  @Test("R34: a pane that appears in a vertical split grows from the bottom")
  func appearingPaneVertical() {
    var from = splitScene(width: 600, height: 1000)
    from.secondary.visible = false
    let half = Transition(from: from, to: splitScene(width: 600, height: 1000)).solution(at: 0.5)
    #expect(half.secondary.frame == rect(0, 750, 600, 250))
    #expect(half.primary.frame == rect(0, 0, 600, 750))
  }

  @Test("R34: a pane that disappears shrinks onto its outer edge and stays visible with from's classes until 1")
  func disappearingPane() {
    var to = scene()
    to.secondary.visible = false
    let transition = Transition(from: scene(), to: to)
    let half = transition.solution(at: 0.5)
    #expect(half.secondary.visible)
    #expect(half.secondary.frame == rect(750, 0, 250, 800))
    #expect(half.secondary.sizeClass == compactWide)
    #expect(half.primary.frame == rect(0, 0, 750, 800))
    #expect(half.primary.sizeClass == regular)
    #expect(half.splitAxis == nil)
    let almost = transition.solution(at: 0.999)
    #expect(almost.secondary.visible)
    let end = transition.solution(at: 1)
    #expect(!end.secondary.visible)
    #expect(end.secondary.frame == .zero)
  }

  @Test("R34: one pane appears while the other disappears; without a split axis both collapse to the centre")
  func appearAndDisappear() {
    // From: R6 hides the primary (the secondary has the higher priority); to: the secondary is not visible.
    var from = scene()
    from.primary = pane(minimum: .absolute(1200))
    from.secondary = pane(priority: 1)
    var to = scene()
    to.secondary.visible = false
    let fromSolution = from.solve()
    #expect(!fromSolution.primary.visible)
    #expect(fromSolution.secondary.frame == rect(0, 0, 1000, 800))
    let half = Transition(from: from, to: to).solution(at: 0.5)
    #expect(half.primary.visible)
    #expect(half.primary.frame == rect(250, 200, 500, 400))
    #expect(half.secondary.visible)
    #expect(half.secondary.frame == rect(250, 200, 500, 400))
    #expect(half.secondary.sizeClass == regular)
    #expect(half.splitAxis == nil)
  }

  @Test("R34, R33: a levitated secondary appears from its centre point, in front during the move")
  func levitatedAppearsFromCentre() {
    var from = scene()
    from.axes = .vertical
    var to = from
    to.secondary.adapt = .levitate
    to.secondary.width = DimensionRange(preferred: .absolute(400))
    #expect(to.solve().secondary.frame == rect(300, 200, 400, 400))
    let t = 0.5
    let half = Transition(from: from, to: to).solution(at: t)
    #expect(half.secondary.frame == rect(400, 300, 200, 200))
    #expect(half.secondary.zIndex == 1)
    #expect(half.adapted == .levitated)
    #expect(half.primary.frame == rect(0, 0, 1000, 800))
  }

  @Test("R34: the centre point is computed in window coordinates, in binary64")
  func centreInWindowCoordinates() {
    var from = scene(x: 0.1)
    from.secondary.visible = false
    var to = scene(x: 0.1)
    to.axes = .vertical
    to.secondary.adapt = .levitate
    to.secondary.width = DimensionRange(preferred: .absolute(333.3))
    let target = to.solve().secondary.frame
    let minX = target.x + 0.1
    let maxX = minX + target.width
    let centre = (minX + maxX) / 2
    let t = 0.375
    let solution = Transition(from: from, to: to).solution(at: t)
    let low = mix(centre, minX, t)
    let high = mix(centre, maxX, t)
    #expect(solution.secondary.frame.x.bitPattern == (low - 0.1).bitPattern)
    #expect(solution.secondary.frame.width.bitPattern == (high - low).bitPattern)
  }

  @Test("R34, R9: with to's display scale every edge rounds, halves away from zero; from's scale plays no part")
  func rounding() {
    var from = scene()
    var to = scene(primaryWidth: 300)
    to.displayScale = 1
    let t = 0.3333
    var solution = Transition(from: from, to: to).solution(at: t)
    #expect(solution.primary.frame.width == pixelRounded(mix(500, 300, t), scale: 1))
    #expect(solution.primary.frame.width == 433)
    from.displayScale = 2
    to.displayScale = nil
    solution = Transition(from: from, to: to).solution(at: t)
    #expect(solution.primary.frame.width == mix(500, 300, t))
    // Negative window coordinates: −499.5 rounds to −500.
    let left = scene(x: -1000, primaryWidth: 500)
    var right = scene(x: -1000, primaryWidth: 502)
    right.displayScale = 1
    solution = Transition(from: left, to: right).solution(at: 0.25)
    #expect(mix(-500, -498, 0.25) == -499.5)
    #expect(solution.primary.frame.width == 500)
    // Positive halves round up.
    let up = Transition(from: scene(primaryWidth: 500), to: right.moved(x: 0)).solution(at: 0.25)
    #expect(up.primary.frame.width == 501)
  }

  @Test("R34: zIndex is the larger of the two during the move, to's at 1")
  func zIndexLarger() {
    var overlay = scene()
    overlay.style = .overlay
    let transition = Transition(from: overlay, to: scene())
    #expect(transition.from.primary.zIndex == 1)
    let half = transition.solution(at: 0.5)
    #expect(half.primary.zIndex == 1)
    #expect(half.primary.sizeClass == compactWide)
    #expect(half.splitAxis == .horizontal)
    #expect(transition.solution(at: 1).primary.zIndex == 0)
    let back = Transition(from: scene(), to: overlay)
    #expect(back.solution(at: 0.5).primary.zIndex == 1)
    #expect(back.solution(at: 0.5).splitAxis == nil)
  }

  @Test("R34: for t > 0 the divider and adaptation are to's")
  func discreteFieldsAreTo() {
    let from = scene()
    var to = scene()
    to.divider = Divider(position: .absolute(300))
    let half = Transition(from: from, to: to).solution(at: 0.5)
    #expect(half.divider == DividerAnswer(position: 300, anchor: nil))
    let back = Transition(from: to, to: from).solution(at: 0.5)
    #expect(back.divider == nil)
    var reflowed = scene()
    reflowed.axes = .vertical
    reflowed.secondary.adapt = .reflow
    let turning = Transition(from: from, to: reflowed).solution(at: 0.01)
    #expect(turning.adapted == .reflowed)
    #expect(turning.splitAxis == .vertical)
  }

  @Test("R34: a pane hidden at both ends stays hidden with a zero frame")
  func hiddenBoth() {
    var from = scene()
    from.secondary.visible = false
    var to = scene(x: 50, primaryWidth: 200)
    to.secondary.visible = false
    let half = Transition(from: from, to: to).solution(at: 0.5)
    #expect(!half.secondary.visible)
    #expect(half.secondary.frame == .zero)
    #expect(half.secondary.zIndex == 0)
  }

  @Test("R34: steps write the N + 1 answers at k/N, each equal to solution(at: k/N)", arguments: [1, 2, 7, 60, 1024])
  func steps(_ steps: Int) {
    var from = scene(x: 3, y: -7, primaryWidth: 123.4)
    from.displayScale = 3
    var to = scene(x: -20, y: 11, height: 640)
    to.secondary.visible = false
    to.displayScale = 2
    let transition = Transition(from: from, to: to)
    var output = [Solution](repeating: transition.from, count: steps + 1)
    let written = output.withUnsafeMutableBufferPointer { transition.solutions(steps: steps, into: $0) }
    #expect(written == steps + 1)
    for k in 0...steps {
      #expect(thirdBits(output[k]) == thirdBits(transition.solution(at: Double(k) / Double(steps))), "k \(k)")
    }
    #expect(thirdBits(output[0]) == thirdBits(from.solve()))
    #expect(thirdBits(output[steps]) == thirdBits(to.solve()))
  }

  @Test("R34: steps write no more than the output holds, and nothing for fewer than one step")
  func stepsBounds() {
    let transition = Transition(from: scene(), to: scene(primaryWidth: 300))
    var output = [Solution](repeating: transition.from, count: 4)
    #expect(output.withUnsafeMutableBufferPointer { transition.solutions(steps: 10, into: $0) } == 4)
    #expect(thirdBits(output[3]) == thirdBits(transition.solution(at: 0.3)))
    #expect(output.withUnsafeMutableBufferPointer { transition.solutions(steps: 0, into: $0) } == 0)
    #expect(output.withUnsafeMutableBufferPointer { transition.solutions(steps: -3, into: $0) } == 0)
  }

  @Test("R34, R29: hostile containers give finite frames at every step")
  func hostile() {
    var from = scene(x: .nan, y: .infinity)
    from.container.width = .nan
    var to = scene(x: -1e308, y: 1e308, primaryWidth: 300)
    to.displayScale = -.infinity
    let transition = Transition(from: from, to: to)
    for k in 0...16 {
      let solution = transition.solution(at: Double(k) / 16)
      for pane in [solution.primary, solution.secondary] {
        #expect(
          pane.frame.x.isFinite && pane.frame.y.isFinite && pane.frame.width.isFinite && pane.frame.height.isFinite)
        #expect(pane.frame.width >= 0 && pane.frame.height >= 0)
      }
    }
  }
}

extension Scene {
  /// This scene with its container at x.
  func moved(x: Double) -> Scene {
    var scene = self
    scene.container.x = x
    return scene
  }
}
