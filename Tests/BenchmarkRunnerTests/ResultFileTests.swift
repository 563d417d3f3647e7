import BenchmarkRunner
import Foundation
import Testing

@Suite("Result and baseline files")
struct ResultFileTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("result-file-tests-\(UUID().uuidString)")

  func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  func write(_ text: String, _ name: String) -> String {
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: path(name), contents: Data(text.utf8))
    return path(name)
  }

  @Test("A result survives writing and reading, with its schema version and provenance")
  func roundTrip() throws {
    let original = result([("a", samples(100), 1)])
    try original.write(to: path("round.json"))
    let read = try RunResult.load(from: path("round.json"))
    #expect(read.schemaVersion == RunResult.currentSchemaVersion)
    #expect(read.groups == original.groups)
    #expect(read.machine == original.machine)
    #expect(read.metrics.map(\.name).contains("allocationsPerOperation"))
  }

  @Test("Peak heap bytes, the resident set and estimated cycles survive writing and reading, as the history keeps them")
  func roundTripMemoryAndCycles() throws {
    var original = result([("scene-file/stream", samples(100), 1), ("split/book", samples(50), 0)])
    original.groups[0].peakHeapBytesPerRun = 1_040
    original.groups[0].peakResidentBytes = 28_311_552
    original.groups[0].setCounts(Callgrind.Counts(instructions: 59_680, level1Misses: 410, lastLevelMisses: 12))
    original.cycleModel = CycleModel.description
    try original.write(to: path("memory.json"))
    let read = try RunResult.load(from: path("memory.json"))
    #expect(read.groups == original.groups)
    #expect(read.cycleModel == CycleModel.description)
    #expect(read.groups[0].peakHeapBytesPerRun == 1_040)
    // (59,680 + 10 × 410 + 100 × 12) / 10 operations.
    #expect(read.groups[0].estimatedCyclesPerOperation == 6_498)
    #expect(read.groups[1].peakHeapBytesPerRun == nil && read.groups[1].estimatedCyclesPerOperation == nil)
    let entry = try HistoryEntry.decode([UInt8](HistoryEntry(read, parent: "").encoded()), path: "entry.json")
    #expect(entry.groups[0].peakHeapBytesPerRun == 1_040)
    #expect(entry.groups[0].peakResidentBytes == 28_311_552)
    #expect(entry.groups[0].estimatedCyclesPerOperation == read.groups[0].estimatedCyclesPerOperation)
    // The run's table shows them, in bytes and cycles.
    let table = Report.run(read)
    #expect(table.contains("heap peak/run") && table.contains("1.02 KiB") && table.contains("27.0 MiB"))
    #expect(table.contains("cycles/op") && table.contains("6,498"))
  }

  @Test("Files written before memory and cycles were measured are read, with those fields absent")
  func filesOfEarlierVersions() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    // The fuzzing corpus's valid files and the committed history entries are kept as written then.
    var old: [RunResult] = []
    for name in ["valid-compact.json", "valid-series.json", "valid-spaced.json"] {
      let path = root.appendingPathComponent("Tests/FuzzCorpus/result-file/\(name)").path
      #expect(try !String(contentsOfFile: path, encoding: .utf8).contains("peakHeapBytesPerRun"))
      old.append(try RunResult.load(from: path))
    }
    for result in old {
      #expect(result.cycleModel == nil)
      #expect(result.groups.allSatisfy { $0.peakHeapBytesPerRun == nil && $0.peakResidentBytes == nil })
      #expect(result.groups.allSatisfy { $0.estimatedCyclesPerOperation == nil })
    }
    let entries = try HistoryEntry.load(folder: root.appendingPathComponent("results/history").path)
    #expect(!entries.isEmpty)
    #expect(entries.allSatisfy { $0.groups.allSatisfy { $0.peakHeapBytesPerRun == nil } })
    // Such a file against a run that measured them: no memory or cycle verdict, a dash before the arrow.
    let baseline = old[0]
    var run = result([(baseline.groups[0].title, samples(100), baseline.groups[0].allocationsPerRun)])
    run.groups[0].peakHeapBytesPerRun = 64
    let comparison = Comparison(baseline: Check.restricted(baseline, to: run), current: run)
    #expect(comparison.groups[0].memory == .same && comparison.groups[0].cycles == .same)
    #expect(Report.comparison(comparison).contains("– → 64 B"))
  }

  @Test("Writing replaces the file atomically and leaves no temporary file behind")
  func atomic() throws {
    try result([("a", samples(100), 0)]).write(to: path("atomic.json"))
    try result([("b", samples(100), 0)]).write(to: path("atomic.json"))
    #expect(try RunResult.load(from: path("atomic.json")).groups.map(\.title) == ["b"])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("atomic") } == [
        "atomic.json"
      ])
  }

  @Test(
    "A missing file, a corrupt one, a truncated one, a wrong schema, an oversized one and a quadratic one give clear errors"
  )
  func badFiles() throws {
    let good = String(decoding: try result([("a", samples(100), 0)]).encoded(), as: UTF8.self)
    // Cut at a line's end, between values (cut inside a string, the reader names the string instead).
    let half = good.prefix(good.count / 2)
    let cases: [(String, String)] = [
      (path("nope.json"), "no such result file"),
      (write("not json at all", "corrupt.json"), "not a valid result file: $: malformed JSON at line 1, column 2"),
      (
        write(String(half[..<(half.lastIndex(of: "\n") ?? half.endIndex)]), "truncated.json"),
        ": unexpected end of input"
      ),
      (write(#"{"schemaVersion": 99}"#, "future.json"), "schema version 99; this tool reads version 1"),
      (
        write(#"{"schemaVersion": 1, "suite": "default"}"#, "partial.json"),
        "not a valid result file: $.machine (line 1, column 1): required field is missing"
      ),
      (
        write(
          good.replacingOccurrences(of: "\"samplesByProcess\" : [", with: "\"samplesByProcess\" : [[-1],"),
          "negative.json"),
        "$.groups[0].samplesByProcess[0][0] (line 22, column 30): -1 is negative"
      ),
    ]
    // Size: refused before parsing. Many keys in one object: refused in linear time, not quadratic.
    let oversized = [UInt8](repeating: UInt8(ascii: " "), count: (16 << 20) + 1)
    #expect(throws: ResultFileError.self) { try RunResult.decode(oversized, path: "big.json") }
    let manyKeys = "{" + (0..<200_000).map { "\"k\($0)\":0" }.joined(separator: ",") + ",\"k7\":1}"
    do {
      _ = try RunResult.decode(Array(manyKeys.utf8), path: "keys.json")
      Issue.record("a repeated key was accepted")
    } catch {
      #expect(
        error.description.hasPrefix("keys.json: not a valid result file: $.k7: malformed JSON at line 1, column "))
      #expect(error.description.hasSuffix(": duplicate key"))
    }
    do {
      _ = try RunResult.decode(oversized, path: "big.json")
    } catch {
      #expect(
        error.description
          == "big.json: not a valid result file: $ (line 1, column 1): 16777217 bytes; a result file has at most 16777216 bytes"
      )
    }
    for (file, message) in cases {
      #expect(throws: ResultFileError.self) { try RunResult.load(from: file) }
      do {
        _ = try RunResult.load(from: file)
      } catch {
        #expect(error.description.contains(message), "\(error.description)")
      }
    }
  }
}

