extension ChangePointDetector {
  /// A drift found in place of steps: a level, a ramp, a level.
  struct Ramp {
    /// The stretch it was fitted to, from the cut before the first step it replaced to the cut after the last.
    var region: Range<Int>
    /// The first and last step it replaced: the ramp begins at or before the first and ends at or after the last.
    var first: Int
    var last: Int
    /// The ramp runs over `start..<end`: from the first point off the level before to the first on the level after.
    var start: Int
    var end: Int
    var fit: PrefixSums.RampFit

    var rises: Bool { fit.after > fit.before }
  }

  /// How many points before the first step it replaces a ramp may begin, and after the last end.
  static let rampReach = 100
  /// The most steps one ramp replaces at first (more join it one by one).
  static let longestStaircase = 10

  /// The ramp over `region` that fits best, of at least ``minimumDriftLength``
  /// points, beginning at most ``rampReach`` points before `first` and ending
  /// at most that after `last`.
  func bestRamp(_ sums: PrefixSums, over region: Range<Int>, first: Int, last: Int) -> Ramp? {
    var best: Ramp?
    for low in max(region.lowerBound, first - Self.rampReach)...first {
      let lowestHigh = max(low + max(1, minimumDriftLength), last - 1)
      let highest = min(region.upperBound - 1, last + Self.rampReach - 1)
      guard lowestHigh <= highest else { continue }
      for high in lowestHigh...highest {
        let fit = sums.ramp(region.lowerBound, region.upperBound, from: low, to: high)
        if best == nil || fit.error < best!.fit.error {
          best = Ramp(region: region, first: first, last: last, start: low + 1, end: high + 1, fit: fit)
        }
      }
    }
    return best
  }

  /// `cuts` less those that ramps explain better, and the ramps.
  ///
  /// Every run of at most ``longestStaircase`` consecutive cuts that move the
  /// same way is tried against the best ramp over the run's segments. A ramp
  /// pays for two cuts (its ends) and at most three: its two ends are placed
  /// more freely than one step, and a staircase of many steps fits noise that
  /// a ramp does not. The ramps that gain most are taken, each with a kept
  /// step between it and the next. Then a step beside a ramp joins it when
  /// the ramp, stretched over it, explains the points better than the step
  /// with its penalty (two ramps on either side of a step join likewise).
  func replacingStaircases(_ cuts: [Int], sums: PrefixSums, penalty: Double) -> (cuts: [Int], ramps: [Ramp]) {
    guard !cuts.isEmpty else { return ([], []) }
    let bounds = [0] + cuts + [sums.count]
    let rises = cuts.indices.map { sums.mean(bounds[$0 + 1], bounds[$0 + 2]) > sums.mean(bounds[$0], bounds[$0 + 1]) }
    var candidates: [(gain: Double, first: Int, last: Int, ramp: Ramp)] = []
    for first in cuts.indices {
      for last in first..<min(cuts.count, first + Self.longestStaircase) {
        guard rises[last] == rises[first] else { break }
        guard let ramp = bestRamp(sums, over: bounds[first]..<bounds[last + 2], first: cuts[first], last: cuts[last])
        else { continue }
        let steps = Double(last - first + 1)
        let stepsError = (first...(last + 1)).reduce(0) { $0 + sums.error(bounds[$1], bounds[$1 + 1]) }
        let gain = stepsError + steps * penalty - ramp.fit.error - min(max(steps, 2), 3) * penalty
        if gain > 0 { candidates.append((gain, first, last, ramp)) }
      }
    }
    // The greatest gain first; on a tie, the earlier run.
    candidates.sort { ($0.gain, $1.first, $1.last) > ($1.gain, $0.first, $0.last) }
    var taken = Set<Int>()
    var ramps: [Ramp] = []
    for candidate in candidates {
      guard ((candidate.first - 1)...(candidate.last + 1)).allSatisfy({ !taken.contains($0) }) else { continue }
      taken.formUnion(candidate.first...candidate.last)
      ramps.append(candidate.ramp)
    }
    var kept = cuts.indices.filter { !taken.contains($0) }.map { cuts[$0] }
    joinSteps(&kept, to: &ramps, sums: sums, penalty: penalty)
    return (kept, ramps.sorted { $0.start < $1.start })
  }

  /// Joins steps beside ramps to them, one at a time from the first, while
  /// one explains the points better that way (a step costs `penalty`, a ramp
  /// twice as much).
  func joinSteps(_ steps: inout [Int], to ramps: inout [Ramp], sums: PrefixSums, penalty: Double) {
    var joined = true
    while joined {
      joined = false
      for (position, step) in steps.enumerated() {
        let left = ramps.firstIndex { $0.region.upperBound == step }
        let right = ramps.firstIndex { $0.region.lowerBound == step }
        // Ramps' regions begin and end at kept steps or the series' ends.
        let before = position > 0 ? steps[position - 1] : 0
        let after = position + 1 < steps.count ? steps[position + 1] : sums.count
        let replacement: Ramp
        let replaced: [Int]
        switch (left, right) {
        case (let left?, let right?):
          let (a, b) = (ramps[left], ramps[right])
          guard a.rises == b.rises,
            let ramp = bestRamp(sums, over: a.region.lowerBound..<b.region.upperBound, first: a.first, last: b.last),
            ramp.fit.error < a.fit.error + b.fit.error + 3 * penalty
          else { continue }
          (replacement, replaced) = (ramp, [left, right])
        case (let left?, nil):
          let a = ramps[left]
          guard let ramp = bestRamp(sums, over: a.region.lowerBound..<after, first: a.first, last: step),
            ramp.rises == a.rises, ramp.fit.error < a.fit.error + sums.error(step, after) + penalty
          else { continue }
          (replacement, replaced) = (ramp, [left])
        case (nil, let right?):
          let b = ramps[right]
          guard let ramp = bestRamp(sums, over: before..<b.region.upperBound, first: step, last: b.last),
            ramp.rises == b.rises, ramp.fit.error < b.fit.error + sums.error(before, step) + penalty
          else { continue }
          (replacement, replaced) = (ramp, [right])
        case (nil, nil):
          continue
        }
        for index in replaced.sorted(by: >) { ramps.remove(at: index) }
        ramps.append(replacement)
        steps.remove(at: position)
        joined = true
        break
      }
    }
  }
}
