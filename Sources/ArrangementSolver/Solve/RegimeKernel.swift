/// The sizing rules run per size, for one container size (`Double` lanes)
/// or two at once (`SIMD2<Double>`, the width of SSE2, the baseline x86-64
/// target): a split without active folds, showing the secondary (either
/// direction, with or without pixel rounding, with or without a gap), whose
/// sizing did not compile into pieces (``RegimeTable/coversRegime(_:_:primaryFirst:)``);
/// plans whose sizing compiled answer from their ``AnswerTable``.
///
/// The kernel does not approximate the solve and spells no rule of its own:
/// it calls the general path's rule functions (``SolveContext/areaLength(_:_:_:)``,
/// ``SizeClasses/isRegular(_:)``, ``SplitRules``, ``PaneLengths``,
/// ``PaneEdges``, the ``RegimeAnswer`` builders) in its lanes, so each lane
/// gets the general path's bits. What it adds is its own check: it answers
/// only where every lane took the same discrete outcome (one split axis,
/// both panes shown); anywhere else it answers `nil` and the caller takes
/// the general path.
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
  var isRightToLeft: Bool
  var scale: Double
  var originX: Double
  var originY: Double
  /// R30: the gap between the panes; sizing runs over `max(0, L − spacing)`.
  var spacing: Double

  /// Only for plans whose ``KernelChoice`` is not `.general`.
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
    isRightToLeft = plan.isRightToLeft
    scale = plan.scale
    originX = plan.originX
    originY = plan.originY
    spacing = plan.spacing
  }

  /// The answer for the sizes `(widths, heights)`, lane by lane, when every
  /// lane is in the regime; `nil` otherwise.
  ///
  /// Note: `Mode` fixes at compile time whether edges snap to pixels; with a
  /// run-time test LLVM computed the (branch-free) rounding for every size and
  /// selected it away when there was no scale. Callers choose the instance
  /// once, outside their loops.
  @_transparent
  func solve<Lanes: KernelLanes, Mode: KernelMode>(
    widths: Lanes, heights: Lanes, mode: Mode.Type
  ) -> RegimeAnswer<Lanes>? {
    // R1, R29: the layout area, as `SolveContext` computes it.
    let zero = Lanes(repeating: 0)
    let width = Lanes.sanitizedLength(widths)
    let height = Lanes.sanitizedLength(heights)
    let areaWidth = SolveContext.areaLength(width, insets.left, insets.right)
    let areaHeight = SolveContext.areaLength(height, insets.top, insets.bottom)
    guard (areaWidth.greater(zero) .& areaHeight.greater(zero)).all else { return nil }

    // R2: the container's classes.
    let horizontalRegular: Lanes.Mask
    let verticalRegular: Lanes.Mask
    if derivesClasses {
      horizontalRegular = SizeClasses.isRegular(width)
      verticalRegular = SizeClasses.isRegular(height)
    } else {
      horizontalRegular = Lanes.Mask(repeating: givenClasses.horizontal == .regular)
      verticalRegular = Lanes.Mask(repeating: givenClasses.vertical == .regular)
    }

    // R16, R17: with no fold, along the longer side; every lane on one axis, regular along it.
    let horizontal = SplitRules.alongWidth(width: areaWidth, height: areaHeight)
    let axis: Axis
    let length: Lanes
    let crossLength: Lanes
    let start: Double
    let crossStart: Double
    // A lone primary over the whole area where the axis is not allowed or, in every lane, not regular (R17, R19).
    if horizontal.all {
      let both = SplitRules.showsBoth(
        showsSecondary: true, allowed: axes.allows(.horizontal), regular: horizontalRegular)
      guard both.all else {
        guard Mode.lone && !both.any else { return nil }
        return overArea(
          areaWidth: areaWidth, areaHeight: areaHeight, horizontalRegular: horizontalRegular,
          verticalRegular: verticalRegular)
      }
      (axis, length, crossLength, start, crossStart) = (.horizontal, areaWidth, areaHeight, insets.left, insets.top)
    } else if !horizontal.any {
      let both = SplitRules.showsBoth(showsSecondary: true, allowed: axes.allows(.vertical), regular: verticalRegular)
      guard both.all else {
        guard Mode.lone && !both.any else { return nil }
        return overArea(
          areaWidth: areaWidth, areaHeight: areaHeight, horizontalRegular: horizontalRegular,
          verticalRegular: verticalRegular)
      }
      (axis, length, crossLength, start, crossStart) = (.vertical, areaHeight, areaWidth, insets.top, insets.left)
    } else {
      return nil
    }

    // R3–R7: the rules themselves, answered here where every lane shows both
    // panes; over the length the panes share beside the gap (R30).
    let shared = Mode.spaced ? SplitRules.sharedLength(length, spacing: spacing) : length
    let primaryRange = axis == .horizontal ? primaryWidth : primaryHeight
    let secondaryRange = axis == .horizontal ? secondaryWidth : secondaryHeight
    let sized = PaneLengths(
      primary: ResolvedRange(primaryRange, length: shared), secondary: ResolvedRange(secondaryRange, length: shared),
      primaryFirst: primaryFirst, length: shared)
    guard (sized.primaryShown .& sized.secondaryShown).all else { return nil }

    // R8, R9: the general path's edges, in lanes; a rounded edge may leave a pane without length.
    let reversed = axis.flowsBackward(rightToLeft: isRightToLeft)
    let edges = PaneEdges<Lanes>(
      start: Lanes(repeating: start), end: start + length, length: length, reversed: reversed, scale: scale,
      snaps: Mode.snaps, origin: axis == .horizontal ? originX : originY)
    let (primarySpan, secondarySpan) = edges.spans(
      primary: sized.primary, secondary: sized.secondary, gap: spacing, spaced: Mode.spaced)
    let (primaryLow, primaryHigh, secondaryLow, secondaryHigh) =
      (primarySpan.low, primarySpan.high, secondarySpan.low, secondarySpan.high)
    guard (primaryHigh.greater(primaryLow) .& secondaryHigh.greater(secondaryLow)).all else { return nil }

    return RegimeAnswer(
      axis: axis, crossStart: crossStart, crossLength: crossLength, primaryStart: primaryLow,
      primaryExtent: primaryHigh - primaryLow, secondaryStart: secondaryLow,
      secondaryExtent: secondaryHigh - secondaryLow,
      regularAcross: axis == .horizontal ? verticalRegular : horizontalRegular)
  }
}

extension RegimeKernel {
  /// The primary alone over the area (R17, R19:
  /// ``RegimeAnswer/overArea(left:top:areaWidth:areaHeight:horizontalRegular:verticalRegular:secondaryShown:stacked:)``)
  /// in the kernel's lanes: `nil` unless every lane has one horizontal class.
  ///
  /// Note (b53560d): that class is one for all lanes (a pair across 600 points wide
  /// takes the general path): as a mask of its own in the answer it cost
  /// every batch ~35 instructions a size (callgrind, peers batch).
  @inline(__always)
  func overArea<Lanes: KernelLanes>(
    areaWidth: Lanes, areaHeight: Lanes, horizontalRegular: Lanes.Mask, verticalRegular: Lanes.Mask
  ) -> RegimeAnswer<Lanes>? {
    guard horizontalRegular.all || !horizontalRegular.any else { return nil }
    return .overArea(
      left: insets.left, top: insets.top, areaWidth: areaWidth, areaHeight: areaHeight,
      horizontalRegular: horizontalRegular.all, verticalRegular: verticalRegular, secondaryShown: false,
      stacked: false)
  }
}
