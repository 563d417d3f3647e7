import ArrangementSolver
import CMeasurement
import Testing

// The fourth generation (SPEC §11, RULES.md §11): R36 a pane's environment,
// R37 a divider released with a velocity or stepped, R38 levitate placed,
// resized and dimmed, R39 motion kinds, and R34's amendment.

// MARK: - R36

@Suite("A pane's environment (R36)")
struct EnvironmentTests {
  /// The book posture at window (100, 50): a zero-width fold (id 1), an
  /// active camera (id 2, margins left 1 and right 3) over the primary, and an
  /// inactive camera (id 3) over the secondary.
  static func book(_ direction: LayoutDirection = .leftToRight, _ request: EnvironmentRequest = .init()) -> Scene {
    var scene = Scene(
      container: rect(100, 50, 950, 760), safeArea: EdgeInsets(right: 84), sizeClass: regular,
      layoutDirection: direction)
    scene.regions = [
      fold(id: 1, x: 575, y: 50, width: 0, height: 760),
      ReservedRegion(id: 2, kind: .occlusion, frame: rect(110, 60, 30, 30), margins: EdgeInsets(left: 1, right: 3)),
      ReservedRegion(id: 3, kind: .occlusion, frame: rect(800, 60, 20, 20), isActive: false),
    ]
    scene.environment = request
    return scene
  }

  func frames(_ regions: ReservedRegions?) -> [Rect] { regions.map { $0.map(\.frame) } ?? [] }
  func ids(_ regions: ReservedRegions?) -> [Int] { regions.map { $0.map(\.id) } ?? [] }

  @Test("R36: both kinds, ascending id, in the pane's own coordinates; a zero-width fold on the edge touches both")
  func book() {
    let scene = Self.book()
    let solution = scene.solve()
    #expect(solution.primary.frame == rect(0, 0, 475, 760))
    #expect(solution.secondary.frame == rect(475, 0, 391, 760))
    let primary = scene.environment(of: solution.primary)
    #expect(ids(primary) == [1, 2])
    #expect(frames(primary) == [rect(475, 0, 0, 760), rect(10, 10, 30, 30)])
    #expect(primary?.map(\.kind) == [.division, .occlusion])
    #expect(primary?[1].margins == EdgeInsets(left: 1, right: 3))
    let secondary = scene.environment(of: solution.secondary)
    #expect(ids(secondary) == [1])
    #expect(frames(secondary) == [rect(0, 0, 0, 760)])
  }

  @Test("R36, R12: includeInactive adds the idle camera, still in the pane's coordinates")
  func includeInactive() {
    let scene = Self.book(.leftToRight, EnvironmentRequest(includeInactive: true))
    let solution = scene.solve()
    let secondary = scene.environment(of: solution.secondary)
    #expect(ids(secondary) == [1, 3])
    #expect(frames(secondary) == [rect(0, 0, 0, 760), rect(225, 10, 20, 20)])
    #expect(secondary?[1].isActive == false)
    #expect(ids(scene.environment(of: solution.primary)) == [1, 2])
  }

  @Test("R36, R13: right to left with mirrors: frames mirrored in the pane's width, left and right margins swap")
  func rightToLeftMirrors() {
    let scene = Self.book(.rightToLeft)
    let solution = scene.solve()
    #expect(solution.primary.frame == rect(475, 0, 391, 760))
    #expect(solution.secondary.frame == rect(0, 0, 475, 760))
    let secondary = scene.environment(of: solution.secondary)
    #expect(ids(secondary) == [1, 2])
    #expect(frames(secondary) == [rect(0, 0, 0, 760), rect(435, 10, 30, 30)])
    #expect(secondary?[1].margins == EdgeInsets(left: 3, right: 1))
    #expect(frames(scene.environment(of: solution.primary)) == [rect(391, 0, 0, 760)])
  }

  @Test("R36, R13: right to left with fixed: physical frames and margins")
  func rightToLeftFixed() {
    let scene = Self.book(.rightToLeft, EnvironmentRequest(layoutDirectionBehavior: .fixed))
    let solution = scene.solve()
    let secondary = scene.environment(of: solution.secondary)
    #expect(frames(secondary) == [rect(475, 0, 0, 760), rect(10, 10, 30, 30)])
    #expect(secondary?[1].margins == EdgeInsets(left: 1, right: 3))
    #expect(frames(scene.environment(of: solution.primary)) == [rect(0, 0, 0, 760)])
  }

  @Test("R36: left to right, fixed and mirrors are the same")
  func leftToRightBehaviours() {
    let mirrors = Self.book()
    let fixed = Self.book(.leftToRight, EnvironmentRequest(layoutDirectionBehavior: .fixed))
    let solution = mirrors.solve()
    #expect(mirrors.environment(of: solution.primary) == fixed.environment(of: solution.primary))
    #expect(mirrors.environment(of: solution.secondary) == fixed.environment(of: solution.secondary))
  }

