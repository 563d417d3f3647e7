/// What a reserved region does to the area under it (R10).
@frozen
public enum RegionKind: UInt8, Sendable, Hashable, CaseIterable {
  /// Divides an area into smaller usable areas: the fold.
  case division
  /// Covers part of an area without dividing it: a camera.
  case occlusion
}

/// A part of the screen that content must treat specially (RULES.md §3).
@frozen
public struct ReservedRegion: Hashable, Sendable {
  // Note (2cfee34): the numbers first and the two one-byte fields together make the
  // stride 80 bytes instead of 88: a scene's eight slots are copied whole at
  // every cold solve and region query.
  /// The frame, margins included (R11): interactive content stays outside it.
  public var frame: Rect
  public var margins: EdgeInsets
  /// A stable identifier; queries answer in ascending `id` order (R12).
  public var id: Int
  public var kind: RegionKind
  /// A fold is active while the device is partly folded; a camera while it streams (R14).
  public var isActive: Bool

  @inlinable
  public init(id: Int, kind: RegionKind, frame: Rect, margins: EdgeInsets = .zero, isActive: Bool = true) {
    self.id = id
    self.kind = kind
    self.frame = frame
    self.margins = margins
    self.isActive = isActive
  }

  /// The hardware region: the frame inset by the margins (R11), which full-bleed media may approach.
  @inlinable
  public var hardwareFrame: Rect {
    Rect(
      x: frame.x + margins.left,
      y: frame.y + margins.top,
      width: max(0, frame.width - margins.left - margins.right),
      height: max(0, frame.height - margins.top - margins.bottom)
    )
  }

  /// A vertical fold when the frame is at least as tall as wide (a point counts as vertical, R16).
  @inlinable
  public var isVertical: Bool { frame.foldSplitAxis == .horizontal }

  @usableFromInline
  static let placeholder = ReservedRegion(id: 0, kind: .division, frame: .zero, isActive: false)
}
