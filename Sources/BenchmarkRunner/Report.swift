import Foundation

/// Renders runs and comparisons as text tables and Markdown.
public enum Report {
  /// A number with about three significant digits: `48.2`, `1,204`, `0.731`.
  public static func number(_ value: Double) -> String {
    guard value.isFinite else { return "–" }
    if value == 0 { return "0" }
    let magnitude = abs(value)
    let digits = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3
    return (value < 0 ? "-" : "") + grouped(String(format: "%.\(digits)f", magnitude))
  }

  /// A non-negative decimal's text with its whole part grouped in thousands: `12,345.67`.
  static func grouped(_ text: String) -> String {
    let parts = text.split(separator: ".", maxSplits: 1)
    var whole = String(parts[0])
    var grouped = ""
    while whole.count > 3 {
      grouped = "," + whole.suffix(3) + grouped
      whole.removeLast(3)
    }
    return whole + grouped + (parts.count == 2 ? "." + parts[1] : "")
  }

  /// ``number(_:)`` without trailing zeros: `10`, `2.5`, `14.3`.
  public static func trimmed(_ value: Double) -> String {
    var text = number(value)
    guard text.contains(".") else { return text }
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }

  /// A fraction as a percentage without trailing zeros: `10%` for 0.1, `14.3%`.
  public static func share(_ fraction: Double) -> String { trimmed(fraction * 100) + "%" }

  /// Operations per second with a unit: `20.7 M/s`.
  public static func rate(_ value: Double) -> String {
    guard value.isFinite else { return "–" }
    if value >= 1e9 { return number(value / 1e9) + " G/s" }
    if value >= 1e6 { return number(value / 1e6) + " M/s" }
    if value >= 1e3 { return number(value / 1e3) + " k/s" }
    return number(value) + " /s"
  }

  /// Bytes in binary units: `0 B`, `816 B`, `12.3 KiB`, `1.05 MiB`.
  public static func bytes(_ value: Int) -> String {
    let units = ["B", "KiB", "MiB", "GiB", "TiB"]
    var scaled = Double(value)
    var unit = 0
    while abs(scaled) >= 1024 && unit < units.count - 1 {
      scaled /= 1024
      unit += 1
    }
    return (unit == 0 ? String(value) : number(scaled)) + " " + units[unit]
  }

  public static func percent(_ ratio: Double) -> String {
    guard ratio.isFinite else { return "–" }
    let change = (ratio - 1) * 100
    return (change >= 0 ? "+" : "−") + number(abs(change)) + "%"
  }

  /// How a table is printed: `narrow` keeps to ``width`` columns for a
  /// terminal (the columns that decide: group, before, now, change with its
  /// interval, exact counts, the verdict in a word, and each longer verdict on
  /// a line of its own under the table); `wide` has every column; `markdown`
  /// every column as a Markdown table.
  public enum TableStyle: Sendable {
    case narrow, wide, markdown

    /// The widest line the narrow style aims at: a terminal's, with room to spare.
    public static let width = 120

    public init(markdown: Bool, wide: Bool) { self = markdown ? .markdown : wide ? .wide : .narrow }

    public var isMarkdown: Bool { self == .markdown }

    /// `text` escaped for the style, and in the narrow style folded at word
    /// boundaries to ``width`` columns, later lines indented by `indent`.
    public func line(_ text: String, indent: String = "  ") -> String {
      switch self {
      case .markdown: Text.markdown(text)
      case .wide: Text.terminal(text)
      case .narrow: Text.wrapped(Text.terminal(text), width: Self.width, indent: indent)
      }
    }
  }

  /// A text table with aligned columns, or a Markdown table: the first column
  /// (and those in `leftAligned`) to the left, the numbers to the right. Every
  /// cell is escaped for its format here (cells hold titles from files).
  public static func table(_ header: [String], _ rows: [[String]], markdown: Bool, leftAligned: Set<Int> = [])
    -> String
  {
    let left = leftAligned.union([0])
    let header = header.map(markdown ? Text.markdown : Text.terminal)
    let rows = rows.map { $0.map(markdown ? Text.markdown : Text.terminal) }
    if markdown {
      let line = { (cells: [String]) in "| " + cells.joined(separator: " | ") + " |" }
      let rule = "|" + header.indices.map { left.contains($0) ? "---|" : "---:|" }.joined()
      return ([line(header), rule] + rows.map(line)).joined(separator: "\n") + "\n"
    }
    let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
    func pad(_ cells: [String]) -> String {
      cells.enumerated().map { column, cell in
        let space = String(repeating: " ", count: widths[column] - cell.count)
        // The last column is not padded on the right: no trailing blanks.
        return left.contains(column) ? (column == cells.count - 1 ? cell : cell + space) : space + cell
      }.joined(separator: "  ")
    }
    let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
    return ([pad(header), rule] + rows.map(pad)).joined(separator: "\n") + "\n"
  }

