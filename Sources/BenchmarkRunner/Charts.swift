import Foundation

/// Inline SVG charts drawn by the project's own code: no script, no network.
/// Every chart has a title, labelled axes with units and a legend; every data
/// point is an element of class `mark`, so an empty chart can be detected.
public enum Chart {
  public struct Line {
    public var name: String
    public var points: [(x: Double, y: Double)]

    public init(name: String, points: [(x: Double, y: Double)]) {
      self.name = name
      self.points = points
    }
  }

  static let palette = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2"]
  static let width = 760.0
  static let plotLeft = 80.0
  static let plotRight = 600.0
  static let plotTop = 40.0

  static func escape(_ text: String) -> String { Text.html(text) }

  static func text(
    _ x: Double, _ y: Double, _ content: String, anchor: String = "start", size: Int = 11, extra: String = ""
  )
    -> String
  {
    "<text x=\"\(f(x))\" y=\"\(f(y))\" font-size=\"\(size)\" text-anchor=\"\(anchor)\" \(extra)>\(escape(content))</text>"
  }

  static func f(_ value: Double) -> String { String(format: "%.1f", value) }

  /// Round tick values covering `low…high`.
  static func ticks(_ low: Double, _ high: Double, count: Int = 5) -> [Double] {
    guard high > low else { return [low] }
    let raw = (high - low) / Double(count)
    let magnitude = pow(10, (log10(raw)).rounded(.down))
    let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? raw
    var values: [Double] = []
    var value = (low / step).rounded(.down) * step
    while value <= high + step / 2 {
      if value >= low - step / 2 { values.append(value) }
      value += step
    }
    return values
  }

  static func frame(title: String, height: Double, body: String) -> String {
    """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(f(width)) \(f(height))" width="\(f(width))" height="\(f(height))" role="img" aria-label="\(escape(title))" font-family="sans-serif">
    <rect width="100%" height="100%" fill="white"/>
    \(text(width / 2, 20, title, anchor: "middle", size: 14, extra: "font-weight=\"bold\""))
    \(body)
    </svg>
    """
  }

  static func legend(_ names: [String], top: Double) -> String {
    names.enumerated().map { index, name in
      let y = top + Double(index) * 18
      return
        "<rect x=\"\(f(plotRight + 20))\" y=\"\(f(y - 9))\" width=\"12\" height=\"12\" fill=\"\(palette[index % palette.count])\"/>"
        + text(plotRight + 38, y + 1, name)
    }.joined(separator: "\n")
  }

  /// Horizontal bars, one row per label, one bar per series.
  public static func bars(
    title: String, labels: [String], series: [(name: String, values: [Double])], unit: String
  ) -> String {
    let rowHeight = 14.0 * Double(max(1, series.count)) + 8
    let plotHeight = rowHeight * Double(labels.count)
    let left = 230.0
    let maximum = max(series.flatMap(\.values).filter(\.isFinite).max() ?? 1, 1e-12)
    let scale = (plotRight - left) / maximum
    var body = ""
    for tick in ticks(0, maximum) {
      let x = left + tick * scale
      body +=
        "<line x1=\"\(f(x))\" y1=\"\(f(plotTop))\" x2=\"\(f(x))\" y2=\"\(f(plotTop + plotHeight))\" stroke=\"#ddd\"/>"
      body += text(x, plotTop + plotHeight + 16, Report.number(tick), anchor: "middle")
    }
    for (row, label) in labels.enumerated() {
      let y = plotTop + Double(row) * rowHeight
      body += text(left - 6, y + rowHeight / 2 + 4, label, anchor: "end")
      for (index, entry) in series.enumerated() where row < entry.values.count && entry.values[row].isFinite {
        let value = entry.values[row]
        let barY = y + 4 + Double(index) * 14
        body +=
          "<rect class=\"mark\" x=\"\(f(left))\" y=\"\(f(barY))\" width=\"\(f(max(1, value * scale)))\" height=\"12\" fill=\"\(palette[index % palette.count])\"><title>\(escape(label)) \(escape(entry.name)): \(Report.number(value)) \(escape(unit))</title></rect>"
      }
    }
    body +=
      "<line x1=\"\(f(left))\" y1=\"\(f(plotTop))\" x2=\"\(f(left))\" y2=\"\(f(plotTop + plotHeight))\" stroke=\"black\"/>"
    body += text((left + plotRight) / 2, plotTop + plotHeight + 34, unit, anchor: "middle")
    body += legend(series.map(\.name), top: plotTop + 10)
    return frame(title: title, height: plotTop + plotHeight + 50, body: body)
  }

