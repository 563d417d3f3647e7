import ArrangementSolver
import Testing

/// A plan's table of answers (`AnswerTable`): which plans have one, that each kind answers where it
/// should, bit for bit with `scene.solve()`, one size at a time and in pairs, and that the sizes it
/// cannot vouch for reach the general path.
@Suite("Answer tables: every kind of row answers as the general path does (R1, R2, R16–R23, R30)")
struct AnswerTableTests {
  func bits(_ solution: Solution) -> [UInt64] { solutionBits(solution) }

  func solved(_ scene: Scene, _ width: Double, _ height: Double) -> Solution {
    var resized = scene
    resized.container.width = width
    resized.container.height = height
    return resized.solve()
  }

  /// `split` snapped right to left, that with a gap, and with only a horizontal axis allowed
  /// (a tall area then shows the primary alone, R17, R19).
  static func variants(of split: Scene) -> (snapped: Scene, spaced: Scene, lone: Scene) {
    var snapped = split
    snapped.displayScale = 3
    snapped.layoutDirection = .rightToLeft
    var spaced = snapped
    spaced.spacing = 12.5
    var lone = split
    lone.axes = .horizontal
    return (snapped, spaced, lone)
  }

  /// One scene for each kind of table, with the entry it must get.
  static var scenes: [(entry: String, scene: Scene)] {
    var peers = Scene(
      container: rect(7.25, 3, 320, 800), safeArea: EdgeInsets(top: 20, left: 12, bottom: 9, right: 30),
      sizeClass: nil)
    peers.primary.width = DimensionRange(minimum: .absolute(250), preferred: .fractional(0.3), maximum: .absolute(600))
    peers.secondary.width = DimensionRange(minimum: .absolute(200))
    peers.primary.height = DimensionRange(minimum: .absolute(120), preferred: .fractional(0.4))
    let compiled = variants(of: peers)
    var stacked = peers
    stacked.style = .overlay
    var fold = peers
    fold.regions = [ArrangementSolverTests.fold(x: 463.5, width: 24, height: 900)]
    var foldOverlay = fold
    foldOverlay.style = .overlay
    foldOverlay.layoutDirection = .rightToLeft
    // Sizing that does not compile: the primary (no preferred size) is sized first and takes
    // what the secondary leaves, `L − 250`, so the secondary's `L − (L − 250)` is per size.
    var leftover = peers
    leftover.primary.width = DimensionRange(minimum: .absolute(120), maximum: .fractional(0.7))
    leftover.secondary.width = DimensionRange(minimum: .absolute(250), preferred: .absolute(250))
    leftover.primary.height = DimensionRange(minimum: .absolute(150))
    leftover.secondary.height = DimensionRange(minimum: .absolute(200), preferred: .absolute(200))
    let sized = variants(of: leftover)
    return [
      ("table", peers), ("snappedTable", compiled.snapped), ("spacedTable", compiled.spaced),
      ("stackedTable", stacked), ("table", compiled.lone), ("foldTable", fold), ("foldTable", foldOverlay),
      ("sizedTable", leftover), ("sizedTable", sized.snapped), ("sizedTable", sized.spaced),
      ("sizedTable", sized.lone),
    ]
  }

  @Test("A Solution is laid out as the rows assume, so the plans that should have a table have one")
  func layoutHolds() {
    #expect(ArrangementPlan.answerLayoutHolds)
    for (entry, scene) in Self.scenes {
      #expect(ArrangementPlan(scene).entryName == entry, "\(entry)")
    }
    // No table: several active folds, a hidden secondary, a divider.
    var folds = Self.scenes[0].scene
    folds.regions = [fold(x: 300, width: 10, height: 900), fold(id: 2, x: 700, width: 10, height: 900)]
    #expect(!ArrangementPlan(folds).entryName.hasSuffix("able"))
    var hidden = Self.scenes[0].scene
    hidden.secondary.visible = false
    #expect(ArrangementPlan(hidden).entryName == "general")
    var divided = Self.scenes[0].scene
    divided.divider = Divider(position: .fractional(0.4))
    #expect(ArrangementPlan(divided).entryName == "general")
    // Insets beyond 2^21 points: an area of a table's length may come from a width sanitising changes (R29).
    var inset = Self.scenes[7].scene
    inset.safeArea.left = 0x1p22
    #expect(ArrangementPlan(inset).entryName == "general")
  }

