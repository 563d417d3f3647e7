extension ArrangementConfiguration {
  /// The split style (RULES.md §4).
  @_transparent
  func splitArrangement(context: SolveContext, fold: Fold?) -> Solution {
    // 1, 2. The decision: the split axis, and whether both panes show (R16, R17).
    let (axis, showsBoth) = splitDecision(context: context, fold: fold)
    let area = context.area

    // Apple's rules alone (a scene without the third generation's fields,
    // read as constants): steps 3–5 without R30, R31 and R33.
    // Note (901d3c5): a branch on the configuration's type, not on its settings: with
    // the third generation's steps folded away only through their settings,
    // cold solves of Apple's scenes cost ~68 instructions more (callgrind,
    // overlay/flat 356 → 424), though none of those steps ran.
    guard Self.thirdGeneration else {
      if let fold {
        return context.besideFold(fold, primaryLeading: true, secondaryShown: showsBoth, splits: true).solution
      }
      guard showsBoth else { return context.overArea(secondaryShown: false, stacked: false).solution }
      return PaneLengths(self, along: axis, length: area.length(along: axis)).solution(along: axis, in: context)
    }

    // 3. A fold decides everything: each pane is one side of it (R18), or a
    //    lone primary keeps to the primary side (R19). Sizing is ignored; a
    //    secondary R17 hides may still float over the primary (R33).
    if let fold {
      let answer = context.besideFold(fold, primaryLeading: true, secondaryShown: showsBoth, splits: true).solution
      guard !showsBoth && secondaryAdapt == .levitate else { return answer }
      return levitating(hidden: answer, lone: answer, context: context)
    }

    // 4. Without a fold, a lone primary takes the whole layout area (R17, R19,
    //    R20), unless the secondary adapts (R33).
    guard showsBoth else {
      let lone = context.overArea(secondaryShown: false, stacked: false).solution
      guard secondaryAdapt != .hide else { return lone }
      return adapting(lone, axis: axis, context: context)
    }

    // 5. Size the panes along the axis (R3–R7, R30, R31), then place them
    //    primary first, snapping edges to the pixel grid (R8, R9); size
    //    classes and the split axis follow from what is shown (R20, R21). A
    //    secondary sizing hides may adapt (R33).
    let answer = sizedSplit(along: axis, context: context)
    guard secondaryAdapt != .hide && !answer.secondary.visible else { return answer }
    return adapting(answer, axis: axis, context: context)
  }

  /// The split's decision step, written once for every path (the cold
  /// solve, the plan's general path and ``DividerDrag``): the split axis,
  /// across the fold, else along the longer side (R16); both panes only if
  /// the app shows the secondary, the axis is allowed and the container is
  /// regular along it (R17). A plan's table takes the same two rules
  /// (``SplitRules``), once per outcome and in its lanes.
  @_transparent
  func splitDecision(context: SolveContext, fold: Fold?) -> (axis: Axis, showsBoth: Bool) {
    let area = context.area
    let axis =
      fold?.splitAxis ?? (SplitRules.alongWidth(width: area.width, height: area.height) ? .horizontal : .vertical)
    let showsBoth = SplitRules.showsBoth(
      showsSecondary: showsSecondary, allowed: allowedAxes.allows(axis), regular: context.classes[axis] == .regular)
    return (axis, showsBoth)
  }

  /// Sizing and placement along `axis` (R3–R9), with the gap (R30) and the
  /// divider (R31) when the scene has them.
  @_transparent
  func sizedSplit(along axis: Axis, context: SolveContext) -> Solution {
    guard splitSpacing > 0 || hasDivider else {
      return PaneLengths(self, along: axis, length: context.area.length(along: axis)).solution(
        along: axis, in: context)
    }
    return dividedSplit(along: axis, context: context)
  }

  /// R30, R31: sizing over the length the panes share, `L' = max(0, L −
  /// spacing)`, with the divider's position as both preferred lengths; a
  /// pane left alone takes what R6 gives it over the whole length, with no gap.
  @inline(never)
  func dividedSplit(along axis: Axis, context: SolveContext) -> Solution {
    let length = context.area.length(along: axis)
    let spacing = splitSpacing
    let shared = SplitRules.sharedLength(length, spacing: spacing)
    let (primary, secondary) = resolvedRanges(along: axis, length: shared)
    let target = dividerSettings.map {
      DividerRules.target($0, shared: shared, axis: axis, spacing: spacing, context: context, self)
    }
    return PaneLengths.placed(
      primary, secondary, primaryFirst: primaryFirst, shared: shared, spacing: spacing, divider: target, axis: axis,
      context: context
    ) { aloneLengths(along: axis, length: length) }
  }

  /// R30: what a pane left alone takes, its maximum over the whole `L`, at most `L`.
  @inline(__always)
  func aloneLengths(along axis: Axis, length: Double) -> (primary: Double, secondary: Double) {
    let whole = resolvedRanges(along: axis, length: length)
    return (smaller(length, whole.primary.maximum), smaller(length, whole.secondary.maximum))
  }
}

