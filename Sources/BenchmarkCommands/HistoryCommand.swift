import BenchmarkRunner
import Foundation

/// `history record|show|changes|standing`: the series of recorded runs in `results/history/`.
enum HistoryCommand {
  static let defaultFolder = "results/history"

  static let group = Command(
    group: "history", abstract: "Keep runs in results/history; a group's series; its change points; a run's standing.",
    discussion: """
      record   Keeps a small entry of a result file (default results/runs/latest.json):
               commit and parent, date, host, calibration and clock, and per group the
               median and p25/p75 time, allocations, instructions, peak heap and
               resident set, and estimated cycles where measured. One file per entry,
               named by date, commit, host class and a random part, so concurrent CI
               jobs never write the same file. `run --record` records the run it just
               made.
      show     A group's series in commit order: time per host class and clock, exact
               metrics, memory and estimated cycles where recorded.
      changes  Where each group changed. Times: least-squares steps with a noise penalty,
               within one host class and one clock at a time (a gradual change is
               reported as a drift, not as a step; a change of clock is no step).
               Instructions per operation (a change of half an instruction or more)
               and allocations: any change, across all hosts, at the exact commit.
      standing Where a result (default results/runs/latest.json) stands against the
               last N entries (default 20) of its host class and clock, group by group:
               its median against their medians' median and range. For pull requests.

      Commit order is the repository's (git rev-list --topo-order); entries of
      commits not in the current branch's history are left out, and counted.
      """,
    actions: [recordAction, show, changes, standingAction])

  static let recordAction = Command(
    "record", usage: ["[RESULT] [options]"],
    abstract: "Keeps a small entry of a result file (default results/runs/latest.json) in the history folder.",
    discussion: "", maximumArguments: 1
  ) { invocation throws(CommandFailure) in
    let result = try ResultFiles.load(invocation.positional.first ?? ResultFiles.latestRun)
    let path = try record(result, folder: invocation.options[Options.history] ?? defaultFolder)
    invocation.terminal.write(
      Text.terminal("recorded \(result.commit) (\(result.groups.count) groups) in \(path)") + "\n")
    return .success
  }

  static let show = Command(
    "show", usage: ["GROUP [options]"],
    abstract: "A group's series in commit order: time per host class and clock, exact metrics.", discussion: "",
    maximumArguments: 1
  ) { invocation throws(CommandFailure) in
    guard invocation.positional.count == 1 else {
      throw CommandFailure("history show needs a group title (see --help)", status: .usage)
    }
    return try show(invocation.positional[0], invocation)
  }

  static let changes = Command(
    "changes", usage: ["[options]"],
    abstract:
      "Where each group changed: time steps and drifts per host class and clock, exact metrics at their commit.",
    discussion: ""
  ) { invocation throws(CommandFailure) in
    return try changes(invocation)
  }

  static let standingAction = Command(
    "standing", usage: ["[RESULT] [options]"],
    abstract:
      "Where a result (default results/runs/latest.json) stands against the last entries of its host class and clock, group by group.",
    discussion: "", maximumArguments: 1
  ) { invocation throws(CommandFailure) in
    let result = try ResultFiles.load(invocation.positional.first ?? ResultFiles.latestRun)
    return try standing(result, invocation)
  }

  /// Writes `result`'s entry into `folder`; returns its path.
  static func record(_ result: RunResult, folder: String) throws(CommandFailure) -> String {
    // Only a hexadecimal commit reaches git: a value from a file must not read as an option.
    let isHash = !result.commit.isEmpty && result.commit.allSatisfy(\.isHexDigit)
    let parent =
      isHash ? ChildProcess.output(["git", "rev-parse", "--short=12", "\(result.commit)^"])?.trimmed ?? "" : ""
    let entry = HistoryEntry(result, parent: parent)
    let path = "\(folder)/\(entry.fileName)"
    do {
      try OutputFile.write(try entry.encoded(), to: path)
    } catch let error as OutputFile.WriteError {
      throw CommandFailure(error.description, status: error.refused ? .usage : .toolError)
    } catch {
      throw CommandFailure("\(path): cannot encode the entry (\(error))", status: .toolError)
    }
    return path
  }

  /// The entries in commit order, and how many were left out (commits not in this branch's history).
  static func ordered(_ folder: String, byDate: Bool) throws(CommandFailure) -> (entries: [HistoryEntry], leftOut: Int)
  {
    let entries: [HistoryEntry]
    do {
      entries = try HistoryEntry.load(folder: folder)
    } catch {
      throw CommandFailure(error.description, status: .toolError)
    }
    guard !byDate, let list = ChildProcess.output(["git", "rev-list", "--topo-order", "--reverse", "HEAD"]) else {
      return (entries, 0)  // not a git checkout: the order of the dates
    }
    var position: [String: Int] = [:]
    for (index, commit) in list.split(separator: "\n").enumerated() { position[String(commit.prefix(12))] = index }
    let known = entries.filter { position[String($0.commit.prefix(12))] != nil }
    let sorted = known.enumerated().sorted { a, b in
      let (x, y) = (position[String(a.element.commit.prefix(12))]!, position[String(b.element.commit.prefix(12))]!)
      return x != y ? x < y : a.offset < b.offset
    }.map(\.element)
    return (sorted, entries.count - known.count)
  }

