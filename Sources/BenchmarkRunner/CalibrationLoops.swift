/// The test of the host: two calibration loops every worker process measures
/// before its groups, the latency loop (a chain of dependent
/// xor-shift-multiplies: each step waits for the one before) and the memory loop (a pointer chase through 32
/// MiB). What they measured is a ``Calibration``.
extension Calibration {
  /// The titles under which workers report the loops (never groups of a suite).
  public static let cpuTitle = "calibration/cpu"
  public static let memoryTitle = "calibration/memory"

  static let settings = MeasurementSettings(
    samples: 5, minimumSampleNanoseconds: 1_000_000, warmUpNanoseconds: 3_000_000)

  /// The two loops as benchmarks.
  public static var benchmarks: [Benchmark] {
    [
      Benchmark(cpuTitle, operations: 4096) {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return {
          // Xor-shift-multiply: unlike a multiply-add, no closed form lets the compiler
          // fold or reassociate the chain, so every step waits for the one before.
          for _ in 0..<4096 { state = (state ^ (state >> 29)) &* 0xBF58_476D_1CE4_E5B9 }
          blackHole(state)
        }
      },
      Benchmark(memoryTitle, operations: 4096) {
        // A single random cycle through 4 M slots (32 MiB), so every step is a cache miss.
        // (A debug build's times mean nothing; a small cycle keeps its setup quick.)
        #if DEBUG
          let count = 1 << 12
        #else
          let count = 1 << 22
        #endif
        var next = [Int](repeating: 0, count: count)
        var order = Array(0..<count)
        var generator = SplitMix64(seed: 7)
        order.shuffle(using: &generator)
        for index in 0..<count { next[order[index]] = order[(index + 1) % count] }
        var position = order[0]
        return {
          next.withUnsafeBufferPointer { next in
            for _ in 0..<4096 { position = next[position] }
          }
          blackHole(position)
        }
      },
    ]
  }

  /// The loops measured in this process.
  public static func measureHere() -> [ProcessMeasurement] {
    benchmarks.map { Sampler.measure($0, settings: settings) }
  }
}