  @Test("R36: a hidden pane's environment is nil; a scene without environment answers none")
  func hiddenAndAbsent() {
    var scene = Self.book()
    scene.secondary.visible = false
    let solution = scene.solve()
    #expect(!solution.secondary.visible)
    #expect(scene.environment(of: solution.secondary) == nil)
    #expect(scene.environment(of: solution.primary) != nil)
    scene.environment = nil
    #expect(scene.environment(of: solution.primary) == nil)
  }

  @Test("R36, R33: a levitated secondary's environment is taken in its floating frame")
  func levitated() {
    var scene = splitScene()
    scene.sizeClass = compact
    scene.secondary.adapt = .levitate
    scene.regions = [
      camera(id: 4, x: 260, y: 210, size: 10),
      camera(id: 2, x: 0, y: 0, size: 5),
    ]
    scene.environment = EnvironmentRequest()
    let solution = scene.solve()
    #expect(solution.adapted == .levitated)
    #expect(solution.secondary.frame == rect(250, 200, 500, 400))
    let secondary = scene.environment(of: solution.secondary)
    #expect(ids(secondary) == [4])
    #expect(frames(secondary) == [rect(10, 10, 10, 10)])
    #expect(ids(scene.environment(of: solution.primary)) == [2, 4])
  }

  @Test("R36: equal ids keep the scene's order, after lower ids")
  func equalIDs() {
    var scene = splitScene()
    scene.regions = [
      camera(id: 5, x: 0, y: 0, size: 10),
      fold(id: 5, x: 500, width: 0, height: 800),
      camera(id: 1, x: 20, y: 0, size: 10),
    ]
    scene.environment = EnvironmentRequest()
    let solution = scene.solve()
    let primary = scene.environment(of: solution.primary)
    #expect(ids(primary) == [1, 5, 5])
    #expect(primary?.map(\.kind) == [.occlusion, .occlusion, .division])
  }

  @Test("R36, R29: a non-finite region frame is sanitised; every frame answered is finite")
  func sanitised() {
    var scene = splitScene()
    scene.container.x = .nan
    scene.regions = [
      ReservedRegion(id: 1, kind: .occlusion, frame: rect(.infinity, 10, .nan, -5)),
      ReservedRegion(id: 2, kind: .occlusion, frame: rect(10, 10, 20, 20), margins: EdgeInsets(top: .nan)),
    ]
    scene.environment = EnvironmentRequest()
    let solution = scene.solve()
    let primary = scene.environment(of: solution.primary)
    for region in primary ?? [] {
      #expect(region.frame.x.isFinite && region.frame.width.isFinite && region.margins.top.isFinite)
    }
    #expect(ids(primary) == [1, 2])
    #expect(primary?[1].margins.top == 0)
  }
}

// MARK: - R37

@Suite("A divider released with a velocity or stepped (R37)")
struct DividerReleaseTests {
  /// 1000 × 800, a horizontal split over L' = 1000, anchors at 250, 500 and 750.
  static func scene(
    position: Double = 400, velocity: Double = 0, step: DividerStep? = nil, snap: Bool = true,
    anchors: [DividerLength] = [.absolute(250), .absolute(500), .absolute(750)]
  ) -> Scene {
    var scene = splitScene()
    scene.divider = Divider(
      position: .absolute(position), anchors: anchors, snap: snap, velocity: velocity, step: step)
    return scene
  }

  static func settled(_ scene: Scene) -> DividerAnswer? { scene.solve().divider }

  @Test(
    "R37: a fling (|velocity| ≥ 400) settles on the nearest candidate beyond d in its direction",
    arguments: [
      (400.0, 800.0, 500.0, 1), (400, -800, 250, 0), (400, 1e300, 500, 1), (600, -400, 500, 1),
      (500, 400, 750, 2), (500, -400, 250, 0),
    ])
  func fling(_ position: Double, _ velocity: Double, _ expected: Double, _ anchor: Int) {
    let answer = Self.settled(Self.scene(position: position, velocity: velocity))
    #expect(answer == DividerAnswer(position: expected, anchor: anchor))
  }

