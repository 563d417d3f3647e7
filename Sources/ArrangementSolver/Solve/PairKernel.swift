/// Two container sizes solved at once, in the lanes of `SIMD2<Double>` (the
/// width of SSE2, the baseline x86-64 target), for plans whose answer needs
/// no fold search, no pixel rounding and no mirroring: a split without
/// active folds, left to right, with no display scale.
///
/// The kernel does not approximate the solve. It performs, lane by lane, the
/// same floating-point operations as the scalar path up to the panes'
/// preferred lengths (R1–R3), then checks, with the scalar path's own
/// comparisons, that the sizes sit in the common regime where R4–R7 change
/// nothing: the pane sized first keeps its preferred length `f`, the other
/// gets exactly `L − f` (so R7's leftover is exactly 0), and both are
/// positive. There the scalar path's answer is `(f, L − f)`, bit for bit;
/// anywhere else (R5, R6, R7 growth, a lone pane, no area, two lanes on
/// different axes) the kernel answers `nil` and the caller solves those
/// sizes with the scalar path.
@usableFromInline
struct PairKernel {
  typealias Lanes = SIMD2<Double>

  /// Pane frames for the two lanes, in container coordinates.
  var primaryX: Lanes
  var primaryY: Lanes
  var primaryWidth: Lanes
  var primaryHeight: Lanes
  var secondaryX: Lanes
  var secondaryY: Lanes
  var secondaryWidth: Lanes
  var secondaryHeight: Lanes
  /// Both lanes split along this axis.
  var axis: Axis
  /// Each lane's ``SolutionColumns/Flags``: both panes visible, compact along
  /// `axis` (R20), the container's class across it (R2), split along `axis` (R21).
  var flags: SIMD2<UInt64>

  /// The answer in lane `lane`, as the scalar path gives it.
  @inline(__always)
  func solution(_ lane: Int) -> Solution {
    let flags = SolutionColumns.Flags(rawValue: self.flags[lane])
    return Solution(
      primary: flags.pane(
        0, frame: Rect(x: primaryX[lane], y: primaryY[lane], width: primaryWidth[lane], height: primaryHeight[lane])),
      secondary: flags.pane(
        4,
        frame: Rect(
          x: secondaryX[lane], y: secondaryY[lane], width: secondaryWidth[lane], height: secondaryHeight[lane])),
      splitAxis: axis)
  }
}

// MARK: - Lane-wise twins of the scalar helpers

extension SIMD2<Double> {
  /// `larger(self, other)` in each lane: `self > other ? self : other`.
  @inline(__always)
  func larger(_ other: Self) -> Self { other.replacing(with: self, where: self .> other) }

  /// `smaller(self, other)` in each lane: `other < self ? other : self`.
  @inline(__always)
  func smaller(_ other: Self) -> Self { replacing(with: other, where: other .< self) }

  /// `abs` in each lane, as a compare and a select (compared with `1e-9` only,
  /// so the sign of a zero does not matter).
  @inline(__always)
  var magnitude: Self { replacing(with: -self, where: self .< 0) }

  /// `Sanitize.length` in each lane.
  @inline(__always)
  static func sanitizedLength(_ value: Self) -> Self {
    let limit = Self(repeating: Sanitize.limit)
    var clamped = Self(repeating: 0).replacing(with: value, where: value .> 0)
    clamped.replace(with: limit, where: value .>= limit)
    return clamped.replacing(with: 0, where: value .== .infinity)
  }
}

extension ArrangementPlan {
  /// Whether ``PairKernel`` can answer for this plan's sizes.
  @usableFromInline
  var pairKernelApplies: Bool {
    @inline(__always) get { foldCount == 0 && style == .split && scale == 0 && !isRightToLeft && secondaryVisible }
  }

}

