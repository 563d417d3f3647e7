/// How a region query treats right-to-left layouts (R13).
@frozen
public enum LayoutDirectionBehavior: UInt8, Sendable, Hashable, CaseIterable {
  /// Frames mirrored across the view's vertical centre line, left and right margins swapped.
  case mirrors
  /// Physical frames.
  case fixed
}

/// A question to the reserved regions: which regions of a kind affect a view (R12).
///
/// ```swift
/// let query = RegionQuery(view: Rect(x: 100, y: 0, width: 850, height: 760), kind: .division)
/// let folds = query.answer(for: scene.regions)  // in the view's coordinates, ascending id
/// ```
@frozen
public struct RegionQuery: Hashable, Sendable {
  /// The view's frame, in the same (window) coordinates as the regions.
  public var view: Rect
  public var kind: RegionKind
  /// Also answer inactive regions (an open fold, an idle camera).
  public var includeInactive: Bool
  public var layoutDirection: LayoutDirection
  public var layoutDirectionBehavior: LayoutDirectionBehavior

  @inlinable
  public init(
    view: Rect, kind: RegionKind, includeInactive: Bool = false,
    layoutDirection: LayoutDirection = .leftToRight, layoutDirectionBehavior: LayoutDirectionBehavior = .mirrors
  ) {
    self.view = view
    self.kind = kind
    self.includeInactive = includeInactive
    self.layoutDirection = layoutDirection
    self.layoutDirectionBehavior = layoutDirectionBehavior
  }

  /// Whether a region's frame overlaps the view (R12): positive area of
  /// intersection, or, for a degenerate region such as a zero-width fold,
  /// touching the view's closed rectangle.
  @inlinable
  public static func overlaps(_ region: Rect, _ view: Rect) -> Bool {
    if region.width > 0 && region.height > 0 {
      let width = Swift.min(region.maxX, view.maxX) - Swift.max(region.minX, view.minX)
      let height = Swift.min(region.maxY, view.maxY) - Swift.max(region.minY, view.minY)
      return width > 0 && height > 0
    }
    return region.minX <= view.maxX && region.maxX >= view.minX && region.minY <= view.maxY
      && region.maxY >= view.minY
  }

  /// Writes the answer into `output`, in ascending `id` order, and returns
  /// how many regions match; when that exceeds `output.count`, only the
  /// first `output.count` (by id) are written.
  ///
  /// - Complexity: O(*r*²) for *r* regions (at most ``ReservedRegions/capacity``); no heap allocation.
  @inlinable
  public func answer(for regions: ReservedRegions, into output: UnsafeMutableBufferPointer<ReservedRegion>) -> Int {
    let matches = answer(for: regions)
    let written = Swift.min(matches.count, output.count)
    for index in 0..<written { output[index] = matches[index] }
    return matches.count
  }

  /// The regions of ``kind`` that overlap ``view``, in the view's own
  /// coordinates, ascending `id` (R12, R13). Frames are not clipped.
  ///
  /// - Complexity: O(*r*²) for *r* regions; no heap allocation.
  @inlinable
  public func answer(for regions: ReservedRegions) -> ReservedRegions {
    let view = Sanitize.rect(self.view)
    let mirrors = layoutDirection == .rightToLeft && layoutDirectionBehavior == .mirrors
    var result = ReservedRegions()
    for region in regions where region.kind == kind && (region.isActive || includeInactive) {
      let frame = Sanitize.rect(region.frame)
      guard Self.overlaps(frame, view) else { continue }
      var local = region
      local.frame = frame.offsetBy(dx: -view.x, dy: -view.y)
      local.margins = Sanitize.insets(region.margins)
      if mirrors {
        local.frame = local.frame.mirrored(inWidth: view.width)
        local.margins = local.margins.mirrored
      }
      // Insertion keeps ascending id; equal ids keep their given order.
      result.append(local)
      var index = result.count - 1
      while index > 0 && result[index - 1].id > result[index].id {
        result.swapAt(index - 1, index)
        index -= 1
      }
    }
    return result
  }
}
