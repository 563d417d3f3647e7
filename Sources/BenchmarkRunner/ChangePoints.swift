import Foundation

/// Change points in a series of measurements taken in commit order (a
/// group's median time per commit): steps, where the level moves at one
/// commit, and drifts, where it moves gradually over several.
///
/// 1. **Scale.** Positive values are compared as logarithms, so that a step
///    is the same size relative to its level whatever the level. The noise σ
///    comes from the differences of neighbours (their median absolute
///    deviation, divided by √2): a step moves one difference and an outlier
///    two, so neither moves the estimate. It is at least 0.1 %.
/// 2. **Outliers.** A point more than 3σ from the median of the seven around
///    it (the first or last seven at the ends) takes that median: a run
///    disturbed by a neighbour (one point 30 % slower) is not a level, nor
///    are two or three such runs in a row.
/// 3. **Steps.** The series is cut into segments of at least
///    ``minimumSegment`` points, each at its mean, so that the squared error
///    plus ``penalty``·σ²·ln n per cut is least (optimal partitioning,
///    exact). A step is kept when it explains more than its penalty: the
///    longer the history and the shorter the step's sides, the more it must
///    stand out of the noise.
/// 4. **Drifts.** Cuts in a row that all move the same way are a staircase
///    that a ramp may explain better: a level, a straight line over at least
///    ``minimumDriftLength`` commits, a level. Where the ramp's error and
///    penalty (that of two cuts, its ends, or of three when it replaces more)
///    are less than the steps' error and penalties, the ramp replaces them and
///    is reported as a drift; a step beside it joins it on the same terms.
/// 5. **Size.** A step of less than ``minimumRelativeChange`` between the
///    means of its sides is dropped, the smallest first, its sides joined.
/// 6. **Place.** Each step moves, within three commits (and half a segment
///    from its neighbours), to where the levels of its sides fit the points
///    as measured best, each point's error capped at 3σ: an outlier beside a
///    step costs the same on either side and does not pull the step to itself.
///
/// On generated histories with known steps, noise and outliers, how well this
/// finds steps beside other detectors is in docs/BENCHMARKS.md, "How well
/// changes are found"; `ChangePointQualityTests` guards it.
public struct ChangePointDetector: Sendable {
  /// What a cut costs, in units of σ²·ln n (n points in the series): with
  /// 3, a step between two sides of 20 points in a history of 100 is kept
  /// from about 1.2σ.
  public var penalty = 3.0
  /// Each side of a step (and each level beside a drift) holds at least this many points.
  public var minimumSegment = 5
  /// Changes smaller than this relative step are not reported (a real but negligible shift).
  public var minimumRelativeChange = 0.02
  /// A drift's ramp spans at least this many commits; a faster change is a step.
  public var minimumDriftLength = 6

  public init() {}

  /// What the detector found at one place.
  public struct Change: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Codable {
      case step
      /// A gradual change: a ramp between two levels explains the points better than steps.
      case drift
    }

