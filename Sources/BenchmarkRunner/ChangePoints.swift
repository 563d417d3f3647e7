import Foundation

/// Change points in a series of measurements taken in commit order, by
/// E-Divisive means (Matteson and James 2014; the method MongoDB runs on its
/// CI performance data and the Hunter tool implements): the split that best
/// separates the series into two distributions (by the energy distance, with
/// exponent 1) is tested against the same statistic on shuffled series, and
/// kept if fewer than `significance` of the shuffles do as well; then each
/// side is searched again. The statistic is computed on ranks, not values:
/// one run disturbed by a neighbour (50 % slower) otherwise outweighs a 5 %
/// step in every distance. A split that a straight line explains as well as
/// a step (both fitted robustly) is a drift, reported as such rather than as
/// a step at an arbitrary commit.
public struct ChangePointDetector: Sendable {
  /// The largest share of shuffles allowed to separate the series as well as
  /// the split does. 0.001, not 0.01: a suite of 27 groups tests hundreds of
  /// series, and at 0.01 pure noise gave 9 false changes in 1,080 series.
  public var significance = 0.001
  /// Shuffles per test (fewer when the outcome is already certain).
  public var permutations = 999
  /// Each side of a split holds at least this many points.
  public var minimumSegment = 5
  /// Changes smaller than this relative step are not reported (a real but negligible shift).
  public var minimumRelativeChange = 0.02
  public var seed: UInt64 = 1

  public init() {}

  /// What the detector found at one split.
  public struct Change: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Codable {
      case step
      /// A gradual change over the segment: a line fits as well as any step.
      case drift
    }

