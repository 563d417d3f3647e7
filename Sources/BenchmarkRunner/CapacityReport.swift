import Foundation

/// The capacity report: how many solves fit in a frame, how cost grows with
/// the container, how throughput scales over cores, and, with a baseline,
/// what changed. An HTML page with inline SVG, a Markdown summary and CSV.
public struct CapacityReport {
  public var run: RunResult
  public var baseline: RunResult?

  public init(run: RunResult, baseline: RunResult? = nil) {
    self.run = run
    self.baseline = baseline
  }

  /// Frame budgets in nanoseconds.
  static let frames: [(name: String, nanoseconds: Double)] = [("120 Hz", 1e9 / 120), ("60 Hz", 1e9 / 60)]

  /// The groups reported against a reference (the reference itself, a bare
  /// lower bound, would dwarf every bar), in run order.
  var groups: [GroupResult] { run.groups.filter { $0.reference != nil } }

  func change(_ group: GroupResult) -> (old: GroupResult, ratio: Double)? {
    guard let old = baseline?.group(group.title) else { return nil }
    return (old, old.nanosecondsPerOperation.median / group.nanosecondsPerOperation.median)
  }

  // MARK: - CSV

  public var csv: String {
    var lines = [
      "group,median_ns_per_op,p25_ns,p75_ns,operations_per_second,per_120hz_frame,per_60hz_frame,allocations_per_op,instructions_per_op,baseline_median_ns_per_op,throughput_change_percent"
    ]
    for group in run.groups {
      let q = group.nanosecondsPerOperation
      let old = change(group)
      let fields: [String] = [
        "\"\(group.title)\"", String(q.median), String(q.p25), String(q.p75), String(group.throughput),
        String((Self.frames[0].nanoseconds / q.median).rounded(.down)),
        String((Self.frames[1].nanoseconds / q.median).rounded(.down)), String(group.allocationsPerOperation),
        group.instructionsPerOperation.map { String($0) } ?? "",
        old.map { String($0.old.nanosecondsPerOperation.median) } ?? "",
        old.map { String(($0.ratio - 1) * 100) } ?? "",
      ]
      lines.append(fields.joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  // MARK: - Markdown

  public var markdown: String {
    var text = "# Capacity report\n\n\(provenance(run))\n"
    if let baseline { text += "\nCompared with \(provenance(baseline))\n" }
    text += "\n| group | ns/solve | solves/s per core | per 120 Hz frame | per 60 Hz frame | allocs/solve |"
    text += baseline == nil ? "\n|---|---:|---:|---:|---:|---:|\n" : " change |\n|---|---:|---:|---:|---:|---:|---:|\n"
    for group in groups {
      let median = group.nanosecondsPerOperation.median
      text += "| \(group.title) | \(Report.number(median)) | \(Report.rate(group.throughput)) | "
      text += "\(Report.number((Self.frames[0].nanoseconds / median).rounded(.down))) | "
      text +=
        "\(Report.number((Self.frames[1].nanoseconds / median).rounded(.down))) | \(Report.number(group.allocationsPerOperation)) |"
      if baseline != nil { text += " \(change(group).map { Report.percent($0.ratio) } ?? "new") |" }
      text += "\n"
    }
    if baseline != nil {
      text += "\n## Capacity change\n\n"
      for group in groups {
        guard let (old, ratio) = change(group) else { continue }
        text +=
          "- \(group.title): \(Report.rate(old.throughput)) → \(Report.rate(group.throughput)), \(Report.percent(ratio))\n"
      }
    }
    if let scaling = run.series?.first(where: { $0.title.hasPrefix("scaling/") }) {
      text += "\n## Scaling over cores (\(scaling.title.dropFirst("scaling/".count)))\n\n"
      for point in scaling.points { text += "- \(Int(point.x)) thread(s): \(Report.rate(point.value))\n" }
    }
    return text
  }

  func provenance(_ result: RunResult) -> String {
    "commit \(result.commit), \(result.date), \(result.toolchain), \(result.buildFlags); \(result.machine.cpuModel), \(result.machine.logicalCores) cores"
  }

  // MARK: - HTML

  public var html: String {
    var sections: [(id: String, title: String, text: String, charts: [String])] = []

    // 1. Capacity per frame, per group.
    let labels = groups.map(\.title)
    var bars: [(name: String, values: [Double])] = []
    if let baseline {
      bars.append(
        (
          "before (\(baseline.commit))",
          groups.map {
            baseline.group($0.title).map { Self.frames[0].nanoseconds / $0.nanosecondsPerOperation.median } ?? .nan
          }
        ))
    }
    bars.append(
      (
        "\(baseline == nil ? "" : "after ")(\(run.commit))",
        groups.map { Self.frames[0].nanoseconds / $0.nanosecondsPerOperation.median }
      ))
    sections.append(
      (
        "capacity", "Arrangements per 120 Hz frame, one core",
        "How many solves fit in one 8.33 ms frame on one core of this machine; twice as many fit in a 60 Hz frame (16.7 ms). The table gives the numbers; groups are timed against \(run.groups.compactMap(\.reference).first ?? "their reference"), the least work any solver could do.",
        [
          Chart.bars(
            title: "Solves per 120 Hz frame (8.33 ms), one core", labels: labels, series: bars, unit: "solves per frame"
          )
        ]
      ))

    // 2. Before and after.
    if baseline != nil {
      let changed = groups.compactMap { group in change(group).map { (group.title, ($0.ratio - 1) * 100) } }
      sections.append(
        (
          "change", "Throughput change against the baseline",
          "Positive: more solves per second than the baseline; negative: fewer.",
          [
            Chart.bars(
              title: "Throughput change per group", labels: changed.map(\.0),
              series: [
                ("more solves/s", changed.map { $0.1 >= 0 ? $0.1 : .nan }),
                ("fewer solves/s", changed.map { $0.1 < 0 ? -$0.1 : .nan }),
              ], unit: "% change in solves per second")
          ]
        ))
    }

    // 3. Cost over container width.
    let widthSeries = (run.series ?? []).filter { $0.title.hasPrefix("width/") }
    if !widthSeries.isEmpty {
      let lines = widthSeries.map { series in
        Chart.Line(name: String(series.title.dropFirst("width/".count)), points: series.points.map { ($0.x, $0.value) })
      }
      sections.append(
        (
          "width", "Cost over container width",
          "Split style, height 800 pt, every sizing preset, both directions, camera on and off; median ns per solve.",
          [
            Chart.lines(
              title: "ns per solve over container width, by posture", lines: lines, xName: "container width (pt)",
              yName: "ns per solve", logX: true)
          ]
        ))
    }

    // 4. Cost over width × height.
    let gridSeries = (run.series ?? []).filter { $0.title.hasPrefix("grid/") }
    if !gridSeries.isEmpty {
      let values = gridSeries.flatMap { $0.points.map(\.value) }
      let range = (values.min() ?? 0, values.max() ?? 1)
      let charts = gridSeries.map { series -> String in
        let xs = Array(Set(series.points.map(\.x))).sorted()
        let ys = Array(Set(series.points.compactMap(\.y))).sorted()
        return Chart.heatmap(
          title: "ns per solve, \(series.title.dropFirst("grid/".count)) posture", xs: xs, ys: ys,
          value: { x, y in series.points.first { $0.x == x && $0.y == y }?.value },
          xName: "container width (pt)", yName: "height (pt)", unit: "ns", range: range)
      }
      sections.append(("heatmap", "Cost over width × height", "One map per posture, on one colour scale.", charts))
    }

    // 5. Scaling over cores.
    if let scaling = run.series?.first(where: { $0.title.hasPrefix("scaling/") }), let first = scaling.points.first {
      let measured = Chart.Line(name: "measured", points: scaling.points.map { ($0.x, $0.value / 1e6) })
      let ideal = Chart.Line(name: "ideal (linear)", points: scaling.points.map { ($0.x, first.value * $0.x / 1e6) })
      sections.append(
        (
          "scaling", "Scaling from one core to all",
          "The batch path (\(scaling.title.dropFirst("scaling/".count))) on 1…\(scaling.points.count) threads, each with its own data.",
          [
            Chart.lines(
              title: "Million solves per second over threads", lines: [measured, ideal], xName: "threads",
              yName: "million solves/s", logX: false, dashedLast: true)
          ]
        ))
    }

    // 6. Allocations.
    sections.append(
      (
        "allocations", "Heap allocations per solve",
        "Counted by a malloc interposer after warm-up; the solver's goal is 0.",
        [
          Chart.lines(
            title: "Heap allocations per solve, by group",
            lines: [
              Chart.Line(
                name: "allocations per solve",
                points: groups.enumerated().map { (Double($0.offset + 1), $0.element.allocationsPerOperation) })
            ], xName: "group (numbered as in the table)", yName: "allocations per solve", logX: false)
        ]
      ))

    let table = tableHTML()
    let body = sections.map { section in
      "<section id=\"\(section.id)\"><h2>\(Chart.escape(section.title))</h2><p>\(Chart.escape(section.text))</p>\n\(section.charts.joined(separator: "\n"))</section>"
    }.joined(separator: "\n")
    return """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"><title>Capacity report</title>
      <style>body{font-family:sans-serif;margin:2em;max-width:1100px;color:#222}table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}td:first-child,th:first-child{text-align:left}section{margin-top:2em}svg{display:block;margin:1em 0}</style>
      </head><body>
      <h1>Capacity report</h1>
      <p>\(Chart.escape(provenance(run)))\(baseline.map { "<br>compared with " + Chart.escape(provenance($0)) } ?? "")</p>
      <section id="table"><h2>Numbers</h2>\(table)
      \(Chart.bars(title: "Solves per second per core (millions)", labels: groups.map(\.title), series: [("\(run.commit)", groups.map { $0.throughput / 1e6 })], unit: "million solves/s"))</section>
      \(body)
      </body></html>
      """
  }

  func tableHTML() -> String {
    var rows =
      "<table><tr><th>#</th><th>group</th><th>ns/solve</th><th>solves/s per core</th><th>per 120 Hz frame</th><th>per 60 Hz frame</th><th>allocs/solve</th>\(baseline == nil ? "" : "<th>before</th><th>change</th>")</tr>"
    for (index, group) in groups.enumerated() {
      let median = group.nanosecondsPerOperation.median
      rows +=
        "<tr><td>\(index + 1)</td><td>\(Chart.escape(group.title))</td><td>\(Report.number(median))</td><td>\(Report.rate(group.throughput))</td>"
      rows +=
        "<td>\(Report.number((Self.frames[0].nanoseconds / median).rounded(.down)))</td><td>\(Report.number((Self.frames[1].nanoseconds / median).rounded(.down)))</td><td>\(Report.number(group.allocationsPerOperation))</td>"
      if baseline != nil {
        let old = change(group)
        rows +=
          "<td>\(old.map { Report.rate($0.old.throughput) } ?? "–")</td><td>\(old.map { Report.percent($0.ratio) } ?? "new")</td>"
      }
      rows += "</tr>"
    }
    return rows + "</table>"
  }
}