  /// The measurements of one run.
  public static func run(_ result: RunResult, markdown: Bool = false) -> String {
    run(result, style: markdown ? .markdown : .wide)
  }

  /// The measurements of one run; the narrow style leaves out p99, the memory
  /// and cycle columns and the reference ratio (`--wide` shows them).
  public static func run(_ result: RunResult, style: TableStyle) -> String {
    let narrow = style == .narrow
    let extra = narrow ? ExtraColumns() : ExtraColumns(result.groups)
    let hasReference = !narrow && result.groups.contains { $0.reference != nil }
    let header =
      ["group", "ns/op median", "p25–p75"] + (narrow ? [] : ["p99"]) + ["ops/s", "allocs/op", "instr/op"]
      + extra.header + (hasReference ? ["× reference"] : [])
    let rows = result.groups.map { group -> [String] in
      let q = group.nanosecondsPerOperation
      let ratio = group.reference.flatMap(result.group).map { reference in
        number(q.median / reference.nanosecondsPerOperation.median) + "× " + reference.title
      }
      return [group.title, number(q.median), number(q.p25) + "–" + number(q.p75)] + (narrow ? [] : [number(q.p99)])
        + [
          rate(group.throughput) + (narrow ? "" : group.megabytesPerSecond.map { " (" + number($0) + " MB/s)" } ?? ""),
          number(group.allocationsPerOperation), group.instructionsPerOperation.map(number) ?? "unavailable",
        ] + extra.cells([group]) + (hasReference ? [ratio ?? ""] : [])
    }
    var text = table(header, rows, markdown: style.isMarkdown)
    if result.groups.contains(where: { $0.instructionsPerOperation == nil }) {
      text += "\n" + style.line("instructions: " + result.instructionCounter) + "\n"
    }
    if let model = result.cycleModel { text += "\n" + style.line("cycles: " + model) + "\n" }
    if let line = quietCores(result.groups) { text += "\n" + style.line(line) + "\n" }
    return text
  }

  /// `quiet cores: 41 of 456 samples left out …`, where any were probed (``QuietCore``).
  public static func quietCores(_ groups: [GroupResult]) -> String? {
    let probed = groups.filter { $0.contendedSamples != nil }
    guard !probed.isEmpty else { return nil }
    let left = probed.reduce(0) { $0 + $1.contendedSamples! }
    let kept = probed.reduce(0) { $0 + $1.samples.count }
    return
      "quiet cores: \(left) of \(left + kept) samples left out, taken beside a probe more than \(share(QuietCore.tolerance)) slower than the run's quickest (a core a neighbour slowed)"
  }

  /// A comparison with its verdicts, worst first.
  public static func comparison(_ comparison: Comparison, markdown: Bool = false) -> String {
    Self.comparison(comparison, style: markdown ? .markdown : .wide)
  }

