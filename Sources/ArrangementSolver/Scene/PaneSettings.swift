/// The leading or trailing side.
@frozen
public enum HorizontalEdge: UInt8, Sendable, Hashable, CaseIterable {
  case leading
  case trailing
}

/// The top or bottom side.
@frozen
public enum VerticalEdge: UInt8, Sendable, Hashable, CaseIterable {
  case top
  case bottom
}

/// What one pane asks for (RULES.md §2).
@frozen
public struct PaneSettings: Hashable, Sendable {
  /// Panes are sized highest priority first; on a tie the primary goes first (R4).
  public var layoutPriority: Double
  /// The size range along the horizontal axis (used by horizontal splits).
  public var width: DimensionRange
  /// The size range along the vertical axis (used by vertical splits).
  public var height: DimensionRange
  /// The view's own ideal size, read by `intrinsic` dimensions and `fixedSize`.
  public var idealSize: Size?
  /// `splitArrangementFixedLayoutSize()`: preferred = maximum = the ideal size.
  public var fixedSize: Bool
  /// The app's own show/hide toggle; read for the secondary only.
  public var visible: Bool
  /// Where an overlay primary sits side by side (R23); read for the primary only.
  public var overlayEdge: HorizontalEdge
  /// Where an overlay primary sits across a horizontal fold (R23); primary only.
  public var overlayVerticalEdge: VerticalEdge

  @inlinable
  public init(
    layoutPriority: Double = 0,
    width: DimensionRange = .automatic,
    height: DimensionRange = .automatic,
    idealSize: Size? = nil,
    fixedSize: Bool = false,
    visible: Bool = true,
    overlayEdge: HorizontalEdge = .trailing,
    overlayVerticalEdge: VerticalEdge = .bottom
  ) {
    self.layoutPriority = layoutPriority
    self.width = width
    self.height = height
    self.idealSize = idealSize
    self.fixedSize = fixedSize
    self.visible = visible
    self.overlayEdge = overlayEdge
    self.overlayVerticalEdge = overlayVerticalEdge
  }

  /// The size range along `axis`.
  @inlinable
  public func range(along axis: Axis) -> DimensionRange { axis == .horizontal ? width : height }
}
