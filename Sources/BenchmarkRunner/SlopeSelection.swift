/// The median of the slopes `(y_j − y_i)/(j − i)` over all pairs `i < j` of
/// a series, without listing the n(n−1)/2 slopes: randomized slope selection
/// (Matoušek 1991; Dillencourt, Mount and Netanyahu 1992), O(n log n)
/// expected time and O(n) memory. Pairs with a slope below `p` are the
/// inversions of `y_k − p·k`, counted by merge sort; slopes drawn at random
/// bracket the wanted one until few enough pairs lie between the brackets
/// to list them.
///
/// Slopes are compared exactly, on the values scaled to integers. The answer
/// is the one `Statistics.median` of all the slopes (as doubles) gives, to
/// the last bit whenever differences of the values are exact (values within
/// a factor of two of each other); otherwise two pairs whose exact slopes
/// differ by less than a rounding may swap places, which moves the answer by
/// as much.
struct SlopeSelection {
  /// An exact slope `rise / run` (`run > 0`), on the scaled values.
  struct Slope {
    var rise: Int128
    var run: Int128
    /// The pair it came from, for its slope as a double.
    var first: Int
    var second: Int

    static func < (a: Slope, b: Slope) -> Bool { a.rise * b.run < b.rise * a.run }
  }

  let values: [Double]
  /// `values` times a common power of two, all exact integers.
  let scaled: [Int128]
  private var generator = SplitMix64(seed: 0x5E1EC7)
  private var keys: [Int128]
  private var scratch: [Int128]

  /// `nil` where the slopes had better be listed: short series, or values too
  /// far apart in magnitude for products of scaled values to fit 128 bits.
  init?(_ values: [Double]) {
    guard values.count >= 128, values.count < 1 << 20 else { return nil }
    // Each value is M·2^e with an integer M of at most 53 bits: the lowest
    // and highest bits over all values decide the scale and the size.
    var lowest = Int.max
    var highest = Int.min
    for value in values where value != 0 {
      guard value.isNormal else { return nil }
      let significand = value.significandBitPattern | 1 << 52
      lowest = min(lowest, Int(value.exponent) - 52 + significand.trailingZeroBitCount)
      highest = max(highest, Int(value.exponent) + 1)
    }
    // Scaled values below 2^100, so that `y·run − rise·k` stays below 2^122 for runs and indices below 2^20.
    guard lowest == Int.max || highest - lowest <= 100 else { return nil }
    self.values = values
    scaled = values.map { value in
      guard value != 0 else { return 0 }
      let significand = Int128(value.significandBitPattern | 1 << 52)
      let shift = Int(value.exponent) - 52 - lowest
      let magnitude = shift >= 0 ? significand << shift : significand >> -shift
      return value < 0 ? -magnitude : magnitude
    }
    keys = [Int128](repeating: 0, count: values.count)
    scratch = keys
  }

  /// The median of all slopes, as `Statistics.median` computes it from the sorted list.
  mutating func median() -> Double {
    let n = values.count
    let pairs = n * (n - 1) / 2
    let position = 0.5 * Double(pairs - 1)
    let low = Int(position.rounded(.down))
    let high = min(low + 1, pairs - 1)
    let lower = select(low)
    let upper = high == low ? lower : select(high)
    return lower + (upper - lower) * (position - Double(low))
  }

  /// The slope of rank `rank` (from 0) among all pairs' slopes.
  mutating func select(_ rank: Int) -> Double {
    let n = values.count
    // The wanted slope lies strictly between the brackets (`nil`: unbounded);
    // `below` pairs have a slope at most `lower`, `beneath` pairs one below `upper`.
    var lower: Slope?
    var upper: Slope?
    var below = 0
    var beneath = n * (n - 1) / 2
    // Few enough pairs to list, sort and pick from.
    let listable = 32 * n
    var rounds = 0
    while beneath - below > listable && rounds < 16 {
      rounds += 1
      var sample: [Slope] = []
      for _ in 0..<(4 * n) {
        let i = Int(generator.next() % UInt64(n))
        var j = Int(generator.next() % UInt64(n - 1))
        if j >= i { j += 1 }
        let slope = self.slope(min(i, j), max(i, j))
        if let lower, !(lower < slope) { continue }
        if let upper, !(slope < upper) { continue }
        sample.append(slope)
      }
      guard !sample.isEmpty else { continue }
      sample.sort(by: <)
      // The wanted slope's expected place in the sample, and pivots a few
      // standard deviations either side of it, to close in from both.
      let expected = Double(rank - below) / Double(beneath - below) * Double(sample.count)
      let margin = 2 * Double(sample.count).squareRoot() + 1
      var pivots: [Slope] = []
      if expected - margin >= 0 { pivots.append(sample[Int(expected - margin)]) }
      if expected + margin < Double(sample.count) { pivots.append(sample[Int(expected + margin)]) }
      for pivot in pivots {
        let (less, atMost) = (count(pivot, orEqual: false), count(pivot, orEqual: true))
        if less <= rank && rank < atMost { return slopeValue(pivot) }
        // Counts grow with the pivot: a bracket only ever closes in.
        if rank < less && less < beneath {
          (upper, beneath) = (pivot, less)
        } else if rank >= atMost && atMost > below {
          (lower, below) = (pivot, atMost)
        }
      }
    }
    var between: [Double] = []
    between.reserveCapacity(beneath - below)
    forEachPair(above: lower, below: upper) { a, b in between.append((values[b] - values[a]) / Double(b - a)) }
    assert(between.count == beneath - below, "the listed pairs are those counted between the brackets")
    between.sort()
    return between[rank - below]
  }

