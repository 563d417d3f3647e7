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
}
