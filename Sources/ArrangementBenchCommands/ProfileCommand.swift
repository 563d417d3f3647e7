import BenchmarkRunner
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `profile GROUP`: one group's hot loop, for a profiler.
enum ProfileCommand {
  static let help = """
    USAGE: arrangement-bench profile GROUP [--seconds N] [--seed N]

    Runs the hot loop of one benchmark group (its exact title, see `list`) for
    N seconds (default 10) after setting it up, printing its process id first,
    so that a profiler can attach or wrap it:

      perf record -g -- .build/release/arrangement-bench profile split/book --seconds 5
      perf report

    Where the CPU exposes no hardware counters, `perf record -e cpu-clock`
    samples on a timer. For exact instruction counts per source line use
    scripts/callgrind.sh GROUP instead.

    OPTIONS:
      --seconds N   How long to run the loop (default 10).
      -h, --help    Show this help.

    """

  static func run(_ arguments: ArraySlice<String>, terminal: Terminal) throws(CommandFailure) -> ExitStatus {
    guard
      var options = try BenchOptions.parse(
        arguments, help: help, terminal: terminal, command: "profile", accepted: ["--seconds", "--seed"])
    else {
      return ExitStatus.success
    }
    guard let title = options.positional.first else {
      throw CommandFailure("profile needs a GROUP (see `arrangement-bench list`)", status: .usage)
    }
    options.only = [title]
    guard let benchmark = try? options.selectedBenchmarks().first else {
      throw CommandFailure(
        "no benchmark group is titled '\(title)' (see `arrangement-bench list`)", status: .usage)
    }
    let body = benchmark.setUp()
    terminal.report("pid \(getpid()): running \(title) for \(options.seconds) s\n")
    let end = Date().addingTimeInterval(options.seconds)
    var runs = 0
    while Date() < end {
      for _ in 0..<16 { body() }
      runs += 16
    }
    terminal.write("\(title): \(runs) runs, \(runs * benchmark.operations) operations\n")
    return ExitStatus.success
  }
}
