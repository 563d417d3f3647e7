import BenchmarkRunner

/// The hidden `worker` subcommand that ``WorkerPool`` and ``InstructionCounter``
/// start: measure (or, with `--instructions` or `--cycles`, count under callgrind) in this process.
enum WorkerCommand {
  static let command = Command(
    "worker", usage: ["--only LIST --output PATH [options]"],
    abstract: "Measure groups in this process for a run (started by the tool itself).",
    discussion: """
      The mode the measuring subcommands start their worker processes in: it
      measures the groups of --only and writes their measurements to --output.
      """,
    // A counting worker runs each group once under callgrind: sample settings would mean nothing.
    rules: [
      .excludes(Options.instructions, Options.quick), .excludes(Options.instructions, Options.samples),
      .excludes(Options.instructions, Options.warmUp), .excludes(Options.instructions, Options.minimumSampleTime),
      .excludes(Options.cycles, Options.quick), .excludes(Options.cycles, Options.samples),
      .excludes(Options.cycles, Options.warmUp), .excludes(Options.cycles, Options.minimumSampleTime),
    ],
    isHidden: true
  ) { invocation throws(CommandFailure) in
    let options = invocation.options
    guard let path = options[Options.output] else {
      throw CommandFailure("worker needs --output", status: .usage)
    }
    let measuring = Measuring(options, tool: invocation.tool)
    let benchmarks = try measuring.selectedBenchmarks()
    if options.has(Options.instructions) || options.has(Options.cycles) {
      for benchmark in benchmarks { Callgrind.count(benchmark, warmCaches: options.has(Options.cycles)) }
      return .success
    }
    try WorkerPool.work(benchmarks, settings: measuring.settings, output: path, report: invocation.terminal.report)
    return .success
  }
}