  @Test("R37: the 400 pt/s boundary exactly: 400 flings, the next double below projects")
  func boundary() {
    #expect(Self.settled(Self.scene(position: 500, velocity: 400)) == DividerAnswer(position: 750, anchor: 2))
    #expect(
      Self.settled(Self.scene(position: 500, velocity: 400.0.nextDown)) == DividerAnswer(position: 500, anchor: 1))
    #expect(Self.settled(Self.scene(position: 500, velocity: -400)) == DividerAnswer(position: 250, anchor: 0))
    #expect(
      Self.settled(Self.scene(position: 500, velocity: -(400.0.nextDown))) == DividerAnswer(position: 500, anchor: 1))
  }

  @Test("R37: a fling with no candidate beyond settles on R31's nearest to d")
  func flingWithNothingBeyond() {
    #expect(Self.settled(Self.scene(position: 800, velocity: 1000)) == DividerAnswer(position: 750, anchor: 2))
    #expect(Self.settled(Self.scene(position: 100, velocity: -1000)) == DividerAnswer(position: 250, anchor: 0))
  }

  @Test("R37: candidates within 1e-9 of d are not beyond it, for a fling or a step")
  func tolerance() {
    let near = 500 + 5e-10
    #expect(near != 500)
    #expect(Self.settled(Self.scene(position: near, velocity: -800)) == DividerAnswer(position: 250, anchor: 0))
    #expect(Self.settled(Self.scene(position: near, step: .previous)) == DividerAnswer(position: 250, anchor: 0))
    #expect(Self.settled(Self.scene(position: near, step: .next)) == DividerAnswer(position: 750, anchor: 2))
  }

  @Test("R37: a slow release settles on the nearest candidate to d + velocity × 0.1, not clamped")
  func projection() {
    // Without the velocity, 400 settles on 500 (100 away, against 150).
    #expect(Self.settled(Self.scene(position: 400)) == DividerAnswer(position: 500, anchor: 1))
    #expect(Self.settled(Self.scene(position: 400, velocity: -300)) == DividerAnswer(position: 250, anchor: 0))
    #expect(Self.settled(Self.scene(position: 400, velocity: 300)) == DividerAnswer(position: 500, anchor: 1))
    // Aimed past L' (990 + 39.9 = 1029.9): the nearest to the aim is the largest candidate.
    let past = Self.scene(position: 990, velocity: 399, anchors: [.absolute(900), .absolute(950)])
    #expect(Self.settled(past) == DividerAnswer(position: 950, anchor: 1))
    // A slow release the other way from 420 aims at 380.1: 500 is 119.9 away, 250 130.1.
    #expect(Self.settled(Self.scene(position: 420, velocity: -399)) == DividerAnswer(position: 500, anchor: 1))
  }

  @Test(
    "R37, R29: a zero or non-finite velocity counts as 0: R31's nearest, bit for bit",
    arguments: [0.0, -0.0, .nan, .infinity, -.infinity])
  func zeroAndNonFinite(_ velocity: Double) {
    let plain = Self.scene(position: 400)
    let released = Self.scene(position: 400, velocity: velocity)
    #expect(thirdBits(released.solve()) == thirdBits(plain.solve()))
    #expect(Self.settled(released) == DividerAnswer(position: 500, anchor: 1))
  }

  @Test("R37: velocity and step take effect only when snap is true")
  func unsnapped() {
    #expect(Self.settled(Self.scene(velocity: 1000, snap: false)) == DividerAnswer(position: 400, anchor: nil))
    #expect(Self.settled(Self.scene(step: .last, snap: false)) == DividerAnswer(position: 400, anchor: nil))
  }

  @Test("R37: with no candidate at all, d stays whatever the velocity or step")
  func noCandidate() {
    for velocity in [0.0, 300, 1000, -1000] {
      #expect(Self.settled(Self.scene(velocity: velocity, anchors: [])) == DividerAnswer(position: 400, anchor: nil))
    }
    for step in DividerStep.allCases {
      #expect(Self.settled(Self.scene(step: step, anchors: [])) == DividerAnswer(position: 400, anchor: nil))
    }
  }

  @Test(
    "R37: steps by value, instead of the nearest and the velocity",
    arguments: [
      (DividerStep.next, 400.0, 500.0, Optional(1)), (.previous, 400, 250, 0), (.first, 400, 250, 0),
      (.last, 400, 750, 2), (.next, 750, 750, nil), (.previous, 250, 250, nil), (.previous, 100, 100, nil),
      (.first, 250, 250, 0), (.last, 900, 750, 2),
    ])
  func steps(_ step: DividerStep, _ position: Double, _ expected: Double, _ anchor: Int?) {
    let answer = Self.settled(Self.scene(position: position, velocity: -5000, step: step))
    #expect(answer == DividerAnswer(position: expected, anchor: anchor))
  }

  @Test("R37: anchors out of order are stepped by value, the answer naming the list index")
  func unorderedAnchors() {
    let anchors: [DividerLength] = [.absolute(750), .fractional(0.25), .absolute(500)]
    #expect(
      Self.settled(Self.scene(position: 400, step: .next, anchors: anchors)) == DividerAnswer(position: 500, anchor: 2))
    #expect(
      Self.settled(Self.scene(position: 400, step: .first, anchors: anchors)) == DividerAnswer(position: 250, anchor: 1)
    )
    #expect(
      Self.settled(Self.scene(position: 400, step: .last, anchors: anchors)) == DividerAnswer(position: 750, anchor: 0))
  }

  @Test("R37: candidates of equal value count as one, the earliest in R31's list")
  func equalValues() {
    let anchors: [DividerLength] = [.absolute(500), .fractional(0.5), .absolute(250), .absolute(500)]
    func settled(_ step: DividerStep?, velocity: Double = 0) -> DividerAnswer? {
      Self.settled(Self.scene(position: 400, velocity: velocity, step: step, anchors: anchors))
    }
    #expect(settled(.next) == DividerAnswer(position: 500, anchor: 0))
    #expect(settled(.last) == DividerAnswer(position: 500, anchor: 0))
    #expect(settled(.first) == DividerAnswer(position: 250, anchor: 2))
    #expect(settled(.previous) == DividerAnswer(position: 250, anchor: 2))
    #expect(settled(nil, velocity: 800) == DividerAnswer(position: 500, anchor: 0))
    #expect(settled(nil) == DividerAnswer(position: 500, anchor: 0))
    // A fold at the same value as an anchor comes after it in the list.
    var scene = Self.scene(position: 400, step: .next, anchors: [.absolute(750), .absolute(500)])
    scene.regions = [inactiveFold(id: 1, x: 500, width: 0, height: 800)]
    #expect(Self.settled(scene) == DividerAnswer(position: 500, anchor: 1))
    scene.divider!.step = .last
    #expect(Self.settled(scene) == DividerAnswer(position: 750, anchor: 0))
  }

  @Test("R37, R31: crossing inactive folds: only the fold across the split axis is a candidate")
  func crossingFolds() {
    var scene = Self.scene(position: 550, step: .next)
    scene.regions = [
      inactiveFold(id: 7, x: 600, width: 0, height: 800),
      inactiveFold(id: 3, x: 0, y: 300, width: 1000, height: 0),
    ]
    #expect(Self.settled(scene) == DividerAnswer(position: 600, anchor: 3))
    // The same posture in a tall window: the horizontal fold is the candidate.
    var tall = scene
    tall.container = rect(0, 0, 600, 1000)
    tall.regions = [
      inactiveFold(id: 7, x: 300, width: 0, height: 1000),
      inactiveFold(id: 3, x: 0, y: 300, width: 600, height: 0),
    ]
    tall.divider = Divider(position: .fractional(0.1), snap: true, step: .next)
    #expect(tall.solve().splitAxis == .vertical)
    #expect(Self.settled(tall) == DividerAnswer(position: 300, anchor: 0))
    tall.divider!.step = .last
    #expect(Self.settled(tall) == DividerAnswer(position: 300, anchor: 0))
    // Crossing active folds: the fold applies, and the divider does not.
    var active = scene
    active.regions = [fold(id: 7, x: 500, width: 0, height: 800), fold(id: 3, x: 0, y: 400, width: 1000, height: 0)]
    #expect(active.solve().divider == nil)
  }

  @Test("R37: right to left, a positive velocity moves the divider away from the placement origin (the right)")
  func rightToLeft() {
    var scene = Self.scene(position: 400, velocity: 800)
    scene.layoutDirection = .rightToLeft
    var solution = scene.solve()
    #expect(solution.divider == DividerAnswer(position: 500, anchor: 1))
    #expect(solution.primary.frame == rect(500, 0, 500, 800))
    scene.divider!.velocity = -800
    solution = scene.solve()
    #expect(solution.divider == DividerAnswer(position: 250, anchor: 0))
    #expect(solution.primary.frame == rect(750, 0, 250, 800))
    scene.divider!.step = .last
    #expect(scene.solve().primary.frame == rect(250, 0, 750, 800))
  }

  @Test("R37: positions keep one position per split axis; reflow uses the axis it solves along")
  func positionsPerAxis() {
    var scene = splitScene()
    scene.divider = Divider(
      position: .fractional(0.4), positions: DividerPositions(vertical: .fractional(0.25)))
    #expect(scene.solve().primary.frame == rect(0, 0, 400, 800))
    scene.container = rect(0, 0, 600, 1000)
    #expect(scene.solve().splitAxis == .vertical)
    #expect(scene.solve().primary.frame == rect(0, 0, 600, 250))
    scene.container = rect(0, 0, 1000, 800)
    scene.divider!.positions.horizontal = .absolute(700)
    #expect(scene.solve().primary.frame == rect(0, 0, 700, 800))
    // Reflow: hidden along the width (compact), solved again along the height.
    scene.sizeClass = SizeClasses(horizontal: .compact, vertical: .regular)
    scene.secondary.adapt = .reflow
    let reflowed = scene.solve()
    #expect(reflowed.adapted == .reflowed)
    #expect(reflowed.primary.frame == rect(0, 0, 1000, 200))
    #expect(reflowed.divider == DividerAnswer(position: 200, anchor: nil))
  }

  @Test("R37: a drag and a moved plan answer releases and steps as the scene does, bit for bit")
  func everyPath() {
    let anchors: [DividerLength] = [.absolute(250), .fractional(0.5), .absolute(750), .absolute(500)]
    var base = splitScene()
    base.regions = [inactiveFold(id: 2, x: 620, width: 0, height: 800)]
    base.divider = Divider(position: .absolute(0), anchors: anchors, snap: true)
    var plan = ArrangementPlan(base)
    var drag = plan.dividerDrag(width: 1000, height: 800)
    for position in stride(from: 0.0, through: 1000, by: 37.5) {
      for velocity in [0.0, 120, -399, 400, -400, 2500, .nan] {
        for step in [nil] + DividerStep.allCases.map(Optional.some) {
          for snap in [true, false] {
            var scene = base
            scene.divider = Divider(
              position: .absolute(position), anchors: anchors, snap: snap, velocity: velocity, step: step)
            let expected = thirdBits(scene.solve())
            let dragged = drag.move(to: .absolute(position), snap: snap, velocity: velocity, step: step)
            #expect(thirdBits(dragged) == expected, "\(position) \(velocity) \(String(describing: step))")
            plan.moveDivider(to: .absolute(position), snap: snap, velocity: velocity, step: step)
            #expect(thirdBits(plan.solve(width: 1000, height: 800)) == expected)
            #expect(thirdBits(ArrangementPlan(scene).solve(width: 1000, height: 800)) == expected)
          }
        }
      }
    }
  }
}

