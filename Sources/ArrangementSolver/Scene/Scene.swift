/// How the two panes share the area.
@frozen
public enum ArrangementStyle: UInt8, Sendable, Hashable, CaseIterable {
  /// Both panes independently visible, side by side or stacked (RULES.md §4).
  case split
  /// Foreground and background, side by side across a fold (RULES.md §5).
  case overlay
}

/// Everything one solve needs (RULES.md §1).
///
/// ```swift
/// var scene = Scene(container: Rect(x: 0, y: 0, width: 950, height: 760))
/// scene.primary.width = DimensionRange(preferred: .fractional(0.3))
/// let solution = scene.solve()  // primary 285 wide, secondary 665
/// ```
@frozen
public struct Scene: Hashable, Sendable {
  /// The arrangement's frame in window coordinates.
  public var container: Rect
  /// Physical insets of the container that panes must not cover.
  public var safeArea: EdgeInsets
  /// The container's size classes; derived from its size when `nil` (R2).
  public var sizeClass: SizeClasses?
  public var layoutDirection: LayoutDirection
  /// Pixels per point; when set, pane edges snap to the pixel grid (R9).
  public var displayScale: Double?
  /// Reserved regions in window coordinates (RULES.md §3).
  public var regions: ReservedRegions
  public var style: ArrangementStyle
  /// The axes a split may use, or along which an overlay may sit side by side.
  public var axes: Axes
  public var primary: PaneSettings
  public var secondary: PaneSettings
  /// The gap between a split's panes when sizing places them (R30).
  public var spacing: Double
  /// Where a person dragged the boundary between a split's panes (R31).
  public var divider: Divider?
  /// Which division regions the arrangement avoids straddling (R32).
  public var foldPolicy: FoldPolicy
  /// The orientations of the folds the arrangement may use (R32): `.vertical`
  /// for a vertical fold (book posture, which splits the width).
  public var foldAxes: Axes

  @inlinable
  public init(
    container: Rect,
    safeArea: EdgeInsets = .zero,
    sizeClass: SizeClasses? = nil,
    layoutDirection: LayoutDirection = .leftToRight,
    displayScale: Double? = nil,
    regions: ReservedRegions = ReservedRegions(),
    style: ArrangementStyle = .split,
    axes: Axes = .both,
    primary: PaneSettings = PaneSettings(),
    secondary: PaneSettings = PaneSettings(),
    spacing: Double = 0,
    divider: Divider? = nil,
    foldPolicy: FoldPolicy = .avoidSeparating,
    foldAxes: Axes = .both
  ) {
    self.container = container
    self.safeArea = safeArea
    self.sizeClass = sizeClass
    self.layoutDirection = layoutDirection
    self.displayScale = displayScale
    self.regions = regions
    self.style = style
    self.axes = axes
    self.primary = primary
    self.secondary = secondary
    self.spacing = spacing
    self.divider = divider
    self.foldPolicy = foldPolicy
    self.foldAxes = foldAxes
  }
}
