import ArrangementSolver
import Testing

/// Random scenes that use the third generation's fields (R30–R35), hostile
/// values included, on top of ``SceneGenerator``'s.
struct ThirdGenerationGenerator {
  var base: SceneGenerator

  init(seed: UInt64) { base = SceneGenerator(random: SeededGenerator(seed: seed)) }

  mutating func chance(_ oneIn: Int) -> Bool { Int.random(in: 0..<oneIn, using: &base.random) == 0 }

  mutating func pick<T>(_ values: [T]) -> T { values.randomElement(using: &base.random)! }

  mutating func hostile() -> Double { pick(SceneGenerator.hostileValues) }

  mutating func spacing(_ length: Double) -> Double {
    switch Int.random(in: 0..<10, using: &base.random) {
    case 0: return 0
    case 1: return hostile()
    case 2: return pick([0.3, 0.75, 1.5, 1 / 3])
    case 3: return length.isFinite ? max(0, length + pick([-1, 0, 1, 0.5])) : 10  // around L
    case 4: return 1e308
    default: return Double(Int.random(in: 0...40, using: &base.random))
    }
  }

  mutating func dividerLength() -> DividerLength {
    switch Int.random(in: 0..<8, using: &base.random) {
    case 0: return .absolute(hostile())
    case 1: return .fractional(hostile())
    case 2: return .fractional(pick([0, 0.25, 0.5, 0.75, 1, 1.5, -0.25]))
    case 3, 4: return .fractional(Double.random(in: 0...1, using: &base.random))
    case 5: return .absolute(Double(Int.random(in: -50...2500, using: &base.random)))
    default: return .absolute(Double.random(in: 0...1400, using: &base.random))
    }
  }

  mutating func divider() -> Divider? {
    guard !chance(3) else { return nil }
    let count = pick([0, 0, 1, 2, 3, 8, 10])
    var anchors = (0..<count).map { _ in dividerLength() }
    // Ties: the same anchor twice.
    if count >= 2 && chance(3) { anchors[1] = anchors[0] }
    return Divider(
      position: dividerLength(), anchors: anchors, snap: !chance(3), snapToFolds: !chance(4))
  }

  /// Division regions anywhere around the container: active or not, without
  /// width, at the edges, crossing, with equal ids.
  mutating func regions(_ container: Rect) -> ReservedRegions {
    var regions = ReservedRegions()
    let x = container.x.isFinite ? container.x : 0
    let y = container.y.isFinite ? container.y : 0
    let width = container.width.isFinite ? min(max(container.width, 0), 5000) : 1000
    let height = container.height.isFinite ? min(max(container.height, 0), 5000) : 800
    for index in 0..<Int.random(in: 0...4, using: &base.random) {
      let thickness = pick([0.0, 0, 20, 24, 27, 0.5])
      let vertical = Bool.random(using: &base.random)
      let along = vertical ? width : height
      var position = pick([
        along / 2 - thickness / 2, Double.random(in: -30...along + 30, using: &base.random), 0, along - thickness,
        along, Double(Int.random(in: 0...Int(along), using: &base.random)),
      ])
      if chance(20) { position = hostile() }
      let spans = !chance(5)
      let frame =
        vertical
        ? Rect(x: x + position, y: spans ? y - 10 : y + 30, width: thickness, height: spans ? height + 20 : height / 2)
        : Rect(x: spans ? x - 10 : x + 30, y: y + position, width: spans ? width + 20 : width / 2, height: thickness)
      let id = chance(4) ? 1 : Int.random(in: 0...9, using: &base.random)
      regions.append(
        ReservedRegion(
          id: id, kind: chance(6) ? .occlusion : .division, frame: frame,
          margins: chance(4) ? EdgeInsets(top: 2, left: 3, bottom: 4, right: 5) : .zero,
          isActive: Bool.random(using: &base.random)))
      if index == 0 && chance(6) { regions[0].frame.width = hostile() }
    }
    return regions
  }

  mutating func fixed() -> FixedLayoutSize {
    FixedLayoutSize(horizontal: chance(3), vertical: chance(3))
  }

