/// A pane's size range along the split axis, resolved to points (R3), in
/// every lane of `Lanes` (one `Double` on the general path, SIMD lanes in a
/// plan's table: both run these operations).
@usableFromInline
struct ResolvedRange<Lanes: KernelLanes> {
  var minimum: Lanes
  /// The preferred size as given, before clamping; meaningful when `hasPreferred`.
  var preferred: Lanes
  var maximum: Lanes
  var hasPreferred: Bool

  /// Resolves each bound against the layout area's length `length` (R3).
  @inline(__always)
  init(_ range: LinearRange, length: Lanes) {
    minimum = range.minimumA + range.minimumF * length
    preferred = range.preferredA + range.preferredF * length
    // A maximum below the minimum becomes the minimum.
    maximum = (range.maximumA + range.maximumF * length).larger(minimum)
    hasPreferred = range.hasPreferred
  }

  @inline(__always)
  func clamped(_ value: Lanes) -> Lanes { value.larger(minimum).smaller(maximum) }

  /// A range resolved at one length, as constant terms (a drag's, compiled over its target).
  init(_ resolved: ResolvedRange<Double>) where Lanes == RegimeTerm {
    minimum = RegimeTerm(repeating: resolved.minimum)
    preferred = RegimeTerm(repeating: resolved.preferred)
    maximum = RegimeTerm(repeating: resolved.maximum)
    hasPreferred = resolved.hasPreferred
  }

  /// R3: each pane's preferred length, clamped to its range; a missing one is
  /// what the other pane leaves, or half the length when neither has one.
  ///
  /// Note (94cb55d): `@_transparent`, for both the general path and the kernel: as
  /// `@inline(__always)` the cold solve cost ~8 instructions more and the
  /// kernel's batches ~11 a size (callgrind, peers: 762 → 770, 158 → 169).
  @_transparent
  static func preferredLengths(_ primary: Self, _ secondary: Self, length: Lanes) -> (primary: Lanes, secondary: Lanes)
  {
    let zero = Lanes(repeating: 0)
    let primaryPreferred: Lanes
    let secondaryPreferred: Lanes
    switch (primary.hasPreferred, secondary.hasPreferred) {
    case (true, true):
      primaryPreferred = primary.clamped(primary.preferred)
      secondaryPreferred = secondary.clamped(secondary.preferred)
    case (true, false):
      primaryPreferred = primary.clamped(primary.preferred)
      secondaryPreferred = secondary.clamped(zero.larger(length - primaryPreferred))
    case (false, true):
      secondaryPreferred = secondary.clamped(secondary.preferred)
      primaryPreferred = primary.clamped(zero.larger(length - secondaryPreferred))
    case (false, false):
      primaryPreferred = primary.clamped(length / 2)
      secondaryPreferred = secondary.clamped(length / 2)
    }
    return (primaryPreferred, secondaryPreferred)
  }
}

/// R3–R7 along the split axis: each pane's length and whether it is shown,
/// in every lane of `Lanes`. The one spelling of these rules: the general
/// path runs it on one `Double`, a table whose sizing did not compile on its
/// lanes (and answers only when every lane shows both panes), and a plan's compiler on
/// ``RegimeTerm``s to find where it reduces to one formula (``RegimeTable``).
@usableFromInline
struct PaneLengths<Lanes: KernelLanes> {
  var primary: Lanes
  var secondary: Lanes
  var primaryShown: Lanes.Mask
  var secondaryShown: Lanes.Mask

  /// Sizes the panes whose ranges along the axis are `primary` and
  /// `secondary`, over the layout area's length `length` there.
  @_transparent
  init(primary: ResolvedRange<Lanes>, secondary: ResolvedRange<Lanes>, primaryFirst: Bool, length: Lanes) {
    let (primaryPreferred, secondaryPreferred) = ResolvedRange.preferredLengths(primary, secondary, length: length)

    // R4: highest priority first; on a tie the primary goes first.
    // Note: one branch on the (per-plan constant) order instead of selecting
    // every range and length through it.
    if primaryFirst {
      self = Self.sized(
        first: primary, second: secondary, firstPreferred: primaryPreferred, secondPreferred: secondaryPreferred,
        length: length)
    } else {
      let swapped = Self.sized(
        first: secondary, second: primary, firstPreferred: secondaryPreferred, secondPreferred: primaryPreferred,
        length: length)
      self = PaneLengths(
        primary: swapped.secondary, secondary: swapped.primary, primaryShown: swapped.secondaryShown,
        secondaryShown: swapped.primaryShown)
    }
  }

