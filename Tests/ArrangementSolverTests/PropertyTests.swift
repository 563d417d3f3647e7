import ArrangementSolver
import Testing

/// SplitMix64: a small seeded generator, so a failing case can be replayed from its seed.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Random valid scenes: real-world sizes, at most one division region (so the
/// fold that applies is known), cameras, every sizing form.
struct SceneGenerator {
  var random: SeededGenerator

  mutating func dimension(_ length: Double) -> Dimension? {
    switch Int.random(in: 0..<5, using: &random) {
    case 0: return nil
    case 1: return .absolute(Double(Int.random(in: 0...Int(length * 1.2), using: &random)))
    case 2: return .fractional(Double.random(in: 0...1, using: &random))
    case 3: return .intrinsic
    default: return .absolute(Double.random(in: 0...length, using: &random))
    }
  }

  mutating func pane() -> PaneSettings {
    var pane = PaneSettings()
    pane.layoutPriority = Double(Int.random(in: -1...1, using: &random))
    pane.width = DimensionRange(minimum: dimension(600), preferred: dimension(1000), maximum: dimension(1200))
    pane.height = DimensionRange(minimum: dimension(600), preferred: dimension(1000), maximum: dimension(1200))
    if Bool.random(using: &random) {
      pane.idealSize = Size(
        width: Double.random(in: 0...900, using: &random), height: Double.random(in: 0...900, using: &random))
    }
    pane.fixedSize = FixedLayoutSize(booleanLiteral: Int.random(in: 0..<4, using: &random) == 0)
    pane.visible = Int.random(in: 0..<8, using: &random) != 0
    pane.overlayEdge = Bool.random(using: &random) ? .leading : .trailing
    pane.overlayVerticalEdge = Bool.random(using: &random) ? .top : .bottom
    return pane
  }

  mutating func scene() -> Scene {
    let width = Double(Int.random(in: 0...2200, using: &random)) + (Bool.random(using: &random) ? 0.5 : 0)
    let height = Double(Int.random(in: 0...1400, using: &random))
    let origin = Double(Int.random(in: -50...50, using: &random)) / 3
    var scene = Scene(container: Rect(x: origin, y: origin / 2, width: width, height: height))
    if Bool.random(using: &random) {
      scene.safeArea = EdgeInsets(
        top: Double(Int.random(in: 0...90, using: &random)), left: Double(Int.random(in: 0...90, using: &random)),
        bottom: Double(Int.random(in: 0...90, using: &random)), right: Double(Int.random(in: 0...90, using: &random)))
    }
    if Bool.random(using: &random) {
      scene.sizeClass = SizeClasses(
        horizontal: Bool.random(using: &random) ? .regular : .compact,
        vertical: Int.random(in: 0..<4, using: &random) == 0 ? .compact : .regular)
    }
    scene.layoutDirection = Bool.random(using: &random) ? .leftToRight : .rightToLeft
    scene.displayScale = [nil, 1, 2, 3].randomElement(using: &random)!
    scene.style = Int.random(in: 0..<3, using: &random) == 0 ? .overlay : .split
    scene.axes = [Axes.both, .horizontal, .vertical].randomElement(using: &random)!
    if Bool.random(using: &random) {
      let thickness = [0.0, 24, 27].randomElement(using: &random)!
      let vertical = Bool.random(using: &random)
      let position = Double.random(in: -30...Swift.max(0, vertical ? width : height) + 30, using: &random)
      let frame =
        vertical
        ? Rect(x: origin + position, y: origin / 2 - 10, width: thickness, height: height + 20)
        : Rect(x: origin - 10, y: origin / 2 + position, width: width + 20, height: thickness)
      scene.regions.append(
        ReservedRegion(id: 1, kind: .division, frame: frame, isActive: Int.random(in: 0..<4, using: &random) != 0))
    }
    if Bool.random(using: &random) {
      scene.regions.append(
        ReservedRegion(id: 2, kind: .occlusion, frame: Rect(x: origin + 20, y: 10, width: 30, height: 30)))
    }
    scene.primary = pane()
    scene.secondary = pane()
    return scene
  }

  /// R29's bad numbers, and numbers at the edges of what sanitising keeps.
  static let hostileValues: [Double] = [
    .nan, .infinity, -.infinity, -1, -0.0, 0, -1e308, 1e308, 0x1p52 + 0.5, .leastNonzeroMagnitude, 1e-300,
  ]

