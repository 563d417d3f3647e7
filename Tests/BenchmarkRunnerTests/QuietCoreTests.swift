import Foundation
import Testing

@testable import BenchmarkRunner

@Suite("Quiet cores: samples taken beside a slow probe are left out")
struct QuietCoreTests {
  /// A process's measurement with a probe time beside each sample.
  private func measured(_ samples: [Double], probes: [Double]?) -> ProcessMeasurement {
    ProcessMeasurement(
      title: "g", operations: 10, samples: samples, allocationsPerRun: 0, bytesPerRun: 0,
      instructionsPerOperation: nil, probes: probes)
  }

  @Test("Samples whose probe ran more than the tolerance slower than the run's quickest are left out, and counted")
  func leavesOutContended() {
    let group = GroupResult(
      merging: [
        measured([10, 11, 15], probes: [100, 105, 106]),
        // A process on a contended core throughout: no sample of it counts.
        measured([16, 17], probes: [150, 190]),
        measured([12], probes: [99]),
      ], quietProbe: 99)
    // 105 ≤ 99 × 1.05 = 103.95 is false: only 100 and 99 pass.
    #expect(group.samplesByProcess == [[10], [12]])
    #expect(group.processes == 2)
    #expect(group.contendedSamples == 4)
    #expect(group.nanosecondsPerOperation.median == 11)
  }

  @Test("A sample exactly at the tolerance counts; one just beyond does not")
  func boundary() {
    let limit = 100 * (1 + QuietCore.tolerance)
    let group = GroupResult(
      merging: [measured([1, 2], probes: [limit, limit.nextUp])], quietProbe: 100)
    #expect(group.samplesByProcess == [[1]])
    #expect(group.contendedSamples == 1)
  }

  @Test("Where no sample was quiet, all are kept rather than none, and none is counted as left out")
  func noneQuiet() {
    let group = GroupResult(
      merging: [measured([10, 11], probes: [200, 210]), measured([12], probes: [190])], quietProbe: 100)
    #expect(group.samplesByProcess == [[10, 11], [12]])
    #expect(group.contendedSamples == 0)
  }

  @Test("Without probes (files of earlier versions, pooled results) nothing is left out and nothing is counted")
  func withoutProbes() {
    let probeless = GroupResult(merging: [measured([10, 30], probes: nil)], quietProbe: 100)
    #expect(probeless.samplesByProcess == [[10, 30]] && probeless.contendedSamples == nil)
    let unleveled = GroupResult(merging: [measured([10, 30], probes: [100, 500])])
    #expect(unleveled.samplesByProcess == [[10, 30]] && unleveled.contendedSamples == nil)
    // A measurement whose probes do not pair with its samples is kept whole.
    let unpaired = GroupResult(merging: [measured([10, 30], probes: [100])], quietProbe: 100)
    #expect(unpaired.samplesByProcess == [[10, 30]] && unpaired.contendedSamples == 0)
  }

  @Test(
    "A measurement probes beside every sample where the system lets it move between cores, and the clock says so",
    .enabled(if: QuietCore.available, "probing needs Linux's CPU affinity"))
  func measuredWithProbes() throws {
    let benchmark = Benchmark("quiet/loop", operations: 64) {
      var state: UInt64 = 1
      return {
        for _ in 0..<64 { state = state &* 6_364_136_223_846_793_005 &+ 1 }
        blackHole(state)
      }
    }
    let settings = MeasurementSettings(samples: 5, minimumSampleNanoseconds: 100_000, warmUpNanoseconds: 100_000)
    let measurement = Sampler.measure(benchmark, settings: settings)
    let probes = try #require(measurement.probes)
    #expect(probes.count == measurement.samples.count)
    #expect(probes.allSatisfy { $0 > 0 && $0.isFinite })
    #expect(SampleClock.name == SampleClock.threadCPUTimeQuietCores)
    // The thread may run anywhere again afterwards: a settle moves it, a release lets it go.
    var core = QuietCore()
    #expect(core.settle() > 0 && core.best.isFinite)
    core.release()
  }

  @Test("The run's table says how many samples were left out")
  func reported() {
    let group = GroupResult(merging: [measured([10, 11, 15], probes: [100, 101, 300])], quietProbe: 100)
    #expect(Report.quietCores([group])?.hasPrefix("quiet cores: 1 of 3 samples left out") == true)
    let run = RunResult(suite: "default", settings: .quick, groups: [group], commit: "test")
    #expect(Report.run(run).contains("quiet cores: 1 of 3 samples left out"))
    let probeless = GroupResult(merging: [measured([10], probes: nil)])
    #expect(Report.quietCores([probeless]) == nil)
  }
}

