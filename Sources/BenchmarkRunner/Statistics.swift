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
    mannWhitneyP(sorted: a.sorted(), b.sorted())
  }

  /// The same test of every sample of the processes `a` against every sample
  /// of `b`, each side pooled into one sorted copy (a run may hold millions).
  public static func mannWhitneyP(processes a: [[Double]], _ b: [[Double]]) -> Double {
    mannWhitneyP(sorted: pooledSorted(a), pooledSorted(b))
  }

  /// Every sample of every process, in one array sorted in place.
  static func pooledSorted(_ processes: [[Double]]) -> [Double] {
    var pooled: [Double] = []
    pooled.reserveCapacity(processes.reduce(0) { $0 + $1.count })
    for process in processes { pooled += process }
    pooled.sort()
    return pooled
  }

  /// The test on both sides sorted: one walk through them in step, a group of
  /// equal values at a time, rather than a pooled copy tagged by side.
  static func mannWhitneyP(sorted a: [Double], _ b: [Double]) -> Double {
    let n1 = Double(a.count)
    let n2 = Double(b.count)
    guard n1 > 0, n2 > 0 else { return 1 }
    var rankSumA = 0.0
    var tieTerm = 0.0
    var (i, j) = (0, 0)
    while i < a.count || j < b.count {
      let value = j == b.count || (i < a.count && a[i] <= b[j]) ? a[i] : b[j]
      var (endA, endB) = (i, j)
      while endA < a.count && a[endA] == value { endA += 1 }
      while endB < b.count && b[endB] == value { endB += 1 }
      // The group's places in the pooled order, from 0: ties share the mean rank (from 1).
      let (index, end) = (i + j, endA + endB - 1)
      let rank = Double(index + end) / 2 + 1
      let ties = Double(end - index + 1)
      tieTerm += ties * ties * ties - ties
      rankSumA += rank * Double(endA - i)
      (i, j) = (endA, endB)
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
  /// A side of more than `listingAtMost` samples (in processes of at least
  /// 64 on average) has its resamples' medians drawn without listing the
  /// resamples (see ``Resample``): the same distribution, other random draws.
  public static func medianRatioInterval(
    _ a: [[Double]], _ b: [[Double]], resamples: Int = 1000, seed: UInt64 = 0x5EED, listingAtMost: Int = 10_000
  ) -> (low: Double, high: Double) {
    let a = a.filter { !$0.isEmpty }
    let b = b.filter { !$0.isEmpty }
    guard !a.isEmpty, !b.isEmpty else { return (.nan, .nan) }
    var generator = SplitMix64(seed: seed)
    var sideA = Resample(a, listingAtMost: listingAtMost)
    var sideB = Resample(b, listingAtMost: listingAtMost)
    var ratios: [Double] = []
    ratios.reserveCapacity(resamples)
    for _ in 0..<resamples {
      let current = sideB.median(using: &generator)
      ratios.append(current / sideA.median(using: &generator))
    }
    ratios.sort()
    return (quantile(ratios, 0.025), quantile(ratios, 0.975))
  }

  /// The 95% hierarchical-bootstrap interval of one side's median (processes,
  /// then samples within each, as in ``medianRatioInterval(_:_:resamples:seed:listingAtMost:)``):
  /// how well that side alone is known, so a comparison can tell whether more
  /// processes of the run could narrow the interval of the ratio at all.
  public static func medianInterval(
    _ processes: [[Double]], resamples: Int = 1000, seed: UInt64 = 0x5EED, listingAtMost: Int = 10_000
  ) -> (low: Double, high: Double) {
    let processes = processes.filter { !$0.isEmpty }
    guard !processes.isEmpty else { return (.nan, .nan) }
    var generator = SplitMix64(seed: seed)
    var side = Resample(processes, listingAtMost: listingAtMost)
    var medians = (0..<resamples).map { _ in side.median(using: &generator) }
    medians.sort()
    return (quantile(medians, 0.025), quantile(medians, 0.975))
  }

  /// The smallest change a comparison could have detected: half the width of
  /// the 95% interval of the ratio of medians, as a fraction (0.14: ±14%).
  /// A true change of that size would put the interval's far end at 1.
  public static func detectableChange(_ interval: (low: Double, high: Double)) -> Double {
    guard interval.low.isFinite, interval.high.isFinite else { return .nan }
    return (interval.high - interval.low) / 2
  }

  /// How many times the run's processes it would take to narrow the
  /// interval's half-width from `halfWidth` to `target`, when `baseline` of
  /// it is the baseline's own (which more processes of the run cannot narrow):
  /// the halves add as variances, and the run's shrinks as 1/processes.
  /// `nil` when the baseline alone is already as wide as the target.
  public static func processesFactor(halfWidth: Double, baseline: Double, target: Double) -> Double? {
    guard halfWidth.isFinite, baseline.isFinite, target > 0 else { return nil }
    let run = halfWidth * halfWidth - baseline * baseline
    let room = target * target - baseline * baseline
    guard room > 0 else { return nil }
    return max(1, run / room)
  }

  /// One side of the hierarchical bootstrap: resamples and their medians.
  ///
  /// A resample of a few thousand samples is listed and sorted. One of
  /// millions would cost as many draws each time (a thousand times over), so
  /// its median is drawn directly: how many draws fall at or below a value is
  /// binomial, per process, given how many of the process's samples lie there;
  /// so the draws are split between the values below a pivot and those above
  /// it, process by process, and the side holding the wanted rank is split
  /// again, until it holds one value. Each step halves the widest process's
  /// range: a few dozen binomial draws per resample instead of millions of draws.
  struct Resample {
    let processes: [[Double]]
    /// Listing: room for the largest resample (every process drawn is the largest).
    private var scratch: [Double] = []
    /// Not listing: each process's samples in ascending order.
    private var sorted: [[Double]]?

    init(_ processes: [[Double]], listingAtMost: Int) {
      self.processes = processes
      let count = processes.reduce(0) { $0 + $1.count }
      // Splitting visits every process at every step: worth it for few, large processes.
      if count > listingAtMost && count >= 64 * processes.count {
        sorted = processes.map { $0.sorted() }
      } else {
        scratch = [Double](repeating: 0, count: processes.map(\.count).max()! * processes.count)
      }
    }

    /// The median of one resample.
    mutating func median(using generator: inout SplitMix64) -> Double {
      guard let sorted else { return listedMedian(using: &generator) }
      var draws = [Int](repeating: 0, count: sorted.count)
      for _ in sorted.indices {
        let process = Int(generator.next() % UInt64(sorted.count))
        draws[process] += sorted[process].count
      }
      let whole = Part(low: [Int](repeating: 0, count: sorted.count), high: sorted.map(\.count), draws: draws)
      let middle = whole.total / 2
      let (value, next) = orderStatistic(
        whole.total % 2 == 1 ? middle : middle - 1, of: whole, withNext: whole.total % 2 == 0, using: &generator)
      return whole.total % 2 == 1 ? value : (value + next) / 2
    }

    private mutating func listedMedian(using generator: inout SplitMix64) -> Double {
      let processes = processes
      return scratch.withUnsafeMutableBufferPointer { buffer in
        var count = 0
        for _ in processes.indices {
          let process = processes[Int(generator.next() % UInt64(processes.count))]
          for _ in process.indices {
            buffer[count] = process[Int(generator.next() % UInt64(process.count))]
            count += 1
          }
        }
        var drawn = UnsafeMutableBufferPointer(rebasing: buffer[0..<count])
        drawn.sort()
        let middle = count / 2
        return count % 2 == 1 ? drawn[middle] : (drawn[middle - 1] + drawn[middle]) / 2
      }
    }

    /// Draws not yet placed: per process, how many fall in its samples `low..<high` (of `sorted`).
    struct Part {
      var low: [Int]
      var high: [Int]
      var draws: [Int]
      var total: Int { draws.reduce(0, +) }
    }

    /// The value of rank `rank` (from 0) among the draws of `part` and, with
    /// `withNext`, the value of the next rank (`rank + 1` must be a rank of the part).
    private func orderStatistic(
      _ rank: Int, of start: Part, withNext: Bool, using generator: inout SplitMix64
    ) -> (value: Double, next: Double) {
      let sorted = sorted!
      var (part, rank) = (start, rank)
      // The nearest part above this one that holds draws: where the next rank lies when this part ends.
      var above: Part?
      while true {
        var (lowest, highest) = (Double.infinity, -Double.infinity)
        var widest = -1
        for process in part.draws.indices where part.draws[process] > 0 {
          lowest = min(lowest, sorted[process][part.low[process]])
          highest = max(highest, sorted[process][part.high[process] - 1])
          if widest < 0
            || part.high[process] - part.low[process] > part.high[widest] - part.low[widest]
          {
            widest = process
          }
        }
        if lowest == highest {
          // One value left: every draw here is it.
          guard withNext, rank + 1 == part.total else { return (lowest, lowest) }
          return (lowest, orderStatistic(0, of: above!, withNext: false, using: &generator).value)
        }
        // The widest range's middle value, unless that is the highest: then the highest value below it.
        var pivot = sorted[widest][(part.low[widest] + part.high[widest] - 1) / 2]
        if pivot == highest {
          pivot = -Double.infinity
          for process in part.draws.indices where part.draws[process] > 0 {
            let end = Self.firstIndex(in: sorted[process], part.low[process]..<part.high[process]) { $0 >= highest }
            if end > part.low[process] { pivot = max(pivot, sorted[process][end - 1]) }
          }
        }
        var (below, over) = (part, part)
        var drawnBelow = 0
        for process in part.draws.indices where part.draws[process] > 0 {
          let range = part.low[process]..<part.high[process]
          let split = Self.firstIndex(in: sorted[process], range) { $0 > pivot }
          let drawn = Statistics.binomial(
            part.draws[process], Double(split - range.lowerBound) / Double(range.count), using: &generator)
          (below.high[process], below.draws[process]) = (split, drawn)
          (over.low[process], over.draws[process]) = (split, part.draws[process] - drawn)
          drawnBelow += drawn
        }
        if rank < drawnBelow {
          if over.total > 0 { above = over }
          part = below
        } else {
          rank -= drawnBelow
          part = over
        }
      }
    }

    /// The first index of `range` in the ascending `values` where `isAbove` holds (the range's end if none).
    static func firstIndex(in values: [Double], _ range: Range<Int>, where isAbove: (Double) -> Bool) -> Int {
      var (low, high) = (range.lowerBound, range.upperBound)
      while low < high {
        let middle = (low + high) / 2
        if isAbove(values[middle]) { high = middle } else { low = middle + 1 }
      }
      return low
    }
  }

  // MARK: - Exact random variates for the bootstrap

  /// Uniform on (0, 1).
  static func uniform(using generator: inout SplitMix64) -> Double {
    (Double(generator.next() >> 11) + 0.5) / Double(1 << 53)
  }

  /// Standard normal (Box–Muller).
  static func normal(using generator: inout SplitMix64) -> Double {
    let radius = (-2 * log(uniform(using: &generator))).squareRoot()
    return radius * cos(2 * Double.pi * uniform(using: &generator))
  }

  /// Gamma of shape at least 1 and scale 1 (Marsaglia and Tsang 2000).
  static func gamma(_ shape: Double, using generator: inout SplitMix64) -> Double {
    let d = shape - 1.0 / 3
    let c = 1 / (9 * d).squareRoot()
    while true {
      var (x, v) = (0.0, 0.0)
      repeat {
        x = normal(using: &generator)
        v = 1 + c * x
      } while v <= 0
      v = v * v * v
      let u = uniform(using: &generator)
      if u < 1 - 0.0331 * x * x * x * x || log(u) < 0.5 * x * x + d * (1 - v + log(v)) { return d * v }
    }
  }

  /// Binomial: successes in `trials` trials of `probability` each, exactly
  /// in distribution in O(log trials) steps (Knuth, TAOCP 3.4.1): the middle
  /// one of `trials` uniform variates is beta-distributed; the trials below
  /// it, or above it, are again uniform on their side, so half of them are
  /// settled at once.
  static func binomial(_ trials: Int, _ probability: Double, using generator: inout SplitMix64) -> Int {
    var (trials, probability, successes) = (trials, probability, 0)
    while trials > 16 {
      guard probability > 0 else { return successes }
      guard probability < 1 else { return successes + trials }
      let a = 1 + trials / 2
      let b = trials + 1 - a
      let x = gamma(Double(a), using: &generator)
      let middle = x / (x + gamma(Double(b), using: &generator))
      if middle >= probability {
        (trials, probability) = (a - 1, probability / middle)
      } else {
        (trials, probability, successes) = (b - 1, (probability - middle) / (1 - middle), successes + a)
      }
    }
    for _ in 0..<trials where uniform(using: &generator) < probability { successes += 1 }
    return successes
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
