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
  // Note (c4e216d): each bound as a value and a one-byte kind, 27 bytes; three
  // `Dimension?` took 41. A scene holds four ranges and is copied whole by a
  // cold solve from another module (`memcpy`, ~16 instructions per 128 bytes).
  @usableFromInline var minimumValue: Double
  @usableFromInline var preferredValue: Double
  @usableFromInline var maximumValue: Double
  @usableFromInline var minimumKind: DimensionKind
  @usableFromInline var preferredKind: DimensionKind
  @usableFromInline var maximumKind: DimensionKind

  @inlinable
  public var minimum: Dimension? {
    get { minimumKind.dimension(minimumValue) }
    set { (minimumKind, minimumValue) = DimensionKind.of(newValue) }
  }

  @inlinable
  public var preferred: Dimension? {
    get { preferredKind.dimension(preferredValue) }
    set { (preferredKind, preferredValue) = DimensionKind.of(newValue) }
  }

  @inlinable
  public var maximum: Dimension? {
    get { maximumKind.dimension(maximumValue) }
    set { (maximumKind, maximumValue) = DimensionKind.of(newValue) }
  }

  @inlinable
  public init(minimum: Dimension? = nil, preferred: Dimension? = nil, maximum: Dimension? = nil) {
    (minimumKind, minimumValue) = DimensionKind.of(minimum)
    (preferredKind, preferredValue) = DimensionKind.of(preferred)
    (maximumKind, maximumValue) = DimensionKind.of(maximum)
  }

  /// No bounds at all.
  public static let automatic = DimensionRange()
}

/// Which `Dimension?` a bound of ``DimensionRange`` holds; its value is
/// stored beside it (0 where the kind has none, so equal ranges hash alike).
@usableFromInline
enum DimensionKind: UInt8, Hashable, Sendable {
  case none, absolute, fractional, intrinsic

  @inlinable @inline(__always)
  static func of(_ dimension: Dimension?) -> (DimensionKind, Double) {
    switch dimension {
    case nil: (.none, 0)
    case .absolute(let points)?: (.absolute, points)
    case .fractional(let fraction)?: (.fractional, fraction)
    case .intrinsic?: (.intrinsic, 0)
    }
  }

  @inlinable @inline(__always)
  func dimension(_ value: Double) -> Dimension? {
    switch self {
    case .none: nil
    case .absolute: .absolute(value)
    case .fractional: .fractional(value)
    case .intrinsic: .intrinsic
    }
  }
}
