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

extension Statistics {
  /// The values at `ranks` (from 0) of all samples of all processes in
  /// ascending order, without sorting or copying them: radix selection, each
  /// value's key read a byte at a time from the top, eight passes that count
  /// the samples sharing the bits found so far. Zeros of either sign count as +0.
  static func orderStatistics(of processes: [[Double]], ranks: [Int]) -> [Int: Double] {
    // Doubles as unsigned integers in the same order: negatives reversed, above the positives' sign bit set.
    @inline(__always) func key(_ value: Double) -> UInt64 {
      let bits = (value == 0 ? 0 : value).bitPattern
      return bits >> 63 == 0 ? bits | 1 << 63 : ~bits
    }
    let targets = Array(Set(ranks)).sorted()
    // Per target: its key's bits found so far, and its rank among the samples that share them.
    var found = [UInt64](repeating: 0, count: targets.count)
    var remaining = targets
    var counts: [Int] = []
    for pass in 0..<8 {
      let shift = UInt64(56 - 8 * pass)
      let prefixes = Array(Set(found)).sorted()
      counts = [Int](repeating: 0, count: prefixes.count << 8)
      counts.withUnsafeMutableBufferPointer { counts in
        prefixes.withUnsafeBufferPointer { prefixes in
          for process in processes {
            process.withUnsafeBufferPointer { process in
              for value in process {
                let key = key(value)
                var slot = 0
                if pass > 0 {
                  // A few prefixes at most (two per quantile): a scan beats a table.
                  let prefix = key >> (shift + 8)
                  var index = 0
                  while index < prefixes.count && prefixes[index] != prefix { index += 1 }
                  guard index < prefixes.count else { continue }
                  slot = index << 8
                }
                counts[slot + Int((key >> shift) & 0xFF)] += 1
              }
            }
          }
        }
      }
      for target in targets.indices {
        let base = prefixes.firstIndex(of: found[target])! << 8
        var digit = 0
        while remaining[target] >= counts[base + digit] {
          remaining[target] -= counts[base + digit]
          digit += 1
        }
        found[target] = found[target] << 8 | UInt64(digit)
      }
    }
    var values: [Int: Double] = [:]
    for (target, key) in zip(targets, found) {
      values[target] = Double(bitPattern: key >> 63 == 1 ? key & ~(1 << 63) : ~key)
    }
    return values
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