// MARK: - R38

@Suite("Levitate placed, resized and dimmed (R38)")
struct LevitateAlignmentTests {
  /// 1000 × 800, compact both ways: R17 hides the secondary, which levitates
  /// over the whole area, 500 × 400 by default.
  static func scene(_ levitation: Levitation = Levitation(), direction: LayoutDirection = .leftToRight) -> Scene {
    var scene = splitScene()
    scene.sizeClass = compact
    scene.layoutDirection = direction
    scene.secondary.adapt = .levitate
    scene.levitation = levitation
    return scene
  }

  static let leftToRight: [(LevitateAlignment, Double, Double)] = [
    (.center, 250, 200), (.top, 250, 0), (.bottom, 250, 400), (.leading, 0, 200), (.trailing, 500, 200),
    (.topLeading, 0, 0), (.topTrailing, 500, 0), (.bottomLeading, 0, 400), (.bottomTrailing, 500, 400),
  ]

  @Test("R38: every alignment, left to right", arguments: leftToRight)
  func alignedLeftToRight(_ alignment: LevitateAlignment, _ x: Double, _ y: Double) {
    let solution = Self.scene(Levitation(alignment: alignment)).solve()
    #expect(solution.adapted == .levitated)
    #expect(solution.primary.frame == rect(0, 0, 1000, 800))
    #expect(solution.secondary.frame == rect(x, y, 500, 400))
    #expect(solution.secondary.zIndex == 1)
  }

