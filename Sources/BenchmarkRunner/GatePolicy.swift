/// The policies the commands judge by, from what their options say: the one
/// of run, check and compare, and what ab and bisect change in it.
extension ComparisonPolicy {
  /// The policy of run, check and compare, with the suite's thresholds
  /// (`thresholds`). `metrics` are those `--metrics` named (`nil`: all gate,
  /// none named); the exact ones named, or instructions counted with
  /// `--instructions` (`instructionsCounted`), are required: a side that lacks
  /// them makes their groups inconclusive instead of passing unseen.
  public init(
    metrics named: GatedMetrics?, instructionsCounted: Bool = false, overrides: Comparability.Overrides,
    thresholds: [GroupThresholds]
  ) {
    self.init()
    gated = named ?? .all
    required = (named ?? []).intersection([.allocations, .instructions])
    if instructionsCounted && gated.contains(.instructions) { required.insert(.instructions) }
    self.named = named ?? []
    self.overrides = overrides
    groupThresholds = thresholds
  }

  /// The policy of two builds compared (`ab`): instructions gate only where
  /// both were counted exactly, under callgrind (`callgrind`); and two commits
  /// may hold other groups, so one that the second removed is shown as
  /// missing, not a gate that checked less.
  public func comparingBuilds(counted callgrind: Bool) -> ComparisonPolicy {
    var policy = self
    if !callgrind { policy.gated.remove(.instructions) }
    policy.expectsEveryGroup = false
    return policy
  }
}
