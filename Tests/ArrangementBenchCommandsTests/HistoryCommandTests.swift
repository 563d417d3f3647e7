import ArrangementBenchCommands
import BenchmarkRunner
import Foundation
import Testing

@Suite("history record, show and changes")
struct HistoryCommandTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("history-tests-\(UUID().uuidString)")

  /// A run of commit `commit` recorded at minute `minute`: group "a" around `centre` ns, "b" around 40 ns.
  func run(_ commit: String, minute: Int, centre: Double, instructions: Double, seed: UInt64) -> RunResult {
    var state = seed &* 0x9E37_79B9_7F4A_7C15
    func jitter() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return 1 + 0.004 * (Double(state >> 11) / Double(1 << 53) - 0.5)
    }
    var result = RunResult(
      suite: "default", settings: .quick,
      groups: [("a", centre), ("b", 40.0)].map { title, centre in
        GroupResult(
          merging: [
            ProcessMeasurement(
              title: title, operations: 10, samples: (0..<8).map { _ in centre * jitter() }, allocationsPerRun: 0,
              bytesPerRun: 0, instructionsPerOperation: title == "a" ? instructions : 300)
          ])
      }, commit: commit)
    result.date = String(format: "2026-11-%02dT%02d:%02d:00Z", 1 + minute / 600, (minute / 60) % 10, minute % 60)
    return result
  }

  @Test("30 recorded runs: a 10 % step and a one-instruction change are found at their commits; nothing in b")
  func changes() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for index in 0..<30 {
      let result = run(
        String(format: "c%02d", index), minute: index, centre: index >= 20 ? 110 : 100,
        instructions: index >= 12 ? 666 : 665, seed: UInt64(index + 1))
      let path = folder.appendingPathComponent("run.json").path
      try result.write(to: path)
      let recorded = runTool(["history", "record", path, "--history", folder.path])
      #expect(recorded.status == 0, "\(recorded.standardError)")
    }
    try FileManager.default.removeItem(atPath: folder.appendingPathComponent("run.json").path)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 30)

    let changes = runTool(["history", "changes", "--history", folder.path, "--by-date"])
    #expect(changes.status == 0)
    let lines = changes.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.first == "30 entries, 2 groups, 2 change(s)", "\(changes.standardOutput)")
    #expect(lines.contains { $0.hasPrefix("a: time step at c20: 100") && $0.contains("(+10.0%)") })
    #expect(lines.contains("a: instructions step at c12: 665 → 666 (+0.150%)"))

    let json = runTool(["history", "changes", "--history", folder.path, "--by-date", "--json"])
    let found = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]]
    #expect(found?.count == 2)

    // A result 10 % slower than the recent runs stands above all of them.
    let slower = FileManager.default.temporaryDirectory.appendingPathComponent("slower-\(UUID().uuidString).json").path
    try run("c30", minute: 30, centre: 121, instructions: 666, seed: 99).write(to: slower)
    let standing = runTool(["history", "standing", slower, "--history", folder.path, "--by-date", "--last", "10"])
    #expect(standing.status == 0)
    #expect(standing.standardOutput.hasPrefix("standing against the last 10 recorded runs of "))
    let aRow = standing.standardOutput.split(separator: "\n").first { $0.hasPrefix("a ") } ?? ""
    #expect(aRow.hasSuffix("slower than all 10"), "\(standing.standardOutput)")
    try FileManager.default.removeItem(atPath: slower)

    let show = runTool(["history", "show", "a", "--history", folder.path, "--by-date"])
    #expect(show.status == 0)
    #expect(show.standardOutput.hasPrefix("a: 30 entries in commit order\n  host 1: "))
    #expect(show.standardOutput.contains("c29 "))
  }

  @Test(
    "history show: memory, estimated cycles and misses where recorded, – where an entry has none, no column when none has"
  )
  func showMemoryAndCycles() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("run.json").path
    let history = folder.appendingPathComponent("h").path
    for index in 0..<3 {
      var result = run("c\(index)", minute: index, centre: 100, instructions: 665, seed: UInt64(index + 1))
      if index > 0 {
        result.groups[0].peakHeapBytesPerRun = 1040
        result.groups[0].peakResidentBytes = 20_447_232
      }
      if index == 2 {
        result.groups[0].setCounts(Callgrind.Counts(instructions: 6650, level1Misses: 40, lastLevelMisses: 2))
      }
      try result.write(to: path)
      #expect(runTool(["history", "record", path, "--history", history]).status == 0)
    }
    let show = runTool(["history", "show", "a", "--history", history, "--by-date"])
    #expect(show.status == 0)
    let lines = show.standardOutput.split(separator: "\n").map(String.init)
    #expect(
      lines.contains {
        $0.hasPrefix("commit ") && $0.hasSuffix("instr/op  heap peak/run  RSS peak   cycles/op  L1 miss/op  LL miss/op")
      })
    let rows = lines.filter { $0.hasPrefix("c") && !$0.hasPrefix("commit") }
    #expect(rows.count == 3)
    // The last six cells: instructions, peak heap, peak resident set, cycles, L1 and LL misses.
    let cells = rows.map {
      $0.components(separatedBy: "  ").filter { !$0.isEmpty }.map { $0.trimmingCharacters(in: .whitespaces) }.suffix(6)
    }
    #expect(Array(cells[0]) == ["665", "–", "–", "–", "–", "–"])
    #expect(Array(cells[1]) == ["665", "1.02 KiB", "19.5 MiB", "–", "–", "–"])
    #expect(Array(cells[2]) == ["665", "1.02 KiB", "19.5 MiB", "725", "4.00", "0.200"])
    // Group b measured none of them: its table has no such columns.
    let b = runTool(["history", "show", "b", "--history", history, "--by-date"])
    #expect(b.status == 0 && !b.standardOutput.contains("heap peak/run") && !b.standardOutput.contains("cycles/op"))
  }

  @Test("A change of clock is not a step: each clock's times are a series of their own, and the output says so")
  func clockChange() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("run.json").path
    let history = folder.appendingPathComponent("h").path
    // Entries c00–c14 timed in wall time (written without a clock, as before it was recorded), then
    // c15–c39 on the thread's CPU time, 40 % lower on the same code; a real 10 % step at c30.
    for index in 0..<40 {
      var result = run(
        String(format: "c%02d", index), minute: index, centre: index < 15 ? 100 : index < 30 ? 60 : 66,
        instructions: 665, seed: UInt64(index + 1))
      result.clock = index < 15 ? nil : SampleClock.threadCPUTime
      try result.write(to: path)
      #expect(runTool(["history", "record", path, "--history", history]).status == 0)
    }
    let hostClass = run("x", minute: 0, centre: 1, instructions: 1, seed: 1).machine.hostClass
    let names = try FileManager.default.contentsOfDirectory(atPath: history).sorted()
    let first = try String(
      contentsOfFile: "\(history)/\(try #require(names.first { $0.contains("-c00-") }))", encoding: .utf8)
    let later = try String(
      contentsOfFile: "\(history)/\(try #require(names.first { $0.contains("-c20-") }))", encoding: .utf8)
    #expect(!first.contains("\"clock\"") && later.contains("\"clock\" : \"thread CPU time\""))

    let changes = runTool(["history", "changes", "--history", history, "--by-date"])
    #expect(changes.status == 0)
    let lines = changes.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.first == "40 entries, 2 groups, 1 change(s)", "\(changes.standardOutput)")
    #expect(
      lines.contains(
        "times of \(hostClass) on 2 clocks (wall time: 15 entries from c00; thread CPU time: 25 entries from c15): each clock's series is searched on its own, not across the change of clock"
      ))
    #expect(
      lines.contains { $0.hasPrefix("a: time step at c30: 60") && $0.hasSuffix("[\(hostClass); thread CPU time]") })
    #expect(!lines.contains { $0.contains(" at c15") })
    let json = runTool(["history", "changes", "--history", history, "--by-date", "--json"])
    let found = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
    #expect(found.count == 1 && found[0]["clock"] as? String == "thread CPU time")

    let show = runTool(["history", "show", "a", "--history", history, "--by-date"])
    #expect(
      show.standardOutput.contains("  host 1: \(hostClass); wall time\n  host 2: \(hostClass); thread CPU time\n"))

    // A run timed in wall time stands against the wall-time entries, not the later ones.
    let old = folder.appendingPathComponent("old.json").path
    var wall = run("c40", minute: 40, centre: 100, instructions: 665, seed: 77)
    wall.clock = nil
    try wall.write(to: old)
    let standing = runTool(["history", "standing", old, "--history", history, "--by-date", "--last", "10"])
    #expect(
      standing.standardOutput.hasPrefix("standing against the last 10 recorded runs of \(hostClass); wall time\n"))
    let row = standing.standardOutput.split(separator: "\n").first { $0.hasPrefix("a ") } ?? ""
    let typical = row.split(separator: " ").dropFirst(2).first.flatMap { Double($0) } ?? 0
    #expect((99...101).contains(typical), "\(row)")
  }

  @Test("A hostile history entry is refused with its path and place; an unknown group is a usage error")
  func hostile() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let bad = folder.appendingPathComponent("bad.json").path
    #expect(FileManager.default.createFile(atPath: bad, contents: Data(#"{"schemaVersion": 1, "commit": 7}"#.utf8)))
    let run = runTool(["history", "changes", "--history", folder.path])
    #expect(run.status == 1)
    #expect(
      run.standardError
        == "arrangement-bench: \(bad): not a valid history entry: $.commit (line 1, column 32): expected a string, found a number\n"
    )
    try FileManager.default.removeItem(atPath: bad)
    // A title that names no group is a usage error, as for `profile` and `--filter`.
    #expect(runTool(["history", "show", "nothing", "--history", folder.path]).status == 64)
    #expect(runTool(["history", "forget"]).status == 64)
  }
}
