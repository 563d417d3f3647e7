/// A pane's size range along the split axis, resolved to points (R3).
@usableFromInline
struct ResolvedRange {
  var minimum: Double
  /// The preferred size as given, before clamping; `nil` when missing.
  var preferred: Double?
  var maximum: Double

  /// Resolves each bound against the layout area's length `length` (R3, R29).

  init(_ pane: PaneSettings, along axis: Axis, length: Double) {
    let range = pane.range(along: axis)
    let ideal = pane.idealSize.flatMap { Sanitize.bound($0.length(along: axis)) }
    @inline(__always)
    func resolve(_ dimension: Dimension?) -> Double? {
      switch dimension {
      case .absolute(let points)?: return Sanitize.bound(points)
      case .fractional(let fraction)?: return Sanitize.fraction(fraction).map { $0 * length }
      case .intrinsic?: return ideal
      case nil: return nil
      }
    }
    minimum = resolve(range.minimum) ?? 0
    preferred = resolve(range.preferred)
    maximum = resolve(range.maximum) ?? length
    // `splitArrangementFixedLayoutSize()`: preferred = maximum = ideal; the minimum stays.
    if pane.fixedSize, let ideal {
      preferred = ideal
      maximum = ideal
    }
    if maximum < minimum { maximum = minimum }
  }

  func clamped(_ value: Double) -> Double { Swift.min(Swift.max(value, minimum), maximum) }
}

/// The lengths of the two panes along the split axis, with which are shown
/// (R3–R7).
@usableFromInline
struct PaneLengths {
  var primary: Double
  var secondary: Double
  var primaryShown: Bool
  var secondaryShown: Bool

  init(
    primary primarySettings: PaneSettings, secondary secondarySettings: PaneSettings, along axis: Axis, length: Double
  ) {
    let primaryRange = ResolvedRange(primarySettings, along: axis, length: length)
    let secondaryRange = ResolvedRange(secondarySettings, along: axis, length: length)

    // R3: a missing preferred size is what the other pane leaves, or half when neither has one.
    let primaryPreferred: Double
    let secondaryPreferred: Double
    switch (primaryRange.preferred, secondaryRange.preferred) {
    case (let p?, let s?):
      primaryPreferred = primaryRange.clamped(p)
      secondaryPreferred = secondaryRange.clamped(s)
    case (let p?, nil):
      primaryPreferred = primaryRange.clamped(p)
      secondaryPreferred = secondaryRange.clamped(Swift.max(0, length - primaryPreferred))
    case (nil, let s?):
      secondaryPreferred = secondaryRange.clamped(s)
      primaryPreferred = primaryRange.clamped(Swift.max(0, length - secondaryPreferred))
    case (nil, nil):
      primaryPreferred = primaryRange.clamped(length / 2)
      secondaryPreferred = secondaryRange.clamped(length / 2)
    }

    // R4: highest priority first; on a tie the primary goes first.
    let primaryFirst =
      Sanitize.priority(primarySettings.layoutPriority) >= Sanitize.priority(secondarySettings.layoutPriority)
    let (firstRange, secondRange) = primaryFirst ? (primaryRange, secondaryRange) : (secondaryRange, primaryRange)
    let (firstPreferred, secondPreferred) =
      primaryFirst ? (primaryPreferred, secondaryPreferred) : (secondaryPreferred, primaryPreferred)

    var first = Swift.min(firstPreferred, length)
    var second = Swift.min(secondPreferred, length - first)
    var secondShown = true

    if length - first < secondRange.minimum {
      // R5: the first gives back length, down to its own minimum.
      first = Swift.min(first, Swift.max(firstRange.minimum, length - secondRange.minimum))
      if length - first < secondRange.minimum {
        // R6: the second still does not fit; the first takes the whole length.
        secondShown = false
        second = 0
        first = Swift.min(length, firstRange.maximum)
      } else {
        second = Swift.min(secondPreferred, length - first)
      }
    }

    if secondShown {
      // R7: leftover length grows the first pane, then the second, up to their maxima.
      var leftover = length - first - second
      let firstGrowth = Swift.min(Swift.max(0, firstRange.maximum - first), Swift.max(0, leftover))
      first += firstGrowth
      leftover -= firstGrowth
      second += Swift.min(Swift.max(0, secondRange.maximum - second), Swift.max(0, leftover))
    }

    // R6, finally: a pane left with zero length is hidden; the other takes the whole length.
    var firstShown = first > 0
    if second <= 0 { secondShown = false }
    if !firstShown { first = 0 }
    if firstShown && !secondShown {
      first = Swift.min(length, firstRange.maximum)
      second = 0
    } else if !firstShown && secondShown {
      second = Swift.min(length, secondRange.maximum)
    }
    firstShown = first > 0

    if primaryFirst {
      (self.primary, self.secondary) = (first, second)
      (primaryShown, secondaryShown) = (firstShown, secondShown)
    } else {
      (self.primary, self.secondary) = (second, first)
      (primaryShown, secondaryShown) = (secondShown, firstShown)
    }
  }
}
