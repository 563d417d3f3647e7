import ArrangementBenchmarks
import BenchmarkCommands
import BenchmarkRunner
import SceneFormat

/// `scenes`: writes the suite's scenes, or seeded random ones, as a stream,
/// for other tools and for measuring the scene-file path.
enum ScenesCommand {
  static let random = Options.count("--random", "N", in: 1...Int.max)
  static let thirdGeneration = Option(flag: "--third-generation")

  static let rows = [
    OptionRow(
      Options.filter, "Groups whose titles contain one of these substrings (comma-separated; ! excludes).",
      for: ["scenes"]),
    OptionRow(random, "N random scenes instead.", for: ["scenes"]),
    OptionRow(
      thirdGeneration, "With --random: the same scenes, with the fields of R30–R35 drawn too.", for: ["scenes"]),
    OptionRow(Options.seed, "The random seed (default 1).", for: ["scenes"]),
  ]

  static let command = Command(
    "scenes", abstract: "Write the suite's scenes, or seeded random ones, as a stream.",
    discussion: """
      Writes scenes as a stream (JSON Lines, one scene a line, the format that
      `solve --lines` reads): the scene points of the benchmark groups that
      --filter selects (all of them by default), or with --random N that many
      seeded random scenes (devices, postures, styles, sizing presets and
      directions drawn as in the random/seed=S group). With
      --third-generation, those scenes also use the fields of R30–R35
      (docs/RULES.md §8.2): spacing, a divider with anchors and snapping, a
      fold policy, fold axes, the secondary's adapt strategy, per-axis
      fixedSize and the secondary's overlay edges, each in some of them.
      """,
    rules: [.excludes(random, Options.filter), .requires(thirdGeneration, random)]
  ) { invocation throws(CommandFailure) in try run(invocation) }

  static func run(_ invocation: Invocation) throws(CommandFailure) -> ExitStatus {
    let options = invocation.options
    let terminal = invocation.terminal
    let seed = options[Options.seed] ?? 1
    let count = options[random]
    let filter = options[Options.filter]
    var writer = JSONWriter(capacity: 1 << 18)
    func flush() throws(CommandFailure) {
      try terminal.output(writer.written)
      writer.truncate(to: 0)
    }
    if let count {
      var scenes = RandomScenes(seed: seed)
      var extended = options.has(thirdGeneration) ? ThirdGenerationScenes(seed: seed) : nil
      for _ in 0..<count {
        writer.scene(extended?.next() ?? scenes.next())
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
