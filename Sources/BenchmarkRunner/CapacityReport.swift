import Foundation

/// The capacity report: how many operations fit in a frame, the suite's
/// chart sections (cost over sizes, scaling over cores), allocations, and,
/// with a baseline, what changed. An HTML page with inline SVG, a Markdown
/// summary and CSV. Its words and sections come from the suite (``ReportDefinitions``).
public struct CapacityReport {
  public var run: RunResult
  public var baseline: RunResult?
  public var definitions: ReportDefinitions
  /// Each group's times over recorded commits (see ``Trend``); drawn when given.
  public var trends: [Trend]
  /// The suite's thresholds (``BenchmarkSuite/thresholds``): the change chart colours each
  /// bar by the time verdict `compare` would give, under the same thresholds.
  public var thresholds: [GroupThresholds]

  public init(
    run: RunResult, baseline: RunResult? = nil, definitions: ReportDefinitions = .generic, trends: [Trend] = [],
    thresholds: [GroupThresholds] = []
  ) {
    self.run = run
    self.baseline = baseline
    self.definitions = definitions
    self.trends = trends
    self.thresholds = thresholds
  }

  var frames: [ReportDefinitions.Frame] { definitions.frames }

  /// Said before any change when the baseline's times do not compare
  /// (``Comparability``: another kind of host, or another method): its changes
  /// are differences between machines, not between builds.
  var otherHost: String? {
    guard let baseline else { return nil }
    let comparability = Comparability(baseline: baseline, current: run)
    guard let reason = comparability.timeNotJudgedReason else { return nil }
    return "\(reason); the changes below compare two machines, not two builds"
  }
  var operation: String { definitions.operation }
  var operations: String { definitions.operations }

  /// The series drawn in a section, in run order.
  func series(in section: ReportDefinitions.Section) -> [Series] {
    (run.series ?? []).filter { $0.section == section.id }
  }

  /// The groups the others are timed against (``Benchmark/reference``), in run order.
  var references: [String] {
    var titles: [String] = []
    for title in run.groups.compactMap(\.reference) where !titles.contains(title) { titles.append(title) }
    return titles
  }

  /// The groups shown, in run order: every group but those the others are timed against
  /// (a yardstick, far quicker than the rest, would dwarf every bar); with no reference, all.
  var groups: [GroupResult] {
    let references = Set(references)
    return run.groups.filter { !references.contains($0.title) }
  }

  /// The sentence on the groups left out: their titles, and what the suite says they are.
  var referenceSentence: String {
    let references = references
    guard !references.isEmpty else { return "" }
    let what = definitions.referenceCaption.map { ", \($0)," } ?? ""
    let verb = references.count == 1 ? "is" : "are"
    return
      " \(references.joined(separator: ", "))\(what) \(verb) left out: the other groups are timed against \(references.count == 1 ? "it" : "them") (the × reference column in the tables of run)."
  }

  /// The words for one operation of `group` and for several (``ReportDefinitions/unit(of:)``).
  func unit(_ group: GroupResult) -> (operation: String, operations: String) { definitions.unit(of: group.title) }

  /// Whether `group` counts an operation of its own rather than the suite's.
  func hasOwnUnit(_ group: GroupResult) -> Bool { unit(group).operation != operation }

  /// Whether some group counts an operation of its own: then the tables name each
  /// group's operation, their headings say "op", and the charts' labels name the others.
  var mixesUnits: Bool { groups.contains(where: hasOwnUnit) }

  /// A group's label in charts: its title, with its operations where they are its own.
  func label(_ group: GroupResult) -> String {
    hasOwnUnit(group) ? "\(group.title) (\(unit(group).operations))" : group.title
  }

  func change(_ group: GroupResult) -> (old: GroupResult, ratio: Double)? {
    guard let old = baseline?.group(group.title) else { return nil }
    return (old, old.nanosecondsPerOperation.median / group.nanosecondsPerOperation.median)
  }

  // MARK: - CSV

