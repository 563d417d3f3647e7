/// The verdicts on peak heap bytes and estimated cycles: both are counted,
/// not timed, so like allocations and instructions they need no statistics.
extension Comparison {
  /// Peak heap bytes of a run are exact in a deterministic benchmark: one
  /// byte more is a regression, as one allocation more is. Estimated cycles
  /// repeat exactly for one binary; beyond the threshold a change is real.
  /// The resident set is the operating system's figure, moved by what the
  /// allocator keeps and the kernel maps: it is shown, never judged.
  static func judgeMemoryAndCycles(_ group: inout GroupComparison, policy: ComparisonPolicy) {
    group.memory = .same
    if let old = group.baseline?.peakHeapBytesPerRun, let new = group.current?.peakHeapBytesPerRun {
      group.memory = new > old ? .regression : new < old ? .improvement : .same
    }
    group.cycles = .same
    if let old = group.baseline?.estimatedCyclesPerOperation, let new = group.current?.estimatedCyclesPerOperation,
      old > 0
    {
      let ratio = new / old
      group.cycles =
        ratio > 1 + policy.cycleThreshold ? .regression : ratio < 1 - policy.cycleThreshold ? .improvement : .same
    }
  }

  /// Estimates made under another cycle model (other caches or weights) do
  /// not compare: they are left out of both sides rather than judged.
  static func dropCyclesOfAnotherModel(_ groups: inout [GroupComparison], baseline: RunResult, current: RunResult) {
    guard let old = baseline.cycleModel, let new = current.cycleModel, old != new else { return }
    for index in groups.indices {
      groups[index].baseline?.estimatedCyclesPerOperation = nil
      groups[index].current?.estimatedCyclesPerOperation = nil
    }
  }
}
