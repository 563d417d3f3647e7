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

/// Turns distances from the area's leading edge into snapped, container-local
/// edge coordinates along one axis (R9).
@usableFromInline
struct EdgeSnapper {
  var axis: Axis
  var start: Double
  var end: Double
  var length: Double
  var crossStart: Double
  var crossLength: Double
  var reversed: Bool
  var scale: Double
  var origin: Double

  @inline(__always)
  init(axis: Axis, context: SolveContext) {
    self.axis = axis
    let area = context.area
    start = area.start(along: axis)
    end = area.end(along: axis)
    length = area.length(along: axis)
    crossStart = area.start(along: axis.cross)
    crossLength = area.length(along: axis.cross)
    reversed = context.isReversed(axis)
    scale = context.scale
    origin = context.origin(along: axis)
  }

  /// The area's leading (or top) edge.
  var leadingEdge: Double {
    @inline(__always) get { reversed ? end : start }
  }

  /// The container-local coordinate of the interior edge at `distance` from
  /// the leading edge: the area's end exactly when within 1e-9 of it, else
  /// rounded to the pixel grid in window coordinates and clamped into the area.
  @inline(__always)
  func position(_ distance: Double) -> Double {
    if abs(distance - length) <= 1e-9 { return reversed ? start : end }
    var position = reversed ? end - distance : start + distance
    if scale > 0 { position = snapped(position) }
    return smaller(larger(position, start), end)
  }

  /// `position` rounded (half away from zero) to the pixel grid in window coordinates.
  @inline(__always)
  func snapped(_ position: Double) -> Double {
    let window = PixelRounding.halfAwayFromZero((position + origin) * scale) / scale
    return window - origin
  }

  /// Writes the pane between the edges `leading` and `trailing` into `frame`;
  /// false (and `frame` untouched) when that leaves it no length.
  @inline(__always)
  func pane(from leading: Double, to trailing: Double, into frame: inout Rect) -> Bool {
    // Edges keep their order: a trailing edge never passes its leading edge.
    let low = reversed ? smaller(trailing, leading) : leading
    let high = reversed ? leading : larger(trailing, leading)
    guard high > low else { return false }
    frame = Rect(along: axis, start: low, length: high - low, crossStart: crossStart, crossLength: crossLength)
    return true
  }
}
