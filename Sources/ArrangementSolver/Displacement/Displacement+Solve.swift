extension Displacement {
  /// Moves the elements where their purpose wants them (R25–R27).
  ///
  /// 1. Scrolling content never moves (R25).
  /// 2. When an active fold divides the view (chosen as in R16), the group's
  ///    union goes to the usable area its purpose and the posture pick (R25),
  ///    by the shortest move; it shrinks only if it cannot fit (R26).
  /// 3. Interactive elements then clear active occlusion regions: a group
  ///    moves when one of its elements overlaps one, by the shortest move
  ///    that clears every element and keeps the group inside its area (R27).
  ///
  /// - Complexity: O(*r* + *e*) for *r* regions and *e* elements; no heap allocation.
  public func displaced() -> DisplacementResult {
    // Each frame is sanitised before anything is computed from it (R29): a
    // union clamped after the fact would disagree with frames beyond 2^52.
    var elements = self.elements
    for index in 0..<elements.count { elements[index] = Sanitize.rect(elements[index]) }
    var result = DisplacementResult(elements: elements, area: nil, shrunk: false, offset: (0, 0))
    // 1. Scrolling content adapts by scrolling (R25).
    guard purpose != .scrolling, elements.count > 0 else { return result }
    let view = Sanitize.rect(self.view)
    let original = elements.union
    var union = original

    // 2. The fold that divides the view, and the area the purpose wants (R25, R26).
    if let fold = Fold.nearest(in: regions, dividing: view) {
      let area = targetArea(fold: fold, view: view, union: union)
      result.area = area
      let (moved, scale) = Self.fit(union, into: area)
      result.shrunk = scale.x < 1 || scale.y < 1
      result.elements = Self.transform(elements, from: union, to: moved)
      union = moved
    }

    // 3. Interactive elements clear active occlusion regions (R27).
    if isInteractive {
      let cleared = Self.clearOcclusions(result.elements, union: union, regions: regions, within: result.area ?? view)
      if cleared != union {
        result.elements = Self.transform(result.elements, from: union, to: cleared)
        union = cleared
      }
    }
    result.offset = (union.x - original.x, union.y - original.y)
    return result
  }

  /// The usable area the purpose asks for in this posture (R25).
  func targetArea(fold: Fold, view: Rect, union: Rect) -> Rect {
    let before = fold.before(in: view)
    let after = fold.after(in: view)
    // The area holding most of a rectangle; ties go to the leading (or top) area.
    func holdingMost(_ rect: Rect) -> Rect {
      let inBefore = Self.overlapArea(rect, before)
      let inAfter = Self.overlapArea(rect, after)
      let leadingIsBefore = !(fold.splitAxis == .horizontal && layoutDirection == .rightToLeft)
      if inBefore == inAfter { return leadingIsBefore ? before : after }
      return inBefore > inAfter ? before : after
    }
    if fold.splitAxis == .horizontal {
      // Book posture: a vertical fold.
      switch purpose {
      case .transient: return layoutDirection == .rightToLeft ? before : after
      case .control, .distantContent, .scrolling: return holdingMost(union)
      case .contextual: return holdingMost(anchor.map(Sanitize.rect) ?? union)
      }
    }
    // Tabletop posture: a horizontal fold.
    switch purpose {
    case .transient, .distantContent: return before
    case .control: return after
    case .contextual, .scrolling: return holdingMost(anchor.map(Sanitize.rect) ?? union)
    }
  }

  static func overlapArea(_ a: Rect, _ b: Rect) -> Double {
    let width = Swift.min(a.maxX, b.maxX) - Swift.max(a.minX, b.minX)
    let height = Swift.min(a.maxY, b.maxY) - Swift.max(a.minY, b.minY)
    return width > 0 && height > 0 ? width * height : 0
  }

  /// The shortest move of `rect` into `area`, shrinking along an axis only where it does not fit (R26).
  static func fit(_ rect: Rect, into area: Rect) -> (Rect, scale: (x: Double, y: Double)) {
    var result = rect
    var scale = (x: 1.0, y: 1.0)
    if rect.width > area.width {
      scale.x = rect.width > 0 ? area.width / rect.width : 1
      result.width = area.width
    }
    if rect.height > area.height {
      scale.y = rect.height > 0 ? area.height / rect.height : 1
      result.height = area.height
    }
    result.x = Swift.min(Swift.max(rect.x, area.minX), area.maxX - result.width)
    result.y = Swift.min(Swift.max(rect.y, area.minY), area.maxY - result.height)
    return (result, scale)
  }

  /// Moves (and scales) every element as its group's union went from `old` to `new`,
  /// keeping relative offsets (R26).
  static func transform(_ elements: ElementFrames, from old: Rect, to new: Rect) -> ElementFrames {
    let scaleX = old.width > 0 ? new.width / old.width : 1
    let scaleY = old.height > 0 ? new.height / old.height : 1
    var result = elements
    for index in 0..<elements.count {
      let frame = elements[index]
      result[index] = Rect(
        x: new.x + (frame.x - old.x) * scaleX, y: new.y + (frame.y - old.y) * scaleY,
        width: frame.width * scaleX, height: frame.height * scaleY)
    }
    return result
  }

  /// Where the group's union goes so that no element overlaps an active
  /// occlusion region (R27; docs/RULES.md §9): only a region that an element
  /// overlaps moves the group, by the shortest of the four straight moves
  /// that clears every element of it and keeps the union inside `bounds`. A
  /// group that no move clears stays where it is.
  static func clearOcclusions(_ elements: ElementFrames, union: Rect, regions: ReservedRegions, within bounds: Rect)
    -> Rect
  {
    var offset = (dx: 0.0, dy: 0.0)
    func overlapsAny(_ frame: Rect) -> Bool {
      // An element overlaps only where the union does: most regions are settled by the union alone.
      overlapArea(union.offsetBy(dx: offset.dx, dy: offset.dy), frame) > 0
        && (0..<elements.count).contains { overlapArea(elements[$0].offsetBy(dx: offset.dx, dy: offset.dy), frame) > 0 }
    }
    // Each move clears one region; a handful of passes settles any sane layout.
    for _ in 0..<regions.count {
      guard
        let region = regions.first(where: {
          $0.kind == .occlusion && $0.isActive && overlapsAny(Sanitize.rect($0.frame))
        })
      else { break }
      let frame = Sanitize.rect(region.frame)
      // The elements a horizontal move can run into share the region's rows; a vertical move, its columns.
      var rows = (minX: Double.infinity, maxX: -Double.infinity)
      var columns = (minY: Double.infinity, maxY: -Double.infinity)
      for index in 0..<elements.count {
        let element = elements[index].offsetBy(dx: offset.dx, dy: offset.dy)
        if element.minY < frame.maxY && element.maxY > frame.minY {
          rows = (Swift.min(rows.minX, element.minX), Swift.max(rows.maxX, element.maxX))
        }
        if element.minX < frame.maxX && element.maxX > frame.minX {
          columns = (Swift.min(columns.minY, element.minY), Swift.max(columns.maxY, element.maxY))
        }
      }
      let current = union.offsetBy(dx: offset.dx, dy: offset.dy)
      var best: (dx: Double, dy: Double)?
      var bestDistance = Double.infinity
      // The four ways out: left, right, up, down.
      for move in 0..<4 {
        let dx = move == 0 ? frame.minX - rows.maxX : move == 1 ? frame.maxX - rows.minX : 0
        let dy = move == 2 ? frame.minY - columns.maxY : move == 3 ? frame.maxY - columns.minY : 0
        guard dx.isFinite && dy.isFinite else { continue }
        let candidate = current.offsetBy(dx: dx, dy: dy)
        let inside =
          candidate.minX >= bounds.minX && candidate.maxX <= bounds.maxX && candidate.minY >= bounds.minY
          && candidate.maxY <= bounds.maxY
        let distance = abs(dx) + abs(dy)
        if inside && distance < bestDistance {
          best = (dx, dy)
          bestDistance = distance
        }
      }
      guard let best else { break }
      offset = (offset.dx + best.dx, offset.dy + best.dy)
    }
    return union.offsetBy(dx: offset.dx, dy: offset.dy)
  }
}

