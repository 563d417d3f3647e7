/// The solve of the common sizing regime, for one container size (`Double`
/// lanes) or two at once (`SIMD2<Double>`, the width of SSE2, the baseline
/// x86-64 target), for plans whose answer needs no fold search, no pixel
/// rounding and no mirroring: a split without active folds, left to right,
/// with no display scale, showing the secondary.
///
/// The kernel does not approximate the solve. It performs, lane by lane, the
/// same floating-point operations as the general path up to the panes'
/// preferred lengths (R1–R3), then checks, with the general path's own
/// comparisons, that the sizes sit in the regime where R4–R7 change
/// nothing: the pane sized first keeps its preferred length `f`, the other
/// gets exactly `L − f` (so R7's leftover is exactly 0), and both are
/// positive. There the general path's answer is `(f, L − f)`, bit for bit;
/// anywhere else (R5, R6, R7 growth, a lone pane, no area, lanes on
/// different axes) the kernel answers `nil` and the caller takes the general
/// path.
struct RegimeKernel {
  var insets: EdgeInsets
  var derivesClasses: Bool
  var givenClasses: SizeClasses
  var axes: Axes
  var primaryFirst: Bool
  var primaryWidth: LinearRange
  var primaryHeight: LinearRange
  var secondaryWidth: LinearRange
  var secondaryHeight: LinearRange

  /// Only for plans where ``ArrangementPlan/regimeKernelApplies``.
  ///
  /// Note: a batch copies these out of the plan once; reading the plan in the
  /// loop reloaded and re-broadcast every bound for each pair, since the
  /// column stores might alias it.
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

  /// The answer for the sizes `(widths, heights)`, lane by lane, when every
  /// lane is in the regime; `nil` otherwise.
  @_transparent
  func solve<Lanes: KernelLanes>(widths: Lanes, heights: Lanes) -> RegimeAnswer<Lanes>? {
    // R1, R29: the layout area, exactly as `SolveContext` computes it.
    let zero = Lanes(repeating: 0)
    let width = Lanes.sanitizedLength(widths)
    let height = Lanes.sanitizedLength(heights)
    let areaWidth = zero.larger(width - insets.left - insets.right)
    let areaHeight = zero.larger(height - insets.top - insets.bottom)
    guard (areaWidth.greater(zero) .& areaHeight.greater(zero)).all else { return nil }

    // R2: the container's classes.
    let horizontalRegular: Lanes.Mask
    let verticalRegular: Lanes.Mask
    if derivesClasses {
      horizontalRegular = width.greaterOrEqual(Lanes(repeating: 600))
      verticalRegular = height.greaterOrEqual(Lanes(repeating: 600))
    } else {
      horizontalRegular = Lanes.Mask(repeating: givenClasses.horizontal == .regular)
      verticalRegular = Lanes.Mask(repeating: givenClasses.vertical == .regular)
    }

    // R16, R17: with no fold, along the longer side; every lane on one axis, regular along it.
    let horizontal = areaWidth.greaterOrEqual(areaHeight)
    let axis: Axis
    let length: Lanes
    let crossLength: Lanes
    let start: Double
    let crossStart: Double
    if horizontal.all {
      guard axes.allows(.horizontal) && horizontalRegular.all else { return nil }
      (axis, length, crossLength, start, crossStart) = (.horizontal, areaWidth, areaHeight, insets.left, insets.top)
    } else if !horizontal.any {
      guard axes.allows(.vertical) && verticalRegular.all else { return nil }
      (axis, length, crossLength, start, crossStart) = (.vertical, areaHeight, areaWidth, insets.top, insets.left)
    } else {
      return nil
    }

    // R3: the ranges and preferred lengths, with the general path's operations.
    let primaryRange = axis == .horizontal ? primaryWidth : primaryHeight
    let secondaryRange = axis == .horizontal ? secondaryWidth : secondaryHeight
    let primary = LaneRange(primaryRange, length: length)
    let secondary = LaneRange(secondaryRange, length: length)
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
      primaryPreferred = primary.clamped(length / 2)
      secondaryPreferred = secondary.clamped(length / 2)
    }

    // R4–R7 in the regime: the first keeps `f` (`smaller(f, L)` is `f`), the second's
    // minimum fits (no R5), the second's preferred length is at least `L − f` (so it gets
    // exactly `L − f` and R7's leftover is 0), and both are positive (no R6).
    let first = primaryFirst ? primaryPreferred : secondaryPreferred
    let secondPreferred = primaryFirst ? secondaryPreferred : primaryPreferred
    let secondMinimum = primaryFirst ? secondary.minimum : primary.minimum
    let rest = length - first
    let regime =
      .!length.less(first) .& .!rest.less(secondMinimum) .& rest.lessOrEqual(secondPreferred)
      .& first.greater(zero) .& rest.greater(zero)
    guard regime.all else { return nil }
    let primaryLength = primaryFirst ? first : rest
    let secondaryLength = primaryFirst ? rest : first

