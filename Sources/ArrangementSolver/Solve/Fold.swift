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
    let area = context.area
    var best: Fold?
    var bestDistance = Double.infinity
    var bestID = Int.max
    for index in 0..<plan.activeFoldCount {
      let candidate = plan.activeFold(index)
      guard candidate.isFold else { continue }
      let frame = candidate.frame
      let splitAxis: Axis = frame.height >= frame.width ? .horizontal : .vertical
      let along = splitAxis.cross
      // It spans the area's whole extent along the fold...
      guard frame.start(along: along) <= area.start(along: along),
        frame.end(along: along) >= area.end(along: along)
      else { continue }
      // ...and leaves positive usable length on both sides.
      let start = frame.start(along: splitAxis)
      let end = frame.end(along: splitAxis)
      guard start > area.start(along: splitAxis), end < area.end(along: splitAxis) else { continue }
      let distance =
        abs(frame.center(along: splitAxis) - area.center(along: splitAxis)) / area.length(along: splitAxis)
      if distance < bestDistance || (distance == bestDistance && candidate.id < bestID) {
        best = Fold(splitAxis: splitAxis, start: start, end: end)
        bestDistance = distance
        bestID = candidate.id
      }
    }
    return best
  }

  /// The usable areas on either side of the fold within the layout area, in
  /// flow order: leading then trailing (top then bottom for a vertical split).
  @inline(__always)
  func sides(in context: SolveContext) -> (leading: Rect, trailing: Rect) {
    let area = context.area
    let before = context.band(along: splitAxis, from: area.start(along: splitAxis), to: start)
    let after = context.band(along: splitAxis, from: end, to: area.end(along: splitAxis))
    return context.isReversed(splitAxis) ? (after, before) : (before, after)
  }
}
