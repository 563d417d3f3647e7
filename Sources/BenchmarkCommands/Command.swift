import BenchmarkRunner

/// A subcommand: its help, its exit statuses, the rules between its options
/// and what it does; a group (`baseline`, `history`) has actions instead.
/// Its options are the rows of the tool's table that name it.
public struct Command: Sendable {
  public typealias Body = @Sendable (Invocation) throws(CommandFailure) -> ExitStatus

  public var name: String
  /// What follows the subcommand in its USAGE lines, e.g. `BASELINE RESULT [options]`.
  public var usage: [String]
  /// What follows its name in the tool's list of subcommands, e.g. `[FILE|-]`.
  public var synopsis: String
  /// One line in the tool's list.
  public var abstract: String
  /// The paragraphs of its help between USAGE and OPTIONS.
  public var discussion: String
  /// How many arguments besides options it takes at most; more are a usage error.
  public var maximumArguments: Int
  /// The statuses it exits with, listed in its help from ``ExitStatus/meaning``.
  public var statuses: [ExitStatus]
  public var rules: [OptionRule]
  /// Left out of the tool's list (the worker mode).
  public var isHidden: Bool
  /// It starts workers or builds, which SIGINT and SIGTERM must stop.
  public var handlesInterrupts: Bool
  public var actions: [Command]
  var body: Body?

  public init(
    _ name: String, usage: [String] = ["[options]"], synopsis: String = "", abstract: String, discussion: String,
    maximumArguments: Int = 0, statuses: [ExitStatus] = [.success, .toolError, .usage], rules: [OptionRule] = [],
    isHidden: Bool = false,
    handlesInterrupts: Bool = false, body: @escaping Body
  ) {
    self.name = name
    self.usage = usage
    self.synopsis = synopsis
    self.abstract = abstract
    self.discussion = discussion
    self.maximumArguments = maximumArguments
    self.statuses = statuses
    self.rules = rules
    self.isHidden = isHidden
    self.handlesInterrupts = handlesInterrupts
    self.actions = []
    self.body = body
  }

  /// A group of actions, e.g. `baseline update` and `baseline show`.
  public init(group name: String, abstract: String, discussion: String, actions: [Command]) {
    self.name = name
    self.usage = []
    self.synopsis = actions.map(\.name).joined(separator: "|")
    self.abstract = abstract
    self.discussion = discussion
    self.maximumArguments = 0
    self.statuses = []
    self.rules = []
    self.isHidden = false
    self.handlesInterrupts = actions.contains(where: \.handlesInterrupts)
    self.actions = actions
    self.body = nil
  }
}

/// What a subcommand is run with.
public struct Invocation {
  public let tool: BenchmarkTool
  public let terminal: Terminal
  public let options: OptionValues

  public var positional: [String] { options.positional }
  public var suite: BenchmarkSuite { tool.suite }
}

extension OptionValues {
  /// The option's value where this subcommand takes the option, else `nil`:
  /// for helpers that serve subcommands taking different sets of options.
  func ifTaken<Value>(_ option: Option<Value>) -> Value? {
    accepted.contains(option.name) ? self[option] : nil
  }
}
