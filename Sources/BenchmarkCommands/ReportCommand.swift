import BenchmarkRunner
import Foundation

/// `report`: the capacity report, as HTML, Markdown and CSV.
enum ReportCommand {
  static let command = Command(
    "report", usage: ["[BASELINE] [RUN] --out DIR [options]"], synopsis: "[A] [B]",
    abstract: "Capacity report (HTML with charts, Markdown, CSV) of a run, against a baseline.",
    discussion: """
      Writes a capacity report of RUN (default results/runs/latest.json), against
      BASELINE when two files are given, into DIR:
        index.html   a self-contained page: operations per frame per group, the
                     suite's charts, allocations, and with a baseline the change
                     per group, coloured by its time verdict (inline SVG, no script)
        summary.md   the numbers and the capacity change, for a pull request
        groups.csv   one row per group
        run.json     the run with the chart data the report measured
      Groups that others name as their reference are left out of the tables and
      charts. A suite with charts (cost over sizes, scaling over cores) has them
      measured by this build unless RUN already holds chart data (a few seconds;
      build in release).
      """,
    maximumArguments: 2, statuses: [.success, .toolError, .noBaseline, .usage],
    rules: [.requires(Options.byDate, Options.history)],
    handlesInterrupts: true
  ) { invocation throws(CommandFailure) in
    let options = invocation.options
    let suite = invocation.suite
    guard let folder = options[Options.out] else {
      throw CommandFailure("report needs --out DIR (see --help)", status: .usage)
    }
    let positional = invocation.positional
    var run = try ResultFiles.load(positional.last ?? ResultFiles.latestRun)
    let baseline = positional.count == 2 ? try ResultFiles.load(positional[0], isBaseline: true) : nil

    let progress = Progress(invocation.terminal, quiet: options.has(Options.quiet))
    if options.ifTaken(Options.noMeasure) != true && suite.measuresCharts && (run.series ?? []).isEmpty {
      #if DEBUG
        progress.warn("warning: a debug build measures the charts; use `swift run -c release`")
      #endif
      var series: [Series] = []
      let definitions = suite.series()
      let steps = definitions.count + (suite.scaling == nil ? 0 : 1)
      for (index, definition) in definitions.enumerated() {
        progress.step("[\(index + 1)/\(steps)] \(definition.title)")
        series.append(Sampler.measure(definition))
      }
      if let scaling = suite.scaling {
        let threads = ProcessInfo.processInfo.activeProcessorCount
        progress.step("[\(steps)/\(steps)] scaling on 1…\(threads) threads")
        series.append(Sampler.scaling(scaling.benchmark, section: scaling.section, maximumThreads: threads))
      }
      progress.clear()
      run.series = series
    }

    var trends: [Trend] = []
    if let history = options[Options.history] {
      let (entries, _) = try HistoryCommand.ordered(history, byDate: options.has(Options.byDate))
      trends = Trend.build(entries, titles: run.groups.map(\.title)).filter { $0.points.count > 1 }
    }
    let report = CapacityReport(
      run: run, baseline: baseline, definitions: suite.reportDefinitions, trends: trends, thresholds: suite.thresholds)
    let encodedRun: Data
    do {
      encodedRun = try run.encoded()
    } catch {
      throw CommandFailure("cannot encode the run (\(error))", status: .toolError)
    }
    do throws(OutputFile.WriteError) {
      // One folder swapped in whole: a failure at any file leaves the previous report as it was.
      try OutputFile.writeFolder(
        [
          ("index.html", Data(report.html.utf8)), ("summary.md", Data(report.markdown.utf8)),
          ("groups.csv", Data(report.csv.utf8)), ("run.json", encodedRun),
        ], to: folder)
    } catch {
      throw CommandFailure(error.description, status: error.refused ? .usage : .toolError)
    }
    invocation.terminal.write(
      "report written to \(OutputFile.displayed(folder, "index.html")), summary.md, groups.csv\n")
    return .success
  }
}
