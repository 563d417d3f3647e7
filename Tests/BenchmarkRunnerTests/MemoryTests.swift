import BenchmarkRunner
import Foundation
import Testing

/// The usable size of a block: what the interposer counts it as.
private func usable(_ block: UnsafeMutableRawPointer?) -> Int { Sampler.countedBytes(of: block) }

@Suite("Peak heap bytes: the interposer's high-water mark, and its gate")
struct MemoryTests {
  @Test(
    "An allocate and free pattern gives the exact high-water mark above the bytes live at the start",
    .enabled(if: Sampler.countsAllocations, "the allocation counter is compiled out under sanitizers"))
  func exactPeak() throws {
    // A block live before the region counts as the floor, not towards the peak.
    let before = try #require(malloc(5000))
    defer { free(before) }
    var sizes: (a: Int, b: Int, c: Int, d: Int) = (0, 0, 0, 0)
    // Sizes are read while the blocks are live (reading them allocates nothing).
    let peak = Sampler.peakHeapBytes {
      let a = malloc(4000)
      sizes.a = usable(a)
      let b = calloc(10, 800)
      sizes.b = usable(b)
      free(a)
      let c = malloc(2000)
      sizes.c = usable(c)
      free(b)
      var d: UnsafeMutableRawPointer?
      _ = posix_memalign(&d, 64, 3000)
      sizes.d = usable(d)
      free(c)
      free(d)
      free(nil)
    }
    // a and b were live together; every later moment held less.
    #expect(sizes.a >= 4000 && sizes.b >= 8000 && sizes.c >= 2000 && sizes.d >= 3000)
    #expect(peak == sizes.a + sizes.b)
    #expect(Sampler.peakHeapBytes {} == 0)
    // Freeing blocks older than the region does not lower the mark below zero.
    let old = try #require(malloc(100))
    #expect(Sampler.peakHeapBytes { free(old) } == 0)
  }

