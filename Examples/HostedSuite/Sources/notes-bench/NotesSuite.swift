import ArrangementSolver
import BenchmarkRunner
import NotesLayout

/// The notes app's benchmarks: its layout solved cold per size, through a
/// compiled plan, and in one batch.
enum NotesSuite {
  static let suite = BenchmarkSuite(
    name: "notes", benchmarks: { benchmarks }, reportDefinitions: reportDefinitions, series: { series })

  static var benchmarks: [Benchmark] {
    let widths = NotesLayout.resizeWidths
    return [
      // A window resized by hand: every size solved from its scene.
      Benchmark("notes/resize", operations: widths.count) {
        var scene = NotesLayout.scene(width: widths[0], height: 800)
        return {
          var total = 0.0
          for width in widths { total += scene.solve(resizingTo: Size(width: width, height: 800)).primary.frame.width }
          blackHole(total)
        }
      },
      // The same sizes through a plan compiled once.
      Benchmark("notes/resize/plan", operations: widths.count) {
        let plan = ArrangementPlan(NotesLayout.scene(width: widths[0], height: 800))
        return {
          var total = 0.0
          for width in widths { total += plan.solve(width: width, height: 800).primary.frame.width }
          blackHole(total)
        }
      },
      // The same sizes in one batch into storage made once.
      Benchmark("notes/resize/batch", operations: widths.count) {
        let plan = ArrangementPlan(NotesLayout.scene(width: widths[0], height: 800))
        let sizes = widths.map { Size(width: $0, height: 800) }
        var output = [Solution](repeating: plan.solve(width: widths[0], height: 800), count: sizes.count)
        return {
          let written = sizes.withUnsafeBufferPointer { sizes in
            output.withUnsafeMutableBufferPointer { plan.solve(sizes: sizes, into: $0) }
          }
          blackHole(output[written - 1].secondary.frame.width)
        }
      },
    ]
  }

  /// The report's chart: the cold solve's cost over the window's width.
  static var series: [SeriesBenchmark] {
    [
      SeriesBenchmark(section: "width", name: "notes", x: "window width (pt)") {
        [480.0, 640, 800, 1024, 1366, 1920, 2560].map { width in
          SeriesBenchmark.Point(
            x: width,
            benchmark: Benchmark("w=\(width)", operations: 1) {
              var scene = NotesLayout.scene(width: width, height: 800)
              return { blackHole(scene.solve(resizingTo: Size(width: width, height: 800))) }
            })
        }
      }
    ]
  }

  static let reportDefinitions = ReportDefinitions(
    operation: "layout", operations: "layouts",
    frames: [.init("120 Hz", nanoseconds: 1e9 / 120), .init("60 Hz", nanoseconds: 1e9 / 60)],
    capacityCaption: "How many notes layouts fit in one 120 Hz frame on one core of this machine.",
    sections: [
      .init(
        id: "width", title: "Cost over window width", caption: "The cold solve, height 800 pt; median ns per layout.",
        kind: .lines(logX: false), xName: "window width (pt)", yName: "ns per layout"
      ) { _ in "ns per layout over window width" }
    ])
}
