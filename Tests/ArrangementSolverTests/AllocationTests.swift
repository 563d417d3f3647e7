import ArrangementSolver
import CMeasurement
import Testing

#if DEBUG
  let isOptimized = false
#else
  let isOptimized = true
#endif

@Suite("The solve path allocates nothing")
struct AllocationTests {
  /// Heap allocations made by `body` on this thread.
  func allocations(_ body: () -> Void) -> UInt64 {
    let before = ac_thread_counts().allocations
    body()
    return ac_thread_counts().allocations - before
  }

  @Test(
    "Solving scenes, plans and batches, querying regions, displacing and fitting grids make zero heap allocations",
    .enabled(if: ac_is_available() != 0, "the allocation counter is compiled out under sanitizers"),
    .enabled(if: isOptimized, "counts mean something only in release: -O keeps values off the heap"))
  func zeroAllocations() {
    var scenes = [splitScene(primary: pane(minimum: .absolute(250), preferred: .fractional(0.3))), bookScene()]
    var overlay = bookScene()
    overlay.style = .overlay
    overlay.layoutDirection = .rightToLeft
    scenes.append(overlay)
    var rounded = splitScene(primary: pane(preferred: .fractional(0.3337)))
    rounded.displayScale = 3
    scenes.append(rounded)
    let query = RegionQuery(view: rect(0, 0, 950, 760), kind: .division, includeInactive: true)
    var output = [ReservedRegion](repeating: bookScene().regions[0], count: 8)
    var areas = [Rect](repeating: .zero, count: 8)
    let alert = Displacement(
      view: rect(0, 0, 951, 669), elements: ElementFrames([rect(100, 200, 270, 150), rect(110, 360, 150, 90)]),
      purpose: .contextual, anchor: rect(100, 200, 270, 150),
      regions: [fold(x: 463.5, width: 24, height: 669), camera(id: 3, x: 200, y: 0, size: 40)])
    let grid = GridFit(
      frame: rect(0, 0, 951, 669), minimumCellWidth: 150, spacing: 16, margin: 20, regions: alert.regions)
    var columns = [Rect](repeating: .zero, count: 16)
    let plan = ArrangementPlan(scenes[0])
    let sizes = (0..<16).map { Size(width: 320 + Double($0) * 100, height: 800) }
    var solutions = [Solution](repeating: scenes[0].solve(), count: sizes.count)
    let widths = sizes.map(\.width)
    let heights = sizes.map(\.height)
    let storage = UnsafeMutableRawBufferPointer.allocate(
      byteCount: SolutionColumns.byteCount(for: sizes.count), alignment: 16)
    defer { storage.deallocate() }
    let solutionColumns = SolutionColumns(storage, count: sizes.count)
    var sink = 0.0
    let work = {
      for index in 0..<2000 {
        var scene = scenes[index % scenes.count]
        scene.container.width += Double(index % 7)
        let solution = scene.solve()
        sink += solution.primary.frame.width + solution.secondary.frame.width
        sink += scene.solve(resizingTo: Size(width: 700 + Double(index % 5), height: 600)).primary.frame.width
        sink += Double(query.answer(for: scene.regions).count)
        sink += Double(output.withUnsafeMutableBufferPointer { query.answer(for: scene.regions, into: $0) })
        sink += Double(
          areas.withUnsafeMutableBufferPointer { scene.regions.usableAreas(of: scene.container, into: $0) })
        // A plan per size (the regime kernel and the general path), and both batch entry points.
        sink += plan.solve(width: sizes[index % sizes.count].width, height: 800).secondary.frame.width
        sink += plan.solve(width: 100, height: 800).primary.frame.width
        if index % 64 == 0 {
          sink += Double(
            sizes.withUnsafeBufferPointer { sizes in
              solutions.withUnsafeMutableBufferPointer { plan.solve(sizes: sizes, into: $0) }
            })
          sink += Double(
            widths.withUnsafeBufferPointer { widths in
              heights.withUnsafeBufferPointer { plan.solve(widths: widths, heights: $0, into: solutionColumns) }
            })
          sink += Double(
            scenes.withUnsafeBufferPointer { scenes in
              solutions.withUnsafeMutableBufferPointer { Scene.solve(scenes, into: $0) }
            })
        }
        sink += alert.displaced().elements[0].x
        sink += Double(columns.withUnsafeMutableBufferPointer { grid.columns(into: $0) })
      }
    }
    work()  // warm-up: first use of generic metadata may allocate
    #expect(allocations(work) == 0)
    #expect(sink > 0)
  }
}
