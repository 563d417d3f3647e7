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
    "SIGKILL at random moments of `baseline update` always leaves the old or the new baseline, complete and valid",
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
    let deadline = Date().addingTimeInterval(6)
    // At least 8 rounds however slow the build (a sanitizer's can take seconds an update).
    for round in 0..<40 where Date() < deadline || round < 8 {
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
      #expect(stored.groups[0].samples.count == 8)
      seen.insert(try #require(FileManager.default.contents(atPath: path)))
    }
    #expect(killed > 0)
    #expect(seen.count > 1)  // some updates completed between the kills
  }
}
