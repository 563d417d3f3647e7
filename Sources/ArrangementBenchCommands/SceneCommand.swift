import SceneFormat

/// `solve` and `regions`: answer scene files (SPEC §8).
enum SceneCommand {
  static let solveHelp = """
    USAGE: arrangement-bench solve [FILE|-]

    Solves the scenes of a scene file (SPEC §8): one JSON object, or an
    array of them answered by an array in the same order. Reads standard
    input when FILE is - or missing.

    Bad input exits with status 2 and one line naming the field's JSON path,
    e.g. `$.primary.width.preferred.fraction: 1.5 is outside 0...1`; nothing
    is printed on standard output then.

    OPTIONS:
      -h, --help   Show this help.

    """

  static let regionsHelp = """
    USAGE: arrangement-bench regions [FILE|-]

    Answers region queries (SPEC §3, §8): the regions of a kind that overlap
    a view, in the view's coordinates, in ascending id order. One query
    object, or an array of them. Reads standard input when FILE is - or
    missing. Bad input exits with status 2, naming the field.

    OPTIONS:
      -h, --help   Show this help.

    """

  static let displaceHelp = """
    USAGE: arrangement-bench displace [FILE|-]

    Displaces elements around folds and cameras (SPEC §6, R25–R27): one
    request object or an array of them (schema in the README). Bad input exits
    with status 2, naming the field.

    OPTIONS:
      -h, --help   Show this help.

    """

  static let gridHelp = """
    USAGE: arrangement-bench grid [FILE|-]

    Fits grid columns around folds (SPEC §6, R28): one request object or an
    array of them (schema in the README). Bad input exits with status 2,
    naming the field.

    OPTIONS:
      -h, --help   Show this help.

    """

  static func run(
    _ arguments: ArraySlice<String>, terminal: Terminal, help: String,
    answer: (JSONValue) throws(SceneFileError) -> String
  ) throws(CommandFailure) -> Int32 {
    var path: String?
    for argument in arguments {
      if argument == "-h" || argument == "--help" {
        terminal.write(help)
        return ExitStatus.success
      }
      if argument.hasPrefix("-") && argument != "-" {
        throw CommandFailure("unknown option '\(argument)' (see --help)")
      }
      guard path == nil else { throw CommandFailure("expected at most one FILE (see --help)") }
      path = argument
    }
    let bytes = try Files.readInput(path, terminal: terminal)
    let text: String
    do {
      text = try answer(try JSONParser.parse(bytes))
    } catch {
      throw CommandFailure(error.description)
    }
    terminal.write(text + "\n")
    return ExitStatus.success
  }
}
