/// One of the two layout axes.
///
/// Geometry is written once for both axes: code that places panes asks a
/// ``Rect`` for its extent *along* an axis, so the book posture (a vertical
/// fold, a horizontal split) and the tabletop posture share one path.
@frozen
public enum Axis: UInt8, Sendable, Hashable, CaseIterable {
  case horizontal
  case vertical

  /// The perpendicular axis.
  @inlinable
  public var cross: Axis { self == .horizontal ? .vertical : .horizontal }
}

/// A set of axes, as in `.split.axes(.horizontal)`.
@frozen
public struct Axes: OptionSet, Sendable, Hashable {
  public var rawValue: UInt8

  @inlinable
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let horizontal = Axes(rawValue: 1)
  public static let vertical = Axes(rawValue: 2)
  public static let both: Axes = [.horizontal, .vertical]

  /// The set holding one axis.
  @inlinable
  public init(_ axis: Axis) { self.rawValue = axis == .horizontal ? 1 : 2 }

  @inlinable
  public func allows(_ axis: Axis) -> Bool { contains(Axes(axis)) }
}

/// The reading direction that decides which side is "leading".
@frozen
public enum LayoutDirection: UInt8, Sendable, Hashable, CaseIterable {
  case leftToRight
  case rightToLeft
}
