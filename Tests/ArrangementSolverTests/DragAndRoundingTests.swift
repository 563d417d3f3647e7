import ArrangementSolver
import Testing

@Suite("A divider drag and vector rounding give the general path's bits")
struct DragAndRoundingTests {
  @Test("R31: each position of a drag, under way and released, equals the scene with that divider, bit for bit")
  func dragMatchesScene() {
    var generator = SceneGenerator(random: SeededGenerator(seed: 0xD4A6))
    var random = SeededGenerator(seed: 0x1D4A)
    let gaps: [Double] = [0, 0, 8, 0.25, 700]
    for index in 0..<120 {
      var scene = generator.scene()
      scene.spacing = gaps[index % gaps.count]
      if index % 2 == 0 { scene.regions = [] }
      if index % 4 == 1 { scene.secondary.adapt = index % 8 == 1 ? .reflow : .levitate }
      let anchors: [DividerLength] = [
        .fractional(0.25), .absolute(320), .fractional(0.5), .absolute(-5), .fractional(2),
      ]
      scene.divider = Divider(
        position: .fractional(0.5), anchors: anchors.prefix(index % 6), snapToFolds: index % 3 != 0)
      let plan = ArrangementPlan(scene)
      let sizes = [
        Size(width: scene.container.width, height: scene.container.height),
        Size(width: Double.random(in: 0...2400, using: &random), height: Double.random(in: 0...1500, using: &random)),
      ]
      for size in sizes {
        var drag = plan.dividerDrag(width: size.width, height: size.height)
        var moved = plan
        var resized = scene
        resized.container.width = size.width
        resized.container.height = size.height
        var positions: [DividerLength] = (0..<24).map { .absolute(Double($0) * size.width / 20 - 30) }
        positions += [.fractional(0), .fractional(1), .fractional(0.3), .absolute(.nan), .fractional(-.infinity)]
        for (step, position) in positions.enumerated() {
          let snap = step % 5 == 4
          resized.divider!.position = position
          resized.divider!.snap = snap
          let expected = resized.solve()
          moved.moveDivider(to: position, snap: snap)
          let label = "case \(index), size \(size), position \(position), snap \(snap): \(resized)"
          // Bit for bit (a zero's sign included), the adaptation too.
          let answer = drag.move(to: position, snap: snap)
          #expect(solutionBits(answer) == solutionBits(expected) && answer == expected, "\(label)")
          #expect(moved.solve(width: size.width, height: size.height) == expected, "\(label)")
          if answer != expected { return }
        }
      }
    }
  }

