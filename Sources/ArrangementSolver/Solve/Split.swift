extension ArrangementConfiguration {
  /// The split style (RULES.md §4).
  @_transparent
  func splitArrangement(context: SolveContext, fold: Fold?) -> Solution {
    let area = context.area
    let classes = context.classes

    // 1. The split axis: across the fold, else along the longer side (R16).
    let axis = fold?.splitAxis ?? (area.width >= area.height ? .horizontal : .vertical)

    // 2. Both panes only if the app shows the secondary, the axis is allowed
    //    and the container is regular along it (R17).
    let showsBoth = RegimeKernel.showsBoth(
      showsSecondary: showsSecondary, allowed: allowedAxes.allows(axis), regular: classes[axis] == .regular)

    // 3. A fold decides everything: each pane is one side of it (R18), or a
    //    lone primary keeps to the primary side (R19). Sizing is ignored.
    if let fold {
      return context.besideFold(fold, primaryLeading: true, secondaryShown: showsBoth, splits: true).solution
    }

    // 4. Without a fold, a lone primary takes the whole layout area (R17, R19, R20).
    guard showsBoth else { return context.overArea(secondaryShown: false, stacked: false).solution }

    // 5. Size the panes along the axis (R3–R7), then place them primary first,
    //    snapping edges to the pixel grid (R8, R9); size classes and the split
    //    axis follow from what is shown (R20, R21).
    return PaneLengths(self, along: axis, length: area.length(along: axis)).solution(along: axis, in: context)
  }
}
