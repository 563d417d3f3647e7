import CMeasurement

/// How long and how often to measure.
public struct MeasurementSettings: Codable, Sendable, Hashable {
  /// Samples per group per process.
  public var samples: Int
  /// Each sample runs the body enough times to last at least this long.
  public var minimumSampleNanoseconds: UInt64
  /// The body runs for at least this long before anything is recorded.
  public var warmUpNanoseconds: UInt64

  public init(samples: Int, minimumSampleNanoseconds: UInt64, warmUpNanoseconds: UInt64) {
    self.samples = samples
    self.minimumSampleNanoseconds = minimumSampleNanoseconds
    self.warmUpNanoseconds = warmUpNanoseconds
  }

  /// The default: 12 samples of at least 4 ms after 25 ms of warm-up (per process).
  public static let standard = MeasurementSettings(
    samples: 12, minimumSampleNanoseconds: 4_000_000, warmUpNanoseconds: 25_000_000)
  /// For CI smoke checks: enough for allocations, too little for fine timing.
  public static let quick = MeasurementSettings(
    samples: 8, minimumSampleNanoseconds: 1_000_000, warmUpNanoseconds: 5_000_000)
}

/// What one process measured of one benchmark.
public struct ProcessMeasurement: Codable, Sendable, Hashable {
  public var title: String
  public var operations: Int
  /// Nanoseconds per operation, one value per sample.
  public var samples: [Double]
  /// Heap allocations during one call of the body (exact; 0 when the counter is off).
  public var allocationsPerRun: Int
  public var bytesPerRun: Int
  /// Instructions per operation, when the machine exposes a counter.
  public var instructionsPerOperation: Double?
  public var reference: String?
  /// Bytes of input one run processes (``Benchmark/bytesProcessed``).
  public var bytesProcessed: Int?
  /// The most heap bytes one call of the body held at once beyond what was
  /// live when it started (usable sizes, exact; `nil` when the counter is off).
  public var peakHeapBytesPerRun: Int?
  /// The process's peak resident set while the group was set up, warmed up and
  /// sampled, in bytes (the operating system's figure: not exact; `nil` where unreadable).
  public var peakResidentBytes: Int?
  /// Per sample, the slower of the probes run just before and just after it
  /// (``QuietCore``), in nanoseconds; `nil` where the build cannot probe.
  public var probes: [Double]?

  public init(
    title: String, operations: Int, samples: [Double], allocationsPerRun: Int, bytesPerRun: Int,
    instructionsPerOperation: Double?, reference: String? = nil, bytesProcessed: Int? = nil,
    peakHeapBytesPerRun: Int? = nil, peakResidentBytes: Int? = nil, probes: [Double]? = nil
  ) {
    self.probes = probes
    self.reference = reference
    self.bytesProcessed = bytesProcessed
    self.peakHeapBytesPerRun = peakHeapBytesPerRun
    self.peakResidentBytes = peakResidentBytes
    self.title = title
    self.operations = operations
    self.samples = samples
    self.allocationsPerRun = allocationsPerRun
    self.bytesPerRun = bytesPerRun
    self.instructionsPerOperation = instructionsPerOperation
  }
}

/// One sample's loop, run a given number of bytes deeper in the stack.
///
/// Where a process's stack starts within a page is random (address
/// randomisation). With every sample at one offset, processes of one build
/// fell into modes 8–15 % apart (a group's process medians 1.00 or 1.08–1.14;
/// fewer modes with randomisation off), most likely stack slots that alias
/// heap data 4 KiB away. Each sample at another offset puts the modes inside
/// every process, so the processes' medians agree (docs/BENCHMARKS.md, Hosts).
struct Sampling {
  var body: () -> Void
  var iterations: Int
  var elapsed: UInt64 = 0

  /// The nanoseconds of `iterations` calls of the body, `stackOffset` (mod 4096, in 16-byte steps) deeper.
  mutating func time(stackOffset: UInt32) -> UInt64 {
    withUnsafeMutablePointer(to: &self) { pointer in
      ac_call_deeper(
        stackOffset & 4080,
        { context in
          let sampling = context!.assumingMemoryBound(to: Sampling.self)
          let start = SampleClock.now()
          for _ in 0..<sampling.pointee.iterations { sampling.pointee.body() }
          sampling.pointee.elapsed = SampleClock.now() - start
        }, pointer)
    }
    return elapsed
  }
}

/// Measures benchmarks in this process.
public enum Sampler {
  /// Whether heap allocations are counted in this build.
  public static var countsAllocations: Bool { ac_is_available() != 0 }

