import BenchmarkRunner

/// `list`: the groups of the suite, or every case behind them.
enum ListCommand {
  static let command = Command(
    "list", abstract: "List the benchmark groups.",
    discussion: """
      Lists the benchmark groups (title and operations a run) that the options
      select, as run would measure them, with the thresholds the suite declares
      where they differ from the defaults (time 10%, instructions 2%; advisory
      groups are reported but never fail the status).
      """,
    rules: [.excludes(Options.points, Options.shard)]
  ) { invocation throws(CommandFailure) in
    let options = invocation.options
    let measuring = MeasurementRequest(options, tool: invocation.tool)
    if options.ifTaken(Options.points) == true, let points = invocation.suite.points {
      let ids = points(measuring.filter, measuring.seed)
      invocation.terminal.write(ids.joined(separator: "\n") + "\n\(ids.count) points\n")
      return .success
    }
    let benchmarks = try measuring.selectedBenchmarks()
    // Thresholds the suite declares for a group are shown where they differ from the defaults.
    var policy = ComparisonPolicy()
    policy.groupThresholds = invocation.suite.thresholds
    let lines = benchmarks.map { benchmark in
      let thresholds = policy.limits(for: benchmark.title).differences(from: policy.defaultLimits)
      return
        "\(benchmark.title)  (\(benchmark.operations) operations a run\(thresholds.isEmpty ? "" : "; " + thresholds))"
    }
    let total = benchmarks.reduce(0) { $0 + $1.operations }
    invocation.terminal.write(
      lines.joined(separator: "\n") + "\n\(benchmarks.count) groups, \(total) operations a run\n")
    return .success
  }
}
