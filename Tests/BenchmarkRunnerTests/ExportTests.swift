import BenchmarkRunner
import Foundation
import Testing

@Suite("Exports in other tools' formats")
struct ExportTests {
  let run = result([("split/book", samples(80), 0), ("peers/two-pane-sweep", samples(95, seed: 3), 2)])

  /// The JSON object of an export, as a generic reader (the other tool) sees it.
  func json(_ data: Data) throws -> Any { try JSONSerialization.jsonObject(with: data) }

  @Test("github-action-benchmark: an array of {name, unit, value, range?, extra?} with numeric values")
  func githubActionBenchmark() throws {
    let entries = try #require(try json(Export.encode(Export.githubActionBenchmark(run))) as? [[String: Any]])
    #expect(entries.count == 4)  // time and allocations per group; no instruction counts here
    for entry in entries {
      #expect(entry["name"] is String && entry["unit"] is String && entry["value"] is NSNumber)
      #expect(Set(entry.keys).isSubset(of: ["name", "unit", "value", "range", "extra"]))
    }
    #expect(entries[0]["name"] as? String == "split/book" && entries[0]["unit"] as? String == "ns/op")
    #expect(abs((entries[0]["value"] as! NSNumber).doubleValue - run.groups[0].nanosecondsPerOperation.median) < 1e-9)
    #expect(entries[3]["name"] as? String == "peers/two-pane-sweep (allocations)")
  }

  @Test("Google Benchmark: context and benchmarks with the fields compare.py reads")
  func googleBenchmark() throws {
    let object = try #require(
      try json(Export.encode(Export.googleBenchmark(run, executable: "arrangement-bench"))) as? [String: Any])
    let context = try #require(object["context"] as? [String: Any])
    for key in [
      "date", "host_name", "executable", "num_cpus", "mhz_per_cpu", "cpu_scaling_enabled", "library_build_type",
    ] {
      #expect(context[key] != nil, "context.\(key)")
    }
    let benchmarks = try #require(object["benchmarks"] as? [[String: Any]])
    #expect(benchmarks.count == 2 * (60 + 3))  // every sample, then mean, median, stddev
    for entry in benchmarks {
      for key in [
        "name", "run_name", "run_type", "repetitions", "threads", "iterations", "real_time", "cpu_time", "time_unit",
      ] {
        #expect(entry[key] != nil, "\(key)")
      }
      #expect(entry["time_unit"] as? String == "ns")
      #expect(["iteration", "aggregate"].contains(entry["run_type"] as? String))
      if entry["run_type"] as? String == "aggregate" { #expect(entry["aggregate_name"] is String) }
    }
    let median = benchmarks.first { $0["name"] as? String == "split/book_median" }
    let medianTime = (median?["real_time"] as? NSNumber)?.doubleValue ?? 0
    #expect(abs(medianTime - run.groups[0].nanosecondsPerOperation.median) < 1e-9)
  }

  @Test("Memory and estimated cycles are exported where measured, and left out where not (never as 0)")
  func memoryAndCycles() throws {
    var measured = run
    measured.groups[0].peakHeapBytesPerRun = 1040
    measured.groups[0].peakResidentBytes = 20_447_232
    measured.groups[0].setCounts(Callgrind.Counts(instructions: 6810, level1Misses: 40, lastLevelMisses: 2))
    measured.cycleModel = CycleModel.description
    let entries = try #require(try json(Export.encode(Export.githubActionBenchmark(measured))) as? [[String: Any]])
    func value(_ name: String) -> Double? {
      (entries.first { $0["name"] as? String == name }?["value"] as? NSNumber)?.doubleValue
    }
    #expect(value("split/book (peak heap)") == 1040)
    #expect(value("split/book (peak resident set)") == 20_447_232)
    #expect(abs((value("split/book (estimated cycles)") ?? 0) - (6810 + 400 + 200) / 10) < 1e-9)
    #expect(
      entries.first { $0["name"] as? String == "split/book (estimated cycles)" }?["unit"] as? String == "cycles/op")
    // The other group measured none of them: no entry, rather than a 0.
    #expect(
      !entries.contains {
        ($0["name"] as? String)?.hasPrefix("peers/two-pane-sweep (") == true
          && $0["name"] as? String != "peers/two-pane-sweep (allocations)"
      })

    let object = try #require(
      try json(Export.encode(Export.googleBenchmark(measured, executable: "arrangement-bench"))) as? [String: Any])
    let benchmarks = try #require(object["benchmarks"] as? [[String: Any]])
    let book = benchmarks.filter { $0["run_name"] as? String == "split/book" }
    for entry in book where entry["aggregate_name"] as? String != "stddev" {
      #expect((entry["peakHeapBytesPerRun"] as? NSNumber)?.intValue == 1040)
      #expect((entry["peakResidentBytes"] as? NSNumber)?.intValue == 20_447_232)
      #expect(abs(((entry["estimatedCyclesPerOperation"] as? NSNumber)?.doubleValue ?? 0) - 741) < 1e-9)
    }
    #expect(book.contains { $0["aggregate_name"] as? String == "median" && $0["peakHeapBytesPerRun"] != nil })
    for entry in benchmarks where entry["run_name"] as? String == "peers/two-pane-sweep" {
      for key in ["peakHeapBytesPerRun", "peakResidentBytes", "estimatedCyclesPerOperation"] {
        #expect(entry[key] == nil, "\(key)")
      }
    }
  }
}
