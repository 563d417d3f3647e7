extension ArrangementPlan {
  /// Solves the arrangement for a container of `width` × `height` points
  /// (at the compiled scene's origin): where each pane goes, its size
  /// classes and z-index (RULES.md §7).
  ///
  /// A pure function: the same plan and size give bit-identical output.
  /// Any `Double` is accepted (R29).
  ///
  /// - Complexity: O(*r*) in the number of active folds; no heap allocation.
  public func solve(width: Double, height: Double) -> Solution {
    guard regimeKernelApplies else {
      return foldKernelApplies ? solveAcrossFold(width: width, height: height) : solveSize(width, height)
    }
    // Note: one kernel instance inline, the other a call: with both inline the
    // solve spilled more than either instance costs (callgrind, peers plan: 319
    // instructions a solve with both inline, 277 so).
    guard scale > 0 else {
      if let answer = RegimeKernel(self).solve(widths: width, heights: height, mode: NoGrid.self) {
        return answer.solution
      }
      return solveSize(width, height)
    }
    return solveSnapped(width: width, height: height)
  }

  /// ``solve(width:height:)`` for a plan with a display scale.
  @inline(never)
  func solveSnapped(width: Double, height: Double) -> Solution {
    if let answer = RegimeKernel(self).solve(widths: width, heights: height, mode: SnappingGrid.self) {
      return answer.solution
    }
    return solveSize(width, height)
  }

  /// ``solve(width:height:)`` for a plan with one active fold.
  @inline(never)
  func solveAcrossFold(width: Double, height: Double) -> Solution {
    if let answer = RegimeKernel(self).solve(widths: width, heights: height, mode: AcrossFold.self) {
      return answer.solution
    }
    return solveSize(width, height)
  }

  /// The regime kernel's answer for one size, or `nil` where the general path
  /// answers (for tests: that the kernel takes the sizes it should).
  package func regimeSolution(width: Double, height: Double) -> Solution? {
    if foldKernelApplies {
      return RegimeKernel(self).solve(widths: width, heights: height, mode: AcrossFold.self)?.solution
    }
    guard regimeKernelApplies else { return nil }
    let kernel = RegimeKernel(self)
    let answer =
      scale > 0
      ? kernel.solve(widths: width, heights: height, mode: SnappingGrid.self)
      : kernel.solve(widths: width, heights: height, mode: NoGrid.self)
    return answer?.solution
  }

  /// The same for two sizes in SIMD lanes: both answers, or `nil`.
  package func regimeSolutions(widths: SIMD2<Double>, heights: SIMD2<Double>) -> (Solution, Solution)? {
    guard regimeKernelApplies || foldKernelApplies else { return nil }
    let kernel = RegimeKernel(self)
    let answer =
      foldKernelApplies
      ? kernel.solve(widths: widths, heights: heights, mode: AcrossFold.self)
      : scale > 0
        ? kernel.solve(widths: widths, heights: heights, mode: SnappingGrid.self)
        : kernel.solve(widths: widths, heights: heights, mode: NoGrid.self)
    guard let answer else { return nil }
    return (answer.solution(0), answer.solution(1))
  }

  /// Solves every size of `sizes` into `output` (the shape of a sweep or a
  /// resize animation) and returns how many were written: the smaller count.
  /// Each answer is bit-identical to ``solve(width:height:)``.
  ///
  /// - Complexity: O(*n*·*r*); no heap allocation.
  public func solve(sizes: UnsafeBufferPointer<Size>, into output: UnsafeMutableBufferPointer<Solution>) -> Int {
    let count = Swift.min(sizes.count, output.count)
    var index = 0
    if regimeKernelApplies {
      index =
        scale > 0
        ? solvePairs(sizes, into: output, count: count, mode: SnappingGrid.self)
        : solvePairs(sizes, into: output, count: count, mode: NoGrid.self)
    } else if foldKernelApplies {
      index = solvePairs(sizes, into: output, count: count, mode: AcrossFold.self)
    }
    while index < count {
      output[index] = solveSize(sizes[index].width, sizes[index].height)
      index += 1
    }
    return count
  }

  /// Solves the first `count` sizes two at a time (an even count); returns how many it solved.
  @inline(never)
  func solvePairs<Mode: KernelMode>(
    _ sizes: UnsafeBufferPointer<Size>, into output: UnsafeMutableBufferPointer<Solution>, count: Int, mode: Mode.Type
  ) -> Int {
    let kernel = RegimeKernel(self)
    var index = 0
    while index + 2 <= count {
      let (first, second) = (sizes[index], sizes[index + 1])
      let widths = SIMD2(first.width, second.width)
      let heights = SIMD2(first.height, second.height)
      if let pair = kernel.solve(widths: widths, heights: heights, mode: mode) {
        output[index] = pair.solution(0)
        output[index + 1] = pair.solution(1)
      } else {
        output[index] = solveSize(first.width, first.height)
        output[index + 1] = solveSize(second.width, second.height)
      }
      index += 2
    }
    return index
  }

  /// Solves the sizes `(widths[i], heights[i])` into `columns`, a structure
  /// of arrays, and returns how many were written: the smallest count.
  /// Each answer is bit-identical to ``solve(width:height:)``.
  ///
  /// Plans for a split without active folds solve two sizes per step in
  /// SIMD lanes where both sit in the common regime of the sizing rules (see
  /// `RegimeKernel`), and plans with one active fold where it divides the
  /// area in both; other sizes and plans take the general path.
  ///
  /// - Complexity: O(*n*·*r*); no heap allocation.
  public func solve(
    widths: UnsafeBufferPointer<Double>, heights: UnsafeBufferPointer<Double>, into columns: SolutionColumns
  ) -> Int {
    let count = Swift.min(widths.count, heights.count, columns.count)
    var index = 0
    if regimeKernelApplies {
      index =
        scale > 0
        ? solvePairs(widths, heights, into: columns, count: count, mode: SnappingGrid.self)
        : solvePairs(widths, heights, into: columns, count: count, mode: NoGrid.self)
    } else if foldKernelApplies {
      index = solvePairs(widths, heights, into: columns, count: count, mode: AcrossFold.self)
    }
    while index < count {
      columns[index] = solveSize(widths[index], heights[index])
      index += 1
    }
    return count
  }

  /// Solves the first `count` sizes two at a time into `columns`; returns how many it solved.
  @inline(never)
  func solvePairs<Mode: KernelMode>(
    _ widths: UnsafeBufferPointer<Double>, _ heights: UnsafeBufferPointer<Double>, into columns: SolutionColumns,
    count: Int, mode: Mode.Type
  ) -> Int {
    let kernel = RegimeKernel(self)
    var index = 0
    while index + 2 <= count {
      let widthPair = SIMD2(widths[index], widths[index + 1])
      let heightPair = SIMD2(heights[index], heights[index + 1])
      if let pair = kernel.solve(widths: widthPair, heights: heightPair, mode: mode) {
        columns.store(pair, at: index)
      } else {
        columns[index] = solveSize(widthPair[0], heightPair[0])
        columns[index + 1] = solveSize(widthPair[1], heightPair[1])
      }
      index += 2
    }
    return index
  }
}

