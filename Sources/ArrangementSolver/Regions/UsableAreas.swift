extension ReservedRegions {
  /// The usable areas of a view (R15): the rectangles left when the active
  /// folds that divide it are taken out, in leading-to-trailing order for
  /// vertical folds and top-to-bottom order for horizontal ones (rows first).
  ///
  /// A fold divides the view as it divides a layout area (R16): it spans the
  /// view's whole extent along the fold and leaves positive length on both
  /// sides. Areas are in the view's own coordinates; a view no fold divides
  /// has one usable area, its frame.
  ///
  /// Writes at most `output.count` areas and returns how many there are.
  ///
  /// - Complexity: O(*r*²) for *r* regions; no heap allocation.
  public func usableAreas(
    of view: Rect, layoutDirection: LayoutDirection = .leftToRight, into output: UnsafeMutableBufferPointer<Rect>
  ) -> Int {
    let view = Sanitize.rect(view)
    let local = Rect(x: 0, y: 0, width: view.width, height: view.height)
    guard view.width > 0 && view.height > 0 else { return 0 }
    // Up to capacity + 1 segments per axis: the cuts of each fold, merged.
    var columns = Segments(start: 0, end: view.width)
    var rows = Segments(start: 0, end: view.height)
    for region in self where region.kind == .division && region.isActive {
      let frame = Sanitize.rect(region.frame).offsetBy(dx: -view.x, dy: -view.y)
      guard let fold = Fold(frame: frame, dividing: local) else { continue }
      if fold.splitAxis == .horizontal {
        columns.cut(fold.start, fold.end)
      } else {
        rows.cut(fold.start, fold.end)
      }
    }
    var written = 0
    var total = 0
    for row in 0..<rows.count {
      for column in 0..<columns.count {
        let index = layoutDirection == .rightToLeft ? columns.count - 1 - column : column
        let (x0, x1) = columns[index]
        let (y0, y1) = rows[row]
        if written < output.count {
          output[written] = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
          written += 1
        }
        total += 1
      }
    }
    return total
  }
}

/// Disjoint intervals of one axis, ordered, left after cutting folds out.
struct Segments {
  private var bounds: InlineArray<18, Double> = InlineArray(repeating: 0)
  private(set) var count = 1

  init(start: Double, end: Double) {
    bounds[0] = start
    bounds[1] = end
  }

  subscript(index: Int) -> (Double, Double) { (bounds[2 * index], bounds[2 * index + 1]) }

  /// Removes `low ..< high`, dropping segments left with no length.
  mutating func cut(_ low: Double, _ high: Double) {
    var next = Segments(start: 0, end: 0)
    next.count = 0
    for index in 0..<count {
      let (start, end) = self[index]
      next.add(start, Swift.min(end, low))
      next.add(Swift.max(start, high), end)
    }
    self = next
  }

  private mutating func add(_ start: Double, _ end: Double) {
    guard end > start else { return }
    bounds[2 * count] = start
    bounds[2 * count + 1] = end
    count += 1
  }
}
