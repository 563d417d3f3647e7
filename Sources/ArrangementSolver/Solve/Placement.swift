extension PaneLengths {
  /// Places the panes along `axis`, primary then secondary from the leading
  /// (or top) edge (R8), with interior edges snapped (R9). A pane whose final
  /// length is zero is `nil` (hidden).
  @inline(__always)
  func placed(along axis: Axis, in context: SolveContext) -> (primary: Rect?, secondary: Rect?) {
    let edges = EdgeSnapper(axis: axis, context: context)
    switch (primaryShown, secondaryShown) {
    case (true, true):
      let boundary = edges.position(primary)
      let end = edges.position(primary + secondary)
      return (edges.pane(from: nil, to: boundary), edges.pane(from: boundary, to: end))
    case (true, false):
      // R6: a lone pane starts at the leading (or top) edge.
      return (edges.pane(from: nil, to: edges.position(primary)), nil)
    case (false, true):
      return (nil, edges.pane(from: nil, to: edges.position(secondary)))
    case (false, false):
      return (nil, nil)
    }
  }
}

/// Turns distances from the area's leading edge into snapped, container-local
/// edge coordinates along one axis (R9).
@usableFromInline
struct EdgeSnapper {
  var axis: Axis
  var context: SolveContext
  var start: Double
  var end: Double
  var length: Double
  var reversed: Bool

  @inline(__always)
  init(axis: Axis, context: SolveContext) {
    self.axis = axis
    self.context = context
    start = context.area.start(along: axis)
    end = context.area.end(along: axis)
    length = context.area.length(along: axis)
    reversed = context.isReversed(axis)
  }

  /// The container-local coordinate of the interior edge at `distance` from
  /// the leading edge: the area's end exactly when within 1e-9 of it, else
  /// rounded to the pixel grid in window coordinates and clamped into the area.
  @inline(__always)
  func position(_ distance: Double) -> Double {
    if abs(distance - length) <= 1e-9 { return reversed ? start : end }
    var position = reversed ? end - distance : start + distance
    if context.scale > 0 {
      let origin = context.origin(along: axis)
      let window = ((position + origin) * context.scale).rounded(.toNearestOrAwayFromZero) / context.scale
      position = window - origin
    }
    return smaller(larger(position, start), end)
  }

  /// The pane between the edge `from` (the area's leading edge when `nil`)
  /// and the edge `to`, or `nil` when that leaves it no length.
  @inline(__always)
  func pane(from leadingEdge: Double?, to trailingEdge: Double) -> Rect? {
    let leading = leadingEdge ?? (reversed ? end : start)
    // Edges keep their order: a trailing edge never passes its leading edge.
    let low = reversed ? smaller(trailingEdge, leading) : leading
    let high = reversed ? leading : larger(trailingEdge, leading)
    guard high > low else { return nil }
    return context.band(along: axis, from: low, to: high)
  }
}
