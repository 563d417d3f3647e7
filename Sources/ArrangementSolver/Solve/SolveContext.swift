/// What every step of one solve reads: the layout area and the container's
/// classes for this size, computed once.
@usableFromInline
struct SolveContext: Sendable {
  /// The layout area in container-local coordinates (R1).
  var area: Rect
  /// The container's size classes, given or derived (R2).
  var classes: SizeClasses
  var originX: Double
  var originY: Double
  var isRightToLeft: Bool
  /// Pixels per point, or 0 for no rounding (R9).
  var scale: Double

  @inline(__always)
  init<Configuration: ArrangementConfiguration>(_ plan: Configuration, width: Double, height: Double) {
    let width = Sanitize.length(width)
    let height = Sanitize.length(height)
    let insets = plan.sanitizedInsets
    area = Rect(
      x: insets.left, y: insets.top, width: Self.areaLength(width, insets.left, insets.right),
      height: Self.areaLength(height, insets.top, insets.bottom))
    // R2: derived from the container (not the layout area) when not given.
    classes = plan.givenSizeClasses ?? SizeClasses(derivedFrom: Size(width: width, height: height))
    originX = plan.originX
    originY = plan.originY
    isRightToLeft = plan.isRightToLeft
    scale = plan.pixelScale
  }

  /// R1: the layout area's length between two insets, in each lane; a
  /// length the insets would make negative is 0.
  @inline(__always)
  static func areaLength<Lanes: KernelLanes>(_ length: Lanes, _ leading: Double, _ trailing: Double) -> Lanes {
    Lanes(repeating: 0).larger(insetLength(length, leading, trailing))
  }

  /// The length between two insets, negative where they overlap: the
  /// layout area's length (``areaLength(_:_:_:)``) wherever it is positive,
  /// so a path that answers only positive areas needs no clamp.
  @inline(__always)
  static func insetLength<Lanes: KernelLanes>(_ length: Lanes, _ leading: Double, _ trailing: Double) -> Lanes {
    length - leading - trailing
  }

  var hasArea: Bool {
    @inline(__always) get { area.width > 0 && area.height > 0 }
  }

  var bothHidden: Solution {
    Solution(primary: .hidden(classes), secondary: .hidden(classes), splitAxis: nil)
  }

  /// Whether the leading-to-trailing flow along `axis` runs against the physical axis.
  @inline(__always)
  func isReversed(_ axis: Axis) -> Bool { axis.flowsBackward(rightToLeft: isRightToLeft) }

  /// The container origin's coordinate along `axis`, in window coordinates.
  @inline(__always)
  func origin(along axis: Axis) -> Double { axis == .horizontal ? originX : originY }

  /// The panes over the whole layout area, with the container's classes (R17, R19, R22).
  @inline(__always)
  func overArea(secondaryShown: Bool, stacked: Bool) -> RegimeAnswer<Double> {
    .overArea(
      left: area.x, top: area.y, areaWidth: area.width, areaHeight: area.height,
      horizontalRegular: classes.horizontal == .regular, verticalRegular: classes.vertical == .regular,
      secondaryShown: secondaryShown, stacked: stacked)
  }

  /// The panes on the sides of `fold`, which divides the layout area (R18, R19, R23).
  @inline(__always)
  func besideFold(_ fold: Fold, primaryLeading: Bool, secondaryShown: Bool, splits: Bool) -> RegimeAnswer<Double> {
    let axis = fold.splitAxis
    return .besideFold(
      fold, start: area.start(along: axis), length: area.length(along: axis),
      crossStart: area.start(along: axis.cross), crossLength: area.length(along: axis.cross),
      reversed: isReversed(axis), primaryLeading: primaryLeading, secondaryShown: secondaryShown, splits: splits,
      regularAcross: classes[axis.cross] == .regular, regularAlong: classes[axis] == .regular)
  }
}
