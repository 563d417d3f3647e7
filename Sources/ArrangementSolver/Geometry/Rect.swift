/// An axis-aligned rectangle in points: origin top-left, y grows downward.
@frozen
public struct Rect: Hashable, Sendable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  @inlinable
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The rectangle whose extent along `axis` is `start ..< start + length`
  /// and along the cross axis `crossStart ..< crossStart + crossLength`.
  @inlinable
  public init(along axis: Axis, start: Double, length: Double, crossStart: Double, crossLength: Double) {
    if axis == .horizontal {
      self.init(x: start, y: crossStart, width: length, height: crossLength)
    } else {
      self.init(x: crossStart, y: start, width: crossLength, height: length)
    }
  }

  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  @inlinable public var minX: Double { x }
  @inlinable public var minY: Double { y }
  @inlinable public var maxX: Double { x + width }
  @inlinable public var maxY: Double { y + height }

  /// The start coordinate along `axis`.
  @inlinable
  public func start(along axis: Axis) -> Double { axis == .horizontal ? x : y }

  /// The end coordinate along `axis`.
  @inlinable
  public func end(along axis: Axis) -> Double { axis == .horizontal ? x + width : y + height }

  /// The extent along `axis`.
  ///
  /// Note (7424086): always inlined: in the cold solve, past the inliner's budget for
  /// the caller, it stayed a call (callgrind, peers /resizing: 7 instructions a solve).
  @inlinable @inline(__always)
  public func length(along axis: Axis) -> Double { axis == .horizontal ? width : height }

  /// The centre coordinate along `axis`.
  @inlinable
  public func center(along axis: Axis) -> Double {
    axis == .horizontal ? x + width / 2 : y + height / 2
  }

  /// The rectangle moved by `dx`, `dy`.
  @inlinable
  public func offsetBy(dx: Double, dy: Double) -> Rect {
    Rect(x: x + dx, y: y + dy, width: width, height: height)
  }

  /// The rectangle mirrored across the vertical centre line of a span
  /// `0 ..< spanWidth` (right-to-left mirroring).
  @inlinable
  public func mirrored(inWidth spanWidth: Double) -> Rect {
    Rect(x: spanWidth - (x + width), y: y, width: width, height: height)
  }

  /// The rectangle with its axes exchanged.
  @inlinable
  public var transposed: Rect { Rect(x: y, y: x, width: height, height: width) }
}

/// Insets from each physical edge, e.g. a safe area or a region's margins.
@frozen
public struct EdgeInsets: Hashable, Sendable {
  public var top: Double
  public var left: Double
  public var bottom: Double
  public var right: Double

  @inlinable
  public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  public static let zero = EdgeInsets()

  /// The insets with left and right exchanged (right-to-left mirroring, R13).
  @inlinable
  public var mirrored: EdgeInsets { EdgeInsets(top: top, left: right, bottom: bottom, right: left) }

  /// The insets with their axes exchanged.
  @inlinable
  public var transposed: EdgeInsets { EdgeInsets(top: left, left: top, bottom: right, right: bottom) }
}

/// A width and a height.
@frozen
public struct Size: Hashable, Sendable {
  public var width: Double
  public var height: Double

  @inlinable
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  @inlinable
  public func length(along axis: Axis) -> Double { axis == .horizontal ? width : height }
}
