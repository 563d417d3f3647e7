import BenchmarkRunner
import Foundation

/// `compare BASELINE RESULT`: two result files, group by group.
enum CompareCommand {
  static let command = Command(
    "compare", usage: ["BASELINE RESULT [options]", "--baseline-name NAME [RESULT] [options]"], synopsis: "A B",
    abstract: "Compare two result files.",
    discussion: """
      Compares two result files group by group (no measurement): BASELINE and
      RESULT, or the named baseline (results/baselines/NAME.json) and RESULT
      (default results/runs/latest.json).
      """,
    maximumArguments: 2, statuses: RunCommand.statuses, rules: [.excludes(Options.json, Options.markdown)]
  ) { invocation throws(CommandFailure) in
    let options = invocation.options
    let positional = invocation.positional
    let baselinePath: String
    let resultPath: String
    if let name = options[Options.baselineName] {
      guard positional.count <= 1 else {
        throw CommandFailure("compare --baseline-name takes at most one result file (see --help)", status: .usage)
      }
      baselinePath = BaselineNames.path(name)
      resultPath = positional.first ?? ResultFiles.latestRun
    } else {
      guard positional.count == 2 else {
        throw CommandFailure(
          "compare needs two result files, or --baseline-name NAME and at most one (see --help)", status: .usage)
      }
      (baselinePath, resultPath) = (positional[0], positional[1])
    }
    let baseline = try ResultFiles.load(baselinePath, isBaseline: true)
    let current = try ResultFiles.load(resultPath)
    var policy = ComparisonPolicy()
    policy.gated = options[Options.metrics] ?? .all
    policy.judgeTimeAcrossHosts = options.has(Options.compareTimesAcrossHosts)
    let comparison = Comparison(baseline: baseline, current: current, policy: policy)
    let terminal = invocation.terminal
    if options.has(Options.json) {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      let data = (try? encoder.encode(ComparisonDocument(comparison))) ?? Data()
      terminal.write(String(decoding: data, as: UTF8.self) + "\n")
    } else {
      terminal.write(Report.comparison(comparison, markdown: options.has(Options.markdown)))
      terminal.write("\nverdict: \(comparison.overall.sentence)\n")
      if !comparison.timeJudged { terminal.write(ResultFiles.otherHostAdvice(invocation.tool.name)) }
    }
    return comparison.overall.exitStatus
  }
}
