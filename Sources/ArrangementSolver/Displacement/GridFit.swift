/// Columns of a grid fitted around folds (R28).
///
/// ```swift
/// let grid = GridFit(frame: screen, minimumCellWidth: 150, spacing: 16, margin: 20, regions: regions)
/// var columns = [Rect](repeating: .zero, count: 16)
/// let count = columns.withUnsafeMutableBufferPointer { grid.columns(into: $0) }
/// ```
@frozen
public struct GridFit: Sendable, Hashable {
  /// The grid's frame, in the same (window) coordinates as the regions.
  public var frame: Rect
  /// Columns are at least this wide when the even-count rule allows (see ``columnCount``).
  public var minimumCellWidth: Double
  /// The gap between columns; only the gap at a fold grows.
  public var spacing: Double
  /// The outer margin on the leading and trailing sides, kept as given.
  public var margin: Double
  public var layoutDirection: LayoutDirection
  public var regions: ReservedRegions

  public init(
    frame: Rect, minimumCellWidth: Double, spacing: Double = 0, margin: Double = 0,
    layoutDirection: LayoutDirection = .leftToRight, regions: ReservedRegions = ReservedRegions()
  ) {
    self.frame = frame
    self.minimumCellWidth = minimumCellWidth
    self.spacing = spacing
    self.margin = margin
    self.layoutDirection = layoutDirection
    self.regions = regions
  }

  /// Whether any division region overlaps the grid, active or not (R12 with `includeInactive`).
  public var hasFold: Bool {
    let query = RegionQuery(view: frame, kind: .division, includeInactive: true)
    return !query.answer(for: regions).isEmpty
  }

  /// As many columns of at least ``minimumCellWidth`` as fit (at least one), made
  /// even when a division region overlaps the grid (R28) — so the count is the
  /// same folded and unfolded, and the fold falls between columns. A grid
  /// with room for one column gets two narrower ones when a fold overlaps.
  public var columnCount: Int {
    let width = Sanitize.length(frame.width)
    let cell = Swift.max(Sanitize.length(minimumCellWidth), 1e-9)
    let gap = Sanitize.length(spacing)
    let usable = width - 2 * Sanitize.length(margin)
    // Margins wider than the grid, or huge cells, leave room for less than one: still one.
    let ratio = ((usable + gap) / (cell + gap)).rounded(.down)
    let fitting = ratio.isFinite ? Int(Swift.min(Swift.max(ratio, 1), 1e6)) : 1
    guard hasFold else { return fitting }
    return fitting < 2 ? 2 : fitting - fitting % 2
  }

  /// Writes the column frames (in the grid's own coordinates, leading column
  /// first) into `output` and returns the column count; writes at most
  /// `output.count` frames. With an active vertical fold across the grid, the
  /// fold's gap widens so that no column crosses the fold's frame, the outer
  /// margins and the other gaps staying as given (R28).
  ///
  /// - Complexity: O(*r* + *c*) for *r* regions and *c* columns; no heap allocation.
  public func columns(into output: UnsafeMutableBufferPointer<Rect>) -> Int {
    let count = columnCount
    let width = Sanitize.length(frame.width)
    let height = Sanitize.length(frame.height)
    let gap = Sanitize.length(spacing)
    let outer = Sanitize.length(margin)
    var cell = Swift.max(0, (width - 2 * outer - Double(count - 1) * gap) / Double(count))
    let grid = Sanitize.rect(frame)
    // The active vertical fold across the grid nearest its centre, in the grid's coordinates; a
    // horizontal fold never moves columns, even nearer the centre (R28 with crossing folds).
    var foldSpan: (start: Double, end: Double)?
    if let fold = Fold.nearest(in: regions, dividing: grid, splitting: .horizontal) {
      foldSpan = (fold.start - grid.x, fold.end - grid.x)
    }
    let half = count / 2
    var before = 0.0
    var after = 0.0
    if let foldSpan {
      // Columns on each side stop short of the fold's frame.
      before = (foldSpan.start - outer - Double(half - 1) * gap) / Double(half)
      after = (width - outer - foldSpan.end - Double(half - 1) * gap) / Double(half)
      cell = Swift.max(0, Swift.min(cell, before, after))
    }
    for column in 0..<Swift.min(count, output.count) {
      // Leading first: in right-to-left layouts the rightmost column comes first.
      let physical = layoutDirection == .rightToLeft ? count - 1 - column : column
      let x: Double
      if foldSpan != nil && physical >= half {
        // The right half is anchored at the right margin.
        x = width - outer - Double(count - physical) * cell - Double(count - 1 - physical) * gap
      } else {
        x = outer + Double(physical) * (cell + gap)
      }
      output[column] = Rect(x: x, y: 0, width: cell, height: height)
    }
    // (`half` is 0 only where the columns' count ignores a fold that the
    // column query still finds, for numbers sanitising changed: no cell is beside it.)
    if let foldSpan, half > 0 {
      // R28 (SPEC §9): a cell's edge beside the fold is the fold's edge, not a sum of widths
      // (adding them put the last cell before a zero-width fold at x 478.8 an ulp past it).
      // Where the room on a side sets the cells' width, its cell beside the fold reaches the
      // fold's edge exactly; otherwise it stops short of it or at it. The other edge stays.
      let rightToLeft = layoutDirection == .rightToLeft
      let last = rightToLeft ? count - half : half - 1
      if last < output.count {
        let x = output[last].x
        let end = cell == before ? foldSpan.start : Swift.min(x + cell, foldSpan.start)
        var reaching = Swift.max(0, end - x)
        if x + reaching != end { reaching = Self.width(from: x, to: end) }
        output[last].width = reaching
      }
      let first = rightToLeft ? count - 1 - half : half
      if first < output.count {
        let end = output[first].x + cell
        let start = cell == after ? foldSpan.end : Swift.max(output[first].x, foldSpan.end)
        output[first] = Rect(x: start, y: 0, width: Swift.max(0, end - start), height: height)
      }
    }
    return count
  }

  /// The width from `x` whose far edge, `x + width`, is `end` exactly (or
  /// the nearest below it): `end − x` rounds, and its sum with `x` may miss `end`.
  @inline(never)
  static func width(from x: Double, to end: Double) -> Double {
    var width = Swift.max(0, end - x)
    while width > 0 && x + width > end { width = width.nextDown }
    while x + width < end && x + width.nextUp <= end { width = width.nextUp }
    return width
  }
}
