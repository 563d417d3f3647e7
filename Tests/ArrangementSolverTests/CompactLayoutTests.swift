import Testing

@testable import ArrangementSolver

// The compact representations that keep a scene and a plan short to copy
// (docs/DESIGN.md, "The scene's size"; "Plans"): each must read back what
// was given and answer as before.
@Suite("Compact scene and plan storage answers as the rules say (R3, R16, R29, R32)")
struct CompactLayoutTests {
  static let bounds: [Dimension?] = [
    nil, .intrinsic, .absolute(0), .absolute(-0.0), .absolute(-5), .absolute(320), .absolute(.infinity),
    .fractional(0), .fractional(0.25), .fractional(2), .fractional(-.infinity),
  ]

  // Every cold solve from another module copies the scene: the figures of
  // docs/DESIGN.md ("Cold solves and the copy of the scene") name these sizes.
  #if arch(x86_64)
    @Test("The scene is 1,050 bytes on x86-64 and a dimension range 27: a field added shows here first")
    func sizes() {
      #expect(MemoryLayout<Scene>.size == 1_050)
      #expect(MemoryLayout<DimensionRange>.size == 27)
    }
  #endif

  @Test("R3: a dimension range reads back each bound exactly as set, through the initialiser and the setters")
  func rangeReadsBack() {
    for minimum in Self.bounds {
      for maximum in Self.bounds {
        let range = DimensionRange(minimum: minimum, preferred: maximum, maximum: minimum)
        #expect(range.minimum == minimum)
        #expect(range.preferred == maximum)
        #expect(range.maximum == minimum)
        var set = DimensionRange()
        set.maximum = maximum
        set.minimum = minimum
        #expect(set.minimum == minimum && set.maximum == maximum && set.preferred == nil)
      }
    }
    // -0.0 keeps its sign; NaN stays NaN (and, as a `Double`, unequal to itself).
    if case .absolute(let zero)? = DimensionRange(minimum: .absolute(-0.0)).minimum {
      #expect(zero == 0 && zero.sign == .minus)
    } else {
      Issue.record("-0.0 points did not read back as an absolute length")
    }
    guard case .fractional(let fraction)? = DimensionRange(maximum: .fractional(.nan)).maximum else {
      Issue.record("a NaN fraction did not read back as a fraction")
      return
    }
    #expect(fraction.isNaN)
  }

  @Test("R3: ranges equal by their bounds hash alike, whatever was set before; kinds tell 0 points from 0 %")
  func rangeEqualityAndHash() {
    var cleared = DimensionRange(minimum: .absolute(240), preferred: .fractional(0.4), maximum: .intrinsic)
    cleared.minimum = nil
    cleared.preferred = nil
    cleared.maximum = nil
    #expect(cleared == DimensionRange.automatic)
    #expect(cleared.hashValue == DimensionRange.automatic.hashValue)
    var intrinsic = DimensionRange(minimum: .absolute(99))
    intrinsic.minimum = .intrinsic
    #expect(intrinsic == DimensionRange(minimum: .intrinsic))
    #expect(intrinsic.hashValue == DimensionRange(minimum: .intrinsic).hashValue)
    #expect(DimensionRange(minimum: .absolute(0)) != DimensionRange(minimum: .fractional(0)))
    #expect(DimensionRange(minimum: .absolute(0)) != DimensionRange())
    #expect(DimensionRange(maximum: .absolute(.nan)) != DimensionRange(maximum: .absolute(.nan)))
  }

  @Test("R3, R29: the range's bounds size the panes: an absolute, a fractional and an intrinsic minimum")
  func rangeSizes() {
    var scene = splitScene(primary: pane(minimum: .absolute(700)))
    #expect(scene.solve().primary.frame.width == 700)
    scene.primary.width.minimum = .fractional(0.65)
    #expect(scene.solve().primary.frame.width == 650)
    scene.primary.width.minimum = .intrinsic
    scene.primary.idealSize = Size(width: 600, height: 100)
    #expect(scene.solve().primary.frame.width == 600)
    scene.primary.width.minimum = .absolute(-40)  // R29: a negative length counts as 0
    #expect(thirdBits(scene.solve()) == thirdBits(splitScene().solve()))
  }

  @Test("R12: a region list holds at most eight and counts them; removeAll empties it")
  func regionCount() {
    var regions = ReservedRegions()
    for id in 0..<10 { _ = regions.append(camera(id: id, x: Double(id) * 10, y: 0, size: 5)) }
    #expect(regions.count == ReservedRegions.capacity)
    #expect(regions.map(\.id) == Array(0..<8))
    regions.removeAll()
    #expect(regions.count == 0)
    let appended = regions.append(fold(x: 475, width: 0, height: 760))
    #expect(appended)
    #expect(regions.count == 1)
  }

  /// Scenes whose usable fold is not the first region, or not the first division region.
  static func foldsAfterOthers() -> [(String, Scene)] {
    var inactiveFirst = bookScene()
    inactiveFirst.regions = [
      fold(id: 1, x: 300, width: 0, height: 760, active: false), camera(id: 2, x: 40, y: 20, size: 30),
      fold(id: 3, x: 475, width: 0, height: 760),
    ]
    var alwaysAvoid = inactiveFirst
    alwaysAvoid.foldPolicy = .alwaysAvoid
    var cameraFirst = bookScene()
    cameraFirst.regions = [camera(id: 9, x: 600, y: 10, size: 40), fold(id: 1, x: 475, width: 0, height: 760)]
    cameraFirst.displayScale = 3
    var horizontalLeftOut = bookScene()
    horizontalLeftOut.regions = [
      fold(id: 1, x: 0, y: 380, width: 950, height: 0), fold(id: 2, x: 475, width: 0, height: 760),
    ]
    horizontalLeftOut.foldAxes = .vertical
    return [
      ("an inactive division, a camera, then the fold", inactiveFirst),
      ("the same under alwaysAvoid (two folds)", alwaysAvoid),
      ("a camera, then the fold, scale 3", cameraFirst),
      ("a horizontal fold left out by foldAxes, then a vertical one", horizontalLeftOut),
    ]
  }

  @Test(
    "R16, R32: a plan whose usable folds follow other regions answers as the cold solve, bit for bit, at every size",
    arguments: foldsAfterOthers().map(\.0))
  func planFoldsAfterOthers(name: String) {
    let scene = Self.foldsAfterOthers().first { $0.0 == name }!.1
    let plan = ArrangementPlan(scene)
    for width in stride(from: 0.0, through: 1400, by: 12.5) {
      for height in [0.0, 300, 760, 1200] {
        var sized = scene
        sized.container.width = width
        sized.container.height = height
        #expect(thirdBits(plan.solve(width: width, height: height)) == thirdBits(sized.solve()))
      }
    }
  }

  @Test("R16, R32: the plan's one usable fold after an inactive division takes the across-fold kernel")
  func planKernelAfterInactiveDivision() {
    let scenes = Self.foldsAfterOthers()
    #expect(ArrangementPlan(scenes[0].1).kernelName == "acrossFold")
    #expect(ArrangementPlan(scenes[1].1).kernelName == "general")
    #expect(ArrangementPlan(scenes[2].1).kernelName == "acrossFold")
    #expect(ArrangementPlan(scenes[3].1).kernelName == "acrossFold")
  }
}
