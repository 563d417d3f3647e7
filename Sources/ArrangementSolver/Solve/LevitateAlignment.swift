/// R38: a levitated secondary placed by an alignment and sized by `size`.
enum LevitateRules {
  /// R38's alignment of the scene, read from its packed byte (`center` without a levitation).
  @inline(__always)
  static func alignment(_ scene: UnsafePointer<Scene>) -> LevitateAlignment {
    guard scene.pointee.fourthGenerationFlags & Scene.hasLevitation != 0 else { return .center }
    return LevitateAlignment(rawValue: scene.pointee.levitationAlignment) ?? .center
  }

  /// Which edge of `F` the floating frame is placed on along an axis.
  enum Side {
    /// Centred (R33).
    case centre
    /// On `F`'s left or top edge.
    case low
    /// On `F`'s right or bottom edge.
    case high
  }

  /// The side `alignment` places the frame on along `axis`: leading is the
  /// left in left-to-right layouts and the right in right-to-left ones.
  @inline(__always)
  static func side(_ alignment: LevitateAlignment, along axis: Axis, rightToLeft: Bool) -> Side {
    if axis == .horizontal {
      switch alignment.horizontalEdge {
      case nil: return .centre
      case .leading?: return rightToLeft ? .high : .low
      case .trailing?: return rightToLeft ? .low : .high
      }
    }
    switch alignment.verticalEdge {
    case nil: return .centre
    case .top?: return .low
    case .bottom?: return .high
    }
  }

  /// The floating frame's edges along one axis, from `F`'s start and length
  /// there and the frame's length `size` (at most `F`'s): centred as R33
  /// says, or from the edge that is placed (R38; `F`'s far edge is one addition).
  @inline(__always)
  static func edges(start: Double, length: Double, size: Double, side: Side) -> (low: Double, high: Double) {
    switch side {
    case .centre:
      let low = start + (length - size) / 2
      return (low, low + size)
    case .low:
      return (start, start + size)
    case .high:
      let high = start + length
      return (larger(start, high - size), high)
    }
  }

  /// The secondary's range along `axis` for levitating: R38's `size` there,
  /// if given, replaces its preferred size (after `fixedSize`, whose maximum
  /// stays); a size that resolves to nothing leaves the preferred size missing.
  ///
  /// Note (65bcef9): read from the scene's packed bytes, not through `Scene.levitation`:
  /// building the optional there cost the levitate sweep's cold solves about
  /// 330 instructions (callgrind, adapt/levitate 814 → 1,148).
  @inline(__always)
  static func range(_ scene: UnsafePointer<Scene>, along axis: Axis) -> LinearRange {
    var range = LinearRange(scene.pointee.secondary, along: axis)
    guard scene.pointee.fourthGenerationFlags & Scene.hasLevitation != 0 else { return range }
    let horizontal = axis == .horizontal
    let kinds = scene.pointee.levitationKinds
    let kind = DimensionKind(rawValue: horizontal ? kinds & 3 : kinds >> 2) ?? .none
    guard kind != .none else { return range }
    let size = kind.dimension(horizontal ? scene.pointee.levitationWidth : scene.pointee.levitationHeight)
    var ideal = 0.0
    var hasIdeal = false
    if let given = scene.pointee.secondary.idealSize,
      let length = Sanitize.bound(axis == .horizontal ? given.width : given.height)
    {
      ideal = length
      hasIdeal = true
    }
    (range.preferredA, range.preferredF, range.hasPreferred) = (0, 0, false)
    LinearRange.resolve(size, ideal, hasIdeal, &range.preferredA, &range.preferredF, &range.hasPreferred)
    return range
  }
}

extension Scene {
  /// Whether the scene's `secondary.adapt` is R38's object form: `.levitate`
  /// with a ``levitation``. Its answer then has `scrim`.
  @inlinable
  public var answersScrim: Bool { secondary.adapt == .levitate && fourthGenerationFlags & Self.hasLevitation != 0 }

  /// R38's scrim: the primary's frame `F` the secondary floats over
  /// (container-local) when the scene asks for a scrim and `solution`
  /// levitated the secondary; `nil` otherwise.
  @inlinable
  public func scrim(of solution: Solution) -> Rect? {
    guard answersScrim, levitation?.scrim == true, solution.adapted == .levitated else { return nil }
    return solution.primary.frame
  }
}
