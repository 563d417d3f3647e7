/// The verdicts on the counted metrics (allocations, instructions, peak heap,
/// cycles, misses, branches): counted, not timed, so they need no statistics.
/// One procedure for all of them, from each ``Metric``'s rule and each group's tolerance.
extension Comparison {
  /// A metric judged on any change (allocations, peak heap bytes of a run) is
  /// exact in a deterministic benchmark: one more is a regression. A metric
  /// with a tolerance repeats exactly for one binary: beyond the tolerance (and
  /// beyond its floor per operation) a change is real. A metric asked for by
  /// name and missing on a side is inconclusive rather than a pass.
  static func judgeCounted(_ group: inout GroupComparison, policy: ComparisonPolicy) {
    guard group.baseline != nil, group.current != nil else { return }
    for metric in Metric.judgedMetrics where metric.exact {
      group[verdictOn: metric] = verdict(on: metric, group, policy: policy)
    }
  }

  static func verdict(on metric: Metric, _ group: GroupComparison, policy: ComparisonPolicy) -> Verdict {
    guard let old = metric.value(in: group.baseline), let new = metric.value(in: group.current) else {
      return policy.required.contains(GatedMetrics(metric)) ? .inconclusive : .same
    }
    switch metric.rule {
    case .anyChange:
      return new > old ? .regression : new < old ? .improvement : .same
    case .tolerance(_, let floor):
      let tolerance = group.limits[metric]
      guard abs(new - old) > floor else { return .same }
      guard old > 0 else { return new > 0 ? .regression : .same }
      let ratio = new / old
      return ratio > 1 + tolerance ? .regression : ratio < 1 - tolerance ? .improvement : .same
    case .statistics, .shown:
      return .same
    }
  }

  /// Counts of another cycle model (other caches or weights) do not compare:
  /// the cycle estimate and the misses are left out of both sides rather than judged.
  static func dropCyclesOfAnotherModel(_ groups: inout [GroupComparison], baseline: RunResult, current: RunResult) {
    guard let old = baseline.cycleModel, let new = current.cycleModel, old != new else { return }
    for index in groups.indices {
      for metric in Metric.scalars where metric.simulatesCaches {
        groups[index].baseline?[metric] = nil
        groups[index].current?[metric] = nil
      }
    }
  }
}
