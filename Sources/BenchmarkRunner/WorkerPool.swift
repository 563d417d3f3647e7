import Foundation

/// Measures groups in fresh worker processes, one after another (so they do
/// not compete for the cores): each process starts with a cold cache and a
/// new code placement, which is what makes processes, not samples, the unit
/// of the statistics.
public struct WorkerPool {
  /// An executable with a worker mode that measures the groups it is given
  /// and writes `[GroupMeasurement]` as JSON to the path after `--output`.
  public var executable: String
  /// The worker's arguments for some group titles (the pool adds `--output PATH`).
  public var arguments: ([String]) -> [String]
  public var processes: Int

  public init(executable: String, processes: Int, arguments: @escaping ([String]) -> [String]) {
    self.executable = executable
    self.processes = processes
    self.arguments = arguments
  }

  /// What the workers measured: each group's measurements, one per process,
  /// and the reference loops they measured first (see ``Calibration``).
  public struct Measured {
    public var groups: [String: [GroupMeasurement]]
    public var calibration: Calibration?
  }

  /// Measures `titles` in every process. A worker that fails (killed,
  /// crashed, or with no result) is named, with the group it was measuring,
  /// and ends the run.
  public func measure(_ titles: [String], report: (String) -> Void) throws(ToolFailure) -> Measured {
    var perGroup: [String: [GroupMeasurement]] = [:]
    var references: [GroupMeasurement] = []
    for process in 1...processes {
      report("process \(process)/\(processes): \(titles.count) group(s)\n")
      for measurement in try runWorker(titles: titles, name: "worker process \(process)/\(processes)") {
        if [Calibration.cpuTitle, Calibration.memoryTitle].contains(measurement.title) {
          references.append(measurement)
        } else {
          perGroup[measurement.title, default: []].append(measurement)
        }
      }
    }
    return Measured(groups: perGroup, calibration: Calibration(references))
  }

  func runWorker(titles: [String], name: String) throws(ToolFailure) -> [GroupMeasurement] {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent(
      "arrangement-bench-\(UUID().uuidString).json")
    ChildProcess.onTemporary(output.path)
    defer {
      try? FileManager.default.removeItem(at: output)
      ChildProcess.onRemoved(output.path)
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments(titles) + ["--output", output.path]
    // The worker's progress lines pass through, and the last one says what it was measuring.
    let progress = Pipe()
    let lastGroup = LastGroup()
    process.standardError = progress
    progress.fileHandleForReading.readabilityHandler = { handle in
      let data = handle.availableData
      FileHandle.standardError.write(data)
      lastGroup.note(String(decoding: data, as: UTF8.self))
    }
    do {
      try process.run()
    } catch {
      throw ToolFailure("cannot start a worker process: \(error.localizedDescription)", status: .toolError)
    }
    ChildProcess.onStart(process)
    process.waitUntilExit()
    ChildProcess.onEnd(process)
    progress.fileHandleForReading.readabilityHandler = nil
    lastGroup.note(String(decoding: progress.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    let during = lastGroup.title.map { " while measuring \($0)" } ?? ""
    if process.terminationReason == .uncaughtSignal {
      throw ToolFailure(
        "\(name) was killed by signal \(process.terminationStatus)\(during); no result written", status: .toolError)
    }
    guard process.terminationStatus == 0, let data = FileManager.default.contents(atPath: output.path),
      let measurements = try? JSONDecoder().decode([GroupMeasurement].self, from: data)
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
    _ benchmarks: [Benchmark], settings: MeasurementSettings, output path: String, report: (String) -> Void
  ) throws(ToolFailure) {
    // The reference loops first, in the same process as the groups (see ``Calibration``).
    var measurements = Calibration.measureHere()
    for (index, benchmark) in benchmarks.enumerated() {
      report("  [\(index + 1)/\(benchmarks.count)] \(benchmark.title)\n")
      measurements.append(Measurer.measure(benchmark, settings: settings))
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

/// The group a worker last said it was measuring (`  [i/n] title` on its standard error).
final class LastGroup: @unchecked Sendable {
  private let lock = NSLock()
  private var pending = ""
  private var last: String?

  func note(_ text: String) {
    lock.lock()
    defer { lock.unlock() }
    pending += text
    while let newline = pending.firstIndex(of: "\n") {
      let line = pending[..<newline]
      if let close = line.firstIndex(of: "]"), line.contains("[") {
        last = String(line[line.index(after: close)...].drop { $0 == " " })
      }
      pending = String(pending[pending.index(after: newline)...])
    }
  }

  var title: String? {
    lock.lock()
    defer { lock.unlock() }
    return last
  }
}
