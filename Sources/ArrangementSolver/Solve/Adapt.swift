extension ArrangementConfiguration {
  /// R33: the split of `hidden`, whose secondary was hidden for lack of
  /// room along `axis` with no fold applying, adapted by the secondary's
  /// strategy; `hidden` itself (with `adapted` null) where it cannot be.
  @inline(never)
  func adapting(_ hidden: Solution, axis: Axis, context: SolveContext) -> Solution {
    switch secondaryAdapt {
    case .hide:
      return hidden
    case .reflow:
      // Solved again along the other axis, as if R16 had chosen it.
      let other = axis.cross
      guard
        SplitRules.showsBoth(
          showsSecondary: true, allowed: allowedAxes.allows(other), regular: context.classes[other] == .regular)
      else { return hidden }
      var answer = sizedSplit(along: other, context: context)
      guard answer.primary.visible && answer.secondary.visible else { return hidden }
      answer.adapted = .reflowed
      return answer
    case .levitate:
      return levitating(
        hidden: hidden, lone: context.overArea(secondaryShown: false, stacked: false).solution, context: context)
    }
  }

  /// R33's `levitate`: `lone` (the primary as if the secondary were not
  /// visible) with the secondary floating over the primary's frame, placed
  /// and sized as R38 says (centred at its preferred size by default);
  /// `hidden` where the secondary would have no length along an axis.
  @inline(never)
  func levitating(hidden: Solution, lone: Solution, context: SolveContext) -> Solution {
    let frame = lone.primary.frame
    let alignment = levitateAlignment
    @inline(__always) func edges(along axis: Axis) -> (low: Double, high: Double) {
      let start = frame.start(along: axis)
      let length = frame.length(along: axis)
      let range = ResolvedRange(secondaryRange(along: axis), length: length)
      let size = smaller(range.clamped(range.hasPreferred ? range.preferred : length / 2), length)
      let side =
        alignment == .center ? .centre : LevitateRules.side(alignment, along: axis, rightToLeft: context.isRightToLeft)
      var (low, high) = LevitateRules.edges(start: start, length: length, size: size, side: side)
      if context.scale > 0 {
        let origin = context.origin(along: axis)
        let end = start + length
        low = smaller(larger(PixelRounding.snapped(low, origin: origin, scale: context.scale), start), end)
        high = larger(
          smaller(larger(PixelRounding.snapped(high, origin: origin, scale: context.scale), start), end), low)
      }
      return (low, high)
    }
    let horizontal = edges(along: .horizontal)
    let vertical = edges(along: .vertical)
    guard horizontal.high > horizontal.low && vertical.high > vertical.low else { return hidden }
    var answer = lone
    answer.secondary = PaneLayout(
      visible: true,
      frame: Rect(
        x: horizontal.low, y: vertical.low, width: horizontal.high - horizontal.low,
        height: vertical.high - vertical.low),
      zIndex: 1, sizeClass: SizeClasses(horizontal: .compact, vertical: .compact))
    answer.adapted = .levitated
    return answer
  }
}