  @Test("R9, R34: rounding four lanes at once equals rounding each, halves away from zero, signs kept")
  func vectorRoundingMatchesScalar() {
    let big: Double = 0x1p52
    var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994]
    values += [big, -big, big - 0.5, 2 * big + 2, 4503599627370495.5, 1e300, -1e300, .leastNonzeroMagnitude]
    values += [0.1, 2.675]
    var random = SeededGenerator(seed: 0x40D)
    values += (0..<4000).map { _ in Double.random(in: -5000...5000, using: &random) }
    for step in 0..<4000 {
      let half = Double(step - 2000) / 2
      values.append(step % 3 == 0 ? half : half + 1e-12)
    }
    while values.count % 4 != 0 { values.append(0.5) }
    for start in stride(from: 0, to: values.count, by: 4) {
      let lanes = SIMD4(values[start], values[start + 1], values[start + 2], values[start + 3])
      let rounded = PixelRounding.halfAwayFromZero(lanes)
      for lane in 0..<4 {
        let expected = PixelRounding.halfAwayFromZero(lanes[lane])
        #expect(rounded[lane].bitPattern == expected.bitPattern, "\(lanes[lane])")
      }
    }
  }

  @Test("R34: a batch of frames writes nothing into empty storage, and no more than it holds")
  func framesFitTheirStorage() {
    let from = Scene(container: Rect(x: 0, y: 0, width: 700, height: 800))
    let to = Scene(container: Rect(x: 10, y: 0, width: 1200, height: 800))
    let transition = Transition(from: from, to: to)
    let empty = UnsafeMutableBufferPointer<Solution>(start: nil, count: 0)
    #expect(transition.solutions(steps: 4, into: empty) == 0)
    var frames = [Solution](repeating: transition.to, count: 3)
    let written = frames.withUnsafeMutableBufferPointer { transition.solutions(steps: 4, into: $0) }
    #expect(written == 3)
    #expect(frames[0] == transition.from)
    #expect(frames[2] == transition.solution(at: 0.5))
    #expect(transition.solutions(steps: 0, into: empty) == 0)
  }

  @Test("R33, R3 (RULES.md §10 readings): a levitated fixedSize secondary takes its ideal size over a given maximum")
  func levitatedFixedSize() {
    var scene = Scene(container: Rect(x: 0, y: 0, width: 1000, height: 800))
    scene.axes = .vertical  // R17: the horizontal split is not allowed, so the secondary would hide
    scene.secondary.adapt = .levitate
    scene.secondary.idealSize = Size(width: 400, height: 300)
    scene.secondary.fixedSize = true
    scene.secondary.width = DimensionRange(maximum: .absolute(200))
    let solution = scene.solve()
    #expect(solution.adapted == .levitated)
    #expect(solution.primary.frame == Rect(x: 0, y: 0, width: 1000, height: 800))
    #expect(solution.secondary.frame == Rect(x: 300, y: 250, width: 400, height: 300))
    #expect(solution.secondary.zIndex == 1)
  }

  @Test("R30, R6 (RULES.md §9): spacing of the whole length keeps the primary alone when neither has a minimum")
  func spacingOfTheWholeLength() {
    var scene = Scene(container: Rect(x: 0, y: 0, width: 1000, height: 800))
    scene.spacing = 1000
    let solution = scene.solve()
    // Before the reading, both were hidden: neither had length after sizing over L' = 0.
    #expect(solution.primary.frame == Rect(x: 0, y: 0, width: 1000, height: 800) && !solution.secondary.visible)
    scene.secondary.width = DimensionRange(minimum: .absolute(50))
    let alone = scene.solve()
    #expect(alone.primary.frame == Rect(x: 0, y: 0, width: 1000, height: 800))
    #expect(!alone.secondary.visible)
  }

  @Test("R9, R29: one rounding for solves, levitate and transitions; a scaled value of 2^52 or more stays")
  func oneRoundingEverywhere() {
    // Before, the solve divided the overflowed 500 × 1e306 back (infinity), clamped it to the
    // area's end and hid the secondary; transitions already kept such an edge.
    var scene = splitScene()
    scene.displayScale = 1e306
    let solution = scene.solve()
    #expect(solution.primary.frame == rect(0, 0, 500, 800) && solution.secondary.frame == rect(500, 0, 500, 800))
    let sizes = [Size(width: 1000, height: 800), Size(width: 999.5, height: 800), Size(width: 700, height: 900)]
    #expect(ThirdGenerationPathTests().expectPathsAgree(scene, sizes, "scale 1e306"))
    var levitating = scene
    levitating.axes = .vertical
    levitating.secondary.adapt = .levitate
    #expect(levitating.solve().secondary.frame == rect(250, 200, 500, 400))
    let values: [Double] = [
      0, -0.0, 0.5, -0.5, 1.5, 2.5, 0.49999999999999994, 1 / 3, -2 / 3, 499.75, 1e15, -1e15, 0x1p52, 0x1p53 + 2,
      1e300, -1e300, .greatestFiniteMagnitude, .leastNonzeroMagnitude, 475.16666666666669,
    ]
    for scale in [1, 2, 3, 0.5, 7.25, 1e300, 1e306] as [Double] {
      for value in values {
        let one = PixelRounding.onGrid(value, scale: scale)
        let four = PixelRounding.onGrid(SIMD4(value, -value, value, 1), scale: scale)
        let minus = PixelRounding.onGrid(-value, scale: scale)
        #expect(four[0].bitPattern == one.bitPattern && four[1].bitPattern == minus.bitPattern, "\(value) at \(scale)")
        #expect(four[2].bitPattern == one.bitPattern, "\(value) at \(scale)")
        if (value * scale).magnitude >= 0x1p52 || !(value * scale).isFinite { #expect(one == value) }
      }
    }
  }
}
