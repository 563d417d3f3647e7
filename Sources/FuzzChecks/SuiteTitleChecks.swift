import BenchmarkRunner
import Foundation

extension FuzzChecks {
  /// Registers a suite whose titles come from the bytes (up to four, split at
  /// 0xFF, decoded as UTF-8 with repairs). Either the suite is refused, with a
  /// one-line message that names a benchmark, or its titles are usable all the
  /// way: written into a result file and read back, they come out the same,
  /// in order, and each selects exactly itself with `--only` and `--filter`.
  public static func suiteTitles(_ bytes: UnsafeRawBufferPointer) {
    let titles = bytes.split(separator: 0xFF, maxSplits: 3, omittingEmptySubsequences: false).prefix(4).map {
      String(decoding: $0, as: UTF8.self)
    }
    let suite = BenchmarkSuite(
      name: "fuzz",
      benchmarks: { titles.map { title in Benchmark(title, operations: 1) { {} } } })
    let benchmarks: [Benchmark]
    do {
      benchmarks = try suite.validatedBenchmarks(seed: 1)
    } catch {
      let message = error.description
      if !message.hasPrefix("benchmark ") || message.unicodeScalars.contains(where: { $0.value < 0x20 }) {
        fatalError("a refused suite whose message does not name the benchmark on one line: \(message)")
      }
      return
    }
    let groups = benchmarks.map { benchmark in
      GroupResult(merging: [
        ProcessMeasurement(
          title: benchmark.title, operations: 1, samples: [1, 2, 3], allocationsPerRun: 0, bytesPerRun: 0,
          instructionsPerOperation: nil)
      ])
    }
    let result = RunResult(suite: "fuzz", settings: .quick, groups: groups, commit: "fuzz")
    do {
      let again = try RunResult.decode([UInt8](try result.encoded()), path: "fuzz.json")
      if again.groups.map(\.title) != titles {
        fatalError("accepted titles changed through a result file: \(titles) → \(again.groups.map(\.title))")
      }
    } catch {
      fatalError("accepted titles \(titles) make a result file that cannot be read: \(error)")
    }
    for title in titles {
      let filter = TitleFilter(title)
      if filter.parts != [title] { fatalError("the accepted title \(title) is not one part of a --filter list") }
    }
  }
}
