/// The solve of the common cases, for one container size (`Double` lanes) or
/// two at once (`SIMD2<Double>`, the width of SSE2, the baseline x86-64
/// target): a split without active folds, showing the secondary (either
/// direction, with or without pixel rounding); in the ``AcrossFold`` mode, a
/// plan with one active fold, whose sides are the panes where it divides the
/// area (R18, R23), or a split's lone primary on its own side (R19); and in
/// the ``Stacked`` mode an overlay without active folds, both panes over the
/// whole layout area (R22).
///
/// The kernel does not approximate the solve. It performs, lane by lane, the
/// same floating-point operations as the general path up to the panes'
/// preferred lengths (R1–R3), then checks, with the general path's own
/// comparisons, that the sizes sit in the regime where R4–R7 reduce to one
/// formula: the pane sized first takes `f`, its preferred length or, where
/// the other's minimum does not fit beside that, what R5 gives back; the
/// other gets exactly `L − f` (so R7's leftover is exactly 0), and both are
/// positive. There the general path's answer is `(f, L − f)`, bit for bit;
/// anywhere else (R6, R7 growth, no area, lanes on different axes) the
/// kernel answers `nil` and the caller takes the general path. In a
/// ``Compiled`` mode the plan's ``RegimeTable`` stands for both steps: per
/// size it only finds the piece holding the length and evaluates that
/// piece's formula, with the same operations.
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
    fold = plan.folds.element(0).frame
    style = plan.style
    overlayPrimaryLeading = plan.overlayPrimaryLeading
    overlayPrimaryTop = plan.overlayPrimaryTop
    horizontalRegimes = plan.horizontalRegimes
    verticalRegimes = plan.verticalRegimes
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
    // primary in front, each with the container's classes; nothing to size.
    // Note: the horizontal class is one for all lanes (a pair across 600
    // points wide takes the general path): as a mask of its own in the
    // answer it cost every batch ~35 instructions a size (callgrind, peers batch).
    if Mode.stacked {
      return overArea(
        areaWidth: areaWidth, areaHeight: areaHeight, horizontalRegular: horizontalRegular,
        verticalRegular: verticalRegular, lone: false)
    }

    // R16, R17: with no fold, along the longer side; every lane on one axis, regular along it.
    let horizontal = areaWidth.greaterOrEqual(areaHeight)
    let axis: Axis
    let length: Lanes
    let crossLength: Lanes
    let start: Double
    let crossStart: Double
    // A lone primary over the whole area where the axis is not allowed or, in every lane, not regular (R17, R19).
    if horizontal.all {
      let both = Self.showsBoth(showsSecondary: true, allowed: axes.allows(.horizontal), regular: horizontalRegular)
      guard both.all else {
        guard Mode.lone && !both.any && Self.sane(areaWidth, Mode.self)
        else { return nil }
        return overArea(
          areaWidth: areaWidth, areaHeight: areaHeight, horizontalRegular: horizontalRegular,
          verticalRegular: verticalRegular, lone: true)
      }
      (axis, length, crossLength, start, crossStart) = (.horizontal, areaWidth, areaHeight, insets.left, insets.top)
    } else if !horizontal.any {
      let both = Self.showsBoth(showsSecondary: true, allowed: axes.allows(.vertical), regular: verticalRegular)
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
    // answered here where every lane shows both panes.
    let primaryRange = axis == .horizontal ? primaryWidth : primaryHeight
    let secondaryRange = axis == .horizontal ? secondaryWidth : secondaryHeight
    let primaryLength: Lanes
    let secondaryLength: Lanes
    if Mode.compiled {
      // Note: each table read where it is, not selected first: selecting
      // copied the chosen table for every pair (callgrind, peers columns).
      guard
        let first = axis == .horizontal
          ? horizontalRegimes.first(length, from: &cursor.horizontal, walks: walks)
          : verticalRegimes.first(length, from: &cursor.vertical, walks: walks)
      else { return nil }
      let rest = length - first
      (primaryLength, secondaryLength) = primaryFirst ? (first, rest) : (rest, first)
    } else {
      let sized = PaneLengths(
        primary: ResolvedRange(primaryRange, length: length), secondary: ResolvedRange(secondaryRange, length: length),
        primaryFirst: primaryFirst, length: length)
      guard (sized.primaryShown .& sized.secondaryShown).all else { return nil }
      (primaryLength, secondaryLength) = (sized.primary, sized.secondary)
    }

    // R8, R9: the general path's edges, in lanes.
    let reversed = axis == .horizontal && isRightToLeft
    let edges = PaneEdges<Lanes>(
      start: Lanes(repeating: start), end: start + length, length: length, reversed: reversed, scale: scale,
      snaps: Mode.snaps, origin: axis == .horizontal ? originX : originY)
    let leading = edges.leadingEdge
    let boundary = edges.position(primaryLength)
    let trailing = edges.position(primaryLength + secondaryLength)
    let (primaryLow, primaryHigh) = edges.span(from: leading, to: boundary)
    let (secondaryLow, secondaryHigh) = edges.span(from: boundary, to: trailing)
    guard (primaryHigh.greater(primaryLow) .& secondaryHigh.greater(secondaryLow)).all else { return nil }

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

  /// R17, in each lane: a split shows both panes only when the app shows
  /// the secondary, the split axis is allowed and the container is regular
  /// along it (the general path asks it for one lane).
  ///
  /// Note: shared, against the two spellings it replaced, callgrind moved
  /// the groups by −13 to +10 instructions a solve (peers in place 511 → 498,
  /// split/closed-portrait 651 → 661, peers batch 119.8 → 122.0).
  @inline(__always)
  static func showsBoth<Mask: KernelMask>(showsSecondary: Bool, allowed: Bool, regular: Mask) -> Mask {
    Mask(repeating: showsSecondary && allowed) .& regular
  }
}

