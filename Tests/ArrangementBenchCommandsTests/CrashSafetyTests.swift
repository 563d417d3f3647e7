import BenchmarkRunner
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Crash-safe baselines")
struct CrashSafetyTests {
  /// The tool built beside this test bundle.
  static let tool: String = {
    let own = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    return own.deletingLastPathComponent().appendingPathComponent("arrangement-bench").path
  }()

  func start(_ arguments: [String]) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.tool)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    // Debug builds refuse to record baselines, except for this test.
    process.environment = ProcessInfo.processInfo.environment.merging(["ARRANGEMENT_BENCH_TESTING_DEBUG_BASELINE": "1"])
    {
      $1
    }
    try process.run()
    return process
  }

  @Test(
    "SIGKILL at 50 random moments of `baseline update` always leaves the old or the new baseline, complete and valid",
    .enabled(if: FileManager.default.isExecutableFile(atPath: tool), "the tool is built beside the tests"),
    .disabled(if: underSanitizer, "about files, not memory or threads; a sanitizer's build is too slow to kill in time")
  )
  func killDuringUpdate() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kill-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("baseline.json").path
    let arguments = ["baseline", "update", "--quick", "--processes", "0", "--filter", "limit/", "--output", path]

    // An old baseline to protect, and how long a whole update takes.
    let started = Date()
    let first = try start(arguments)
    first.waitUntilExit()
    #expect(first.terminationStatus == 0)
    let whole = Date().timeIntervalSince(started)
    var seen = Set<Data>()
    seen.insert(try #require(FileManager.default.contents(atPath: path)))

    var generator = SystemRandomNumberGenerator()
    var killed = 0
    // 50 kills, and a new baseline written after every third; a time limit keeps a slow machine in bounds.
    let deadline = Date().addingTimeInterval(400)
    for round in 0..<200 where killed < 50 && Date() < deadline {
      let process = try start(arguments)
      // Every fourth update runs to the end, so that new baselines are written between the
      // kills even when a loaded machine makes updates slower than the first one; the others
      // are killed within the first update's duration, so while they run.
      let finishes = round % 4 == 3
      if !finishes { usleep(UInt32(Double.random(in: 0...(whole * 0.9), using: &generator) * 1_000_000)) }
      if !finishes && process.isRunning {
        kill(process.processIdentifier, SIGKILL)
        killed += 1
      }
      process.waitUntilExit()
      let stored = try RunResult.load(from: path)
      #expect(stored.groups.map(\.title) == ["limit/clamp-ratio"])
      #expect(stored.groups[0].samples.count + (stored.groups[0].contendedSamples ?? 0) == 8)
      seen.insert(try #require(FileManager.default.contents(atPath: path)))
    }
    #expect(killed >= 50)
    #expect(seen.count > 1)  // some updates completed between the kills
  }

  @Test(
    "Two `baseline update`s writing one path at once leave one whole file, never a mixture",
    .enabled(if: FileManager.default.isExecutableFile(atPath: tool), "the tool is built beside the tests"),
    .disabled(if: underSanitizer, "about files, not memory or threads"))
  func concurrentWriters() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("concurrent-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("baseline.json").path
    for _ in 0..<6 {
      let groups = ["limit/", "peers/two-pane-sweep/plan"]
      let writers = try groups.map { filter in
        try start(["baseline", "update", "--quick", "--processes", "0", "--filter", filter, "--output", path])
      }
      for writer in writers { writer.waitUntilExit() }
      #expect(writers.allSatisfy { $0.terminationStatus == 0 })
      let stored = try RunResult.load(from: path)
      let titles = stored.groups.map(\.title)
      #expect(titles == ["limit/clamp-ratio"] || titles == ["peers/two-pane-sweep/plan"], "\(titles)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["baseline.json"])
    }
  }
}

@Suite("Interrupted runs and failed workers")
struct InterruptTests {
  let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("interrupt-\(UUID().uuidString)")

  /// Starts the tool with its temporary files in a folder of their own.
  func start(_ arguments: [String], temporary: String, errors: Pipe) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CrashSafetyTests.tool)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    process.environment = ProcessInfo.processInfo.environment.merging([
      "ARRANGEMENT_BENCH_TESTING_DEBUG_BASELINE": "1", "TMPDIR": temporary,
    ]) { $1 }
    try process.run()
    return process
  }

  @Test(
    "SIGINT and SIGTERM during `baseline update`: status 130 and 143, the old baseline byte for byte, nothing left behind",
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: CrashSafetyTests.tool), "the tool is built beside the tests"),
    .disabled(if: underSanitizer, "a sanitizer's build is too slow to interrupt in time"),
    arguments: [(SIGINT, Int32(130), "SIGINT"), (SIGTERM, 143, "SIGTERM")])
  func interruptedUpdate(signal: Int32, status: Int32, name: String) throws {
    let temporary = scratch.appendingPathComponent("tmp-\(name)").path
    try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let baseline = scratch.appendingPathComponent("baseline.json").path
    let old = Data("{\"an\": \"old baseline\"}\n".utf8)
    try old.write(to: URL(fileURLWithPath: baseline))
    let errors = Pipe()
    let process = try start(
      ["baseline", "update", "--filter", "split", "--processes", "6", "--output", baseline], temporary: temporary,
      errors: errors)
    // Interrupt while the workers measure (the whole update takes several seconds in a debug build).
    usleep(1_500_000)
    #expect(process.isRunning)
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    #expect(process.terminationStatus == status)
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(message.hasSuffix("arrangement-bench: interrupted (\(name)); workers stopped, temporary files removed\n"))
    #expect(FileManager.default.contents(atPath: baseline) == old)
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary) == [])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted() == ["baseline.json", "tmp-\(name)"])
  }

  @Test(
    "A worker that dies makes the run name the process and the group, exit 1 and write no result",
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: CrashSafetyTests.tool), "the tool is built beside the tests"),
    .disabled(if: underSanitizer, "a sanitizer's build is too slow to interrupt in time"))
  func workerDies() throws {
    let temporary = scratch.appendingPathComponent("tmp").path
    try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let output = scratch.appendingPathComponent("run.json").path
    final class Collected: @unchecked Sendable {
      let lock = NSLock()
      var text = ""
      func add(_ data: Data) { lock.withLock { text += String(decoding: data, as: UTF8.self) } }
      var current: String { lock.withLock { text } }
    }
    let collected = Collected()
    let errors = Pipe()
    errors.fileHandleForReading.readabilityHandler = { collected.add($0.availableData) }
    let process = try start(
      ["run", "--filter", "split", "--processes", "2", "--output", output, "--baseline", output], temporary: temporary,
      errors: errors)
    // Kill the first worker once it says it measures its second group.
    for _ in 0..<3000 where !collected.current.contains("  [2/10] ") { usleep(10_000) }
    let children =
      (try? String(
        contentsOfFile: "/proc/\(process.processIdentifier)/task/\(process.processIdentifier)/children", encoding: .utf8
      ))
      ?? ""
    let worker = pid_t(children.split(separator: " ").first ?? "") ?? 0
    #expect(worker != 0)
    kill(worker, SIGKILL)
    process.waitUntilExit()
    errors.fileHandleForReading.readabilityHandler = nil
    collected.add(errors.fileHandleForReading.readDataToEndOfFile())
    #expect(process.terminationStatus == 1)
    let message = collected.current
    #expect(message.contains("arrangement-bench: worker process 1/2 was killed by signal 9 while measuring split"))
    #expect(message.hasSuffix("; no result written\n"))
    #expect(!FileManager.default.fileExists(atPath: output))
  }
}
