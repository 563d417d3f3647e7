/// R39: how each pane moves in a transition, found once when the transition
/// is made, from the window-coordinate edges R34 interpolates.
enum MotionKinds {
  /// A pane's kind from its visibility at both ends and its edges there
  /// (exact comparison); `outer` is where R34 collapses a pane shown at one end only.
  @inline(__always)
  static func motion(
    shownFrom: Bool, shownTo: Bool, start: SIMD4<Double>, end: SIMD4<Double>, outer: MotionEdge
  ) -> PaneMotion {
    switch (shownFrom, shownTo) {
    case (false, true): PaneMotion(kind: .entering, edge: outer)
    case (true, false): PaneMotion(kind: .exiting, edge: outer)
    case (true, true): PaneMotion(kind: any(start .!= end) ? .moving : .staying)
    case (false, false): PaneMotion(kind: .absent)
    }
  }

  /// The physical name of the edge R34 collapses a pane to: the low (left,
  /// top) or high (right, bottom) edge along `axis`, or the centre without one.
  @inline(__always)
  static func edge(along axis: Axis?, low: Bool) -> MotionEdge {
    switch axis {
    case .horizontal?: low ? .left : .right
    case .vertical?: low ? .top : .bottom
    case nil: .center
    }
  }
}
