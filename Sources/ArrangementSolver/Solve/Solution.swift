/// Where one pane ended up (RULES.md §7).
@frozen
public struct PaneLayout: Hashable, Sendable {
  // Note (815db1c): the flags after the numbers leave no padding inside the struct (48
  // bytes instead of 56); the padding bytes were copied field by field each
  // time an answer was written.
  /// The frame in container-local coordinates; `.zero` when hidden.
  public var frame: Rect
  /// Greater than 0 for the view in front, which should use its collapsed form (R22).
  public var zIndex: Int
  /// The pane's own size classes (R20); unspecified when hidden.
  public var sizeClass: SizeClasses
  public var visible: Bool

  @inlinable
  public init(visible: Bool, frame: Rect, zIndex: Int, sizeClass: SizeClasses) {
    self.visible = visible
    self.frame = frame
    self.zIndex = zIndex
    self.sizeClass = sizeClass
  }

  /// A shown pane.
  static func shown(_ frame: Rect, zIndex: Int = 0, _ sizeClass: SizeClasses) -> PaneLayout {
    PaneLayout(visible: true, frame: frame, zIndex: zIndex, sizeClass: sizeClass)
  }

  /// A hidden pane: a zero frame and `zIndex` 0 (RULES.md §7).
  static func hidden(_ sizeClass: SizeClasses) -> PaneLayout {
    PaneLayout(visible: false, frame: .zero, zIndex: 0, sizeClass: sizeClass)
  }
}

/// The answer to one scene (RULES.md §7).
@frozen
public struct Solution: Hashable, Sendable {
  public var primary: PaneLayout
  public var secondary: PaneLayout
  /// The split axis while both panes are shown in a split style; `nil` otherwise (R21).
  public var splitAxis: Axis?

  @inlinable
  public init(primary: PaneLayout, secondary: PaneLayout, splitAxis: Axis?) {
    self.primary = primary
    self.secondary = secondary
    self.splitAxis = splitAxis
  }
}
