import BenchmarkRunner
import Foundation

/// `history record|show|changes`: the series of recorded runs in `results/history/`.
enum HistoryCommand {
  static let help = """
    USAGE: arrangement-bench history record [RESULT] [--history DIR]
           arrangement-bench history show GROUP [--history DIR]
           arrangement-bench history changes [--filter LIST] [--history DIR] [--json]
           arrangement-bench history standing [RESULT] [--last N] [--history DIR] [--markdown]

    record   Keeps a small entry of a result file (default results/runs/latest.json):
             commit and parent, date, host and calibration, and per group the median
             and p25/p75 time, allocations and instructions. One file per entry, named
             by date, commit, host class and a random part, so concurrent CI jobs never
             write the same file. `run --record` records the run it just made.
    show     A group's series in commit order: time per host class, exact metrics.
    changes  Where each group changed. Times: E-Divisive means with a permutation
             test, within one host class at a time (a gradual change is reported as a
             drift, not as a step). Instructions per operation (a change of half an
             instruction or more) and allocations: any change, across all hosts,
             at the exact commit.

    standing Where a result (default results/runs/latest.json) stands against the
             last N entries (default 20) of its host class, group by group: its
             median against their medians' median and range. For pull requests.

    Commit order is the repository's (git rev-list --topo-order); entries of
    commits not in the current branch's history are left out, and counted.

    OPTIONS:
      --history DIR   The history folder (default results/history).
      --filter LIST   Only groups whose title contains one of these substrings.
      --by-date       Order entries by the date they were recorded, not by commit
                      (e.g. for entries of several branches).
      --json          changes: one JSON document.
      -h, --help      Show this help.

    """