  /// Why instruction counts are unavailable, or `nil` when they are available.
  public static let instructionCounterProblem: String? = {
    let descriptor = ac_instructions_open()
    if descriptor >= 0 {
      close(descriptor)
      return nil
    }
    return "perf_event_open for instructions failed (errno \(-descriptor)); use callgrind"
  }()

  /// The most heap bytes `body` held at once beyond those live when it began,
  /// counted on this thread (blocks it allocated less blocks it freed, by usable
  /// size): exact, and blind to other threads; `nil` when the counter is compiled out.
  public static func peakHeapBytes(during body: () throws -> Void) rethrows -> Int? {
    ac_thread_heap_reset_peak()
    let start = ac_thread_heap().live
    try body()
    return countsAllocations ? Int(max(0, ac_thread_heap().peak - start)) : nil
  }

  /// The bytes the counter counts a heap block as (its usable size); 0 for `nil` or when the counter is off.
  public static func countedBytes(of block: UnsafeMutableRawPointer?) -> Int { Int(ac_block_bytes(block)) }

  /// The process's live heap bytes and their high-water mark (every thread's
  /// blocks); zero when the counter is compiled out.
  public static var processHeap: (live: Int, peak: Int) {
    let heap = ac_process_heap()
    return (Int(heap.live), Int(heap.peak))
  }

  /// Starts the process's high-water mark again from its live bytes.
  public static func resetProcessHeapPeak() { ac_process_heap_reset_peak() }

  /// `quietProbe`: the quickest probe of a core the run has seen (``QuietCore``).
  public static func measure(
    _ benchmark: Benchmark, settings: MeasurementSettings, quietProbe: Double? = nil
  ) -> ProcessMeasurement {
    // The resident set's high-water mark starts again here, so it is this group's
    // (setup included) and not that of a group measured before it in this process.
    let residentReset = ac_resident_reset_peak() == 0
    let body = benchmark.setUp()

    // 1. Warm up: caches, branch predictors, lazily created runtime metadata.
    let warmUpEnd = ac_now_ns() + settings.warmUpNanoseconds
    var oneRun: UInt64 = 0
    repeat {
      let start = SampleClock.now()
      body()
      oneRun = max(1, SampleClock.now() - start)
    } while ac_now_ns() < warmUpEnd

    // 2. Allocations and peak heap bytes of one call, after warm-up (deterministic).
    let before = ac_thread_counts()
    let peakHeap = peakHeapBytes(during: body)
    let after = ac_thread_counts()

    // 3. Instructions of one call, where the machine has the counter.
    var instructions: Double?
    let descriptor = ac_instructions_open()
    if descriptor >= 0 {
      let start = ac_instructions_read(descriptor)
      body()
      let end = ac_instructions_read(descriptor)
      close(descriptor)
      if start >= 0 && end >= start { instructions = Double(end - start) / Double(benchmark.operations) }
    }

    // 4. Calibrate so one sample lasts the minimum sample time, then sample,
    // each sample between two probes of the core (see ``QuietCore``).
    let iterations = Int(max(1, (settings.minimumSampleNanoseconds + oneRun - 1) / oneRun))
    var samples: [Double] = []
    samples.reserveCapacity(settings.samples)
    var probes: [Double] = []
    probes.reserveCapacity(QuietCore.available ? settings.samples : 0)
    var core = QuietCore(quiet: quietProbe)
    var probeBefore = 0.0
    if QuietCore.available {
      for _ in 0..<3 { _ = core.probe() }
      probeBefore = core.awaitQuiet()
    }
    var sampling = Sampling(body: body, iterations: iterations)
    for index in 0..<settings.samples {
      // 1,552 bytes apart, modulo a page: twelve samples spread over it.
      let elapsed = sampling.time(stackOffset: UInt32(truncatingIfNeeded: index) &* 1_552)
      samples.append(Double(elapsed) / Double(iterations * benchmark.operations))
      guard QuietCore.available else { continue }
      let after = core.probe()
      probes.append(max(probeBefore, after))
      probeBefore = core.isQuiet(after) ? after : core.awaitQuiet()
    }
    core.release()
    // Without a reset the mark is the process's since it started: not this group's alone.
    let resident = ac_resident_peak_bytes()
    return ProcessMeasurement(
      title: benchmark.title, operations: benchmark.operations, samples: samples,
      allocationsPerRun: Int(after.allocations - before.allocations), bytesPerRun: Int(after.bytes - before.bytes),
      instructionsPerOperation: instructions, reference: benchmark.reference, bytesProcessed: benchmark.bytesProcessed,
      peakHeapBytesPerRun: peakHeap, peakResidentBytes: residentReset && resident > 0 ? Int(resident) : nil,
      probes: QuietCore.available ? probes : nil)
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
