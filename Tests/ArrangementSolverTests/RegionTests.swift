import ArrangementSolver
import Testing

@Suite("Reserved regions and queries (R10–R15)")
struct RegionTests {
  let regions: ReservedRegions = [
    camera(id: 3, x: 900, y: 10, size: 20),  // outer camera, active
    fold(id: 2, x: 463.5, width: 24, height: 760, active: true, margin: 8),
    camera(id: 1, x: 120, y: 0, size: 30, active: false),  // inner camera, idle
  ]

  @Test("R10: a division region divides a split; an occlusion region does not")
  func kinds() {
    var scene = splitScene(width: 950, height: 760)
    scene.regions = [camera(id: 1, x: 460, y: 0, size: 30)]
    #expect(scene.solve().primary.frame.width == 475)  // sizing, as with no region
    scene.regions = [fold(x: 460, width: 30, height: 760)]
    #expect(scene.solve().primary.frame.width == 460)  // the fold's frame decides
  }

  @Test("R11: the hardware frame is the frame inset by the margins")
  func hardwareFrame() {
    let fold = regions[1]
    #expect(fold.hardwareFrame == rect(471.5, 0, 8, 760))
    // A margin larger than the frame leaves an empty hardware frame, not a negative one.
    let thin = ReservedRegion(id: 9, kind: .division, frame: rect(0, 0, 4, 10), margins: EdgeInsets(left: 3, right: 3))
    #expect(thin.hardwareFrame.width == 0)
  }

  @Test("R12: only active regions of the kind are returned unless includeInactive is given")
  func activeOnly() {
    let view = rect(0, 0, 950, 760)
    #expect(RegionQuery(view: view, kind: .occlusion).answer(for: regions).map(\.id) == [3])
    #expect(RegionQuery(view: view, kind: .occlusion, includeInactive: true).answer(for: regions).map(\.id) == [1, 3])
    #expect(RegionQuery(view: view, kind: .division).answer(for: regions).map(\.id) == [2])
  }

  @Test("R12: answers come in ascending id order, whatever the given order")
  func ascendingID() {
    let shuffled: ReservedRegions = [
      camera(id: 7, x: 0, y: 0, size: 5), camera(id: -2, x: 5, y: 5, size: 5), camera(id: 4, x: 10, y: 0, size: 5),
    ]
    #expect(RegionQuery(view: rect(0, 0, 100, 100), kind: .occlusion).answer(for: shuffled).map(\.id) == [-2, 4, 7])
  }

  @Test("R12: frames are in the view's coordinates and not clipped")
  func viewCoordinates() {
    let answer = RegionQuery(view: rect(470, 0, 480, 760), kind: .division).answer(for: regions)
    #expect(answer.count == 1)
    #expect(answer[0].frame == rect(-6.5, 0, 24, 760))
    #expect(answer[0].margins == EdgeInsets(left: 8, right: 8))
  }

  @Test("R12: a region with area overlaps only by positive area; touching an edge is not enough")
  func positiveAreaOverlap() {
    let region: ReservedRegions = [camera(id: 1, x: 100, y: 0, size: 20)]
    #expect(RegionQuery(view: rect(0, 0, 100, 100), kind: .occlusion).answer(for: region).isEmpty)
    #expect(RegionQuery(view: rect(0, 0, 100.5, 100), kind: .occlusion).answer(for: region).count == 1)
  }

  @Test("R12: a zero-width fold overlaps a view whose edge it touches, edges included")
  func degenerateTouches() {
    let flat: ReservedRegions = [fold(x: 475, width: 0, height: 760, active: false)]
    let query = RegionQuery(view: rect(0, 0, 475, 760), kind: .division, includeInactive: true)
    #expect(query.answer(for: flat).count == 1)
    var beside = query
    beside.view = rect(476, 0, 475, 760)
    #expect(beside.answer(for: flat).isEmpty)
    // A point region (zero width and height) touching a corner.
    let point: ReservedRegions = [fold(x: 475, y: 760, width: 0, height: 0)]
    #expect(RegionQuery(view: rect(0, 0, 475, 760), kind: .division).answer(for: point).count == 1)
  }

  @Test("R13: mirrors in right-to-left flips frames across the view's centre and swaps left and right margins")
  func mirrors() {
    var asymmetric = regions
    asymmetric[1].margins = EdgeInsets(top: 1, left: 8, bottom: 2, right: 4)
    var query = RegionQuery(view: rect(100, 0, 850, 760), kind: .division, layoutDirection: .rightToLeft)
    let mirrored = query.answer(for: asymmetric)[0]
    #expect(mirrored.frame == rect(850 - (363.5 + 24), 0, 24, 760))
    #expect(mirrored.margins == EdgeInsets(top: 1, left: 4, bottom: 2, right: 8))
    query.layoutDirectionBehavior = .fixed
    let fixed = query.answer(for: asymmetric)[0]
    #expect(fixed.frame == rect(363.5, 0, 24, 760))
    #expect(fixed.margins == EdgeInsets(top: 1, left: 8, bottom: 2, right: 4))
    query.layoutDirection = .leftToRight
    query.layoutDirectionBehavior = .mirrors
    #expect(query.answer(for: asymmetric)[0].frame == fixed.frame)
  }

  @Test("R12: the answer can be written into caller storage, which reports a larger count when too small")
  func callerStorage() {
    let view = rect(0, 0, 950, 760)
    let query = RegionQuery(view: view, kind: .occlusion, includeInactive: true)
    var output = [ReservedRegion](repeating: regions[0], count: 1)
    let total = output.withUnsafeMutableBufferPointer { query.answer(for: regions, into: $0) }
    #expect(total == 2)
    #expect(output[0].id == 1)
  }

