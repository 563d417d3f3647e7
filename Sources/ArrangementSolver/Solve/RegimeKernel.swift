/// The solve of the common cases, for one container size (`Double` lanes) or
/// two at once (`SIMD2<Double>`, the width of SSE2, the baseline x86-64
/// target): a split without active folds, showing the secondary (either
/// direction, with or without pixel rounding); in the ``AcrossFold`` mode, a
/// plan with one active fold, whose sides are the panes where it divides the
/// area (R18, R23), or a split's lone primary on its own side (R19); and in
/// the ``Stacked`` mode an overlay without active folds, both panes over the
/// whole layout area (R22).
///
/// The kernel does not approximate the solve and spells no rule of its own:
/// it calls the general path's rule functions (``SolveContext/areaLength(_:_:_:)``,
/// ``SizeClasses/isRegular(_:)``, ``SplitRules``, ``PaneLengths``,
/// ``PaneEdges``, ``OverlayRules``, the ``RegimeAnswer`` builders) in its
/// lanes, so each lane gets the general path's bits. What it adds is its
/// own check: it answers only where every lane took the same discrete
/// outcome (one split axis, both panes shown, one horizontal class for a
/// stacked overlay); anywhere else it answers `nil` and the caller takes the
/// general path. In a ``Compiled`` mode the plan's ``RegimeTable`` stands
/// for the sizing: per size it only finds the piece holding the length and
/// evaluates that piece's formula, with the same operations.
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
  /// The plan's one active fold, in container coordinates (``AcrossFold`` mode only).
  var fold: Rect
  var style: ArrangementStyle
  var overlayPrimaryLeading: Bool
  var overlayPrimaryTop: Bool
  /// The plan's compiled pieces (``KernelMode/compiled`` modes only).
  var horizontalRegimes: RegimeTable
  var verticalRegimes: RegimeTable
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
    fold = plan.firstFold.frame
    style = plan.style
    overlayPrimaryLeading = plan.overlayPrimaryLeading
    overlayPrimaryTop = plan.overlayPrimaryTop
    horizontalRegimes = plan.horizontalRegimes
    verticalRegimes = plan.verticalRegimes
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
    var cursor = RegimeCursor()
    return solve(widths: widths, heights: heights, mode: mode, cursor: &cursor, walks: false)
  }

  /// ``solve(widths:heights:mode:)`` for a sweep: in a compiled mode, when
  /// `walks`, the piece that held the previous sizes along the same axis is
  /// tried first (sorted sweeps stay in one piece for long runs).
  @_transparent
  func solve<Lanes: KernelLanes, Mode: KernelMode>(
    widths: Lanes, heights: Lanes, mode: Mode.Type, cursor: inout RegimeCursor, walks: Bool
  ) -> RegimeAnswer<Lanes>? {
    // R1, R29: the layout area, as `SolveContext` computes it.
    let zero = Lanes(repeating: 0)
    // A compiled mode reads the sizes as given: a length in one of its
    // pieces is one sanitising leaves alone, and any other takes the general path.
    let width = Mode.compiled ? widths : Lanes.sanitizedLength(widths)
    let height = Mode.compiled ? heights : Lanes.sanitizedLength(heights)
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

    if Mode.acrossFold {
      return acrossFold(
        areaWidth: areaWidth, areaHeight: areaHeight, horizontalRegular: horizontalRegular,
        verticalRegular: verticalRegular, mode: mode)
    }

    // R22: an overlay with no fold stacks both panes over the area, the
    // primary in front, each with the container's classes; nothing to size
    // (one horizontal class for all lanes: the Note at `overArea`).
    if Mode.stacked {
      return overArea(
        areaWidth: areaWidth, areaHeight: areaHeight, horizontalRegular: horizontalRegular,
        verticalRegular: verticalRegular, lone: false)
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
        guard Mode.lone && !both.any && Self.sane(areaWidth, Mode.self)
        else { return nil }
        return overArea(
          areaWidth: areaWidth, areaHeight: areaHeight, horizontalRegular: horizontalRegular,
          verticalRegular: verticalRegular, lone: true)
      }
      (axis, length, crossLength, start, crossStart) = (.horizontal, areaWidth, areaHeight, insets.left, insets.top)
    } else if !horizontal.any {
      let both = SplitRules.showsBoth(showsSecondary: true, allowed: axes.allows(.vertical), regular: verticalRegular)
      guard both.all else {
        guard Mode.lone && !both.any && Self.sane(areaHeight, Mode.self)
        else { return nil }
        return overArea(
          areaWidth: areaWidth, areaHeight: areaHeight, horizontalRegular: horizontalRegular,
          verticalRegular: verticalRegular, lone: true)
      }
      (axis, length, crossLength, start, crossStart) = (.vertical, areaHeight, areaWidth, insets.top, insets.left)
    } else {
      return nil
    }

    // R3–R7: the plan's compiled piece for this length, or the rules themselves,
    // answered here where every lane shows both panes; over the length the
    // panes share beside the gap (R30).
    let shared = Mode.spaced ? SplitRules.sharedLength(length, spacing: spacing) : length
    let primaryRange = axis == .horizontal ? primaryWidth : primaryHeight
    let secondaryRange = axis == .horizontal ? secondaryWidth : secondaryHeight
    let primaryLength: Lanes
    let secondaryLength: Lanes
    if Mode.compiled {
      // Note (b05a6b3): each table read where it is, not selected first: selecting
      // copied the chosen table for every pair (callgrind, peers columns 116 → 103).
      guard
        let first = axis == .horizontal
          ? horizontalRegimes.first(shared, from: &cursor.horizontal, walks: walks)
          : verticalRegimes.first(shared, from: &cursor.vertical, walks: walks)
      else { return nil }
      let rest = shared - first
      (primaryLength, secondaryLength) = primaryFirst ? (first, rest) : (rest, first)
    } else {
      let sized = PaneLengths(
        primary: ResolvedRange(primaryRange, length: shared), secondary: ResolvedRange(secondaryRange, length: shared),
        primaryFirst: primaryFirst, length: shared)
      guard (sized.primaryShown .& sized.secondaryShown).all else { return nil }
      (primaryLength, secondaryLength) = (sized.primary, sized.secondary)
    }

    // R8, R9: the general path's edges, in lanes.
    let reversed = axis.flowsBackward(rightToLeft: isRightToLeft)
    let edges = PaneEdges<Lanes>(
      start: Lanes(repeating: start), end: start + length, length: length, reversed: reversed, scale: scale,
      snaps: Mode.snaps, origin: axis == .horizontal ? originX : originY)
    let (primaryLow, primaryHigh, secondaryLow, secondaryHigh): (Lanes, Lanes, Lanes, Lanes)
    if Mode.compiled && !Mode.spaced {
      // What the compiler proved of every piece (``RegimeTable/piece(low:high:a:f:)``): the
      // boundary is no end and lies within the area, and the far edge is the area's end (R9's
      // end test holds there), so of `position` only the rounding runs; the spans need no
      // ordering (a rounded boundary is clamped into the area).
      let boundary = edges.interior(primaryLength)
      (primaryLow, primaryHigh, secondaryLow, secondaryHigh) =
        reversed ? (boundary, edges.end, edges.start, boundary) : (edges.start, boundary, boundary, edges.end)
    } else {
      let (primarySpan, secondarySpan) = edges.spans(
        primary: primaryLength, secondary: secondaryLength, gap: spacing, spaced: Mode.spaced)
      (primaryLow, primaryHigh, secondaryLow, secondaryHigh) =
        (primarySpan.low, primarySpan.high, secondarySpan.low, secondarySpan.high)
    }
    // Unrounded, a piece's panes keep their length (4e-9 each, below 2^22 where rounding
    // moves an edge by less than 1e-9); a rounded edge may leave one without (R9).
    if !(Mode.compiled && !Mode.spaced && !Mode.snaps) {
      guard (primaryHigh.greater(primaryLow) .& secondaryHigh.greater(secondaryLow)).all else { return nil }
    }

    return RegimeAnswer(
      axis: axis, crossStart: crossStart, crossLength: crossLength, primaryStart: primaryLow,
      primaryExtent: primaryHigh - primaryLow, secondaryStart: secondaryLow,
      secondaryExtent: secondaryHigh - secondaryLow,
      regularAcross: axis == .horizontal ? verticalRegular : horizontalRegular)
  }
}