  public var csv: String {
    let frameColumns = frames.map { "per_" + $0.name.lowercased().filter { $0.isLetter || $0.isNumber } + "_frame" }
    var lines = [
      (["group", "median_ns_per_op", "p25_ns", "p75_ns", "operations_per_second"] + frameColumns + [
        "allocations_per_op", "instructions_per_op", "baseline_median_ns_per_op", "throughput_change_percent",
        "peak_heap_bytes_per_run", "peak_resident_bytes", "estimated_cycles_per_op", "operation",
      ]).joined(separator: ",")
    ]
    for group in run.groups {
      let q = group.nanosecondsPerOperation
      let old = change(group)
      let fields: [String] =
        [
          Text.csv(group.title), String(q.median), String(q.p25), String(q.p75), String(group.throughput),
        ] + frames.map { String(($0.nanoseconds / q.median).rounded(.down)) } + [
          String(group.allocationsPerOperation),
          group.instructionsPerOperation.map { String($0) } ?? "",
          old.map { String($0.old.nanosecondsPerOperation.median) } ?? "",
          old.map { String(($0.ratio - 1) * 100) } ?? "",
          group.peakHeapBytesPerRun.map { String($0) } ?? "", group.peakResidentBytes.map { String($0) } ?? "",
          group.estimatedCyclesPerOperation.map { String($0) } ?? "", Text.csv(unit(group).operation),
        ]
      lines.append(fields.joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  // MARK: - Markdown

  public var markdown: String {
    var text = "# Capacity report\n\n\(Text.markdown(provenance(run)))\n"
    if let baseline { text += "\nCompared with \(Text.markdown(provenance(baseline)))\n" }
    if let otherHost { text += "\n**\(Text.markdown(otherHost))**\n" }
    let frameHeads = frames.map { " per \($0.name) frame |" }.joined()
    let memory = memoryColumns
    // With groups counted in other operations, each row names its own.
    let mixed = mixesUnits
    let (op, ops) = mixed ? ("op", "ops") : (operation, operations)
    text +=
      "\n| group |\(mixed ? " operation |" : "") ns/\(op) | \(ops)/s per core |\(frameHeads) allocs/\(op) |"
      + memory.map { " \($0.heading) |" }.joined()
    let alignment =
      "|---|" + (mixed ? "---|" : "")
      + String(repeating: "---:|", count: 3 + frames.count + memory.count + (baseline == nil ? 0 : 1))
    text += (baseline == nil ? "\n" : " change |\n") + alignment + "\n"
    for group in groups {
      let median = group.nanosecondsPerOperation.median
      text += "| \(Text.markdown(group.title)) | "
      if mixed { text += "\(Text.markdown(unit(group).operation)) | " }
      text += "\(Report.number(median)) | \(Report.rate(group.throughput)) | "
      for frame in frames { text += "\(Report.number((frame.nanoseconds / median).rounded(.down))) | " }
      text += "\(Report.number(group.allocationsPerOperation)) |"
      text += memory.map { " \($0.cell(group)) |" }.joined()
      if baseline != nil { text += " \(change(group).map { Report.percent($0.ratio) } ?? "new") |" }
      text += "\n"
    }
    if mixed {
      text += "\n## Groups counted in other operations\n\n"
      for group in groups where hasOwnUnit(group) {
        let (one, several) = unit(group)
        let median = group.nanosecondsPerOperation.median
        let perFrame = frames.map {
          "\(Report.number(($0.nanoseconds / median).rounded(.down))) \(Text.markdown(several)) per \($0.name) frame"
        }
        text +=
          "- \(Text.markdown(group.title)): \(perFrame.joined(separator: ", ")) (\(Report.number(median)) ns per \(Text.markdown(one)))\n"
      }
    }
    if baseline != nil {
      text += "\n## Capacity change\n\n"
      for group in groups {
        guard let (old, ratio) = change(group) else { continue }
        text +=
          "- \(Text.markdown(group.title)): \(Report.rate(old.throughput)) → \(Report.rate(group.throughput)), \(Report.percent(ratio))\n"
      }
    }
    for section in definitions.sections {
      guard case .scaling = section.kind, let scaling = series(in: section).first else { continue }
      text += "\n## \(Text.markdown(section.title)) (\(Text.markdown(scaling.name ?? scaling.title)))\n\n"
      for point in scaling.points {
        // A count from a file may be anything; `Int(_:)` would trap beyond Int's range.
        let threads =
          point.x == point.x.rounded() && abs(point.x) < 1e15 ? String(Int(point.x)) : Report.number(point.x)
        text += "- \(threads) thread(s): \(Report.rate(point.value))\n"
      }
    }
    return text
  }

  /// Peak heap bytes of a run and the worker's peak resident set, where the
  /// run measured them: the memory a group needs beside the time it takes.
  var memoryColumns: [(heading: String, cell: (GroupResult) -> String)] {
    // The metrics in bytes that tables give a column (``Metric/column``).
    Metric.scalars.filter { metric in
      metric.format == .bytes && metric.column && groups.contains { metric.value(in: $0) != nil }
    }.map { metric in (metric.label, { metric.value(in: $0).map(metric.formatted) ?? "–" }) }
  }

  func provenance(_ result: RunResult) -> String {
    "commit \(result.commit), \(result.date), \(result.toolchain), \(result.buildFlags); \(result.machine.cpuModel), \(result.machine.logicalCores) cores"
  }

  // MARK: - HTML

  /// Each group's change in throughput against the baseline, in percent, with
  /// the 95% interval that `compare` judges time by (a hierarchical bootstrap
  /// of median(run) / median(baseline), ``Statistics/medianRatioInterval``).
  /// Throughput is the inverse of time, so the interval's ends swap: a time
  /// ratio in low…high is a throughput ratio in 1/high…1/low.
  /// Each group's time verdict against the baseline, as `compare` gives it under the suite's
  /// thresholds (`not judged` where the baseline is another host's); `nil` without a baseline.
  var timeVerdicts: [String: Verdict]? {
    var policy = ComparisonPolicy()
    policy.groupThresholds = thresholds
    return baseline.map { baseline in
      Dictionary(
        Comparison(baseline: baseline, current: run, policy: policy).groups.map { ($0.title, $0.time) },
        uniquingKeysWith: { a, _ in a })
    }
  }

  /// Each bar carries the time verdict `compare` gives the group (``Comparison``, under the
  /// suite's thresholds): `not judged` where the baseline is another host's.
  func throughputChanges() -> [Chart.Change] {
    let verdicts = timeVerdicts
    return groups.compactMap { group -> Chart.Change? in
      guard let (old, ratio) = change(group) else { return nil }
      let verdict = verdicts?[group.title]
      let time = Statistics.medianRatioInterval(old.samplesByProcess, group.samplesByProcess)
      let (low, high) = (1 / time.high, 1 / time.low)
      let interval =
        low.isFinite && high.isFinite ? "95% interval \(Report.percent(low)) … \(Report.percent(high))" : ""
      return Chart.Change(
        label: group.title, percent: (ratio - 1) * 100, low: (low - 1) * 100, high: (high - 1) * 100,
        text: Report.percent(ratio),
        detail:
          "\(Report.percent(ratio)) \(operations)/s (\(Report.rate(old.throughput)) → \(Report.rate(group.throughput)))\(interval.isEmpty ? "" : ", " + interval)\(verdict.map { "; time: \($0.rawValue)" } ?? "")",
        verdict: verdict)
    }
  }

  public var html: String {
    var sections: [(id: String, title: String, text: String, charts: [String])] = []
    let capitalOperations = operations.prefix(1).uppercased() + operations.dropFirst()

    // 1. Capacity per frame, per group.
    let labels = groups.map(label)
    // With groups counted in other operations, their labels name them.
    let capacityWords = mixesUnits ? "\(capitalOperations) (or the operations named)" : capitalOperations
    var bars: [(name: String, values: [Double])] = []
    if let baseline {
      bars.append(
        (
          "before (\(baseline.commit))",
          groups.map {
            baseline.group($0.title).map { frames[0].nanoseconds / $0.nanosecondsPerOperation.median } ?? .nan
          }
        ))
    }
    bars.append(
      (
        "\(baseline == nil ? "" : "after ")(\(run.commit))",
        groups.map { frames[0].nanoseconds / $0.nanosecondsPerOperation.median }
      ))
    sections.append(
      (
        "capacity",
        "\(capacityWords) per \(frames[0].name) frame, one core",
        "\(definitions.capacityCaption) The table gives the numbers.\(referenceSentence)",
        [
          Chart.bars(
            title:
              "\(capacityWords) per \(frames[0].name) frame (\(Report.number(frames[0].nanoseconds / 1e6)) ms), one core",
            labels: labels, series: bars, unit: mixesUnits ? "per frame" : "\(operations) per frame")
        ]
      ))

    // 2. Before and after: signed changes both ways from zero, with intervals.
    if baseline != nil {
      let changes = throughputChanges()
      sections.append(
        (
          "change", "Throughput change against the baseline",
          "Bars to the right of zero: more \(operations) per second than the baseline; to the left: fewer. Each bar is the change of the median, written beside it, coloured by the time verdict of compare (grey: the same, or not judged where the baseline is another host's); the whisker is its 95% interval (a hierarchical bootstrap over processes: the interval compare judges time by).",
          [
            Chart.changes(
              title: "Throughput change per group", rows: changes, more: "more \(operations)/s",
              fewer: "fewer \(operations)/s", axisName: "change in \(operations) per second (%)")
          ]
        ))
    }

    // 3. The suite's sections: lines, heat maps, scaling.
    for section in definitions.sections {
      let members = series(in: section)
      guard !members.isEmpty else { continue }
      let chartTitle = section.chartTitle
      switch section.kind {
      case .lines(let logX):
        let lines = members.map { series in
          Chart.Line(name: series.name ?? series.title, points: series.points.map { ($0.x, $0.value) })
        }
        if lines.allSatisfy({ $0.points.allSatisfy { $0.y == 0 } }) {
          sections.append((section.id, section.title, section.caption + " Every value is 0.", []))
          continue
        }
        sections.append(
          (
            section.id, section.title, section.caption,
            [
              Chart.lines(
                title: chartTitle(""), lines: lines, xName: section.xName, yName: section.yName, logX: logX)
            ]
          ))
      case .heatmaps:
        // One scale for every map, which one outlying cell cannot stretch.
        let scale = Chart.ColourScale.robust(members.flatMap { $0.points.map(\.value) })
        let columns = members.map { Set($0.points.map(\.x)).count }.max() ?? 0
        let charts = members.map { series -> String in
          let xs = Array(Set(series.points.map(\.x))).sorted()
          let ys = Array(Set(series.points.compactMap(\.y))).sorted()
          return Chart.heatmap(
            title: chartTitle(series.name ?? series.title), xs: xs, ys: ys,
            value: { x, y in series.points.first { $0.x == x && $0.y == y }?.value },
            xName: section.xName, yName: section.yName, unit: "ns", scale: scale, columns: columns)
        }
        let note =
          scale.beyondHigh || scale.beyondLow
          ? " The colour scale spans \(Report.number(scale.low))–\(Report.number(scale.high)) ns: every value within 3 interquartile ranges of the quartiles (Tukey's far-out fences), and at least the 2nd–98th percentile; outlined cells with a triangle lie beyond it and are drawn at its end colour."
          : ""
        sections.append((section.id, section.title, section.caption + note, charts))
      case .scaling:
        guard let scaling = members.first, let first = scaling.points.first else { continue }
        let measured = Chart.Line(name: "measured", points: scaling.points.map { ($0.x, $0.value / 1e6) })
        let ideal = Chart.Line(
          name: "ideal (linear)", points: scaling.points.map { ($0.x, first.value * $0.x / 1e6) })
        sections.append(
          (
            section.id, section.title,
            section.caption.replacingOccurrences(of: "{name}", with: scaling.name ?? scaling.title),
            [
              Chart.lines(
                title: chartTitle(scaling.name ?? scaling.title), lines: [measured, ideal], xName: section.xName,
                yName: section.yName, logX: false, integerX: true, dashedLast: true)
            ]
          ))
      }
    }

    // 4. History: one trend per group, change points marked.
    if !trends.isEmpty {
      let charts = trends.map { trend -> String in
        let position = Dictionary(trend.points.enumerated().map { ($1.commit, $0) }, uniquingKeysWith: { a, _ in a })
        let changes = trend.changes.compactMap { change -> (index: Int, label: String)? in
          guard let index = position[change.commit] else { return nil }
          let what = change.kind == .drift ? "drift from " : ""
          return (
            index, "\(what)\(change.commit.prefix(7)): \(Report.number(change.before)) → \(Report.number(change.after))"
          )
        }
        return Chart.trend(
          title: "\(trend.group) over commits", commits: trend.points.map(\.commit),
          medians: trend.points.map(\.median),
          p25: trend.points.map(\.p25), p75: trend.points.map(\.p75), changes: changes,
          yName: "ns per \(operation)")
      }
      sections.append(
        (
          "trends", "History over commits",
          "Median ns per \(operation) of each recorded run in commit order, with its p25–p75 band, on one host class (\(trends[0].hostClass)) and clock (\(trends[0].clock)); dashed rules mark change points (least-squares segmentation penalised for noise; outliers and drifts set apart).",
          charts
        ))
    }

    // 5. Allocations: a line of words where no group allocates, rather than a panel of dots at zero.
    if groups.allSatisfy({ $0.allocationsPerOperation == 0 }) {
      sections.append(
        (
          "allocations", "Heap allocations per \(operation)",
          "Counted by a malloc interposer after warm-up: no group shown allocates (0 per \(operation) in each of the \(groups.count)).",
          []
        ))
    } else {
      sections.append(
        (
          "allocations", "Heap allocations per \(operation)",
          "Counted by a malloc interposer after warm-up.",
          [
            Chart.lines(
              title: "Heap allocations per \(operation), by group",
              lines: [
                Chart.Line(
                  name: "allocations per \(operation)",
                  points: groups.enumerated().map { (Double($0.offset + 1), $0.element.allocationsPerOperation) })
              ], xName: "group (numbered as in the table)", yName: "allocations per \(operation)", logX: false,
              integerX: true)
          ]
        ))
    }

    // A section without charts is its line of words (class `note`): nothing drawn is worth a panel.
    let body = sections.map { section in
      section.charts.isEmpty
        ? "<section id=\"\(section.id)\"><h2>\(Chart.escape(section.title))</h2><p class=\"note\">\(Chart.escape(section.text))</p></section>"
        : "<section id=\"\(section.id)\"><h2>\(Chart.escape(section.title))</h2><p>\(Chart.escape(section.text))</p>\n<div class=\"charts\">\n\(section.charts.map { "<figure>\($0)</figure>" }.joined(separator: "\n"))\n</div></section>"
    }.joined(separator: "\n")
    return """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Capacity report</title>
      <style>\(Self.style)</style>
      </head><body>
      <h1>Capacity report</h1>
      <p>\(Chart.escape(provenance(run)))\(baseline.map { "<br>compared with " + Chart.escape(provenance($0)) } ?? "")</p>
      \(otherHost.map { "<p><strong>" + Chart.escape($0) + "</strong></p>" } ?? "")
      <section id="table"><h2>Numbers</h2><div class="numbers">\(tableHTML())</div></section>
      \(body)
      </body></html>
      """
  }

  /// The page's layout: up to 1400 px wide; the numbers table across the whole
  /// width, every column in view (it scrolls sideways only in a narrower window);
  /// charts as wide as their column (one column, or two side by side where a
  /// section has several, such as heat maps and trends).
  static let style = [
    "body{font-family:sans-serif;margin:1.5em auto;padding:0 1.5em;max-width:1400px;color:#222}",
    "table{border-collapse:collapse;font-size:13px;width:100%}",
    "td,th{border:1px solid #ccc;padding:3px 6px;text-align:right}td,th{white-space:nowrap}th{vertical-align:bottom}",
    "td:nth-child(2),th:nth-child(2),td.unit,th.unit{text-align:left}",
    "td.negative{color:#d62728}td.positive{color:#1f77b4}",
    "section{margin-top:2em}figure{margin:0;min-width:0}p.note{font-style:italic}",
    "svg{display:block;width:100%;height:auto}",
    ".numbers{overflow-x:auto}",
    ".charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,560px),1fr));gap:1.5em 2em}",
  ].joined()

  func tableHTML() -> String {
    let frameHeads = frames.map { "<th>per \(Chart.escape($0.name)) frame</th>" }.joined()
    let memory = memoryColumns
    let memoryHeads = memory.map { "<th>\(Chart.escape($0.heading))</th>" }.joined()
    let mixed = mixesUnits
    let (op, ops) = mixed ? ("op", "ops") : (operation, operations)
    var rows =
      "<table><tr><th>#</th><th>group</th>\(mixed ? "<th class=\"unit\">operation</th>" : "")<th>ns/\(op)</th><th>\(ops)/s per core</th>\(frameHeads)<th>allocs/\(op)</th>\(memoryHeads)\(baseline == nil ? "" : "<th>before</th><th>change</th>")</tr>"
    let verdicts = timeVerdicts
    for (index, group) in groups.enumerated() {
      let median = group.nanosecondsPerOperation.median
      rows +=
        "<tr><td>\(index + 1)</td><td>\(Chart.escape(group.title))</td>\(mixed ? "<td class=\"unit\">\(Chart.escape(unit(group).operation))</td>" : "")<td>\(Report.number(median))</td><td>\(Report.rate(group.throughput))</td>"
      for frame in frames { rows += "<td>\(Report.number((frame.nanoseconds / median).rounded(.down)))</td>" }
      rows += "<td>\(Report.number(group.allocationsPerOperation))</td>"
      rows += memory.map { "<td>\(Chart.escape($0.cell(group)))</td>" }.joined()
      if baseline != nil {
        let old = change(group)
        // Coloured as the change chart's bar: by the time verdict, not by the sign of a change within the noise.
        let verdict = verdicts?[group.title]
        let sign =
          verdict == .regression ? " class=\"negative\"" : verdict == .improvement ? " class=\"positive\"" : ""
        rows +=
          "<td>\(old.map { Report.rate($0.old.throughput) } ?? "–")</td><td\(sign)>\(old.map { Report.percent($0.ratio) } ?? "new")</td>"
      }
      rows += "</tr>"
    }
    return rows + "</table>"
  }
}