    public var kind: Kind
    /// The index of the first point after the change (for a drift, the first point on its ramp).
    public var index: Int
    /// For a drift, the index after its ramp's last point.
    public var end: Int
    /// Medians before and after (for a drift: the fitted levels before and after its ramp).
    public var before: Double
    public var after: Double
    /// The two-sided p-value of the difference of the levels against the
    /// noise (a z-test with the series' σ). The place was chosen as the one
    /// that fits best, so the value is smaller than for a place fixed in
    /// advance: the penalty, not this value, decides what is reported.
    public var pValue: Double
  }

  /// The steps and drifts in `values` (in commit order), sorted by index.
  public func changes(in values: [Double]) -> [Change] {
    let count = values.count
    let minimumSegment = max(1, self.minimumSegment)
    guard count >= 2 * minimumSegment, values.allSatisfy(\.isFinite) else { return [] }
    let scale = Scale(values)
    let measured = values.map(scale.level)
    let noise = Self.noise(measured)
    let sums = PrefixSums(Self.withoutOutliers(measured, noise: noise))
    let cutPenalty = penalty * noise * noise * log(Double(count))
    let cuts = sums.optimalCuts(minimumSegment: minimumSegment, penalty: cutPenalty)
    let (kept, ramps) = replacingStaircases(cuts, sums: sums, penalty: cutPenalty)
    // The places between which a step's sides lie: other steps, the ends of ramps and of the series.
    func bounds(_ steps: [Int]) -> [Int] {
      Array(Set([0, count] + steps + ramps.flatMap { [$0.start, $0.end] })).sorted()
    }

    // Steps too small to report, the smallest first: the sides of the others change as they go.
    var steps = kept
    while true {
      let places = bounds(steps)
      var smallest: (step: Int, size: Double)?
      for step in steps {
        let place = places.firstIndex(of: step)!
        let (low, high) = (sums.mean(places[place - 1], step), sums.mean(step, places[place + 1]))
        guard scale.relativeChange(low, high) < minimumRelativeChange else { continue }
        if smallest == nil || abs(high - low) < smallest!.size { smallest = (step, abs(high - low)) }
      }
      guard let smallest else { break }
      steps.removeAll { $0 == smallest.step }
    }

    // Each step's place, from the first. It keeps half a segment from its
    // neighbours, placed or not: outliers cost the same on either side and
    // would otherwise let two steps meet around them.
    let places = bounds(steps)
    let margin = (minimumSegment + 1) / 2
    var placed: [Int] = []
    for step in steps {
      let place = places.firstIndex(of: step)!
      let levels = (sums.mean(places[place - 1], step), sums.mean(step, places[place + 1]))
      let lowest = max(places[place - 1], placed.last ?? 0) + margin
      placed.append(
        Self.place(step, in: measured, between: lowest, and: places[place + 1] - margin, levels: levels, noise: noise))
    }

    var found: [Change] = []
    let sides = bounds(placed)
    for step in placed {
      let place = sides.firstIndex(of: step)!
      let (start, end) = (sides[place - 1], sides[place + 1])
      let difference = sums.mean(step, end) - sums.mean(start, step)
      let error = noise * (1 / Double(step - start) + 1 / Double(end - step)).squareRoot()
      found.append(
        Change(
          kind: .step, index: step, end: step, before: Statistics.median(Array(values[start..<step])),
          after: Statistics.median(Array(values[step..<end])),
          pValue: 2 * Statistics.normalTail(abs(difference) / error)
        ))
    }
    for ramp in ramps where scale.relativeChange(ramp.fit.before, ramp.fit.after) >= minimumRelativeChange {
      found.append(
        Change(
          kind: .drift, index: ramp.start, end: ramp.end, before: scale.value(ramp.fit.before),
          after: scale.value(ramp.fit.after), pValue: 2 * Statistics.normalTail(ramp.fit.z(noise: noise))))
    }
    return found.sorted { $0.index < $1.index }
  }

  /// The noise of `values`: the median absolute deviation of neighbours'
  /// differences, as a normal σ (×1.4826), for one point (÷√2); at least
  /// 0.001. Where more than half the differences are (nearly) equal, as in
  /// values that repeat, that is near zero: then the mean absolute deviation
  /// (as a normal σ, ×1.2533), if it is ten times more.
  static func noise(_ values: [Double]) -> Double {
    let differences = zip(values.dropFirst(), values).map { $0 - $1 }
    guard !differences.isEmpty else { return 0.001 }
    let centre = Statistics.median(differences)
    let deviations = differences.map { abs($0 - centre) }
    let median = 1.4826 * Statistics.median(deviations)
    let mean = 1.2533 * deviations.reduce(0, +) / Double(deviations.count)
    return max((median < 0.1 * mean ? mean : median) / 2.0.squareRoot(), 0.001)
  }

  /// `values` with each point more than 3σ from the median of the seven
  /// around it (the first or last seven near the ends) replaced by that median.
  static func withoutOutliers(_ values: [Double], noise: Double) -> [Double] {
    values.indices.map { index in
      let start = max(0, min(index - 3, values.count - 7))
      let window = values[start..<min(values.count, start + 7)]
      let median = Statistics.median(Array(window))
      return abs(values[index] - median) > 3 * noise ? median : values[index]
    }
  }

  /// The place in `lowest...highest`, within three of `step`, where `levels`
  /// (before, after) fit `values` best, each point's squared error capped at
  /// (3σ)²; the nearest to `step` on a tie (`step` itself when there is no room).
  static func place(
    _ step: Int, in values: [Double], between lowest: Int, and highest: Int, levels: (Double, Double), noise: Double
  ) -> Int {
    let low = max(lowest, step - 3)
    let high = min(highest, step + 3)
    guard low < high else { return step }
    let cap = 9 * noise * noise
    func error(_ index: Int, _ level: Double) -> Double { min((values[index] - level) * (values[index] - level), cap) }
    // Point `low - 1` is before every candidate and `high` after: only the points between change sides.
    var best: (place: Int, error: Double)?
    for candidate in low...high {
      var total = 0.0
      for index in (low - 1)..<candidate { total += error(index, levels.0) }
      for index in candidate...high { total += error(index, levels.1) }
      let tolerance = 1e-12 * max(total, best?.error ?? 0)
      if let current = best {
        if total < current.error - tolerance
          || (abs(total - current.error) <= tolerance && abs(candidate - step) < abs(current.place - step))
        {
          best = (candidate, total)
        }
      } else {
        best = (candidate, total)
      }
    }
    return best!.place
  }

  /// Changes in an exact metric (instruction or allocation counts): every
  /// difference between neighbours of at least `tolerance`, at the point where
  /// it appears, unless the count returns to a value it had within the last
  /// `memory` points. Builds of unchanged code can alternate between two counts
  /// (the binary's layout changes which path `memcpy` takes): measured on this
  /// project's history, `regions/query` went 813, 825, 825, 813, 825, 813 over
  /// six commits that did not touch it. The first move to a new value is
  /// reported; going back and forth between known ones is not.
  public static func exactChanges(in values: [Double], tolerance: Double, memory: Int = 10) -> [Change] {
    guard values.count > 1 else { return [] }
    return (1..<values.count).compactMap { index in
      guard abs(values[index] - values[index - 1]) >= tolerance else { return nil }
      let recent = values[max(0, index - memory)..<index]
      guard !recent.contains(where: { abs($0 - values[index]) < tolerance }) else { return nil }
      return Change(kind: .step, index: index, end: index, before: values[index - 1], after: values[index], pValue: 0)
    }
  }
}

/// How a series' values become levels to fit: logarithms when all are
/// positive (a step is then relative), else shares of their median
/// magnitude; less the median level, so that sums of squares stay exact.
struct Scale {
  let logarithmic: Bool
  let unit: Double
  let centre: Double

  init(_ values: [Double]) {
    logarithmic = values.allSatisfy { $0 > 0 }
    if logarithmic {
      unit = 1
      centre = Statistics.median(values.map { Foundation.log($0) })
    } else {
      let magnitude = Statistics.median(values.map(abs))
      unit = magnitude > 0 ? magnitude : 1
      centre = Statistics.median(values) / unit
    }
  }

  func level(_ value: Double) -> Double { logarithmic ? Foundation.log(value) - centre : value / unit - centre }

  func value(_ level: Double) -> Double { logarithmic ? exp(level + centre) : (level + centre) * unit }

  /// The size of a change between two levels: relative to the level before
  /// it, or for values not all positive (whose levels may be near zero),
  /// relative to their median magnitude.
  func relativeChange(_ before: Double, _ after: Double) -> Double {
    logarithmic ? abs(expm1(after - before)) : abs(after - before)
  }
}