  mutating func scene() -> Scene {
    var scene = base.scene()
    if chance(4) { scene = base.hostile(scene) }
    if !chance(3) { scene.regions = regions(scene.container) }
    if chance(3) { scene.style = .split }
    let length = max(scene.container.width, scene.container.height)
    scene.spacing = spacing(scene.container.width.isFinite ? (chance(2) ? scene.container.width : length) : 0)
    scene.divider = divider()
    scene.foldPolicy = pick(FoldPolicy.allCases)
    scene.foldAxes = pick([Axes.both, .vertical, .horizontal, [], Axes.both])
    scene.secondary.adapt = pick([AdaptStrategy.hide, .reflow, .reflow, .levitate, .levitate])
    scene.primary.adapt = pick(AdaptStrategy.allCases)
    scene.primary.fixedSize = fixed()
    scene.secondary.fixedSize = fixed()
    scene.secondary.overlayEdge = pick([nil, .leading, .trailing])
    scene.secondary.overlayVerticalEdge = pick([nil, .top, .bottom])
    if chance(2) { scene.primary.overlayEdge = nil }
    if chance(2) { scene.primary.overlayVerticalEdge = nil }
    // Ties in priority, hostile priorities.
    if chance(3) { scene.secondary.layoutPriority = scene.primary.layoutPriority }
    if chance(10) { scene.secondary.layoutPriority = hostile() }
    // A minimum above the maximum.
    if chance(6) {
      scene.secondary.width.minimum = .absolute(800)
      scene.secondary.width.maximum = .absolute(200)
    }
    if chance(6) {
      scene.primary.height.minimum = .fractional(0.8)
      scene.primary.height.maximum = .fractional(0.3)
    }
    if chance(8) { scene.secondary.height.preferred = .absolute(hostile()) }
    if chance(5) { scene.secondary.visible = true }
    return scene
  }
}

@Suite("Every path answers scenes with the third generation's fields bit for bit as scene.solve() (R30–R35)")
struct ThirdGenerationPathTests {
  static let seed: UInt64 = 0x7_4E1D_0030

  /// The points along one axis where an answer may change: the neighbours of
  /// every length at which L − spacing crosses a bound, the divider's
  /// position reaches an anchor or the midpoint of two, a fold sits, the
  /// size class or the axis switches.
  static func breakpoints(_ scene: Scene, along axis: Axis) -> [Double] {
    let insets =
      axis == .horizontal
      ? max(0, scene.safeArea.left.finiteOrZero) + max(0, scene.safeArea.right.finiteOrZero)
      : max(0, scene.safeArea.top.finiteOrZero) + max(0, scene.safeArea.bottom.finiteOrZero)
    let spacing = scene.spacing.isFinite ? max(0, scene.spacing) : 0
    var shared: [Double] = [0, 1]  // lengths L' at which something happens
    var absolute: [Double] = []
    var fractions: [Double] = []
    for pane in [scene.primary, scene.secondary] {
      let range = pane.range(along: axis)
      for bound in [range.minimum, range.preferred, range.maximum] {
        switch bound {
        case .absolute(let points)?: absolute.append(points)
        case .fractional(let fraction)? where fraction > 0: fractions.append(fraction)
        default: break
        }
      }
      if let ideal = pane.idealSize { absolute.append(ideal.length(along: axis)) }
    }
    for value in absolute { shared += [value, 2 * value] }
    for fraction in fractions { for value in absolute where fraction > 0 { shared.append(value / fraction) } }
    if let divider = scene.divider {
      var positions: [(a: Double, f: Double)] = []
      func linear(_ length: DividerLength) -> (a: Double, f: Double) {
        switch length {
        case .absolute(let points): (points, 0)
        case .fractional(let fraction): (0, fraction)
        }
      }
      let position = linear(divider.position)
      for index in 0..<divider.anchorCount { positions.append(linear(divider.anchor(index))) }
      // Where position = anchor, and where the position is the midpoint of two anchors.
      for anchor in positions {
        if anchor.f != position.f { shared.append((position.a - anchor.a) / (anchor.f - position.f)) }
        shared.append(anchor.a)
        for other in positions {
          let f = (anchor.f + other.f) / 2 - position.f
          if f != 0 { shared.append((position.a - (anchor.a + other.a) / 2) / f) }
        }
      }
      shared.append(position.a)
    }
    for region in scene.regions {
      let frame = region.frame
      let start = axis == .horizontal ? frame.x - scene.container.x : frame.y - scene.container.y
      let end = start + (axis == .horizontal ? frame.width : frame.height)
      shared += [start - insets, end - insets, 2 * start, 2 * end]
    }
    var lengths: [Double] = [600, 599.5, scene.container.length(along: axis.cross)]
    for value in shared where value.isFinite && value >= 0 && value < 1e7 {
      lengths += [value + spacing + insets, value + insets]
    }
    var result: [Double] = []
    for length in lengths where length.isFinite {
      result += [length.nextDown, length, length.nextUp, length + 0.25]
    }
    return result
  }

