/// Exit statuses, the interface of a benchmark tool with scripts and CI: one
/// case per meaning. Two meanings share a number on purpose: 2 is bad input
/// for a tool's input-reading commands and a regression for its benchmark
/// commands (the convention of benchmark tools); a mistake in the command
/// line itself is 64 (`EX_USAGE`), so a typo in a CI script never reads as a
/// regression.
public enum ExitStatus: Sendable, Hashable, CaseIterable {
  /// Success; for a run, check, comparison or A/B test, no regression.
  case success
  /// The tool could not do its work: a file that cannot be read or written,
  /// a broken or missing result file, a worker process that failed.
  case toolError
  /// A command that reads input (a request file) was given bad input; the message names the field.
  case badInput
  /// A run, check, comparison or A/B test: a confirmed regression.
  case regression
  /// A change the statistics cannot confirm, or a group too noisy to judge.
  case inconclusive
  /// Improvements and nothing worse.
  case improvementOnly
  /// A run or check: no baseline to compare with.
  case noBaseline
  /// A run, check, comparison or A/B test that checked less than it was asked
  /// to: a metric named with `--metrics` judged for no group (times of another
  /// kind of host or clock, counts one side lacks), nothing judged at all, or
  /// groups of the baseline missing from a run of the whole suite. Never a
  /// pass (0) and never a regression (2): the message says what was not judged.
  case notJudged
  /// The command line is wrong: an unknown subcommand or option, a bad or missing option value, or an
  /// output path that names something the tool will not replace (a folder holding other files).
  case usage

  /// The number the process exits with.
  public var code: Int32 {
    switch self {
    case .success: 0
    case .toolError: 1
    case .badInput, .regression: 2
    case .inconclusive: 3
    case .improvementOnly: 4
    case .noBaseline: 5
    case .notJudged: 6
    case .usage: 64
    }
  }

  /// What the status means, as a tool's help lists it (the one description of each).
  public var meaning: String {
    switch self {
    case .success: "success; for run, check, compare and ab: no regression"
    case .toolError:
      "tool error: a file that cannot be read or written, a broken or missing result file, a failed worker"
    case .badInput: "bad input: the message names the field"
    case .regression: "a confirmed regression"
    case .inconclusive: "inconclusive (too noisy to tell)"
    case .improvementOnly: "improvement only"
    case .noBaseline: "no baseline: the message names its path"
    case .notJudged:
      "not judged: a metric of --metrics judged for no group, or baseline groups missing; the verdict line says why"
    case .usage:
      "usage: an unknown subcommand, option or group title, a bad or missing option value, an output path the tool will not replace"
    }
  }
}

/// A failure that ends a command with a one-line message and a status.
public struct ToolFailure: Error {
  public var message: String
  public var status: ExitStatus

  public init(_ message: String, status: ExitStatus = .usage) {
    self.message = message
    self.status = status
  }
}

extension Verdict {
  /// The status a run, check, comparison or A/B test with this verdict exits with.
  public var exitStatus: ExitStatus {
    switch self {
    case .same, .new, .missing, .notJudged: .success
    case .improvement: .improvementOnly
    case .inconclusive: .inconclusive
    case .regression: .regression
    }
  }

  /// The verdict line's words.
  public var sentence: String {
    switch self {
    case .same, .new, .missing, .notJudged: "no regression"
    case .improvement: "improvement only"
    case .inconclusive: "inconclusive (too noisy to tell)"
    case .regression: "REGRESSION"
    }
  }
}
