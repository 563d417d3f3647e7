import BenchmarkRunner
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A benchmark tool: the runner's subcommands (run, check, baseline,
/// compare, merge, list, report, export, history, profile, ab, bisect) on one suite,
/// and any subcommands of the host. Workers re-run the tool's own executable
/// in its `worker` mode, so any executable that calls ``main(_:terminal:handlingInterrupts:)``
/// measures the same way.
///
/// ```swift
/// let tool = BenchmarkTool(name: "notes-bench", version: "1.0.0", summary: "…", suite: NotesSuite.suite)
/// exit(tool.main(Array(CommandLine.arguments.dropFirst()), handlingInterrupts: true))
/// ```
public struct BenchmarkTool: Sendable {
  /// The executable's name, as help and messages show it.
  public let name: String
  public let version: String
  /// The paragraph under the tool's USAGE line.
  public let summary: String
  public let suite: BenchmarkSuite
  /// A source file of the tool, as the compiler saw its path: `--version` names the commit
  /// of the git checkout that holds it, where there is one (``BuildCommit``).
  public let sourceFile: String
  /// The host's subcommands first, then the runner's.
  public let commands: [Command]
  /// The option table: the runner's rows, then the host's.
  public let rows: [OptionRow]

  /// What runs when the first argument is an option or there is none.
  public static let defaultCommand = "run"

  public init(
    name: String, version: String, summary: String, suite: BenchmarkSuite, commands: [Command] = [],
    options: [OptionRow] = [], sourceFile: String = #filePath
  ) {
    self.name = name
    self.version = version
    self.sourceFile = sourceFile
    self.summary = summary
    self.suite = suite
    self.commands = commands + Self.runnerCommands
    self.rows = Self.runnerRows(for: suite) + BisectCommand.rows(for: suite) + options
  }

  /// Runs the tool with `arguments` (without the program name) and returns its exit status.
  /// With `handlingInterrupts` (the executable; not tests running it in-process), SIGINT and
  /// SIGTERM stop the workers of the measuring subcommands and remove their temporary files.
  public func main(_ arguments: [String], terminal: Terminal = .standard, handlingInterrupts: Bool = false) -> Int32 {
    var status: ExitStatus
    do {
      status = try run(arguments[...], terminal: terminal, handlingInterrupts: handlingInterrupts)
    } catch {
      // Messages quote values from files: each line is escaped for the terminal here, once for all.
      if !error.message.isEmpty {
        let lines = error.message.split(separator: "\n", omittingEmptySubsequences: false).map {
          Text.terminal(String($0))
        }
        terminal.report("\(name): \(lines.joined(separator: "\n"))\n")
      }
      status = error.status
    }
    // Text that could not be written is an error, whatever the command thought
    // of its work; a reader that went away (a closed pipe) is a quiet stop.
    let failure = terminal.writeFailure()
    if failure != 0 && failure != EPIPE && status != .toolError {
      terminal.report("\(name): cannot write standard output: \(String(cString: strerror(failure)))\n")
      status = .toolError
    }
    return status.code
  }

  func run(_ arguments: ArraySlice<String>, terminal: Terminal, handlingInterrupts: Bool) throws(CommandFailure)
    -> ExitStatus
  {
    switch try resolve(arguments) {
    case .text(let text):
      terminal.write(text)
      return .success
    case .command(let path, let command, let rest):
      let ownArguments = rest.prefix { $0 != "--" }
      if ownArguments.contains("--help") || ownArguments.contains("-h") {
        terminal.write(help(of: path))
        return .success
      }
      let options = try parse(rest, path: path, command: command)
      if handlingInterrupts && command.handlesInterrupts { Interrupts.shared.install(tool: name) }
      guard let body = command.body else { return .usage }
      return try body(Invocation(tool: self, terminal: terminal, options: options))
    }
  }

  enum Resolved {
    case text(String)
    case command(path: String, Command, rest: ArraySlice<String>)
  }