  /// Sizes for one scene: its own, every breakpoint along each axis against
  /// the other side, a few random and hostile ones.
  static func sizes(_ scene: Scene, random: inout SeededGenerator) -> [Size] {
    let width = scene.container.width
    let height = scene.container.height
    var sizes = [Size(width: width, height: height)]
    sizes += breakpoints(scene, along: .horizontal).map { Size(width: $0, height: height) }
    sizes += breakpoints(scene, along: .vertical).map { Size(width: width, height: $0) }
    sizes += (0..<12).map { _ in
      Size(width: Double.random(in: 0...2400, using: &random), height: Double.random(in: 0...1600, using: &random))
    }
    sizes += [
      Size(width: .nan, height: 800), Size(width: 1000, height: .infinity), Size(width: -1, height: -0.0),
      Size(width: 1e300, height: 700), Size(width: .leastNonzeroMagnitude, height: 800),
    ]
    return sizes
  }

  func resized(_ scene: Scene, _ size: Size) -> Scene {
    var scene = scene
    scene.container.width = size.width
    scene.container.height = size.height
    return scene
  }

  /// Solves `scene` at each size through every path and expects the cold solve's answer.
  func expectPathsAgree(_ scene: Scene, _ sizes: [Size], _ label: String) -> Bool {
    let plan = ArrangementPlan(scene)
    let expected = sizes.map { thirdBits(resized(scene, $0).solve()) }
    var agree = true
    // The cold solve is a pure function.
    if thirdBits(scene.solve()) != thirdBits(scene.solve()) {
      Issue.record("not deterministic: \(label)")
      agree = false
    }
    for (index, size) in sizes.enumerated() {
      let planned = thirdBits(plan.solve(width: size.width, height: size.height))
      if planned != expected[index] {
        Issue.record("plan.solve(width:height:) at \(size): \(label)")
        agree = false
      }
      var inPlace = scene
      if thirdBits(inPlace.solve(resizingTo: size)) != expected[index] {
        Issue.record("solve(resizingTo:) at \(size): \(label)")
        agree = false
      }
      if !agree { return false }
    }
    // The batch of scenes.
    let scenes = sizes.map { resized(scene, $0) }
    var output = [Solution](
      repeating: Solution(primary: scene.solve().primary, secondary: scene.solve().secondary, splitAxis: nil),
      count: sizes.count)
    let written = scenes.withUnsafeBufferPointer { scenes in
      output.withUnsafeMutableBufferPointer { Scene.solve(scenes, into: $0) }
    }
    #expect(written == sizes.count)
    if output.map(thirdBits) != expected {
      let first = output.map(thirdBits).indices.first { thirdBits(output[$0]) != expected[$0] }!
      Issue.record("Scene.solve(_:into:) at \(sizes[first]): \(label)")
      return false
    }
    // The plan's batch of sizes.
    let count = sizes.withUnsafeBufferPointer { sizes in
      output.withUnsafeMutableBufferPointer { plan.solve(sizes: sizes, into: $0) }
    }
    #expect(count == sizes.count)
    if let first = output.indices.first(where: { thirdBits(output[$0]) != expected[$0] }) {
      Issue.record("plan.solve(sizes:into:) at \(sizes[first]): \(label)")
      return false
    }
    // The plan's columns: everything but the divider answer and the adaptation, which they do not carry.
    let storage = UnsafeMutableRawBufferPointer.allocate(
      byteCount: SolutionColumns.byteCount(for: sizes.count), alignment: 16)
    defer { storage.deallocate() }
    let columns = SolutionColumns(storage, count: sizes.count)
    let widths = sizes.map(\.width)
    let heights = sizes.map(\.height)
    let columnCount = widths.withUnsafeBufferPointer { widths in
      heights.withUnsafeBufferPointer { plan.solve(widths: widths, heights: $0, into: columns) }
    }
    #expect(columnCount == sizes.count)
    for index in sizes.indices {
      // The columns carry every field but the divider's answer (SolutionColumns).
      var wanted = resized(scene, sizes[index]).solve()
      wanted.divider = nil
      if thirdBits(columns[index]) != thirdBits(wanted) {
        Issue.record("plan.solve(widths:heights:into:) at \(sizes[index]): \(label)")
        return false
      }
    }
    return true
  }