  func slope(_ a: Int, _ b: Int) -> Slope {
    Slope(rise: scaled[b] - scaled[a], run: Int128(b - a), first: a, second: b)
  }

  /// A pair's slope as the listing computes it.
  func slopeValue(_ slope: Slope) -> Double {
    (values[slope.second] - values[slope.first]) / Double(slope.second - slope.first)
  }

  /// How many pairs have a slope below `pivot` (or at most `pivot`): pairs
  /// `a < b` with `slope < p` are those with `y_b − p·b < y_a − p·a`.
  mutating func count(_ pivot: Slope, orEqual: Bool) -> Int {
    for k in keys.indices { keys[k] = scaled[k] * pivot.run - pivot.rise * Int128(k) }
    return Self.inversions(&keys, scratch: &scratch, orEqual: orEqual)
  }

  /// Pairs `i < j` with `keys[j] < keys[i]` (or `≤`), by merge sort; sorts `keys`.
  static func inversions(_ keys: inout [Int128], scratch: inout [Int128], orEqual: Bool) -> Int {
    let n = keys.count
    var total = 0
    var width = 1
    while width < n {
      keys.withUnsafeMutableBufferPointer { source in
        scratch.withUnsafeMutableBufferPointer { target in
          var start = 0
          while start < n {
            let middle = min(start + width, n)
            let end = min(start + 2 * width, n)
            var (i, j, out) = (start, middle, start)
            while i < middle && j < end {
              // A right key taken before left ones is below each of them.
              if orEqual ? source[j] <= source[i] : source[j] < source[i] {
                target[out] = source[j]
                total += middle - i
                j += 1
              } else {
                target[out] = source[i]
                i += 1
              }
              out += 1
            }
            while i < middle {
              target[out] = source[i]
              (i, out) = (i + 1, out + 1)
            }
            while j < end {
              target[out] = source[j]
              (j, out) = (j + 1, out + 1)
            }
            start = end
          }
        }
      }
      swap(&keys, &scratch)
      width *= 2
    }
    return total
  }

  /// Calls `body(a, b)` for every pair `a < b` whose slope lies strictly
  /// between `lower` and `upper` (`nil`: unbounded), in O(n log n + pairs):
  /// the pairs that change order between the indices sorted by `y − lower·k`
  /// and by `y − upper·k`, ties broken so that slopes equal to either bound stay out.
  func forEachPair(above lower: Slope?, below upper: Slope?, _ body: (Int, Int) -> Void) {
    let n = values.count
    func keys(_ pivot: Slope) -> [Int128] { (0..<n).map { scaled[$0] * pivot.run - pivot.rise * Int128($0) } }
    // Lower: a before b exactly when the slope is above `lower` (ties: the later index first).
    let first: [Int]
    if let lower {
      let key = keys(lower)
      first = (0..<n).sorted { key[$0] != key[$1] ? key[$0] < key[$1] : $0 > $1 }
    } else {
      first = Array(0..<n)
    }
    // Upper: b before a exactly when the slope is below `upper` (ties: the earlier index first).
    let second: [Int]
    if let upper {
      let key = keys(upper)
      second = (0..<n).sorted { key[$0] != key[$1] ? key[$0] < key[$1] : $0 < $1 }
    } else {
      second = Array((0..<n).reversed())
    }
    var place = [Int](repeating: 0, count: n)
    for (position, index) in second.enumerated() { place[index] = position }
    // The inversions of `first` read as places in `second`, listed by merge sort.
    var sequence = first.map { place[$0] }
    var buffer = sequence
    var width = 1
    while width < n {
      var start = 0
      while start < n {
        let middle = min(start + width, n)
        let end = min(start + 2 * width, n)
        var (i, j, out) = (start, middle, start)
        while i < middle && j < end {
          if sequence[j] < sequence[i] {
            for k in i..<middle {
              let (x, y) = (second[sequence[k]], second[sequence[j]])
              body(min(x, y), max(x, y))
            }
            buffer[out] = sequence[j]
            j += 1
          } else {
            buffer[out] = sequence[i]
            i += 1
          }
          out += 1
        }
        while i < middle {
          buffer[out] = sequence[i]
          (i, out) = (i + 1, out + 1)
        }
        while j < end {
          buffer[out] = sequence[j]
          (j, out) = (j + 1, out + 1)
        }
        start = end
      }
      swap(&sequence, &buffer)
      width *= 2
    }
  }
}
