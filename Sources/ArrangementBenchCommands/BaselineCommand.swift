import ArrangementBenchmarks
import BenchmarkRunner
import Foundation

/// `baseline update` and `baseline show`.
enum BaselineCommand {
  static let help = """
    USAGE: arrangement-bench baseline update [options]
           arrangement-bench baseline show [options]

    update measures the suite and writes the baseline atomically (release builds
    only); show prints the stored baseline.

    \(BenchOptions.help(for: BenchOptions.measuring))

    """

  static func run(_ arguments: ArraySlice<String>, terminal: Terminal) throws(CommandFailure) -> ExitStatus {
    guard let action = arguments.first, !["-h", "--help"].contains(action) else {
      terminal.write(help)
      return ExitStatus.success
    }
    guard
      let options = try BenchOptions.parse(
        arguments.dropFirst(), help: help, terminal: terminal, command: "baseline", accepted: BenchOptions.measuring)
    else {
      return ExitStatus.success
    }
    switch action {
    case "update":
      // A debug build's times mean nothing; only the crash-safety tests may write one, elsewhere.
      #if DEBUG
        guard ProcessInfo.processInfo.environment["ARRANGEMENT_BENCH_TESTING_DEBUG_BASELINE"] == "1" else {
          throw CommandFailure(
            "refusing to record a baseline from a debug build; use `swift run -c release arrangement-bench baseline update`",
            status: ExitStatus.toolError)
        }
      #endif
      let result = try RunCommand.measure(try options.selectedBenchmarks(), options: options, terminal: terminal)
      let path = options.outputPath ?? options.baselinePath
      try ResultFiles.write(result, to: path)
      terminal.write(Report.run(result, markdown: options.markdown) + "\nbaseline written to \(path)\n")
      return ExitStatus.success
    case "show":
      let result = try ResultFiles.load(options.baselinePath, isBaseline: true)
      terminal.write(
        options.json
          ? ResultFiles.jsonText(result) : ResultFiles.header(result) + Report.run(result, markdown: options.markdown))
      return ExitStatus.success
    default:
      throw CommandFailure(
        "unknown baseline action '\(action)' (expected update or show)", status: .usage)
    }
  }
}
