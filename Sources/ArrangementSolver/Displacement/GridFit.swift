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
      var frame = Rect(x: outer + Double(physical) * (cell + gap), y: 0, width: cell, height: height)
      if let foldSpan, physical >= half {
        // The right half is anchored at the right margin.
        frame.x = width - outer - Double(count - physical) * cell - Double(count - 1 - physical) * gap
        if physical == half { frame = Self.after(foldSpan.end, frame, reaches: cell == after) }
      } else if let foldSpan, physical == half - 1 {
        frame = Self.before(foldSpan.start, frame, reaches: cell == before)
      }
      output[column] = frame
    }
    return count
  }

  /// The last cell before the fold (R28, SPEC §9): a cell as wide as the room
  /// beside the fold allows ends at the fold's edge exactly, not where adding
  /// the widths puts it (an ulp past a zero-width fold at x 478.8); any other
  /// ends no later than the fold's edge.
  static func before(_ edge: Double, _ cell: Rect, reaches: Bool) -> Rect {
    let end = reaches ? edge : Swift.min(cell.x + cell.width, edge)
    var frame = cell
    frame.width = Swift.max(0, end - cell.x)
    // `x + (end − x)` may round past `end`: the width that lands on it.
    while frame.width > 0 && frame.x + frame.width > end { frame.width = frame.width.nextDown }
    while frame.x + frame.width < end && (frame.x + frame.width.nextUp) <= end { frame.width = frame.width.nextUp }
    return frame
  }

  /// The first cell after the fold: it starts at the fold's edge exactly when
  /// as wide as the room allows, else no earlier than it; its far edge stays.
  static func after(_ edge: Double, _ cell: Rect, reaches: Bool) -> Rect {
    let end = cell.x + cell.width
    let start = reaches ? edge : Swift.max(cell.x, edge)
    return Rect(x: start, y: cell.y, width: Swift.max(0, end - start), height: cell.height)
  }
}
