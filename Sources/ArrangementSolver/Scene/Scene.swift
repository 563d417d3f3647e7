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
  // The eight-byte fields ahead of the one-byte ones: no padding between them.
  /// Pixels per point; when set, pane edges snap to the pixel grid (R9).
  public var displayScale: Double?
  /// The container's size classes; derived from its size when `nil` (R2).
  public var sizeClass: SizeClasses?
  public var layoutDirection: LayoutDirection
  /// R36, R38 packed (see ``levitation`` and ``environment``): the sizes'
  /// kinds (two bits each), the alignment, and flags.
  ///
  /// Note (65bcef9): three bytes in the padding before the regions, not `Levitation?`
  /// and `EnvironmentRequest?` (36 bytes more): every cold solve from another
  /// module copies the whole scene.
  @usableFromInline var levitationKinds: UInt8
  @usableFromInline var levitationAlignment: UInt8
  @usableFromInline var fourthGenerationFlags: UInt8
  /// Reserved regions in window coordinates (RULES.md §3).
  public var regions: ReservedRegions
  public var style: ArrangementStyle
  /// The axes a split may use, or along which an overlay may sit side by side.
  public var axes: Axes
  public var primary: PaneSettings
  public var secondary: PaneSettings { didSet { noteThirdGeneration() } }
  /// The gap between a split's panes when sizing places them (R30).
  public var spacing: Double { didSet { noteThirdGeneration() } }
  // R38's sizes as values beside the kind bytes below: see `levitation`.
  @usableFromInline var levitationWidth: Double
  @usableFromInline var levitationHeight: Double
  /// Where a person dragged the boundary between a split's panes (R31).
  public var divider: Divider? { didSet { noteThirdGeneration() } }
  /// Which division regions the arrangement avoids straddling (R32).
  public var foldPolicy: FoldPolicy { didSet { noteThirdGeneration() } }
  /// The orientations of the folds the arrangement may use (R32): `.vertical`
  /// for a vertical fold (book posture, which splits the width).
  public var foldAxes: Axes { didSet { noteThirdGeneration() } }
  /// Whether the scene sets any of R30–R33's fields, or R35's edges on the
  /// secondary: kept by those fields' setters, so that a solve chooses its
  /// reading by one load.
  ///
  /// Note (ec74772): tested field by field in every solve, the seven fields cost about
  /// 17 instructions (callgrind harness, a scene solved in place: 593 → 577).
  @usableFromInline private(set) var setsThirdGeneration: Bool

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
    foldAxes: Axes = .both,
    levitation: Levitation? = nil,
    environment: EnvironmentRequest? = nil
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
    levitationWidth = 0
    levitationHeight = 0
    levitationKinds = 0
    levitationAlignment = 0
    fourthGenerationFlags = 0
    setsThirdGeneration = false
    self.levitation = levitation
    self.environment = environment
    noteThirdGeneration()
  }

  @inlinable
  mutating func noteThirdGeneration() {
    setsThirdGeneration =
      spacing != 0 || divider != nil || secondary.adapt != .hide || foldPolicy != .avoidSeparating
      || foldAxes != .both || secondary.overlayEdge != nil || secondary.overlayVerticalEdge != nil
  }
}

extension Scene {
  @inlinable static var hasLevitation: UInt8 { 1 }
  @inlinable static var levitationScrim: UInt8 { 2 }
  @inlinable static var hasEnvironment: UInt8 { 4 }
  @inlinable static var environmentIncludesInactive: UInt8 { 8 }
  @inlinable static var environmentFixed: UInt8 { 16 }

  /// R38: how a levitated secondary is placed, sized and dimmed, read when
  /// `secondary.adapt` is `.levitate` (the scene file's object form of it).
  /// It needs no flag of its own for the solve's choice of rules: it matters
  /// only where `adapt` set one.
  @inlinable
  public var levitation: Levitation? {
    get {
      guard fourthGenerationFlags & Self.hasLevitation != 0 else { return nil }
      return Levitation(
        alignment: LevitateAlignment(rawValue: levitationAlignment) ?? .center,
        scrim: fourthGenerationFlags & Self.levitationScrim != 0,
        width: DimensionKind(rawValue: levitationKinds & 3)!.dimension(levitationWidth),
        height: DimensionKind(rawValue: levitationKinds >> 2)!.dimension(levitationHeight))
    }
    set {
      fourthGenerationFlags &= ~(Self.hasLevitation | Self.levitationScrim)
      guard let newValue else {
        (levitationWidth, levitationHeight, levitationKinds, levitationAlignment) = (0, 0, 0, 0)
        return
      }
      let (widthKind, width) = DimensionKind.of(newValue.width)
      let (heightKind, height) = DimensionKind.of(newValue.height)
      (levitationWidth, levitationHeight) = (width, height)
      levitationKinds = widthKind.rawValue | heightKind.rawValue << 2
      levitationAlignment = newValue.alignment.rawValue
      fourthGenerationFlags |= Self.hasLevitation | (newValue.scrim ? Self.levitationScrim : 0)
    }
  }

  /// R36: answer each pane's reserved regions in its own coordinates. Read
  /// by the answer's writers (``environment(of:)``), never by a solve.
  @inlinable
  public var environment: EnvironmentRequest? {
    get {
      guard fourthGenerationFlags & Self.hasEnvironment != 0 else { return nil }
      return EnvironmentRequest(
        includeInactive: fourthGenerationFlags & Self.environmentIncludesInactive != 0,
        layoutDirectionBehavior: fourthGenerationFlags & Self.environmentFixed != 0 ? .fixed : .mirrors)
    }
    set {
      fourthGenerationFlags &= ~(Self.hasEnvironment | Self.environmentIncludesInactive | Self.environmentFixed)
      guard let newValue else { return }
      fourthGenerationFlags |=
        Self.hasEnvironment | (newValue.includeInactive ? Self.environmentIncludesInactive : 0)
        | (newValue.layoutDirectionBehavior == .fixed ? Self.environmentFixed : 0)
    }
  }
}
