import BenchmarkRunner
import Foundation
import Testing

/// A run with chart data, made up: the report's shape does not depend on the numbers.
/// `scale` multiplies split/book's times, `tabletop` overlay/tabletop's (by default `scale` too).
func reportRun(scale: Double = 1, tabletop: Double? = nil, heatmapOutlier: Double? = nil) -> RunResult {
  var run = result([
    ("split/book", samples(70 * scale), 0), ("overlay/tabletop", samples(65 * (tabletop ?? scale), seed: 2), 0),
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
  if let heatmapOutlier { run.series![1].points[3].value = heatmapOutlier }
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

/// The elements of `svg` whose start tag begins with `start` (`<rect class="mark"`), as their attributes.
func elements(_ svg: String, _ start: String) -> [[String: String]] {
  svg.components(separatedBy: start).dropFirst().map { rest in
    let tag = start + rest.prefix { $0 != ">" }
    var attributes: [String: String] = [:]
    for pair in tag.components(separatedBy: "\" ").map({ $0.split(separator: " ").last ?? "" }) {
      let parts = pair.split(separator: "=", maxSplits: 1)
      if parts.count == 2 { attributes[String(parts[0])] = parts[1].filter { $0 != "\"" } }
    }
    return attributes
  }
}

/// The texts of the `<text>` elements of `svg` with class `name`.
func texts(_ svg: String, class name: String) -> [String] {
  svg.components(separatedBy: "class=\"\(name)\"").dropFirst().map { rest in
    String(rest.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" })
  }
}

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
    // Issue 39: the numbers are a table of their own; allocations all zero are a line of words, not a chart.
    #expect(found.first { $0.id == "table" }?.charts.isEmpty == true && html.contains("<div class=\"numbers\"><table>"))
    #expect(found.first { $0.id == "allocations" }?.charts.isEmpty == true)
    #expect(html.contains("<p class=\"note\">Counted by a malloc interposer after warm-up: no group shown allocates"))
    for section in found where !["table", "allocations"].contains(section.id) {
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

  @Test("The change chart draws fewer to the left of zero and more to the right, with intervals and signed words")
  func changesBothWays() throws {
    // split/book 25% slower (20% fewer lookups/s), overlay/tabletop 20% faster (25% more).
    let report = CapacityReport(
      run: reportRun(scale: 1.25, tabletop: 0.8), baseline: reportRun(), definitions: testDefinitions)
    let chart = try #require(sections(of: report.html).first { $0.id == "change" }?.charts.first)
    let zero = try #require(elements(chart, "<line class=\"zero\"").first.flatMap { Double($0["x1"]!) })
    let bars = elements(chart, "<rect class=\"mark\"")
    let whiskers = elements(chart, "<g class=\"whisker\"")
    #expect(bars.count == 2 && whiskers.count == 2)
    let negative = try #require(bars.first { $0["data-sign"] == "negative" })
    let positive = try #require(bars.first { $0["data-sign"] == "positive" })
    // Negative bars end at the zero line and extend left of it; positive ones start at it.
    #expect(Double(negative["x"]!)! + Double(negative["width"]!)! <= zero + 0.05)
    #expect(Double(negative["width"]!)! > 10)
    #expect(abs(Double(positive["x"]!)! - zero) < 0.05)
    // Each whisker (its first line, low to high) holds the bar's end; both lie on the bar's side.
    let spans = chart.components(separatedBy: "<g class=\"whisker\"").dropFirst().map { whisker in
      let line = elements(whisker, "<line x1=")[0]
      return (Double(line["x1"]!)!, Double(line["x2"]!)!)
    }
    let bookEnd = Double(negative["x"]!)!
    let tabletopEnd = Double(positive["x"]!)! + Double(positive["width"]!)!
    #expect(spans.contains { $0.0 < bookEnd && bookEnd < $0.1 && $0.1 < zero })
    #expect(spans.contains { $0.0 < tabletopEnd && tabletopEnd < $0.1 && $0.0 > zero })
    // Told apart by words, not colour only: the signed percentages and the directions.
    #expect(texts(chart, class: "value").sorted() == ["+25.0%", "−20.0%"])
    #expect(chart.contains("◀ fewer lookups/s") && chart.contains("more lookups/s ▶"))
    // The axis in percent with signs, each label once.
    let ticks = texts(chart, class: "tick-x")
    #expect(ticks.contains("0%") && ticks.contains { $0.hasPrefix("−") } && ticks.contains { $0.hasPrefix("+") })
    #expect(ticks.allSatisfy { $0.hasSuffix("%") && ($0 == "0%" || $0.hasPrefix("+") || $0.hasPrefix("−")) })
    #expect(Set(ticks).count == ticks.count)
  }

  @Test("Axes read in the data's units: distinct tick labels, all-zero values on 0…1, whole threads")
  func readableAxes() throws {
    let html = CapacityReport(run: reportRun(), baseline: reportRun(), definitions: testDefinitions).html
    let found = sections(of: html)
    for section in found {
      for chart in section.charts {
        for axis in ["tick-x", "tick-y"] {
          let labels = texts(chart, class: axis)
          #expect(Set(labels).count == labels.count, "\(section.id): repeated \(axis) labels \(labels)")
        }
      }
    }
    // All zero: 0, 0.5, 1 rather than 0.000, 0.000, 0; groups by whole numbers.
    let zeros = Chart.lines(
      title: "a", lines: [Chart.Line(name: "a", points: (1...3).map { (Double($0), 0) })], xName: "group",
      yName: "allocations", logX: false, integerX: true)
    #expect(texts(zeros, class: "tick-y") == ["0", "0.5", "1"])
    #expect(texts(zeros, class: "tick-x").allSatisfy { Int($0) != nil })
    // Some allocations: the report draws them, one point per group.
    var allocating = reportRun()
    allocating.groups[0].allocationsPerOperation = 2
    let allocations = try #require(
      sections(of: CapacityReport(run: allocating, definitions: testDefinitions).html).first { $0.id == "allocations" }?
        .charts.first)
    #expect(elements(allocations, "<circle class=\"mark\"").count == 2)
    // Threads are counted: 1 and 2, never 1.2.
    let scaling = found.first { $0.id == "scaling" }!.charts[0]
    #expect(texts(scaling, class: "tick-x") == ["1", "2"])
    // From 1 to 12 threads: whole, round steps.
    let threads = Chart.lines(
      title: "t", lines: [Chart.Line(name: "m", points: (1...12).map { (Double($0), 1.5 * Double($0)) })],
      xName: "threads", yName: "M/s", logX: false, integerX: true)
    let labels = texts(threads, class: "tick-x")
    #expect(labels.count >= 3 && labels.allSatisfy { Int($0) != nil } && Set(labels).count == labels.count)
    // Small values get the decimals that tell them apart.
    let small = Chart.lines(
      title: "s", lines: [Chart.Line(name: "m", points: [(1, 0.0011), (2, 0.0013), (3, 0.0012)])],
      xName: "x", yName: "y", logX: false)
    let smallLabels = texts(small, class: "tick-y")
    #expect(smallLabels.count >= 3 && Set(smallLabels).count == smallLabels.count)
  }

  @Test("One outlying cell does not set the heat maps' colour scale: it is drawn at the end colour and marked")
  func heatmapOutlier() throws {
    let html = CapacityReport(run: reportRun(heatmapOutlier: 1413), definitions: testDefinitions).html
    let map = try #require(sections(of: html).first { $0.id == "heatmap" }?.charts.first)
    // The legend's top reads "≥ X ns" with X among the other cells (57–84 ns), not 1,413.
    let top = try #require(texts(map, class: "scale").first)
    #expect(top.hasPrefix("≥ ") && top.hasSuffix(" ns"))
    let bound = try #require(Double(top.dropFirst(2).dropLast(3).replacingOccurrences(of: ",", with: "")))
    #expect(bound < 100)
    #expect(elements(map, "<path class=\"beyond\"").count == 1)
    // The other cells spread over the scale instead of sharing its palest colour.
    let fills = Set(elements(map, "<rect class=\"mark\"").compactMap { $0["fill"] })
    #expect(fills.count >= 6)

    let scale = Chart.ColourScale.robust((0..<70).map { 50 + Double($0 % 40) } + [1413])
    #expect(scale.high == 89 && scale.beyondHigh && !scale.beyondLow && scale.low == 50)
    // Without an outlier the scale is the values' own range, and nothing is marked.
    let plain = Chart.ColourScale.robust((0..<70).map { 50 + Double($0 % 40) })
    #expect(plain.low == 50 && plain.high == 89 && !plain.beyondHigh && !plain.beyondLow)
    let clean = CapacityReport(run: reportRun(), definitions: testDefinitions).html
    #expect(!clean.contains("class=\"beyond\"") && !clean.contains("≥ "))
  }

  @Test("Titles and commits from result files reach every chart escaped, the change chart included")
  func escaped() {
    func crafted(_ scale: Double) -> RunResult {
      var run = result([("<img src=x onerror=1>\"'", samples(70 * scale), 0), ("limit/clamp-ratio", samples(1.2), 0)])
      run.groups[0].reference = "limit/clamp-ratio"
      run.commit = "<b>c</b>"
      return run
    }
    let html = CapacityReport(run: crafted(1.25), baseline: crafted(1), definitions: testDefinitions).html
    #expect(!html.contains("<img") && !html.contains("<b>"))
    #expect(html.contains("&lt;img src=x onerror=1&gt;&quot;&#39;") && html.contains("&lt;b&gt;c&lt;/b&gt;"))
    let change = sections(of: html).first { $0.id == "change" }!.charts[0]
    #expect(change.contains(">&lt;img src=x onerror=1&gt;&quot;&#39;</text>"))
  }

  @Test("Charts scale to the page's width, which is used up to 1400 px")
  func usesTheWidth() {
    let html = CapacityReport(run: reportRun(), baseline: reportRun(), definitions: testDefinitions).html
    let charts = html.components(separatedBy: "<svg ").dropFirst()
    #expect(charts.count >= 5)
    for chart in charts {
      #expect(chart.hasPrefix("xmlns") && chart.contains(" viewBox=\"0 0 ") && chart.contains(" width=\"100%\""))
    }
    #expect(
      html.contains("max-width:1400px") && html.contains("class=\"numbers\"") && html.contains("class=\"charts\""))
  }

  @Test("Groups counted in operations of their own say how many of those fit in a frame, in every table")
  func ownUnits() throws {
    var run = reportRun()
    var frames = result([("transitions/posture", samples(20, seed: 4), 0)]).groups[0]
    frames.reference = "limit/clamp-ratio"
    run.groups.append(frames)
    var definitions = testDefinitions
    definitions.units = [
      .init("transitions/", operation: "transition frame", operations: "transition frames"),
      .init("transitions/make", operation: "transition made", operations: "transitions made"),
    ]
    #expect(definitions.unit(of: "transitions/posture") == ("transition frame", "transition frames"))
    #expect(definitions.unit(of: "transitions/make") == ("transition made", "transitions made"))
    #expect(definitions.unit(of: "split/book") == ("lookup", "lookups"))
    let report = CapacityReport(run: run, definitions: definitions)
    let median = frames.nanosecondsPerOperation.median
    let perFrame = { (nanoseconds: Double) in Report.number((nanoseconds / median).rounded(.down)) }

    // Markdown: an operation column, headings in "op", and the capacity in the group's own words.
    let markdown = report.markdown
    #expect(markdown.contains("| group | operation | ns/op | ops/s per core | per 120 Hz frame | per 60 Hz frame |"))
    #expect(
      markdown.contains("| split/book | lookup | ") && markdown.contains("| transitions/posture | transition frame | "))
    #expect(
      markdown.contains(
        "- transitions/posture: \(perFrame(1e9 / 120)) transition frames per 120 Hz frame, \(perFrame(1e9 / 60)) transition frames per 60 Hz frame (\(Report.number(median)) ns per transition frame)"
      ))
    #expect(!markdown.contains("- split/book: "))

    // The page: the column, and chart labels that name the group's operations.
    let html = report.html
    #expect(
      html.contains("<th class=\"unit\">operation</th>") && html.contains("<td class=\"unit\">transition frame</td>"))
    let capacity = try #require(sections(of: html).first { $0.id == "capacity" }?.charts.first)
    #expect(
      capacity.contains(">transitions/posture (transition frames)</text>") && capacity.contains(">split/book</text>"))
    #expect(capacity.contains("Lookups (or the operations named) per 120 Hz frame"))

    // The CSV: each group's operation in the last column.
    let lines = report.csv.split(separator: "\n")
    #expect(
      lines[0].hasSuffix(",operation") && lines[1].hasSuffix(",\"lookup\"")
        && lines[4].hasSuffix(",\"transition frame\""))

    // Without such groups, nothing changes: the suite's words, no operation column.
    let plain = CapacityReport(run: reportRun(), definitions: definitions)
    #expect(
      plain.markdown.contains("| group | ns/lookup | lookups/s per core |") && !plain.html.contains("class=\"unit\""))
    #expect(!plain.markdown.contains("other operations"))
  }

  @Test("The change chart colours each bar by its time verdict: grey where times of another host are not judged")
  func changesByVerdict() throws {
    // Issue 39: split/book 25% slower, overlay/tabletop 20% faster, on the same host: a regression and an improvement.
    func chart(_ baseline: RunResult) throws -> String {
      let report = CapacityReport(
        run: reportRun(scale: 1.25, tabletop: 0.8), baseline: baseline, definitions: testDefinitions)
      return try #require(sections(of: report.html).first { $0.id == "change" }?.charts.first)
    }
    let sameChart = try chart(reportRun())
    let same = elements(sameChart, "<rect class=\"mark\"")
    #expect(same.map { $0["data-verdict"] } == ["regression", "improvement"])
    #expect(same.map { $0["fill"] } == ["#d62728", "#1f77b4"])
    let page = CapacityReport(
      run: reportRun(scale: 1.25, tabletop: 0.8), baseline: reportRun(), definitions: testDefinitions
    ).html
    #expect(page.contains("<td class=\"negative\">−20.0%</td>") && page.contains("<td class=\"positive\">+25.0%</td>"))
    // The baseline of another machine: the same changes, shown in grey, and the key says why.
    var other = reportRun()
    other.machine.cpuModel = "another CPU"
    let otherChart = try chart(other)
    let grey = elements(otherChart, "<rect class=\"mark\"")
    #expect(grey.map { $0["data-verdict"] } == ["not-judged", "not-judged"])
    #expect(Set(grey.compactMap { $0["fill"] }) == ["#c8c8c8"])
    let otherPage = CapacityReport(
      run: reportRun(scale: 1.25, tabletop: 0.8), baseline: other, definitions: testDefinitions
    ).html
    #expect(otherPage.contains("<td>−20.0%</td>") && !otherPage.contains("class=\"negative\""))
    #expect(otherChart.contains(">not judged (time)</text>") && !otherChart.contains(">regression</text>"))
    // A group under an advisory threshold of 30% is the same, not a regression.
    let report = CapacityReport(
      run: reportRun(scale: 1.25, tabletop: 0.8), baseline: reportRun(), definitions: testDefinitions,
      thresholds: [GroupThresholds("split/", timeThreshold: 0.3)])
    let loose = try #require(sections(of: report.html).first { $0.id == "change" }?.charts.first)
    #expect(elements(loose, "<rect class=\"mark\"").map { $0["data-verdict"] } == ["same", "improvement"])
    // Each label beside its bar's end, not its whisker's: within a few units of the bar.
    let labels = elements(sameChart, "<text x=").filter { $0["class"] == "value" }.compactMap { Double($0["x"]!) }
    #expect(labels.count == 2)
    for bar in same {
      let (x, width) = (Double(bar["x"]!)!, Double(bar["width"]!)!)
      #expect(labels.contains { abs($0 - (x - 4)) < 0.2 || abs($0 - (x + width + 4)) < 0.2 }, "\(bar)")
    }
  }

  @Test(
    "The report follows the suite's reference: it names it in the suite's words, and a suite without one shows every group"
  )
  func followsTheReference() {
    // Issue 39: no layout words in a generic suite's report, whatever its reference.
    let html = CapacityReport(run: reportRun(), definitions: testDefinitions).html
    #expect(!html.contains("least work") && !html.contains("layout"))
    #expect(
      html.contains(
        "limit/clamp-ratio is left out: the other groups are timed against it (the × reference column in the tables of run)."
      ))
    var described = testDefinitions
    described.referenceCaption = "a bare loop"
    #expect(
      CapacityReport(run: reportRun(), definitions: described).html.contains(
        "limit/clamp-ratio, a bare loop, is left out"))
    // No group names a reference: every group is in the table, the charts and the CSV, and no sentence on references.
    var plain = reportRun()
    for index in plain.groups.indices { plain.groups[index].reference = nil }
    let report = CapacityReport(run: plain, definitions: testDefinitions)
    #expect(report.html.contains("<td>limit/clamp-ratio</td>") && report.html.contains("<td>split/book</td>"))
    #expect(!report.html.contains("left out"))
    #expect(report.markdown.contains("| limit/clamp-ratio |"))
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

@Suite("Reports of crafted result files end")
struct CraftedReportTests {
  @Test(
    "Series values at the ends of Double's range draw finite pages (a log axis to 1e308, a subnormal range, x 1e300 threads)"
  )
  func extremeSeries() {
    var run = reportRun()
    run.series![0].points = [
      Series.Point(x: 1, y: nil, value: .leastNonzeroMagnitude), Series.Point(x: 1e308, y: nil, value: 0),
    ]
    run.series![2].points = [Series.Point(x: 1, y: nil, value: 1), Series.Point(x: 1e300, y: nil, value: 2)]
    let report = CapacityReport(run: run, definitions: testDefinitions)
    #expect(report.html.contains("</svg>"))
    #expect(report.markdown.contains("thread(s)"))
  }
}
