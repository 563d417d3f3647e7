extension ArrangementConfiguration {
  /// The overlay style (RULES.md §5): stacked, or side by side across a fold.
  @_transparent
  func overlayArrangement(context: SolveContext, fold: Fold?) -> Solution {
    let classes = context.classes

    // 1. Side by side only across a fold whose placement axis is allowed (R23, R24);
    //    ratios, sizes and size classes play no part.
    guard let fold, allowedAxes.allows(fold.splitAxis) else {
      // 2. Otherwise stacked over the whole layout area, primary in front (R22).
      let secondaryLayout = showsSecondary ? PaneLayout.shown(context.area, zIndex: 0, classes) : .hidden(classes)
      return Solution(primary: .shown(context.area, zIndex: 1, classes), secondary: secondaryLayout, splitAxis: nil)
    }

    // 3. The primary takes the trailing side of a vertical fold and the bottom
    //    of a horizontal one, unless its edge setting says otherwise (R23).
    let sides = fold.sides(in: context)
    let primaryFirst = fold.splitAxis == .horizontal ? overlayPrimaryLeading : overlayPrimaryTop
    let (primaryFrame, secondaryFrame) = primaryFirst ? sides : (sides.trailing, sides.leading)
    let compact = classes.compact(along: fold.splitAxis)  // R24, after R20
    return Solution(
      primary: .shown(primaryFrame, compact),
      secondary: showsSecondary ? .shown(secondaryFrame, compact) : .hidden(classes),
      splitAxis: nil)
  }
}
