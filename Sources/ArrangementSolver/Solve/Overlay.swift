extension ArrangementConfiguration {
  /// The overlay style (RULES.md §5): stacked, or side by side across a fold.
  @_transparent
  func overlayArrangement(context: SolveContext, fold: Fold?) -> Solution {
    // 1. Side by side only across a fold whose placement axis is allowed (R23, R24);
    //    ratios, sizes and size classes play no part.
    guard let fold, allowedAxes.allows(fold.splitAxis) else {
      // 2. Otherwise stacked over the whole layout area, primary in front (R22).
      return context.overArea(secondaryShown: showsSecondary, stacked: true).solution
    }

    // 3. The primary takes the trailing side of a vertical fold and the bottom
    //    of a horizontal one, unless its edge setting says otherwise (R23).
    let primaryLeading = fold.splitAxis == .horizontal ? overlayPrimaryLeading : overlayPrimaryTop
    return context.besideFold(fold, primaryLeading: primaryLeading, secondaryShown: showsSecondary, splits: false)
      .solution
  }
}
