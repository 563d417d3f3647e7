import BenchmarkRunner
import Foundation

/// `export`: result files in the formats dashboards and other tools read.
enum ExportCommand {
  static let command = Command(
    "export", usage: ["--format FORMAT [RESULT] [--output PATH]"],
    abstract: "Write a result file for github-action-benchmark or Google Benchmark tools.",
    discussion: """
      Writes a result file (default results/runs/latest.json) in another tool's format:
        github-action-benchmark   the customSmallerIsBetter JSON of github-action-benchmark
                                  (median ns/op per group, plus allocations, and where
                                  measured instructions, peak heap bytes per run, peak
                                  resident set and estimated cycles)
        google-benchmark          Google Benchmark's JSON, one repetition per sample and
                                  mean/median/stddev aggregates, for its compare.py and
                                  dashboards; peak heap, resident set and estimated cycles,
                                  where measured, as user counters
      """,
    maximumArguments: 1
  ) { invocation throws(CommandFailure) in
    let options = invocation.options
    guard let format = options[Options.format] else {
      throw CommandFailure("export needs --format (see --help)", status: .usage)
    }
    let result = try ResultFiles.load(invocation.positional.first ?? ResultFiles.latestRun)
    let data: Data
    switch format {
    case .githubActionBenchmark: data = Export.encode(Export.githubActionBenchmark(result))
    case .googleBenchmark: data = Export.encode(Export.googleBenchmark(result, executable: invocation.tool.name))
    }
    if let output = options[Options.output] {
      do throws(OutputFile.WriteError) {
        try OutputFile.write(data, to: output)
      } catch {
        throw CommandFailure(error.description, status: error.refused ? .usage : .toolError)
      }
    } else {
      invocation.terminal.write(String(decoding: data, as: UTF8.self) + "\n")
    }
    return .success
  }
}