    public var kind: Kind
    /// The index of the first point after the change (for a drift, its segment's first point).
    public var index: Int
    /// For a drift, the index after its segment's last point.
    public var end: Int
    /// Medians before and after (for a drift: the fitted line's values at its ends).
    public var before: Double
    public var after: Double
    /// The share of shuffles that separated the series as well (a permutation p-value).
    public var pValue: Double
  }

  /// The changes in `values` (in order), sorted by index.
  public func changes(in values: [Double]) -> [Change] {
    var generator = SplitMix64(seed: seed)
    let ranks = Self.ranks(values)
    var cuts = [0, values.count]
    // Segments found to be drifts are not split further: their parts would be drifts or noise.
    var drifting = Set<Int>()
    var found: [Change] = []
    // Hierarchical: the best split over all current segments, tested; stop at the first that fails.
    while true {
      var best: (segment: Int, index: Int, statistic: Double)?
      for segment in 0..<(cuts.count - 1) where !drifting.contains(cuts[segment]) {
        let slice = Array(ranks[cuts[segment]..<cuts[segment + 1]])
        guard let split = Self.bestSplit(slice, minimumSegment: minimumSegment) else { continue }
        if best == nil || split.statistic > best!.statistic {
          best = (segment, cuts[segment] + split.index, split.statistic)
        }
      }
      guard let best else { break }
      let (start, end) = (cuts[best.segment], cuts[best.segment + 1])
      let p = pValue(Array(ranks[start..<end]), observed: best.statistic, generator: &generator)
      let slice = Array(values[start..<end])
      guard p <= significance else { break }
      if Self.isDrift(slice, split: best.index - start) {
        drifting.insert(start)
        let (intercept, slope) = Self.line(slice)
        let (first, last) = (intercept, intercept + slope * Double(slice.count - 1))
        if abs(last - first) >= minimumRelativeChange * abs(first) {
          found.append(Change(kind: .drift, index: start, end: end, before: first, after: last, pValue: p))
        }
        continue
      }
      // The energy statistic finds the change; its exact commit is where a step fits best.
      let at = start + Self.refine(slice, near: best.index - start, minimumSegment: minimumSegment)
      cuts.insert(at, at: best.segment + 1)
      let before = Statistics.median(Array(values[start..<at]))
      let after = Statistics.median(Array(values[at..<end]))
      guard abs(after - before) >= minimumRelativeChange * abs(before) else { continue }
      found.append(Change(kind: .step, index: at, end: at, before: before, after: after, pValue: p))
    }
    return found.sorted { $0.index < $1.index }
  }

  /// The split of `values` with the largest E-Divisive statistic
  /// `q(τ) = τ(n−τ)/n · (2·mean|X−Y| − mean|X−X′| − mean|Y−Y′|)`.
  static func bestSplit(_ values: [Double], minimumSegment: Int) -> (index: Int, statistic: Double)? {
    let n = values.count
    guard n >= 2 * minimumSegment else { return nil }
    // Prefix sums of the distance matrix make every split's three means O(1).
    var prefix = [Double](repeating: 0, count: (n + 1) * (n + 1))
    for i in 0..<n {
      var row = 0.0
      for j in 0..<n {
        row += abs(values[i] - values[j])
        prefix[(i + 1) * (n + 1) + j + 1] = prefix[i * (n + 1) + j + 1] + row
      }
    }
    func sum(_ rows: Range<Int>, _ columns: Range<Int>) -> Double {
      let w = n + 1
      return prefix[rows.upperBound * w + columns.upperBound] - prefix[rows.lowerBound * w + columns.upperBound]
        - prefix[rows.upperBound * w + columns.lowerBound] + prefix[rows.lowerBound * w + columns.lowerBound]
    }
    var best: (index: Int, statistic: Double)?
    for split in minimumSegment...(n - minimumSegment) {
      let (a, b) = (Double(split), Double(n - split))
      let between = sum(0..<split, split..<n) / (a * b)
      // Within sums count each pair twice (the matrix is symmetric) and the zero diagonal once.
      let withinX = sum(0..<split, 0..<split) / (a * (a - 1))
      let withinY = sum(split..<n, split..<n) / (b * (b - 1))
      let statistic = a * b / Double(n) * (2 * between - withinX - withinY)
      if best == nil || statistic > best!.statistic { best = (split, statistic) }
    }
    return best
  }

  /// The share of shuffles of `values` whose best split does as well as `observed`
  /// (stopping early once the answer is sure either way).
  func pValue(_ values: [Double], observed: Double, generator: inout SplitMix64) -> Double {
    var shuffled = values
    var asGood = 0
    let allowed = Int(significance * Double(permutations + 1))
    for done in 1...permutations {
      shuffled.shuffle(using: &generator)
      if let split = Self.bestSplit(shuffled, minimumSegment: minimumSegment), split.statistic >= observed {
        asGood += 1
        // More exceedances than a significant result allows: not significant, whatever follows.
        if asGood > allowed { return Double(asGood + 1) / Double(done + 1) }
      }
    }
    return Double(asGood + 1) / Double(permutations + 1)
  }

  /// The split within three points of `split` where a step (the medians of
  /// both sides) leaves the least error; the nearest on a tie. Errors are
  /// absolute and capped at four times the noise (estimated from neighbours'
  /// differences), so an outlier costs the same on either side of a split.
  static func refine(_ values: [Double], near split: Int, minimumSegment: Int) -> Int {
    let differences = zip(values.dropFirst(), values).map { abs($0 - $1) }
    let noise = differences.isEmpty ? 0 : 1.4826 * Statistics.median(differences) / 2.0.squareRoot()
    let cap = noise > 0 ? 4 * noise : Double.infinity
    func error(_ part: ArraySlice<Double>) -> Double {
      let median = Statistics.median(Array(part))
      return part.reduce(0) { $0 + min(abs($1 - median), cap) }
    }
    let low = max(minimumSegment, split - 3)
    let high = min(values.count - minimumSegment, split + 3)
    guard low <= high else { return split }
    var best = (split: split, error: error(values[..<split]) + error(values[split...]))
    for candidate in low...high where candidate != split {
      let candidateError = error(values[..<candidate]) + error(values[candidate...])
      if candidateError < best.error - 1e-12 * abs(best.error)
        || (abs(candidateError - best.error) <= 1e-12 * abs(best.error)
          && abs(candidate - split) < abs(best.split - split))
      {
        best = (candidate, candidateError)
      }
    }
    return best.split
  }

  /// Average ranks (ties share the mean of their ranks), from 1.
  static func ranks(_ values: [Double]) -> [Double] {
    let order = values.indices.sorted { values[$0] < values[$1] }
    var ranks = [Double](repeating: 0, count: values.count)
    var start = 0
    while start < order.count {
      var end = start + 1
      while end < order.count && values[order[end]] == values[order[start]] { end += 1 }
      for position in start..<end { ranks[order[position]] = Double(start + end + 1) / 2 }
      start = end
    }
    return ranks
  }

  /// Whether a straight line explains `values` at least as well as the step at
  /// `split`, both fitted robustly (medians and the Theil–Sen slope, absolute errors).
  static func isDrift(_ values: [Double], split: Int) -> Bool {
    let (intercept, slope) = line(values)
    var lineError = 0.0
    for (index, value) in values.enumerated() { lineError += abs(value - (intercept + slope * Double(index))) }
    func error(_ part: ArraySlice<Double>) -> Double {
      let median = Statistics.median(Array(part))
      return part.reduce(0) { $0 + abs($1 - median) }
    }
    return lineError <= error(values[..<split]) + error(values[split...])
  }

  /// The Theil–Sen line through `values` over their indices: the median of
  /// the slopes between all pairs, and the median intercept.
  static func line(_ values: [Double]) -> (intercept: Double, slope: Double) {
    guard values.count > 1 else { return (values.first ?? 0, 0) }
    var slopes: [Double] = []
    slopes.reserveCapacity(values.count * (values.count - 1) / 2)
    for i in values.indices {
      for j in (i + 1)..<values.count { slopes.append((values[j] - values[i]) / Double(j - i)) }
    }
    let slope = Statistics.median(slopes)
    let intercept = Statistics.median(values.enumerated().map { $0.element - slope * Double($0.offset) })
    return (intercept, slope)
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
