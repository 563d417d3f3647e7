import BenchmarkRunner
import Foundation

/// Help text, made from the commands, the option table and ``ExitStatus``.
extension BenchmarkTool {
  /// Lines are wrapped to this width.
  static let width = 100
  /// Where option and subcommand descriptions start.
  static let column = 24

  /// The tool's help.
  public var help: String {
    var lines = ["USAGE: \(name) [<subcommand>] [options]", "", summary, "", "SUBCOMMANDS:"]
    for command in commands where !command.isHidden {
      var abstract = command.abstract
      if command.name == Self.defaultCommand {
        abstract += " The default: `\(name) --quick` is `\(name) \(command.name) --quick`."
      }
      let left = command.synopsis.isEmpty ? command.name : "\(command.name) \(command.synopsis)"
      lines += Self.entry(left, abstract)
    }
    lines += ["", "OPTIONS:"]
    lines += Self.entry("-h, --help", "Show this help; `<subcommand> --help` shows a subcommand's.")
    lines += Self.entry(
      "--version", "Print the tool's version, and the commit of the checkout it was built from, if there is one.")
    let visible = commands.filter { !$0.isHidden }.flatMap { $0.actions.isEmpty ? [$0] : $0.actions }
    lines += ["", Self.statusTable(visible.flatMap { command in command.statuses.map { ($0, command.name) } })]
    return lines.joined(separator: "\n") + "\n"
  }

  /// The help of the subcommand or group at `path`.
  public func help(of path: String) -> String {
    guard let command = command(path) else { return help }
    let actions = command.actions.isEmpty ? [(path, command)] : command.actions.map { ("\(path) \($0.name)", $0) }
    var lines: [String] = []
    for (index, (actionPath, action)) in actions.enumerated() {
      for (line, usage) in action.usage.enumerated() {
        lines.append((index == 0 && line == 0 ? "USAGE: " : "       ") + "\(name) \(actionPath) \(usage)")
      }
    }
    lines += ["", command.discussion.isEmpty ? command.abstract : command.discussion]
    for (actionPath, action) in actions {
      lines += ["", actions.count == 1 ? "OPTIONS:" : "OPTIONS OF \(actionPath.uppercased()):"]
      for row in rows(of: actionPath) { lines += Self.entry(row.option.synopsis, row.help) }
      lines += Self.entry("-h, --help", "Show this help.")
      let rules = Self.sentences(action.rules)
      if !rules.isEmpty { lines += [""] + rules.flatMap { Self.entry("", $0, column: 2) } }
    }
    lines += ["", Self.statusTable(actions.flatMap { _, action in action.statuses.map { ($0, action.name) } })]
    return lines.joined(separator: "\n") + "\n"
  }

  /// A subcommand's rules in words, an option's together: "--x excludes --a and --b."
  static func sentences(_ rules: [OptionRule]) -> [String] {
    var order: [String] = []
    var requires: [String: [String]] = [:]
    var excludes: [String: [String]] = [:]
    for rule in rules {
      if !order.contains(rule.option) { order.append(rule.option) }
      switch rule.kind {
      case .requires: requires[rule.option, default: []].append(rule.other)
      case .excludes: excludes[rule.option, default: []].append(rule.other)
      }
    }
    return order.flatMap { option in
      (requires[option].map { ["\(option) applies only with \(alternatives($0, joining: "and"))."] } ?? [])
        + (excludes[option].map { ["\(option) excludes \(alternatives($0, joining: "and"))."] } ?? [])
    }
  }

  /// The EXIT STATUS section for these statuses (each with a command that exits with it):
  /// one line a number; where two meanings share a number, each names its commands.
  static func statusTable(_ uses: [(ExitStatus, String)]) -> String {
    var lines = ["EXIT STATUS:"]
    for code in Set(uses.map(\.0.code)).sorted() {
      let statuses = ExitStatus.allCases.filter { status in status.code == code && uses.contains { $0.0 == status } }
      let meanings = statuses.map { status in
        // "no regression" means something only where a regression can be.
        if status == .success && !uses.contains(where: { $0.0 == .regression }) { return "success" }
        guard statuses.count > 1 else { return status.meaning }
        var names: [String] = []
        for (use, command) in uses where use == status && !names.contains(command) { names.append(command) }
        return "\(status.meaning) (\(names.joined(separator: ", ")))"
      }
      lines += entry(String(code), meanings.joined(separator: "; "), column: 6)
    }
    return lines.joined(separator: "\n")
  }

  /// An indented entry: `left`, then `text` wrapped from the column on
  /// (on the next line when `left` reaches the column).
  static func entry(_ left: String, _ text: String, column: Int = column) -> [String] {
    let words = text.split(separator: " ")
    var lines: [String] = []
    var line = "  " + left
    if !left.isEmpty && line.count > column - 2 {
      lines.append(line)
      line = ""
    }
    line = line.padding(toLength: column, withPad: " ", startingAt: 0)
    var empty = true
    for word in words {
      if !empty && line.count + 1 + word.count > width {
        lines.append(line)
        line = String(repeating: " ", count: column)
        empty = true
      }
      line += (empty ? "" : " ") + word
      empty = false
    }
    lines.append(empty ? String(line.reversed().drop { $0 == " " }.reversed()) : line)
    return lines
  }
}
