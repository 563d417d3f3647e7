import BenchmarkRunner

/// The hidden `worker` subcommand that ``WorkerPool`` and ``InstructionCounter``
/// start: measure (or, with `--instructions` or `--count-cycles`, count under callgrind) in this process.
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
      .excludes(Options.countCycles, Options.quick), .excludes(Options.countCycles, Options.samples),
      .excludes(Options.countCycles, Options.warmUp), .excludes(Options.countCycles, Options.minimumSampleTime),
      .excludes(Options.countCycles, Options.instructions),
    ],
    isHidden: true
  ) { invocation throws(CommandFailure) in
    let options = invocation.options
    guard let path = options[Options.output] else {
      throw CommandFailure("worker needs --output", status: .usage)
    }
    let measuring = MeasurementRequest(options, tool: invocation.tool)
    let benchmarks = try measuring.selectedBenchmarks()
    if options.has(Options.instructions) || options.has(Options.countCycles) {
      for benchmark in benchmarks { Callgrind.count(benchmark, warmCaches: options.has(Options.countCycles)) }
      return .success
    }
    try WorkerPool.work(
      benchmarks, settings: measuring.settings, quietProbe: options.ifTaken(Options.quietProbe), output: path,
      report: invocation.terminal.report)
    return .success
  }
}