  /// A comparison with its verdicts, worst first. The narrow style keeps the
  /// columns that decide and writes each verdict that says more than its word
  /// on a line of its own under the table.
  public static func comparison(_ comparison: Comparison, style: TableStyle) -> String {
    let markdown = style.isMarkdown
    let narrow = style == .narrow
    let gated = comparison.policy.gated
    let extra = ExtraColumns(comparison.groups.flatMap { [$0.baseline, $0.current].compactMap { $0 } })
    let defaults = comparison.policy.defaultLimits
    let header =
      [
        // The interval is the bootstrap's on the ratio of medians; p is the Mann–Whitney U test's on
        // the distributions, adjusted across groups: the two can disagree, so each is named. "sees"
        // is the smallest change the comparison could have detected (half the interval's width).
        "group", "baseline ns/op", "now ns/op", "change", "95% CI", "sees", "U-test p (BH)", "allocs/run",
        "instr/op",
      ] + extra.header + ["verdict"]
    let ordered = comparison.groups.sorted { $0.verdict(gating: gated) > $1.verdict(gating: gated) }
    let counted = comparison.groups.contains {
      $0.baseline?.instructionsPerOperation != nil || $0.current?.instructionsPerOperation != nil
    }
    var details: [String] = []
    let rows = ordered.map { group -> [String] in
      let old = group.baseline.map { number($0.nanosecondsPerOperation.median) } ?? "–"
      let new = group.current.map { number($0.nanosecondsPerOperation.median) } ?? "–"
      let interval =
        group.timeInterval.low.isFinite
        ? percent(group.timeInterval.low) + " … " + percent(group.timeInterval.high) : "–"
      // The host's state widens what a comparison can tell apart: `±4.2% +1.4%`. One process on a side: unknown.
      let sees =
        group.detectableChange.isFinite
        ? "±" + share(group.detectableChange) + (group.allowance > 0 ? " +" + share(group.allowance) : "")
        : (group.baseline != nil && group.current != nil ? "unknown" : "–")
      let allocations =
        "\(group.baseline.map { String($0.allocationsPerRun) } ?? "–") → \(group.current.map { String($0.allocationsPerRun) } ?? "–")"
      let instructions = [group.baseline, group.current].map { result in
        result?.instructionsPerOperation.map(number) ?? "–"
      }.joined(separator: " → ")
      let word = group.verdict(gating: gated).rawValue
      var verdict = word
      // Each counted metric that regressed says whether it counts: `same (cycles regression, not gated)`.
      for metric in Metric.judgedMetrics where metric.exact && group[verdictOn: metric] == .regression {
        verdict +=
          gated.contains(GatedMetrics(metric)) ? " (\(metric.noun))" : " (\(metric.noun) regression, not gated)"
      }
      // A time that does not count says why, so `same` never sits beside a time that moved.
      if group.baseline != nil && group.current != nil {
        if !gated.contains(.time) && group.time != .same {
          verdict += " (time \(group.time.rawValue), not gated)"
        } else if gated.contains(.time) && group.time == .notJudged && verdict != Verdict.notJudged.rawValue
          && group.decision(gating: gated).basis == .time
        {
          verdict += " (time not judged)"
        }
      }
      let thresholds = group.limits.differences(from: defaults)
      if !thresholds.isEmpty { verdict += " [\(thresholds)]" }
      let remarks = group.remarks(gating: gated)
      if !remarks.isEmpty { verdict += " — " + remarks.joined(separator: "; ") }
      if narrow {
        let moved = group.baseline != nil && group.current != nil && group.allocations != .same
        if verdict != word || moved {
          details.append(group.title + ": " + verdict + (moved ? " (allocations a run: \(allocations))" : ""))
        }
        return [group.title, old, new, percent(group.timeRatio), interval] + (counted ? [instructions] : []) + [word]
      }
      return [
        group.title, old, new, percent(group.timeRatio), interval, sees,
        group.adjustedP < 1 ? String(format: "%.3g", group.adjustedP) : "1", allocations, instructions,
      ] + extra.cells([group.baseline, group.current]) + [verdict]
    }
    var text = ""
    if let line = comparison.comparability.line {
      for part in line.split(separator: "\n").map(String.init) {
        text += "\(style.line(part))\(markdown ? "\n" : "")\n"
      }
    }
    let narrowHeader =
      ["group", "before ns/op", "now ns/op", "change", "95% CI"] + (counted ? ["instr/op"] : []) + ["verdict"]
    text += table(narrow ? narrowHeader : header, rows, markdown: markdown)
    if !details.isEmpty { text += "\n" + details.map { style.line($0, indent: "    ") + "\n" }.joined() }
    for line in comparison.uncompared { text += (markdown ? "\n" : "") + "\n" + style.line(line) + "\n" }
    if let line = quietCores(comparison.groups.compactMap(\.current)) {
      text += (markdown ? "\n" : "") + "\n" + style.line(line) + "\n"
    }
    return text
  }
}

extension Report {
  /// The columns of the metrics that have one where some group holds them
  /// (``Metric/column``): runs before they were measured, or without
  /// `--cycles`, keep their table.
  struct ExtraColumns {
    var metrics: [Metric] = []

    /// No extra column (the narrow style).
    init() {}

    init(_ groups: [GroupResult]) {
      metrics = Metric.scalars.filter { metric in metric.column && groups.contains { metric.value(in: $0) != nil } }
    }

    var header: [String] { metrics.map(\.label) }

    /// One group's cells, or `before → after` for the two sides of a comparison.
    func cells(_ sides: [GroupResult?]) -> [String] {
      metrics.map { metric in
        sides.map { metric.value(in: $0).map(metric.formatted) ?? "–" }.joined(separator: " → ")
      }
    }
  }

  /// The functions whose instructions per operation changed most between two builds, for one group.
  public static func explanation(_ explanation: ABTest.Explanation, markdown: Bool = false) -> String {
    let title = "\(explanation.group): instructions per operation by function (own, not callees'), A → B\n"
    guard !explanation.functions.isEmpty else { return title + "  (no function's count changed)\n" }
    let rows = explanation.functions.map { change -> [String] in
      let delta = change.after - change.before
      let share = change.before > 0 ? percent(change.after / change.before) : "new"
      return [
        (delta >= 0 ? "+" : "−") + number(abs(delta)), number(change.before) + " → " + number(change.after), share,
        change.function,
      ]
    }
    return
      (markdown ? "**\(Text.markdown(String(title.dropLast())))**\n\n" : Text.terminal(String(title.dropLast())) + "\n")
      + table(["change", "A → B", "", "function"], rows, markdown: markdown, leftAligned: [3])
  }
}