extension RegimeKernel {
  /// ``RegimeAnswer/overArea(left:top:areaWidth:areaHeight:horizontalRegular:verticalRegular:secondaryShown:stacked:)``
  /// for the kernel's lanes: `nil` unless every lane has one horizontal class.
  ///
  /// Note: that class is one for all lanes (a pair across 600 points wide
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
  /// Note: transparent, as `solve` is: with `@inline(__always)` it stayed a
  /// generic call once `solve` grew the lone primary (callgrind, plans/resize
  /// 326 → 381 instructions a solve; 311 at the compiled regimes).
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
    // Note: R16's test written in lanes a second time (`Fold.init?(frame:dividing:)`
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
    let both = Self.showsBoth(showsSecondary: true, allowed: axes.allows(axis), regular: regularAlong)
    if style == .split && !both.all {
      // The hidden secondary keeps the container's class along the axis: one for all lanes.
      guard Mode.lone && !both.any && (regularAlong.all || !regularAlong.any)
      else { return nil }
      lone = true
    }
    guard lone || axes.allows(axis) else { return nil }
    return .besideFold(
      Fold(splitAxis: axis, start: foldStart, end: foldEnd), start: start, length: length, crossStart: crossStart,
      crossLength: crossLength, reversed: axis == .horizontal && isRightToLeft,
      primaryLeading: style == .split || (axis == .horizontal ? overlayPrimaryLeading : overlayPrimaryTop),
      secondaryShown: !lone, splits: style == .split,
      regularAcross: axis == .horizontal ? verticalRegular : horizontalRegular, regularAlong: regularAlong.all)
  }
}

