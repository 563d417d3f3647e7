import ArrangementBenchmarks
import BenchmarkCommands
import BenchmarkRunner
import SceneFormat

/// The `arrangement-bench` command line: the runner's subcommands on the
/// arrangement suite, and the layout subcommands that answer scene files.
public enum Tool {
  /// The tool's version, as `--version` prints it.
  public static let version = "0.9.0"

  public static let benchmarkTool = BenchmarkTool(
    name: "arrangement-bench", version: version,
    summary: """
      A model of two-pane arrangement layouts on foldable screens, and the
      benchmark suite that keeps it fast.
      """,
    suite: ArrangementSuite.suite,
    commands: SceneCommand.commands + [ScenesCommand.command], options: SceneCommand.rows + ScenesCommand.rows)

  /// Runs the tool with `arguments` (without the program name) and returns its exit status.
  /// With `handlingInterrupts` (the executable; not tests running it in-process), SIGINT and
  /// SIGTERM stop the workers of the benchmark subcommands and remove their temporary files.
  public static func main(_ arguments: [String], terminal: Terminal = .standard, handlingInterrupts: Bool = false)
    -> Int32
  {
    benchmarkTool.main(arguments, terminal: terminal, handlingInterrupts: handlingInterrupts)
  }
}