@Suite("Quiet cores in the host test: a run that never found a core as quiet as the baseline's measured another state")
struct QuietProbeHostTests {
  private func probed(_ quiet: Double?) -> RunResult {
    var result = RunResult(
      suite: "default", settings: .quick,
      groups: [
        GroupResult(
          merging: (0..<4).map { process in
            ProcessMeasurement(
              title: "a", operations: 10, samples: [100, 101, 99].map { $0 + Double(process) }, allocationsPerRun: 0,
              bytesPerRun: 0, instructionsPerOperation: nil)
          })
      ], commit: "test")
    result.calibration = Calibration(
      cpuNanoseconds: [1.8, 1.81, 1.79, 1.8], memoryNanoseconds: [230, 231, 229, 232], quietProbeNanoseconds: quiet)
    return result
  }

  @Test("41.2: the quietest probe moving either way is shown in the host-state line and widens nothing")
  func quietLevels() {
    for ratio in [1.04, 1 / 1.04, 1.5, 0.71] {
      let comparability = Comparability(baseline: probed(37_000), current: probed(37_000 * ratio))
      #expect(comparability.timeJudged && comparability.kind.holds && comparability.method.holds)
      #expect(comparability.state.reason.contains("the quietest core ran the probe ×\(Report.number(ratio)) as long"))
      // The loops' own reach widens the thresholds, the probe adds nothing to it.
      let unprobed = Comparability(baseline: probed(nil), current: probed(nil))
      #expect(comparability.allowance(for: "a") == unprobed.allowance(for: "a"))
      #expect(comparability.allowance(for: "a") < 0.01)
    }
    // Files without the figure (earlier versions) say nothing of it.
    #expect(!Comparability(baseline: probed(nil), current: probed(55_000)).state.reason.contains("probe"))
  }

  @Test("Pooling keeps the quicker probe of the two")
  func pooled() {
    let a = Calibration(cpuNanoseconds: [1], memoryNanoseconds: [1], quietProbeNanoseconds: 40)
    let b = Calibration(cpuNanoseconds: [1], memoryNanoseconds: [1], quietProbeNanoseconds: 37)
    let none = Calibration(cpuNanoseconds: [1], memoryNanoseconds: [1])
    #expect(a.pooled(with: b).quietProbeNanoseconds == 37)
    #expect(none.pooled(with: a).quietProbeNanoseconds == 40)
    #expect(none.pooled(with: none).quietProbeNanoseconds == nil)
  }

  @Test("The result file keeps the quiet level and the samples left out, and its reader refuses a probe of 0 ns")
  func roundTrip() throws {
    var original = probed(37_123)
    original.groups[0].contendedSamples = 3
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quiet-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("run.json").path
    try original.write(to: path)
    let read = try RunResult.load(from: path)
    #expect(read.calibration?.quietProbeNanoseconds == 37_123)
    #expect(read.groups[0].contendedSamples == 3)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try text.replacingOccurrences(of: "37123", with: "0").write(toFile: path, atomically: true, encoding: .utf8)
    #expect(throws: (any Error).self) { try RunResult.load(from: path) }
  }
}

@Suite("Quiet cores across rounds")
struct QuietPoolingTests {
  @Test("Pooling a run with the processes a round added counts the samples both left out")
  func pooledCounts() {
    func run(_ left: Int?) -> RunResult {
      var group = GroupResult(
        merging: [
          ProcessMeasurement(
            title: "a", operations: 10, samples: [1, 2], allocationsPerRun: 0, bytesPerRun: 0,
            instructionsPerOperation: nil)
        ])
      group.contendedSamples = left
      return RunResult(suite: "default", settings: .quick, groups: [group], commit: "test")
    }
    #expect(RunResult.pooling([run(3), run(2)]).groups[0].contendedSamples == 5)
    #expect(RunResult.pooling([run(nil), run(2)]).groups[0].contendedSamples == 2)
    #expect(RunResult.pooling([run(nil), run(nil)]).groups[0].contendedSamples == nil)
    #expect(RunResult.pooling([run(3), run(2)]).groups[0].samplesByProcess == [[1, 2], [1, 2]])
  }
}

@Suite("Samples at other stack depths")
struct StackOffsetTests {
  @Test("A sample's loop runs the given bytes deeper (mod 4096, 16-byte steps), and times every call of the body")
  func deeper() {
    var calls = 0
    var address: UInt = 0
    func depth(_ offset: UInt32) -> UInt {
      var sampling = Sampling(
        body: {
          calls += 1
          var local = 0
          withUnsafeMutablePointer(to: &local) { address = UInt(bitPattern: $0) }
        }, iterations: 3)
      _ = sampling.time(stackOffset: offset)
      return address
    }
    let top = depth(0)
    #expect(calls == 3)
    #expect(top - depth(1_552) == 1_552)
    #expect(top - depth(4_080) == 4_080)
    // 4096 is a whole page: no deeper than 0; 17 rounds down to 16.
    #expect(depth(4_096) == top)
    #expect(top - depth(17) == 16)
  }
}
