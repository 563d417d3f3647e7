/// The verdict procedure of `run` and `check`: a run compared with a
/// baseline, group by group; groups whose time verdict is not "same" are
/// measured again in fresh processes and keep a verdict only if it shows again.
public struct Check {
  public var policy: ComparisonPolicy

  public init(policy: ComparisonPolicy) { self.policy = policy }

  /// The comparison of `current` with `baseline` (restricted to the groups
  /// measured, so a filtered run is not told of missing groups). `remeasure`
  /// measures the given groups again; `nil` skips re-measurement.
  public func judge<Failure: Error>(
    _ current: RunResult, against baseline: RunResult, report: (String) -> Void,
    remeasure: (([String]) throws(Failure) -> RunResult)?
  ) throws(Failure) -> Comparison {
    var comparison = Comparison(baseline: Self.restricted(baseline, to: current), current: current, policy: policy)
    let suspects = comparison.suspects
    if let remeasure, !suspects.isEmpty {
      report(
        "re-measuring \(suspects.count) suspect group(s) in fresh processes: \(suspects.joined(separator: ", "))\n")
      let fresh = try remeasure(suspects)
      comparison.confirm(
        with: Comparison(baseline: Self.restricted(baseline, to: fresh), current: fresh, policy: policy))
    }
    return comparison
  }

  /// `baseline` with only the groups of `result`.
  public static func restricted(_ baseline: RunResult, to result: RunResult) -> RunResult {
    var copy = baseline
    let titles = Set(result.groups.map(\.title))
    copy.groups = baseline.groups.filter { titles.contains($0.title) }
    return copy
  }
}

extension RunResult {
  /// Result files of one suite joined into one, e.g. the shards of a CI
  /// matrix. Refused, naming the file and the group: a group in two files
  /// (shards that overlap, or one given twice), another suite, and unless
  /// allowed, another commit or another host.
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
      guard allowMixedHosts || other.machine == first.result.machine else {
        throw ToolFailure(
          "\(path): recorded on another host (\(other.machine.cpuModel), \(other.machine.logicalCores) cores) than \(first.path) (--allow-mixed-hosts to merge them)",
          status: .toolError)
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