  @Test(
    "Each kind of table answers its sizes bit for bit with scene.solve(), alone, in pairs and in fours",
    arguments: 0..<11)
  func everyKindAnswers(index: Int) {
    let (entry, scene) = Self.scenes[index]
    let plan = ArrangementPlan(scene)
    var answered = 0
    var pairs = 0
    // Both sides of 600 (R2) and of the axis change (R16), widths where the pieces change.
    let sizes = (0..<300).map { Size(width: 520 + Double($0) * 3.71, height: 560 + Double($0 % 17) * 9.5) }
    for size in sizes {
      let expected = bits(solved(scene, size.width, size.height))
      #expect(bits(plan.solve(width: size.width, height: size.height)) == expected, "\(entry) \(size)")
      if let single = plan.regimeSolution(width: size.width, height: size.height) {
        answered += 1
        #expect(bits(single) == expected, "\(entry) \(size)")
      }
    }
    for index in stride(from: 0, to: sizes.count - 1, by: 2) {
      let (first, second) = (sizes[index], sizes[index + 1])
      if let (one, two) = plan.regimeSolutions(
        widths: SIMD2(first.width, second.width), heights: SIMD2(first.height, second.height))
      {
        pairs += 1
        #expect(bits(one) == bits(solved(scene, first.width, first.height)), "\(entry) \(first)")
        #expect(bits(two) == bits(solved(scene, second.width, second.height)), "\(entry) \(second)")
      }
    }
    var quads = 0
    for index in stride(from: 0, to: sizes.count - 3, by: 4) {
      let four = sizes[index..<index + 4]
      if let answers = plan.regimeSolutions(
        widths: SIMD4(four.map(\.width)), heights: SIMD4(four.map(\.height)))
      {
        quads += 1
        for (answer, size) in zip(answers, four) {
          #expect(bits(answer) == bits(solved(scene, size.width, size.height)), "\(entry) \(size)")
        }
      }
    }
    // The table takes nearly every size here (the general path only breakpoints' guard
    // bands and, beside a fold, sizes where it stops dividing), most pairs, and most fours.
    #expect(answered >= 250, "\(entry): \(answered) of \(sizes.count)")
    #expect(pairs >= 100, "\(entry): \(pairs) pairs")
    #expect(quads >= 40, "\(entry): \(quads) fours")
  }

  @Test(
    "Sizes a table cannot vouch for take the general path: no area, NaN, ±∞, beyond 2^21 and 2^52 (R1, R29)",
    arguments: 0..<11)
  func hostileSizesReachTheGeneralPath(index: Int) {
    let (entry, scene) = Self.scenes[index]
    let plan = ArrangementPlan(scene)
    let lengths: [Double] = [
      0, -0.0, -40, 41, .nan, .infinity, -.infinity, 0x1p21 + 1, 0x1p22, 0x1p52, 0x1p60, .greatestFiniteMagnitude,
    ]
    for width in lengths + [900] {
      for height in lengths + [700] where width != 900 || height != 700 {
        let expected = bits(solved(scene, width, height))
        #expect(bits(plan.solve(width: width, height: height)) == expected, "\(entry) \(width) × \(height)")
        // Where the table answers such a size at all, it answers as the general path does.
        if let single = plan.regimeSolution(width: width, height: height) {
          #expect(bits(single) == expected, "\(entry) \(width) × \(height)")
        }
      }
    }
    // No area: never the table's (R1).
    #expect(plan.regimeSolution(width: 0, height: 700) == nil && plan.regimeSolution(width: .nan, height: 700) == nil)
  }
}
