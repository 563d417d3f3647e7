// The third generation's settings (RULES.md §10): a gap between the panes, a
// draggable divider, which folds an arrangement avoids, what a secondary does
// when it no longer fits, and Apple's per-axis fixed size.

/// A length along the split axis for the divider (R31): points, or a
/// fraction of the length the panes share (`L'`, R30).
@frozen
public enum DividerLength: Hashable, Sendable {
  case absolute(Double)
  case fractional(Double)
}

/// Where a person dragged the boundary between a split's panes (R31).
@frozen
public struct Divider: Hashable, Sendable {
  /// The most anchors a divider holds (R31); a longer list keeps its first eight.
  public static let anchorCapacity = 8

  // Anchors packed as values and a fraction mask: a scene carries its
  // divider inline (no heap), and 8 enum slots would add ~60 bytes to every
  // scene a cold solve copies. The one-byte fields last: no padding.
  @usableFromInline var anchorValues: InlineArray<8, Double>
  // R37's positions as two values and a kind byte (0 none, 1 absolute, 2
  // fraction; two bits an axis), and its step as a code (0 none), for the
  // reason the anchors are packed: every cold solve copies the scene.
  @usableFromInline var horizontalValue: Double
  @usableFromInline var verticalValue: Double
  /// R37: the release's velocity in points per second, positive away from
  /// the placement origin; read when `snap` is true (non-finite counts as 0).
  public var velocity: Double
  /// The primary's preferred length, before snapping.
  public var position: DividerLength
  /// True once the drag is released: the position snaps to the nearest candidate.
  public var snap: Bool
  /// Folds across the split axis are candidates too (after the anchors).
  public var snapToFolds: Bool
  @usableFromInline var anchorFractions: UInt8
  @usableFromInline var storedAnchorCount: UInt8
  @usableFromInline var positionKinds: UInt8
  @usableFromInline var stepCode: UInt8

  /// R37: a position per split axis, replacing `position` along that axis.
  @inlinable
  public var positions: DividerPositions {
    get {
      @inline(__always) func length(_ kind: UInt8, _ value: Double) -> DividerLength? {
        kind == 0 ? nil : kind == 1 ? .absolute(value) : .fractional(value)
      }
      return DividerPositions(
        horizontal: length(positionKinds & 3, horizontalValue), vertical: length(positionKinds >> 2, verticalValue))
    }
    set {
      @inline(__always) func packed(_ length: DividerLength?) -> (UInt8, Double) {
        switch length {
        case nil: (0, 0)
        case .absolute(let points)?: (1, points)
        case .fractional(let fraction)?: (2, fraction)
        }
      }
      let (horizontalKind, horizontal) = packed(newValue.horizontal)
      let (verticalKind, vertical) = packed(newValue.vertical)
      (horizontalValue, verticalValue, positionKinds) = (horizontal, vertical, horizontalKind | verticalKind << 2)
    }
  }

  /// R37: a step to another candidate, instead of the nearest; read when `snap` is true.
  @inlinable
  public var step: DividerStep? {
    get { stepCode == 0 ? nil : DividerStep(rawValue: stepCode - 1) }
    set { stepCode = newValue.map { $0.rawValue + 1 } ?? 0 }
  }

  @inlinable
  public init(
    position: DividerLength, anchors: some Sequence<DividerLength> = [DividerLength](), snap: Bool = false,
    snapToFolds: Bool = true, positions: DividerPositions = DividerPositions(), velocity: Double = 0,
    step: DividerStep? = nil
  ) {
    self.position = position
    self.snap = snap
    self.snapToFolds = snapToFolds
    self.velocity = velocity
    horizontalValue = 0
    verticalValue = 0
    positionKinds = 0
    stepCode = step.map { $0.rawValue + 1 } ?? 0
    anchorValues = InlineArray(repeating: 0)
    anchorFractions = 0
    storedAnchorCount = 0
    for anchor in anchors {
      guard Int(storedAnchorCount) < Self.anchorCapacity else { break }
      let index = Int(storedAnchorCount)
      switch anchor {
      case .absolute(let points): anchorValues[index] = points
      case .fractional(let fraction):
        anchorValues[index] = fraction
        anchorFractions |= 1 << UInt8(index)
      }
      storedAnchorCount += 1
    }
    self.positions = positions
  }