  /// `scene` with a few of its numbers, anywhere, replaced by hostile ones
  /// (a region with no width, a negative inset, a NaN bound, …).
  mutating func hostile(_ scene: Scene) -> Scene {
    var scene = scene
    func bad(_ value: inout Double) {
      value = Self.hostileValues.randomElement(using: &random)!
    }
    func badBound(_ dimension: inout Dimension?) {
      switch dimension {
      case .absolute(var points)?:
        bad(&points)
        dimension = .absolute(points)
      case .fractional(var fraction)?:
        bad(&fraction)
        dimension = .fractional(fraction)
      default: break
      }
    }
    for _ in 0..<Int.random(in: 1...3, using: &random) {
      switch Int.random(in: 0..<12, using: &random) {
      case 0: bad(&scene.container.x)
      case 1: bad(&scene.container.width)
      case 2: bad(&scene.container.height)
      case 3: bad(&scene.safeArea.left)
      case 4: bad(&scene.safeArea.bottom)
      case 5:
        var scale = 0.0
        bad(&scale)
        scene.displayScale = scale
      case 6 where !scene.regions.isEmpty:
        bad(&scene.regions[0].frame.x)
      case 7 where !scene.regions.isEmpty:
        if Bool.random(using: &random) {
          bad(&scene.regions[0].frame.width)
        } else {
          bad(&scene.regions[0].frame.height)
        }
      case 8 where !scene.regions.isEmpty:
        bad(&scene.regions[0].margins.left)
      case 9: bad(&scene.primary.layoutPriority)
      case 10: badBound(&scene.primary.width.preferred)
      default:
        badBound(&scene.secondary.height.minimum)
        badBound(&scene.secondary.width.maximum)
      }
    }
    return scene
  }
}

@Suite("Invariants over seeded random scenes (R1, R6, R8, R9, R16, R18, R21, R22, R29)")
struct PropertyTests {
  static let seed: UInt64 = 0x00D0_FACE
  static let count = 6000

  func resolvedMinimum(_ pane: PaneSettings, _ axis: Axis, _ length: Double) -> Double {
    switch pane.range(along: axis).minimum {
    case .absolute(let points)?: return points
    case .fractional(let fraction)?: return fraction * length
    case .intrinsic?: return pane.idealSize?.length(along: axis) ?? 0
    case nil: return 0
    }
  }

  @Test(
    "Every random scene solves to finite frames inside the layout area, without overlap or crossing the fold, deterministically"
  )
  func invariants() {
    var generator = SceneGenerator(random: SeededGenerator(seed: Self.seed))
    for index in 0..<Self.count {
      let scene = generator.scene()
      let solution = scene.solve()
      let violations = solution.invariantViolations(for: scene)
      #expect(violations.isEmpty, "seed \(Self.seed) case \(index): \(violations): \(scene)")
      // Same input, bit-identical output.
      #expect(bits(scene.solve()) == bits(solution), "seed \(Self.seed) case \(index): \(scene)")
    }
  }

  @Test("Random scenes with bad numbers in any field keep every invariant (R29)")
  func hostileInvariants() {
    var generator = SceneGenerator(random: SeededGenerator(seed: Self.seed &+ 2))
    for index in 0..<Self.count {
      let scene = generator.hostile(generator.scene())
      let violations = scene.solve().invariantViolations(for: scene)
      #expect(violations.isEmpty, "seed \(Self.seed &+ 2) case \(index): \(violations): \(scene)")
    }
  }

  @Test("Split panes tile on the pixel grid with no gap, and keep their minimums when both show")
  func tilingAndMinimums() {
    var generator = SceneGenerator(random: SeededGenerator(seed: Self.seed &+ 1))
    var checked = 0
    for index in 0..<Self.count {
      var scene = generator.scene()
      scene.style = .split
      let solution = scene.solve()
      guard let axis = solution.splitAxis, scene.applyingFold == nil else { continue }
      checked += 1
      let label = "seed \(Self.seed &+ 1) case \(index): \(scene)"
      let primary = solution.primary.frame
      let secondary = solution.secondary.frame
      let reversed = axis == .horizontal && scene.layoutDirection == .rightToLeft
      let boundary = reversed ? primary.start(along: axis) : primary.end(along: axis)
      let secondaryLead = reversed ? secondary.end(along: axis) : secondary.start(along: axis)
      #expect(abs(boundary - secondaryLead) <= Tolerance.points * max(1, abs(boundary)), "gap: \(label)")
      let length = scene.layoutArea.length(along: axis)
      let slack = scene.displayScale.map { 1 / $0 } ?? 0
      if let scale = scene.displayScale {
        let window = boundary + (axis == .horizontal ? scene.container.x : scene.container.y)
        let layoutEnd =
          scene.layoutArea.end(along: axis) + (axis == .horizontal ? scene.container.x : scene.container.y)
        let onGrid = abs((window * scale).rounded() - window * scale) <= 1e-6
        #expect(onGrid || abs(window - layoutEnd) <= 1e-9, "edge off the grid: \(label)")
      }
      #expect(
        primary.length(along: axis) >= min(resolvedMinimum(scene.primary, axis, length), length) - slack - 1e-6,
        "primary minimum: \(label)")
      #expect(
        secondary.length(along: axis) >= min(resolvedMinimum(scene.secondary, axis, length), length) - slack - 1e-6,
        "secondary minimum: \(label)")
    }
    #expect(checked > Self.count / 10)
  }

  private func bits(_ solution: Solution) -> [UInt64] {
    [solution.primary, solution.secondary].flatMap { pane in
      [pane.frame.x, pane.frame.y, pane.frame.width, pane.frame.height].map(\.bitPattern)
        + [UInt64(bitPattern: Int64(pane.zIndex)), pane.visible ? 1 : 0]
    } + [UInt64(solution.splitAxis?.rawValue ?? 9)]
  }
}