  static func show(_ title: String, _ invocation: Invocation) throws(CommandFailure) -> ExitStatus {
    let folder = invocation.options[Options.history] ?? defaultFolder
    let (entries, leftOut) = try ordered(folder, byDate: invocation.options.has(Options.byDate))
    let points = entries.compactMap { entry in entry.groups.first { $0.title == title }.map { (entry, $0) } }
    // A title that names no group is a mistake in the command line, as in `profile` and `--filter`.
    guard !points.isEmpty else {
      throw CommandFailure(
        "no entry of \(folder) has the group \(Text.quoted(title)) (\(entries.count) entries)", status: .usage)
    }
    // A host per host class and clock: times compare only within one.
    let hosts = TimeSeriesKey.all(points.map(\.0))
    var lines = ["\(title): \(points.count) entries in commit order"]
    for (index, key) in hosts.enumerated() { lines.append("  host \(index + 1): \(key.hostClass); \(key.clock)") }
    // The metrics with a column of their own where some entry has them; `–` in the entries without
    // (never a 0 they did not measure).
    let extra: [(header: String, cell: (HistoryEntry.Group) -> String?)] = Metric.kept.filter(\.column).map {
      metric in (metric.label, { group in group.values[metric.name].map(metric.formatted) })
    }.filter { column in points.contains { column.cell($0.1) != nil } }
    let header = ["commit", "date", "host", "median ns", "p25–p75 ns", "allocs/run", "instr/op"] + extra.map(\.header)
    let widths = [12, 20, 4, 10, 16, 10, 8] + extra.map { max($0.header.count, 9) }
    // Every column but the last padded to its width: no trailing blanks.
    func row(_ cells: [String]) -> String {
      zip(cells, widths).enumerated().map { index, cell in
        index == cells.count - 1 ? cell.0 : cell.0 + String(repeating: " ", count: max(0, cell.1 - cell.0.count))
      }.joined(separator: "  ")
    }
    lines.append("")
    lines.append(row(header))
    for (entry, group) in points {
      let host = hosts.firstIndex(of: TimeSeriesKey(entry))! + 1
      lines.append(
        row(
          [
            String(entry.commit.prefix(12)), String(entry.date.prefix(20)), String(host), Report.number(group.median),
            "\(Report.number(group.p25))–\(Report.number(group.p75))", String(group.allocationsPerRun),
            group.instructionsPerOperation.map(Report.number) ?? "–",
          ] + extra.map { $0.cell(group) ?? "–" }))
    }
    if leftOut > 0 { lines.append("(\(leftOut) entries of commits not in this branch's history left out)") }
    invocation.terminal.write(lines.map(Text.terminal).joined(separator: "\n") + "\n")
    return ExitStatus.success
  }

  static func changes(_ invocation: Invocation) throws(CommandFailure) -> ExitStatus {
    let options = invocation.options
    let terminal = invocation.terminal
    let (entries, leftOut) = try ordered(options[Options.history] ?? defaultFolder, byDate: options.has(Options.byDate))
    let filter = TitleFilter(options[Options.filter])
    var titles: [String] = []
    for entry in entries {
      for group in entry.groups where !titles.contains(group.title) && filter.matches(group.title) {
        titles.append(group.title)
      }
    }
    let found = HistoryChange.find(in: entries, titles: titles)
    if options.has(Options.json) {
      terminal.write(ResultFiles.jsonDocument(found))
      return ExitStatus.success
    }
    var lines = ["\(entries.count) entries, \(titles.count) groups, \(found.count) change(s)"]
    lines += clockNotes(entries)
    for change in found {
      let ratio = Report.percent(change.after / change.before)
      var line = "\(change.group): \(change.metric) "
      switch change.kind {
      case .step: line += "step at \(change.commit)"
      case .drift: line += "drift from \(change.commit) to \(change.endCommit ?? "?")"
      }
      line += ": \(Report.number(change.before)) → \(Report.number(change.after)) (\(ratio))"
      if let p = change.pValue { line += ", p = \(String(format: "%.3g", p))" }
      if let host = change.hostClass { line += " [\(host)\(change.clock.map { "; \($0)" } ?? "")]" }
      lines.append(line)
      if let hint = bisectHint(change, entries: entries, tool: invocation.tool.name) { lines.append(hint) }
    }
    if leftOut > 0 { lines.append("(\(leftOut) entries of commits not in this branch's history left out)") }
    terminal.write(lines.map(Text.terminal).joined(separator: "\n") + "\n")
    return ExitStatus.success
  }

