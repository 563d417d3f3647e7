import BenchmarkRunner
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `profile GROUP`: one group's hot loop, for a profiler.
enum ProfileCommand {
  static let command = Command(
    "profile", usage: ["GROUP [options]"], synopsis: "GROUP",
    abstract: "Run one group's hot loop for a profiler to attach to.",
    discussion: """
      Runs the hot loop of one benchmark group (its exact title, see `list`) for
      some seconds after setting it up, printing its process id first, so that
      a profiler can attach or wrap it:

        perf record -g -- .build/release/<tool> profile GROUP --seconds 5
        perf report

      Where the CPU exposes no hardware counters, `perf record -e cpu-clock`
      samples on a timer.
      """,
    maximumArguments: 1
  ) { invocation throws(CommandFailure) in
    let options = invocation.options
    guard let title = invocation.positional.first else {
      throw CommandFailure("profile needs one GROUP (see `\(invocation.tool.name) list`)", status: .usage)
    }
    var measuring = MeasurementRequest(options, tool: invocation.tool)
    measuring.only = [title]
    guard let benchmark = try? measuring.selectedBenchmarks().first else {
      throw CommandFailure(
        "no benchmark group is titled \(Text.quoted(title)) (see `\(invocation.tool.name) list`)", status: .usage)
    }
    let seconds = options[Options.seconds] ?? 10
    let body = benchmark.setUp()
    invocation.terminal.report("pid \(getpid()): running \(title) for \(seconds) s\n")
    let end = Date().addingTimeInterval(seconds)
    var runs = 0
    while Date() < end {
      for _ in 0..<16 { body() }
      runs += 16
    }
    invocation.terminal.write("\(title): \(runs) runs, \(runs * benchmark.operations) operations\n")
    return .success
  }
}