  /// The anchors, in list order.
  @inlinable
  public var anchors: [DividerLength] { (0..<anchorCount).map(anchor) }

  @inlinable
  public var anchorCount: Int { Int(storedAnchorCount) }

  /// The `index`-th anchor.
  @inlinable
  public func anchor(_ index: Int) -> DividerLength {
    precondition(index >= 0 && index < anchorCount, "anchor index out of range")
    let value = anchorValues[index]
    return anchorFractions & (1 << UInt8(index)) != 0 ? .fractional(value) : .absolute(value)
  }

  public static func == (lhs: Divider, rhs: Divider) -> Bool {
    lhs.position == rhs.position && lhs.snap == rhs.snap && lhs.snapToFolds == rhs.snapToFolds
      && lhs.positions == rhs.positions && lhs.velocity == rhs.velocity && lhs.step == rhs.step
      && lhs.anchorCount == rhs.anchorCount && (0..<lhs.anchorCount).allSatisfy { lhs.anchor($0) == rhs.anchor($0) }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(position)
    hasher.combine(snap)
    hasher.combine(snapToFolds)
    hasher.combine(positions)
    hasher.combine(velocity)
    hasher.combine(step)
    hasher.combine(anchorCount)
    for index in 0..<anchorCount { hasher.combine(anchor(index)) }
  }
}

/// Which division regions a layout avoids straddling (R32).
@frozen
public enum FoldPolicy: UInt8, Sendable, Hashable, CaseIterable {
  /// R16 as written: active folds.
  case avoidSeparating
  /// Active and inactive folds: the same layout folded and flat.
  case alwaysAvoid
  /// No fold: sizing applies across it.
  case neverAvoid
}

/// What a split does with a secondary it would hide for lack of room (R33).
@frozen
public enum AdaptStrategy: UInt8, Sendable, Hashable, CaseIterable {
  /// R17 and R6 as written.
  case hide
  /// Split along the other axis, where both panes fit there.
  case reflow
  /// Float the secondary, centred, over the primary's frame.
  case levitate
}

/// How the secondary was adapted (R33), in an answer.
@frozen
public enum Adaptation: UInt8, Sendable, Hashable, CaseIterable {
  case reflowed
  case levitated
}

/// `splitArrangementFixedLayoutSize(horizontal:vertical:)` (R35): along a
/// fixed axis the preferred and maximum sizes are the ideal size. `true` and
/// `false` fix both axes or neither.
@frozen
public struct FixedLayoutSize: Hashable, Sendable, ExpressibleByBooleanLiteral {
  public var horizontal: Bool
  public var vertical: Bool

  @inlinable
  public init(horizontal: Bool, vertical: Bool) {
    self.horizontal = horizontal
    self.vertical = vertical
  }

  @inlinable
  public init(booleanLiteral value: Bool) { self.init(horizontal: value, vertical: value) }

  /// Whether the size is fixed along `axis`.
  @inlinable
  public subscript(axis: Axis) -> Bool { axis == .horizontal ? horizontal : vertical }

  /// Neither axis is fixed.
  @inlinable
  public var isNone: Bool { !horizontal && !vertical }
}

/// The divider as it ended up (R31): where the primary's far edge is, and
/// which candidate the release snapped to.
@frozen
public struct DividerAnswer: Hashable, Sendable {
  /// The distance along the split axis from the placement origin to the
  /// primary's far edge, after pixel rounding.
  public var position: Double
  /// The candidate snapped to (anchors first, then folds), or `nil`.
  public var anchor: Int?

  @inlinable
  public init(position: Double, anchor: Int?) {
    self.position = position
    self.anchor = anchor
  }
}