/// The panes of one answer, in lanes: both shown side by side along
/// `axis` (R8, R21), compact along it (R20); or, with the container's
/// classes, `stacked`, both over the same extent, the primary in front
/// (R22), or `lone`, the primary alone (R6, R17, R19). The general path
/// builds every answer with an area as one with `Lanes == Double` (its
/// placed panes, the sides of a fold, R17's lone primary, R22), the kernel
/// in its lanes, through the same builders; ``solution`` then gives the
/// classes and the split axis (R20, R21), so each of those rules is written
/// once (the batches' flags word excepted: ``SolutionColumns/store``).
///
/// Note: on the general path this costs the fold groups 4–8 instructions a
/// cold solve (callgrind: split/book 667 → 675, overlay/book 666 → 673,
/// overlay/tabletop 656 → 660) and leaves the stacked overlays at 346;
/// accepted for one spelling of R18, R19, R22 and R23.
struct RegimeAnswer<Lanes: KernelLanes> {
  var axis: Axis
  /// The layout area's extent across `axis`.
  var crossStart: Double
  var crossLength: Lanes
  /// Each pane's extent along `axis`.
  var primaryStart: Lanes
  var primaryExtent: Lanes
  var secondaryStart: Lanes
  var secondaryExtent: Lanes
  /// The container's class across `axis` is regular (R2); the panes keep it (R20).
  var regularAcross: Lanes.Mask
  /// A split along `axis` (R21); false for an overlay side by side across a fold.
  var splits: Bool = true
  /// Both panes over the same extent, the primary in front (R22).
  var stacked = false
  /// The secondary hidden: the primary alone over the area (R17, R19) or
  /// along the axis (R6).
  var lone = false
  /// The container's class along `axis` is regular, in every lane; read only
  /// when `stacked`, `lone` or `primaryHidden`.
  var regularAlong = false
  /// With `lone`: the primary keeps to its side of a fold, compact along `axis` (R19, R20);
  /// the hidden secondary has the container's classes.
  var besideFold = false
  /// The primary hidden: the secondary alone along the axis, or neither (R6;
  /// the general path only).
  var primaryHidden = false
}

extension RegimeAnswer {
  /// The panes over the whole layout area with the container's classes:
  /// both, or the primary alone (`secondaryShown` false); `stacked` puts the
  /// primary in front (an overlay without a fold, R22); a split whose axis
  /// is not allowed or not regular shows its primary alone (R17, R19, R20).
  @inline(__always)
  static func overArea(
    left: Double, top: Double, areaWidth: Lanes, areaHeight: Lanes, horizontalRegular: Bool,
    verticalRegular: Lanes.Mask, secondaryShown: Bool, stacked: Bool
  ) -> Self {
    let start = Lanes(repeating: left)
    let zero = Lanes(repeating: 0)
    return RegimeAnswer(
      axis: .horizontal, crossStart: top, crossLength: areaHeight, primaryStart: start, primaryExtent: areaWidth,
      secondaryStart: secondaryShown ? start : zero, secondaryExtent: secondaryShown ? areaWidth : zero,
      regularAcross: verticalRegular, splits: false, stacked: stacked, lone: !secondaryShown,
      regularAlong: horizontalRegular)
  }

  /// The panes on the two sides of `fold`, which divides the area from
  /// `start` over `length` along its split axis (R16): the sides in flow
  /// order, leading then trailing (mirrored when `reversed`); the primary
  /// on the leading side when `primaryLeading` (a split, R18; an overlay's
  /// edge setting, R23), else the trailing one. Both compact along the axis
  /// (R20); without the secondary, the primary keeps to its side (R19).
  @inline(__always)
  static func besideFold(
    _ fold: Fold, start: Double, length: Lanes, crossStart: Double, crossLength: Lanes, reversed: Bool,
    primaryLeading: Bool, secondaryShown: Bool, splits: Bool, regularAcross: Lanes.Mask, regularAlong: Bool
  ) -> Self {
    let before = (start: Lanes(repeating: start), length: Lanes(repeating: fold.start - start))
    let after = (start: Lanes(repeating: fold.end), length: start + length - fold.end)
    let (leading, trailing) = reversed ? (after, before) : (before, after)
    let (primary, secondary) = primaryLeading ? (leading, trailing) : (trailing, leading)
    let zero = Lanes(repeating: 0)
    return RegimeAnswer(
      axis: fold.splitAxis, crossStart: crossStart, crossLength: crossLength, primaryStart: primary.start,
      primaryExtent: primary.length, secondaryStart: secondaryShown ? secondary.start : zero,
      secondaryExtent: secondaryShown ? secondary.length : zero, regularAcross: regularAcross,
      splits: splits && secondaryShown, lone: !secondaryShown, regularAlong: regularAlong,
      besideFold: !secondaryShown)
  }
}

