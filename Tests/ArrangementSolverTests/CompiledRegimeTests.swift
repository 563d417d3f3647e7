import ArrangementSolver
import Testing

@Suite("Compiled regimes: a plan's pieces of the sizing rules answer as the general path does (R3–R7)")
struct CompiledRegimeTests {
  func bits(_ solution: Solution) -> [UInt64] { solutionBits(solution) }

  /// The sizes through the batch entry point into columns, read back as solutions.
  func solveColumns(_ plan: ArrangementPlan, widths: [Double], heights: [Double]) -> [Solution] {
    let storage = UnsafeMutableRawBufferPointer.allocate(
      byteCount: SolutionColumns.byteCount(for: widths.count), alignment: 16)
    defer { storage.deallocate() }
    let columns = SolutionColumns(storage, count: widths.count)
    let written = widths.withUnsafeBufferPointer { widths in
      heights.withUnsafeBufferPointer { plan.solve(widths: widths, heights: $0, into: columns) }
    }
    return (0..<written).map { columns[$0] }
  }

  /// The peers scene: primary 30 % in [250, 600], secondary at least 200, no insets.
  func peers() -> Scene {
    var scene = Scene(
      container: Rect(x: 0, y: 0, width: 320, height: 800),
      sizeClass: SizeClasses(horizontal: .regular, vertical: .regular))
    scene.primary.width = DimensionRange(minimum: .absolute(250), preferred: .fractional(0.3), maximum: .absolute(600))
    scene.secondary.width = DimensionRange(minimum: .absolute(200))
    return scene
  }

  @Test("R3–R7: the peers plan compiles three pieces, the primary at its minimum, its ratio, its maximum")
  func peersPieces() {
    let pieces = ArrangementPlan(peers()).regimePieces(along: .horizontal)
    #expect(pieces.count == 3)
    guard pieces.count == 3 else { return }
    // Below 450 the secondary's minimum does not fit beside 250 (R5); 0.3·L meets 250 at
    // 833.3… and 600 at 2000 (R3); the last piece runs to the table's end.
    let expected: [(Double, Double, Double, Double)] = [
      (450, 2500.0 / 3, 250, 0), (2500.0 / 3, 2000, 0, 0.3), (2000, 0x1p21, 600, 0),
    ]
    for (piece, (low, high, a, f)) in zip(pieces, expected) {
      // Each end a guard band away from the exact breakpoint: a few billionths of a point.
      #expect(piece.low > low && piece.low - low < 1e-6, "\(piece)")
      #expect(piece.high <= high && high - piece.high < 1e-6, "\(piece)")
      #expect(piece.a == a && piece.f == f)
    }
  }

  /// Sizes on both sides of every piece's ends (the compiled breakpoints), and inside.
  func probes(_ plan: ArrangementPlan, along axis: Axis) -> [Double] {
    var lengths: [Double] = []
    for piece in plan.regimePieces(along: axis) {
      for end in [piece.low, piece.high] {
        lengths += [end, end.nextUp, end.nextDown, end.nextUp.nextUp, end.nextDown.nextDown, end + 1e-7, end - 1e-7]
      }
      lengths.append((piece.low + min(piece.high, 5000)) / 2)
    }
    return lengths
  }

  @Test(
    "Random ranges, priorities and insets: every size beside a compiled breakpoint solves as the general path does",
    arguments: [nil, 3.0])
  func breakpointNeighbours(scale: Double?) {
    var random = SeededGenerator(seed: 0xC0DE)
    var compiledPlans = 0
    var probed = 0
    let dimensions: [Dimension?] = [
      nil, .absolute(0), .absolute(120), .absolute(250), .absolute(333.3), .fractional(0.25), .fractional(0.3),
      .fractional(0.5), .fractional(1),
    ]
    for index in 0..<600 {
      func pick() -> Dimension? { dimensions[Int(random.next() % UInt64(dimensions.count))] }
      var scene = Scene(
        container: Rect(x: 0.25, y: 0, width: 800, height: 600),
        safeArea: EdgeInsets(
          top: 0, left: Double(random.next() % 3) * 20, bottom: 0, right: Double(random.next() % 2) * 84),
        sizeClass: SizeClasses(horizontal: .regular, vertical: .regular),
        layoutDirection: random.next() % 2 == 0 ? .leftToRight : .rightToLeft, displayScale: scale)
      scene.primary.width = DimensionRange(minimum: pick(), preferred: pick(), maximum: pick())
      scene.secondary.width = DimensionRange(minimum: pick(), preferred: pick(), maximum: pick())
      scene.primary.layoutPriority = Double(random.next() % 3)
      scene.secondary.layoutPriority = Double(random.next() % 3)
      let plan = ArrangementPlan(scene)
      let lengths = probes(plan, along: .horizontal)
      if !lengths.isEmpty { compiledPlans += 1 }
      let insets = scene.safeArea.left + scene.safeArea.right
      let widths = lengths.map { $0 + insets } + [insets, .nan, -3, .infinity, 0x1p52, 1e300]
      let heights = [Double](repeating: 600, count: widths.count)
      let expected = widths.map { width in
        var resized = scene
        resized.container.width = width
        return bits(resized.solve())
      }
      for (width, expected) in zip(widths, expected) {
        #expect(bits(plan.solve(width: width, height: 600)) == expected, "case \(index), width \(width)")
      }
      // Pairs through the kernel: each width beside each of its neighbours.
      let columns = solveColumns(plan, widths: widths, heights: heights)
      #expect(columns.count == widths.count)
      for row in columns.indices {
        #expect(bits(columns[row]) == expected[row], "case \(index), width \(widths[row])")
      }
      probed += widths.count
    }
    // About 170 of these configurations have the regime at some width at all.
    #expect(compiledPlans > 150)
    #expect(probed > 6000)
  }

