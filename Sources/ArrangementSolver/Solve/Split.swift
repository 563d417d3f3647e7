extension ArrangementConfiguration {
  /// The split style (RULES.md §4).
  @_transparent
  func splitArrangement(context: SolveContext, fold: Fold?) -> Solution {
    let area = context.area
    let classes = context.classes

    // 1. The split axis: across the fold, else along the longer side (R16).
    let axis =
      fold?.splitAxis ?? (SplitRules.alongWidth(width: area.width, height: area.height) ? .horizontal : .vertical)

    // 2. Both panes only if the app shows the secondary, the axis is allowed
    //    and the container is regular along it (R17).
    let showsBoth = SplitRules.showsBoth(
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

/// The split style's own rules, in every lane of the general path (one
/// `Double`) and of the kernel (SIMD lanes).
enum SplitRules {
  /// R16 without a fold: a split runs along the longer side; a square area splits its width.
  @inline(__always)
  static func alongWidth<Lanes: KernelLanes>(width: Lanes, height: Lanes) -> Lanes.Mask {
    width.greaterOrEqual(height)
  }

  /// R17: both panes only when the app shows the secondary, the split axis
  /// is allowed and the container is regular along it.
  ///
  /// Note (2114943): shared, against the two spellings it replaced, callgrind
  /// moved the groups by −13 to +10 instructions a solve (peers in place
  /// 511 → 498, split/closed-portrait 651 → 661, peers batch 119.8 → 122.0).
  @inline(__always)
  static func showsBoth<Mask: KernelMask>(showsSecondary: Bool, allowed: Bool, regular: Mask) -> Mask {
    Mask(repeating: showsSecondary && allowed) .& regular
  }
}