  @Test("R14: an inactive fold does not divide, whether it keeps its frame or has zero width")
  func inactiveFoldBothForms() {
    for width in [24.0, 0] {
      var scene = splitScene(width: 951, height: 669, primary: pane(preferred: .fractional(0.3)))
      scene.regions = [fold(x: 475.5 - width / 2, width: width, height: 669, active: false)]
      #expect(scene.solve().primary.frame.width == 0.3 * 951)
    }
  }

  @Test("R14: an active fold divides both in its folded width and at zero width")
  func activeFoldBothForms() {
    for width in [24.0, 0] {
      var scene = splitScene(width: 951, height: 669, primary: pane(preferred: .fractional(0.3)))
      scene.regions = [fold(x: 475.5 - width / 2, width: width, height: 669)]
      let solution = scene.solve()
      #expect(solution.primary.frame.maxX == 475.5 - width / 2)
      #expect(solution.secondary.frame.minX == 475.5 + width / 2)
    }
  }

  private func usableAreas(_ regions: ReservedRegions, view: Rect, direction: LayoutDirection = .leftToRight) -> [Rect]
  {
    var output = [Rect](repeating: .zero, count: 16)
    let count = output.withUnsafeMutableBufferPointer {
      regions.usableAreas(of: view, layoutDirection: direction, into: $0)
    }
    return Array(output[0..<min(count, 16)])
  }

  @Test("R15: an active fold splits a view into usable areas, leading first")
  func usableAreasBook() {
    let view = rect(0, 0, 951, 669)
    let book: ReservedRegions = [fold(x: 463.5, width: 24, height: 669)]
    #expect(usableAreas(book, view: view) == [rect(0, 0, 463.5, 669), rect(487.5, 0, 463.5, 669)])
    #expect(
      usableAreas(book, view: view, direction: .rightToLeft) == [rect(487.5, 0, 463.5, 669), rect(0, 0, 463.5, 669)])
  }

  @Test("R15: a view no active fold divides has one usable area, its frame in its own coordinates")
  func usableAreasWhole() {
    let view = rect(100, 50, 400, 300)
    #expect(usableAreas([fold(x: 300, width: 0, height: 1000, active: false)], view: view) == [rect(0, 0, 400, 300)])
    // A fold that does not span the view's height is no fold for layout.
    #expect(usableAreas([fold(x: 300, y: 100, width: 0, height: 100)], view: view) == [rect(0, 0, 400, 300)])
    // A fold past the view's edge leaves no usable length on one side.
    #expect(usableAreas([fold(x: 90, width: 10, height: 1000)], view: view) == [rect(0, 0, 400, 300)])
  }

  @Test("R15: a horizontal fold gives top and bottom areas; several folds give more")
  func usableAreasTabletopAndSeveral() {
    let view = rect(0, 0, 669, 951)
    #expect(
      usableAreas([fold(x: 0, y: 463.5, width: 669, height: 24)], view: view) == [
        rect(0, 0, 669, 463.5), rect(0, 487.5, 669, 463.5),
      ])
    let two: ReservedRegions = [
      fold(id: 1, x: 400, width: 10, height: 951), fold(id: 2, x: 200, width: 10, height: 951),
    ]
    #expect(
      usableAreas(two, view: view) == [rect(0, 0, 200, 951), rect(210, 0, 190, 951), rect(410, 0, 259, 951)])
  }

  @Test("R16: a region changed in place, appended or removed counts as a fold exactly when it is an active division")
  func foldsFollowTheRegionList() {
    // Rebuilt from scratch, the same list must give the same answer as the list changed in place.
    func expectSameAsFresh(_ scene: Scene, _ comment: Comment) {
      var fresh = scene
      fresh.regions = ReservedRegions(Array(scene.regions))
      #expect(scene.solve() == fresh.solve(), comment)
    }
    var scene = bookScene()
    scene.safeArea = .zero
    #expect(scene.solve().splitAxis == .horizontal)
    #expect(scene.solve().primary.frame.width == 475)
    // The fold made inactive in place: no fold, so the default equal split of 950 (R3).
    scene.regions[0].isActive = false
    expectSameAsFresh(scene, "fold made inactive")
    #expect(scene.solve().primary.frame.width == 475)
    scene.regions[0].frame.x = 300
    expectSameAsFresh(scene, "inactive fold moved")
    #expect(scene.solve().primary.frame.width == 475)
    // Active again at 300: each pane is one side of it (R18).
    scene.regions[0].isActive = true
    expectSameAsFresh(scene, "fold active again")
    #expect(scene.solve().primary.frame.width == 300)
    // Turned into a camera (occlusion): it no longer divides.
    scene.regions[0].kind = .occlusion
    expectSameAsFresh(scene, "fold turned camera")
    #expect(scene.solve().primary.frame.width == 475)
    // A fold appended after two cameras, in the last slot, is found.
    scene.regions.append(ReservedRegion(id: 2, kind: .occlusion, frame: rect(10, 10, 20, 20)))
    for id in 3...7 { scene.regions.append(ReservedRegion(id: id, kind: .occlusion, frame: rect(40, 10, 20, 20))) }
    scene.regions.append(fold(id: 8, x: 600, width: 0, height: 760))
    #expect(scene.regions.count == 8)
    expectSameAsFresh(scene, "fold in the last slot")
    #expect(scene.solve().primary.frame.width == 600)
    // Swapped to the front through MutableCollection, then everything removed.
    scene.regions.swapAt(0, 7)
    expectSameAsFresh(scene, "fold swapped to the front")
    #expect(scene.solve().primary.frame.width == 600)
    scene.regions.removeAll()
    expectSameAsFresh(scene, "all removed")
    #expect(scene.solve().primary.frame.width == 475)
  }

}
