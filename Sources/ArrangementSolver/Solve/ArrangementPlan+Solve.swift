extension ArrangementPlan {
  /// Solves the arrangement for a container of `width` × `height` points
  /// (at the compiled scene's origin): where each pane goes, its size
  /// classes and z-index (RULES.md §7).
  ///
  /// A pure function: the same plan and size give bit-identical output.
  /// Any `Double` is accepted (R29).
  ///
  /// - Complexity: O(*r*) in the number of active folds; no heap allocation.
  ///
  /// Note (bb750f2): the entries write into the caller's slot (``Solution/written(by:)``);
  /// a choice of entry inlined in the caller instead made its loop merge two
  /// calls' answers and reload them (callgrind, peers plan 212, plans/resize
  /// 294 instructions a size; so 195 and 283).
  @inlinable
  public func solve(width: Double, height: Double) -> Solution {
    Solution.written { solve(width: width, height: height, into: $0) }
  }

  /// ``solve(width:height:)`` into uninitialised memory: the compiled split
  /// here, the other entries out of line.
  ///
  /// Note (6881daf): one kernel instance inline, the others calls: with two
  /// inline the solve spilled more than either instance costs (callgrind,
  /// peers plan 319 against 277), and with every entry inline plans/resize
  /// cost 337 against 283 (bb750f2). The calls are separate functions: one
  /// generic over the mode stopped inlining the fold kernel (plans/resize
  /// 329 → 369).
  ///
  /// Note (1712361): where the kernel declines, each entry tail-calls
  /// `solveGeneral(width:height:into:)`; the general answer built on the
  /// entry's own frame (`slot.initialize(to: solveSize(…))`) gave every call
  /// a frame and a stack protector (callgrind: peers plan 148.8 → 143.8,
  /// plans/resize 279.8 → 271.4 instructions a size).
  ///
  /// Note (87ede66): each entry spells out `if let answer = kernel… { slot.initialize }`.
  /// A shared helper given the optional answer (a `Solution?` or the
  /// kernel's `RegimeAnswer?`) copied it once more (callgrind, peers plan
  /// 195 → 246 and 291 instructions a size).
  @usableFromInline @inline(never)
  func solve(width: Double, height: Double, into slot: UnsafeMutablePointer<Solution>) {
    if entry == .table {
      if !solveFromTable(width: width, height: height, mode: NoGrid.self, into: slot) {
        solveGeneral(width: width, height: height, into: slot)
      }
    } else if withTable(OutOfLine(width: width, height: height, slot: slot)) == nil {
      solveGeneral(width: width, height: height, into: slot)
    }
  }

  /// A size through ``solveTable(width:height:mode:into:)`` (``withTable(_:)``'s use in the entry).
  struct OutOfLine: KernelUse {
    let width: Double
    let height: Double
    let slot: UnsafeMutablePointer<Solution>
    @inline(__always)
    func callAsFunction<Mode: KernelMode>(_ plan: ArrangementPlan, _ mode: Mode.Type) {
      plan.solveTable(width: width, height: height, mode: mode, into: slot)
    }
  }

  /// ``solve(width:height:)`` for the tables but a plain split's (inline
  /// above), out of line: one instance per mode.
  @inline(never)
  func solveTable<Mode: KernelMode>(
    width: Double, height: Double, mode: Mode.Type, into slot: UnsafeMutablePointer<Solution>
  ) {
    if !solveFromTable(width: width, height: height, mode: mode, into: slot) {
      solveGeneral(width: width, height: height, into: slot)
    }
  }

  /// ``solve(width:height:)`` for a plan without a table, and sizes its table declines.
  @inline(never)
  func solveGeneral(width: Double, height: Double, into slot: UnsafeMutablePointer<Solution>) {
    slot.initialize(to: solveSize(width, height))
  }

  /// `use` with the mode of the plan's table, or `nil` for a plan without one.
  @inline(__always)
  func withTable<Use: KernelUse>(_ use: Use) -> Use.Answer? {
    switch entry {
    case .table: use(self, NoGrid.self)
    case .snappedTable: use(self, SnappingGrid.self)
    case .spacedTable where scale > 0: use(self, Spaced<SnappingGrid>.self)
    case .spacedTable: use(self, Spaced<NoGrid>.self)
    case .stackedTable: use(self, Stacked.self)
    case .foldTable: use(self, AcrossFold.self)
    case .sizedTable where spacing > 0 && scale > 0: use(self, Spaced<Sized<SnappingGrid>>.self)
    case .sizedTable where spacing > 0: use(self, Spaced<Sized<NoGrid>>.self)
    case .sizedTable where scale > 0: use(self, Sized<SnappingGrid>.self)
    case .sizedTable: use(self, Sized<NoGrid>.self)
    case .general: nil
    }
  }

  /// The fast path's answer for one size, or `nil` where the general path
  /// answers (for tests: that the fast path takes the sizes it should): the
  /// plan's ``AnswerTable`` (`nil` for a plan without one).
  package func regimeSolution(width: Double, height: Double) -> Solution? {
    struct One: KernelUse {
      let width: Double
      let height: Double
      let slot: UnsafeMutablePointer<Solution>
      func callAsFunction<Mode: KernelMode>(_ plan: ArrangementPlan, _ mode: Mode.Type) -> Bool {
        plan.solveFromTable(width: width, height: height, mode: mode, into: slot)
      }
    }
    return withUnsafeTemporaryAllocation(of: Solution.self, capacity: 1) { buffer in
      let slot = buffer.baseAddress!
      return withTable(One(width: width, height: height, slot: slot)) == true ? slot.move() : nil
    }
  }

  /// The same for two sizes, each in two of the four lanes a batch takes: both answers, or `nil`.
  package func regimeSolutions(widths: SIMD2<Double>, heights: SIMD2<Double>) -> (Solution, Solution)? {
    laneSolutions(
      widths: SIMD4(lowHalf: widths, highHalf: widths), heights: SIMD4(lowHalf: heights, highHalf: heights)
    ).map { ($0[0], $0[1]) }
  }

  /// The same for four sizes in SIMD lanes: the four answers, or `nil`.
  package func regimeSolutions(widths: SIMD4<Double>, heights: SIMD4<Double>) -> [Solution]? {
    laneSolutions(widths: widths, heights: heights)
  }

  /// The table's answers for the sizes in the lanes of `widths` and `heights`, or `nil`.
  func laneSolutions<Lanes: KernelLanes & SIMD>(widths: Lanes, heights: Lanes) -> [Solution]?
  where Lanes.Scalar == Double {
    return withUnsafeTemporaryAllocation(of: Solution.self, capacity: Lanes.scalarCount) { buffer in
      let slots = buffer.baseAddress!
      guard withTable(Lanewise(widths: widths, heights: heights, slots: slots)) == true else { return nil }
      return (0..<Lanes.scalarCount).map { (slots + $0).move() }
    }
  }

  /// Solves every size of `sizes` into `output` (the shape of a sweep or a
  /// resize animation) and returns how many were written: the smaller count.
  /// Each answer is bit-identical to ``solve(width:height:)``.
  ///
  /// - Complexity: O(*n*·*r*); no heap allocation.
  public func solve(sizes: UnsafeBufferPointer<Size>, into output: UnsafeMutableBufferPointer<Solution>) -> Int {
    solveAll(SizeSweep(sizes: sizes, output: output, count: Swift.min(sizes.count, output.count)))
  }

  /// Solves the sizes `(widths[i], heights[i])` into `columns`, a structure
  /// of arrays, and returns how many were written: the smallest count.
  /// Each answer is bit-identical to ``solve(width:height:)``.
  ///
  /// Plans solve four sizes per step in SIMD lanes where all take one row
  /// of the plan's ``AnswerTable`` (a compiled split, a stacked overlay, a
  /// plan with one fold) and, in a split, one piece of its sizing (or,
  /// where the sizing did not compile, both show after R3–R7 run in the
  /// lanes); other sizes, one at a time, through the table or the general path.
  ///
  /// - Complexity: O(*n*·*r*); no heap allocation.
  public func solve(
    widths: UnsafeBufferPointer<Double>, heights: UnsafeBufferPointer<Double>, into columns: SolutionColumns
  ) -> Int {
    let count = Swift.min(widths.count, heights.count, columns.count)
    return solveAll(ColumnSweep(widths: widths, heights: heights, columns: columns, count: count))
  }

  /// Every size of `sweep`: through the plan's table where it has one
  /// (``solveFromTable(_:mode:)``), else through the general path. Returns
  /// the sweep's count.
  @inline(__always)
  func solveAll<Sweep: PlanSweep>(_ sweep: Sweep) -> Int {
    if let count = withTable(SweepFromTable(sweep: sweep)) { return count }
    var index = 0
    while index < sweep.count {
      let (width, height) = sweep.size(index)
      sweep.put(solveSize(width, height), at: index)
      index += 1
    }
    return sweep.count
  }

  /// Every size of `sweep` through the plan's ``AnswerTable`` (four at a
  /// time where all four take one row, else one at a time), or the general path.
  ///
  /// Note (27e64ab): four lanes, then one: with pairs as well (four, then
  /// two, then one) the columns of plans/resize cost 103.2 instructions a size
  /// against 101.4; the array of solutions, a size at a time before, 76.4 → 67.3
  /// in fours (peers batch).
  @inline(never)
  func solveFromTable<Sweep: PlanSweep, Mode: KernelMode>(_ sweep: Sweep, mode: Mode.Type) -> Int {
    var index = 0
    while index + 4 <= sweep.count {
      let (widths, heights) = sweep.quad(index)
      let answered: Bool
      if Sweep.storesAfterwards {
        var found: TableAnswer<SIMD4<Double>>? = nil
        answered = tableAnswer(widths: widths, heights: heights, mode: mode) { found = $0 }
        if answered, let answer = found { sweep.put(answer, at: index) }
      } else {
        answered = tableAnswer(widths: widths, heights: heights, mode: mode) { sweep.put($0, at: index) }
      }
      if !answered {
        for offset in 0..<4 { solveOne(sweep, at: index + offset, mode: mode) }
      }
      index += 4
    }
    while index < sweep.count {
      solveOne(sweep, at: index, mode: mode)
      index += 1
    }
    return sweep.count
  }

  /// Size `index` of `sweep`, through the table or the general path.
  @inline(__always)
  func solveOne<Sweep: PlanSweep, Mode: KernelMode>(_ sweep: Sweep, at index: Int, mode: Mode.Type) {
    let (width, height) = sweep.size(index)
    if !tableAnswer(widths: width, heights: height, mode: mode, { sweep.put($0, at: index) }) {
      sweep.put(solveSize(width, height), at: index)
    }
  }
}

