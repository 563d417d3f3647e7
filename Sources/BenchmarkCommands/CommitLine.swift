import BenchmarkRunner
import Foundation

/// The first-parent commits from GOOD (index 0) to BAD (index `n`), built in
/// a ``CommitWorkspace`` as a search first needs each, and measured, counted
/// or profiled there: what `bisect` probes.
final class CommitLine {
  let workspace: CommitWorkspace
  /// GOOD and BAD as given, and the commits from one to the other.
  let refs: [String]
  let commits: [Bisection.Document.Commit]
  /// The builds so far, by index, and the seconds their building took.
  private(set) var builds: [Int: CommitWorkspace.Build] = [:]
  private(set) var buildingSeconds: TimeInterval = 0
  private var groups: [Int: [String: Int]] = [:]
  private var measurements = 0

  init(from good: String, to bad: String, in workspace: CommitWorkspace) throws(CommandFailure) {
    self.workspace = workspace
    refs = [good, bad]
    commits = try workspace.commits(from: good, to: bad)
  }

  /// The index of BAD: the number of commits after GOOD.
  var n: Int { commits.count - 1 }

  func label(_ index: Int) -> String { index == 0 ? "GOOD" : index == n ? "BAD" : "#\(index)" }

  /// The commit at `index`, built (once).
  func build(_ index: Int) throws(CommandFailure) -> CommitWorkspace.Build {
    if let build = builds[index] { return build }
    let ref = index == 0 ? refs[0] : index == n ? refs[1] : String(commits[index].commit.prefix(12))
    let start = Date()
    defer { buildingSeconds += Date().timeIntervalSince(start) }
    var build = try workspace.build(index == 0 || index == n ? ref : commits[index].commit, side: label(index))
    build.ref = ref
    builds[index] = build
    return build
  }

  /// The groups the commit at `index` selects, with their operations a run.
  func selection(_ index: Int) throws(CommandFailure) -> [String: Int] {
    if let known = groups[index] { return known }
    groups[index] = try workspace.listed(try build(index))
    return groups[index]!
  }

  /// The commit at `index`'s counts per operation of `titles` (every group of its selection when `nil`).
  func counts(_ index: Int, _ titles: [String]?, of metric: BisectMetric) throws(CommandFailure) -> [String: Double] {
    let build = try build(index)
    let operations = try selection(index)
    let wanted = (titles ?? operations.keys.sorted()).filter { operations[$0] != nil }
    workspace.progress.step("\(label(index)): counting \(wanted.count) group(s) under callgrind")
    let counts = try workspace.counts(wanted, in: build, cycles: metric.simulates)
    return counts.reduce(into: [:]) { values, entry in
      guard let value = metric.metric.counted(in: entry.value.events) else { return }
      values[entry.key] = value / Double(max(operations[entry.key] ?? 1, 1))
    }
  }

  /// The commit at `index` measured once, in a fresh process.
  func measure(_ index: Int, _ titles: [String]?, quick: Bool) throws(CommandFailure) -> RunResult {
    measurements += 1
    return try workspace.measure(
      try build(index), label: label(index), titles: titles, quick: quick, number: measurements)
  }

  /// The functions behind the change at `found`: `group`'s instructions per function there and in its parent.
  func explain(_ found: Int, group: String, limit: Int) throws(CommandFailure) -> [FunctionProfile.Change] {
    workspace.progress.step(
      "counting \(group)'s instructions per function in #\(found) and its parent under callgrind")
    let operations = try selection(found)[group] ?? 1
    return try workspace.explain(
      group, operations: operations, from: try build(found - 1), to: try build(found), limit: limit)
  }
}