  @Test("R38: every alignment, right to left: leading is the right", arguments: leftToRight)
  func alignedRightToLeft(_ alignment: LevitateAlignment, _ x: Double, _ y: Double) {
    let solution = Self.scene(Levitation(alignment: alignment), direction: .rightToLeft).solve()
    let mirroredX = alignment.horizontalEdge == nil ? x : 500 - x
    #expect(solution.secondary.frame == rect(mirroredX, y, 500, 400))
  }

  @Test("R38: {\"levitate\": {}} places and sizes as the string levitate does")
  func defaultObject() {
    var plain = Self.scene()
    plain.levitation = nil
    #expect(thirdBits(Self.scene().solve()) == thirdBits(plain.solve()))
  }

  @Test("R38: size beyond F is at most F's length; the edge placed on F's far edge keeps x0 ≥ Fx")
  func sizeBeyondF() {
    let levitation = Levitation(alignment: .bottomTrailing, width: .absolute(5000), height: .fractional(1))
    let solution = Self.scene(levitation).solve()
    #expect(solution.secondary.frame == rect(0, 0, 1000, 800))
  }

  @Test("R38: size replaces the preferred size; the minimum and maximum still clamp it")
  func sizeClamped() {
    var scene = Self.scene(Levitation(alignment: .trailing, width: .absolute(400)))
    scene.secondary.width = DimensionRange(maximum: .absolute(300))
    #expect(scene.solve().secondary.frame == rect(700, 200, 300, 400))
    scene.secondary.width = DimensionRange(minimum: .absolute(600), preferred: .absolute(100))
    #expect(scene.solve().secondary.frame == rect(400, 200, 600, 400))
    scene.secondary.width = DimensionRange(preferred: .absolute(100))
    #expect(scene.solve().secondary.frame == rect(600, 200, 400, 400))
  }