extension RegimeAnswer where Lanes == Double {
  /// The answer as the general path gives it.
  @inline(__always)
  var solution: Solution {
    let across: SizeClass = regularAcross ? .regular : .compact
    let along: SizeClass = (stacked || lone || primaryHidden) && regularAlong ? .regular : .compact
    let primaryAlong: SizeClass = besideFold ? .compact : along
    let primaryClasses =
      axis == .horizontal
      ? SizeClasses(horizontal: primaryAlong, vertical: across)
      : SizeClasses(horizontal: across, vertical: primaryAlong)
    let secondaryClasses =
      axis == .horizontal
      ? SizeClasses(horizontal: along, vertical: across) : SizeClasses(horizontal: across, vertical: along)
    let primaryFrame = Rect(
      along: axis, start: primaryStart, length: primaryExtent, crossStart: crossStart, crossLength: crossLength)
    let secondaryFrame = Rect(
      along: axis, start: secondaryStart, length: secondaryExtent, crossStart: crossStart, crossLength: crossLength)
    return Solution(
      primary: primaryHidden
        ? .hidden(secondaryClasses)
        : PaneLayout(visible: true, frame: primaryFrame, zIndex: stacked ? 1 : 0, sizeClass: primaryClasses),
      secondary: lone
        ? .hidden(secondaryClasses)
        : PaneLayout(visible: true, frame: secondaryFrame, zIndex: 0, sizeClass: secondaryClasses),
      splitAxis: splits ? axis : nil)
  }
}

extension RegimeAnswer where Lanes == SIMD2<Double> {
  /// The answer in lane `lane`.
  @inline(__always)
  func solution(_ lane: Int) -> Solution {
    RegimeAnswer<Double>(
      axis: axis, crossStart: crossStart, crossLength: crossLength[lane], primaryStart: primaryStart[lane],
      primaryExtent: primaryExtent[lane], secondaryStart: secondaryStart[lane],
      secondaryExtent: secondaryExtent[lane], regularAcross: regularAcross[lane], splits: splits, stacked: stacked,
      lone: lone, regularAlong: regularAlong, besideFold: besideFold
    ).solution
  }
}

/// What a kernel instance solves, as a type, so that each instance is
/// compiled for one case: whether pane edges snap to a pixel grid (R9), or
/// the panes take the sides of the plan's one fold.
protocol KernelMode {
  static var snaps: Bool { get }
  /// The plan has one active fold: the panes take its sides (R18, R23).
  static var acrossFold: Bool { get }
  /// The plan is an overlay without active folds: the panes stack (R22).
  static var stacked: Bool { get }
  /// A split whose axis is not allowed or not regular is answered too: the
  /// primary alone (R17, R19). Only for batches of plans where that can happen.
  static var lone: Bool { get }
  /// The plan's compiled pieces give the first pane's length (R3–R7): no
  /// ranges resolved and no regime checked per size.
  static var compiled: Bool { get }
}

/// A mode answers only what it says it answers.
extension KernelMode {
  static var acrossFold: Bool { @inline(__always) get { false } }
  static var stacked: Bool { @inline(__always) get { false } }
  static var lone: Bool { @inline(__always) get { false } }
  static var compiled: Bool { @inline(__always) get { false } }
}

/// A plan with a display scale: edges snap to its pixel grid.
enum SnappingGrid: KernelMode {
  static var snaps: Bool { @inline(__always) get { true } }
}

/// A plan without a display scale: edges stay where the arithmetic puts them.
enum NoGrid: KernelMode {
  static var snaps: Bool { @inline(__always) get { false } }
}

/// A plan with one active fold: the fold's sides are the panes, with no
/// sizing and no snapping (R18, R23).
enum AcrossFold: KernelMode {
  static var snaps: Bool { @inline(__always) get { false } }
  static var acrossFold: Bool { @inline(__always) get { true } }
}