  @inline(__always)
  init(primary: Lanes, secondary: Lanes, primaryShown: Lanes.Mask, secondaryShown: Lanes.Mask) {
    self.primary = primary
    self.secondary = secondary
    self.primaryShown = primaryShown
    self.secondaryShown = secondaryShown
  }

  /// R4, R5: the first pane's length, having given back length (down to
  /// its own minimum) where the second's minimum does not fit beside it, and
  /// where that minimum then fits (R6 hides the second elsewhere).
  ///
  /// Note (6d554ac): each step runs only where some lane needs it (for one
  /// `Double`, a branch); with every step computed and selected, the cold
  /// split groups cost ~10 instructions a solve more and peers in place 27.
  @_transparent
  static func givenBack(
    _ firstPreferred: Lanes, first firstRange: ResolvedRange<Lanes>, second secondRange: ResolvedRange<Lanes>,
    length: Lanes
  ) -> (first: Lanes, fits: Lanes.Mask) {
    var first = firstPreferred.smaller(length)
    let short = (length - first).less(secondRange.minimum)
    if short.any {
      first.replace(with: first.smaller(firstRange.minimum.larger(length - secondRange.minimum)), where: short)
    }
    return (first, .!(length - first).less(secondRange.minimum))
  }

  /// R5–R7 for the pane sized first and the other; answers in that order
  /// (`primary` is the first).
  @_transparent
  static func sized(
    first firstRange: ResolvedRange<Lanes>, second secondRange: ResolvedRange<Lanes>, firstPreferred: Lanes,
    secondPreferred: Lanes, length: Lanes
  ) -> PaneLengths {
    let zero = Lanes(repeating: 0)
    var (first, fits) = givenBack(firstPreferred, first: firstRange, second: secondRange, length: length)
    var second = secondPreferred.smaller(length - first)

    // R7: leftover length grows the first pane, then the second, up to their maxima.
    var leftover = length - first - second
    if leftover.greater(zero).any {
      let firstGrowth = zero.larger(firstRange.maximum - first).smaller(zero.larger(leftover))
      leftover = leftover - firstGrowth
      let secondGrowth = zero.larger(secondRange.maximum - second).smaller(zero.larger(leftover))
      first = first + firstGrowth
      second = second + secondGrowth
    }

    // R6: where the second's minimum still does not fit, the first takes the whole length.
    if !fits.all {
      first = length.smaller(firstRange.maximum).replacing(with: first, where: fits)
      second = zero.replacing(with: second, where: fits)
    }

    // R6, finally: a pane left with zero length is hidden; the other takes the whole length.
    let firstShown = first.greater(zero)
    let secondShown = second.greater(zero)
    guard !(firstShown .& secondShown).all else {
      return PaneLengths(primary: first, secondary: second, primaryShown: firstShown, secondaryShown: secondShown)
    }
    first.replace(with: zero, where: .!firstShown)
    let firstAlone = firstShown .& .!secondShown
    first.replace(with: length.smaller(firstRange.maximum), where: firstAlone)
    second.replace(with: zero, where: firstAlone)
    second.replace(with: length.smaller(secondRange.maximum), where: .!firstShown .& secondShown)
    return PaneLengths(
      primary: first, secondary: second, primaryShown: first.greater(zero), secondaryShown: secondShown)
  }
}

extension PaneLengths where Lanes == Double {
  /// The general path's lengths along `axis`, with the plan's or scene's ranges there.
  @_transparent
  init<Configuration: ArrangementConfiguration>(_ plan: Configuration, along axis: Axis, length: Double) {
    let ranges = plan.resolvedRanges(along: axis, length: length)
    self.init(primary: ranges.primary, secondary: ranges.secondary, primaryFirst: plan.primaryFirst, length: length)
  }
}

extension ResolvedRange: Sendable where Lanes: Sendable {}
