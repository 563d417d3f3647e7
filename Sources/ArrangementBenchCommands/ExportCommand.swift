import BenchmarkRunner
import Foundation

/// `export`: result files in the formats dashboards and other tools read.
enum ExportCommand {
  static let help = """
    USAGE: arrangement-bench export --format FORMAT [RESULT] [--output PATH]

    Writes a result file (default results/runs/latest.json) in another tool's format:
      github-action-benchmark   the customSmallerIsBetter JSON of github-action-benchmark
                                (median ns/op per group, plus allocations and instructions)
      google-benchmark          Google Benchmark's JSON, one repetition per sample and
                                mean/median/stddev aggregates, for its compare.py and dashboards

    OPTIONS:
      --format FORMAT   github-action-benchmark or google-benchmark (required).
      --output PATH     Write there (atomically) instead of standard output.
      -h, --help        Show this help.

    """

  static func run(_ arguments: ArraySlice<String>, terminal: Terminal) throws(CommandFailure) -> ExitStatus {
    guard
      let options = try BenchOptions.parse(
        arguments, help: help, terminal: terminal, command: "export", accepted: ["--format", "--output"])
    else {
      return ExitStatus.success
    }
    let path = options.positional.first ?? "results/runs/latest.json"
    let result = try ResultFiles.load(path)
    let data: Data
    switch options.format {
    case "github-action-benchmark": data = Export.encode(Export.githubActionBenchmark(result))
    case "google-benchmark": data = Export.encode(Export.googleBenchmark(result, executable: "arrangement-bench"))
    default:
      throw CommandFailure(
        "--format must be github-action-benchmark or google-benchmark (see --help)", status: .usage)
    }
    if let output = options.outputPath {
      do {
        try OutputFile.write(data, to: output)
      } catch {
        throw CommandFailure(error.description, status: error.refused ? .usage : .toolError)
      }
    } else {
      terminal.write(String(decoding: data, as: UTF8.self) + "\n")
    }
    return ExitStatus.success
  }
}
