import BenchmarkRunner
import Foundation
import Testing

/// A run with chart data, made up: the report's shape does not depend on the numbers.
func reportRun(scale: Double = 1) -> RunResult {
  var run = result([
    ("split/book", samples(70 * scale), 0), ("overlay/tabletop", samples(65 * scale, seed: 2), 0),
    ("limit/clamp-ratio", samples(1.2, seed: 3), 0),
  ])
  for index in run.groups.indices where !run.groups[index].title.hasPrefix("limit/") {
    run.groups[index].reference = "limit/clamp-ratio"
  }
  let widths = [320.0, 640, 1280, 2560]
  run.series = [
    Series(
      title: "width/book", section: "width", name: "book", xName: "container width (pt)", yName: nil, unit: "ns/op",
      points: widths.map { Series.Point(x: $0, y: nil, value: 60 + $0 / 100) }),
    Series(
      title: "heatmap/book", section: "heatmap", name: "book", xName: "container width (pt)",
      yName: "container height (pt)", unit: "ns/op",
      points: widths.flatMap { w in [400.0, 800].map { h in Series.Point(x: w, y: h, value: 50 + w / 100 + h / 100) } }),
    Series(
      title: "scaling/peers/two-pane-sweep/batch", section: "scaling", name: "peers/two-pane-sweep/batch",
      xName: "threads", yName: nil, unit: "operations/s",
      points: [Series.Point(x: 1, y: nil, value: 2e7), Series.Point(x: 2, y: nil, value: 3.8e7)]),
  ]
  return run
}

/// A suite's report words and sections, made up here: the runner draws whatever a suite defines.
let testDefinitions = ReportDefinitions(
  operation: "lookup", operations: "lookups",
  frames: [.init("120 Hz", nanoseconds: 1e9 / 120), .init("60 Hz", nanoseconds: 1e9 / 60)],
  capacityCaption: "Lookups per frame.",
  sections: [
    .init(id: "width", title: "Cost over width", caption: "c", kind: .lines(logX: true), xName: "w", yName: "ns") { _ in
      "ns over width"
    },
    .init(id: "heatmap", title: "Cost over area", caption: "c", kind: .heatmaps, xName: "w", yName: "h") {
      "ns, \($0)"
    },
    .init(id: "scaling", title: "Scaling", caption: "{name} on threads", kind: .scaling, xName: "threads", yName: "M/s")
    {
      "\($0) over threads"
    },
  ])

/// The `<section>` elements of a page with their `<svg>` charts and data marks.
func sections(of html: String) -> [(id: String, charts: [String])] {
  html.components(separatedBy: "<section id=\"").dropFirst().map { part in
    let id = String(part.prefix { $0 != "\"" })
    let body = part.components(separatedBy: "</section>")[0]
    return (id, body.components(separatedBy: "<svg").dropFirst().map { $0.components(separatedBy: "</svg>")[0] })
  }
}

@Suite("The capacity report")
struct CapacityReportTests {
  @Test("Every section has a chart, every chart has a title, axes text and data marks")
  func chartsInEverySection() {
    let html = CapacityReport(run: reportRun(), definitions: testDefinitions).html
    let found = sections(of: html)
    #expect(found.map(\.id) == ["table", "capacity", "width", "heatmap", "scaling", "allocations"])
    for section in found {
      #expect(!section.charts.isEmpty, "\(section.id) has no chart")
      for chart in section.charts {
        #expect(chart.contains("font-weight=\"bold\""), "\(section.id): a chart without a title")
        #expect(chart.contains("class=\"mark\""), "\(section.id): an empty chart")
      }
    }
    #expect(!html.contains("<script"))
    // The suite's words, not the runner's: nothing of layouts is built in.
    #expect(html.contains("Lookups per 120 Hz frame") && html.contains("peers/two-pane-sweep/batch over threads"))
    #expect(!html.contains("solve") && !html.contains("posture"))
    #expect(
      !html.contains("http://") || html.components(separatedBy: "http://").count == found.flatMap(\.charts).count + 1)
  }

  @Test("With a baseline the report adds the change per group and the capacity change in Markdown")
  func beforeAndAfter() {
    let report = CapacityReport(run: reportRun(scale: 1.25), baseline: reportRun(), definitions: testDefinitions)
    #expect(sections(of: report.html).map(\.id).contains("change"))
    #expect(report.markdown.contains("## Capacity change"))
    // 25% more time per solve is 20% fewer solves per second.
    #expect(report.markdown.contains("split/book: ") && report.markdown.contains("−20.0%"))
  }

  @Test("The CSV has a header and one row per group, with frame budgets")
  func csv() {
    let lines = CapacityReport(run: reportRun(), definitions: testDefinitions).csv.split(separator: "\n")
    #expect(lines.count == 4)
    #expect(lines[0].hasPrefix("group,median_ns_per_op"))
    let book = lines[1].split(separator: ",")
    let median = Double(book[1])!
    #expect(Double(book[5])! == (1e9 / 120 / median).rounded(.down))
  }
}
