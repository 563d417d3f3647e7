import BenchmarkRunner
import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What SIGINT and SIGTERM undo: the processes the tool started, with every
/// process they started (a build's compilers, valgrind's tools), and the
/// temporary files and folders not yet removed. On either signal every
/// descendant is stopped (SIGTERM, a second's grace, then SIGKILL) and waited
/// for, the files removed (a result or baseline is only ever replaced by a
/// rename, so an existing one stays as it was) and the tool exits 130 or 143,
/// the shell's numbers for death by those signals.
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
    // A compiler whose `swift build` was stopped first must still be found below the tool.
    ProcessTree.adoptOrphans()
    ChildProcess.onStart = { Interrupts.shared.started($0) }
    ChildProcess.onEnd = { Interrupts.shared.ended($0) }
    ChildProcess.onTemporary = { Interrupts.shared.temporary($0) }
    ChildProcess.onRemoved = { Interrupts.shared.removed($0) }
    // The signals are held (blocked, so pending ones wait rather than vanish) from before the
    // default action is turned off until the sources are registered: a SIGINT in between was
    // lost (ignored, and the run went on to its end). Unblocked afterwards on this thread, so that
    // a mask inherited from a parent's thread cannot keep them from the tool.
    var held = sigset_t()
    sigemptyset(&held)
    for signal in [SIGINT, SIGTERM] { sigaddset(&held, signal) }
    pthread_sigmask(SIG_BLOCK, &held, nil)
    let registered = DispatchSemaphore(value: 0)
    for signal in [SIGINT, SIGTERM] {
      Glibc.signal(signal, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signal, queue: .global())
      source.setEventHandler { [unowned self] in self.stop(signal) }
      source.setRegistrationHandler { registered.signal() }
      source.resume()
      sources.append(source)
    }
    for _ in sources { _ = registered.wait(timeout: .now() + 2) }
    pthread_sigmask(SIG_UNBLOCK, &held, nil)
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
    let stopped = ProcessTree.stopAll().union(workers.keys)
    // A worker stopped mid-write leaves its crash-safe temporary beside its output.
    for pid in stopped {
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

  /// Creates `<temporary directory>/arrangement-bench-<UUID>-<purpose>`, named as
  /// every temporary path of the tool is (``ChildProcess/temporaryPath(suffix:in:)``).
  init(_ purpose: String) throws(CommandFailure) {
    url = ChildProcess.temporaryPath(suffix: "-\(purpose)")
    do {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    } catch {
      remove()
      throw CommandFailure("cannot create \(url.path): \(error.localizedDescription)", status: .toolError)
    }
  }

  func remove() { ChildProcess.removeTemporary(url) }
}
