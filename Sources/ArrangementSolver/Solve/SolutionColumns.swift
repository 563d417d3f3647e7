/// Caller-provided storage for a batch's answers as a structure of arrays:
/// one column per frame coordinate and one of packed flags, the layout a
/// vectorised sweep writes without gathering (and a chart or a capacity test
/// reads a column at a time).
///
/// ```swift
/// let storage = UnsafeMutableRawBufferPointer.allocate(
///   byteCount: SolutionColumns.byteCount(for: widths.count), alignment: 16)
/// let columns = SolutionColumns(storage, count: widths.count)
/// plan.solve(widths: widths, heights: heights, into: columns)
/// columns[0]  // the first answer as a `Solution`
/// ```
@frozen
public struct SolutionColumns {
  public var primaryX: UnsafeMutablePointer<Double>
  public var primaryY: UnsafeMutablePointer<Double>
  public var primaryWidth: UnsafeMutablePointer<Double>
  public var primaryHeight: UnsafeMutablePointer<Double>
  public var secondaryX: UnsafeMutablePointer<Double>
  public var secondaryY: UnsafeMutablePointer<Double>
  public var secondaryWidth: UnsafeMutablePointer<Double>
  public var secondaryHeight: UnsafeMutablePointer<Double>
  /// Visibility, z-indexes, size classes and split axis of each answer (see ``Flags``).
  public var flags: UnsafeMutablePointer<Flags>
  /// How many answers every column holds.
  public var count: Int

  /// The bytes `count` answers take: eight frame columns and the flags, 8 bytes each.
  @inlinable
  public static func byteCount(for count: Int) -> Int { 72 * count }

  /// The columns of `storage`, which must hold ``byteCount(for:)`` bytes,
  /// aligned to 8: the eight frame columns, then the flags.
  public init(_ storage: UnsafeMutableRawBufferPointer, count: Int) {
    precondition(count >= 0 && storage.count >= 9 * 8 * count, "storage too small for the columns")
    let base = storage.baseAddress!.bindMemory(to: Double.self, capacity: 8 * count)
    primaryX = base
    primaryY = base + count
    primaryWidth = base + 2 * count
    primaryHeight = base + 3 * count
    secondaryX = base + 4 * count
    secondaryY = base + 5 * count
    secondaryWidth = base + 6 * count
    secondaryHeight = base + 7 * count
    flags = (storage.baseAddress! + 64 * count).bindMemory(to: Flags.self, capacity: count)
    self.count = count
  }

  /// Everything of an answer but its frames, packed in one word: per pane
  /// (primary in bits 0–3, secondary in 4–7) visible, in front (`zIndex` 1;
  /// the solver's only other value is 0), horizontally and vertically
  /// regular; the split axis in bits 8–9 (0 none, 1 horizontal, 2 vertical);
  /// R33's adaptation in bits 10–11 (0 none, 1 reflowed, 2 levitated). The
  /// divider's answer (R31) is not in the columns: read it from a ``Solution``.
  @frozen
  public struct Flags: Hashable, Sendable {
    public var rawValue: UInt64

    // The layout, written once for every writer and reader of the word.
    @usableFromInline static let visible: UInt64 = 1
    @usableFromInline static let inFront: UInt64 = 2
    @usableFromInline static let horizontallyRegular: UInt64 = 4
    @usableFromInline static let verticallyRegular: UInt64 = 8
    /// Where the secondary's four bits start (the primary's start at 0).
    @usableFromInline static let secondaryShift: UInt64 = 4
    /// Where the split axis starts: 0 none, 1 horizontal, 2 vertical.
    @usableFromInline static let axisShift: UInt64 = 8
    /// Where the adaptation starts: 0 none, 1 reflowed, 2 levitated.
    @usableFromInline static let adaptedShift: UInt64 = 10

    @inlinable
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    @inlinable
    init(_ solution: Solution) {
      func pane(_ layout: PaneLayout) -> UInt64 {
        (layout.visible ? Self.visible : 0) | (layout.zIndex > 0 ? Self.inFront : 0)
          | (layout.sizeClass.horizontal == .regular ? Self.horizontallyRegular : 0)
          | (layout.sizeClass.vertical == .regular ? Self.verticallyRegular : 0)
      }
      rawValue =
        pane(solution.primary) | pane(solution.secondary) << Self.secondaryShift
        | Self.axisBits(solution.splitAxis)
        | Self.adaptedBits(solution.adapted)
    }

    /// R33's adaptation's bits, in place.
    @inlinable @inline(__always)
    static func adaptedBits(_ adapted: Adaptation?) -> UInt64 {
      let code: UInt64 =
        switch adapted {
        case nil: 0
        case .reflowed?: 1
        case .levitated?: 2
        }
      return code << adaptedShift
    }

    /// The split axis's bits, in place.
    @inlinable @inline(__always)
    static func axisBits(_ axis: Axis?) -> UInt64 {
      (axis == nil ? 0 : axis == .horizontal ? 1 : 2) << axisShift
    }

    @inlinable
    func pane(_ shift: UInt64, frame: Rect) -> PaneLayout {
      let bits = rawValue >> shift
      return PaneLayout(
        visible: bits & Self.visible != 0, frame: frame, zIndex: bits & Self.inFront != 0 ? 1 : 0,
        sizeClass: SizeClasses(
          horizontal: bits & Self.horizontallyRegular != 0 ? .regular : .compact,
          vertical: bits & Self.verticallyRegular != 0 ? .regular : .compact))
    }

    @inlinable
    var adapted: Adaptation? {
      let bits = UInt8((rawValue >> Self.adaptedShift) & 3)
      return bits == 0 ? nil : Adaptation(rawValue: bits - 1)
    }

    @inlinable
    var splitAxis: Axis? {
      switch (rawValue >> Self.axisShift) & 3 {
      case 1: .horizontal
      case 2: .vertical
      default: nil
      }
    }
  }

  /// The answer at `index`, assembled from the columns.
  @inlinable
  public subscript(index: Int) -> Solution {
    get {
      precondition(index >= 0 && index < count, "answer index out of range")
      let flags = self.flags[index]
      var solution = Solution(
        primary: flags.pane(
          0,
          frame: Rect(x: primaryX[index], y: primaryY[index], width: primaryWidth[index], height: primaryHeight[index])),
        secondary: flags.pane(
          Flags.secondaryShift,
          frame: Rect(
            x: secondaryX[index], y: secondaryY[index], width: secondaryWidth[index], height: secondaryHeight[index])),
        splitAxis: flags.splitAxis)
      solution.adapted = flags.adapted
      return solution
    }
    nonmutating set {
      precondition(index >= 0 && index < count, "answer index out of range")
      let (primary, secondary) = (newValue.primary.frame, newValue.secondary.frame)
      (primaryX[index], primaryY[index], primaryWidth[index], primaryHeight[index]) =
        (primary.x, primary.y, primary.width, primary.height)
      (secondaryX[index], secondaryY[index], secondaryWidth[index], secondaryHeight[index]) =
        (secondary.x, secondary.y, secondary.width, secondary.height)
      flags[index] = Flags(newValue)
    }
  }
}
