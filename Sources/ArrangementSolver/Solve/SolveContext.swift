/// What every step of a solve reads: the sanitised layout area and the
/// container's classes, computed once.
@usableFromInline
struct SolveContext {
  /// The layout area in container-local coordinates (R1).
  var area: Rect
  /// The container's origin in window coordinates, for pixel rounding (R9)
  /// and for moving regions into container space.
  var windowOrigin: (x: Double, y: Double)
  /// The container's size classes, given or derived (R2).
  var classes: SizeClasses
  /// Horizontal flow runs right to left.
  var isRightToLeft: Bool
  /// Pixels per point, or 0 for no rounding (R9, R29).
  var scale: Double

  init(_ scene: Scene) {
    let container = Sanitize.rect(scene.container)
    let insets = Sanitize.insets(scene.safeArea)
    // R1: a length the insets would make negative is 0.
    area = Rect(
      x: insets.left,
      y: insets.top,
      width: Swift.max(0, container.width - insets.left - insets.right),
      height: Swift.max(0, container.height - insets.top - insets.bottom)
    )
    windowOrigin = (container.x, container.y)
    // R2: derived from the container (not the layout area) when not given.
    classes = scene.sizeClass ?? SizeClasses(derivedFrom: Size(width: container.width, height: container.height))
    isRightToLeft = scene.layoutDirection == .rightToLeft
    scale = Sanitize.scale(scene.displayScale)
  }

  var hasArea: Bool { area.width > 0 && area.height > 0 }

  var bothHidden: Solution {
    Solution(primary: .hidden(classes), secondary: .hidden(classes), splitAxis: nil)
  }

  /// Whether the leading-to-trailing flow along `axis` runs against the physical axis.

  func isReversed(_ axis: Axis) -> Bool { axis == .horizontal && isRightToLeft }

  /// The window origin's coordinate along `axis`.

  func windowOrigin(along axis: Axis) -> Double { axis == .horizontal ? windowOrigin.x : windowOrigin.y }

  /// The part of the layout area between two coordinates along `axis`,
  /// spanning the whole cross axis (R8).

  func band(along axis: Axis, from start: Double, to end: Double) -> Rect {
    Rect(
      along: axis, start: start, length: end - start,
      crossStart: area.start(along: axis.cross), crossLength: area.length(along: axis.cross))
  }
}
