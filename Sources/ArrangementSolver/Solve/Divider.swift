/// R31: where a dragged divider puts the boundary between the panes.
enum DividerRules {
  /// The primary's preferred length `d` in `[0, L']` (`shared`), and the
  /// answer's code: 1 without a candidate, 2 + k for candidate k. A released
  /// divider snaps to the nearest candidate: the anchors in list order, then
  /// (with `snapsToFolds`) one per division region, active or not, that
  /// overlaps the layout area (R12) and lies across `axis`, in ascending id
  /// order; a tie goes to the earlier candidate.
  @inline(__always)
  static func target<Configuration: ArrangementConfiguration>(
    _ divider: DividerSettings, shared: Double, axis: Axis, spacing: Double, context: SolveContext,
    _ configuration: Configuration
  ) -> (position: Double, code: UInt8) {
    @inline(__always) func clamped(_ value: Double) -> Double { smaller(larger(value, 0), shared) }
    let position = clamped(divider.positionA + divider.positionF * shared)
    guard divider.snaps else { return (position, 1) }
    var best = (position: position, distance: Double.infinity, index: Int.max)
    @inline(__always) func consider(_ candidate: Double, index: Int) {
      let distance = abs(candidate - position)
      if distance < best.distance || (distance == best.distance && index < best.index) {
        best = (candidate, distance, index)
      }
    }
    for index in 0..<divider.anchorCount {
      consider(clamped(divider.anchorA[index] + divider.anchorF[index] * shared), index: index)
    }
    if divider.snapsToFolds {
      let area = context.area
      let reversed = context.isReversed(axis)
      @inline(__always) func eligible(_ index: Int) -> FoldCandidate? {
        let region = configuration.division(index)
        guard region.isFold, region.frame.foldSplitAxis == axis, RegionQuery.overlaps(region.frame, area) else {
          return nil
        }
        return region
      }
      for index in 0..<configuration.divisionCount {
        guard let region = eligible(index) else { continue }
        // Its place among the fold candidates: ascending id, list order on equal ids.
        var rank = divider.anchorCount
        for other in 0..<configuration.divisionCount where other != index {
          guard let earlier = eligible(other) else { continue }
          if earlier.id < region.id || (earlier.id == region.id && other < index) { rank += 1 }
        }
        let centre = region.frame.center(along: axis)
        let distance = reversed ? area.end(along: axis) - centre : centre - area.start(along: axis)
        consider(clamped(distance - spacing / 2), index: rank)
      }
    }
    guard best.index != Int.max else { return (position, 1) }
    return (best.position, UInt8(2 + best.index))
  }
}