/// What ``PairSolver/solve(widths:heights:)`` reads of a plan, copied out
/// once per batch.
///
/// Note: reading the plan itself in the loop reloaded and re-broadcast every
/// bound for each pair, since the column stores might alias it; a local copy
/// lives in registers and on the stack (callgrind, peers columns: 153 → 113
/// instructions per size).
@usableFromInline
struct PairSolver {
  var insets: EdgeInsets
  var derivesClasses: Bool
  var givenClasses: SizeClasses
  var axes: Axes
  var primaryFirst: Bool
  var primaryWidth: LinearRange
  var primaryHeight: LinearRange
  var secondaryWidth: LinearRange
  var secondaryHeight: LinearRange

  /// Only for plans where ``ArrangementPlan/pairKernelApplies``.
  @inline(__always)
  init(_ plan: ArrangementPlan) {
    insets = plan.insets
    derivesClasses = plan.derivesClasses
    givenClasses = plan.givenClasses
    axes = plan.axes
    primaryFirst = plan.primaryFirst
    primaryWidth = plan.primaryWidth
    primaryHeight = plan.primaryHeight
    secondaryWidth = plan.secondaryWidth
    secondaryHeight = plan.secondaryHeight
  }

  /// Solves the sizes `(widths[0], heights[0])` and `(widths[1], heights[1])`
  /// when both are in the kernel's regime (see ``PairKernel``); `nil` otherwise.
  @_transparent
  func solve(widths: SIMD2<Double>, heights: SIMD2<Double>) -> PairKernel? {
    typealias Lanes = SIMD2<Double>
    // R1, R29: the layout area, exactly as `SolveContext` computes it.
    let width = Lanes.sanitizedLength(widths)
    let height = Lanes.sanitizedLength(heights)
    let areaWidth = Lanes(repeating: 0).larger(width - insets.left - insets.right)
    let areaHeight = Lanes(repeating: 0).larger(height - insets.top - insets.bottom)
    let zero = Lanes(repeating: 0)
    guard all((areaWidth .> zero) .& (areaHeight .> zero)) else { return nil }

    // R2: the container's classes.
    let threshold = Lanes(repeating: 600)
    let horizontalRegular: SIMDMask<SIMD2<Int64>>
    let verticalRegular: SIMDMask<SIMD2<Int64>>
    if derivesClasses {
      horizontalRegular = width .>= threshold
      verticalRegular = height .>= threshold
    } else {
      horizontalRegular = SIMDMask(repeating: givenClasses.horizontal == .regular)
      verticalRegular = SIMDMask(repeating: givenClasses.vertical == .regular)
    }

    // R16, R17: with no fold, along the longer side; both lanes on one axis, regular along it.
    let horizontal = areaWidth .>= areaHeight
    let axis: Axis
    let length: Lanes
    let start: Lanes
    let crossStart: Lanes
    let crossLength: Lanes
    if all(horizontal) {
      guard axes.allows(.horizontal) && all(horizontalRegular) else { return nil }
      (axis, length, start) = (.horizontal, areaWidth, Lanes(repeating: insets.left))
      (crossStart, crossLength) = (Lanes(repeating: insets.top), areaHeight)
    } else if !any(horizontal) {
      guard axes.allows(.vertical) && all(verticalRegular) else { return nil }
      (axis, length, start) = (.vertical, areaHeight, Lanes(repeating: insets.top))
      (crossStart, crossLength) = (Lanes(repeating: insets.left), areaWidth)
    } else {
      return nil
    }

    // R3: the ranges and preferred lengths, with the scalar path's operations.
    let primaryRange = axis == .horizontal ? primaryWidth : primaryHeight
    let secondaryRange = axis == .horizontal ? secondaryWidth : secondaryHeight
    let primary = LaneRange(primaryRange, length: length)
    let secondary = LaneRange(secondaryRange, length: length)
    let half = length / 2
    let primaryPreferred: Lanes
    let secondaryPreferred: Lanes
    switch (primaryRange.hasPreferred, secondaryRange.hasPreferred) {
    case (true, true):
      primaryPreferred = primary.clamped(primary.preferred)
      secondaryPreferred = secondary.clamped(secondary.preferred)
    case (true, false):
      primaryPreferred = primary.clamped(primary.preferred)
      secondaryPreferred = secondary.clamped(zero.larger(length - primaryPreferred))
    case (false, true):
      secondaryPreferred = secondary.clamped(secondary.preferred)
      primaryPreferred = primary.clamped(zero.larger(length - secondaryPreferred))
    case (false, false):
      primaryPreferred = primary.clamped(half)
      secondaryPreferred = secondary.clamped(half)
    }

    // R4–R7 in the common regime: the first keeps `f` (`smaller(f, L)` is `f`), the second's
    // minimum fits (no R5), the second's preferred length is at least `L − f` (so it gets
    // exactly `L − f` and R7's leftover is 0), and both are positive (no R6).
    let first = primaryFirst ? primaryPreferred : secondaryPreferred
    let secondPreferred = primaryFirst ? secondaryPreferred : primaryPreferred
    let secondMinimum = primaryFirst ? secondary.minimum : primary.minimum
    let rest = length - first
    let regime =
      .!(length .< first) .& .!(rest .< secondMinimum) .& (rest .<= secondPreferred) .& (first .> zero)
      .& (rest .> zero)
    guard all(regime) else { return nil }
    let primaryLength = primaryFirst ? first : rest
    let secondaryLength = primaryFirst ? rest : first

    // R8, R9 without rounding: `EdgeSnapper.position` and `pane(from:to:)`, left to right.
    let end = start + length
    let epsilon = Lanes(repeating: 1e-9)
    let total = primaryLength + secondaryLength
    var boundary = (start + primaryLength).larger(start).smaller(end)
    boundary.replace(with: end, where: (primaryLength - length).magnitude .<= epsilon)
    var trailing = (start + total).larger(start).smaller(end)
    trailing.replace(with: end, where: (total - length).magnitude .<= epsilon)
    let primaryHigh = boundary.larger(start)
    let secondaryHigh = trailing.larger(boundary)
    guard all((primaryHigh .> start) .& (secondaryHigh .> boundary)) else { return nil }
    let primaryExtent = primaryHigh - start
    let secondaryExtent = secondaryHigh - boundary

    // R20, R21: both panes compact along the axis, with the container's class across it.
    let regularAcross = axis == .horizontal ? verticalRegular : horizontalRegular
    let acrossBit: UInt64 = axis == .horizontal ? 8 : 4
    let pane = SIMD2<UInt64>(repeating: 1).replacing(with: 1 | acrossBit, where: regularAcross)
    let flags = pane | pane &<< 4 | SIMD2(repeating: axis == .horizontal ? 1 << 8 : 2 << 8)

    if axis == .horizontal {
      return PairKernel(
        primaryX: start, primaryY: crossStart, primaryWidth: primaryExtent, primaryHeight: crossLength,
        secondaryX: boundary, secondaryY: crossStart, secondaryWidth: secondaryExtent, secondaryHeight: crossLength,
        axis: axis, flags: flags)
    }
    return PairKernel(
      primaryX: crossStart, primaryY: start, primaryWidth: crossLength, primaryHeight: primaryExtent,
      secondaryX: crossStart, secondaryY: boundary, secondaryWidth: crossLength, secondaryHeight: secondaryExtent,
      axis: axis, flags: flags)
  }
}

/// ``ResolvedRange`` in each lane.
struct LaneRange {
  var minimum: SIMD2<Double>
  var preferred: SIMD2<Double>
  var maximum: SIMD2<Double>

  @inline(__always)
  init(_ range: LinearRange, length: SIMD2<Double>) {
    minimum = range.minimumA + range.minimumF * length
    preferred = range.preferredA + range.preferredF * length
    maximum = (range.maximumA + range.maximumF * length).larger(minimum)
  }

  @inline(__always)
  func clamped(_ value: SIMD2<Double>) -> SIMD2<Double> { value.larger(minimum).smaller(maximum) }
}