  @Test("R38, §2: under fixedSize a size can shrink the pane but not grow it past its ideal size")
  func fixedSize() {
    var scene = Self.scene(Levitation(width: .absolute(400)))
    scene.secondary.idealSize = Size(width: 200, height: 100)
    scene.secondary.fixedSize = true
    #expect(scene.solve().secondary.frame == rect(400, 350, 200, 100))
    scene.levitation!.width = .absolute(120)
    #expect(scene.solve().secondary.frame == rect(440, 350, 120, 100))
    scene.secondary.fixedSize = FixedLayoutSize(horizontal: false, vertical: true)
    scene.levitation!.width = .absolute(400)
    #expect(scene.solve().secondary.frame == rect(300, 350, 400, 100))
  }

  @Test("R38: a size that resolves to nothing (intrinsic, no idealSize) leaves half of F; with one, the ideal size")
  func intrinsicSize() {
    var scene = Self.scene(Levitation(width: .intrinsic, height: .absolute(.nan)))
    #expect(scene.solve().secondary.frame == rect(250, 200, 500, 400))
    scene.secondary.idealSize = Size(width: 300, height: 100)
    #expect(scene.solve().secondary.frame == rect(350, 200, 300, 400))
  }

  @Test("R38, R9: with displayScale the placed edges are rounded in window coordinates and clamped into F")
  func rounded() {
    var scene = Self.scene(Levitation(alignment: .trailing, width: .absolute(333.3)))
    scene.container.x = 0.25
    scene.displayScale = 2
    let frame = scene.solve().secondary.frame
    // x0 = 1000 − 333.3 = 666.7 → window 666.95 → 667 → 666.75; x1 = 1000 → window 1000.25 → 1000.5, clamped to 1000.
    #expect(frame.x == 666.75)
    #expect(frame.maxX == 1000)
  }

  @Test("R38, R19: beside a fold, the secondary is aligned in the primary's side of it")
  func besideFold() {
    var scene = bookScene()
    scene.axes = .vertical
    scene.secondary.adapt = .levitate
    scene.levitation = Levitation(alignment: .bottomTrailing)
    let solution = scene.solve()
    #expect(solution.primary.frame == rect(0, 0, 475, 760))
    #expect(solution.secondary.frame == rect(237.5, 380, 237.5, 380))
  }

  @Test("R38: scrim names F when true and levitated, otherwise nil; the answer has it only for the object form")
  func scrim() {
    var scene = Self.scene(Levitation(scrim: true))
    #expect(scene.answersScrim)
    #expect(scene.scrim(of: scene.solve()) == rect(0, 0, 1000, 800))
    scene.levitation!.scrim = false
    #expect(scene.scrim(of: scene.solve()) == nil)
    scene.levitation!.scrim = true
    scene.sizeClass = regular
    #expect(scene.solve().adapted == nil)
    #expect(scene.scrim(of: scene.solve()) == nil)
    scene.secondary.adapt = .reflow
    #expect(!scene.answersScrim)
  }

  @Test("R38: plans answer every alignment and size as the scene does, bit for bit")
  func plans() {
    for alignment in LevitateAlignment.allCases {
      for direction in [LayoutDirection.leftToRight, .rightToLeft] {
        for size in [nil, Dimension.absolute(123.4), .fractional(0.8), .intrinsic, .absolute(9000)] {
          var scene = Self.scene(Levitation(alignment: alignment, width: size, height: size), direction: direction)
          scene.displayScale = 3
          scene.container.x = 0.1
          scene.secondary.idealSize = Size(width: 222.2, height: 111.1)
          let plan = ArrangementPlan(scene)
          for width in [320.0, 700.5, 1000, 1366] {
            scene.container.width = width
            #expect(thirdBits(plan.solve(width: width, height: 800)) == thirdBits(scene.solve()))
          }
        }
      }
    }
  }
}

// MARK: - R39 and R34 amended

@Suite("Motion kinds (R39) and R34's kept edges")
struct MotionKindTests {
  static func scene(width: Double = 1000, height: Double = 800, _ direction: LayoutDirection = .leftToRight) -> Scene {
    var scene = splitScene(width: width, height: height)
    scene.layoutDirection = direction
    return scene
  }

  static func hidingSecondary(_ scene: Scene) -> Scene {
    var hidden = scene
    hidden.secondary.visible = false
    return hidden
  }

