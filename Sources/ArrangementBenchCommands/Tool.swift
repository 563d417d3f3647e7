import SceneFormat

/// The `arrangement-bench` command line: one subcommand a file, each with `--help`.
public enum Tool {
  static let help = """
    USAGE: arrangement-bench <subcommand> [options]

    A model of two-pane arrangement layouts on foldable screens, and the
    benchmark suite that keeps it fast.

    SUBCOMMANDS:
      solve [FILE|-]     Solve the scenes of a scene file (SPEC §8).
      regions [FILE|-]   Answer region queries (SPEC §3).

    Run `arrangement-bench <subcommand> --help` for a subcommand's options.

    EXIT STATUS:
      0  success
      1  tool error
      2  bad input (the message names the field)

    """

  /// Runs the tool with `arguments` (without the program name) and returns its exit status.
  public static func main(_ arguments: [String], terminal: Terminal = .standard) -> Int32 {
    do {
      return try dispatch(arguments[...], terminal: terminal)
    } catch {
      terminal.report("arrangement-bench: \(error.message)\n")
      return error.status
    }
  }

  static func dispatch(_ arguments: ArraySlice<String>, terminal: Terminal) throws(CommandFailure) -> Int32 {
    guard let command = arguments.first else {
      terminal.write(help)
      return ExitStatus.success
    }
    let rest = arguments.dropFirst()
    switch command {
    case "-h", "--help", "help":
      terminal.write(help)
      return ExitStatus.success
    case "solve":
      return try SceneCommand.run(rest, terminal: terminal, help: SceneCommand.solveHelp, answer: SceneFile.solve)
    case "regions":
      return try SceneCommand.run(rest, terminal: terminal, help: SceneCommand.regionsHelp, answer: SceneFile.regions)
    default:
      throw CommandFailure("unknown subcommand '\(command)' (see --help)")
    }
  }
}
