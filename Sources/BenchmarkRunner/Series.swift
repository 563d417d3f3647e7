import CMeasurement
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A family of small benchmarks over one or two parameters (a container
/// width, a width × height grid), measured quickly for charts rather than
/// for verdicts.
public struct SeriesBenchmark: Sendable {
  public struct Point: Sendable {
    public var x: Double
    public var y: Double?
    public var benchmark: Benchmark

    public init(x: Double, y: Double? = nil, benchmark: Benchmark) {
      self.x = x
      self.y = y
      self.benchmark = benchmark
    }
  }

  /// The report section it is drawn in (see ``ReportDefinitions/Section``) and its name there.
  public var section: String
  public var name: String
  public var xName: String
  public var yName: String?
  public var points: @Sendable () -> [Point]

  /// `section/name`, as a result file and progress lines show it.
  public var title: String { "\(section)/\(name)" }

  public init(
    section: String, name: String, x xName: String, y yName: String? = nil,
    points: @escaping @Sendable () -> [Point]
  ) {
    self.section = section
    self.name = name
    self.xName = xName
    self.yName = yName
    self.points = points
  }
}

/// A measured series: one value (median nanoseconds per operation, or
/// operations per second) per point.
public struct Series: Codable, Sendable, Hashable {
  public struct Point: Codable, Sendable, Hashable {
    public var x: Double
    public var y: Double?
    public var value: Double

    public init(x: Double, y: Double?, value: Double) {
      self.x = x
      self.y = y
      self.value = value
    }
  }

  public var title: String
  /// The report section it is drawn in, and its name there (`nil` in files of earlier versions: not drawn).
  public var section: String?
  public var name: String?
  public var xName: String
  public var yName: String?
  public var unit: String
  public var points: [Point]

  public init(
    title: String, section: String? = nil, name: String? = nil, xName: String, yName: String?, unit: String,
    points: [Point]
  ) {
    self.title = title
    self.section = section
    self.name = name
    self.xName = xName
    self.yName = yName
    self.unit = unit
    self.points = points
  }
}

extension Sampler {
  /// Measures every point of a series: a short warm-up, then the median of `samples` samples.
  public static func measure(_ series: SeriesBenchmark, samples: Int = 5, sampleNanoseconds: UInt64 = 300_000)
    -> Series
  {
    let settings = MeasurementSettings(
      samples: samples, minimumSampleNanoseconds: sampleNanoseconds, warmUpNanoseconds: sampleNanoseconds)
    let points = series.points().map { point in
      let measured = measure(point.benchmark, settings: settings)
      return Series.Point(x: point.x, y: point.y, value: Statistics.median(measured.samples))
    }
    return Series(
      title: series.title, section: series.section, name: series.name, xName: series.xName, yName: series.yName,
      unit: "ns/op", points: points)
  }

  /// Operations per second of `benchmark` run on 1…`maximumThreads` threads at
  /// once (each thread with its own setup), each count for `seconds`.
  public static func scaling(_ benchmark: Benchmark, section: String, maximumThreads: Int, seconds: Double = 0.3)
    -> Series
  {
    let points = (1...max(1, maximumThreads)).map { threads -> Series.Point in
      // Each thread has its own setup and its own counter: nothing is shared but read-only data.
      final class Workers: @unchecked Sendable {
        let bodies: [() -> Void]
        var counts: [Int]
        init(_ bodies: [() -> Void]) {
          self.bodies = bodies
          counts = Array(repeating: 0, count: bodies.count)
        }
      }
      let workers = Workers((0..<threads).map { _ in benchmark.setUp() })
      for body in workers.bodies { body() }
      let start = ac_now_ns()
      let end = start + UInt64(seconds * 1e9)
      workers.counts.withUnsafeMutableBufferPointer { counts in
        nonisolated(unsafe) let counts = counts
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
          var runs = 0
          while ac_now_ns() < end {
            workers.bodies[thread]()
            runs += 1
          }
          counts[thread] = runs
        }
      }
      let elapsed = Double(ac_now_ns() - start) / 1e9
      let operations = workers.counts.reduce(0, +) * benchmark.operations
      return Series.Point(x: Double(threads), y: nil, value: Double(operations) / elapsed)
    }
    return Series(
      title: "\(section)/\(benchmark.title)", section: section, name: benchmark.title, xName: "threads", yName: nil,
      unit: "operations/s", points: points)
  }
}
