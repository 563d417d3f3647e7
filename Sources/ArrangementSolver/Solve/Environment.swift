/// R36: a pane's environment, the scene's reserved regions in the pane's own
/// coordinates, as a view inside the pane would ask for them.
///
/// Computed only when asked (the answer's writers ask for a scene with
/// `environment`), from the answer: a solve never pays for it.
extension Scene {
  /// Whether the scene has an `environment` request (one flag, not the request built).
  @inlinable
  public var asksEnvironment: Bool { fourthGenerationFlags & Self.hasEnvironment != 0 }

  /// The regions of both kinds that overlap `pane`'s frame (container-local,
  /// as answered: after R9, a levitated secondary's floating frame), in the
  /// pane's coordinates, ascending `id` (equal ids in scene order), with the
  /// scene's `environment` options; `nil` for a hidden pane or a scene
  /// without `environment`.
  ///
  /// - Complexity: O(*r*²) for *r* regions (at most 8); no heap allocation.
  @inlinable
  public func environment(of pane: PaneLayout) -> ReservedRegions? {
    guard let environment, pane.visible else { return nil }
    return PaneEnvironment.regions(
      regions, containerX: container.x, containerY: container.y, view: pane.frame,
      mirrors: layoutDirection == .rightToLeft && environment.layoutDirectionBehavior == .mirrors,
      includeInactive: environment.includeInactive)
  }
}

/// R36's query: R12 and R13 on the container-local regions, for both kinds.
@usableFromInline
enum PaneEnvironment {
  /// A region at `(rx, ry)` in window coordinates, the container at `(cx,
  /// cy)` and the view at `(px, py)` in the container: the region's frame in
  /// the view is `((rx − cx) − px, (ry − cy) − py)`; mirrored, `x = pw − (lx + w)`.
  @inlinable
  static func regions(
    _ regions: ReservedRegions, containerX: Double, containerY: Double, view: Rect, mirrors: Bool,
    includeInactive: Bool
  ) -> ReservedRegions {
    let cx = Sanitize.coordinate(containerX)
    let cy = Sanitize.coordinate(containerY)
    let view = Sanitize.rect(view)
    var result = ReservedRegions()
    for index in regions.indices {
      let region = regions[index]
      guard region.isActive || includeInactive else { continue }
      let frame = Sanitize.rect(region.frame).offsetBy(dx: -cx, dy: -cy)
      guard RegionQuery.overlaps(frame, view) else { continue }
      var local = region
      local.frame = frame.offsetBy(dx: -view.x, dy: -view.y)
      local.margins = Sanitize.insets(region.margins)
      if mirrors {
        local.frame = local.frame.mirrored(inWidth: view.width)
        local.margins = local.margins.mirrored
      }
      // Insertion keeps ascending id; equal ids keep the scene's order.
      result.append(local)
      var slot = result.count - 1
      while slot > 0 && result[slot - 1].id > result[slot].id {
        result.swapAt(slot - 1, slot)
        slot -= 1
      }
    }
    return result
  }
}