extension RegimeKernel {
  /// In a compiled mode, whether the longer area length (and so the sizes)
  /// is one sanitising leaves alone: a lone primary has no piece to check it.
  @inline(__always)
  static func sane<Lanes: KernelLanes, Mode: KernelMode>(_ length: Lanes, _ mode: Mode.Type) -> Bool {
    !Mode.compiled || length.lessOrEqual(Lanes(repeating: RegimeTable.largestLength)).all
  }
}

extension RegimeKernel {
  /// ``RegimeAnswer/overArea(left:top:areaWidth:areaHeight:horizontalRegular:verticalRegular:secondaryShown:stacked:)``
  /// for the kernel's lanes: `nil` unless every lane has one horizontal class.
  ///
  /// Note (b53560d): that class is one for all lanes (a pair across 600 points wide
  /// takes the general path): as a mask of its own in the answer it cost
  /// every batch ~35 instructions a size (callgrind, peers batch).
  @inline(__always)
  func overArea<Lanes: KernelLanes>(
    areaWidth: Lanes, areaHeight: Lanes, horizontalRegular: Lanes.Mask, verticalRegular: Lanes.Mask, lone: Bool
  ) -> RegimeAnswer<Lanes>? {
    guard horizontalRegular.all || !horizontalRegular.any else { return nil }
    return .overArea(
      left: insets.left, top: insets.top, areaWidth: areaWidth, areaHeight: areaHeight,
      horizontalRegular: horizontalRegular.all, verticalRegular: verticalRegular, secondaryShown: !lone,
      stacked: !lone)
  }

