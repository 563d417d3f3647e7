import BenchmarkRunner
import SceneFormat

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `arrangement-bench` command line: one subcommand a file, each with `--help`.
public enum Tool {
  static let help = """
    USAGE: arrangement-bench <subcommand> [options]

    A model of two-pane arrangement layouts on foldable screens, and the
    benchmark suite that keeps it fast.

    SUBCOMMANDS:
      solve [FILE|-]     Solve the scenes of a scene file or stream (--lines).
      regions [FILE|-]   Answer region queries.
      displace [FILE|-]  Displace elements around folds and cameras.
      grid [FILE|-]      Fit grid columns around folds.
      scenes             Write the suite's scenes, or seeded random ones, as a stream.
      run                Measure the default suite and compare it with the baseline (the default).
      check              Like run, printing only the comparison and the verdict.
      baseline update|show
                         Record the baseline (release builds only), or print it.
      compare A B        Compare two result files.
      ab BASE [HEAD]     Build two commits and compare them interleaved (A B A′), explaining regressions.
      merge FILE...      Merge result files, e.g. the shards of a CI matrix.
      history record|show|changes
                         Keep runs in results/history; a group's series; its change points.
      list               List the benchmark groups, or with --points every scene point.
      report [A] [B]     Capacity report (HTML with charts, Markdown, CSV) of a run, against a baseline.
      export             Write a result file for github-action-benchmark or Google Benchmark tools.
      profile GROUP      Run one group's hot loop for a profiler to attach to.

    Run `arrangement-bench <subcommand> --help` for a subcommand's options.


    """ + ExitStatus.help + "\n"

  /// Runs the tool with `arguments` (without the program name) and returns its exit status.
  /// With `handlingInterrupts` (the executable; not tests running it in-process), SIGINT and
  /// SIGTERM stop the workers of the benchmark subcommands and remove their temporary files.
  public static func main(_ arguments: [String], terminal: Terminal = .standard, handlingInterrupts: Bool = false)
    -> Int32
  {
    if handlingInterrupts && ["run", "check", "baseline", "report", "ab", nil].contains(arguments.first) {
      Interrupts.shared.install()
    }
    var status: ExitStatus
    do {
      status = try dispatch(arguments[...], terminal: terminal)
    } catch {
      if !error.message.isEmpty { terminal.report("arrangement-bench: \(error.message)\n") }
      status = error.status
    }
    // Text that could not be written is an error, whatever the command thought
    // of its work; a reader that went away (a closed pipe) is a quiet stop.
    let failure = terminal.writeFailure()
    if failure != 0 && failure != EPIPE && status != .toolError {
      terminal.report("arrangement-bench: cannot write standard output: \(String(cString: strerror(failure)))\n")
      status = .toolError
    }
    return status.code
  }

  static func dispatch(_ arguments: ArraySlice<String>, terminal: Terminal) throws(CommandFailure) -> ExitStatus {
    guard let command = arguments.first else {
      return try RunCommand.run([], terminal: terminal, printTable: true)
    }
    let rest = arguments.dropFirst()
    switch command {
    case "-h", "--help", "help":
      terminal.write(help)
      return ExitStatus.success
    case "solve":
      return try SceneCommand.run(.solve, rest, terminal: terminal)
    case "regions":
      return try SceneCommand.run(.regions, rest, terminal: terminal)
    case "displace":
      return try SceneCommand.run(.displace, rest, terminal: terminal)
    case "grid":
      return try SceneCommand.run(.grid, rest, terminal: terminal)
    case "scenes": return try ScenesCommand.run(rest, terminal: terminal)
    case "run": return try RunCommand.run(rest, terminal: terminal, printTable: true)
    case "check": return try RunCommand.run(rest, terminal: terminal, printTable: false)
    case "baseline": return try BaselineCommand.run(rest, terminal: terminal)
    case "compare": return try CompareCommand.run(rest, terminal: terminal)
    case "ab": return try ABCommand.run(rest, terminal: terminal)
    case "merge": return try MergeCommand.run(rest, terminal: terminal)
    case "history": return try HistoryCommand.run(rest, terminal: terminal)
    case "list": return try ListCommand.run(rest, terminal: terminal)
    case "report": return try ReportCommand.run(rest, terminal: terminal)
    case "export": return try ExportCommand.run(rest, terminal: terminal)
    case "profile": return try ProfileCommand.run(rest, terminal: terminal)
    case "worker": return try WorkerCommand.run(rest, terminal: terminal)
    default:
      throw CommandFailure("unknown subcommand '\(command)' (see --help)")
    }
  }
}
