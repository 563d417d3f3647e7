/// A pane's size range along the split axis, resolved to points (R3), in
/// every lane of `Lanes` (one `Double` on the general path, SIMD lanes in the
/// regime kernel: both run these operations).
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

  /// R3: each pane's preferred length, clamped to its range; a missing one is
  /// what the other pane leaves, or half the length when neither has one.
  ///
  /// Note: `@_transparent`, for both the general path and the kernel: as
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

@usableFromInline
struct PaneLengths {
  var primary: Double
  var secondary: Double
  var primaryShown: Bool
  var secondaryShown: Bool

  @_transparent
  init<Configuration: ArrangementConfiguration>(_ plan: Configuration, along axis: Axis, length: Double) {
    let ranges = plan.resolvedRanges(along: axis, length: length)
    let primaryRange = ranges.primary
    let secondaryRange = ranges.secondary

    let (primaryPreferred, secondaryPreferred) = ResolvedRange.preferredLengths(
      primaryRange, secondaryRange, length: length)

    // R4: highest priority first; on a tie the primary goes first.
    // Note: one branch on the (per-plan constant) order instead of selecting
    // every range and length through it.
    if plan.primaryFirst {
      self = Self.sized(
        first: primaryRange, second: secondaryRange, firstPreferred: primaryPreferred,
        secondPreferred: secondaryPreferred, length: length)
    } else {
      let swapped = Self.sized(
        first: secondaryRange, second: primaryRange, firstPreferred: secondaryPreferred,
        secondPreferred: primaryPreferred, length: length)
      self = PaneLengths(
        primary: swapped.secondary, secondary: swapped.primary, primaryShown: swapped.secondaryShown,
        secondaryShown: swapped.primaryShown)
    }
  }

  @inline(__always)
  init(primary: Double, secondary: Double, primaryShown: Bool, secondaryShown: Bool) {
    self.primary = primary
    self.secondary = secondary
    self.primaryShown = primaryShown
    self.secondaryShown = secondaryShown
  }

  /// R4–R7 for the pane sized first and the other; answers in that order.
  @inline(__always)
  static func sized(
    first firstRange: ResolvedRange<Double>, second secondRange: ResolvedRange<Double>, firstPreferred: Double,
    secondPreferred: Double, length: Double
  ) -> PaneLengths {
    var first = smaller(firstPreferred, length)
    var second = smaller(secondPreferred, length - first)
    var secondShown = true

    if length - first < secondRange.minimum {
      // R5: the first gives back length, down to its own minimum.
      first = smaller(first, larger(firstRange.minimum, length - secondRange.minimum))
      if length - first < secondRange.minimum {
        // R6: the second still does not fit; the first takes the whole length.
        secondShown = false
        second = 0
        first = smaller(length, firstRange.maximum)
      } else {
        second = smaller(secondPreferred, length - first)
      }
    }

    if secondShown {
      // R7: leftover length grows the first pane, then the second, up to their maxima.
      var leftover = length - first - second
      let firstGrowth = smaller(larger(0, firstRange.maximum - first), larger(0, leftover))
      first += firstGrowth
      leftover -= firstGrowth
      second += smaller(larger(0, secondRange.maximum - second), larger(0, leftover))
    }

    // R6, finally: a pane left with zero length is hidden; the other takes the whole length.
    var firstShown = first > 0
    if second <= 0 { secondShown = false }
    if !firstShown { first = 0 }
    if firstShown && !secondShown {
      first = smaller(length, firstRange.maximum)
      second = 0
    } else if !firstShown && secondShown {
      second = smaller(length, secondRange.maximum)
    }
    firstShown = first > 0
    return PaneLengths(primary: first, secondary: second, primaryShown: firstShown, secondaryShown: secondShown)
  }
}
