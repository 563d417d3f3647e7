import BenchmarkRunner
import Foundation

/// `compare BASELINE RESULT`: two result files, group by group.
enum CompareCommand {
  static let accepted: Set<String> = ["--metrics", "--json", "--markdown", "--compare-times-across-hosts"]

  static let help = """
    USAGE: arrangement-bench compare BASELINE RESULT [options]

    Compares two result files group by group (no measurement). Exit status as for run.

    \(BenchOptions.help(for: CompareCommand.accepted))

    """

  static func run(_ arguments: ArraySlice<String>, terminal: Terminal) throws(CommandFailure) -> ExitStatus {
    guard
      let options = try BenchOptions.parse(
        arguments, help: help, terminal: terminal, command: "compare",
        accepted: accepted)
    else {
      return ExitStatus.success
    }
    guard options.positional.count == 2 else {
      throw CommandFailure("compare needs two result files (see --help)", status: .usage)
    }
    let baseline = try ResultFiles.load(options.positional[0], isBaseline: true)
    let current = try ResultFiles.load(options.positional[1])
    let policy = options.policy
    let comparison = Comparison(baseline: baseline, current: current, policy: policy)
    if options.json {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      let data = (try? encoder.encode(ComparisonDocument(comparison))) ?? Data()
      terminal.write(String(decoding: data, as: UTF8.self) + "\n")
    } else {
      terminal.write(Report.comparison(comparison, markdown: options.markdown))
      terminal.write("\nverdict: \(comparison.overall.sentence)\n")
      if !comparison.timeJudged { terminal.write(BenchOptions.otherHostAdvice) }
    }
    return comparison.overall.exitStatus
  }
}