/// A sweep through a plan's table (``ArrangementPlan/solveFromTable(_:mode:)``).
struct SweepFromTable<Sweep: PlanSweep>: KernelUse {
  let sweep: Sweep

  @inline(__always)
  func callAsFunction<Mode: KernelMode>(_ plan: ArrangementPlan, _ mode: Mode.Type) -> Int {
    plan.solveFromTable(sweep, mode: mode)
  }
}

/// Where a batch reads its sizes and writes its answers.
protocol PlanSweep {
  /// Whether four answers are stored after the table has answered, not
  /// where it answers (a lone primary's row, both panes' rows).
  ///
  /// Note (c9768ea): four `Solution`s, stored at each of the table's answers,
  /// stayed a function of their own, the answers passed through memory
  /// (callgrind, peers batch 65.0 instructions a size against 57.1 stored
  /// afterwards); four columns' stores are inlined where the table
  /// answers, and afterwards cost more (peers columns 45.3 → 49.4).
  static var storesAfterwards: Bool { get }
  var count: Int { get }
  func size(_ index: Int) -> (width: Double, height: Double)
  /// The sizes at `index` through `index + 3`, in lanes.
  func quad(_ index: Int) -> (widths: SIMD4<Double>, heights: SIMD4<Double>)
  func put(_ solution: Solution, at index: Int)
  /// A table's answer for one size (``AnswerTable``).
  func put(_ answer: TableAnswer<Double>, at index: Int)
  /// A table's answer for the sizes at `index` through `index + 3`.
  func put(_ answer: TableAnswer<SIMD4<Double>>, at index: Int)
}