  @Test(
    "R3–R7: where the first pane takes what the other leaves, the plan sizes per size with the rules themselves, which answer wherever both panes show"
  )
  func leftoverFirst() {
    // Equal priorities: the primary (no preferred size) is sized first and gets L − 250.
    var scene = Scene(
      container: Rect(x: 0, y: 0, width: 450, height: 200),
      sizeClass: SizeClasses(horizontal: .regular, vertical: .regular))
    scene.primary.width = DimensionRange(minimum: .absolute(120), maximum: .fractional(0.5))
    scene.secondary.width = DimensionRange(minimum: .absolute(250), preferred: .absolute(250))
    let plan = ArrangementPlan(scene)
    #expect(!plan.readsCompiledRegimes)
    var answered = 0
    var grown = 0
    for width in stride(from: 300.0, through: 600, by: 0.5) {
      var resized = scene
      resized.container.width = width
      let general = resized.solve()
      guard let kernel = plan.regimeSolution(width: width, height: 200) else {
        // Declined only where the general path does not show both panes (R6).
        #expect(!(general.primary.visible && general.secondary.visible), "width \(width)")
        continue
      }
      answered += 1
      #expect(bits(kernel) == bits(general), "width \(width)")
      // R5 up to 500 (the primary's maximum, half the length), R7 growth of the secondary beyond.
      if width <= 500 { #expect(kernel.secondary.frame.width == 250) } else { grown += 1 }
    }
    // From 370 (the primary's minimum beside 250) to 600.
    #expect(answered == 461)
    #expect(grown == 200)
    // The peers plan reads its pieces.
    #expect(ArrangementPlan(peers()).readsCompiledRegimes)
  }

  @Test("A batch walks the pieces in any order: shuffled sizes, both axes, pieces left and re-entered (R3–R7, R17)")
  func unsortedBatch() {
    var scene = peers()
    scene.primary.height = DimensionRange(minimum: .absolute(100), preferred: .fractional(0.4), maximum: .absolute(500))
    scene.secondary.height = DimensionRange(minimum: .absolute(150))
    let plan = ArrangementPlan(scene)
    #expect(plan.readsCompiledRegimes && plan.regimePieces(along: .vertical).count == 2)
    var random = SeededGenerator(seed: 0x5A1D)
    var widths: [Double] = []
    var heights: [Double] = []
    for _ in 0..<3000 {
      // Landscape sizes split along x, portrait ones along y; some land in no piece.
      let long = 200 + Double(random.next() % 2400) + Double(random.next() % 4) * 0.25
      let short = 100 + Double(random.next() % 600)
      let landscape = random.next() % 2 == 0
      widths.append(landscape ? long : short)
      heights.append(landscape ? short : long)
    }
    let columns = solveColumns(plan, widths: widths, heights: heights)
    var vertical = 0
    for row in 0..<widths.count {
      var resized = scene
      resized.container.width = widths[row]
      resized.container.height = heights[row]
      let expected = resized.solve()
      if expected.splitAxis == .vertical { vertical += 1 }
      #expect(bits(columns[row]) == bits(expected), "width \(widths[row]), height \(heights[row])")
    }
    #expect(vertical > 1000)
  }

  @Test(
    "R19: a split across a fold whose axis is not allowed keeps the primary alone on its leading or top side",
    arguments: [LayoutDirection.leftToRight, .rightToLeft], [false, true])
  func loneBesideFold(direction: LayoutDirection, vertical: Bool) {
    // Book: a vertical fold splits x, only y allowed; tabletop: a horizontal fold splits y, only x allowed.
    var scene = Scene(
      container: Rect(x: 3.25, y: 1.5, width: 951, height: 669),
      safeArea: EdgeInsets(top: 12, left: 30, bottom: 9, right: 84), layoutDirection: direction, displayScale: 3)
    scene.axes = vertical ? .vertical : .horizontal
    scene.regions.append(
      ReservedRegion(
        id: 1, kind: .division,
        frame: vertical
          ? Rect(x: 466.75, y: 0, width: 24, height: 800) : Rect(x: 0, y: 324, width: 1200, height: 24)))
    let plan = ArrangementPlan(scene)
    #expect(plan.kernelName == "acrossFold")
    // Every size here has the fold dividing the area (wider than 30 + 463.5 + 24 + 84).
    let sizes = (0..<200).map { Size(width: 640 + Double($0) * 2.37, height: 380 + Double($0) * 1.61) }
    var answered = 0
    var expected: [Solution] = []
    for size in sizes {
      var resized = scene
      resized.container.width = size.width
      resized.container.height = size.height
      let solution = resized.solve()
      expected.append(solution)
      if let single = plan.regimeSolution(width: size.width, height: size.height) {
        answered += 1
        #expect(bits(single) == bits(solution), "\(size)")
        #expect(single.primary.visible && !single.secondary.visible && single.splitAxis == nil)
      }
      #expect(bits(plan.solve(width: size.width, height: size.height)) == bits(solution), "\(size)")
    }
    #expect(answered == sizes.count)
    // The primary holds the leading (or top) side, compact along the axis the fold splits (R20).
    let first = expected[0]
    let leading = direction == .leftToRight ? first.primary.frame.minX < 400 : first.primary.frame.minX > 400
    #expect(vertical ? leading : first.primary.frame.minY < 300)
    #expect((vertical ? first.primary.sizeClass.horizontal : first.primary.sizeClass.vertical) == .compact)
    let widths = sizes.map(\.width)
    let heights = sizes.map(\.height)
    let columns = solveColumns(plan, widths: widths, heights: heights)
    for row in 0..<sizes.count { #expect(bits(columns[row]) == bits(expected[row]), "\(sizes[row])") }
  }

  @Test(
    "R5: where the other's minimum does not fit, the first gives back length; the kernel's own check answers, pixel-snapped",
    arguments: [LayoutDirection.leftToRight, .rightToLeft])
  func shortageRegime(direction: LayoutDirection) {
    // The secondary is sized first (priority 1) and asks for 70 %; the primary needs 400.
    var scene = Scene(
      container: Rect(x: 0.5, y: 0, width: 951, height: 600),
      sizeClass: SizeClasses(horizontal: .regular, vertical: .regular), layoutDirection: direction, displayScale: 3)
    scene.primary.width.minimum = .absolute(400)
    scene.secondary.layoutPriority = 1
    scene.secondary.width.preferred = .fractional(0.7)
    let plan = ArrangementPlan(scene)
    // The rest beside `L − 400` is `L − (L − 400)`, which rounding may take off 400: not compiled.
    #expect(!plan.readsCompiledRegimes)
    var shortage = 0
    for step in 0..<600 {
      let width = 610 + Double(step) * 1.37
      var resized = scene
      resized.container.width = width
      let expected = resized.solve()
      let single = plan.regimeSolution(width: width, height: 600)
      #expect(single != nil, "width \(width)")
      if let single { #expect(bits(single) == bits(expected), "width \(width)") }
      if abs(expected.primary.frame.width - 400) < 0.5 && expected.secondary.frame.width < 0.7 * width - 1 {
        shortage += 1
      }
    }
    // Below 1333.3 points wide 30 % is under 400: the secondary gives back length (R5).
    #expect(shortage > 400)
  }

  @Test("Issue 37: every piece keeps both panes 4e-9 long, cut where one nears zero; each path agrees at the cut")
  func pieceEdgesProven() {
    // The primary takes 0.9999999·L: the secondary is 1e-7·L long, under 4e-9 below L = 0.04, so
    // the piece starts there; smaller sizes (the boundary near the area's end) take the general path.
    var scene = peers()
    scene.primary.width = DimensionRange(preferred: .fractional(0.999_999_9))
    scene.secondary.width = DimensionRange()
    var plan = ArrangementPlan(scene)
    let pieces = plan.regimePieces(along: .horizontal)
    #expect(!pieces.isEmpty)
    for piece in pieces {
      for length in [piece.low, piece.high] {
        let first = piece.a + piece.f * length
        #expect(first >= 4e-9 && (1 - piece.f) * length - piece.a >= 4e-9, "\(piece) at \(length)")
      }
      #expect(piece.high <= 0x1p21)
    }
    if let low = pieces.first?.low { #expect(low >= 0.039 && low < 0.041, "\(pieces)") }
    var widths: [Double] = []
    for width in [0.039, 0.04, 0.041, 0x1p21, 0x1p21 + 1, 12, 0.5, 4000] {
      widths += [width.nextDown, width, width.nextUp]
    }
    // Right to left, with a display scale, and insets at the compiled limit and beyond it.
    for variant in 0..<4 {
      var resized = scene
      if variant == 1 { resized.layoutDirection = .rightToLeft }
      if variant == 2 { resized.displayScale = 3 }
      if variant == 3 { resized.safeArea = EdgeInsets(left: 0x1p20, right: 0x1p20) }
      plan = ArrangementPlan(resized)
      let columns = solveColumns(plan, widths: widths, heights: widths.map { _ in 800 })
      for (index, width) in widths.enumerated() {
        resized.container.width = width
        let general = bits(resized.solve())
        #expect(bits(plan.solve(width: width, height: 800)) == general, "variant \(variant) width \(width)")
        #expect(bits(columns[index]) == general, "variant \(variant) width \(width) (columns)")
      }
    }
  }
}
