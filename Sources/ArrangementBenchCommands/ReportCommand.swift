import ArrangementBenchmarks
import BenchmarkRunner
import Foundation

/// `report`: the capacity report, as HTML, Markdown and CSV.
enum ReportCommand {
  static let help = """
    USAGE: arrangement-bench report [BASELINE] [RUN] --out DIR [--no-measure]

    Writes a capacity report of RUN (default results/runs/latest.json), against
    BASELINE when two files are given, into DIR:
      index.html   a self-contained page: solves per 120 Hz and 60 Hz frame per
                   group, ns per solve over container width (log scale) and over
                   width × height per posture, scaling over cores, allocations,
                   and with a baseline the change per group (inline SVG, no script)
      summary.md   the numbers and the capacity change, for a pull request
      groups.csv   one row per group
      run.json     the run with the chart data the report measured
    Unless RUN already holds chart data or --no-measure is given, the report
    measures it with this build: cost over container sizes and the batch path
    on 1…all cores (a few seconds; build in release).

    OPTIONS:
      --out DIR       Where to write (required).
      --no-measure    Only the groups' numbers; no cost-over-size or scaling charts.
      --history DIR   Add a trend chart per group from recorded runs (e.g. results/history):
                      median and p25–p75 over commits, change points marked.
      --by-date       With --history: order entries by date rather than by commit.
      -h, --help      Show this help.

    """

  static func run(_ arguments: ArraySlice<String>, terminal: Terminal) throws(CommandFailure) -> ExitStatus {
    guard
      let options = try BenchOptions.parse(
        arguments, help: help, terminal: terminal, command: "report",
        accepted: ["--out", "--no-measure", "--history", "--by-date"])
    else {
      return ExitStatus.success
    }
    guard let folder = options.folder else {
      throw CommandFailure("report needs --out DIR (see --help)", status: .usage)
    }
    guard options.positional.count <= 2 else {
      throw CommandFailure("report takes at most two result files (see --help)", status: .usage)
    }
    let runPath = options.positional.last ?? "results/runs/latest.json"
    var run = try ResultFiles.load(runPath)
    let baseline = options.positional.count == 2 ? try ResultFiles.load(options.positional[0], isBaseline: true) : nil

    if options.measureSeries && (run.series ?? []).isEmpty {
      #if DEBUG
        terminal.report("warning: a debug build measures the charts; use `swift run -c release`\n")
      #endif
      var series: [Series] = []
      let definitions = ArrangementSuite.series()
      for (index, definition) in definitions.enumerated() {
        terminal.report("[\(index + 1)/\(definitions.count + 1)] \(definition.title)\n")
        series.append(Measurer.measure(definition))
      }
      let threads = ProcessInfo.processInfo.activeProcessorCount
      terminal.report("[\(definitions.count + 1)/\(definitions.count + 1)] scaling on 1…\(threads) threads\n")
      series.append(
        Measurer.scaling(
          ArrangementSuite.scalingBenchmark, section: ArrangementSuite.ChartSection.scaling, maximumThreads: threads))
      run.series = series
    }

    var trends: [Trend] = []
    if let history = options.historyPath {
      let (entries, _) = try HistoryCommand.ordered(history, byDate: options.byDate)
      trends = Trend.build(entries, titles: run.groups.map(\.title)).filter { $0.points.count > 1 }
    }
    let report = CapacityReport(
      run: run, baseline: baseline, definitions: ArrangementSuite.reportDefinitions, trends: trends)
    let encodedRun: Data
    do {
      encodedRun = try run.encoded()
    } catch {
      throw CommandFailure("cannot encode the run (\(error))", status: .toolError)
    }
    do {
      // One folder swapped in whole: a failure at any file leaves the previous report as it was.
      try OutputFile.writeFolder(
        [
          ("index.html", Data(report.html.utf8)), ("summary.md", Data(report.markdown.utf8)),
          ("groups.csv", Data(report.csv.utf8)), ("run.json", encodedRun),
        ], to: folder)
    } catch {
      throw CommandFailure(error.description, status: error.refused ? .usage : .toolError)
    }
    terminal.write("report written to \(folder)/index.html, summary.md, groups.csv\n")
    return ExitStatus.success
  }
}