    // R8, R9 without rounding: `EdgeSnapper.position` and `pane(from:to:)`, left to right.
    let startLanes = Lanes(repeating: start)
    let end = start + length
    let epsilon = Lanes(repeating: 1e-9)
    let total = primaryLength + secondaryLength
    var boundary = (start + primaryLength).larger(startLanes).smaller(end)
    boundary.replace(with: end, where: (primaryLength - length).magnitude.lessOrEqual(epsilon))
    var trailing = (start + total).larger(startLanes).smaller(end)
    trailing.replace(with: end, where: (total - length).magnitude.lessOrEqual(epsilon))
    let primaryHigh = boundary.larger(startLanes)
    let secondaryHigh = trailing.larger(boundary)
    guard (primaryHigh.greater(startLanes) .& secondaryHigh.greater(boundary)).all else { return nil }

    return RegimeAnswer(
      axis: axis, start: start, crossStart: crossStart, crossLength: crossLength, boundary: boundary,
      primaryExtent: primaryHigh - start, secondaryExtent: secondaryHigh - boundary,
      regularAcross: axis == .horizontal ? verticalRegular : horizontalRegular)
  }
}

/// The kernel's answer for its lanes: both panes shown side by side along
/// `axis` (R8, R21), compact along it (R20).
struct RegimeAnswer<Lanes: KernelLanes> {
  var axis: Axis
  /// The area's leading edge along `axis` and its extent across it.
  var start: Double
  var crossStart: Double
  var crossLength: Lanes
  /// The edge between the panes.
  var boundary: Lanes
  var primaryExtent: Lanes
  var secondaryExtent: Lanes
  /// The container's class across `axis` is regular (R2); the panes keep it (R20).
  var regularAcross: Lanes.Mask
}

extension RegimeAnswer where Lanes == Double {
  /// The answer as the general path gives it.
  @inline(__always)
  var solution: Solution {
    let across: SizeClass = regularAcross ? .regular : .compact
    let classes =
      axis == .horizontal
      ? SizeClasses(horizontal: .compact, vertical: across) : SizeClasses(horizontal: across, vertical: .compact)
    let primaryFrame: Rect
    let secondaryFrame: Rect
    if axis == .horizontal {
      primaryFrame = Rect(x: start, y: crossStart, width: primaryExtent, height: crossLength)
      secondaryFrame = Rect(x: boundary, y: crossStart, width: secondaryExtent, height: crossLength)
    } else {
      primaryFrame = Rect(x: crossStart, y: start, width: crossLength, height: primaryExtent)
      secondaryFrame = Rect(x: crossStart, y: boundary, width: crossLength, height: secondaryExtent)
    }
    return Solution(
      primary: PaneLayout(visible: true, frame: primaryFrame, zIndex: 0, sizeClass: classes),
      secondary: PaneLayout(visible: true, frame: secondaryFrame, zIndex: 0, sizeClass: classes),
      splitAxis: axis)
  }
}

extension RegimeAnswer where Lanes == SIMD2<Double> {
  /// The answer in lane `lane`.
  @inline(__always)
  func solution(_ lane: Int) -> Solution {
    RegimeAnswer<Double>(
      axis: axis, start: start, crossStart: crossStart, crossLength: crossLength[lane], boundary: boundary[lane],
      primaryExtent: primaryExtent[lane], secondaryExtent: secondaryExtent[lane], regularAcross: regularAcross[lane]
    ).solution
  }
}

extension ArrangementPlan {
  /// Whether ``RegimeKernel`` can answer for this plan's sizes.
  var regimeKernelApplies: Bool {
    @inline(__always) get { foldCount == 0 && style == .split && scale == 0 && !isRightToLeft && secondaryVisible }
  }
}

/// ``ResolvedRange`` in each lane.
struct LaneRange<Lanes: KernelLanes> {
  var minimum: Lanes
  var preferred: Lanes
  var maximum: Lanes

  @inline(__always)
  init(_ range: LinearRange, length: Lanes) {
    minimum = range.minimumA + range.minimumF * length
    preferred = range.preferredA + range.preferredF * length
    maximum = (range.maximumA + range.maximumF * length).larger(minimum)
  }

  @inline(__always)
  func clamped(_ value: Lanes) -> Lanes { value.larger(minimum).smaller(maximum) }
}
