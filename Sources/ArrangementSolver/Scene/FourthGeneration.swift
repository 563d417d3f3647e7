// The fourth generation's settings (RULES.md §11): a pane's own reserved
// regions, a divider released with a velocity or stepped, levitate placed,
// dimmed and resized, and motion kinds (on `Transition`).

/// R36: a scene that asks for each pane's environment, the reserved regions
/// in the pane's own coordinates, answered beside the pane.
@frozen
public struct EnvironmentRequest: Hashable, Sendable {
  /// Inactive regions too (R12).
  public var includeInactive: Bool
  /// How right-to-left layouts are treated (R13).
  public var layoutDirectionBehavior: LayoutDirectionBehavior

  @inlinable
  public init(includeInactive: Bool = false, layoutDirectionBehavior: LayoutDirectionBehavior = .mirrors) {
    self.includeInactive = includeInactive
    self.layoutDirectionBehavior = layoutDirectionBehavior
  }
}

/// R37: a keyboard or assistive action that moves a released divider to
/// another candidate, in the candidates' order by value.
@frozen
public enum DividerStep: UInt8, Sendable, Hashable, CaseIterable {
  case next
  case previous
  case first
  case last
}

/// R37: one divider position per split axis; an axis without an entry uses
/// the divider's `position`.
@frozen
public struct DividerPositions: Hashable, Sendable {
  public var horizontal: DividerLength?
  public var vertical: DividerLength?

  @inlinable
  public init(horizontal: DividerLength? = nil, vertical: DividerLength? = nil) {
    self.horizontal = horizontal
    self.vertical = vertical
  }

  /// The entry for `axis`, if any.
  @inlinable
  public subscript(axis: Axis) -> DividerLength? {
    get { axis == .horizontal ? horizontal : vertical }
    set { if axis == .horizontal { horizontal = newValue } else { vertical = newValue } }
  }

  @inlinable
  public var isEmpty: Bool { horizontal == nil && vertical == nil }
}

/// R38: where a levitated secondary floats in the primary's frame.
@frozen
public enum LevitateAlignment: UInt8, Sendable, Hashable, CaseIterable {
  case center
  case top
  case bottom
  case leading
  case trailing
  case topLeading
  case topTrailing
  case bottomLeading
  case bottomTrailing

  /// The horizontal edge the alignment names, if any.
  @inlinable
  public var horizontalEdge: HorizontalEdge? {
    switch self {
    case .leading, .topLeading, .bottomLeading: .leading
    case .trailing, .topTrailing, .bottomTrailing: .trailing
    case .center, .top, .bottom: nil
    }
  }

  /// The vertical edge the alignment names, if any.
  @inlinable
  public var verticalEdge: VerticalEdge? {
    switch self {
    case .top, .topLeading, .topTrailing: .top
    case .bottom, .bottomLeading, .bottomTrailing: .bottom
    case .center, .leading, .trailing: nil
    }
  }
}

/// R38: the object form of the secondary's `levitate` strategy. It applies
/// when `secondary.adapt` is `.levitate`; a scene with both answers `scrim`.
@frozen
public struct Levitation: Hashable, Sendable {
  /// The floating frame's size along each axis, replacing the secondary's
  /// preferred size there (its minimum and maximum still clamp it).
  public var width: Dimension?
  public var height: Dimension?
  public var alignment: LevitateAlignment
  /// Dim what the secondary floats over: the answer names that frame.
  public var scrim: Bool

  @inlinable
  public init(
    alignment: LevitateAlignment = .center, scrim: Bool = false, width: Dimension? = nil, height: Dimension? = nil
  ) {
    self.alignment = alignment
    self.scrim = scrim
    self.width = width
    self.height = height
  }

  /// The size along `axis`, if given.
  @inlinable
  public func size(along axis: Axis) -> Dimension? { axis == .horizontal ? width : height }
}

/// R39: how a pane moves in a transition.
@frozen
public enum PaneMotionKind: UInt8, Sendable, Hashable, CaseIterable {
  /// Hidden at the start, shown at the end.
  case entering
  /// Shown at the start, hidden at the end.
  case exiting
  /// Shown at both ends, with frames that differ in some edge (window coordinates).
  case moving
  /// Shown at both ends with equal frames.
  case staying
  /// Hidden at both ends.
  case absent
}

/// R39: where an entering pane comes from, or an exiting one goes (its
/// collapsed frame, R34), named physically.
@frozen
public enum MotionEdge: UInt8, Sendable, Hashable, CaseIterable {
  case left
  case right
  case top
  case bottom
  /// Collapsed to the centre: the scene it is shown in has no split axis.
  case center
}

/// R39: a pane's motion kind, and for an entering or exiting pane its edge.
@frozen
public struct PaneMotion: Hashable, Sendable {
  public var kind: PaneMotionKind
  /// Set for `entering` and `exiting` only.
  public var edge: MotionEdge?

  @inlinable
  public init(kind: PaneMotionKind, edge: MotionEdge? = nil) {
    self.kind = kind
    self.edge = edge
  }
}

/// R39: both panes' motion in one transition.
@frozen
public struct TransitionMotion: Hashable, Sendable {
  public var primary: PaneMotion
  public var secondary: PaneMotion

  @inlinable
  public init(primary: PaneMotion, secondary: PaneMotion) {
    self.primary = primary
    self.secondary = secondary
  }
}
