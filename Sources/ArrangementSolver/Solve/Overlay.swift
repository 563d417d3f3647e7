extension ArrangementConfiguration {
  /// The overlay style (RULES.md §5): stacked, or side by side across a fold.
  @_transparent
  func overlayArrangement(context: SolveContext, fold: Fold?) -> Solution {
    // 1. Side by side only across a fold whose placement axis is allowed (R23, R24);
    //    ratios, sizes and size classes play no part.
    guard let fold, OverlayRules.sideBySide(across: fold.splitAxis, allowed: allowedAxes) else {
      // 2. Otherwise stacked over the whole layout area, primary in front (R22).
      return context.overArea(secondaryShown: showsSecondary, stacked: true).solution
    }

    // 3. The primary takes the trailing side of a vertical fold and the bottom
    //    of a horizontal one, unless its edge setting says otherwise (R23).
    let primaryLeading = OverlayRules.primaryLeading(
      across: fold.splitAxis, leading: overlayPrimaryLeading, top: overlayPrimaryTop)
    return context.besideFold(fold, primaryLeading: primaryLeading, secondaryShown: showsSecondary, splits: false)
      .solution
  }
}

/// The overlay style's own rules, read by the general path and by a plan's table when it is made.
enum OverlayRules {
  /// R24: side by side across a fold only where the fold's split axis is allowed.
  @inline(__always)
  static func sideBySide(across axis: Axis, allowed: Axes) -> Bool { allowed.allows(axis) }

  /// R23, R35: whether the primary takes `side`: its own edge setting wins;
  /// else the secondary's places the secondary there and the primary on the
  /// other side; with neither, the primary takes `default`.
  @inline(__always)
  static func primaryTakes<Edge: CaseIterable & Equatable>(
    _ side: Edge, primary: Edge?, secondary: Edge?, default: Edge
  ) -> Bool {
    if let primary { return primary == side }
    if let secondary { return secondary != side }
    return side == `default`
  }

  /// R23: whether the primary takes the leading side of a vertical fold
  /// (`leading`: its edge setting says so) or the top of a horizontal one (`top`).
  @inline(__always)
  static func primaryLeading(across axis: Axis, leading: Bool, top: Bool) -> Bool {
    axis == .horizontal ? leading : top
  }
}
