/// A size class along one axis.
@frozen
public enum SizeClass: UInt8, Sendable, Hashable, CaseIterable {
  case compact
  case regular
}

/// The horizontal and vertical size classes of a container or a pane.
@frozen
public struct SizeClasses: Hashable, Sendable {
  public var horizontal: SizeClass
  public var vertical: SizeClass

  @inlinable
  public init(horizontal: SizeClass, vertical: SizeClass) {
    self.horizontal = horizontal
    self.vertical = vertical
  }

  /// The size class along `axis`.
  @inlinable
  public subscript(axis: Axis) -> SizeClass {
    get { axis == .horizontal ? horizontal : vertical }
    set {
      if axis == .horizontal { horizontal = newValue } else { vertical = newValue }
    }
  }

  /// Size classes derived from a container's size (R2): regular from 600 points.
  @inlinable
  public init(derivedFrom size: Size) {
    self.init(
      horizontal: Self.isRegular(size.width) ? .regular : .compact,
      vertical: Self.isRegular(size.height) ? .regular : .compact
    )
  }

  /// R2: where a container length becomes regular.
  @usableFromInline static let regularFrom = 600.0

  /// R2: a container length is regular from 600 points, in each lane (the
  /// general path and a plan's table both ask this).
  @inlinable @inline(__always)
  static func isRegular<Lanes: KernelLanes>(_ length: Lanes) -> Lanes.Mask {
    length.greaterOrEqual(Lanes(repeating: regularFrom))
  }
}
