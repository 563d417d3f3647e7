import BenchmarkRunner
import Foundation

/// Reading and writing result files for the subcommands, with their exit statuses.
enum ResultFiles {
  /// Where a run writes its result, and where the subcommands that read one look by default.
  static let latestRun = "results/runs/latest.json"

  /// Said after the verdict when times were not judged: what to do about it.
  static func otherHostAdvice(_ tool: String) -> String {
    "note: times against another kind of host's baseline are not judged; record one of this host with `swift run -c release \(tool) baseline update`, or pass --compare-times-across-hosts\n"
  }

  /// A result file; a missing baseline is "no baseline" (status 5), any other
  /// missing or broken file a tool error (status 1).
  static func load(_ path: String, isBaseline: Bool = false) throws(CommandFailure) -> RunResult {
    do {
      return try RunResult.load(from: path)
    } catch {
      if case .missing = error, isBaseline { throw CommandFailure(error.description, status: .noBaseline) }
      throw CommandFailure(error.description, status: .toolError)
    }
  }

  static func write(_ result: RunResult, to path: String) throws(CommandFailure) {
    // run, baseline and merge print their tables on standard output: a result there would be
    // mixed with them (`export` writes a result alone).
    if OutputFile.standardDescriptor(path) != nil {
      throw CommandFailure(
        "--output \(path): this command prints its table on standard output; name a file (or use export)",
        status: .usage)
    }
    do {
      try result.write(to: path)
    } catch let error as OutputFile.WriteError {
      // The path and the system's reason: `results/x.json: cannot write (No space left on device)`.
      throw CommandFailure(error.description, status: error.refused ? .usage : .toolError)
    } catch {
      throw CommandFailure("\(path): cannot write the result (\(error))", status: .toolError)
    }
  }

  static func jsonText(_ result: RunResult) -> String {
    ((try? result.encoded()).map { String(decoding: $0, as: UTF8.self) } ?? "{}") + "\n"
  }

  /// A document of `--json` (ab, bisect, compare, history changes): sorted keys, slashes as they are.
  static func jsonDocument(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: (try? encoder.encode(value)) ?? Data(), as: UTF8.self) + "\n"
  }

  static func header(_ result: RunResult) -> String {
    // Each line escaped on its own: the line break between them is the tool's.
    Text.terminal(
      "suite \(result.suite), commit \(result.commit), \(result.date), \(result.toolchain), \(result.buildFlags)")
      + "\n"
      + Text.terminal(
        "machine: \(result.machine.cpuModel), \(result.machine.logicalCores) cores, \(result.machine.architecture)")
      + "\n\n"
  }

  static func currentCommit() -> String {
    if let sha = ProcessInfo.processInfo.environment["GITHUB_SHA"] { return String(sha.prefix(12)) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "rev-parse", "--short=12", "HEAD"]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return "unknown" }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    return process.terminationStatus == 0 && !text.isEmpty ? text : "unknown"
  }
}
