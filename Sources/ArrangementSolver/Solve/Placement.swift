extension PaneLengths where Lanes == Double {
  /// Places the panes along `axis`, primary then secondary from the leading
  /// (or top) edge (R8), with interior edges snapped (R9), and answers with
  /// their layouts (R20, R21). A pane whose final length is zero is hidden.
  /// The classes and the split axis come from ``RegimeAnswer``, as a
  /// table's rows do.
  ///
  /// Note (1951445): both panes placed return at once, with the answer's shape
  /// constant; one return with the shape decided at run time cost the cold
  /// solve 30–60 instructions (callgrind: peers 731 → 773, split/flat
  /// 703 → 741); this way 708 and 685. (a137a13: placing into optional
  /// rectangles and building the answer in the generic driver cost ~120, peers plan.)
  ///
  /// `gap` (R30) separates the panes when both are shown; `divider` (R31)
  /// is the divider answer's code (0: none), answered when both are placed.
  @_transparent
  func solution(along axis: Axis, in context: SolveContext, gap: Double = 0, divider: UInt8 = 0) -> Solution {
    let edges = EdgeSnapper(axis: axis, context: context)
    @inline(__always) func answer(
      _ primary: (low: Double, high: Double), _ secondary: (low: Double, high: Double), primaryPlaced: Bool,
      secondaryPlaced: Bool
    ) -> Solution {
      RegimeAnswer(
        axis: axis, crossStart: edges.crossStart, crossLength: edges.crossLength, primaryStart: primary.low,
        primaryExtent: primary.high - primary.low, secondaryStart: secondary.low,
        secondaryExtent: secondary.high - secondary.low, regularAcross: context.classes[axis.cross] == .regular,
        splits: primaryPlaced && secondaryPlaced, lone: !secondaryPlaced,
        regularAlong: context.classes[axis] == .regular, primaryHidden: !primaryPlaced
      ).solution
    }
    var primarySpan = (low: 0.0, high: 0.0)
    var secondarySpan = (low: 0.0, high: 0.0)
    if primaryShown && secondaryShown {
      (primarySpan, secondarySpan) = edges.edges.spans(
        primary: primary, secondary: secondary, gap: gap, spaced: gap != 0)
      if primarySpan.high > primarySpan.low && secondarySpan.high > secondarySpan.low {
        var solution = answer(primarySpan, secondarySpan, primaryPlaced: true, secondaryPlaced: true)
        if divider != 0 {
          solution.dividerCode = divider
          solution.dividerPosition = edges.dividerPosition(primarySpan)
        }
        return solution
      }
    } else if primaryShown {
      // R6: a lone pane starts at the leading (or top) edge.
      primarySpan = edges.edges.span(from: edges.leadingEdge, to: edges.position(primary))
    } else if secondaryShown {
      secondarySpan = edges.edges.span(from: edges.leadingEdge, to: edges.position(secondary))
    }
    // A pane left with no length is hidden (R6).
    return answer(
      primarySpan, secondarySpan, primaryPlaced: primarySpan.high > primarySpan.low,
      secondaryPlaced: secondarySpan.high > secondarySpan.low)
  }
}

/// Interior pane edges along one axis (R8, R9), in every lane of `Lanes` (one
/// `Double` on the general path, SIMD lanes in a plan's table: both run
/// these operations): distances from the area's leading edge become
/// container-local coordinates, snapped to the pixel grid in window coordinates.
struct PaneEdges<Lanes: KernelLanes> {
  var start: Lanes
  var end: Lanes
  var length: Lanes
  var reversed: Bool
  /// Pixels per point; used when `snaps` (a constant in each kernel mode).
  var scale: Double
  var snaps: Bool
  /// The area's start in window coordinates minus its container-local start.
  var origin: Double

  /// The area's leading (or top) edge.
  var leadingEdge: Lanes {
    @inline(__always) get { reversed ? end : start }
  }

  /// The container-local coordinate of the interior edge at `distance` from
  /// the leading edge: the area's end exactly when within 1e-9 of it, else
  /// rounded (half away from zero) to the pixel grid in window coordinates and
  /// clamped into the area.
  @inline(__always)
  func position(_ distance: Lanes) -> Lanes {
    // Note (438fe50): one lane returns at once when at the end, SIMD lanes select it:
    // computed and selected away, a cold solve cost ~45 instructions more
    // (split/closed-*), and the branch cost the batches ~7 a size (callgrind).
    @inline(__always) func atEnd() -> Lanes.Mask { (distance - length).magnitude.lessOrEqual(Lanes(repeating: 1e-9)) }
    if Lanes.self == Double.self && atEnd().all { return reversed ? start : end }
    var position = reversed ? end - distance : start + distance
    // `PixelRounding.snapped`, in lanes.
    if snaps { position = (position + origin).onGrid(scale: scale) - origin }
    position = position.larger(start).smaller(end)
    position.replace(with: reversed ? start : end, where: atEnd())
    return position
  }

