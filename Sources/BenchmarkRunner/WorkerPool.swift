import Foundation

/// Measures groups in fresh worker processes, one after another (so they do
/// not compete for the cores): each process starts with a cold cache and a
/// new code placement, which is what makes processes, not samples, the unit
/// of the statistics.
public struct WorkerPool {
  /// An executable with a worker mode that measures the groups it is given
  /// and writes `[ProcessMeasurement]` as JSON to the path after `--output`.
  public var executable: String
  /// The worker's arguments for some group titles (the pool adds `--output PATH`).
  public var arguments: ([String]) -> [String]
  public var processes: Int
  /// Told what each worker measured, as it ends (before the next one starts).
  public var measured: (([ProcessMeasurement]) -> Void)?

  public init(executable: String, processes: Int, arguments: @escaping ([String]) -> [String]) {
    self.executable = executable
    self.processes = processes
    self.arguments = arguments
  }

  /// What the workers measured: each group's measurements, one per process,
  /// and the calibration loops they measured first (see ``Calibration``).
  public struct Output {
    public var groups: [String: [ProcessMeasurement]]
    public var calibration: Calibration?
  }

  /// Where a worker is: process `process` of `processes`, group `group` of `groups`.
  public struct Step: Sendable, Hashable {
    public var process: Int
    public var processes: Int
    public var group: Int
    public var groups: Int
    public var title: String
  }

  /// Measures `titles` in every process. A worker that fails (killed,
  /// crashed, or with no result) is named, with the group it was measuring,
  /// and ends the run. Each group a worker starts is a `progress` step; with
  /// no `progress`, its line goes to `report` as it is. Whatever else a
  /// worker writes on its standard error goes to `report`.
  public func measure(_ titles: [String], report: (String) -> Void, progress: ((Step) -> Void)? = nil)
    throws(ToolFailure) -> Output
  {
    var perGroup: [String: [ProcessMeasurement]] = [:]
    var loops: [ProcessMeasurement] = []
    for process in 1...processes {
      if progress == nil { report("process \(process)/\(processes): \(titles.count) group(s)\n") }
      let lines = { (line: String) in
        if let progress, let (group, groups, title) = Self.groupLine(line) {
          progress(Step(process: process, processes: processes, group: group, groups: groups, title: title))
        } else {
          report(line + "\n")
        }
      }
      let measurements = try runWorker(titles: titles, name: "worker process \(process)/\(processes)", lines: lines)
      measured?(measurements)
      for measurement in measurements {
        if [Calibration.cpuTitle, Calibration.memoryTitle].contains(measurement.title) {
          loops.append(measurement)
        } else {
          perGroup[measurement.title, default: []].append(measurement)
        }
      }
    }
    return Output(groups: perGroup, calibration: Calibration(loops))
  }

  /// A worker's `  [i/n] title` line, as ``work(_:settings:output:report:)`` writes it.
  static func groupLine(_ line: String) -> (Int, Int, String)? {
    guard line.hasPrefix("  ["), let close = line.firstIndex(of: "]") else { return nil }
    let numbers = line[line.index(line.startIndex, offsetBy: 3)..<close].split(separator: "/")
    guard numbers.count == 2, let group = Int(numbers[0]), let groups = Int(numbers[1]) else { return nil }
    return (group, groups, String(line[line.index(after: close)...].drop { $0 == " " }))
  }

  /// Runs one worker; its standard error is read here, line by line, until it closes.
  func runWorker(titles: [String], name: String, lines: (String) -> Void) throws(ToolFailure) -> [ProcessMeasurement] {
    let output = ChildProcess.temporaryPath(suffix: ".json")
    defer { ChildProcess.removeTemporary(output) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments(titles) + ["--output", output.path]
    let progress = Pipe()
    process.standardError = progress
    do {
      try process.run()
    } catch {
      throw ToolFailure("cannot start a worker process: \(error.localizedDescription)", status: .toolError)
    }
    ChildProcess.onStart(process)
    // The last group a worker said it was measuring names what a failed one was doing.
    var lastGroup: String?
    var pending: [UInt8] = []
    let reader = progress.fileHandleForReading
    while true {
      let data = reader.availableData
      pending += data
      while let newline = pending.firstIndex(of: 0x0A) {
        let line = String(decoding: pending[..<newline], as: UTF8.self)
        pending.removeSubrange(...newline)
        if let (_, _, title) = Self.groupLine(line) { lastGroup = title }
        lines(line)
      }
      if data.isEmpty { break }
    }
    if !pending.isEmpty { lines(String(decoding: pending, as: UTF8.self)) }
    process.waitUntilExit()
    ChildProcess.onEnd(process)
    let during = lastGroup.map { " while measuring \($0)" } ?? ""
    if process.terminationReason == .uncaughtSignal {
      throw ToolFailure(
        "\(name) was killed by signal \(process.terminationStatus)\(during); no result written", status: .toolError)
    }
    guard process.terminationStatus == 0, let data = FileManager.default.contents(atPath: output.path),
      let measurements = try? JSONDecoder().decode([ProcessMeasurement].self, from: data)
    else {
      throw ToolFailure(
        "\(name) failed (status \(process.terminationStatus))\(during); no result written", status: .toolError)
    }
    return measurements
  }

  /// The worker's side: measures `benchmarks` in this process, reporting
  /// `  [i/n] title` lines (which the pool reads to name a failed group), and
  /// writes the measurements to `path` atomically.
  public static func work(
    _ benchmarks: [Benchmark], settings: MeasurementSettings, quietProbe: Double? = nil, output path: String,
    report: (String) -> Void
  ) throws(ToolFailure) {
    // The calibration loops first, in the same process as the groups (see ``Calibration``).
    var measurements = Calibration.measureHere()
    // The quickest probe so far, the run's or this process's: what later groups wait for.
    var quiet = quietProbe
    for (index, benchmark) in benchmarks.enumerated() {
      report("  [\(index + 1)/\(benchmarks.count)] \(benchmark.title)\n")
      let measurement = Sampler.measure(benchmark, settings: settings, quietProbe: quiet)
      if let fastest = measurement.probes?.min() { quiet = min(quiet ?? fastest, fastest) }
      measurements.append(measurement)
    }
    do {
      try OutputFile.write(try JSONEncoder().encode(measurements), to: path)
    } catch let error as OutputFile.WriteError {
      throw ToolFailure(error.description, status: .toolError)
    } catch {
      throw ToolFailure("\(path): cannot encode the measurements (\(error))", status: .toolError)
    }
  }
}
