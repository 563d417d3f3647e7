extension PaneLengths {
  /// Places the panes along `axis`, primary then secondary from the leading
  /// (or top) edge (R8), with interior edges snapped (R9), and answers with
  /// their layouts (R20, R21). A pane whose final length is zero is hidden.
  ///
  /// Note: one non-generic step writing the answer once; placing into
  /// optional rectangles and building the answer from them in the generic
  /// driver cost ~120 instructions a solve of copies (callgrind, peers plan).
  @_transparent
  func solution(along axis: Axis, in context: SolveContext) -> Solution {
    let edges = EdgeSnapper(axis: axis, context: context)
    var primaryFrame = Rect.zero
    var secondaryFrame = Rect.zero
    var primaryPlaced = false
    var secondaryPlaced = false
    if primaryShown && secondaryShown {
      let boundary = edges.position(primary)
      let end = edges.position(primary + secondary)
      primaryPlaced = edges.pane(from: edges.leadingEdge, to: boundary, into: &primaryFrame)
      secondaryPlaced = edges.pane(from: boundary, to: end, into: &secondaryFrame)
    } else if primaryShown {
      // R6: a lone pane starts at the leading (or top) edge.
      primaryPlaced = edges.pane(from: edges.leadingEdge, to: edges.position(primary), into: &primaryFrame)
    } else if secondaryShown {
      secondaryPlaced = edges.pane(from: edges.leadingEdge, to: edges.position(secondary), into: &secondaryFrame)
    }

    // R20, R21: panes sharing the axis are compact along it; a lone pane keeps the container's classes.
    let classes = context.classes
    let shared = primaryPlaced && secondaryPlaced
    let paneClasses = shared ? classes.compact(along: axis) : classes
    return Solution(
      primary: PaneLayout(visible: primaryPlaced, frame: primaryFrame, zIndex: 0, sizeClass: paneClasses),
      secondary: PaneLayout(visible: secondaryPlaced, frame: secondaryFrame, zIndex: 0, sizeClass: paneClasses),
      splitAxis: shared ? axis : nil)
  }
}

/// Interior pane edges along one axis (R8, R9), in every lane of `Lanes` (one
/// `Double` on the general path, SIMD lanes in the regime kernel: both run
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
    // Note: one lane returns at once when at the end, SIMD lanes select it:
    // computed and selected away, a cold solve cost ~45 instructions more
    // (split/closed-*), and the branch cost the batches ~7 a size (callgrind).
    @inline(__always) func atEnd() -> Lanes.Mask { (distance - length).magnitude.lessOrEqual(Lanes(repeating: 1e-9)) }
    if Lanes.self == Double.self && atEnd().all { return reversed ? start : end }
    var position = reversed ? end - distance : start + distance
    if snaps { position = ((position + origin) * scale).roundedHalfAwayFromZero() / scale - origin }
    position = position.larger(start).smaller(end)
    position.replace(with: reversed ? start : end, where: atEnd())
    return position
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
struct EdgeSnapper {
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

  /// Writes the pane between the edges `leading` and `trailing` into `frame`;
  /// false (and `frame` untouched) when that leaves it no length.
  @inline(__always)
  func pane(from leading: Double, to trailing: Double, into frame: inout Rect) -> Bool {
    let (low, high) = edges.span(from: leading, to: trailing)
    guard high > low else { return false }
    frame = Rect(along: axis, start: low, length: high - low, crossStart: crossStart, crossLength: crossLength)
    return true
  }
}
