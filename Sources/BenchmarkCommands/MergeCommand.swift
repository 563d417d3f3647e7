import BenchmarkRunner

/// `merge RESULT... --output PATH`: shards joined into one result (see ``RunResult/merging(_:allowMixedCommits:allowMixedHosts:)``).
enum MergeCommand {
  static let command = Command(
    "merge", usage: ["RESULT... --output PATH [options]"], synopsis: "FILE...",
    abstract: "Merge result files, e.g. the shards of a CI matrix.",
    discussion: """
      Merges result files of the same suite, e.g. the shards of a CI matrix
      (--shard K/N), into one. Refused, naming the file and the group: a group
      in two files (shards that overlap, or one shard given twice), results of
      different commits or of different hosts (unless allowed), different suites.
      """,
    maximumArguments: .max
  ) { invocation throws(CommandFailure) in
    let options = invocation.options
    guard let output = options[Options.output], !invocation.positional.isEmpty else {
      throw CommandFailure("merge needs result files and --output (see --help)", status: .usage)
    }
    let files = try invocation.positional.map { (path: String) throws(CommandFailure) in
      (path: path, result: try ResultFiles.load(path))
    }
    let merged = try RunResult.merging(
      files, allowMixedCommits: options.has(Options.allowMixedCommits),
      allowMixedHosts: options.has(Options.allowMixedHosts))
    try ResultFiles.write(merged, to: output)
    invocation.terminal.write("merged \(files.count) result file(s), \(merged.groups.count) group(s), into \(output)\n")
    return .success
  }
}