/// A split without active folds (`Base`: ``NoGrid`` or ``SnappingGrid``)
/// that also answers sizes where the primary is alone (R17, R19).
///
/// Note: a mode of its own, so that plans where the primary is never alone
/// do not pay for the check (callgrind: peers batch 161 → 167, columns
/// 142 → 151 instructions a size with it in every split).
enum Lone<Base: KernelMode>: KernelMode {
  static var snaps: Bool { @inline(__always) get { Base.snaps } }
  static var acrossFold: Bool { @inline(__always) get { Base.acrossFold } }
  static var lone: Bool { @inline(__always) get { true } }
  static var compiled: Bool { @inline(__always) get { Base.compiled } }
}

/// A split without active folds (`Base`: ``NoGrid`` or ``SnappingGrid``)
/// whose plan compiled its sizing regimes (``RegimeTable``).
enum Compiled<Base: KernelMode>: KernelMode {
  static var snaps: Bool { @inline(__always) get { Base.snaps } }
  static var compiled: Bool { @inline(__always) get { true } }
}

/// An overlay without active folds: both panes over the whole layout area,
/// unsnapped (R22).
enum Stacked: KernelMode {
  static var snaps: Bool { @inline(__always) get { false } }
  static var stacked: Bool { @inline(__always) get { true } }
}

/// Which regime kernel answers a plan's sizes (the rest take the general path).
@usableFromInline
enum KernelChoice: UInt8, Sendable {
  /// None: hidden secondaries, several active folds.
  case general
  /// A split without active folds or display scale (``NoGrid``).
  case noGrid
  /// A split without active folds, snapped to a display scale (``SnappingGrid``).
  case snappingGrid
  /// One active fold, the secondary shown (``AcrossFold``).
  case acrossFold
  /// An overlay without active folds, the secondary shown (``Stacked``).
  case stacked

  init(foldCount: Int, style: ArrangementStyle, secondaryVisible: Bool, scale: Double) {
    if foldCount == 1 && secondaryVisible {
      self = .acrossFold
    } else if foldCount == 0 && style == .split && secondaryVisible {
      self = scale > 0 ? .snappingGrid : .noGrid
    } else if foldCount == 0 && secondaryVisible {
      self = .stacked
    } else {
      self = .general
    }
  }
}

/// Work done with a plan's kernel mode, whichever it is: the mode is a type,
/// so each use is compiled once per mode and ``ArrangementPlan/withKernel(_:)``
/// turns the plan's choice into that type (only ``ArrangementPlan/solve(width:height:)``
/// branches on the choice itself, to keep its instances apart; see its Note).
protocol KernelUse {
  associatedtype Answer
  func callAsFunction<Mode: KernelMode>(_ plan: ArrangementPlan, _ mode: Mode.Type) -> Answer
}

extension ArrangementPlan {
  /// The kernel chosen when the plan was made, by name (for tests).
  package var kernelName: String { "\(kernel)" }

  /// Whether the primary can be alone in a split without folds: an axis is
  /// not allowed, or the container can be compact along one (R2, R17).
  var mayBeLone: Bool {
    !axes.allows(.horizontal) || !axes.allows(.vertical) || derivesClasses
      || givenClasses.horizontal == .compact || givenClasses.vertical == .compact
  }

  /// `use` with this plan's kernel and mode, or `nil` where no kernel applies.
  @inline(__always)
  func withKernel<Use: KernelUse>(_ use: Use) -> Use.Answer? {
    switch kernel {
    case .general: nil
    case .noGrid:
      compiled
        ? (mayBeLone ? use(self, Lone<Compiled<NoGrid>>.self) : use(self, Compiled<NoGrid>.self))
        : (mayBeLone ? use(self, Lone<NoGrid>.self) : use(self, NoGrid.self))
    case .snappingGrid:
      compiled
        ? (mayBeLone ? use(self, Lone<Compiled<SnappingGrid>>.self) : use(self, Compiled<SnappingGrid>.self))
        : (mayBeLone ? use(self, Lone<SnappingGrid>.self) : use(self, SnappingGrid.self))
    case .acrossFold: mayBeLone && style == .split ? use(self, Lone<AcrossFold>.self) : use(self, AcrossFold.self)
    case .stacked: use(self, Stacked.self)
    }
  }
}
