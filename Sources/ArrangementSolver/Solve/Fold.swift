/// The division region that splits the layout area (R16), in container-local
/// coordinates along the axis it splits.
@usableFromInline
struct Fold {
  /// The axis the fold splits: horizontal for a vertical fold (book posture).
  var splitAxis: Axis
  /// The fold frame's extent along `splitAxis`, margins included.
  var start: Double
  var end: Double

  /// The fold that applies (R16, R22): among the active division regions
  /// that divide the area, the one whose centre is nearest the area's centre
  /// (relative to the area's length along the split axis); ties go to the lower id.
  @inline(__always)
  static func applying<Configuration: ArrangementConfiguration>(_ plan: Configuration, context: SolveContext) -> Fold? {
    var nearest = Nearest()
    for index in 0..<plan.activeFoldCount {
      let candidate = plan.activeFold(index)
      guard candidate.isFold else { continue }
      nearest.consider(candidate.frame, id: candidate.id, in: context.area)
    }
    return nearest.fold
  }
}

// MARK: - R16 (a fold's table asks it again in lanes: ArrangementPlan.besideFold's Note)

extension Rect {
  /// The axis a fold with this frame splits (R16): a vertical fold, whose
  /// height is at least its width (a square or a point counts), splits the
  /// horizontal axis.
  @inlinable @inline(__always)
  var foldSplitAxis: Axis { height >= width ? .horizontal : .vertical }

  /// The orientation of a fold with this frame (R32's `foldAxes`): a vertical
  /// fold splits the horizontal axis.
  @inlinable @inline(__always)
  var foldOrientation: Axis { foldSplitAxis.cross }
}

extension Fold {
  /// The fold a division region with `frame` makes in `area`, or `nil` when
  /// it does not divide it (R16): it spans the area's whole extent along the
  /// fold and leaves positive usable length on both sides. Layout areas (R16,
  /// R22), views (R15) and displaced elements' views (R25) all ask this.
  @inline(__always)
  init?(frame: Rect, dividing area: Rect) {
    let splitAxis = frame.foldSplitAxis
    let along = splitAxis.cross
    guard frame.start(along: along) <= area.start(along: along), frame.end(along: along) >= area.end(along: along)
    else { return nil }
    let start = frame.start(along: splitAxis)
    let end = frame.end(along: splitAxis)
    guard start > area.start(along: splitAxis), end < area.end(along: splitAxis) else { return nil }
    self.init(splitAxis: splitAxis, start: start, end: end)
  }

  /// The fold that applies among candidates offered one by one (R16): the one
  /// whose centre is nearest the area's centre, relative to the area's length
  /// along the axis it splits; a tie goes to the lower id.
  struct Nearest {
    var fold: Fold?
    var distance = Double.infinity
    var id = Int.max

    @inline(__always)
    mutating func consider(_ frame: Rect, id: Int, in area: Rect) {
      guard let candidate = Fold(frame: frame, dividing: area) else { return }
      let axis = candidate.splitAxis
      let distance = abs(frame.center(along: axis) - area.center(along: axis)) / area.length(along: axis)
      if distance < self.distance || (distance == self.distance && id < self.id) {
        (fold, self.distance, self.id) = (candidate, distance, id)
      }
    }
  }
}
