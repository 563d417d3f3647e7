import BenchmarkRunner
import Foundation
import Testing

@Suite("The HTML report in a headless browser")
struct ReportRenderTests {
  static let chromiumPath = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  static let baseline = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("results/baselines/default.json").path

  /// Runs chromium headless on `page` with `arguments`; returns its status, standard output and standard error.
  func chromium(_ arguments: [String], page: String) throws -> (Int32, String, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.chromiumPath!)
    process.arguments =
      ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--enable-logging=stderr", "--v=0"]
      + arguments + ["file://" + page]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
  }

  /// The value of the first `name="…"` attribute after `marker` in `text`.
  func attribute(_ name: String, after marker: String, in text: String) -> String? {
    guard let start = marker.isEmpty ? text.startIndex : text.range(of: marker)?.upperBound,
      let found = text[start...].range(of: " \(name)=\"")
    else { return nil }
    return String(text[found.upperBound...].prefix { $0 != "\"" })
  }

  @Test(
    "The report renders to a PNG without page errors, with a chart in every section and no empty chart",
    .enabled(if: chromiumPath != nil, "Chromium is not installed (.ci/run installs it from Debian)"))
  func renders() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    // The committed baseline as the run, with chart data drawn up here (no measuring in a debug build).
    var run = try RunResult.load(from: Self.baseline)
    run.series = [
      Series(
        title: "width/book", section: "width", name: "book", xName: "container width (pt)", yName: nil, unit: "ns/op",
        points: [320.0, 900, 2700].map { Series.Point(x: $0, y: nil, value: 70 + $0 / 100) }),
      Series(
        title: "heatmap/book", section: "heatmap", name: "book", xName: "container width (pt)",
        yName: "container height (pt)", unit: "ns/op",
        points: [320.0, 900].flatMap { w in [400.0, 900].map { Series.Point(x: w, y: $0, value: 60 + w / 50) } }),
      Series(
        title: "scaling/peers/two-pane-sweep/batch", section: "scaling", name: "peers/two-pane-sweep/batch",
        xName: "threads", yName: nil, unit: "operations/s",
        points: [Series.Point(x: 1, y: nil, value: 2e7), Series.Point(x: 2, y: nil, value: 4e7)]),
    ]
    // Every third group 25% slower or 20% faster than the baseline, for the change chart.
    for index in run.groups.indices where index % 3 == 0 {
      let factor = index % 2 == 0 ? 1.25 : 0.8
      run.groups[index].samplesByProcess = run.groups[index].samplesByProcess.map { $0.map { $0 * factor } }
      run.groups[index].nanosecondsPerOperation = Quantiles(run.groups[index].samples)
      run.groups[index].throughput = 1e9 / run.groups[index].nanosecondsPerOperation.median
    }
    let runPath = folder.appendingPathComponent("run.json").path
    try run.write(to: runPath)
    // A history of 20 recorded runs with a 20 % step at the eleventh, for the trend charts.
    let history = folder.appendingPathComponent("history").path
    for index in 0..<20 {
      var recorded = run
      recorded.commit = String(format: "c%011d", index)
      recorded.date = String(format: "2026-11-01T00:%02d:00Z", index)
      var entry = HistoryEntry(recorded, parent: "")
      let factor = (index >= 10 ? 1.2 : 1) * (1 + 0.001 * Double(index % 3))
      for group in entry.groups.indices {
        entry.groups[group].median *= factor
        entry.groups[group].p25 *= factor
        entry.groups[group].p75 *= factor
      }
      try OutputFile.write(try entry.encoded(), to: "\(history)/\(entry.fileName)")
    }
    // A folder of its own: `report` refuses one that holds other files (the run, the history).
    let out = folder.appendingPathComponent("report")
    let report = runTool(["report", Self.baseline, runPath, "--out", out.path, "--history", history, "--by-date"])
    #expect(report.status == 0, "\(report.standardError)")
    let page = out.appendingPathComponent("index.html").path

    let screenshot = folder.appendingPathComponent("report.png").path
    let (status, _, errors) = try chromium(["--window-size=1400,5000", "--screenshot=\(screenshot)"], page: page)
    #expect(status == 0)
    #expect(!errors.contains("Uncaught") && !errors.contains("CONSOLE"), "\(errors)")
    let png = try #require(FileManager.default.contents(atPath: screenshot))
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    #expect(png.count > 50_000)  // a page of charts, not a blank one

    // The page as the browser parsed it.
    let (_, dom, _) = try chromium(["--dump-dom"], page: page)
    let sections = dom.components(separatedBy: "<section id=\"").dropFirst()
    #expect(sections.count >= 7)
    let trends = sections.first { $0.hasPrefix("trends") } ?? ""
    #expect(trends.components(separatedBy: "<svg").count - 1 == run.groups.filter { $0.reference != nil }.count + 1)
    #expect(trends.contains("class=\"change\"") && trends.contains("c0000000000"))
    // Issue 39: the numbers are a table across the page, and allocations all zero (as in the
    // baseline) a line of words: those two sections have no chart, every other one has.
    for section in sections {
      let id = section.prefix { $0 != "\"" }
      let body = section.components(separatedBy: "</section>")[0]
      let charts = body.components(separatedBy: "<svg").dropFirst()
      if id == "table" {
        #expect(charts.isEmpty && body.components(separatedBy: "<tr>").count - 2 == run.groups.count - 1)
        continue
      }
      if id == "allocations" {
        #expect(charts.isEmpty && body.contains("<p class=\"note\">"), "\(body.prefix(300))")
        continue
      }
      #expect(!charts.isEmpty, "section \(id) has no chart")
      for chart in charts { #expect(chart.contains("class=\"mark\""), "section \(id) has an empty chart") }
    }

    // Issue 39: at 1400 px the numbers table spans the page with every column in view (no sideways
    // scroll), measured by the browser's layout in a copy of the page with a script that writes it down.
    let probe = folder.appendingPathComponent("probe.html").path
    let html = try String(contentsOfFile: page, encoding: .utf8)
    let script =
      "<script>const n = document.querySelector('.numbers'), t = n.querySelector('table');"
      + "document.body.setAttribute('data-fits', [n.scrollWidth <= n.clientWidth, t.getBoundingClientRect().right <= window.innerWidth, t.rows[0].cells.length].join(' '));</script>"
    try Data(html.replacingOccurrences(of: "</body>", with: script + "</body>").utf8).write(
      to: URL(fileURLWithPath: probe))
    let (_, probed, _) = try chromium(["--window-size=1400,2400", "--dump-dom"], page: probe)
    #expect(probed.contains("data-fits=\"true true 12\""), "\(probed.prefix(400))")

    // The change chart as parsed: slower groups' bars end at the zero line and extend left of it, faster
    // groups' start at it; every bar has a whisker and its signed percentage beside it.
    let change = try #require(sections.first { $0.hasPrefix("change") })
    let zero = try #require(Double(attribute("x1", after: "class=\"zero\"", in: change) ?? ""))
    let bars = change.components(separatedBy: "<rect class=\"mark\"").dropFirst()
    #expect(bars.count == run.groups.filter { $0.reference != nil }.count)
    var negatives = 0
    for bar in bars {
      let x = try #require(Double(attribute("x", after: "", in: bar) ?? ""))
      let width = try #require(Double(attribute("width", after: "", in: bar) ?? ""))
      if bar.hasPrefix(" data-sign=\"negative\"") {
        negatives += 1
        #expect(x + width <= zero + 0.05)
      } else {
        #expect(abs(x - zero) < 0.05)
      }
    }
    // Groups 0, 6, 12, … are 25% slower, 20% fewer per second; those with a reference have a bar.
    let slower = run.groups.indices.filter { $0 % 6 == 0 && run.groups[$0].reference != nil }.count
    #expect(slower >= 5)
    #expect(negatives == slower)
    #expect(change.components(separatedBy: "class=\"whisker\"").count - 1 == bars.count)
    #expect(change.components(separatedBy: ">−20.0%</text>").count - 1 == negatives)
    #expect(change.contains(">+25.0%</text>"))
  }
}
