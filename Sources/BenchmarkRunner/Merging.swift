/// Merging: result files of disjoint groups (the shards of a CI matrix) joined
/// into one run, refused where they would not compare (`merge`).
extension RunResult {
  /// Result files of one suite joined into one, e.g. the shards of a CI
  /// matrix. Refused, naming the file and the group: a group in two files
  /// (shards that overlap, or one given twice), another suite, another clock
  /// or sample filter, and unless allowed, another commit or another kind of host (``Comparability``).
  public static func merging(
    _ files: [(path: String, result: RunResult)], allowMixedCommits: Bool = false, allowMixedHosts: Bool = false
  ) throws(ToolFailure) -> RunResult {
    guard let first = files.first else { throw ToolFailure("nothing to merge", status: .usage) }
    var merged = first.result
    var origin = Dictionary(merged.groups.map { ($0.title, first.path) }, uniquingKeysWith: { a, _ in a })
    for (path, other) in files.dropFirst() {
      guard other.suite == merged.suite else {
        throw ToolFailure(
          "\(path): suite '\(other.suite)' differs from \(first.path)'s '\(merged.suite)'", status: .toolError)
      }
      guard allowMixedCommits || other.commit == first.result.commit else {
        throw ToolFailure(
          "\(path): commit \(other.commit) differs from \(first.path)'s \(first.result.commit) (--allow-mixed-commits to merge them)",
          status: .toolError)
      }
      // One rule with every comparison: the same method always, the same kind of host unless allowed.
      if let refusal = Comparability.mergeRefusal(first, (path, other), allowMixedHosts: allowMixedHosts) {
        throw ToolFailure(refusal, status: .toolError)
      }
      for group in other.groups {
        if let earlier = origin[group.title] {
          throw ToolFailure(
            "\(path): group '\(group.title)' is also in \(earlier) (shards overlap, or a file is given twice)",
            status: .toolError)
        }
        origin[group.title] = path
        merged.groups.append(group)
      }
      if let calibration = other.calibration {
        merged.calibration = merged.calibration.map { $0.pooled(with: calibration) } ?? calibration
      }
    }
    return merged
  }
}
