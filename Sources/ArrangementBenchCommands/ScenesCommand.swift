import ArrangementBenchmarks
import BenchmarkRunner
import SceneFormat

/// `scenes`: writes the suite's scenes, or seeded random ones, as a stream,
/// for other tools and for measuring the scene-file path.
enum ScenesCommand {
  static let help = """
    USAGE: arrangement-bench scenes [--filter F] [--random N] [--seed S]

    Writes scenes as a stream (JSON Lines, one scene a line, the format that
    `solve --lines` reads): the scene points of the benchmark groups that
    --filter selects (all of them by default), or with --random N that many
    seeded random scenes (devices, postures, styles, sizing presets and
    directions drawn as in the random/seed=S group).

    OPTIONS:
      --filter F   Groups whose titles contain F (comma-separated; ! excludes).
      --random N   N random scenes instead (N >= 1).
      --seed S     The random seed (default 1).
      -h, --help   Show this help.

    """

  static func run(_ arguments: ArraySlice<String>, terminal: Terminal) throws(CommandFailure) -> ExitStatus {
    var filter: String?
    var count: Int?
    var seed: UInt64 = 1
    var rest = arguments
    func value(_ name: String) throws(CommandFailure) -> String {
      guard let value = rest.popFirst() else { throw CommandFailure("\(name) needs a value (see --help)") }
      return value
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "-h", "--help":
        terminal.write(help)
        return ExitStatus.success
      case "--filter":
        let text = try value(argument)
        guard TitleFilter.isList(text) else {
          throw CommandFailure("--filter: \(Text.quoted(text)) names no group", status: .usage)
        }
        filter = text
      case "--random":
        let text = try value(argument)
        guard let number = Int(text), number >= 1 else {
          throw CommandFailure("--random: '\(text)' is not a positive whole number")
        }
        count = number
      case "--seed":
        let text = try value(argument)
        guard let number = UInt64(text) else { throw CommandFailure("--seed: '\(text)' is not a whole number") }
        seed = number
      default:
        throw CommandFailure("unknown option '\(argument)' (see --help)")
      }
    }
    var writer = JSONWriter(capacity: 1 << 18)
    func flush() throws(CommandFailure) {
      try terminal.output(writer.written)
      writer.truncate(to: 0)
    }
    if let count {
      var scenes = RandomScenes(seed: seed)
      for _ in 0..<count {
        writer.scene(scenes.next())
        writer.byte(UInt8(ascii: "\n"))
        if writer.count > 1 << 18 { try flush() }
      }
      try flush()
    } else {
      for point in ArrangementSuite.points(matching: TitleFilter(filter), seed: seed) {
        writer.scene(point.scene)
        writer.byte(UInt8(ascii: "\n"))
        if writer.count > 1 << 18 { try flush() }
      }
      try flush()
    }
    return ExitStatus.success
  }
}