  /// ``position(_:)`` of an edge that, unrounded, lies within the area and
  /// more than 1e-9 from its end, as a compiled piece's boundary does
  /// (``RegimeTerm/within(_:_:_:)``): R9's end test fails and the
  /// clamp changes nothing, so only a rounded edge is clamped.
  ///
  /// Note (27e64ab): transparent: with `@inline(__always)` its four-lane
  /// specialisation stayed a call, its edges passed through the stack
  /// (callgrind, peers columns 57.0 → 45.5 once inlined).
  @_transparent
  func interior(_ distance: Lanes) -> Lanes {
    let position = reversed ? end - distance : start + distance
    guard snaps else { return position }
    return ((position + origin).onGrid(scale: scale) - origin).larger(start).smaller(end)
  }

  /// Both panes' spans when both are placed, written once for the general
  /// path and a table's lanes: the primary from the leading edge to the
  /// boundary at its length, the secondary from there (after the gap, R30,
  /// where `spaced`) to the end of both lengths (R8, R9).
  ///
  /// Note (115f75e): transparent: with `@inline(__always)` the cold solves
  /// cost up to 48 instructions more (callgrind: peers 634.6 → 682.6, peers
  /// in place 507.6 → 555.6, split/flat 653.7 → 694.9, plans/resize 279.8 →
  /// 285.0); transparent, every group counts as it did with two spellings.
  @_transparent
  func spans(primary: Lanes, secondary: Lanes, gap: Double, spaced: Bool) -> (
    primary: (low: Lanes, high: Lanes), secondary: (low: Lanes, high: Lanes)
  ) {
    let boundary = position(primary)
    let gap = Lanes(repeating: gap)
    let secondaryStart = spaced ? position(primary + gap) : boundary
    let end = position(spaced ? primary + gap + secondary : primary + secondary)
    return (span(from: leadingEdge, to: boundary), span(from: secondaryStart, to: end))
  }

  /// The low and high coordinates of the pane between the edges `leading`
  /// and `trailing`: a trailing edge never passes its leading edge.
  @inline(__always)
  func span(from leading: Lanes, to trailing: Lanes) -> (low: Lanes, high: Lanes) {
    reversed ? (trailing.smaller(leading), leading) : (leading, trailing.larger(leading))
  }
}

/// The general path's edges along one axis, and the panes between them.
@usableFromInline
struct EdgeSnapper: Sendable {
  var axis: Axis
  var edges: PaneEdges<Double>
  var crossStart: Double
  var crossLength: Double

  @inline(__always)
  init(axis: Axis, context: SolveContext) {
    self.axis = axis
    let area = context.area
    edges = PaneEdges(
      start: area.start(along: axis), end: area.end(along: axis), length: area.length(along: axis),
      reversed: context.isReversed(axis), scale: context.scale, snaps: context.scale > 0,
      origin: context.origin(along: axis))
    crossStart = area.start(along: axis.cross)
    crossLength = area.length(along: axis.cross)
  }

  var leadingEdge: Double {
    @inline(__always) get { edges.leadingEdge }
  }

  @inline(__always)
  func position(_ distance: Double) -> Double { edges.position(distance) }

  /// R31: where the divider is, the primary's far edge from the placement origin.
  @inline(__always)
  func dividerPosition(_ primary: (low: Double, high: Double)) -> Double {
    edges.reversed ? leadingEdge - primary.low : primary.high - leadingEdge
  }
}

extension Axis {
  /// R8: whether the leading-to-trailing flow along this axis runs against
  /// its coordinates (right to left, horizontally only).
  ///
  /// Note (43e2504): transparent: as `@inline(__always)` the cold split and
  /// fold groups cost 3–12 instructions a solve more (callgrind, split/tabletop
  /// 668 → 680) than the condition written in place.
  @_transparent
  func flowsBackward(rightToLeft: Bool) -> Bool { self == .horizontal && rightToLeft }
}

extension PaneEdges where Lanes == SIMD4<Double> {
  /// The edges of one lane, in every lane of four (a drag's two edges beside a gap at once).
  @inline(__always)
  init(_ edges: PaneEdges<Double>) {
    self.init(
      start: SIMD4(repeating: edges.start), end: SIMD4(repeating: edges.end), length: SIMD4(repeating: edges.length),
      reversed: edges.reversed, scale: edges.scale, snaps: edges.snaps, origin: edges.origin)
  }
}

extension PaneEdges: Sendable where Lanes: Sendable {}