  static func run(_ arguments: ArraySlice<String>, terminal: Terminal) throws(CommandFailure) -> ExitStatus {
    guard let action = arguments.first, !["-h", "--help"].contains(action) else {
      terminal.write(help)
      return ExitStatus.success
    }
    guard
      let options = try BenchOptions.parse(
        arguments.dropFirst(), help: help, terminal: terminal, command: "history",
        accepted: ["--history", "--filter", "--json", "--markdown", "--by-date", "--last"])
    else {
      return ExitStatus.success
    }
    switch action {
    case "record":
      guard options.positional.count <= 1 else {
        throw CommandFailure("history record takes at most one result file (see --help)", status: .usage)
      }
      let result = try ResultFiles.load(options.positional.first ?? "results/runs/latest.json")
      let path = try record(result, folder: options.historyFolder)
      terminal.write("recorded \(result.commit) (\(result.groups.count) groups) in \(path)\n")
      return ExitStatus.success
    case "show":
      guard options.positional.count == 1 else {
        throw CommandFailure("history show needs one group title (see --help)", status: .usage)
      }
      return try show(options.positional[0], options: options, terminal: terminal)
    case "changes":
      return try changes(options: options, terminal: terminal)
    case "standing":
      guard options.positional.count <= 1 else {
        throw CommandFailure("history standing takes at most one result file (see --help)", status: .usage)
      }
      let result = try ResultFiles.load(options.positional.first ?? "results/runs/latest.json")
      return try standing(result, options: options, terminal: terminal)
    default:
      throw CommandFailure(
        "unknown history action '\(action)' (expected record, show, changes or standing)", status: .usage)
    }
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

  static func show(_ title: String, options: BenchOptions, terminal: Terminal) throws(CommandFailure) -> ExitStatus {
    let (entries, leftOut) = try ordered(options.historyFolder, byDate: options.byDate)
    let points = entries.compactMap { entry in entry.groups.first { $0.title == title }.map { (entry, $0) } }
    guard !points.isEmpty else {
      throw CommandFailure(
        "no entry of \(options.historyFolder) has the group '\(title)' (\(entries.count) entries)", status: .toolError)
    }
    var classes: [String] = []
    for (entry, _) in points where !classes.contains(entry.hostClass) { classes.append(entry.hostClass) }
    var lines = ["\(title): \(points.count) entries in commit order"]
    for (index, hostClass) in classes.enumerated() { lines.append("  host \(index + 1): \(hostClass)") }
    lines.append("")
    lines.append("commit        date                  host  median ns   p25–p75 ns        allocs/run  instr/op")
    for (entry, group) in points {
      let host = classes.firstIndex(of: entry.hostClass)! + 1
      let columns = [
        entry.commit.prefix(12).padding(toLength: 12, withPad: " ", startingAt: 0),
        entry.date.padding(toLength: 20, withPad: " ", startingAt: 0),
        String(host).padding(toLength: 4, withPad: " ", startingAt: 0),
        Report.number(group.median).padding(toLength: 10, withPad: " ", startingAt: 0),
        "\(Report.number(group.p25))–\(Report.number(group.p75))".padding(toLength: 16, withPad: " ", startingAt: 0),
        String(group.allocationsPerRun).padding(toLength: 10, withPad: " ", startingAt: 0),
        group.instructionsPerOperation.map(Report.number) ?? "–",
      ]
      lines.append(columns.joined(separator: "  "))
    }
    if leftOut > 0 { lines.append("(\(leftOut) entries of commits not in this branch's history left out)") }
    terminal.write(lines.joined(separator: "\n") + "\n")
    return ExitStatus.success
  }

  static func changes(options: BenchOptions, terminal: Terminal) throws(CommandFailure) -> ExitStatus {
    let (entries, leftOut) = try ordered(options.historyFolder, byDate: options.byDate)
    var titles: [String] = []
    for entry in entries {
      for group in entry.groups where !titles.contains(group.title) && options.filter.matches(group.title) {
        titles.append(group.title)
      }
    }
    let found = HistoryChange.find(in: entries, titles: titles)
    if options.json {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      let data = (try? encoder.encode(found)) ?? Data()
      terminal.write(String(decoding: data, as: UTF8.self) + "\n")
      return ExitStatus.success
    }
    var lines = ["\(entries.count) entries, \(titles.count) groups, \(found.count) change(s)"]
    for change in found {
      let ratio = Report.percent(change.after / change.before)
      var line = "\(change.group): \(change.metric) "
      switch change.kind {
      case .step: line += "step at \(change.commit)"
      case .drift: line += "drift from \(change.commit) to \(change.endCommit ?? "?")"
      }
      line += ": \(Report.number(change.before)) → \(Report.number(change.after)) (\(ratio))"
      if let p = change.pValue { line += ", p = \(String(format: "%.3g", p))" }
      if let host = change.hostClass { line += " [\(host)]" }
      lines.append(line)
    }
    if leftOut > 0 { lines.append("(\(leftOut) entries of commits not in this branch's history left out)") }
    terminal.write(lines.joined(separator: "\n") + "\n")
    return ExitStatus.success
  }

  /// Each group of `result` against the last entries of its host class.
  static func standing(_ result: RunResult, options: BenchOptions, terminal: Terminal) throws(CommandFailure)
    -> ExitStatus
  {
    let (entries, _) = try ordered(options.historyFolder, byDate: options.byDate)
    let recent = Array(entries.filter { $0.hostClass == result.machine.hostClass }.suffix(options.last))
    guard !recent.isEmpty else {
      terminal.write(
        "no recorded run of this host class (\(result.machine.hostClass)) in \(options.historyFolder): nothing to stand against\n"
      )
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
    let title = "against the last \(recent.count) recorded runs of \(result.machine.hostClass)"
    terminal.write(
      (options.markdown ? "**Standing \(title)**\n\n" : "standing \(title)\n\n")
        + Report.table(
          ["group", "now ns/op", "recent median", "recent range", "change", "place"], rows, markdown: options.markdown))
    return ExitStatus.success
  }
}