  /// Lines over an x axis (log scale when `logX`), with a legend.
  public static func lines(
    title: String, lines: [Line], xName: String, yName: String, logX: Bool, dashedLast: Bool = false
  ) -> String {
    let plotHeight = 300.0
    let xs = lines.flatMap { $0.points.map(\.x) }.filter { $0.isFinite && (!logX || $0 > 0) }
    let ys = lines.flatMap { $0.points.map(\.y) }.filter(\.isFinite)
    let (xLow, xHigh) = (xs.min() ?? 0, xs.max() ?? 1)
    let yHigh = max(ys.max() ?? 1, 1e-12) * 1.05
    func px(_ x: Double) -> Double {
      let t = logX ? (log(x) - log(xLow)) / max(1e-12, log(xHigh) - log(xLow)) : (x - xLow) / max(1e-12, xHigh - xLow)
      return plotLeft + t * (plotRight - plotLeft)
    }
    func py(_ y: Double) -> Double { plotTop + plotHeight - y / yHigh * plotHeight }
    var body = ""
    for tick in ticks(0, yHigh) {
      body +=
        "<line x1=\"\(f(plotLeft))\" y1=\"\(f(py(tick)))\" x2=\"\(f(plotRight))\" y2=\"\(f(py(tick)))\" stroke=\"#ddd\"/>"
      body += text(plotLeft - 6, py(tick) + 4, Report.number(tick), anchor: "end")
    }
    let xTicks =
      logX ? Array(Set(xs)).sorted().enumerated().filter { $0.offset % 3 == 0 }.map(\.element) : ticks(xLow, xHigh)
    for tick in xTicks {
      body += text(px(tick), plotTop + plotHeight + 16, Report.number(tick), anchor: "middle")
    }
    body +=
      "<polyline points=\"\(f(plotLeft)),\(f(plotTop)) \(f(plotLeft)),\(f(plotTop + plotHeight)) \(f(plotRight)),\(f(plotTop + plotHeight))\" fill=\"none\" stroke=\"black\"/>"
    for (index, line) in lines.enumerated() {
      let color = palette[index % palette.count]
      let points = line.points.filter { $0.x.isFinite && $0.y.isFinite && (!logX || $0.x > 0) }
      let dash = dashedLast && index == lines.count - 1 ? " stroke-dasharray=\"6 4\"" : ""
      body +=
        "<polyline points=\"\(points.map { "\(f(px($0.x))),\(f(py($0.y)))" }.joined(separator: " "))\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"\(dash)/>"
      for point in points {
        body +=
          "<circle class=\"mark\" cx=\"\(f(px(point.x)))\" cy=\"\(f(py(point.y)))\" r=\"3\" fill=\"\(color)\"><title>\(escape(line.name)): \(Report.number(point.x)) → \(Report.number(point.y))</title></circle>"
      }
    }
    body += text(
      (plotLeft + plotRight) / 2, plotTop + plotHeight + 36, xName + (logX ? " (log scale)" : ""), anchor: "middle")
    body += text(
      18, plotTop + plotHeight / 2, yName, anchor: "middle",
      extra: "transform=\"rotate(-90 18 \(f(plotTop + plotHeight / 2)))\"")
    body += legend(lines.map(\.name), top: plotTop + 10)
    return frame(title: title, height: plotTop + plotHeight + 50, body: body)
  }

  /// A grid of cells coloured by value, with a colour scale.
  public static func heatmap(
    title: String, xs: [Double], ys: [Double], value: (Double, Double) -> Double?, xName: String, yName: String,
    unit: String, range: (low: Double, high: Double)
  ) -> String {
    let cell = 30.0
    let left = plotLeft + 20
    let plotHeight = cell * Double(ys.count)
    func color(_ v: Double) -> String {
      let t = max(0, min(1, (v - range.low) / max(1e-12, range.high - range.low)))
      // Light yellow to dark red.
      let r = Int(255 - 60 * t)
      let g = Int(240 - 200 * t)
      let b = Int(170 - 150 * t)
      return "rgb(\(r),\(g),\(b))"
    }
    var body = ""
    for (row, y) in ys.reversed().enumerated() {
      body += text(left - 6, plotTop + Double(row) * cell + cell / 2 + 4, Report.number(y), anchor: "end")
      for (column, x) in xs.enumerated() {
        guard let v = value(x, y) else { continue }
        body +=
          "<rect class=\"mark\" x=\"\(f(left + Double(column) * cell))\" y=\"\(f(plotTop + Double(row) * cell))\" width=\"\(f(cell - 1))\" height=\"\(f(cell - 1))\" fill=\"\(color(v))\"><title>\(Report.number(x)) × \(Report.number(y)): \(Report.number(v)) \(escape(unit))</title></rect>"
      }
    }
    for (column, x) in xs.enumerated() where column % 2 == 0 {
      body += text(
        left + Double(column) * cell + cell / 2, plotTop + plotHeight + 14, Report.number(x), anchor: "middle", size: 9)
    }
    let legendX = left + Double(xs.count) * cell + 30
    for step in 0...10 {
      let v = range.low + (range.high - range.low) * Double(10 - step) / 10
      body +=
        "<rect x=\"\(f(legendX))\" y=\"\(f(plotTop + Double(step) * 18))\" width=\"16\" height=\"18\" fill=\"\(color(v))\"/>"
      if step % 5 == 0 { body += text(legendX + 22, plotTop + Double(step) * 18 + 13, Report.number(v) + " " + unit) }
    }
    body += text(left + Double(xs.count) * cell / 2, plotTop + plotHeight + 32, xName, anchor: "middle")
    body += text(
      18, plotTop + plotHeight / 2, yName, anchor: "middle",
      extra: "transform=\"rotate(-90 18 \(f(plotTop + plotHeight / 2)))\"")
    return frame(title: title, height: plotTop + plotHeight + 46, body: body)
  }

