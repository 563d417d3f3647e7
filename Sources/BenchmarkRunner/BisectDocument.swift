import Foundation

extension Bisection {
  /// A bisection as one JSON document (`bisect --json`). `commit` is the full
  /// hash of the commit found, and `null` (written, not left out) when none was.
  public struct Document: Codable, Sendable {
    /// A commit with its subject line.
    public struct Commit: Codable, Sendable, Hashable {
      public var commit: String
      public var subject: String

      public init(commit: String, subject: String) {
        self.commit = commit
        self.subject = subject
      }
    }

    /// A probe, by commit.
    public struct Step: Codable, Sendable, Hashable {
      /// The commit's place: 1 is the first commit after GOOD.
      public var index: Int
      public var commit: String
      public var subject: String
      public var side: Side
      public var detail: String
    }

    public var commit: String?
    public var subject: String?
    /// The found commit's first parent, against which its change is given.
    public var parent: String?
    public var good: ABTest.Document.Build
    public var bad: ABTest.Document.Build
    /// The first-parent commits after GOOD, up to BAD.
    public var commits: Int
    public var metric: BisectMetric
    /// The group followed.
    public var group: String?
    /// The followed group's metric at the parent and at the commit found, and their ratio.
    public var before: Double?
    public var after: Double?
    public var ratio: Double?
    public var confirmed: Bool
    /// When no single commit could be told: the commits the change lies among.
    public var candidates: [Commit]
    public var changes: [GroupChange]
    public var probes: [Step]
    /// The functions whose instructions changed most from the parent to the commit found.
    public var functions: [FunctionProfile.Change]
    public var notes: [String]
    /// Commits built by this run, and taken from earlier builds.
    public var built: Int
    public var reused: Int
    /// The whole search's wall time, and the part of it spent building.
    public var seconds: Int
    public var buildSeconds: Int

    /// `commits[i]` is the commit at index `i` (0 is GOOD).
    public init(
      _ outcome: Outcome, commits: [Commit], good: ABTest.Document.Build, bad: ABTest.Document.Build,
      functions: [FunctionProfile.Change], built: Int, reused: Int, seconds: Int, buildSeconds: Int
    ) {
      let found = outcome.found.map { commits[$0] }
      commit = found?.commit
      subject = found?.subject
      parent = outcome.found.map { commits[$0 - 1].commit }
      self.good = good
      self.bad = bad
      self.commits = commits.count - 1
      metric = outcome.metric
      group = outcome.group
      before = outcome.before
      after = outcome.after
      ratio = outcome.ratio
      confirmed = outcome.confirmed
      candidates = outcome.candidates.map { commits[$0] }
      changes = outcome.changes
      probes = outcome.probes.map {
        Step(
          index: $0.index, commit: commits[$0.index].commit, subject: commits[$0.index].subject, side: $0.side,
          detail: $0.detail)
      }
      self.functions = functions
      notes = outcome.notes
      self.built = built
      self.reused = reused
      self.seconds = seconds
      self.buildSeconds = buildSeconds
    }

    enum CodingKeys: String, CodingKey {
      case commit, subject, parent, good, bad, commits, metric, group, before, after, ratio, confirmed, candidates
      case changes, probes, functions, notes, built, reused, seconds, buildSeconds
    }

    /// Written field by field so that a missing value is `null`, not an absent key:
    /// a reader tests `commit` without first testing that the key is there.
    public func encode(to encoder: Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(commit, forKey: .commit)
      try container.encode(subject, forKey: .subject)
      try container.encode(parent, forKey: .parent)
      try container.encode(good, forKey: .good)
      try container.encode(bad, forKey: .bad)
      try container.encode(commits, forKey: .commits)
      try container.encode(metric, forKey: .metric)
      try container.encode(group, forKey: .group)
      try container.encode(before, forKey: .before)
      try container.encode(after, forKey: .after)
      try container.encode(ratio, forKey: .ratio)
      try container.encode(confirmed, forKey: .confirmed)
      try container.encode(candidates, forKey: .candidates)
      try container.encode(changes, forKey: .changes)
      try container.encode(probes, forKey: .probes)
      try container.encode(functions, forKey: .functions)
      try container.encode(notes, forKey: .notes)
      try container.encode(built, forKey: .built)
      try container.encode(reused, forKey: .reused)
      try container.encode(seconds, forKey: .seconds)
      try container.encode(buildSeconds, forKey: .buildSeconds)
    }
  }
}