@Suite("Result files: keys and values by the text they spell, exact integers, short quotes")
struct ResultFileStringTests {
  let good = String(decoding: try! result([("a", samples(100), 0)]).encoded(), as: UTF8.self)

  /// The message a result file is refused with, or `nil` when it is read.
  func refusal(_ text: String) -> String? {
    do {
      _ = try RunResult.decode(Array(text.utf8), path: "input.json")
      return nil
    } catch {
      return error.description
    }
  }

  @Test(#"RFC 8259 §7: a key written with escapes ("\u0074itle") is the field it spells"#)
  func escapedKey() throws {
    let escaped = good.replacingOccurrences(of: #""title" :"#, with: #""\u0074itle" :"#)
      .replacingOccurrences(of: #""suite" : "default""#, with: #""s\u0075ite" : "d\u00e9fault""#)
    #expect(escaped != good)
    let read = try RunResult.decode(Array(escaped.utf8), path: "input.json")
    #expect(read.groups.map(\.title) == ["a"])
    #expect(read.suite == "défault")
  }

  @Test(
    "An unknown field written with escapes is named by its decoded text; a key and its escaped spelling are a duplicate"
  )
  func escapedNames() throws {
    let unknown = good.replacingOccurrences(of: #""throughput" :"#, with: #""thr\u006fughput\u00e9" :"#)
    #expect(refusal(unknown)?.contains("$.groups[0].throughputé (line ") == true, "\(refusal(unknown) ?? "")")
    #expect(refusal(unknown)?.contains("): unknown field (expected one of: title, ") == true)
    let duplicate = good.replacingOccurrences(of: #""commit" :"#, with: #""c\u006fmmit" : "x", "commit" :"#)
    #expect(
      refusal(duplicate)?.hasPrefix("input.json: not a valid result file: $.commit: malformed JSON at line ") == true)
    #expect(refusal(duplicate)?.hasSuffix(": duplicate key") == true)
  }

  @Test("Integers are decided by their digits: 2^53 + 1 is not read as 2^53, nor 1e-400 as 0")
  func exactIntegers() throws {
    let warmUp = #""warmUpNanoseconds" : 5000000"#
    #expect(good.contains(warmUp))
    let above = good.replacingOccurrences(of: warmUp, with: #""warmUpNanoseconds" : 9007199254740993"#)
    #expect(refusal(above)?.hasSuffix("): 9007199254740993 is outside 0...9007199254740992") == true)
    let tiny = good.replacingOccurrences(of: warmUp, with: #""warmUpNanoseconds" : 1e-400"#)
    #expect(refusal(tiny)?.hasSuffix("): 1e-400 is not a whole number") == true)
    let written = good.replacingOccurrences(of: warmUp, with: #""warmUpNanoseconds" : 0.5e7"#)
    #expect(try RunResult.decode(Array(written.utf8), path: "input.json").settings.warmUpNanoseconds == 5_000_000)
  }

  @Test("A 100,000-digit sample is quoted by its first 40 characters and …")
  func longLiteral() {
    let long = "1" + String(repeating: "0", count: 100_000)
    let text = good.replacingOccurrences(
      of: #""samplesByProcess" : ["#, with: #""samplesByProcess" : [["# + long + "],")
    let message = refusal(text) ?? ""
    #expect(message.hasSuffix("): 1" + String(repeating: "0", count: 39) + "… is not a finite number"), "\(message)")
    #expect(message.count < 200)
  }
}

@Suite("Measurement, filters and shards")
struct MeasurementTests {
  @Test("A benchmark is measured per operation with the requested number of samples")
  func measures() {
    let benchmark = Benchmark("spin", operations: 100) {
      return {
        var x = 0
        for i in 0..<100 { x &+= i }
        blackHole(x)
      }
    }
    let measured = Sampler.measure(
      benchmark, settings: MeasurementSettings(samples: 5, minimumSampleNanoseconds: 10_000, warmUpNanoseconds: 1000))
    #expect(measured.samples.count == 5)
    #expect(measured.samples.allSatisfy { $0 > 0 && $0.isFinite })
    #expect(measured.operations == 100)
  }

  final class Box {
    var value = 0
  }

  @Test(
    "An allocation inside the body is counted exactly, once per run",
    .enabled(if: Sampler.countsAllocations, "the allocation counter is compiled out under sanitizers"))
  func countsAllocations() {
    let benchmark = Benchmark("allocates", operations: 1) {
      return {
        let box = Box()
        box.value = 1
        blackHole(Unmanaged.passUnretained(box).toOpaque())
      }
    }
    let settings = MeasurementSettings(samples: 2, minimumSampleNanoseconds: 1000, warmUpNanoseconds: 1000)
    let measured = Sampler.measure(benchmark, settings: settings)
    #expect(measured.allocationsPerRun >= 1)
    let nothing = Sampler.measure(Benchmark("nothing", operations: 1) { { blackHole(1) } }, settings: settings)
    #expect(nothing.allocationsPerRun == 0)
  }

  @Test("Filters select by substring and exclude with a leading !")
  func filters() {
    let filter = TitleFilter("split/,!tabletop")
    #expect(filter.matches("split/book"))
    #expect(!filter.matches("split/tabletop"))
    #expect(!filter.matches("overlay/book"))
    #expect(TitleFilter(nil).matches("anything"))
  }

  @Test("Shards partition a suite deterministically")
  func shards() {
    let shards = (1...3).map { Shard("\($0)/3")! }
    for position in 0..<20 { #expect(shards.filter { $0.contains(position: position) }.count == 1) }
    #expect(Shard("0/3") == nil && Shard("4/3") == nil && Shard("x") == nil && Shard("1/0") == nil)
  }
}

@Suite("Result files of millions of samples")
struct LargeResultFileTests {
  /// A result of one group whose processes hold `count` samples in all, as the file's bytes.
  func file(samples count: Int, processes: Int = 4) throws -> (RunResult, [UInt8]) {
    var state: UInt64 = 3
    let measurements = (0..<processes).map { process in
      ProcessMeasurement(
        title: "large", operations: 1,
        samples: (0..<(count / processes)).map { _ in
          state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
          return Double(100 + (state >> 33) % 900)  // whole nanoseconds: many ties, as timer ticks give
        }, allocationsPerRun: 0, bytesPerRun: 0, instructionsPerOperation: nil)
    }
    let run = RunResult(
      suite: "default", settings: .quick, groups: [GroupResult(merging: measurements)], commit: "test")
    return (run, [UInt8](try run.encoded()))
  }

  @Test(
    "Reading a file's samples takes a few allocations per process, not one per sample",
    .enabled(if: Sampler.countsAllocations, "the allocation counter is compiled out under sanitizers"))
  func fewAllocations() throws {
    let (run, bytes) = try file(samples: 100_000)
    #expect(try RunResult.decode(bytes, path: "large.json").groups == run.groups)
    let settings = MeasurementSettings(samples: 1, minimumSampleNanoseconds: 0, warmUpNanoseconds: 0)
    let measured = Sampler.measure(
      Benchmark("read", operations: 1) { { blackHole(try? RunResult.decode(bytes, path: "large.json")) } },
      settings: settings)
    #expect(measured.allocationsPerRun < 10_000, "\(measured.allocationsPerRun) allocations")
    // The samples themselves take 800 kB; the file's bytes are the caller's.
    #expect(measured.bytesPerRun < 2 * 800_000, "\(measured.bytesPerRun) bytes")
    // Nor does it hold more at once: the doubles, the parsed result, no copy of the file.
    #expect(
      (measured.peakHeapBytesPerRun ?? 0) < 2 * 800_000, "\(measured.peakHeapBytesPerRun ?? -1) bytes at the peak")
  }

  @Test("Quantiles found by their bits equal those of the samples sorted, zeros and negatives included")
  func quantiles() {
    var state: UInt64 = 9
    func next() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(Int64(bitPattern: state) >> 40) / 7
    }
    for count in [1, 2, 3, 7, 100, 1_001, 20_000] {
      let processes = (0..<3).map { process in
        (0..<(count / 3 + (process == 0 ? count % 3 : 0))).map { _ in next() }
      }.filter { !$0.isEmpty }
      let pooled = Quantiles(processes.flatMap { $0 })
      #expect(Quantiles(samplesByProcess: processes) == pooled, "\(count) samples")
      let ties = processes.map { $0.map { ($0 / 1_000).rounded() } }
      #expect(Quantiles(samplesByProcess: ties) == Quantiles(ties.flatMap { $0 }))
    }
  }
}
