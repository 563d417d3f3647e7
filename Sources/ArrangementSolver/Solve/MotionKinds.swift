/// R39: how each pane moves in a transition, from the window-coordinate
/// edges R34 interpolates, kept when the transition is made.
enum MotionKinds {
  /// A pane's kind from its visibility at both ends and its edges there
  /// (exact comparison); `outer` is where R34 collapses a pane shown at one end only.
  ///
  /// `change` is the edges' `end − start`: for finite edges (R29 keeps them
  /// so) it is zero in a lane exactly when the two ends are equal there.
  @inline(__always)
  static func motion(shownFrom: Bool, shownTo: Bool, change: SIMD4<Double>, outer: MotionEdge) -> PaneMotion {
    switch (shownFrom, shownTo) {
    case (false, true): PaneMotion(kind: .entering, edge: outer)
    case (true, false): PaneMotion(kind: .exiting, edge: outer)
    case (true, true): PaneMotion(kind: any(change .!= 0) ? .moving : .staying)
    case (false, false): PaneMotion(kind: .absent)
    }
  }

  /// R34 amended: all bits set in the lanes whose two ends are equal (no change).
  static func kept(_ change: SIMD4<Double>) -> SIMD4<UInt64> {
    // A mask's lanes are all ones or all zeros, in the layout of `SIMD4<Int64>`.
    unsafeBitCast(change .== 0, to: SIMD4<UInt64>.self)
  }

  /// R34 amended: all bits set in the axes whose max edge is kept while
  /// their min edge moves.
  static func keptHigh(_ kept: SIMD4<UInt64>) -> SIMD2<UInt64> { kept.highHalf & ~kept.lowHalf }

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

/// R34 amended, in a transition's frames: the kept edges' lanes.
@usableFromInline
enum KeptEdges {
  /// `kept`'s lanes from `value`, the others from `other`, by their bits.
  @inlinable @inline(__always)
  static func select(_ value: SIMD4<Double>, where kept: SIMD4<UInt64>, else other: SIMD4<Double>) -> SIMD4<Double> {
    let bits =
      (unsafeBitCast(value, to: SIMD4<UInt64>.self) & kept) | (unsafeBitCast(other, to: SIMD4<UInt64>.self) & ~kept)
    return unsafeBitCast(bits, to: SIMD4<Double>.self)
  }

  /// The min edges, each set to its max edge where that one is kept
  /// (`keptHigh`) and the rounded min edge passed it; by bits, no branch.
  @inlinable @inline(__always)
  static func notPast(_ low: SIMD2<Double>, _ high: SIMD2<Double>, keptHigh: SIMD2<UInt64>) -> SIMD2<Double> {
    let passes = unsafeBitCast(high .< low, to: SIMD2<UInt64>.self) & keptHigh
    let bits =
      (unsafeBitCast(high, to: SIMD2<UInt64>.self) & passes) | (unsafeBitCast(low, to: SIMD2<UInt64>.self) & ~passes)
    return unsafeBitCast(bits, to: SIMD2<Double>.self)
  }
}
