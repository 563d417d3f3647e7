import ArrangementSolver
import CMeasurement
import Testing

@Suite("The third generation's solve paths and transitions allocate nothing (R30–R35)")
struct ThirdGenerationAllocationTests {
  /// Heap allocations made by `body` on this thread.
  func allocations(_ body: () -> Void) -> UInt64 {
    let before = ac_thread_counts().allocations
    body()
    return ac_thread_counts().allocations - before
  }

  /// Scenes that take every new path: a gap, a divider that snaps to anchors
  /// and folds, each fold policy and axes, reflow, levitate (beside a fold
  /// too), per-axis fixed sizes, a secondary's overlay edge.
  static func scenes() -> [Scene] {
    var scenes: [Scene] = []
    var gap = spaced(12)
    gap.primary = pane(minimum: .absolute(250), preferred: .fractional(0.3))
    gap.displayScale = 3
    scenes.append(gap)
    var divided = spaced(8)
    divided.regions = [
      inactiveFold(id: 2, x: 590, width: 20, height: 800), inactiveFold(id: 1, x: 300, width: 0, height: 800),
    ]
    divided.divider = Divider(
      position: .fractional(0.45), anchors: [.fractional(0.25), .absolute(500), .fractional(0.75)], snap: true)
    divided.layoutDirection = .rightToLeft
    scenes.append(divided)
    var always = bookScene()
    always.regions[0].isActive = false
    always.foldPolicy = .alwaysAvoid
    scenes.append(always)
    var never = bookScene()
    never.foldPolicy = .neverAvoid
    never.spacing = 10
    never.divider = Divider(position: .absolute(300), snap: true)
    scenes.append(never)
    var axes = tabletopScene()
    axes.foldAxes = .vertical
    scenes.append(axes)
    var reflow = splitScene()
    reflow.axes = .vertical
    reflow.secondary.adapt = .reflow
    reflow.spacing = 20
    reflow.divider = Divider(position: .fractional(0.25))
    scenes.append(reflow)
    var levitate = splitScene()
    levitate.secondary.width = DimensionRange(minimum: .absolute(1200))
    levitate.secondary.adapt = .levitate
    levitate.displayScale = 2
    scenes.append(levitate)
    var beside = bookScene()
    beside.axes = .vertical
    beside.secondary.adapt = .levitate
    scenes.append(beside)
    var fixed = splitScene()
    fixed.primary.idealSize = Size(width: 300, height: 200)
    fixed.primary.fixedSize = FixedLayoutSize(horizontal: true, vertical: false)
    scenes.append(fixed)
    var overlay = bookScene()
    overlay.style = .overlay
    overlay.secondary.overlayEdge = .trailing
    overlay.secondary.adapt = .levitate
    scenes.append(overlay)
    return scenes
  }

  @Test(
    "Cold solves, plans, moved dividers and every batch of scenes with the new fields make zero heap allocations",
    .enabled(if: ac_is_available() != 0, "the allocation counter is compiled out under sanitizers"),
    .enabled(if: isOptimized, "counts mean something only in release: -O keeps values off the heap"))
  func zeroAllocationsSolving() {
    var scenes = Self.scenes()
    let plans = scenes.map(ArrangementPlan.init)
    var moving = plans[1]
    let sizes = (0..<16).map { Size(width: 320 + Double($0) * 97.5, height: 500 + Double($0 % 5) * 111) }
    var solutions = [Solution](repeating: scenes[0].solve(), count: max(sizes.count, scenes.count))
    let widths = sizes.map(\.width)
    let heights = sizes.map(\.height)
    let storage = UnsafeMutableRawBufferPointer.allocate(
      byteCount: SolutionColumns.byteCount(for: sizes.count), alignment: 16)
    defer { storage.deallocate() }
    let columns = SolutionColumns(storage, count: sizes.count)
    var sink = 0.0
    let work = {
      for index in 0..<1000 {
        let which = index % scenes.count
        var scene = scenes[which]
        scene.container.width += Double(index % 7)
        let solution = scene.solve()
        sink += solution.primary.frame.width + solution.secondary.frame.width + (solution.divider?.position ?? 1)
        sink += scene.solve(resizingTo: Size(width: 700 + Double(index % 5), height: 600)).primary.frame.width
        let size = sizes[index % sizes.count]
        sink += plans[which].solve(width: size.width, height: size.height).primary.frame.width
        moving.moveDivider(to: .absolute(Double(index % 900)), snap: index % 2 == 0)
        sink += moving.solve(width: size.width, height: size.height).divider?.position ?? 1
        if index % 50 == 0 {
          sink += Double(
            sizes.withUnsafeBufferPointer { sizes in
              solutions.withUnsafeMutableBufferPointer { plans[which].solve(sizes: sizes, into: $0) }
            })
          sink += Double(
            widths.withUnsafeBufferPointer { widths in
              heights.withUnsafeBufferPointer { plans[which].solve(widths: widths, heights: $0, into: columns) }
            })
          sink += Double(
            scenes.withUnsafeMutableBufferPointer { scenes in
              solutions.withUnsafeMutableBufferPointer { Scene.solve(UnsafeBufferPointer(scenes), into: $0) }
            })
        }
      }
    }
    work()  // warm-up: first use of generic metadata may allocate
    #expect(allocations(work) == 0)
    #expect(sink > 0)
  }

  @Test(
    "Each transition frame, one at a time or a batch of steps into storage, makes zero heap allocations (R34)",
    .enabled(if: ac_is_available() != 0, "the allocation counter is compiled out under sanitizers"),
    .enabled(if: isOptimized, "counts mean something only in release: -O keeps values off the heap"))
  func zeroAllocationsTransitions() {
    let scenes = Self.scenes()
    var hidden = scenes[0]
    hidden.secondary.visible = false
    var moved = scenes[1]
    moved.container.x = 40
    moved.displayScale = 2
    let transitions = [
      Transition(from: scenes[0], to: scenes[1]), Transition(from: hidden, to: scenes[0]),
      Transition(from: scenes[6], to: moved), Transition(from: scenes[9], to: scenes[7]),
      Transition(from: scenes[5], to: hidden),
    ]
    var output = [Solution](repeating: transitions[0].from, count: 61)
    var sink = 0.0
    let work = {
      for index in 0..<600 {
        let transition = transitions[index % transitions.count]
        let frame = transition.solution(at: Double(index % 101) / 100)
        sink += frame.primary.frame.width + frame.secondary.frame.x
        if index % 20 == 0 {
          sink += Double(output.withUnsafeMutableBufferPointer { transition.solutions(steps: 60, into: $0) })
          sink += output[30].primary.frame.width
        }
      }
    }
    work()
    #expect(allocations(work) == 0)
    #expect(sink > 0)
  }
}
