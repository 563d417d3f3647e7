import BenchmarkRunner

/// Progress on standard error: on a terminal one line rewritten in place,
/// elsewhere (a CI log, a pipe) a line a step, and nothing with `--quiet`.
/// Notes (a re-measurement, a worker's message) stay on their own lines.
final class Progress {
  enum Mode { case line, lines, quiet }

  let terminal: Terminal
  let mode: Mode
  /// Whether the progress line is showing (and must be cleared before anything else is written).
  private var showing = false

  init(_ terminal: Terminal, quiet: Bool) {
    self.terminal = terminal
    mode = quiet ? .quiet : terminal.reportsToTerminal ? .line : .lines
  }

  /// One step: `line` replaces the progress line, or is a line of the log.
  func step(_ line: String) {
    switch mode {
    case .quiet: return
    case .lines: terminal.report(line + "\n")
    case .line:
      // Longer than the terminal's width, the line would wrap and `\r` would not return to its start.
      let width = 78
      let shown = line.count > width ? String(line.prefix(width - 1)) + "…" : line
      terminal.report("\r\u{1B}[K" + Text.terminal(shown))
      showing = true
    }
  }

  /// A message that stays, e.g. suspects being re-measured; none with `--quiet`.
  func note(_ text: String) {
    guard mode != .quiet else { return }
    warn(text)
  }

  /// A message that shows even with `--quiet`.
  func warn(_ text: String) {
    clear()
    terminal.report(text.hasSuffix("\n") ? text : text + "\n")
  }

  /// Removes the progress line, once the work is done.
  func clear() {
    if showing { terminal.report("\r\u{1B}[K") }
    showing = false
  }

  /// A step of the worker pool: the old log's lines, or one line for the whole run.
  func workerStep(_ step: WorkerPool.Step) {
    switch mode {
    case .quiet: return
    case .lines:
      if step.group == 1 { terminal.report("process \(step.process)/\(step.processes): \(step.groups) group(s)\n") }
      terminal.report("  [\(step.group)/\(step.groups)] \(Text.terminal(step.title))\n")
    case .line:
      let done = (step.process - 1) * step.groups + step.group
      let total = step.processes * step.groups
      self.step("measuring \(done)/\(total) (process \(step.process)/\(step.processes)) \(step.title)")
    }
  }
}
