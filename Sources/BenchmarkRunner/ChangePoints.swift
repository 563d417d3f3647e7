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
    // Each segment's best split (`nil`: too short), by its first index: a round splits one segment, not the others.
    var bestSplits: [Int: (index: Int, statistic: Double)?] = [:]
    var found: [Change] = []
    // Hierarchical: the best split over all current segments, tested; stop at the first that fails.
    while true {
      var best: (segment: Int, index: Int, statistic: Double)?
      for segment in 0..<(cuts.count - 1) where !drifting.contains(cuts[segment]) {
        let (start, end) = (cuts[segment], cuts[segment + 1])
        let split: (index: Int, statistic: Double)?
        if let known = bestSplits[start] {
          split = known
        } else {
          var splits = EnergySplits(ranks[start..<end])
          split = splits.best(minimumSegment: minimumSegment)
          bestSplits[start] = .some(split)
        }
        guard let split else { continue }
        if best == nil || split.statistic > best!.statistic {
          best = (segment, start + split.index, split.statistic)
        }
      }
      guard let best else { break }
      let (start, end) = (cuts[best.segment], cuts[best.segment + 1])
      let p = pValue(ranks[start..<end], observed: best.statistic, generator: &generator)
      let slice = Array(values[start..<end])
      guard p <= significance else { break }
      let (intercept, slope) = Self.line(slice)
      if Self.isDrift(slice, split: best.index - start, line: (intercept, slope)) {
        drifting.insert(start)
        let (first, last) = (intercept, intercept + slope * Double(slice.count - 1))
        if abs(last - first) >= minimumRelativeChange * abs(first) {
          found.append(Change(kind: .drift, index: start, end: end, before: first, after: last, pValue: p))
        }
        continue
      }
      // The energy statistic finds the change; its exact commit is where a step fits best.
      let at = start + Self.refine(slice, near: best.index - start, minimumSegment: minimumSegment)
      cuts.insert(at, at: best.segment + 1)
      bestSplits.removeValue(forKey: start)
      let before = Statistics.median(Array(values[start..<at]))
      let after = Statistics.median(Array(values[at..<end]))
      guard abs(after - before) >= minimumRelativeChange * abs(before) else { continue }
      found.append(Change(kind: .step, index: at, end: at, before: before, after: after, pValue: p))
    }
    return found.sorted { $0.index < $1.index }
  }

  /// The E-Divisive statistic `q(τ) = τ(n−τ)/n · (2·mean|X−Y| − mean|X−X′| − mean|Y−Y′|)`
  /// of every split `values[..<τ]`, `values[τ...]` with both sides of at least
  /// two values (`τ` in `2...n−2`, in order; none when `values` has fewer than four).
  public static func splitStatistics(_ values: [Double]) -> [Double] {
    guard values.count >= 4 else { return [] }
    var splits = EnergySplits(values[...])
    var statistics: [Double] = []
    splits.forEachSplit(in: 2...(values.count - 2)) { statistics.append($1) }
    return statistics
  }

  /// The share of shuffles of `values` whose best split does as well as `observed`
  /// (stopping early once the answer is sure either way).
  func pValue(_ values: ArraySlice<Double>, observed: Double, generator: inout SplitMix64) -> Double {
    // The values are sorted once; each shuffle reorders their places.
    var splits = EnergySplits(values)
    var asGood = 0
    let allowed = Int(significance * Double(permutations + 1))
    for done in 1...permutations {
      splits.order.shuffle(using: &generator)
      if let split = splits.best(minimumSegment: minimumSegment), split.statistic >= observed {
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
  static func isDrift(_ values: [Double], split: Int, line: (intercept: Double, slope: Double)) -> Bool {
    let (intercept, slope) = line
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
  public static func line(_ values: [Double]) -> (intercept: Double, slope: Double) {
    guard values.count > 1 else { return (values.first ?? 0, 0) }
    var selection = SlopeSelection(values)
    let slope = selection?.median() ?? medianOfAllSlopes(values)
    let intercept = Statistics.median(values.enumerated().map { $0.element - slope * Double($0.offset) })
    return (intercept, slope)
  }

  /// The median of the slopes between all pairs, listed: O(n²) time and memory,
  /// for series too short (or too wide in magnitude) for ``SlopeSelection``.
  public static func medianOfAllSlopes(_ values: [Double]) -> Double {
    var slopes: [Double] = []
    slopes.reserveCapacity(values.count * (values.count - 1) / 2)
    for i in values.indices {
      for j in (i + 1)..<values.count { slopes.append((values[j] - values[i]) / Double(j - i)) }
    }
    return Statistics.median(slopes)
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

/// The E-Divisive statistic of every split of a segment in O(n log n), where
/// the sums of pairwise distances would take O(n²). The distances from each
/// value to all values before it come from a Fenwick tree over the values'
/// places in sorted order (how many lie below it, and their sum); those to
/// all values after it are its distances to the whole segment, which depend
/// only on the value, minus those. A permutation test reorders the same
/// values, so they are sorted once and each shuffle moves only their places.
/// On ranks (multiples of ½) every sum is exact, so the statistics equal
/// those of the pairwise sums to the last bit.
struct EnergySplits {
  /// The segment's values in ascending order.
  let sorted: [Double]
  /// Per place in `sorted`: the sum of its distances to every value of the segment.
  let distances: [Double]
  /// The segment in its current order, as places in `sorted`.
  var order: [Int]
  /// A Fenwick tree over places of how many of the values seen so far lie
  /// there (even entries) and their sum (odd entries), side by side for the cache.
  private var tree: [Double]
  /// Distances within `order[..<τ]` (`before[τ]`) and within `order[τ...]` (`after[τ]`), each pair once.
  private var before: [Double]
  private var after: [Double]

  init(_ values: ArraySlice<Double>) {
    let n = values.count
    let places = values.indices.sorted { values[$0] < values[$1] }
    var order = [Int](repeating: 0, count: n)
    for (place, index) in places.enumerated() { order[index - values.startIndex] = place }
    sorted = places.map { values[$0] }
    // Σ_j |s_p − s_j| = s_p·p − Σ_{j<p} s_j + Σ_{j>p} s_j − s_p·(n−1−p).
    let total = sorted.reduce(0, +)
    var below = 0.0
    var distances = [Double](repeating: 0, count: n)
    for (place, value) in sorted.enumerated() {
      distances[place] = value * Double(2 * place - n + 1) + (total - value - 2 * below)
      below += value
    }
    self.distances = distances
    self.order = order
    tree = [Double](repeating: 0, count: 2 * (n + 1))
    before = [Double](repeating: 0, count: n + 1)
    after = [Double](repeating: 0, count: n + 1)
  }

  /// The split with the largest statistic whose sides hold at least `minimumSegment` values (the first on a tie).
  mutating func best(minimumSegment: Int) -> (index: Int, statistic: Double)? {
    guard order.count >= 2 * minimumSegment else { return nil }
    var best: (index: Int, statistic: Double)?
    forEachSplit(in: minimumSegment...(order.count - minimumSegment)) { split, statistic in
      if best == nil || statistic > best!.statistic { best = (split, statistic) }
    }
    return best
  }

  /// Calls `body` with each split in `splits` (in order) and its statistic.
  mutating func forEachSplit(in splits: ClosedRange<Int>, _ body: (Int, Double) -> Void) {
    let n = order.count
    sumDistances()
    let total = before[n]
    for split in splits {
      let (a, b) = (Double(split), Double(n - split))
      // As means of the full distance matrix's blocks: within a side, each pair counts twice.
      let between = (total - before[split] - after[split]) / (a * b)
      let withinX = 2 * before[split] / (a * (a - 1))
      let withinY = 2 * after[split] / (b * (b - 1))
      body(split, a * b / Double(n) * (2 * between - withinX - withinY))
    }
  }

  /// Fills `before` and `after` for the current order.
  private mutating func sumDistances() {
    let n = order.count
    sorted.withUnsafeBufferPointer { sorted in
      distances.withUnsafeBufferPointer { distances in
        order.withUnsafeBufferPointer { order in
          tree.withUnsafeMutableBufferPointer { tree in
            before.withUnsafeMutableBufferPointer { before in
              after.withUnsafeMutableBufferPointer { after in
                for node in tree.indices { tree[node] = 0 }
                var sum = 0.0
                for k in 0..<n {
                  let place = order[k]
                  let value = sorted[place]
                  // How many of the values before this one lie below it (by place), and their sum.
                  var (lower, lowerSum) = (0.0, 0.0)
                  var node = place
                  while node > 0 {
                    lower += tree[2 * node]
                    lowerSum += tree[2 * node + 1]
                    node &= node &- 1
                  }
                  // Σ_{i<k} |x_k − x_i| = x_k·(2·lower − k) + (Σ_{i<k} x_i − 2·lowerSum).
                  let toEarlier = value * (2 * lower - Double(k)) + (sum - 2 * lowerSum)
                  before[k + 1] = before[k] + toEarlier
                  // Parked here, summed from the end below: this value's distances to those after it.
                  after[k] = distances[place] - toEarlier
                  sum += value
                  node = place + 1
                  while node <= n {
                    tree[2 * node] += 1
                    tree[2 * node + 1] += value
                    node &+= node & -node
                  }
                }
                after[n] = 0
                for k in stride(from: n - 1, through: 0, by: -1) { after[k] += after[k + 1] }
              }
            }
          }
        }
      }
    }
  }
}