/// Sizes in, an array of solutions out.
struct SizeSweep: PlanSweep {
  static var storesAfterwards: Bool { true }
  let sizes: UnsafeBufferPointer<Size>
  let output: UnsafeMutableBufferPointer<Solution>
  let count: Int

  @inline(__always) func size(_ index: Int) -> (width: Double, height: Double) {
    (sizes[index].width, sizes[index].height)
  }
  @inline(__always) func quad(_ index: Int) -> (widths: SIMD4<Double>, heights: SIMD4<Double>) {
    let (first, second, third, fourth) = (sizes[index], sizes[index + 1], sizes[index + 2], sizes[index + 3])
    return (
      SIMD4(first.width, second.width, third.width, fourth.width),
      SIMD4(first.height, second.height, third.height, fourth.height)
    )
  }
  @inline(__always) func put(_ solution: Solution, at index: Int) { output[index] = solution }
  @inline(__always) func put(_ answer: TableAnswer<Double>, at index: Int) {
    answer.row.pointee.write(
      primary: answer.primary, secondary: answer.secondary, into: output.baseAddress.unsafelyUnwrapped + index)
  }
  @inline(__always) func put(_ answer: TableAnswer<SIMD4<Double>>, at index: Int) {
    let row = answer.row.pointee
    for lane in 0..<4 { answer.write(lane, row: row, into: output.baseAddress.unsafelyUnwrapped + index + lane) }
  }
}

