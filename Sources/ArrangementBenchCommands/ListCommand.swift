import ArrangementBenchmarks
import BenchmarkRunner

/// `list`: the groups of the suite, or every scene point.
enum ListCommand {
  static let help = """
    USAGE: arrangement-bench list [--filter LIST] [--seed N] [--shard K/N] [--points]

    Lists the benchmark groups (title and scene count), or with --points the
    stable ID of every scene point of the selected sweep groups.

    """

  static func run(_ arguments: ArraySlice<String>, terminal: Terminal) throws(CommandFailure) -> ExitStatus {
    guard
      let options = try BenchOptions.parse(
        arguments, help: help, terminal: terminal, command: "list",
        accepted: ["--filter", "--seed", "--shard", "--points"])
    else {
      return ExitStatus.success
    }
    if options.showPoints {
      let points = ArrangementSuite.points(matching: options.filter, seed: options.seed)
      terminal.write(points.map(\.id).joined(separator: "\n") + "\n\(points.count) scene points\n")
      return ExitStatus.success
    }
    let benchmarks = try options.selectedBenchmarks()
    let lines = benchmarks.map { "\($0.title)  (\($0.operations) operations a run)" }
    let total = benchmarks.reduce(0) { $0 + $1.operations }
    terminal.write(lines.joined(separator: "\n") + "\n\(benchmarks.count) groups, \(total) operations a run\n")
    return ExitStatus.success
  }
}
