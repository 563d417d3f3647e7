import BenchmarkRunner

/// `merge RESULT... --output PATH`: shards joined into one result (see ``RunResult/merging(_:allowMixedCommits:allowMixedHosts:)``).
enum MergeCommand {
  static let help = """
    USAGE: arrangement-bench merge RESULT... --output PATH [--allow-mixed-commits] [--allow-mixed-hosts]

    Merges result files of the same suite, e.g. the shards of a CI matrix
    (--shard K/N), into one. Refused, naming the file and the group: a group
    in two files (shards that overlap, or one shard given twice), results of
    different commits or of different hosts (unless allowed), different suites.

    OPTIONS:
      --allow-mixed-commits  Merge results of different commits.
      --allow-mixed-hosts    Merge results of different hosts (machine fingerprints).

    """

  static func run(_ arguments: ArraySlice<String>, terminal: Terminal) throws(CommandFailure) -> ExitStatus {
    guard
      let options = try BenchOptions.parse(
        arguments, help: help, terminal: terminal, command: "merge",
        accepted: ["--output", "--allow-mixed-commits", "--allow-mixed-hosts"])
    else {
      return ExitStatus.success
    }
    guard let output = options.outputPath, !options.positional.isEmpty else {
      throw CommandFailure("merge needs result files and --output (see --help)", status: .usage)
    }
    let files = try options.positional.map { (path: String) throws(CommandFailure) in
      (path: path, result: try ResultFiles.load(path))
    }
    let merged = try RunResult.merging(
      files, allowMixedCommits: options.allowMixedCommits, allowMixedHosts: options.allowMixedHosts)
    try ResultFiles.write(merged, to: output)
    terminal.write("merged \(files.count) result file(s), \(merged.groups.count) group(s), into \(output)\n")
    return ExitStatus.success
  }
}
