import ArrangementBenchmarks
import BenchmarkRunner

/// The hidden `worker` subcommand that ``WorkerPool`` and ``InstructionCounter``
/// start: measure (or, with `--instructions`, count under callgrind) in this process.
enum WorkerCommand {
  static func run(_ arguments: ArraySlice<String>, terminal: Terminal) throws(CommandFailure) -> ExitStatus {
    let options = try BenchOptions(arguments)
    guard let path = options.outputPath else {
      throw CommandFailure("worker needs --output", status: ExitStatus.toolError)
    }
    let benchmarks = try options.selectedBenchmarks()
    if options.callgrind {
      for benchmark in benchmarks { Callgrind.count(benchmark) }
      return ExitStatus.success
    }
    try WorkerPool.work(benchmarks, settings: options.settings, output: path, report: terminal.report)
    return ExitStatus.success
  }
}
