import ArrangementSolver
import BenchmarkRunner

extension ArrangementSuite {
  /// The scenes of one container size in one posture: every sizing preset,
  /// both directions, camera on and off.
  static func scenes(posture: Posture, style: StylePreset, size: Size) -> [Scene] {
    Sweep.points(style: style, posture: posture, sizes: [size]).map(\.scene)
  }

  /// Solves the scenes of one size, or `nil` where the sweep has none (the small outer display).
  static func sizeBenchmark(_ title: String, posture: Posture, size: Size) -> Benchmark? {
    let scenes = scenes(posture: posture, style: .split, size: size)
    guard !scenes.isEmpty else { return nil }
    return Benchmark(title, operations: scenes.count) {
      return {
        var checksum: UInt64 = 0
        scenes.withUnsafeBufferPointer { scenes in
          for index in scenes.indices { mix(&checksum, scenes[index].solve()) }
        }
        blackHole(checksum)
      }
    }
  }

  /// Chart data: split cost over container width (height 800) and over
  /// width × height, per posture; capacity over threads for the batch path.
  public static func series() -> [SeriesBenchmark] {
    var list: [SeriesBenchmark] = []
    for posture in Posture.allCases {
      list.append(
        SeriesBenchmark("width/\(posture.rawValue)", x: "container width (pt)") {
          SweepSizes.geometric(from: 320, to: 2732, count: 16).compactMap { width in
            sizeBenchmark("w=\(width)", posture: posture, size: Size(width: width, height: 800)).map {
              SeriesBenchmark.Point(x: width, benchmark: $0)
            }
          }
        })
    }
    for posture in Posture.allCases {
      list.append(
        SeriesBenchmark("grid/\(posture.rawValue)", x: "container width (pt)", y: "container height (pt)") {
          SweepSizes.geometric(from: 320, to: 2732, count: 12).flatMap { width in
            SweepSizes.geometric(from: 320, to: 2048, count: 8).compactMap { height in
              sizeBenchmark("w=\(width),h=\(height)", posture: posture, size: Size(width: width, height: height)).map {
                SeriesBenchmark.Point(x: width, y: height, benchmark: $0)
              }
            }
          }
        })
    }
    return list
  }

  /// The benchmark whose throughput is measured on 1…N threads.
  public static var scalingBenchmark: Benchmark {
    benchmarks().first { $0.title == "peers/two-pane-sweep/batch" }!
  }
}
