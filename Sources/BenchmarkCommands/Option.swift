import BenchmarkRunner

/// An option's name and the kind of value it takes. Which subcommands take
/// it, and what it means in each, is said once in the tool's table
/// (``OptionRow``); commands read its value through ``OptionValues``.
public struct Option<Value: Sendable>: Sendable {
  public let name: String
  let erased: AnyOption

  /// A flag: present or not.
  public init(flag name: String) where Value == Bool {
    self.name = name
    erased = AnyOption(name: name, placeholder: nil, expected: "", example: "") { _ in true }
  }

  /// An option with a value: `placeholder` names it in help (`N`, `LIST`),
  /// `expected` completes "'x' is not …" when `parse` refuses a value, and
  /// `example` is a value it accepts (for tests that try every option).
  public init(
    _ name: String, _ placeholder: String, expected: String, example: String,
    parse: @escaping @Sendable (String) -> Value?
  ) {
    self.name = name
    erased = AnyOption(name: name, placeholder: placeholder, expected: expected, example: example) { parse($0) }
  }
}

/// An option without its value's type, as the parser and the help see it.
public struct AnyOption: Sendable {
  public let name: String
  /// `nil` for a flag.
  public let placeholder: String?
  let expected: String
  /// A value the option accepts.
  public let example: String
  let parse: @Sendable (String) -> (any Sendable)?

  /// How the option is shown in help: `--filter LIST`, `--quick`.
  var synopsis: String { placeholder.map { "\(name) \($0)" } ?? name }
}

/// One row of a tool's option table: an option, what it means, and the
/// subcommands (paths such as `run` or `baseline update`) that take it with
/// that meaning. Parsing, each subcommand's `--help` and the "does not apply"
/// errors all come from the rows, so an option cannot be accepted by a
/// subcommand without being listed in its help, nor listed without being accepted.
public struct OptionRow: Sendable {
  public let option: AnyOption
  public let help: String
  public let commands: [String]

  public init<Value>(_ option: Option<Value>, _ help: String, for commands: [String]) {
    self.option = option.erased
    self.help = help
    self.commands = commands
  }
}

/// A rule between two options of one subcommand.
public struct OptionRule: Sendable {
  enum Kind: Sendable { case requires, excludes }
  let kind: Kind
  let option: String
  let other: String

  /// `option` means something only with `other` (`run --history` only with `--record`).
  public static func requires<A, B>(_ option: Option<A>, _ other: Option<B>) -> OptionRule {
    OptionRule(kind: .requires, option: option.name, other: other.name)
  }

  /// The two cannot be given together (`--baseline` and `--baseline-name`).
  public static func excludes<A, B>(_ option: Option<A>, _ other: Option<B>) -> OptionRule {
    OptionRule(kind: .excludes, option: option.name, other: other.name)
  }

  var sentence: String {
    switch kind {
    case .requires: "\(option) applies only with \(other)"
    case .excludes: "\(option) excludes \(other)"
    }
  }
}

/// The options and arguments a subcommand was given.
public struct OptionValues {
  /// The subcommand's path, e.g. `baseline update`.
  public let command: String
  /// The arguments that are not options, in order.
  public var positional: [String]
  var given: [String: any Sendable]
  let accepted: Set<String>

  /// The option's value, `nil` when it was not given.
  public subscript<Value>(_ option: Option<Value>) -> Value? {
    // A command that reads an option its rows do not give it would read nothing, silently.
    assert(accepted.contains(option.name), "\(command) reads \(option.name), which its table rows do not give it")
    return given[option.name] as? Value
  }

  /// Whether a flag (or any option) was given.
  public func has<Value>(_ option: Option<Value>) -> Bool { self[option] != nil }
}

/// The parser: every subcommand's options are read by this one function,
/// against the rows that name it.
enum OptionParser {
  /// Parses `arguments` of the subcommand at `path`: `--name value`,
  /// `--name=value`, flags, and positional arguments (all of them after `--`).
  /// An option of the tool that this subcommand does not take, an unknown
  /// option, a missing or bad value, an option given twice and a broken
  /// rule are usage errors naming the option.
  static func parse(
    _ arguments: ArraySlice<String>, path: String, rows: [OptionRow], rules: [OptionRule], allNames: Set<String>
  ) throws(CommandFailure) -> OptionValues {
    let own = Dictionary(rows.map { ($0.option.name, $0.option) }, uniquingKeysWith: { first, _ in first })
    var values = OptionValues(command: path, positional: [], given: [:], accepted: Set(own.keys))
    var rest = arguments
    var onlyPositional = false
    while let argument = rest.popFirst() {
      guard !onlyPositional, argument.hasPrefix("-"), argument != "-" else {
        values.positional.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositional = true
        continue
      }
      var name = argument
      var inline: String?
      if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
        name = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      guard let option = own[name] else {
        if allNames.contains(name) {
          throw CommandFailure("option '\(name)' does not apply to \(path) (see --help)", status: .usage)
        }
        throw CommandFailure("unknown option \(Text.quoted(name)) (see --help)", status: .usage)
      }
      guard values.given[name] == nil else {
        throw CommandFailure("\(name) is given more than once", status: .usage)
      }
      guard let placeholder = option.placeholder else {
        if inline != nil { throw CommandFailure("\(name) takes no value", status: .usage) }
        values.given[name] = true
        continue
      }
      guard let text = inline ?? rest.popFirst(), !text.hasPrefix("--") || inline != nil else {
        throw CommandFailure("\(name) needs a value (\(placeholder); see --help)", status: .usage)
      }
      guard let value = option.parse(text) else {
        throw CommandFailure("\(name): \(Text.quoted(text)) is not \(option.expected)", status: .usage)
      }
      values.given[name] = value
    }
    for rule in rules where values.given[rule.option] != nil {
      let other = values.given[rule.other] != nil
      if (rule.kind == .requires && !other) || (rule.kind == .excludes && other) {
        throw CommandFailure("\(rule.sentence) (see --help)", status: .usage)
      }
    }
    return values
  }
}

extension ComparisonPolicy {
  /// The verdicts' policy from the options of run, check, compare and ab
  /// (``ComparisonPolicy/init(metrics:instructionsCounted:overrides:thresholds:)``), with the suite's thresholds.
  init(_ options: OptionValues, suite: BenchmarkSuite, instructionsCounted: Bool = false) {
    self.init(
      metrics: options[Options.metrics], instructionsCounted: instructionsCounted,
      overrides: Comparability.Overrides(
        kind: options.has(Options.compareTimesAcrossHosts), state: options.has(Options.ignoreHostState)),
      thresholds: suite.thresholds)
  }
}