extension Fold {
  /// The active fold that divides a view (R16 applied to a view, as R15 does), nearest its centre;
  /// with `splitAxis`, nearest among the folds that split along it only (R28, docs/RULES.md §9).
  static func nearest(in regions: ReservedRegions, dividing view: Rect, splitting splitAxis: Axis? = nil) -> Fold? {
    var nearest = Nearest()
    for region in regions where region.kind == .division && region.isActive {
      let frame = Sanitize.rect(region.frame)
      if let splitAxis, frame.foldSplitAxis != splitAxis { continue }
      nearest.consider(frame, id: region.id, in: view)
    }
    return nearest.fold
  }

  /// The usable area before the fold (left, or top), within `view`.
  func before(in view: Rect) -> Rect {
    Rect(
      along: splitAxis, start: view.start(along: splitAxis), length: start - view.start(along: splitAxis),
      crossStart: view.start(along: splitAxis.cross), crossLength: view.length(along: splitAxis.cross))
  }

  /// The usable area after the fold (right, or bottom), within `view`.
  func after(in view: Rect) -> Rect {
    Rect(
      along: splitAxis, start: end, length: view.end(along: splitAxis) - end,
      crossStart: view.start(along: splitAxis.cross), crossLength: view.length(along: splitAxis.cross))
  }
}
