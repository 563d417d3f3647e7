import Foundation

/// Sums of a series' prefixes (values, squares, and values times their
/// index), so that the least-squares fit of a level or a ramp to any stretch
/// takes a few operations, whatever its length.
struct PrefixSums {
  /// Sums over `values[..<k]` at `k`.
  private let sums: [Double]
  private let squares: [Double]
  private let moments: [Double]

  var count: Int { sums.count - 1 }

  init(_ values: [Double]) {
    var (sum, square, moment) = (0.0, 0.0, 0.0)
    var sums = [0.0]
    var squares = [0.0]
    var moments = [0.0]
    for (index, value) in values.enumerated() {
      sum += value
      square += value * value
      moment += Double(index) * value
      sums.append(sum)
      squares.append(square)
      moments.append(moment)
    }
    (self.sums, self.squares, self.moments) = (sums, squares, moments)
  }

  /// The mean of `start..<end`.
  func mean(_ start: Int, _ end: Int) -> Double { (sums[end] - sums[start]) / Double(end - start) }

  /// The squared error of `start..<end` about its mean.
  func error(_ start: Int, _ end: Int) -> Double {
    let sum = sums[end] - sums[start]
    return max(0, squares[end] - squares[start] - sum * sum / Double(end - start))
  }

  /// The cuts (indices of first points of segments, ascending) that split
  /// `0..<count` into segments of at least `minimumSegment` points with the
  /// least total of each segment's squared error plus `penalty` per cut:
  /// optimal partitioning, O(count²) time, O(count) memory. On a tie, the
  /// earliest last cut.
  func optimalCuts(minimumSegment: Int, penalty: Double) -> [Int] {
    let count = self.count
    guard count >= 2 * minimumSegment else { return [] }
    // best[k]: the least cost of `0..<k` cut into segments, a penalty per segment but the first.
    var best = [Double](repeating: .infinity, count: count + 1)
    var previous = [Int](repeating: 0, count: count + 1)
    best[0] = -penalty
    best.withUnsafeMutableBufferPointer { best in
      for end in minimumSegment...count {
        var value = best[0] + error(0, end) + penalty
        var from = 0
        if end >= 2 * minimumSegment {
          for start in minimumSegment...(end - minimumSegment) {
            let candidate = best[start] + error(start, end) + penalty
            if candidate < value { (value, from) = (candidate, start) }
          }
        }
        best[end] = value
        previous[end] = from
      }
    }
    var cuts: [Int] = []
    var end = previous[count]
    while end > 0 {
      cuts.append(end)
      end = previous[end]
    }
    return cuts.reversed()
  }

  /// A level, a straight line, a level, fitted to a stretch of a series.
  struct RampFit {
    /// The squared error of the fit.
    var error: Double
    /// The levels before and after the ramp.
    var before: Double
    var after: Double
    /// Σ(h − h̄)² of the ramp's shape h (0 before, 1 after): the rise's variance is σ² over it.
    var spread: Double

    /// The rise over its standard error, for noise `noise`.
    func z(noise: Double) -> Double { abs(after - before) * spread.squareRoot() / noise }
  }

  /// The least-squares fit to `start..<end` of a level up to point `low`, a
  /// line from `low` to `high`, and a level from `high` on (`start ≤ low < high < end`).
  func ramp(_ start: Int, _ end: Int, from low: Int, to high: Int) -> RampFit {
    // The shape h is 0 up to `low`, (i − low)/(high − low) between, 1 from `high`: y ≈ α + γ·h.
    let count = Double(end - start)
    let length = Double(high - low)
    let flat = Double(end - 1 - high)
    let shapeSum = (length + 1) / 2 + flat
    let shapeSquares = (length + 1) * (2 * length + 1) / (6 * length) + flat
    let rampSum = sums[high + 1] - sums[low]
    let rampMoment = moments[high + 1] - moments[low]
    let crossSum = (rampMoment - Double(low) * rampSum) / length + (sums[end] - sums[high + 1])
    let sum = sums[end] - sums[start]
    let spread = shapeSquares - shapeSum * shapeSum / count
    let cross = crossSum - shapeSum * sum / count
    let total = squares[end] - squares[start] - sum * sum / count
    guard spread > 0 else { return RampFit(error: max(0, total), before: sum / count, after: sum / count, spread: 0) }
    let rise = cross / spread
    let before = sum / count - rise * shapeSum / count
    return RampFit(error: max(0, total - cross * cross / spread), before: before, after: before + rise, spread: spread)
  }
}
