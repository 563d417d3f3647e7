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
  /// `splitArrangementFixedLayoutSize(horizontal:vertical:)`: along a fixed
  /// axis, preferred = maximum = the ideal size (R3, R35).
  public var fixedSize: FixedLayoutSize
  /// The app's own show/hide toggle; read for the secondary only.
  public var visible: Bool
  /// The side this pane takes beside a vertical fold in an overlay (R23,
  /// R35): either pane may set it; where both do, the primary's wins; with
  /// neither, the primary takes the trailing side.
  public var overlayEdge: HorizontalEdge?
  /// The side this pane takes across a horizontal fold in an overlay (R23,
  /// R35); with neither pane's, the primary takes the bottom.
  public var overlayVerticalEdge: VerticalEdge?
  /// What a split does with a secondary it would hide for lack of room (R33); secondary only.
  public var adapt: AdaptStrategy

  @inlinable
  public init(
    layoutPriority: Double = 0,
    width: DimensionRange = .automatic,
    height: DimensionRange = .automatic,
    idealSize: Size? = nil,
    fixedSize: FixedLayoutSize = false,
    visible: Bool = true,
    overlayEdge: HorizontalEdge? = nil,
    overlayVerticalEdge: VerticalEdge? = nil,
    adapt: AdaptStrategy = .hide
  ) {
    self.layoutPriority = layoutPriority
    self.width = width
    self.height = height
    self.idealSize = idealSize
    self.fixedSize = fixedSize
    self.visible = visible
    self.overlayEdge = overlayEdge
    self.overlayVerticalEdge = overlayVerticalEdge
    self.adapt = adapt
  }

  /// The size range along `axis`.
  @inlinable
  public func range(along axis: Axis) -> DimensionRange { axis == .horizontal ? width : height }
}