  /// The plan's one active fold, when it divides the area in every lane: each
  /// pane is one side of it (R16, R18, R19; R23 for an overlay), as the
  /// general path places them (``RegimeAnswer/besideFold``).
  ///
  /// Note (a1006a0): transparent, as `solve` is: with `@inline(__always)` it stayed a
  /// generic call once `solve` grew the lone primary (callgrind, plans/resize
  /// 326 → 381 instructions a solve).
  @_transparent
  func acrossFold<Lanes: KernelLanes, Mode: KernelMode>(
    areaWidth: Lanes, areaHeight: Lanes, horizontalRegular: Lanes.Mask, verticalRegular: Lanes.Mask,
    mode: Mode.Type
  ) -> RegimeAnswer<Lanes>? {
    // R16: the fold splits across its long side (a point counts as vertical).
    let axis = fold.foldSplitAxis
    let (start, length, crossStart, crossLength) =
      axis == .horizontal
      ? (insets.left, areaWidth, insets.top, areaHeight) : (insets.top, areaHeight, insets.left, areaWidth)
    let foldStart = fold.start(along: axis)
    let foldEnd = fold.end(along: axis)
    // It spans the area across the split axis and leaves positive length on both sides.
    // Note (3d47383): R16's test written in lanes a second time (`Fold.init?(frame:dividing:)`
    // is the first). Both as one generic function was measured and dropped: the
    // kernel gained (peers in place 498 → 479), but the cold `scene.solve()` took
    // a second 124-instruction copy of the scene (callgrind: overlay/closed-portrait
    // 345 → 484, split/book 681 → 841, peers 713 → 773), whichever order the tests ran in.
    guard fold.start(along: axis.cross) <= crossStart && foldStart > start else { return nil }
    let divides =
      Lanes(repeating: fold.end(along: axis.cross)).greaterOrEqual(crossStart + crossLength)
      .& Lanes(repeating: foldEnd).less(start + length)
    guard divides.all else { return nil }

    // R17 (split) or R24 (overlay): the axis must be allowed, and a split regular along it;
    // otherwise a split's primary keeps to its own side, alone (R19; in `Lone` modes).
    let regularAlong = axis == .horizontal ? horizontalRegular : verticalRegular
    var lone = false
    let both = SplitRules.showsBoth(showsSecondary: true, allowed: axes.allows(axis), regular: regularAlong)
    if style == .split && !both.all {
      // The hidden secondary keeps the container's class along the axis: one for all lanes.
      guard Mode.lone && !both.any && (regularAlong.all || !regularAlong.any)
      else { return nil }
      lone = true
    }
    guard lone || OverlayRules.sideBySide(across: axis, allowed: axes) else { return nil }
    return .besideFold(
      Fold(splitAxis: axis, start: foldStart, end: foldEnd), start: start, length: length, crossStart: crossStart,
      crossLength: crossLength, reversed: axis.flowsBackward(rightToLeft: isRightToLeft),
      primaryLeading: style == .split
        || OverlayRules.primaryLeading(across: axis, leading: overlayPrimaryLeading, top: overlayPrimaryTop),
      secondaryShown: !lone, splits: style == .split,
      regularAcross: axis == .horizontal ? verticalRegular : horizontalRegular, regularAlong: regularAlong.all)
  }
}
