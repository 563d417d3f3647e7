/// A pane's size range along the split axis, resolved to points (R3).
@usableFromInline
struct ResolvedRange {
  var minimum: Double
  /// The preferred size as given, before clamping; meaningful when `hasPreferred`.
  var preferred: Double
  var hasPreferred: Bool
  var maximum: Double

  /// Resolves each bound against the layout area's length `length` (R3).
  @inline(__always)
  init(_ range: LinearRange, length: Double) {
    minimum = range.minimumA + range.minimumF * length
    preferred = range.preferredA + range.preferredF * length
    hasPreferred = range.hasPreferred
    // A maximum below the minimum becomes the minimum.
    maximum = larger(range.maximumA + range.maximumF * length, minimum)
  }

  @inline(__always)
  func clamped(_ value: Double) -> Double { smaller(larger(value, minimum), maximum) }
}

/// The lengths of the two panes along the split axis, with which are shown
/// (R3–R7).
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

    // R3: a missing preferred size is what the other pane leaves, or half when neither has one.
    let primaryPreferred: Double
    let secondaryPreferred: Double
    switch (primaryRange.hasPreferred, secondaryRange.hasPreferred) {
    case (true, true):
      primaryPreferred = primaryRange.clamped(primaryRange.preferred)
      secondaryPreferred = secondaryRange.clamped(secondaryRange.preferred)
    case (true, false):
      primaryPreferred = primaryRange.clamped(primaryRange.preferred)
      secondaryPreferred = secondaryRange.clamped(larger(0, length - primaryPreferred))
    case (false, true):
      secondaryPreferred = secondaryRange.clamped(secondaryRange.preferred)
      primaryPreferred = primaryRange.clamped(larger(0, length - secondaryPreferred))
    case (false, false):
      primaryPreferred = primaryRange.clamped(length / 2)
      secondaryPreferred = secondaryRange.clamped(length / 2)
    }

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
    first firstRange: ResolvedRange, second secondRange: ResolvedRange, firstPreferred: Double,
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