  @Test(
    "A block that grows by realloc holds its old and new size at once only when it moves",
    .enabled(if: Sampler.countsAllocations, "the allocation counter is compiled out under sanitizers"))
  func reallocPeak() throws {
    var old = 0
    var new = 0
    var moved = false
    let peak = try #require(
      Sampler.peakHeapBytes { () -> Void in
        let block = malloc(64)
        old = usable(block)
        let grown = realloc(block, 1 << 20)
        moved = grown != block
        new = usable(grown)
        free(grown)
      })
    #expect(peak == (moved ? old + new : new))
  }

  @Test(
    "Each thread's mark is its own: eight threads with different patterns each see their exact peak",
    .enabled(if: Sampler.countsAllocations, "the allocation counter is compiled out under sanitizers"))
  func threads() {
    // Each thread writes its own element only.
    nonisolated(unsafe) let results = UnsafeMutablePointer<(peak: Int, expected: Int)>.allocate(capacity: 8)
    defer { results.deallocate() }
    DispatchQueue.concurrentPerform(iterations: 8) { index in
      var expected = 0
      let peak = Sampler.peakHeapBytes {
        for round in 0..<200 {
          let size = 1000 * (index + 1) + round
          let first = malloc(size)
          let second = malloc(size * 2)
          expected = max(expected, usable(first) + usable(second))
          free(first)
          free(second)
        }
      }
      results[index] = (peak ?? -1, expected)
    }
    for index in 0..<8 { #expect(results[index].peak == results[index].expected, "thread \(index)") }
    let process = Sampler.processHeap
    #expect(process.peak >= process.live)
  }

  @Test(
    "A measured group records its run's peak heap bytes and the process's peak resident set",
    .enabled(if: Sampler.countsAllocations, "the allocation counter is compiled out under sanitizers"))
  func measuredGroup() throws {
    let probe = malloc(1 << 16)
    let size = usable(probe)
    free(probe)
    let benchmark = Benchmark("memory/hold", operations: 1) {
      {
        let block = malloc(1 << 16)
        memset(block!, 1, 1 << 16)
        blackHole(block)
        free(block)
      }
    }
    let measured = Sampler.measure(
      benchmark, settings: MeasurementSettings(samples: 2, minimumSampleNanoseconds: 1, warmUpNanoseconds: 1))
    #expect(measured.peakHeapBytesPerRun == size)
    let resident = try #require(measured.peakResidentBytes)
    #expect(resident > 1 << 20)
    let group = GroupResult(merging: [measured])
    #expect(group.peakHeapBytesPerRun == measured.peakHeapBytesPerRun)
  }

  /// A baseline and a run of one group whose peak heap bytes are `old` and `new`.
  func comparison(_ old: Int?, _ new: Int?, gated: GatedMetrics = .all) -> Comparison {
    var baseline = result([("stream", samples(100), 0)])
    var current = result([("stream", samples(100, seed: 2), 0)])
    baseline.groups[0].peakHeapBytesPerRun = old
    current.groups[0].peakHeapBytesPerRun = new
    var policy = ComparisonPolicy()
    policy.gated = gated
    return Comparison(baseline: baseline, current: current, policy: policy)
  }

  @Test("One byte more at the peak is a regression, as one allocation more is; fewer is an improvement")
  func gate() {
    #expect(comparison(4096, 4112).groups[0].memory == .regression)
    #expect(comparison(4096, 4112).overall == .regression)
    #expect(comparison(4096, 4096).groups[0].memory == .same)
    #expect(comparison(4096, 4096).overall == .same)
    #expect(comparison(4096, 0).groups[0].memory == .improvement)
    // Not gated, it is shown but does not decide the verdict.
    #expect(comparison(4096, 8192, gated: [.time, .allocations]).overall == .same)
    #expect(comparison(4096, 8192, gated: [.memory]).overall == .regression)
    // A side that did not measure it (a baseline from before) is not judged.
    #expect(comparison(nil, 8192).groups[0].memory == .same)
    #expect(comparison(4096, nil).groups[0].memory == .same)
    #expect(GatedMetrics(names: "memory,cycles") == [.memory, .cycles])
    #expect(GatedMetrics(names: "rss") == nil)
    // A side without peak heap bytes is said, with no option to ask for them (none counts them).
    let uncompared = comparison(4096, nil).uncompared
    #expect(
      uncompared.contains(
        "memory not compared: this run counted none for 1 of 1 group(s); those groups pass on the other metrics"),
      "\(uncompared)")
  }

  @Test("The resident set is shown beside the peak heap bytes but never judged")
  func residentNotJudged() {
    var baseline = result([("stream", samples(100), 0)])
    var current = result([("stream", samples(100, seed: 2), 0)])
    baseline.groups[0].peakHeapBytesPerRun = 0
    current.groups[0].peakHeapBytesPerRun = 24
    baseline.groups[0].peakResidentBytes = 20 << 20
    current.groups[0].peakResidentBytes = 90 << 20
    var policy = ComparisonPolicy()
    policy.gated = [.allocations, .memory]
    let comparison = Comparison(baseline: baseline, current: current, policy: policy)
    #expect(comparison.groups[0].memory == .regression)
    let table = Report.comparison(comparison)
    #expect(table.contains("heap peak/run"))
    #expect(table.contains("0 B → 24 B"))
    #expect(table.contains("20.0 MiB → 90.0 MiB"))
    #expect(table.contains("regression (peak heap)"))
    let document = ComparisonDocument(comparison)
    #expect(document.gatedMetrics == ["allocations", "memory"])
    #expect(document.groups[0].memoryVerdict == .regression)
    #expect(document.groups[0].currentPeakResidentBytes == 90 << 20)
    // Without either metric the table keeps its columns.
    #expect(!Report.comparison(self.comparison(nil, nil)).contains("heap peak"))
  }

  @Test("The capacity report shows peak heap bytes and the resident set beside allocations, and its CSV holds them")
  func capacityReport() {
    var run = reportRun()
    run.groups[0].peakHeapBytesPerRun = 0
    run.groups[1].peakHeapBytesPerRun = 3_072
    run.groups[1].peakResidentBytes = 31 << 20
    let report = CapacityReport(run: run, definitions: testDefinitions)
    let markdown = report.markdown.split(separator: "\n")
    let header = markdown.first { $0.hasPrefix("| group |") } ?? ""
    #expect(header.hasSuffix(" allocs/lookup | heap peak/run | RSS peak |"))
    // Every row has as many cells as the header and the rule.
    let rule = markdown.first { $0.hasPrefix("|---|") } ?? ""
    #expect(rule.filter { $0 == "|" }.count == header.filter { $0 == "|" }.count)
    #expect(markdown.contains { $0.hasPrefix("| overlay/tabletop |") && $0.hasSuffix(" | 3.00 KiB | 31.0 MiB |") })
    #expect(markdown.contains { $0.hasPrefix("| split/book |") && $0.hasSuffix(" | 0 B | – |") })
    #expect(report.html.contains("<th>heap peak/run</th><th>RSS peak</th>"))
    let csv = report.csv.split(separator: "\n", omittingEmptySubsequences: false)
    // The operation each group counts closes every row (CapacityReport's `operation` column).
    #expect(csv[0].hasSuffix(",peak_heap_bytes_per_run,peak_resident_bytes,estimated_cycles_per_op,operation"))
    #expect(csv[2].hasSuffix(",3072,\(31 << 20),,\"lookup\""))
    // A run without them keeps its table.
    #expect(!CapacityReport(run: reportRun(), definitions: testDefinitions).markdown.contains("heap peak"))
  }

  @Test(
    "Processes added to a group (a check's rounds, ab's pooling) keep its peak heap, resident set and cycle estimate")
  func poolingKeepsMemoryAndCycles() throws {
    var first = result([("a", samples(100), 0)])
    first.groups[0].peakHeapBytesPerRun = 4096
    first.groups[0].peakResidentBytes = 20 << 20
    first.groups[0].estimatedCyclesPerOperation = 900
    first.groups[0].level1MissesPerOperation = 12
    first.groups[0].lastLevelMissesPerOperation = 2
    var added = result([("a", samples(100, seed: 7), 0)])
    added.groups[0].peakHeapBytesPerRun = 4096
    added.groups[0].peakResidentBytes = 22 << 20
    let pooled = try #require(RunResult.pooling([first, added]).group("a"))
    #expect(pooled.processes == first.groups[0].processes + added.groups[0].processes)
    #expect(pooled.peakHeapBytesPerRun == 4096)
    // The resident set's worst process is shown.
    #expect(pooled.peakResidentBytes == 22 << 20)
    #expect(pooled.estimatedCyclesPerOperation == 900)
    #expect(pooled.level1MissesPerOperation == 12)
    #expect(pooled.lastLevelMissesPerOperation == 2)
  }
}