  /// Which subcommand the arguments name, and its arguments; or text to print.
  func resolve(_ arguments: ArraySlice<String>) throws(CommandFailure) -> Resolved {
    guard let first = arguments.first else {
      return .command(path: Self.defaultCommand, command(Self.defaultCommand)!, rest: [])
    }
    switch first {
    case "-h", "--help":
      return .text(help)
    case "help":
      let path = arguments.dropFirst().joined(separator: " ")
      guard !path.isEmpty else { return .text(help) }
      guard commandPaths.contains(path) || command(path)?.actions.isEmpty == false else {
        throw CommandFailure("unknown subcommand \(Text.quoted(path)) (see --help)", status: .usage)
      }
      return .text(help(of: path))
    case "--version":
      guard arguments.count == 1 else {
        throw CommandFailure("--version takes no other arguments", status: .usage)
      }
      let commit = BuildCommit.describe(source: sourceFile, executable: Bundle.main.executablePath)
      return .text("\(name) \(version)\(commit.map { " (\($0))" } ?? "")\n")
    case _ where first.hasPrefix("-"):
      // Options without a subcommand are the default subcommand's: `tool --quick` is `tool run --quick`.
      return .command(path: Self.defaultCommand, command(Self.defaultCommand)!, rest: arguments)
    default:
      break
    }
    guard let command = command(first) else {
      throw CommandFailure("unknown subcommand \(Text.quoted(first)) (see --help)", status: .usage)
    }
    guard !command.actions.isEmpty else { return .command(path: first, command, rest: arguments.dropFirst()) }
    let names = command.actions.map(\.name)
    guard let action = arguments.dropFirst().first, !action.hasPrefix("-") else {
      let asked = arguments.dropFirst().first
      if asked == "-h" || asked == "--help" { return .text(help(of: first)) }
      throw CommandFailure(
        "\(first) needs an action: \(Self.alternatives(names))\n\n\(help(of: first))", status: .usage)
    }
    guard let chosen = command.actions.first(where: { $0.name == action }) else {
      throw CommandFailure(
        "unknown \(first) action \(Text.quoted(action)) (expected \(Self.alternatives(names)))", status: .usage)
    }
    return .command(path: "\(first) \(action)", chosen, rest: arguments.dropFirst(2))
  }

  /// Parses a subcommand's arguments against its rows.
  /// Parses a subcommand's arguments against its rows; an argument beyond those it takes is a usage error.
  func parse(_ arguments: ArraySlice<String>, path: String, command: Command) throws(CommandFailure) -> OptionValues {
    let values = try OptionParser.parse(
      arguments, path: path, rows: rows(of: path), rules: command.rules, allNames: Set(rows.map(\.option.name)))
    if values.positional.count > command.maximumArguments {
      let extra = values.positional[command.maximumArguments]
      let takes =
        switch command.maximumArguments {
        case 0: "takes no arguments"
        case 1: "takes one argument at most"
        case let count: "takes \(count) arguments at most"
        }
      throw CommandFailure(
        "unexpected argument \(Text.quoted(extra)): \(path) \(takes) (see --help)", status: .usage)
    }
    return values
  }

  /// Checks `arguments` as ``main(_:terminal:handlingInterrupts:)`` would, without running
  /// the subcommand: the usage error it would exit with, if any.
  public func check(_ arguments: [String]) -> CommandFailure? {
    do {
      if case .command(let path, let command, let rest) = try resolve(arguments[...]) {
        _ = try parse(rest, path: path, command: command)
      }
      return nil
    } catch {
      return error
    }
  }

  /// The options `arguments` give their subcommand, parsed as ``main(_:terminal:handlingInterrupts:)``
  /// parses them: for tests of a subcommand's parts.
  package func options(_ arguments: [String]) throws(CommandFailure) -> OptionValues {
    guard case .command(let path, let command, let rest) = try resolve(arguments[...]) else {
      throw CommandFailure("\(arguments.joined(separator: " ")) names no subcommand", status: .usage)
    }
    return try parse(rest, path: path, command: command)
  }

  /// The subcommand (or group) named `path`, e.g. `run` or `baseline update`.
  func command(_ path: String) -> Command? {
    let words = path.split(separator: " ").map(String.init)
    guard let first = commands.first(where: { $0.name == words.first }) else { return nil }
    guard words.count == 2 else { return words.count == 1 ? first : nil }
    return first.actions.first { $0.name == words[1] }
  }

  /// Every subcommand that runs, by path (a group's actions, not the group).
  public var commandPaths: [String] {
    commands.flatMap { command in
      command.actions.isEmpty ? [command.name] : command.actions.map { "\(command.name) \($0.name)" }
    }
  }

  /// The table's rows for the subcommand at `path`, in table order.
  public func rows(of path: String) -> [OptionRow] { rows.filter { $0.commands.contains(path) } }

  /// The options the subcommand at `path` accepts, as they are spelled (besides `-h` and `--help`).
  public func acceptedOptions(of path: String) -> [String] { rows(of: path).map(\.option.name) }

  /// `a`, `a or b`, `a, b or c` (`and` with `joining: "and"`).
  static func alternatives(_ names: [String], joining word: String = "or") -> String {
    names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " \(word) " + names.last!
  }
}

extension BenchmarkTool {
  /// The runner's subcommands, in the order the tool's help lists them.
  static let runnerCommands: [Command] = [
    RunCommand.run, RunCommand.check, BaselineCommand.group, CompareCommand.command, ABCommand.command,
    BisectCommand.command,
    MergeCommand.command, HistoryCommand.group, ListCommand.command, ReportCommand.command, ExportCommand.command,
    ProfileCommand.command, WorkerCommand.command,
  ]
}
