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
  /// regular; the split axis in bits 8–9 (0 none, 1 horizontal, 2 vertical).
  @frozen
  public struct Flags: Hashable, Sendable {
    public var rawValue: UInt64

    @inlinable
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    @inlinable
    init(_ solution: Solution) {
      func pane(_ layout: PaneLayout) -> UInt64 {
        (layout.visible ? 1 : 0) | (layout.zIndex > 0 ? 2 : 0)
          | (layout.sizeClass.horizontal == .regular ? 4 : 0) | (layout.sizeClass.vertical == .regular ? 8 : 0)
      }
      let axis: UInt64 = solution.splitAxis == nil ? 0 : solution.splitAxis == .horizontal ? 1 : 2
      rawValue = pane(solution.primary) | pane(solution.secondary) << 4 | axis << 8
    }

    @inlinable
    func pane(_ shift: UInt64, frame: Rect) -> PaneLayout {
      let bits = rawValue >> shift
      return PaneLayout(
        visible: bits & 1 != 0, frame: frame, zIndex: bits & 2 != 0 ? 1 : 0,
        sizeClass: SizeClasses(
          horizontal: bits & 4 != 0 ? .regular : .compact, vertical: bits & 8 != 0 ? .regular : .compact))
    }

    @inlinable
    var splitAxis: Axis? {
      switch (rawValue >> 8) & 3 {
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
      return Solution(
        primary: flags.pane(
          0,
          frame: Rect(x: primaryX[index], y: primaryY[index], width: primaryWidth[index], height: primaryHeight[index])),
        secondary: flags.pane(
          4,
          frame: Rect(
            x: secondaryX[index], y: secondaryY[index], width: secondaryWidth[index], height: secondaryHeight[index])),
        splitAxis: flags.splitAxis)
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
