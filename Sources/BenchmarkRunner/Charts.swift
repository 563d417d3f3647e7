import Foundation

/// Inline SVG charts drawn by the project's own code: no script, no network.
/// Every chart has a title, labelled axes with units and a legend; every data
/// point is an element of class `mark`, so an empty chart can be detected.
/// Charts are as wide as their container (`width="100%"` over a `viewBox`);
/// tick labels carry the classes `tick-x` and `tick-y`.
public enum Chart {
  public struct Line {
    public var name: String
    public var points: [(x: Double, y: Double)]

    public init(name: String, points: [(x: Double, y: Double)]) {
      self.name = name
      self.points = points
    }
  }

  /// One row of a change chart: a signed change in percent with its interval.
  public struct Change {
    public var label: String
    /// The change in percent: negative is drawn left of the zero line, positive right of it.
    public var percent: Double
    /// The ends of its 95% interval, in percent (not finite: no whisker).
    public var low: Double
    public var high: Double
    /// Written beside the bar, sign included (`+25.0%`, `−20.0%`).
    public var text: String
    /// The tooltip's words after the label.
    public var detail: String
    /// The time verdict, which colours the bar (``Chart/colour(of:)``); `nil`: coloured by sign.
    public var verdict: Verdict?

    public init(
      label: String, percent: Double, low: Double, high: Double, text: String, detail: String, verdict: Verdict? = nil
    ) {
      self.label = label
      self.percent = percent
      self.low = low
      self.high = high
      self.text = text
      self.detail = detail
      self.verdict = verdict
    }
  }

  /// A verdict's colour: red a regression, blue an improvement, orange inconclusive, grey
  /// the same, light grey not judged (times of another host); its words' colour is darker.
  static func colour(of verdict: Verdict) -> (fill: String, text: String) {
    switch verdict {
    case .regression: (palette[1], palette[1])
    case .improvement: (palette[0], palette[0])
    case .inconclusive: (palette[4], "#b35900")
    case .same, .new, .missing: ("#8c8c8c", "#555")
    case .notJudged: ("#c8c8c8", "#666")
    }
  }

  /// The values a heat map's colours span; values beyond either end are drawn
  /// at that end's colour and marked.
  public struct ColourScale: Sendable {
    public var low: Double
    public var high: Double
    /// Whether some value lies below `low` / above `high`.
    public var beyondLow: Bool
    public var beyondHigh: Bool

    public init(low: Double, high: Double, beyondLow: Bool = false, beyondHigh: Bool = false) {
      self.low = low
      self.high = high
      self.beyondLow = beyondLow
      self.beyondHigh = beyondHigh
    }

    /// A scale that one outlier cannot stretch: from the smallest to the
    /// largest value within Tukey's far-out fences (Q1 − 3 IQR, Q3 + 3 IQR),
    /// and at least over the 2nd to the 98th percentile (order statistics
    /// inside them), so that a cluster of high values is a colour, not an outlier.
    public static func robust(_ values: [Double]) -> ColourScale {
      let sorted = values.filter(\.isFinite).sorted()
      guard let first = sorted.first, let last = sorted.last else { return ColourScale(low: 0, high: 1) }
      let top = Double(sorted.count - 1)
      let p2 = sorted[Int((0.02 * top).rounded(.up))]
      let p98 = sorted[Int((0.98 * top).rounded(.down))]
      let q1 = Statistics.quantile(sorted, 0.25)
      let q3 = Statistics.quantile(sorted, 0.75)
      let (lowFence, highFence) = (q1 - 3 * (q3 - q1), q3 + 3 * (q3 - q1))
      let low = min(p2, sorted.first { $0 >= lowFence } ?? first)
      let high = max(p98, sorted.last { $0 <= highFence } ?? last)
      return ColourScale(low: min(low, high), high: high, beyondLow: first < low, beyondHigh: last > high)
    }
  }

  /// Round ticks covering a range: the axis runs from the first tick to the last.
  struct Axis {
    var ticks: [Double]
    var step: Double
    var low: Double { ticks.first! }
    var high: Double { ticks.last! }

    /// Digits after the point that tell every tick apart.
    var decimals: Int { step >= 1 ? 0 : Int((-log10(step) - 1e-9).rounded(.up)) }

