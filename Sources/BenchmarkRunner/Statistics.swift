/// The statistics behind the verdicts: quantiles, a rank test, a bootstrap
/// interval and false-discovery-rate control. Pure functions of their inputs.
public enum Statistics {
  /// The `q`-quantile (0...1) of `values` with linear interpolation between
  /// order statistics (Hyndman–Fan type 7, as R and NumPy default to).
  public static func quantile(_ sorted: [Double], _ q: Double) -> Double {
    precondition(!sorted.isEmpty, "quantile of no values")
    let position = q * Double(sorted.count - 1)
    let low = Int(position.rounded(.down))
    let high = min(low + 1, sorted.count - 1)
    let weight = position - Double(low)
    return sorted[low] + (sorted[high] - sorted[low]) * weight
  }

  public static func median(_ values: [Double]) -> Double { quantile(values.sorted(), 0.5) }

  /// The two-sided p-value of the Mann–Whitney U test that `a` and `b` come
  /// from the same distribution (normal approximation with tie correction,
  /// adequate from about 8 samples a side).
  public static func mannWhitneyP(_ a: [Double], _ b: [Double]) -> Double {
    let n1 = Double(a.count)
    let n2 = Double(b.count)
    guard n1 > 0, n2 > 0 else { return 1 }
    let pooled = (a.map { ($0, 0) } + b.map { ($0, 1) }).sorted { $0.0 < $1.0 }
    var rankSumA = 0.0
    var tieTerm = 0.0
    var index = 0
    while index < pooled.count {
      var end = index
      while end + 1 < pooled.count && pooled[end + 1].0 == pooled[index].0 { end += 1 }
      let rank = Double(index + end) / 2 + 1
      let ties = Double(end - index + 1)
      tieTerm += ties * ties * ties - ties
      for k in index...end where pooled[k].1 == 0 { rankSumA += rank }
      index = end + 1
    }
    let u = rankSumA - n1 * (n1 + 1) / 2
    let mean = n1 * n2 / 2
    let n = n1 + n2
    let variance = n1 * n2 / 12 * ((n + 1) - tieTerm / (n * (n - 1)))
    guard variance > 0 else { return 1 }
    let z = (abs(u - mean) - 0.5) / variance.squareRoot()
    return min(1, 2 * normalTail(max(0, z)))
  }

  /// P(Z > z) for a standard normal Z.
  static func normalTail(_ z: Double) -> Double { 0.5 * erfc(z / 2.0.squareRoot()) }

  /// Benjamini–Hochberg adjusted p-values, in the input order: rejecting
  /// those below `q` controls the false-discovery rate at `q` across groups.
  public static func benjaminiHochberg(_ pValues: [Double]) -> [Double] {
    let m = Double(pValues.count)
    let order = pValues.indices.sorted { pValues[$0] < pValues[$1] }
    var adjusted = [Double](repeating: 1, count: pValues.count)
    var running = 1.0
    for (rank, index) in order.enumerated().reversed() {
      running = min(running, pValues[index] * m / Double(rank + 1))
      adjusted[index] = min(1, running)
    }
    return adjusted
  }

  /// A 95% hierarchical-bootstrap interval for median(b) / median(a), where
  /// `a` and `b` hold one array of samples per process: each resample draws
  /// processes with replacement, then samples within each drawn process, so
  /// a difference between processes widens the interval instead of passing
  /// for a difference between builds. Seeded: the same samples give the same interval.
  public static func medianRatioInterval(
    _ a: [[Double]], _ b: [[Double]], resamples: Int = 1000, seed: UInt64 = 0x5EED
  ) -> (low: Double, high: Double) {
    let a = a.filter { !$0.isEmpty }
    let b = b.filter { !$0.isEmpty }
    guard !a.isEmpty, !b.isEmpty else { return (.nan, .nan) }
    var generator = SplitMix64(seed: seed)
    func next() -> UInt64 { generator.next() }
    var scratchA = [Double](repeating: 0, count: a.reduce(0) { $0 + $1.count } + a.map(\.count).max()! * a.count)
    var scratchB = [Double](repeating: 0, count: b.reduce(0) { $0 + $1.count } + b.map(\.count).max()! * b.count)
    func resampledMedian(_ processes: [[Double]], into draw: inout [Double]) -> Double {
      draw.withUnsafeMutableBufferPointer { buffer in
        var count = 0
        for _ in processes.indices {
          let process = processes[Int(next() % UInt64(processes.count))]
          for _ in process.indices {
            buffer[count] = process[Int(next() % UInt64(process.count))]
            count += 1
          }
        }
        var drawn = UnsafeMutableBufferPointer(rebasing: buffer[0..<count])
        drawn.sort()
        let middle = count / 2
        return count % 2 == 1 ? drawn[middle] : (drawn[middle - 1] + drawn[middle]) / 2
      }
    }
    var ratios: [Double] = []
    ratios.reserveCapacity(resamples)
    for _ in 0..<resamples {
      ratios.append(resampledMedian(b, into: &scratchB) / resampledMedian(a, into: &scratchA))
    }
    ratios.sort()
    return (quantile(ratios, 0.025), quantile(ratios, 0.975))
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