  /// A series over commits: the median as a line with a mark per commit, the
  /// p25–p75 band around it, and each change point as a dashed rule labelled
  /// with its commit and before → after.
  public static func trend(
    title: String, commits: [String], medians: [Double], p25: [Double], p75: [Double],
    changes: [(index: Int, label: String)], yName: String
  ) -> String {
    let plotHeight = 260.0
    let count = max(commits.count, 1)
    let values = (medians + p25 + p75).filter(\.isFinite)
    let yLow = max(0, (values.min() ?? 0) * 0.95)
    let yHigh = max((values.max() ?? 1) * 1.05, yLow + 1e-12)
    func px(_ index: Double) -> Double {
      plotLeft + (count == 1 ? 0.5 : index / Double(count - 1)) * (plotRight - plotLeft)
    }
    func py(_ y: Double) -> Double { plotTop + plotHeight - (y - yLow) / (yHigh - yLow) * plotHeight }
    var body = ""
    for tick in ticks(yLow, yHigh) where tick >= yLow && tick <= yHigh {
      body +=
        "<line x1=\"\(f(plotLeft))\" y1=\"\(f(py(tick)))\" x2=\"\(f(plotRight))\" y2=\"\(f(py(tick)))\" stroke=\"#ddd\"/>"
      body += text(plotLeft - 6, py(tick) + 4, Report.number(tick), anchor: "end")
    }
    let every = max(1, count / 8)
    for (index, commit) in commits.enumerated() where index % every == 0 {
      body += text(px(Double(index)), plotTop + plotHeight + 16, String(commit.prefix(7)), anchor: "middle", size: 9)
    }
    body +=
      "<polyline points=\"\(f(plotLeft)),\(f(plotTop)) \(f(plotLeft)),\(f(plotTop + plotHeight)) \(f(plotRight)),\(f(plotTop + plotHeight))\" fill=\"none\" stroke=\"black\"/>"
    let band =
      zip(p25.indices, p25).map { "\(f(px(Double($0)))),\(f(py($1)))" }
      + zip(p75.indices, p75).reversed().map { "\(f(px(Double($0)))),\(f(py($1)))" }
    body +=
      "<polygon points=\"\(band.joined(separator: " "))\" fill=\"\(palette[0])\" fill-opacity=\"0.18\" stroke=\"none\"/>"
    body +=
      "<polyline points=\"\(medians.indices.map { "\(f(px(Double($0)))),\(f(py(medians[$0])))" }.joined(separator: " "))\" fill=\"none\" stroke=\"\(palette[0])\" stroke-width=\"2\"/>"
    for (index, median) in medians.enumerated() {
      body +=
        "<circle class=\"mark\" cx=\"\(f(px(Double(index))))\" cy=\"\(f(py(median)))\" r=\"2.5\" fill=\"\(palette[0])\"><title>\(escape(commits[index])): median \(Report.number(median)), p25–p75 \(Report.number(p25[index]))–\(Report.number(p75[index]))</title></circle>"
    }
    for (position, change) in changes.enumerated() {
      let x = px(Double(change.index) - 0.5)
      body +=
        "<line class=\"change\" x1=\"\(f(x))\" y1=\"\(f(plotTop))\" x2=\"\(f(x))\" y2=\"\(f(plotTop + plotHeight))\" stroke=\"\(palette[1])\" stroke-dasharray=\"5 3\"/>"
      body += text(
        x + 4, plotTop + 12 + Double(position % 3) * 13, change.label, size: 10, extra: "fill=\"\(palette[1])\"")
    }
    body += text((plotLeft + plotRight) / 2, plotTop + plotHeight + 34, "commit (oldest first)", anchor: "middle")
    body += text(
      18, plotTop + plotHeight / 2, yName, anchor: "middle",
      extra: "transform=\"rotate(-90 18 \(f(plotTop + plotHeight / 2)))\"")
    let key = plotRight + 20
    body +=
      "<line x1=\"\(f(key))\" y1=\"\(f(plotTop + 10))\" x2=\"\(f(key + 12))\" y2=\"\(f(plotTop + 10))\" stroke=\"\(palette[0])\" stroke-width=\"2\"/>"
      + text(key + 18, plotTop + 14, "median")
    body +=
      "<rect x=\"\(f(key))\" y=\"\(f(plotTop + 22))\" width=\"12\" height=\"12\" fill=\"\(palette[0])\" fill-opacity=\"0.18\"/>"
      + text(key + 18, plotTop + 32, "p25–p75")
    body +=
      "<line x1=\"\(f(key + 6))\" y1=\"\(f(plotTop + 40))\" x2=\"\(f(key + 6))\" y2=\"\(f(plotTop + 54))\" stroke=\"\(palette[1])\" stroke-dasharray=\"5 3\"/>"
      + text(key + 18, plotTop + 50, "change point")
    return frame(title: title, height: plotTop + plotHeight + 48, body: body)
  }
}