/// Width and height columns in, solution columns out.
struct ColumnSweep: PlanSweep {
  static var storesAfterwards: Bool { false }
  let widths: UnsafeBufferPointer<Double>
  let heights: UnsafeBufferPointer<Double>
  let columns: SolutionColumns
  let count: Int

  @inline(__always) func size(_ index: Int) -> (width: Double, height: Double) { (widths[index], heights[index]) }
  @inline(__always) func quad(_ index: Int) -> (widths: SIMD4<Double>, heights: SIMD4<Double>) {
    (
      UnsafeRawPointer(widths.baseAddress.unsafelyUnwrapped + index).loadUnaligned(as: SIMD4<Double>.self),
      UnsafeRawPointer(heights.baseAddress.unsafelyUnwrapped + index).loadUnaligned(as: SIMD4<Double>.self)
    )
  }
  @inline(__always) func put(_ solution: Solution, at index: Int) { columns[index] = solution }
  @inline(__always) func put(_ answer: TableAnswer<Double>, at index: Int) {
    let (primary, secondary) = (answer.primary, answer.secondary)
    (columns.primaryX[index], columns.primaryY[index]) = (primary.x, primary.y)
    (columns.primaryWidth[index], columns.primaryHeight[index]) = (primary.width, primary.height)
    (columns.secondaryX[index], columns.secondaryY[index]) = (secondary.x, secondary.y)
    (columns.secondaryWidth[index], columns.secondaryHeight[index]) = (secondary.width, secondary.height)
    columns.flags[index] = SolutionColumns.Flags(rawValue: answer.row.pointee.flags)
  }
  @inline(__always) func put(_ answer: TableAnswer<SIMD4<Double>>, at index: Int) {
    func put(_ column: UnsafeMutablePointer<Double>, _ lanes: SIMD4<Double>) {
      UnsafeMutableRawPointer(column + index).storeBytes(of: lanes, as: SIMD4<Double>.self)
    }
    let (primary, secondary) = (answer.primary, answer.secondary)
    put(columns.primaryX, primary.x)
    put(columns.primaryY, primary.y)
    put(columns.primaryWidth, primary.width)
    put(columns.primaryHeight, primary.height)
    put(columns.secondaryX, secondary.x)
    put(columns.secondaryY, secondary.y)
    put(columns.secondaryWidth, secondary.width)
    put(columns.secondaryHeight, secondary.height)
    UnsafeMutableRawPointer(columns.flags + index).storeBytes(
      of: SIMD4(repeating: answer.row.pointee.flags), as: SIMD4<UInt64>.self)
  }
}

