import ArrangementSolver
import Testing

@Suite("Plans and the batch entry point agree with the cold solve, bit for bit")
struct PlanTests {
  func bits(_ pane: PaneLayout) -> [UInt64] {
    let frame = pane.frame
    var result: [UInt64] = [frame.x.bitPattern, frame.y.bitPattern, frame.width.bitPattern, frame.height.bitPattern]
    result.append(UInt64(bitPattern: Int64(pane.zIndex)))
    result.append(pane.visible ? 1 : 0)
    result.append(UInt64(pane.sizeClass.horizontal.rawValue) << 8 | UInt64(pane.sizeClass.vertical.rawValue))
    return result
  }

  func bits(_ solution: Solution) -> [UInt64] {
    bits(solution.primary) + bits(solution.secondary) + [UInt64(solution.splitAxis?.rawValue ?? 9)]
  }

  @Test("A plan solved for a scene's size, and a batch of sizes, match scene.solve() exactly")
  func planMatchesSolve() {
    var generator = SceneGenerator(random: SeededGenerator(seed: 0x91A7))
    var sizes: [Size] = []
    var expected: [[UInt64]] = []
    for index in 0..<4000 {
      let scene = generator.scene()
      let plan = ArrangementPlan(scene)
      let label = "seed 0x91A7 case \(index): \(scene)"
      #expect(
        bits(plan.solve(width: scene.container.width, height: scene.container.height)) == bits(scene.solve()),
        "\(label)")
      // One configuration, many sizes: a resize sweep through the batch entry point.
      sizes = (0..<8).map {
        Size(width: scene.container.width + Double($0 * 37), height: scene.container.height + Double($0 * 11))
      }
      expected = sizes.map { size in
        var resized = scene
        resized.container.width = size.width
        resized.container.height = size.height
        return bits(resized.solve())
      }
      var output = [Solution](repeating: scene.solve(), count: sizes.count)
      let written = sizes.withUnsafeBufferPointer { sizes in
        output.withUnsafeMutableBufferPointer { plan.solve(sizes: sizes, into: $0) }
      }
      #expect(written == sizes.count)
      #expect(output.map(bits) == expected, "\(label)")
    }
  }

  @Test("Solving in place while resizing matches setting the size and solving, hostile sizes included (R1, R29)")
  func resizingInPlaceMatchesSolve() {
    var generator = SceneGenerator(random: SeededGenerator(seed: 0x5E1F))
    let hostile: [Double] = [.nan, -.infinity, .infinity, -3, -0.0, 0, 0x1p60, 1e300, 0.5, 319.999999999]
    for index in 0..<2000 {
      var scene = generator.scene()
      let label = "seed 0x5E1F case \(index): \(scene)"
      let width = index % 3 == 0 ? hostile[index / 3 % hostile.count] : scene.container.width + Double(index % 97)
      let height = index % 5 == 0 ? hostile[index / 5 % hostile.count] : scene.container.height - Double(index % 89)
      var expected = scene
      expected.container.width = width
      expected.container.height = height
      let solution = scene.solve(resizingTo: Size(width: width, height: height))
      #expect(bits(solution) == bits(expected.solve()), "\(label)")
      // The scene keeps the size it was solved for, bit for bit (NaN included).
      #expect(scene.container.width.bitPattern == width.bitPattern, "\(label)")
      #expect(scene.container.height.bitPattern == height.bitPattern, "\(label)")
      #expect(bits(scene.solve()) == bits(solution), "\(label)")
    }
  }

  @Test("The batch entry point writes no more than its output holds")
  func batchBounds() {
    let plan = ArrangementPlan(bookScene())
    let sizes = [Size(width: 950, height: 760), Size(width: 900, height: 700), Size(width: 800, height: 600)]
    var output = [Solution](repeating: bookScene().solve(), count: 2)
    let written = sizes.withUnsafeBufferPointer { sizes in
      output.withUnsafeMutableBufferPointer { plan.solve(sizes: sizes, into: $0) }
    }
    #expect(written == 2)
  }

  /// Sizes that probe the kernel's regime edges: a dense sweep, the neighbours of every
  /// width at which a bound, the class threshold or the axis switches, and hostile numbers.
  func probeSizes(_ scene: Scene, random: inout SeededGenerator) -> [Size] {
    var widths: [Double] = stride(from: 0.0, through: 2300, by: 11.75).map { $0 }
    let insets = scene.safeArea.left + scene.safeArea.right
    var edges: [Double] = [600, scene.container.height, 2 * insets, 0]
    for pane in [scene.primary, scene.secondary] {
      for range in [pane.width, pane.height] {
        for bound in [range.minimum, range.preferred, range.maximum] {
          switch bound {
          case .absolute(let points)?: edges += [points, 2 * points, points + 200, points * 1.5]
          case .fractional(let fraction)? where fraction > 0: edges += [250 / fraction, 600 / fraction]
          default: break
          }
        }
      }
    }
    for edge in edges where edge.isFinite {
      for shift in [0, insets] { widths += [(edge + shift).nextDown, edge + shift, (edge + shift).nextUp] }
    }
    widths += [.nan, .infinity, -.infinity, -1, -0.0, 1e300, .leastNonzeroMagnitude]
    widths += (0..<64).map { _ in Double.random(in: 0...2400, using: &random) }
    let height = scene.container.height
    var sizes = widths.map { Size(width: $0, height: height) }
    // Some pairs straddle the axis switch and the height's own thresholds.
    sizes += widths.prefix(40).map { Size(width: $0, height: Double.random(in: 0...1500, using: &random)) }
    return sizes
  }

  @Test(
    "A plan per size and both batch entry points (solutions, columns: four sizes per SIMD step) match scene.solve() exactly"
  )
  func batchesMatchSolve() {
    var generator = SceneGenerator(random: SeededGenerator(seed: 0xC01D))
    var random = SeededGenerator(seed: 0xB0B)
    var kernelPlans = 0
    var regimeAnswers = 0
    for index in 0..<300 {
      var scene = generator.scene()
      // Two of three scenes fit the regime kernel (a split with no folds, showing the
      // secondary); their direction and display scale stay as generated, or no scale.
      if index % 3 != 0 {
        scene.regions = []
        scene.style = .split
        scene.secondary.visible = true
        if index % 3 == 1 { scene.displayScale = nil }
      }
      let kernelPlan = scene.regions.isEmpty && scene.style == .split && scene.secondary.visible
      if kernelPlan { kernelPlans += 1 }
      let sizes = probeSizes(scene, random: &random)
      guard let answers = expectBatchesMatch(scene, sizes, "seed 0xC01D case \(index): \(scene)") else { return }
      // Both panes shown side by side: the answers the SIMD kernel gives for a kernel plan.
      if kernelPlan { regimeAnswers += answers.filter { $0.splitAxis != nil }.count }
    }
    #expect(kernelPlans >= 180)
    #expect(regimeAnswers >= 10_000)
  }

  @Test("R30: a plan with a gap between its panes answers on the kernel, bit for bit with scene.solve()")
  func spacedPlansMatchSolve() {
    var generator = SceneGenerator(random: SeededGenerator(seed: 0x6A9))
    var random = SeededGenerator(seed: 0x5BAC)
    let gaps: [Double] = [0.5, 8, 12.25, 1 / 3, 400, 3000]
    var kernelAnswers = 0
    for index in 0..<150 {
      var scene = generator.scene()
      scene.spacing = gaps[index % gaps.count]
      if index % 3 != 0 {
        scene.regions = []
        scene.style = .split
        scene.secondary.visible = true
        if index % 3 == 1 { scene.displayScale = nil }
      }
      var sizes = probeSizes(scene, random: &random)
      // Where the shared length L − spacing crosses each probe edge.
      sizes += sizes.prefix(120).map { Size(width: $0.width + scene.spacing, height: $0.height) }
      let plan = ArrangementPlan(scene)
      if scene.regions.isEmpty && scene.style == .split { #expect(plan.kernelName != "general") }
      for size in sizes.prefix(200) where plan.regimeSolution(width: size.width, height: size.height) != nil {
        kernelAnswers += 1
      }
      guard expectBatchesMatch(scene, sizes, "seed 0x6A9 case \(index): \(scene)") != nil else { return }
    }
    #expect(kernelAnswers >= 2_000)
  }

  @Test("The columns store every field of a solution and give it back unchanged")
  func columnsRoundTrip() {
    let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: SolutionColumns.byteCount(for: 3), alignment: 16)
    defer { storage.deallocate() }
    let columns = SolutionColumns(storage, count: 3)
    var overlay = bookScene()
    overlay.style = .overlay
    overlay.regions = []
    let solutions = [bookScene().solve(), overlay.solve(), splitScene(width: 400, height: 900).solve()]
    for (index, solution) in solutions.enumerated() { columns[index] = solution }
    for (index, solution) in solutions.enumerated() { #expect(columns[index] == solution) }
  }

  /// Every path of a plan (per size, the solutions batch, the columns batch) against
  /// `scene.solve()` for every size of `sizes`; the scene's answers when all agree, else nil.
  @discardableResult
  func expectBatchesMatch(_ scene: Scene, _ sizes: [Size], _ comment: Comment) -> [Solution]? {
    let plan = ArrangementPlan(scene)
    var output = [Solution](repeating: scene.solve(), count: sizes.count)
    let writtenSolutions = sizes.withUnsafeBufferPointer { sizes in
      output.withUnsafeMutableBufferPointer { plan.solve(sizes: sizes, into: $0) }
    }
    let storage = UnsafeMutableRawBufferPointer.allocate(
      byteCount: SolutionColumns.byteCount(for: sizes.count), alignment: 16)
    defer { storage.deallocate() }
    let columns = SolutionColumns(storage, count: sizes.count)
    let (widths, heights) = (sizes.map(\.width), sizes.map(\.height))
    let writtenColumns = widths.withUnsafeBufferPointer { widths in
      heights.withUnsafeBufferPointer { plan.solve(widths: widths, heights: $0, into: columns) }
    }
    #expect(writtenSolutions == sizes.count && writtenColumns == sizes.count, comment)
    var answers: [Solution] = []
    for (index, size) in sizes.enumerated() {
      var resized = scene
      resized.container.width = size.width
      resized.container.height = size.height
      let answer = resized.solve()
      let expected = bits(answer)
      let single = bits(plan.solve(width: size.width, height: size.height))
      #expect(single == expected, "\(comment), size \(size)")
      #expect(bits(output[index]) == expected, "\(comment), size \(size)")
      #expect(bits(columns[index]) == expected, "\(comment), size \(size)")
      // The first disagreement is enough to read; the rest would repeat it.
      if single != expected || bits(output[index]) != expected || bits(columns[index]) != expected { return nil }
      answers.append(answer)
    }
    return answers
  }

  @Test(
    "R8: an edge within 1e-9 of the area's end snaps to it on every path (a pane of 1e-10 is hidden)",
    arguments: [LayoutDirection.leftToRight, .rightToLeft], [nil, 2.0])
  func batchEdgeSnapping(direction: LayoutDirection, scale: Double?) {
    // The primary asks for all but 1e-10 of a 1000-point area: its trailing edge snaps to the end,
    // which leaves the secondary no length (R6, R8).
    var scene = Scene(
      container: rect(0, 0, 1000, 700), sizeClass: SizeClasses(horizontal: .regular, vertical: .regular),
      layoutDirection: direction, displayScale: scale)
    scene.primary.width = DimensionRange(preferred: .absolute(1000 - 1e-10))
    let sizes = [999.0, 1000, 1000, 1001, 1000 + 1e-10, 1000 - 1e-10].map { Size(width: $0, height: 700) }
    expectBatchesMatch(scene, sizes, "primary 1e-10 short of the end, \(direction), scale \(String(describing: scale))")
    let solution = scene.solve()
    #expect(solution.primary.frame.width == 1000 && !solution.secondary.visible)
    // The secondary sized first leaves the primary 1e-10: the boundary is within 1e-9 of the end.
    scene.primary.width = DimensionRange()
    scene.secondary.width = DimensionRange(preferred: .absolute(1000 - 1e-10))
    scene.secondary.layoutPriority = 1
    expectBatchesMatch(
      scene, sizes, "secondary first, primary 1e-10 long, \(direction), scale \(String(describing: scale))")
  }

  @Test(
    "The regime kernel answers, equal to the general path, for a plain split in either direction and at any scale",
    arguments: [LayoutDirection.leftToRight, .rightToLeft], [nil, 1.0, 2.0, 3.0])
  func kernelTakesTheRegime(direction: LayoutDirection, scale: Double?) {
    var scene = Scene(
      container: rect(0, 0, 320, 800), sizeClass: SizeClasses(horizontal: .regular, vertical: .regular),
      primary: pane(minimum: .absolute(250), preferred: .fractional(0.3), maximum: .absolute(600)),
      secondary: pane(minimum: .absolute(200)))
    scene.layoutDirection = direction
    scene.displayScale = scale
    scene.container.x = 7.3  // the pixel grid is in window coordinates (R9)
    let plan = ArrangementPlan(scene)
    var answered = 0
    for step in 0..<400 {
      let width = 320 + Double(step) * 4.33
      var resized = scene
      resized.container.width = width
      let expected = bits(resized.solve())
      if let single = plan.regimeSolution(width: width, height: 800) {
        answered += 1
        #expect(bits(single) == expected, "width \(width)")
      }
      if let pair = plan.regimeSolutions(widths: SIMD2(width, width), heights: SIMD2(800, 800)) {
        #expect(bits(pair.0) == expected && bits(pair.1) == expected, "width \(width)")
      }
    }
    // Every width here is in the regime: split along the longer side, both panes shown.
    #expect(answered == 400)
  }

  @Test(
    "A plan chooses its kernel once, from the configuration: split, scale, active folds, hidden secondary (R16, R19)")
  func kernelChoice() {
    let split = splitScene(width: 900)
    var snapped = split
    snapped.displayScale = 3
    var overlay = split
    overlay.style = .overlay
    var hidden = split
    hidden.secondary.visible = false
    var oneFold = split
    oneFold.regions = [fold(x: 440, width: 20, height: 800)]
    var inactiveFold = split
    inactiveFold.regions = [fold(x: 440, width: 20, height: 800, active: false), camera(id: 2, x: 10, y: 10, size: 30)]
    var twoFolds = split
    twoFolds.regions = [fold(id: 1, x: 300, width: 20, height: 800), fold(id: 2, x: 600, width: 20, height: 800)]
    var hiddenAcrossFold = oneFold
    hiddenAcrossFold.secondary.visible = false
    var overlayAcrossFold = oneFold
    overlayAcrossFold.style = .overlay
    var overlayInactiveFold = inactiveFold
    overlayInactiveFold.style = .overlay
    var hiddenOverlay = overlay
    hiddenOverlay.secondary.visible = false
    var overlayTwoFolds = twoFolds
    overlayTwoFolds.style = .overlay
    let expected: [(Scene, String)] = [
      (split, "noGrid"), (snapped, "snappingGrid"), (overlay, "stacked"), (hidden, "general"),
      (oneFold, "acrossFold"), (inactiveFold, "noGrid"), (twoFolds, "general"), (hiddenAcrossFold, "general"),
      (overlayAcrossFold, "acrossFold"), (overlayInactiveFold, "stacked"), (hiddenOverlay, "general"),
      (overlayTwoFolds, "general"),
    ]
    for (index, (scene, kernel)) in expected.enumerated() {
      #expect(ArrangementPlan(scene).kernelName == kernel, "scene \(index)")
    }
  }

  @Test(
    "An overlay without active folds: the kernel stacks both panes over the area as the general path does (R22)",
    arguments: [LayoutDirection.leftToRight, .rightToLeft], [false, true])
  func kernelStacks(direction: LayoutDirection, givenClasses: Bool) {
    var scene = Scene(
      container: rect(3.25, 1.5, 951, 669), safeArea: EdgeInsets(top: 12, left: 30, bottom: 9, right: 84),
      sizeClass: givenClasses ? SizeClasses(horizontal: .compact, vertical: .regular) : nil,
      layoutDirection: direction, displayScale: 3, style: .overlay)
    // Sizing, ratios and a camera change nothing (R24); an inactive fold is no fold.
    scene.primary.width = DimensionRange(minimum: .absolute(700), maximum: .fractional(0.2))
    scene.regions = [fold(x: 463.5, width: 24, height: 800, active: false), camera(id: 2, x: 10, y: 10, size: 30)]
    let plan = ArrangementPlan(scene)
    #expect(plan.kernelName == "stacked")
    // Both sides of 600 (R2), areas that vanish (R1) and bad numbers (R29).
    var sizes = (0..<150).map { Size(width: 60 + Double($0) * 9.7, height: 40 + Double($0) * 7.3) }
    for length in [600.0, 114, 21, 0] {
      for near in [length, length.nextUp, length.nextDown] {
        sizes += [Size(width: near, height: 669), Size(width: 951, height: near), Size(width: near, height: near)]
      }
    }
    sizes += [Size(width: .nan, height: 500), Size(width: -40, height: 500), Size(width: .infinity, height: 700)]
    var answered = 0
    var shown = 0
    for size in sizes {
      var resized = scene
      resized.container.width = size.width
      resized.container.height = size.height
      let expected = bits(resized.solve())
      if resized.solve().primary.visible { shown += 1 }
      if let single = plan.regimeSolution(width: size.width, height: size.height) {
        answered += 1
        #expect(bits(single) == expected, "width \(size.width), height \(size.height)")
        #expect(single.primary.zIndex == 1 && single.secondary.zIndex == 0 && single.splitAxis == nil)
      }
      #expect(bits(plan.solve(width: size.width, height: size.height)) == expected)
    }
    // Pairs in SIMD lanes: answered where both sizes have an area and, classes derived, the
    // same classes (R2: one row of the plan's table); then both batch entry points.
    var pairs = 0
    for index in stride(from: 0, to: 150, by: 2) {
      let (first, second) = (sizes[index], sizes[index + 1])
      let answer = plan.regimeSolutions(
        widths: SIMD2(first.width, second.width), heights: SIMD2(first.height, second.height))
      let sameClass =
        givenClasses
        || ((first.width >= 600) == (second.width >= 600) && (first.height >= 600) == (second.height >= 600))
      let areas = first.width > 114 && second.width > 114
      #expect((answer != nil) == (sameClass && areas), "pair at \(index)")
      if let (one, two) = answer {
        pairs += 1
        #expect(bits(one) == bits(plan.solve(width: first.width, height: first.height)))
        #expect(bits(two) == bits(plan.solve(width: second.width, height: second.height)))
      }
    }
    #expect(pairs >= 70)
    expectBatchesMatch(scene, sizes, "stacked, \(direction), given classes \(givenClasses)")
    // Every size with an area, where the general path shows the panes: all but 30, the widths up
    // to 114 (the side insets), the heights up to 21, and NaN, negative and infinite lengths.
    #expect(answered == shown && shown == sizes.count - 30, "\(answered), \(shown) of \(sizes.count)")
  }

  @Test(
    "A split whose axis is not allowed or not regular: the kernel gives the lone primary as the general path does (R17, R19)",
    arguments: [LayoutDirection.leftToRight, .rightToLeft], [0, 1, 2])
  func kernelLonePrimary(direction: LayoutDirection, configuration: Int) {
    var scene = Scene(
      container: rect(3.25, 1.5, 951, 669), safeArea: EdgeInsets(top: 12, left: 30, bottom: 9, right: 84),
      layoutDirection: direction, displayScale: configuration == 2 ? nil : 3)
    scene.regions = [camera(id: 2, x: 10, y: 10, size: 30)]
    scene.primary.width = DimensionRange(minimum: .absolute(250), preferred: .fractional(0.3))
    switch configuration {
    case 0: scene.axes = .horizontal  // portrait sizes: the vertical axis is not allowed
    case 1: scene.sizeClass = SizeClasses(horizontal: .compact, vertical: .regular)  // given, compact along x
    default: break  // derived classes: compact below 600 points
    }
    let plan = ArrangementPlan(scene)
    #expect(plan.kernelName == (configuration == 2 ? "noGrid" : "snappingGrid"))
    // Landscape and portrait sizes, both sides of 600 (R2), vanishing areas (R1), bad numbers (R29).
    var sizes = (0..<160).map { Size(width: 200 + Double($0) * 9.1, height: 1500 - Double($0) * 8.3) }
    for length in [600.0, 614, 114, 21] {
      for near in [length, length.nextUp, length.nextDown] {
        sizes += [Size(width: near, height: 669), Size(width: 951, height: near), Size(width: near, height: 1200)]
      }
    }
    sizes += [Size(width: .nan, height: 500), Size(width: -40, height: 500), Size(width: .infinity, height: 700)]
    sizes += (0..<40).map { Size(width: 150 + Double($0) * 10, height: 120 + Double($0) * 9) }  // small windows
    var lone = 0
    for size in sizes {
      var resized = scene
      resized.container.width = size.width
      resized.container.height = size.height
      let expected = resized.solve()
      let answer = plan.regimeSolution(width: size.width, height: size.height)
      if let answer {
        #expect(bits(answer) == bits(expected), "width \(size.width), height \(size.height)")
        if !answer.secondary.visible { lone += 1 }
      }
      // Every lone primary with an area is the kernel's.
      if expected.primary.visible && !expected.secondary.visible {
        #expect(answer != nil, "width \(size.width), height \(size.height)")
      }
    }
    #expect(lone >= 40, "\(lone) lone answers")
    // Pairs in SIMD lanes: a lone pair, a split pair, and a pair with one of each (the general
    // path's): the sweep's, and pairs across 600 points along either axis.
    var pairs = stride(from: 0, to: 160, by: 2).map { (sizes[$0], sizes[$0 + 1]) }
    pairs += [
      (Size(width: 599.5, height: 500), Size(width: 600.5, height: 500)),
      (Size(width: 500, height: 599.5), Size(width: 500, height: 600.5)),
      (Size(width: 590, height: 500), Size(width: 599, height: 520)),
      (Size(width: 700, height: 500), Size(width: 650, height: 640)),
    ]
    for (index, (first, second)) in pairs.enumerated() {
      if let (one, two) = plan.regimeSolutions(
        widths: SIMD2(first.width, second.width), heights: SIMD2(first.height, second.height))
      {
        #expect(bits(one) == bits(plan.solve(width: first.width, height: first.height)), "pair at \(index)")
        #expect(bits(two) == bits(plan.solve(width: second.width, height: second.height)), "pair at \(index)")
        #expect(one.secondary.visible == two.secondary.visible, "pair at \(index)")
      }
    }
    expectBatchesMatch(scene, sizes, "lone primary, \(direction), configuration \(configuration)")
  }

  @Test(
    "With one active fold the kernel answers with the fold's sides, equal to the general path (R18, R23)",
    arguments: [ArrangementStyle.split, .overlay], [LayoutDirection.leftToRight, .rightToLeft])
  func kernelTakesTheFold(style: ArrangementStyle, direction: LayoutDirection) {
    for vertical in [true, false] {
      for primaryEdgeFirst in [true, false] {
        // A book (vertical fold) or tabletop (horizontal fold) scene at a window origin off the grid.
        var scene = Scene(
          container: rect(3.25, 1.5, 951, 669), safeArea: EdgeInsets(top: 12, left: 30, bottom: 9, right: 84),
          layoutDirection: direction, displayScale: 3, style: style)
        scene.regions = [
          vertical
            ? fold(x: 463.5 + 3.25, y: 0, width: 24, height: 800) : fold(x: 0, y: 322.5 + 1.5, width: 1200, height: 24)
        ]
        scene.primary.overlayEdge = primaryEdgeFirst ? .leading : .trailing
        scene.primary.overlayVerticalEdge = primaryEdgeFirst ? .top : .bottom
        let plan = ArrangementPlan(scene)
        var answered = 0
        // A sweep, then the sizes where the fold's far edge meets the area's end exactly
        // (571.5 wide: 30 + 457.5 = 487.5; 355.5 high: 12 + 334.5 = 346.5), and their neighbours.
        var sizes = (0..<120).map { Size(width: 400 + Double($0) * 6.37, height: 300 + Double($0) * 4.1) }
        for (width, height) in [(571.5, 669.0), (951, 355.5)] {
          sizes += [
            Size(width: width, height: height), Size(width: width.nextUp, height: height.nextUp),
            Size(width: width.nextDown, height: height.nextDown),
          ]
        }
        for size in sizes {
          let (width, height) = (size.width, size.height)
          var resized = scene
          resized.container.width = width
          resized.container.height = height
          let expected = bits(resized.solve())
          if let single = plan.regimeSolution(width: width, height: height) {
            answered += 1
            #expect(bits(single) == expected, "width \(width), height \(height)")
            // Both sides shown, or (derived classes compact along the fold's axis) a split's
            // primary alone on its side (R17, R19).
            #expect(single.primary.visible && (single.secondary.visible || style == .split && single.splitAxis == nil))
          }
          #expect(bits(plan.solve(width: width, height: height)) == expected)
        }
        // The fold divides the area for a good part of the sweep, and only there.
        #expect(answered > 20, "vertical \(vertical), edge first \(primaryEdgeFirst)")
        #expect(answered < sizes.count, "vertical \(vertical), edge first \(primaryEdgeFirst)")
      }
    }
  }

  @Test("The batch entry point for scenes matches each scene's solve() exactly and writes no more than it holds")
  func sceneBatchMatchesSolve() {
    var generator = SceneGenerator(random: SeededGenerator(seed: 0x5CE7E5))
    let scenes = (0..<3000).map { _ in generator.scene() }
    var output = [Solution](repeating: scenes[0].solve(), count: scenes.count)
    let written = scenes.withUnsafeBufferPointer { scenes in
      output.withUnsafeMutableBufferPointer { Scene.solve(scenes, into: $0) }
    }
    #expect(written == scenes.count)
    for (index, scene) in scenes.enumerated() {
      #expect(bits(output[index]) == bits(scene.solve()), "seed 0x5CE7E5 case \(index): \(scene)")
    }
    var short = [Solution](repeating: scenes[0].solve(), count: 2)
    let shortWritten = scenes.withUnsafeBufferPointer { scenes in
      short.withUnsafeMutableBufferPointer { Scene.solve(scenes, into: $0) }
    }
    #expect(shortWritten == 2)
  }

}
