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
  /// How the secondary was adapted (R33); `nil` when it was not.
  public var adapted: Adaptation?
  // Note (4d272fa): the divider is kept as a code and a position, not as an optional
  // `DividerAnswer` (17 bytes with its tag): the code fits the padding after
  // the axis, so every answer grows by the position's 8 bytes only.
  /// 0: no divider answer; 1: a divider without an anchor; 2 + k: anchor k.
  @usableFromInline var dividerCode: UInt8
  @usableFromInline var dividerPosition: Double

  @inlinable
  public init(primary: PaneLayout, secondary: PaneLayout, splitAxis: Axis?) {
    self.primary = primary
    self.secondary = secondary
    self.splitAxis = splitAxis
    adapted = nil
    dividerCode = 0
    dividerPosition = 0
  }

  /// Where the divider ended up (R31): `nil` where it does not apply or a pane is hidden.
  @inlinable
  public var divider: DividerAnswer? {
    get {
      dividerCode == 0
        ? nil : DividerAnswer(position: dividerPosition, anchor: dividerCode == 1 ? nil : Int(dividerCode) - 2)
    }
    set {
      dividerCode = newValue.map { $0.anchor.map { UInt8($0 + 2) } ?? 1 } ?? 0
      dividerPosition = newValue?.position ?? 0
    }
  }
}

extension Solution {
  /// The answer `write` initialises in a slot of the caller's stack, moved
  /// out: the entry points inline this and make one out-of-line call that
  /// writes the answer where it is read.
  ///
  /// Note (bb750f2, bf9b933; callgrind, instructions a solve): Swift copies a
  /// returned `Solution` field by field wherever one function returns
  /// another's answer. Entries that returned through an out-of-line choice
  /// paid that copy (plans/resize 340 → 283 this way); a cold solve's
  /// third-generation reading paid it too (adapt/reflow 767 → 720).
  @inlinable @inline(__always)
  static func written(by write: (UnsafeMutablePointer<Solution>) -> Void) -> Solution {
    withUnsafeTemporaryAllocation(of: Solution.self, capacity: 1) { buffer in
      let slot = buffer.baseAddress.unsafelyUnwrapped
      write(slot)
      return slot.move()
    }
  }
}
