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
      (default results/runs/latest.json). A group of BASELINE missing from RESULT
      is a gate that did not check it (status 6), unless --filter selects the
      groups compared in both.
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
    var baseline = try ResultFiles.load(baselinePath, isBaseline: true)
    var current = try ResultFiles.load(resultPath)
    // A selection on purpose: the groups it leaves out are neither missing nor new.
    if let text = options[Options.filter] {
      let filter = TitleFilter(text)
      baseline.groups = baseline.groups.filter { filter.matches($0.title) }
      current.groups = current.groups.filter { filter.matches($0.title) }
    }
    let comparison = Comparison(
      baseline: baseline, current: current, policy: ComparisonPolicy(options, suite: invocation.suite))
    let terminal = invocation.terminal
    if options.has(Options.json) {
      terminal.write(ResultFiles.jsonDocument(ComparisonDocument(comparison)))
    } else {
      let style = Report.TableStyle(options)
      terminal.write(Report.comparison(comparison, style: style))
      terminal.write("\n" + style.line("verdict: \(comparison.verdictLine)") + "\n")
      if !comparison.comparability.kind.holds && !comparison.timeJudged {
        terminal.write(ResultFiles.otherHostAdvice(invocation.tool.name))
      }
    }
    return comparison.status
  }
}