  @Test("Random scenes with the new fields, hostile values included: every path at every breakpoint's neighbours")
  func everyPathAgrees() {
    var generator = ThirdGenerationGenerator(seed: Self.seed)
    var random = SeededGenerator(seed: Self.seed &+ 1)
    var failures = 0
    var dividers = 0
    var adapted = 0
    for index in 0..<400 {
      let scene = generator.scene()
      let sizes = Self.sizes(scene, random: &random)
      for size in sizes {
        let solution = resized(scene, size).solve()
        if solution.divider != nil { dividers += 1 }
        if solution.adapted != nil { adapted += 1 }
      }
      if !expectPathsAgree(scene, sizes, "seed \(Self.seed) case \(index): \(scene)") {
        failures += 1
        if failures >= 5 { return }
      }
    }
    // The generator reaches the new rules.
    #expect(dividers > 1000)
    #expect(adapted > 1000)
  }

  @Test("Scenes that show both panes with the new fields (no folds): every path, the kernel's fallbacks included")
  func kernelShapedScenesAgree() {
    var generator = ThirdGenerationGenerator(seed: Self.seed &+ 2)
    var random = SeededGenerator(seed: Self.seed &+ 3)
    var failures = 0
    for index in 0..<300 {
      var scene = generator.scene()
      scene.style = .split
      scene.secondary.visible = true
      if index % 2 == 0 { scene.regions = ReservedRegions() }
      if index % 3 == 0 { scene.displayScale = nil }
      if !expectPathsAgree(scene, Self.sizes(scene, random: &random), "seed \(Self.seed &+ 2) case \(index): \(scene)")
      {
        failures += 1
        if failures >= 5 { return }
      }
    }
  }

  @Test("R31: plan.moveDivider(to:snap:) answers as a scene with that divider, its anchors kept")
  func moveDividerAgrees() {
    var generator = ThirdGenerationGenerator(seed: Self.seed &+ 4)
    var random = SeededGenerator(seed: Self.seed &+ 5)
    var failures = 0
    for index in 0..<400 {
      let scene = generator.scene()
      var plan = ArrangementPlan(scene)
      for move in 0..<4 {
        let position = generator.dividerLength()
        let snap = Bool.random(using: &random)
        plan.moveDivider(to: position, snap: snap)
        var moved = scene
        moved.divider = Divider(
          position: position, anchors: scene.divider?.anchors ?? [], snap: snap,
          snapToFolds: scene.divider?.snapToFolds ?? true)
        let label = "seed \(Self.seed &+ 4) case \(index) move \(move) to \(position) snap \(snap): \(scene)"
        var sizes = Self.sizes(moved, random: &random)
        sizes.removeLast(max(0, sizes.count - 60))
        for size in sizes {
          let expected = thirdBits(resized(moved, size).solve())
          if thirdBits(plan.solve(width: size.width, height: size.height)) != expected {
            Issue.record("moveDivider at \(size): \(label)")
            failures += 1
            break
          }
        }
        var output = [Solution](repeating: scene.solve(), count: sizes.count)
        _ = sizes.withUnsafeBufferPointer { sizes in
          output.withUnsafeMutableBufferPointer { plan.solve(sizes: sizes, into: $0) }
        }
        if let first = output.indices.first(where: {
          thirdBits(output[$0]) != thirdBits(resized(moved, sizes[$0]).solve())
        }) {
          Issue.record("moveDivider, batch at \(sizes[first]): \(label)")
          failures += 1
        }
        if failures >= 5 { return }
      }
    }
  }

