import CProcessControl
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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

  /// A new path in the system's temporary folder, `arrangement-bench-<UUID><suffix>`, already
  /// registered for removal on an interrupt (so it is never on disk unregistered); the caller
  /// removes it with ``removeTemporary(_:)``.
  public static func temporaryPath(suffix: String = "", in folder: URL? = nil) -> URL {
    let url = (folder ?? FileManager.default.temporaryDirectory).appendingPathComponent(
      "arrangement-bench-\(UUID().uuidString)\(suffix)")
    onTemporary(url.path)
    return url
  }

  /// Removes what ``temporaryPath(suffix:)`` named, file or folder, and its registration.
  public static func removeTemporary(_ url: URL) {
    try? FileManager.default.removeItem(at: url)
    onRemoved(url.path)
  }

  /// Runs `command` and returns its standard output (`nil` if it fails).
  public static func output(_ command: [String], directory: String? = nil) -> String? {
    let file = temporaryPath()
    defer { removeTemporary(file) }
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

/// The tool's descendants, found through `/proc` (Linux): what an interrupt
/// stops. A build's compilers run in process groups of their own (`swiftc`
/// and `swift-frontend` each lead one), so neither the worker's process group
/// nor its process ID reaches them; the tree of parent links does, and
/// ``adoptOrphans()`` keeps it whole when a parent dies first.
public enum ProcessTree {
  /// Makes orphaned descendants this process's children, so that none escapes the tree.
  public static func adoptOrphans() { _ = pc_adopt_orphans() }

  /// The processes below this one that are still running (zombies left out), by parent links.
  public static func descendants() -> [pid_t] {
    #if os(Linux)
      let root = getpid()
      var children: [pid_t: [pid_t]] = [:]
      var running = Set<pid_t>()
      for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
        guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")")
        else { continue }
        // "pid (name) state ppid …": the name may hold spaces and parentheses, so read after the last ')'.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 1, let parent = pid_t(fields[1]) else { continue }
        children[parent, default: []].append(pid)
        if fields[0] != "Z" { running.insert(pid) }
      }
      var found: [pid_t] = []
      var pending = children[root] ?? []
      while let pid = pending.popLast() {
        if running.contains(pid) { found.append(pid) }
        pending += children[pid] ?? []
      }
      return found
    #else
      return []
    #endif
  }

  /// Stops every descendant: SIGTERM to each (and to any that starts
  /// meanwhile), up to `grace` seconds for them to end, then SIGKILL until
  /// none is left (at most `limit` seconds in all); reaps those this process
  /// adopted. Returns the processes it signalled.
  @discardableResult
  public static func stopAll(grace: Double = 1.0, limit: Double = 5.0) -> Set<pid_t> {
    let start = DispatchTime.now().uptimeNanoseconds
    func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
    var signalled = Set<pid_t>()
    while elapsed() < limit {
      reapAdopted()
      let alive = descendants()
      if alive.isEmpty { break }
      let terminating = elapsed() < grace
      for pid in alive where !terminating || !signalled.contains(pid) {
        kill(pid, terminating ? SIGTERM : SIGKILL)
        signalled.insert(pid)
      }
      usleep(10_000)
    }
    reapAdopted()
    return signalled
  }

  /// Collects this process's children that have ended (an adopted orphan has nobody else to).
  static func reapAdopted() {
    var status: Int32 = 0
    while waitpid(-1, &status, WNOHANG) > 0 {}
  }
}