extension ArrangementConfiguration {
  /// The one solve, specialised for plans and for scenes.
  @inline(__always)
  func solveSize(_ width: Double, _ height: Double) -> Solution {
    // 1. The layout area: the container inset by the safe area (R1, R29).
    let context = SolveContext(self, width: width, height: height)

    // 2. An area with no width or no height shows neither pane (R1).
    guard context.hasArea else { return context.bothHidden }

    // 3. The fold that applies: active, dividing, nearest the centre (R16, R22).
    let fold = activeFoldCount == 0 ? nil : Fold.applying(self, context: context)

    // 4. Arrange the panes in the chosen style (§4, §5).
    switch arrangementStyle {
    case .split: return splitArrangement(context: context, fold: fold)
    case .overlay: return overlayArrangement(context: context, fold: fold)
    }
  }
}

extension Scene {
  /// Solves the arrangement: where each pane goes, its size classes and z-index.
  ///
  /// A pure function of the scene: the same scene gives bit-identical output.
  /// Any `Double` is accepted (R29): bad numbers are sanitised, and the answer
  /// is always finite and inside the layout area. Use ``validate()`` to report
  /// bad numbers instead, and ``ArrangementPlan`` to solve one configuration
  /// for many container sizes.
  ///
  /// ```swift
  /// let solution = Scene(container: Rect(x: 0, y: 0, width: 950, height: 760)).solve()
  /// solution.primary.frame  // (0, 0, 475, 760): the default split is equal
  /// ```
  ///
  /// Note (621dbce): read through `SceneReference`, the one reading of a scene's
  /// configuration (plans and batches use it too). A conformance of `Scene`
  /// of its own, a second spelling of every field, measured at most 8
  /// instructions a solve fewer (callgrind: peers 723 against 731,
  /// overlay/closed-landscape 338 against 346) and 2 more on
  /// split/closed-portrait (668 against 666): not worth the second spelling.
  ///
  /// Note (f336d69): inlined into the caller, which copies a scene held in memory
  /// for the call in any case, so the callee reads the copy in place. Read
  /// by value, the test for the third generation's fields made LLVM load the
  /// secondary's fields ahead and spill them (callgrind harness,
  /// instructions a solve with the caller's copy: overlay 453 → 411,
  /// cold split 773 → 727).
  ///
  /// - Complexity: O(*r*) in the number of regions; no heap allocation.
  @inlinable
  public func solve() -> Solution {
    var scene = self
    return scene.solveInPlace()
  }

  /// ``solve()`` of a scene held in memory, read in place (`mutating`: so
  /// it has an address; nothing is changed).
  ///
  /// Note (7d24804): a borrowed scene (a parameter, a `let`) read through
  /// `withUnsafePointer(to:)` was copied first once regions were read by
  /// address arithmetic (callgrind: transitions/make 1,807 → 2,032
  /// instructions); its callers hold a `var` (or a `consuming` parameter) instead.
  @inlinable
  package mutating func solveInPlace() -> Solution {
    Solution.written { solveInPlace(into: $0) }
  }

  /// ``solveInPlace()`` into uninitialised memory (``Solution/written(by:)``).
  @usableFromInline
  mutating func solveInPlace(into slot: UnsafeMutablePointer<Solution>) {
    withUnsafeMutablePointer(to: &self) {
      if $0.pointee.setsThirdGeneration {
        Self.solveThirdGeneration(UnsafePointer($0), into: slot)
      } else {
        slot.initialize(
          to: SceneReading<AppleSizing>(scene: $0).solveSize($0.pointee.container.width, $0.pointee.container.height))
      }
    }
  }