extension SolutionColumns {
  /// Writes both lanes of `answer` at `index` and `index + 1`.
  @inline(__always)
  func store(_ answer: RegimeAnswer<SIMD2<Double>>, at index: Int) {
    func put(_ column: UnsafeMutablePointer<Double>, _ lanes: SIMD2<Double>) {
      UnsafeMutableRawPointer(column + index).storeBytes(of: lanes, as: SIMD2<Double>.self)
    }
    let crossStart = SIMD2(repeating: answer.crossStart)
    let horizontal = answer.axis == .horizontal
    put(primaryX, horizontal ? answer.primaryStart : crossStart)
    put(primaryY, horizontal ? crossStart : answer.primaryStart)
    put(primaryWidth, horizontal ? answer.primaryExtent : answer.crossLength)
    put(primaryHeight, horizontal ? answer.crossLength : answer.primaryExtent)
    put(secondaryX, horizontal ? answer.secondaryStart : crossStart)
    put(secondaryY, horizontal ? crossStart : answer.secondaryStart)
    put(secondaryWidth, horizontal ? answer.secondaryExtent : answer.crossLength)
    put(secondaryHeight, horizontal ? answer.crossLength : answer.secondaryExtent)
    // Both panes visible, compact along the axis, the container's class across it (R20, R21).
    typealias Flags = SolutionColumns.Flags
    let across = horizontal ? Flags.verticallyRegular : Flags.horizontallyRegular
    let pane = SIMD2<UInt64>(repeating: Flags.visible).replacing(
      with: Flags.visible | across, where: answer.regularAcross)
    let axisBits = Flags.axisBits(answer.splits ? answer.axis : nil)
    let flags = pane | pane &<< Flags.secondaryShift | SIMD2(repeating: axisBits)
    UnsafeMutableRawPointer(self.flags + index).storeBytes(of: flags, as: SIMD2<UInt64>.self)
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
  /// - Complexity: O(*r*) in the number of regions; no heap allocation.
  public func solve() -> Solution {
    solveSize(container.width, container.height)
  }

  /// Solves every scene of `scenes` into `output` and returns how many were
  /// written: the smaller count. Each answer is bit-identical to
  /// ``solve()`` of that scene.
  ///
  /// Note: each scene is read in place, field by field (`SceneReference`).
  /// Calling `solve()` on a scene in memory from another module copies the
  /// whole scene first (997 bytes: a borrowed value there must not change
  /// under the call), and even here indexing the buffer copied each scene
  /// (callgrind, random/seed=1: 599 instructions a scene through `solve()`,
  /// 568 indexing, 456 in place).
  ///
  /// - Complexity: O(*n*·*r*); no heap allocation.
  public static func solve(_ scenes: UnsafeBufferPointer<Scene>, into output: UnsafeMutableBufferPointer<Solution>)
    -> Int
  {
    let count = Swift.min(scenes.count, output.count)
    guard let base = scenes.baseAddress else { return 0 }
    for index in 0..<count {
      let scene = SceneReference(scene: base + index)
      output[index] = scene.solveSize(scene.scene.pointee.container.width, scene.scene.pointee.container.height)
    }
    return count
  }
}