    /// A tick's label: as many decimals as the step needs (trailing zeros
    /// dropped), thousands grouped; with `signed`, `+` or `−` before it.
    func label(_ value: Double, signed: Bool = false, suffix: String = "") -> String {
      Chart.format(value, decimals: decimals, signed: signed) + suffix
    }
  }

  /// Ticks 1, 2 or 5 × 10ⁿ apart covering `low…high`; with `integer`, whole
  /// numbers only (a count of threads is never 1.2). An empty range is widened:
  /// all zero gives 0, 0.5, 1 (0, 1 for integers).
  static func axis(_ low: Double, _ high: Double, count: Int = 5, integer: Bool = false) -> Axis {
    var (low, high) = low.isFinite && high.isFinite ? (min(low, high), max(low, high)) : (0, 1)
    var count = count
    if high == low {
      if low == 0 {
        high = 1
        count = 2
      } else {
        let pad = integer ? 1 : abs(low) * 0.1
        (low, high) = (low >= 0 ? max(0, low - pad) : low - pad, high + pad)
      }
    }
    let raw = (high - low) / Double(max(1, count))
    let magnitude = pow(10, log10(raw).rounded(.down))
    var step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw * (1 - 1e-9) } ?? 10 * magnitude
    if integer { step = max(1, step.rounded()) }
    // Values from a file can make the step 0 (a subnormal range) or the range infinite (beyond
    // ±1.8e308 after padding): two ticks at the ends then, never an endless stride.
    guard step > 0, step.isFinite, (high / step).isFinite else { return Axis(ticks: [low, high], step: high - low) }
    let first = (low / step + 1e-9).rounded(.down)
    let last = max(first + 1, (high / step - 1e-9).rounded(.up))
    guard last - first <= 1_000 else { return Axis(ticks: [low, high], step: high - low) }
    return Axis(ticks: stride(from: first, through: last, by: 1).map { $0 * step }, step: step)
  }

  /// `value` with `decimals` digits (trailing zeros after the point dropped), thousands grouped, `−` for minus.
  static func format(_ value: Double, decimals: Int, signed: Bool = false) -> String {
    var text = String(format: "%.\(decimals)f", abs(value))
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    if text.allSatisfy({ $0 == "0" }) { return "0" }
    let grouped = Report.grouped(text)
    if value < 0 { return "−" + grouped }
    return (signed ? "+" : "") + grouped
  }

  static let palette = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2"]
  /// The drawing width of a full-width chart, in viewBox units (the page scales it to its column).
  public static let width = 1100.0
  static let plotLeft = 80.0
  static let plotTop = 40.0
  /// Room right of the plot for the legend.
  static let legendWidth = 190.0

  static func escape(_ text: String) -> String { Text.html(text) }

  static func text(
    _ x: Double, _ y: Double, _ content: String, anchor: String = "start", size: Int = 11, extra: String = ""
  )
    -> String
  {
    "<text x=\"\(f(x))\" y=\"\(f(y))\" font-size=\"\(size)\" text-anchor=\"\(anchor)\" \(extra)>\(escape(content))</text>"
  }

  static func f(_ value: Double) -> String { String(format: "%.1f", value) }

  /// Left of the plot: room for the longest row label (about 6.2 units a character at size 11).
  static func labelRoom(_ labels: [String]) -> Double {
    20 + min(320, 6.2 * Double(labels.map(\.count).max() ?? 0))
  }

  static func frame(title: String, width: Double = width, height: Double, body: String) -> String {
    """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(f(width)) \(f(height))" width="100%" preserveAspectRatio="xMidYMin meet" role="img" aria-label="\(escape(title))" font-family="sans-serif">
    <rect width="100%" height="100%" fill="white"/>
    \(text(width / 2, 20, title, anchor: "middle", size: 14, extra: "font-weight=\"bold\""))
    \(body)
    </svg>
    """
  }

  static func legend(_ names: [String], left: Double, top: Double) -> String {
    names.enumerated().map { index, name in
      let y = top + Double(index) * 18
      return
        "<rect x=\"\(f(left))\" y=\"\(f(y - 9))\" width=\"12\" height=\"12\" fill=\"\(palette[index % palette.count])\"/>"
        + text(left + 18, y + 1, name)
    }.joined(separator: "\n")
  }

  /// A vertical axis: grid lines and labels of `axis` at `position(tick)`.
  static func yTicks(
    _ axis: Axis, left: Double, right: Double, size: Int = 11, position: (Double) -> Double
  ) -> String {
    axis.ticks.map { tick in
      "<line x1=\"\(f(left))\" y1=\"\(f(position(tick)))\" x2=\"\(f(right))\" y2=\"\(f(position(tick)))\" stroke=\"#ddd\"/>"
        + text(left - 6, position(tick) + 4, axis.label(tick), anchor: "end", size: size, extra: "class=\"tick-y\"")
    }.joined()
  }

  /// Horizontal bars, one row per label, one bar per series, each with its value written after it.
  public static func bars(
    title: String, labels: [String], series: [(name: String, values: [Double])], unit: String,
    width: Double = width
  ) -> String {
    let rowHeight = 14.0 * Double(max(1, series.count)) + 8
    let plotHeight = rowHeight * Double(labels.count)
    let left = labelRoom(labels)
    let plotRight = width - (series.count > 1 ? legendWidth : 50)
    let top = plotTop
    let xAxis = axis(0, series.flatMap(\.values).filter(\.isFinite).max() ?? 0)
    func px(_ value: Double) -> Double { left + value / xAxis.high * (plotRight - left) }
    var body = ""
    for tick in xAxis.ticks {
      body +=
        "<line x1=\"\(f(px(tick)))\" y1=\"\(f(top))\" x2=\"\(f(px(tick)))\" y2=\"\(f(top + plotHeight))\" stroke=\"#ddd\"/>"
      body += text(px(tick), top + plotHeight + 16, xAxis.label(tick), anchor: "middle", extra: "class=\"tick-x\"")
    }
    for (row, label) in labels.enumerated() {
      let y = top + Double(row) * rowHeight
      body += text(left - 6, y + rowHeight / 2 + 4, label, anchor: "end")
      for (index, entry) in series.enumerated() where row < entry.values.count && entry.values[row].isFinite {
        let value = entry.values[row]
        let barY = y + 4 + Double(index) * 14
        let end = max(left + 1, px(value))
        body +=
          "<rect class=\"mark\" x=\"\(f(left))\" y=\"\(f(barY))\" width=\"\(f(end - left))\" height=\"12\" fill=\"\(palette[index % palette.count])\"><title>\(escape(label)) \(escape(entry.name)): \(Report.number(value)) \(escape(unit))</title></rect>"
        body += text(end + 4, barY + 10, Report.number(value), size: 9, extra: "fill=\"#444\"")
      }
    }
    body +=
      "<line x1=\"\(f(left))\" y1=\"\(f(top))\" x2=\"\(f(left))\" y2=\"\(f(top + plotHeight))\" stroke=\"black\"/>"
    body += text((left + plotRight) / 2, top + plotHeight + 34, unit, anchor: "middle")
    if series.count > 1 { body += legend(series.map(\.name), left: plotRight + 40, top: top + 10) }
    return frame(title: title, width: width, height: top + plotHeight + 50, body: body)
  }

  /// Signed changes drawn both ways from a zero line (negative to the left,
  /// positive to the right), each with its interval as a whisker and its
  /// signed percentage written beside it; the axis is in percent with signs.
  public static func changes(
    title: String, rows: [Change], more: String, fewer: String, axisName: String, width: Double = width
  ) -> String {
    let rowHeight = 22.0
    let top = plotTop + 34
    let plotHeight = rowHeight * Double(max(1, rows.count))
    let left = labelRoom(rows.map(\.label))
    let right = width - 20
    // Room inside the plot for the words written beyond the outermost bars.
    let (inner, outer) = (left + 56, right - 56)
    let extent = rows.flatMap { [$0.percent, $0.low, $0.high] }.filter(\.isFinite)
    let xAxis = axis(min(0, extent.min() ?? 0), max(0, extent.max() ?? 0), count: 6)
    func px(_ value: Double) -> Double { inner + (value - xAxis.low) / (xAxis.high - xAxis.low) * (outer - inner) }
    let zero = px(0)
    let (gain, loss) = (palette[0], palette[1])
    var body = ""
    for tick in xAxis.ticks {
      body +=
        "<line x1=\"\(f(px(tick)))\" y1=\"\(f(top))\" x2=\"\(f(px(tick)))\" y2=\"\(f(top + plotHeight))\" stroke=\"#ddd\"/>"
      body += text(
        px(tick), top + plotHeight + 16, xAxis.label(tick, signed: true, suffix: "%"), anchor: "middle",
        extra: "class=\"tick-x\"")
    }
    // Which way is which, in words as well as colours.
    if zero - left > 160 {
      body += text(zero - 8, top - 10, "◀ \(fewer)", anchor: "end", extra: "fill=\"\(loss)\"")
    }
    if right - zero > 160 { body += text(zero + 8, top - 10, "\(more) ▶", extra: "fill=\"\(gain)\"") }
    for (row, change) in rows.enumerated() {
      let y = top + Double(row) * rowHeight
      let middle = y + rowHeight / 2
      body += text(left - 6, middle + 4, change.label, anchor: "end")
      guard change.percent.isFinite else { continue }
      let end = px(change.percent)
      let negative = change.percent < 0
      // At least a pixel wide, on its own side of the zero line.
      let (x, barWidth) = negative ? (min(end, zero - 1), zero - min(end, zero - 1)) : (zero, max(1, end - zero))
      let (color, words) = change.verdict.map(colour(of:)) ?? (negative ? (loss, loss) : (gain, gain))
      let verdict =
        change.verdict.map { " data-verdict=\"\($0.rawValue.replacingOccurrences(of: " ", with: "-"))\"" } ?? ""
      body +=
        "<rect class=\"mark\" data-sign=\"\(negative ? "negative" : "positive")\"\(verdict) x=\"\(f(x))\" y=\"\(f(middle - 6))\" width=\"\(f(barWidth))\" height=\"12\" fill=\"\(color)\" fill-opacity=\"0.6\"><title>\(escape(change.label)): \(escape(change.detail))</title></rect>"
      if change.low.isFinite && change.high.isFinite {
        let (a, b) = (px(change.low), px(change.high))
        body +=
          "<g class=\"whisker\" stroke=\"#222\" stroke-width=\"1.5\"><line x1=\"\(f(a))\" y1=\"\(f(middle))\" x2=\"\(f(b))\" y2=\"\(f(middle))\"/><line x1=\"\(f(a))\" y1=\"\(f(middle - 5))\" x2=\"\(f(a))\" y2=\"\(f(middle + 5))\"/><line x1=\"\(f(b))\" y1=\"\(f(middle - 5))\" x2=\"\(f(b))\" y2=\"\(f(middle + 5))\"/></g>"
      }
      // Beside its bar's end, not its whisker's (which may lie far beyond): a white halo keeps
      // the words legible where they cross the whisker.
      let outside = negative ? x : x + barWidth
      body += text(
        outside + (negative ? -4 : 4), middle + 4, change.text, anchor: negative ? "end" : "start", size: 11,
        extra:
          "class=\"value\" fill=\"\(words)\" font-weight=\"bold\" stroke=\"white\" stroke-width=\"3\" paint-order=\"stroke\""
      )
    }
    body +=
      "<line class=\"zero\" x1=\"\(f(zero))\" y1=\"\(f(top - 4))\" x2=\"\(f(zero))\" y2=\"\(f(top + plotHeight))\" stroke=\"black\" stroke-width=\"1.5\"/>"
    body += text((inner + outer) / 2, top + plotHeight + 34, axisName, anchor: "middle")
    // The key: what a whisker is, and the colours: the verdicts drawn, or fewer and more.
    var key = left
    body +=
      "<g stroke=\"#222\" stroke-width=\"1.5\"><line x1=\"\(f(key))\" y1=\"\(f(plotTop + 2))\" x2=\"\(f(key + 24))\" y2=\"\(f(plotTop + 2))\"/><line x1=\"\(f(key))\" y1=\"\(f(plotTop - 3))\" x2=\"\(f(key))\" y2=\"\(f(plotTop + 7))\"/><line x1=\"\(f(key + 24))\" y1=\"\(f(plotTop - 3))\" x2=\"\(f(key + 24))\" y2=\"\(f(plotTop + 7))\"/></g>"
      + text(key + 30, plotTop + 6, "95% interval")
    key += 130
    let verdicts = ([.regression, .improvement, .inconclusive, .same, .notJudged] as [Verdict]).filter { verdict in
      rows.contains { $0.verdict == verdict }
    }
    let swatches =
      rows.contains { $0.verdict == nil } || verdicts.isEmpty
      ? [(loss, "median change: fewer"), (gain, "more")]
      : verdicts.map { (colour(of: $0).fill, $0 == .notJudged ? "not judged (time)" : $0.rawValue) }
    for (fill, name) in swatches {
      body +=
        "<rect class=\"key\" x=\"\(f(key))\" y=\"\(f(plotTop - 3))\" width=\"12\" height=\"10\" fill=\"\(fill)\" fill-opacity=\"0.6\"/>"
        + text(key + 16, plotTop + 6, name)
      key += 16 + 6.2 * Double(name.count) + 18
    }
    return frame(title: title, width: width, height: top + plotHeight + 50, body: body)
  }

  /// Lines over an x axis (log scale when `logX`; whole-number ticks when
  /// `integerX`, as for threads), with a legend.
  public static func lines(
    title: String, lines: [Line], xName: String, yName: String, logX: Bool, integerX: Bool = false,
    dashedLast: Bool = false, width: Double = width
  ) -> String {
    let plotHeight = 300.0
    let plotRight = width - legendWidth
    let xs = lines.flatMap { $0.points.map(\.x) }.filter { $0.isFinite && (!logX || $0 > 0) }
    let ys = lines.flatMap { $0.points.map(\.y) }.filter(\.isFinite)
    let yAxis = axis(min(0, ys.min() ?? 0), ys.max() ?? 0)
    let xAxis = axis(xs.min() ?? 0, xs.max() ?? 1, integer: integerX)
    let (xLow, xHigh) = logX ? (xs.min() ?? 1, xs.max() ?? 10) : (xAxis.low, xAxis.high)
    func px(_ x: Double) -> Double {
      let t = logX ? (log(x) - log(xLow)) / max(1e-12, log(xHigh) - log(xLow)) : (x - xLow) / max(1e-12, xHigh - xLow)
      return plotLeft + t * (plotRight - plotLeft)
    }
    func py(_ y: Double) -> Double {
      plotTop + plotHeight - (y - yAxis.low) / (yAxis.high - yAxis.low) * plotHeight
    }
    var body = yTicks(yAxis, left: plotLeft, right: plotRight, position: py)
    let xTicks: [(value: Double, label: String)]
    if logX {
      xTicks = logTicks(xLow, xHigh)
    } else {
      xTicks = xAxis.ticks.map { ($0, xAxis.label($0)) }
    }
    for tick in xTicks {
      body +=
        "<line x1=\"\(f(px(tick.value)))\" y1=\"\(f(plotTop + plotHeight))\" x2=\"\(f(px(tick.value)))\" y2=\"\(f(plotTop + plotHeight + 4))\" stroke=\"black\"/>"
      body += text(px(tick.value), plotTop + plotHeight + 16, tick.label, anchor: "middle", extra: "class=\"tick-x\"")
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
    body += legend(lines.map(\.name), left: plotRight + 20, top: plotTop + 10)
    return frame(title: title, width: width, height: plotTop + plotHeight + 50, body: body)
  }

  /// Ticks of a log axis: 1, 2 and 5 × 10ⁿ inside `low…high`, or the ends when fewer than three fall inside.
  static func logTicks(_ low: Double, _ high: Double) -> [(value: Double, label: String)] {
    guard low > 0, high > low else { return [(low, format(low, decimals: low >= 1 ? 0 : 3))] }
    var ticks: [(Double, String)] = []
    var power = log10(low).rounded(.down)
    // At most the ~630 decades a Double spans: `high * 10` is infinite near the top of the range.
    while pow(10, power) <= high * 10 && pow(10, power).isFinite && ticks.count < 2_000 {
      for factor in [1.0, 2, 5] {
        let value = factor * pow(10, power)
        if value >= low * (1 - 1e-9) && value <= high * (1 + 1e-9) {
          ticks.append((value, format(value, decimals: max(0, Int(-power)))))
        }
      }
      power += 1
    }
    let decimals = (high - low) >= 10 ? 0 : 2
    guard ticks.count >= 3 else {
      return [(low, format(low, decimals: decimals)), (high, format(high, decimals: decimals))]
    }
    // The data's ends too, where no round tick is near them (8% of the axis).
    let span = log(high / low)
    for end in [low, high] where ticks.allSatisfy({ abs(log($0.0 / end)) > 0.08 * span }) {
      ticks.append((end, format(end, decimals: decimals)))
    }
    return ticks.sorted { $0.0 < $1.0 }
  }

  /// A grid of cells coloured by value on `scale`, laid out for at least
  /// `columns` columns. Cells beyond the scale
  /// are drawn at its end colour, outlined and marked with a triangle
  /// (class `beyond`), and the legend's end reads `≥ high` (`≤ low`).
  public static func heatmap(
    title: String, xs: [Double], ys: [Double], value: (Double, Double) -> Double?, xName: String, yName: String,
    unit: String, scale: ColourScale, columns: Int = 0
  ) -> String {
    let cell = 30.0
    let left = plotLeft
    let plotHeight = cell * Double(ys.count)
    func color(_ v: Double) -> String {
      let t =
        scale.high > scale.low ? max(0, min(1, (v - scale.low) / (scale.high - scale.low))) : v > scale.high ? 1 : 0
      // Light yellow to dark red.
      let r = Int(255 - 60 * t)
      let g = Int(240 - 200 * t)
      let b = Int(170 - 150 * t)
      return "rgb(\(r),\(g),\(b))"
    }
    func label(_ value: Double) -> String { format(value, decimals: value == value.rounded() ? 0 : 1) }
    var body = ""
    for (row, y) in ys.reversed().enumerated() {
      let top = plotTop + Double(row) * cell
      body += text(left - 6, top + cell / 2 + 4, label(y), anchor: "end", extra: "class=\"tick-y\"")
      for (column, x) in xs.enumerated() {
        guard let v = value(x, y) else { continue }
        let cellLeft = left + Double(column) * cell
        let above = v > scale.high
        let below = v < scale.low
        let outline = above || below ? " stroke=\"#222\" stroke-width=\"1.5\"" : ""
        body +=
          "<rect class=\"mark\" x=\"\(f(cellLeft))\" y=\"\(f(top))\" width=\"\(f(cell - 1))\" height=\"\(f(cell - 1))\" fill=\"\(color(v))\"\(outline)><title>\(label(x)) × \(label(y)): \(Report.number(v)) \(escape(unit))\(above || below ? " (beyond the colour scale)" : "")</title></rect>"
        if above {
          let (r, t) = (cellLeft + cell - 1, top)
          body +=
            "<path class=\"beyond\" d=\"M\(f(r - 11)),\(f(t)) L\(f(r)),\(f(t)) L\(f(r)),\(f(t + 11)) Z\" fill=\"#222\"/>"
        } else if below {
          let (l, b) = (cellLeft, top + cell - 1)
          body +=
            "<path class=\"beyond\" d=\"M\(f(l)),\(f(b)) L\(f(l + 11)),\(f(b)) L\(f(l)),\(f(b - 11)) Z\" fill=\"#222\"/>"
        }
      }
    }
    for (column, x) in xs.enumerated() where column % 2 == 0 {
      body += text(
        left + Double(column) * cell + cell / 2, plotTop + plotHeight + 14, label(x), anchor: "middle", size: 9,
        extra: "class=\"tick-x\"")
    }
    // Maps drawn side by side lay out as many columns (`columns`), so that their cells are the same size.
    let legendX = left + Double(max(xs.count, columns)) * cell + 24
    let legendStep = max(10, min(18, plotHeight / 11))
    for step in 0...10 {
      let v = scale.low + (scale.high - scale.low) * Double(10 - step) / 10
      body +=
        "<rect x=\"\(f(legendX))\" y=\"\(f(plotTop + Double(step) * legendStep))\" width=\"16\" height=\"\(f(legendStep))\" fill=\"\(color(v))\"/>"
      guard step % 5 == 0 else { continue }
      let bound = step == 0 && scale.beyondHigh ? "≥ " : step == 10 && scale.beyondLow ? "≤ " : ""
      body += text(
        legendX + 22, plotTop + Double(step) * legendStep + legendStep / 2 + 4, bound + Report.number(v) + " " + unit,
        extra: "class=\"scale\"")
    }
    if scale.beyondHigh || scale.beyondLow {
      let y = plotTop + 11 * legendStep + 16
      body +=
        "<path d=\"M\(f(legendX)),\(f(y - 9)) L\(f(legendX + 11)),\(f(y - 9)) L\(f(legendX + 11)),\(f(y + 2)) Z\" fill=\"#222\"/>"
      body += text(legendX + 16, y, "beyond the scale", size: 10)
    }
    let width = max(legendX + 150, 380)
    body += text(left + Double(xs.count) * cell / 2, plotTop + plotHeight + 32, xName, anchor: "middle")
    body += text(
      18, plotTop + plotHeight / 2, yName, anchor: "middle",
      extra: "transform=\"rotate(-90 18 \(f(plotTop + plotHeight / 2)))\"")
    return frame(
      title: title, width: width, height: max(plotTop + plotHeight + 46, plotTop + 11 * legendStep + 30), body: body)
  }

  /// A series over commits: the median as a line with a mark per commit, the
  /// p25–p75 band around it, and each change point as a dashed rule labelled
  /// with its commit and before → after.
  public static func trend(
    title: String, commits: [String], medians: [Double], p25: [Double], p75: [Double],
    changes: [(index: Int, label: String)], yName: String, width: Double = 600
  ) -> String {
    // Drawn two to a row on the page: a narrower view box than a full-width chart's,
    // and larger type, so that its words are as large as theirs.
    let plotHeight = 240.0
    let plotRight = width - 120
    let count = max(commits.count, 1)
    let values = (medians + p25 + p75).filter(\.isFinite)
    let yAxis = axis(max(0, (values.min() ?? 0) * 0.97), (values.max() ?? 1) * 1.03)
    func px(_ index: Double) -> Double {
      plotLeft + (count == 1 ? 0.5 : index / Double(count - 1)) * (plotRight - plotLeft)
    }
    func py(_ y: Double) -> Double {
      plotTop + plotHeight - (y - yAxis.low) / (yAxis.high - yAxis.low) * plotHeight
    }
    var body = yTicks(yAxis, left: plotLeft, right: plotRight, size: 13, position: py)
    // Six labels at most: a commit's seven characters at this size need that room.
    let every = max(1, (count + 5) / 6)
    for (index, commit) in commits.enumerated() where index % every == 0 {
      body += text(
        px(Double(index)), plotTop + plotHeight + 18, String(commit.prefix(7)), anchor: "middle", size: 12,
        extra: "class=\"tick-x\"")
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
      // Right of the rule in the plot's left half, left of it in the right half: never over the key.
      let left = x < (plotLeft + plotRight) / 2
      body += text(
        x + (left ? 4 : -4), plotTop + 13 + Double(position % 3) * 15, change.label, anchor: left ? "start" : "end",
        size: 12, extra: "fill=\"\(palette[1])\"")
    }
    body += text(
      (plotLeft + plotRight) / 2, plotTop + plotHeight + 38, "commit (oldest first)", anchor: "middle", size: 13)
    body += text(
      18, plotTop + plotHeight / 2, yName, anchor: "middle", size: 13,
      extra: "transform=\"rotate(-90 18 \(f(plotTop + plotHeight / 2)))\"")
    let key = plotRight + 14
    body +=
      "<line x1=\"\(f(key))\" y1=\"\(f(plotTop + 10))\" x2=\"\(f(key + 12))\" y2=\"\(f(plotTop + 10))\" stroke=\"\(palette[0])\" stroke-width=\"2\"/>"
      + text(key + 18, plotTop + 14, "median", size: 12)
    body +=
      "<rect x=\"\(f(key))\" y=\"\(f(plotTop + 22))\" width=\"12\" height=\"12\" fill=\"\(palette[0])\" fill-opacity=\"0.18\"/>"
      + text(key + 18, plotTop + 32, "p25–p75", size: 12)
    body +=
      "<line x1=\"\(f(key + 6))\" y1=\"\(f(plotTop + 40))\" x2=\"\(f(key + 6))\" y2=\"\(f(plotTop + 54))\" stroke=\"\(palette[1])\" stroke-dasharray=\"5 3\"/>"
      + text(key + 18, plotTop + 50, "change", size: 12)
    return frame(title: title, width: width, height: plotTop + plotHeight + 52, body: body)
  }
}
