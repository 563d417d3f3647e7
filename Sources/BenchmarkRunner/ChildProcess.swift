import Foundation

/// Starting another program and waiting for it: the runner's workers, the
/// builds and the profilers of an A/B test.
public enum ChildProcess {
  /// Called with each child as it starts and as it ends, so that whoever
  /// handles interrupts can stop children still running.
  nonisolated(unsafe) public static var onStart: (Process) -> Void = { _ in }
  nonisolated(unsafe) public static var onEnd: (Process) -> Void = { _ in }
  /// Called with each temporary file or folder the runner creates, and again
  /// when it is removed, so that an interrupted run can remove what is left.
  nonisolated(unsafe) public static var onTemporary: (String) -> Void = { _ in }
  nonisolated(unsafe) public static var onRemoved: (String) -> Void = { _ in }

  /// Runs `command` (its first word found on PATH) and returns its exit status,
  /// or -1 when it cannot start; its standard output goes to `output` (a file
  /// path) or nowhere, its standard error to the same place.
  public static func run(
    _ command: [String], environment: [String: String] = [:], replacingEnvironment: Bool = false,
    directory: String? = nil, output: String? = nil
  ) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = command
    if let output {
      guard FileManager.default.createFile(atPath: output, contents: nil),
        let handle = FileHandle(forWritingAtPath: output)
      else { return -1 }
      process.standardOutput = handle
      process.standardError = handle
    } else {
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
    }
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    process.environment =
      replacingEnvironment ? environment : ProcessInfo.processInfo.environment.merging(environment) { $1 }
    guard (try? process.run()) != nil else { return -1 }
    onStart(process)
    process.waitUntilExit()
    onEnd(process)
    return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
  }

  /// Runs `command` and returns its standard output (`nil` if it fails).
  public static func output(_ command: [String], directory: String? = nil) -> String? {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("arrangement-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: file) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = command
    guard FileManager.default.createFile(atPath: file.path, contents: nil),
      let handle = FileHandle(forWritingAtPath: file.path)
    else { return nil }
    process.standardOutput = handle
    process.standardError = FileHandle.nullDevice
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    guard (try? process.run()) != nil else { return nil }
    onStart(process)
    process.waitUntilExit()
    onEnd(process)
    try? handle.close()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else { return nil }
    return try? String(contentsOfFile: file.path, encoding: .utf8)
  }
}