/// The split style's own rules, in every lane of the general path (one
/// `Double`) and of a plan's table (SIMD lanes).
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

  /// R30: the length the panes share, `L' = max(0, L − spacing)`, in every
  /// lane (the general path, the drag and the kernel).
  @inline(__always)
  static func sharedLength<Lanes: KernelLanes>(_ length: Lanes, spacing: Double) -> Lanes {
    Lanes(repeating: 0).larger(length - Lanes(repeating: spacing))
  }
}

extension PaneLengths where Lanes == Double {
  /// The size-and-place step of a split with a gap or a divider, written once
  /// for the cold solve and ``DividerDrag``: the panes' ranges over `L'`
  /// with the divider's target (where there is one) as both preferred
  /// lengths (R3–R7, R31), a pane left alone taking `alone()` (R30 with R6),
  /// then placement with the gap (R8, R9, R30).
  @inline(__always)
  static func placed(
    _ primary: ResolvedRange<Double>, _ secondary: ResolvedRange<Double>, primaryFirst: Bool, shared: Double,
    spacing: Double, divider target: (position: Double, code: UInt8)?, axis: Axis, context: SolveContext,
    alone: () -> (primary: Double, secondary: Double)
  ) -> Solution {
    var (primary, secondary) = (primary, secondary)
    if let target {
      (primary, secondary) = ResolvedRange.aimed(primary, secondary, at: target.position, shared: shared)
    }
    var lengths = PaneLengths(primary: primary, secondary: secondary, primaryFirst: primaryFirst, length: shared)
    if spacing > 0 && !(lengths.primaryShown && lengths.secondaryShown) {
      lengths.leaveAlone(primary, secondary, primaryFirst: primaryFirst, shared: shared, alone: alone)
    }
    return lengths.solution(along: axis, in: context, gap: spacing, divider: target?.code ?? 0)
  }
}

extension ResolvedRange {
  /// R31: the divider's target as both panes' preferred lengths, the
  /// primary's from the placement origin and the secondary's the rest of `L'`
  /// (one position on the general path; an interval of them, as a
  /// ``RegimeTerm``, where a drag compiles its pieces).
  @inline(__always)
  static func aimed(_ primary: Self, _ secondary: Self, at position: Lanes, shared: Lanes) -> (Self, Self) {
    var (primary, secondary) = (primary, secondary)
    (primary.preferred, primary.hasPreferred) = (position, true)
    (secondary.preferred, secondary.hasPreferred) = (shared - position, true)
    return (primary, secondary)
  }
}

extension PaneLengths where Lanes == Double {
  /// R30 with R6: a pane that sizing over `L'` leaves alone, because the
  /// other's minimum does not fit beside it or the other has no length,
  /// takes `alone()`'s length for it (its maximum over the whole `L`, at most
  /// `L`), with no gap, even where `L'` left it none. Where sizing left
  /// neither pane any length (a spacing of at least `L`, so `L' = 0`), R6
  /// hides the second in priority order and the first is the one alone
  /// (SPEC §9): neither is hidden for want of length that the gap took.
  @inline(__always)
  mutating func leaveAlone(
    _ primary: ResolvedRange<Double>, _ secondary: ResolvedRange<Double>, primaryFirst: Bool, shared: Double,
    alone: () -> (primary: Double, secondary: Double)
  ) {
    let preferred = ResolvedRange.preferredLengths(primary, secondary, length: shared)
    let secondFits =
      primaryFirst
      ? Self.givenBack(preferred.primary, first: primary, second: secondary, length: shared).fits
      : Self.givenBack(preferred.secondary, first: secondary, second: primary, length: shared).fits
    // One pane shown and the other's minimum fitting: the shown one is alone;
    // otherwise (R6 proper, or neither shown) the pane sized first.
    let oneShown = secondFits && (primaryShown || secondaryShown)
    let primaryAlone = oneShown ? primaryShown && !secondaryShown : primaryFirst
    let secondaryAlone = oneShown ? secondaryShown && !primaryShown : !primaryFirst
    guard primaryAlone || secondaryAlone else { return }
    let lengths = alone()
    self.primary = primaryAlone ? lengths.primary : 0
    self.secondary = secondaryAlone ? lengths.secondary : 0
    primaryShown = self.primary > 0
    secondaryShown = self.secondary > 0
  }
}
