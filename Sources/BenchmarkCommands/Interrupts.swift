import BenchmarkRunner
import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What SIGINT and SIGTERM undo: the worker processes still running and the
/// temporary files and folders not yet removed. On either signal the workers
/// are stopped, the files removed (a result or baseline is only ever replaced
/// by a rename, so an existing one stays as it was) and the tool exits 130 or
/// 143, the shell's numbers for death by those signals.
final class Interrupts: @unchecked Sendable {
  static let shared = Interrupts()

  private let lock = NSLock()
  private var workers: [pid_t: Process] = [:]
  private var paths: Set<String> = []
  private var sources: [DispatchSourceSignal] = []
  /// The tool's name, for the message.
  private var tool = ""

  /// Handles SIGINT and SIGTERM from now on (on a queue of its own, so the
  /// main thread may be blocked waiting for a worker).
  func install(tool: String) {
    lock.lock()
    defer { lock.unlock() }
    guard sources.isEmpty else { return }
    self.tool = tool
    ChildProcess.onStart = { Interrupts.shared.started($0) }
    ChildProcess.onEnd = { Interrupts.shared.ended($0) }
    ChildProcess.onTemporary = { Interrupts.shared.temporary($0) }
    ChildProcess.onRemoved = { Interrupts.shared.removed($0) }
    for signal in [SIGINT, SIGTERM] {
      Glibc.signal(signal, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signal, queue: .global())
      source.setEventHandler { [unowned self] in self.stop(signal) }
      source.resume()
      sources.append(source)
    }
  }

  func started(_ process: Process) {
    lock.lock()
    workers[process.processIdentifier] = process
    lock.unlock()
  }

  func ended(_ process: Process) {
    lock.lock()
    workers[process.processIdentifier] = nil
    lock.unlock()
  }

  /// A file or folder to remove if the tool is interrupted before it does.
  func temporary(_ path: String) {
    lock.lock()
    paths.insert(path)
    lock.unlock()
  }

  func removed(_ path: String) {
    lock.lock()
    paths.remove(path)
    lock.unlock()
  }

  private func stop(_ signal: Int32) {
    lock.lock()
    for (pid, _) in workers {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
      // A worker stopped mid-write leaves its crash-safe temporary beside its output.
      for path in paths { OutputFile.removeTemporaries(of: path, process: pid) }
    }
    for path in paths { try? FileManager.default.removeItem(atPath: path) }
    let name = signal == SIGINT ? "SIGINT" : "SIGTERM"
    writeAll("\(tool): interrupted (\(name)); workers stopped, temporary files removed\n", to: 2)
    _exit(128 + signal)
  }
}

/// A folder for a command's temporary files (ab's and bisect's logs and
/// results), removed by ``remove()`` or, if the tool is interrupted first, by ``Interrupts``.
struct TemporaryFolder {
  let url: URL

  /// Creates `<temporary directory>/<prefix>-<UUID>`.
  init(_ prefix: String) throws(CommandFailure) {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    Interrupts.shared.temporary(url.path)
    do {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    } catch {
      remove()
      throw CommandFailure("cannot create \(url.path): \(error.localizedDescription)", status: .toolError)
    }
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
    Interrupts.shared.removed(url.path)
  }
}