  @Test(
    "R39: a pane that disappears exits to its outer edge along from's split axis, named physically; one that appears enters from it",
    arguments: [
      (1000.0, 800.0, LayoutDirection.leftToRight, MotionEdge.right), (1000, 800, .rightToLeft, .left),
      (600, 1000, .leftToRight, .bottom), (600, 1000, .rightToLeft, .bottom),
    ])
  func exitsAndEnters(_ width: Double, _ height: Double, _ direction: LayoutDirection, _ edge: MotionEdge) {
    let both = Self.scene(width: width, height: height, direction)
    let lone = Self.hidingSecondary(both)
    let exiting = Transition(from: both, to: lone)
    #expect(exiting.motion.secondary == PaneMotion(kind: .exiting, edge: edge))
    #expect(exiting.motion.primary == PaneMotion(kind: .moving))
    let entering = Transition(from: lone, to: both)
    #expect(entering.motion.secondary == PaneMotion(kind: .entering, edge: edge))
    // R34 collapses the pane there: at the first in-between frame it hugs that edge.
    let early = entering.solution(at: 1e-9).secondary.frame
    switch edge {
    case .right: #expect(early.maxX == width)
    case .left: #expect(early.x == 0)
    case .bottom: #expect(early.maxY == height)
    default: Issue.record("unexpected edge")
    }
  }

  @Test("R39: a primary that R6 hides exits to the left, its outer edge")
  func primaryExits() {
    let both = Self.scene()
    var alone = both
    alone.secondary = pane(minimum: .absolute(200), priority: 1)
    alone.primary = pane(minimum: .absolute(900))
    #expect(!alone.solve().primary.visible)
    let transition = Transition(from: both, to: alone)
    #expect(transition.motion.primary == PaneMotion(kind: .exiting, edge: .left))
    #expect(transition.motion.secondary == PaneMotion(kind: .moving))
  }

  @Test("R39: with no split axis a pane enters from its centre; a pane that stays keeps its frame in every frame")
  func centreAndStaying() {
    let lone = Self.hidingSecondary(Self.scene())
    var overlay = Self.scene()
    overlay.style = .overlay
    #expect(overlay.solve().splitAxis == nil)
    let transition = Transition(from: lone, to: overlay)
    #expect(transition.motion.secondary == PaneMotion(kind: .entering, edge: .center))
    #expect(transition.motion.primary == PaneMotion(kind: .staying))
    for t in [0.0, 0.25, 0.5, 1] {
      #expect(transition.solution(at: t).primary.frame == rect(0, 0, 1000, 800))
    }
    let leaving = Transition(from: overlay, to: lone)
    #expect(leaving.motion.secondary == PaneMotion(kind: .exiting, edge: .center))
  }