  /// One line per host class whose entries were timed on more than one clock:
  /// each clock's times are searched on their own, so no step is reported where the clock changed.
  static func clockNotes(_ entries: [HistoryEntry]) -> [String] {
    let keys = TimeSeriesKey.all(entries)
    var classes: [String] = []
    for key in keys where !classes.contains(key.hostClass) { classes.append(key.hostClass) }
    return classes.compactMap { hostClass in
      let clocks = keys.filter { $0.hostClass == hostClass }
      guard clocks.count > 1 else { return nil }
      let each = clocks.map { key in
        let series = entries.filter(key.holds)
        return "\(key.clock): \(series.count) entries from \(series[0].commit.prefix(12))"
      }
      return
        "times of \(hostClass) on \(clocks.count) clocks (\(each.joined(separator: "; "))): each clock's series is searched on its own, not across the change of clock"
    }
  }

  /// The `bisect` command for a change whose series skips commits: between the
  /// entry before the change and the change's commit, first-parent commits
  /// without an entry, one of which may be where it happened. Steps of the
  /// metrics `bisect` follows only.
  static func bisectHint(_ change: HistoryChange, entries: [HistoryEntry], tool: String) -> String? {
    guard change.kind == .step, let metric = BisectMetric(rawValue: change.metric),
      BisectMetric.measured.contains(metric)
    else { return nil }
    let series = entries.filter { entry in
      guard let group = entry.groups.first(where: { $0.title == change.group }) else { return false }
      guard metric.isExact else {
        return change.hostClass.map { TimeSeriesKey(hostClass: $0, clock: change.clock ?? "") }?.holds(entry) ?? false
      }
      return group.values[metric.metric.name] != nil
    }.map(\.commit)
    guard let at = series.firstIndex(of: change.commit),
      let previous = series[..<at].last(where: { $0 != change.commit }),
      // Only hexadecimal commits reach git: values from files must not read as options.
      [previous, change.commit].allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isHexDigit) }),
      let count = ChildProcess.output(["git", "rev-list", "--first-parent", "--count", "\(previous)..\(change.commit)"])
        .flatMap({ Int($0.trimmed) }), count > 1,
      ChildProcess.run(["git", "merge-base", "--is-ancestor", previous, change.commit]) == 0
    else { return nil }
    let safe = change.group.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/_.,=+:-".contains($0)) }
    let filter = safe ? change.group : "'\(change.group.replacingOccurrences(of: "'", with: "'\\''"))'"
    return
      "  \(count - 1) commit(s) between without an entry: \(tool) bisect \(previous.prefix(12)) \(change.commit.prefix(12)) --filter \(filter) --metric \(change.metric)"
  }

  /// Each group of `result` against the last entries of its host class.
  static func standing(_ result: RunResult, _ invocation: Invocation) throws(CommandFailure) -> ExitStatus {
    let options = invocation.options
    let terminal = invocation.terminal
    let folder = options[Options.history] ?? defaultFolder
    let markdown = options.has(Options.markdown)
    let (entries, _) = try ordered(folder, byDate: options.has(Options.byDate))
    // Times compare within one host class and one clock (Comparability's kind of host and method).
    let recent = Array(entries.filter(TimeSeriesKey(result).holds).suffix(options[Options.last] ?? 20))
    guard !recent.isEmpty else {
      terminal.write(
        Text.terminal(
          "no recorded run of this host class and clock (\(result.machine.hostClass); \(result.sampleClock)) in \(folder): nothing to stand against"
        ) + "\n")
      return ExitStatus.success
    }
    var rows: [[String]] = []
    for group in result.groups {
      let medians = recent.compactMap { entry in entry.groups.first { $0.title == group.title }?.median }
      guard !medians.isEmpty else { continue }
      let sorted = medians.sorted()
      let now = group.nanosecondsPerOperation.median
      let typical = Statistics.quantile(sorted, 0.5)
      let place: String
      if now > sorted.last! {
        place = "slower than all \(sorted.count)"
      } else if now < sorted.first! {
        place = "faster than all \(sorted.count)"
      } else {
        place = "within the range (slower than \(sorted.filter { $0 < now }.count) of \(sorted.count))"
      }
      rows.append([
        group.title, Report.number(now), Report.number(typical),
        "\(Report.number(sorted.first!))–\(Report.number(sorted.last!))", Report.percent(now / typical), place,
      ])
    }
    let title = "against the last \(recent.count) recorded runs of \(result.machine.hostClass); \(result.sampleClock)"
    terminal.write(
      (markdown ? "**Standing \(Text.markdown(title))**\n\n" : "standing \(Text.terminal(title))\n\n")
        + Report.table(
          ["group", "now ns/op", "recent median", "recent range", "change", "place"], rows, markdown: markdown))
    return ExitStatus.success
  }
}
