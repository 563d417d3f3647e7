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
        SeriesBenchmark(section: ChartSection.width, name: posture.rawValue, x: "container width (pt)") {
          SweepSizes.geometric(from: 320, to: 2732, count: 16).compactMap { width in
            sizeBenchmark("w=\(width)", posture: posture, size: Size(width: width, height: 800)).map {
              SeriesBenchmark.Point(x: width, benchmark: $0)
            }
          }
        })
    }
    for posture in Posture.allCases {
      list.append(
        SeriesBenchmark(
          section: ChartSection.heatmap, name: posture.rawValue, x: "container width (pt)", y: "container height (pt)"
        ) {
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
  public static var scalingBenchmark: Benchmark { peersBatch }

  /// The report sections of the suite's series, by id.
  public enum ChartSection {
    public static let width = "width"
    public static let heatmap = "heatmap"
    public static let scaling = "scaling"
  }

  /// The capacity report's words and sections for this suite: an operation is one
  /// arrangement solved (a transition group's, one frame of an animation), weighed
  /// against 120 Hz and 60 Hz frames.
  public static let reportDefinitions = ReportDefinitions(
    operation: "solve", operations: "solves",
    frames: [.init("120 Hz", nanoseconds: 1e9 / 120), .init("60 Hz", nanoseconds: 1e9 / 60)],
    capacityCaption:
      "How many arrangements can be solved in one 8.33 ms frame on one core of this machine; twice as many fit in a 60 Hz frame (16.7 ms).",
    sections: [
      .init(
        id: ChartSection.width, title: "Cost over container width",
        caption:
          "Split style, height 800 pt, every sizing preset, both directions, camera on and off; median ns per solve.",
        kind: .lines(logX: true), xName: "container width (pt)", yName: "ns per solve"
      ) { _ in "ns per solve over container width, by posture" },
      .init(
        id: ChartSection.heatmap, title: "Cost over width × height",
        caption: "One map per posture, on one colour scale.",
        kind: .heatmaps, xName: "container width (pt)", yName: "height (pt)"
      ) { posture in "ns per solve, \(posture) posture" },
      .init(
        id: ChartSection.scaling, title: "Scaling from one core to all",
        caption: "The batch path ({name}) on 1…N threads, each with its own data.", kind: .scaling,
        xName: "threads", yName: "million solves/s"
      ) { _ in "Million solves per second over threads" },
    ],
    // The groups whose operation is not a solve: a transition group's is one frame of an
    // animation between two answers (R34), `transitions/make` makes a transition (two
    // scenes solved); the region, displacement and grid requests; a scene-file group's
    // is one scene of the stream.
    units: [
      .init("transitions/", operation: "transition frame", operations: "transition frames"),
      .init("transitions/make", operation: "transition made", operations: "transitions made"),
      .init("regions/query", operation: "query", operations: "queries"),
      .init("displacement/elements", operation: "displacement", operations: "displacements"),
      .init("grid/columns", operation: "grid fit", operations: "grid fits"),
      .init("scene-file/", operation: "scene", operations: "scenes"),
    ],
    referenceCaption: "the least work any solver could do for the peers workload")
}