  @Test("R39: hidden at both ends is absent; the same scene at both ends stays")
  func absentAndStaying() {
    let lone = Self.hidingSecondary(Self.scene())
    var moved = lone
    moved.container.width = 900
    let transition = Transition(from: lone, to: moved)
    #expect(transition.motion.secondary == PaneMotion(kind: .absent))
    #expect(transition.motion.primary == PaneMotion(kind: .moving))
    let still = Transition(from: Self.scene(), to: Self.scene())
    #expect(
      still.motion == TransitionMotion(primary: PaneMotion(kind: .staying), secondary: PaneMotion(kind: .staying)))
    var empty = Self.scene()
    empty.container.width = 0
    let vanishing = Transition(from: empty, to: empty)
    #expect(vanishing.motion.primary.kind == .absent && vanishing.motion.secondary.kind == .absent)
  }

  @Test("R39: a moving container moves a pane whose local frame is the same")
  func movingContainer() {
    var moved = Self.scene()
    moved.container.x = 10
    #expect(moved.solve().primary.frame == Self.scene().solve().primary.frame)
    #expect(Transition(from: Self.scene(), to: moved).motion.primary.kind == .moving)
  }

  @Test("R39: the kinds agree with the frames at t = 0 and t = 1 for hand-made answers too")
  func kindsFromAnswers() {
    let shown = PaneLayout(visible: true, frame: rect(0, 0, 10, 10), zIndex: 0, sizeClass: compact)
    let hidden = PaneLayout(visible: false, frame: .zero, zIndex: 0, sizeClass: compact)
    for (a, b) in [(shown, hidden), (hidden, shown), (shown, shown), (hidden, hidden)] {
      let from = Solution(primary: a, secondary: hidden, splitAxis: nil)
      let to = Solution(primary: b, secondary: hidden, splitAxis: nil)
      let transition = Transition(from: from, at: .zero, to: to, at: .zero, scale: nil)
      let kind = transition.motion.primary.kind
      let start = transition.solution(at: 0).primary.visible
      let end = transition.solution(at: 1).primary.visible
      switch kind {
      case .entering: #expect(!start && end)
      case .exiting: #expect(start && !end)
      case .staying: #expect(start && end && transition.solution(at: 0).primary == transition.solution(at: 1).primary)
      case .absent: #expect(!start && !end)
      case .moving: Issue.record("equal frames do not move")
      }
      #expect(transition.motion.primary.edge == (start != end ? .center : nil))
    }
  }

  @Test("R34 amended: an edge equal at both ends is kept, not rounded (the container at x 0.3, displayScale 1)")
  func keptEdge() {
    var both = Self.scene()
    both.container.x = 0.3
    both.displayScale = 1
    let lone = Self.hidingSecondary(both)
    let transition = Transition(from: both, to: lone)
    #expect(transition.from.primary.frame.x == 0)
    let middle = transition.solution(at: 0.5).primary.frame
    // The left edge at window 0.3 at both ends stays there (before: rounded to 0, local −0.3).
    #expect(middle.x == 0)
    #expect(middle.y == 0)
    // The right edge moves from window 500 to 1000.3 and is rounded: 750.15 → 750.
    #expect(middle.maxX + 0.3 == 750)
    var frames = [Solution](repeating: transition.from, count: 3)
    _ = frames.withUnsafeMutableBufferPointer { transition.solutions(steps: 2, into: $0) }
    #expect(frames.map(\.primary.frame.x) == [0, 0, 0])
  }

  @Test("R34 amended: a rounded edge that would pass a kept one is set to it; two rounded edges as before")
  func crossingKept() {
    let hidden = PaneLayout(visible: false, frame: .zero, zIndex: 0, sizeClass: compact)
    func transition(_ from: Rect, _ to: Rect) -> Transition {
      Transition(
        from: Solution(
          primary: PaneLayout(visible: true, frame: from, zIndex: 0, sizeClass: compact), secondary: hidden,
          splitAxis: nil),
        at: .zero,
        to: Solution(
          primary: PaneLayout(visible: true, frame: to, zIndex: 0, sizeClass: compact), secondary: hidden,
          splitAxis: nil),
        at: .zero, scale: 1)
    }
    // The max x edge is kept at 10.7; the min x edge moves 0 → 10.6, at t = 0.999 it is 10.5894 → 11.
    let keptHigh = transition(rect(0, 0, 10.7, 100), rect(10.6, 0, 0.1, 100))
    #expect(keptHigh.solution(at: 0.999).primary.frame == rect(10.7, 0, 0, 100))
    #expect(keptHigh.solution(at: 0.5).primary.frame == rect(5, 0, 10.7 - 5, 100))
    // The min x edge is kept at 10.4; the max x edge 10.45 → 20 is 10.4595 → 10 at t = 0.001: set to 10.4.
    let keptLow = transition(rect(10.4, 0, 0.05, 100), rect(10.4, 0, 9.6, 100))
    #expect(keptLow.solution(at: 0.001).primary.frame == rect(10.4, 0, 0, 100))
  }
}

// MARK: - Allocations

@Suite("The fourth generation's paths make no heap allocations (R36–R39)")
struct FourthGenerationAllocationTests {
  func allocations(_ body: () -> Void) -> UInt64 {
    let before = ac_thread_counts().allocations
    body()
    return ac_thread_counts().allocations - before
  }

  @Test(
    "Environments, releases, steps, drags, levitated alignments and transitions with motion: zero heap allocations",
    .enabled(if: ac_is_available() != 0, "the allocation counter is compiled out under sanitizers"),
    .enabled(if: isOptimized, "counts mean something only in release: -O keeps values off the heap"))
  func zeroAllocations() {
    let book = EnvironmentTests.book(.rightToLeft, EnvironmentRequest(includeInactive: true))
    var released = DividerReleaseTests.scene(velocity: 800, step: nil)
    released.regions = [inactiveFold(id: 2, x: 620, width: 0, height: 800)]
    let plan = ArrangementPlan(released)
    var drag = plan.dividerDrag(width: 1000, height: 800)
    let levitated = LevitateAlignmentTests.scene(
      Levitation(alignment: .bottomTrailing, scrim: true, width: .absolute(320)))
    let levitatedPlan = ArrangementPlan(levitated)
    let lone = MotionKindTests.hidingSecondary(MotionKindTests.scene())
    var sink = 0.0
    let work = {
      for index in 0..<500 {
        let solution = book.solve()
        sink += Double(book.environment(of: solution.primary)?.count ?? 0)
        sink += Double(book.environment(of: solution.secondary)?.count ?? 0)
        let step = DividerStep(rawValue: UInt8(index % 4))
        sink +=
          drag.move(to: .absolute(Double(index)), snap: true, velocity: Double(index - 250) * 4, step: step)
          .primary.frame.width
        sink += released.solve().primary.frame.width
        sink += levitatedPlan.solve(width: 900 + Double(index % 50), height: 800).secondary.frame.x
        sink += levitated.scrim(of: levitated.solve())?.width ?? 0
        let transition = Transition(from: released, to: lone)
        sink += Double(transition.motion.secondary.kind.rawValue) + transition.solution(at: 0.5).primary.frame.width
      }
    }
    work()
    #expect(allocations(work) == 0)
    #expect(sink > 0)
  }
}
