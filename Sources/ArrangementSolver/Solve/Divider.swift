/// R31: where a dragged divider puts the boundary between the panes.
enum DividerRules {
  /// The primary's preferred length `d` in `[0, L']` (`shared`), and the
  /// answer's code: 1 without a candidate, 2 + k for candidate k.
  @inline(__always)
  static func target<Configuration: ArrangementConfiguration>(
    _ divider: DividerSettings, shared: Double, axis: Axis, spacing: Double, context: SolveContext,
    _ configuration: Configuration
  ) -> (position: Double, code: UInt8) {
    let position = self.position(divider, shared: shared, axis: axis)
    guard divider.snaps else { return (position, 1) }
    var release = DividerRelease(position: position, velocity: divider.velocity, step: divider.step)
    forEachCandidate(divider, shared: shared, axis: axis, spacing: spacing, context: context, configuration) {
      release.consider($0, index: $1)
    }
    return release.target
  }

  /// The position along `axis` as given (R37: its entry in `positions`, else
  /// `position`), clamped into `[0, L']`.
  @inline(__always)
  static func position(_ divider: DividerSettings, shared: Double, axis: Axis) -> Double {
    let (a, f) = axis == .horizontal ? (divider.positionA, divider.positionF) : (divider.verticalA, divider.verticalF)
    return position(a: a, f: f, shared: shared)
  }

  /// A position `a + f·L'` clamped into `[0, L']` (a drag's, from its length).
  @inline(__always)
  static func position(a: Double, f: Double, shared: Double) -> Double {
    smaller(larger(a + f * shared, 0), shared)
  }

  /// Offers each candidate a released divider may snap to, with its index:
  /// the anchors in list order, then (with `snapsToFolds`) one per division
  /// region, active or not, that overlaps the layout area (R12) and lies
  /// across `axis`, in ascending id order (list order on equal ids): its
  /// centre from the placement origin, less half the gap. Each clamped into `[0, L']`.
  @inline(__always)
  static func forEachCandidate<Configuration: ArrangementConfiguration>(
    _ divider: DividerSettings, shared: Double, axis: Axis, spacing: Double, context: SolveContext,
    _ configuration: Configuration, _ body: (Double, Int) -> Void
  ) {
    @inline(__always) func clamped(_ value: Double) -> Double { smaller(larger(value, 0), shared) }
    for index in 0..<divider.anchorCount {
      let anchor = configuration.dividerAnchor(index)
      body(clamped(anchor.a + anchor.f * shared), index)
    }
    guard divider.snapsToFolds else { return }
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
      var rank = divider.anchorCount
      for other in 0..<configuration.divisionCount where other != index {
        guard let earlier = eligible(other) else { continue }
        if earlier.id < region.id || (earlier.id == region.id && other < index) { rank += 1 }
      }
      let centre = region.frame.center(along: axis)
      let distance = reversed ? area.end(along: axis) - centre : centre - area.start(along: axis)
      body(clamped(distance - spacing / 2), rank)
    }
  }

  /// The candidate nearest the position (absolute difference; a tie goes to
  /// the earlier candidate); the position itself when there is none.
  struct Nearest {
    var position: Double
    var best = (position: 0.0, distance: Double.infinity, index: Int.max)

    @inline(__always)
    init(position: Double) { self.position = position }

    @inline(__always)
    mutating func consider(_ candidate: Double, index: Int) {
      let distance = abs(candidate - position)
      if distance < best.distance || (distance == best.distance && index < best.index) {
        best = (candidate, distance, index)
      }
    }

    var target: (position: Double, code: UInt8) {
      @inline(__always) get { best.index == Int.max ? (position, 1) : (best.position, UInt8(2 + best.index)) }
    }
  }
}
