/// One bound of a pane's size along an axis.
@frozen
public enum Dimension: Hashable, Sendable {
  /// A length in points.
  case absolute(Double)
  /// A fraction (0...1) of the layout area's length along the axis.
  case fractional(Double)
  /// The view's own `idealSize` along the axis; missing when it has none.
  case intrinsic
}

/// The minimum, preferred and maximum size of a pane along one axis (RULES.md §2).
///
/// A missing bound (`nil`) means: minimum 0, maximum the layout area's length,
/// preferred derived from the other pane (R3).
@frozen
public struct DimensionRange: Hashable, Sendable {
  public var minimum: Dimension?
  public var preferred: Dimension?
  public var maximum: Dimension?

  @inlinable
  public init(minimum: Dimension? = nil, preferred: Dimension? = nil, maximum: Dimension? = nil) {
    self.minimum = minimum
    self.preferred = preferred
    self.maximum = maximum
  }

  /// No bounds at all.
  public static let automatic = DimensionRange()
}