  @Test("R31: moveDivider on a plan compiled for the regime kernel (no divider before) leaves the kernel")
  func moveDividerFromKernelPlan() {
    let scene = splitScene(primary: pane(minimum: .absolute(250), preferred: .fractional(0.3)))
    var plan = ArrangementPlan(scene)
    plan.moveDivider(to: .absolute(400))
    var moved = scene
    moved.divider = Divider(position: .absolute(400))
    for width in stride(from: 0.0, through: 2000, by: 0.5) {
      let expected = resized(moved, Size(width: width, height: 800)).solve()
      #expect(thirdBits(plan.solve(width: width, height: 800)) == thirdBits(expected), "width \(width)")
    }
    #expect(plan.solve(width: 1000, height: 800).divider == DividerAnswer(position: 400, anchor: nil))
    plan.moveDivider(to: .fractional(0.5), snap: true)
    #expect(plan.solve(width: 1000, height: 800).divider == DividerAnswer(position: 500, anchor: nil))
  }

  @Test("Setting the new fields to values that mean their defaults changes nothing, on every path")
  func defaultsChangeNothing() {
    var generator = SceneGenerator(random: SeededGenerator(seed: Self.seed &+ 6))
    var random = SeededGenerator(seed: Self.seed &+ 7)
    var failures = 0
    for index in 0..<1500 {
      var scene = generator.scene()
      if index % 4 == 0 { scene = generator.hostile(scene) }
      let original = scene
      // Each of these means "as before" by R29–R35.
      scene.spacing = [0, -0.0, -3, .nan, -.infinity][index % 5]
      scene.foldAxes = [.horizontal, .vertical]
      scene.divider = nil
      scene.secondary.adapt = .hide
      scene.primary.adapt = AdaptStrategy.allCases[index % 3]  // read for the secondary only
      if scene.style == .overlay || !scene.secondary.visible {
        scene.secondary.adapt = AdaptStrategy.allCases[(index / 3) % 3]
      }
      if !scene.regions.contains(where: { $0.kind == .division && !$0.isActive }) && index % 2 == 0 {
        scene.foldPolicy = .alwaysAvoid
      }
      if !scene.regions.contains(where: { $0.kind == .division }) && index % 2 == 1 {
        scene.foldPolicy = .neverAvoid
      }
      // The secondary's edges count only where the primary sets none, and only in an overlay.
      if scene.style == .split || scene.primary.overlayEdge != nil {
        scene.secondary.overlayEdge = [nil, .leading, .trailing][index % 3]
      }
      if scene.style == .split || scene.primary.overlayVerticalEdge != nil {
        scene.secondary.overlayVerticalEdge = [nil, .top, .bottom][index % 3]
      }
      // fixedSize without an ideal size has no effect (§9).
      if scene.primary.idealSize == nil {
        scene.primary.fixedSize = FixedLayoutSize(horizontal: true, vertical: index % 2 == 0)
      }
      let label = "seed \(Self.seed &+ 6) case \(index): \(scene)"
      let sizes =
        [Size(width: original.container.width, height: original.container.height)]
        + (0..<6).map { _ in
          Size(width: Double.random(in: 0...2200, using: &random), height: Double.random(in: 0...1400, using: &random))
        }
      for size in sizes {
        let expected = thirdBits(resized(original, size).solve())
        if thirdBits(resized(scene, size).solve()) != expected {
          Issue.record("cold solve at \(size): \(label)")
          failures += 1
          break
        }
        if thirdBits(ArrangementPlan(scene).solve(width: size.width, height: size.height)) != expected {
          Issue.record("plan at \(size): \(label)")
          failures += 1
          break
        }
      }
      if failures >= 5 { return }
    }
  }
}

extension Double {
  var finiteOrZero: Double { isFinite ? self : 0 }
}