  /// Sets the container's size to `size`, then solves: ``solve()`` for a scene
  /// kept in place while its window is resized. The answer is bit-identical to
  /// setting `container.width` and `container.height` and calling ``solve()``.
  ///
  /// ```swift
  /// var scene = Scene(container: Rect(x: 0, y: 0, width: 950, height: 760))
  /// for width in stride(from: 600.0, through: 1200, by: 50) {
  ///   let solution = scene.solve(resizingTo: Size(width: width, height: 760))
  /// }
  /// ```
  ///
  /// Note (9eb82f1): a `mutating` method receives the scene by address, and reads it in
  /// place. ``solve()`` called from another module on a scene held in memory
  /// first copies the whole scene (997 bytes then, 1,050 since 65bcef9; 124 instructions of `memcpy` at 997):
  /// a borrowed value must not change under the call, and Swift 6.3 declares
  /// the callee's indirect `self` without LLVM's `readonly`, so LLVM cannot
  /// hand over the original instead. Callgrind, peers sweep: 713
  /// instructions a solve through ``solve()``, 498 through this method.
  ///
  /// - Complexity: O(*r*) in the number of regions; no heap allocation.
  @inlinable
  public mutating func solve(resizingTo size: Size) -> Solution {
    Solution.written { solve(resizingTo: size, into: $0) }
  }

  /// ``solve(resizingTo:)`` into uninitialised memory (``Solution/written(by:)``).
  @usableFromInline
  mutating func solve(resizingTo size: Size, into slot: UnsafeMutablePointer<Solution>) {
    container.width = size.width
    container.height = size.height
    withUnsafeMutablePointer(to: &self) {
      if $0.pointee.setsThirdGeneration {
        Self.solveThirdGeneration(UnsafePointer($0), into: slot)
      } else {
        slot.initialize(to: SceneReading<AppleSizing>(scene: $0).solveSize(size.width, size.height))
      }
    }
  }

  /// A scene read in place with every rule (R1–R35), out of line: with
  /// both readings inline, the in-place paths cost ~45 instructions more for
  /// every scene (callgrind, peers /resizing 574 → 618).
  @inline(never)
  static func solveThirdGeneration(_ scene: UnsafePointer<Scene>, into slot: UnsafeMutablePointer<Solution>) {
    slot.initialize(
      to: SceneReference(scene: scene).solveSize(scene.pointee.container.width, scene.pointee.container.height))
  }

  /// Solves every scene of `scenes` into `output` and returns how many were
  /// written: the smaller count. Each answer is bit-identical to
  /// ``solve()`` of that scene.
  ///
  /// Note (621dbce): each scene is read in place, field by field (`SceneReference`).
  /// Calling `solve()` on a scene in memory from another module copies the
  /// whole scene first (997 bytes then, 1,050 since 65bcef9: a borrowed value there must not change
  /// under the call), and even here indexing the buffer copied each scene
  /// (callgrind, random/seed=1: 591 instructions a scene through `solve()`,
  /// 413 in place).
  ///
  /// - Complexity: O(*n*·*r*); no heap allocation.
  public static func solve(_ scenes: UnsafeBufferPointer<Scene>, into output: UnsafeMutableBufferPointer<Solution>)
    -> Int
  {
    let count = Swift.min(scenes.count, output.count)
    guard let base = scenes.baseAddress, let answers = output.baseAddress else { return 0 }
    for index in 0..<count {
      let scene = base + index
      let (width, height) = (scene.pointee.container.width, scene.pointee.container.height)
      // A `Solution` is trivial: initialising over the caller's answers is assigning them.
      if scene.pointee.setsThirdGeneration {
        solveThirdGeneration(scene, into: answers + index)
      } else {
        (answers + index).initialize(to: SceneReading<AppleSizing>(scene: scene).solveSize(width, height))
      }
    }
    return count
  }
}

/// The table's answers for the lanes of a size, into `slots` (``ArrangementPlan/laneSolutions(widths:heights:)``).
struct Lanewise<Lanes: KernelLanes & SIMD>: KernelUse where Lanes.Scalar == Double {
  let widths: Lanes
  let heights: Lanes
  let slots: UnsafeMutablePointer<Solution>
  func callAsFunction<Mode: KernelMode>(_ plan: ArrangementPlan, _ mode: Mode.Type) -> Bool {
    plan.tableAnswer(widths: widths, heights: heights, mode: mode) { answer in
      for lane in 0..<Lanes.scalarCount { answer.write(lane, into: slots + lane) }
    }
  }
}
