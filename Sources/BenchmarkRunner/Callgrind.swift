import CAllocationCounter
import Foundation

/// Exact instruction counts from valgrind's callgrind, for machines whose CPU
/// counters are not exposed: the measured region is bracketed by client
/// requests, and address randomisation is off, so counts repeat exactly.
public enum Callgrind {
  /// Whether this process runs under valgrind.
  public static var isActive: Bool { ac_running_on_valgrind() != 0 }

  /// Counts one run of the body (after two warm-up runs) into a dump labelled with the title.
  public static func count(_ benchmark: Benchmark) {
    let body = benchmark.setUp()
    body()
    body()
    ac_callgrind_begin()
    body()
    benchmark.title.withCString { ac_callgrind_end($0) }
  }

  /// The command that runs `executable arguments` under callgrind with
  /// counting off until the first client request, writing dumps into `directory`.
  public static func command(executable: String, arguments: [String], directory: String) -> [String] {
    [
      "setarch", "-R", "valgrind", "--tool=callgrind", "--instr-atstart=no", "--dump-line=no",
      "--callgrind-out-file=\(directory)/callgrind.out", executable,
    ] + arguments
  }

  /// The dump in `directory` labelled `label`, if any.
  public static func dump(labelled label: String, in directory: String) -> String? {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return files.filter { $0.hasPrefix("callgrind.out") }.sorted().map { "\(directory)/\($0)" }.first { path in
      guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return false }
      return text.split(separator: "\n").contains { $0 == "desc: Trigger: Client Request: \(label)" }
    }
  }

  /// Instructions per dump label, read from the dumps in `directory`.
  public static func readDumps(in directory: String) -> [String: Double] {
    var counts: [String: Double] = [:]
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    for file in files where file.hasPrefix("callgrind.out") {
      guard let text = try? String(contentsOfFile: "\(directory)/\(file)", encoding: .utf8) else { continue }
      var label: String?
      var total: Double?
      for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
        if line.hasPrefix("desc: Trigger: Client Request: ") {
          label = String(line.dropFirst("desc: Trigger: Client Request: ".count))
        } else if line.hasPrefix("totals: ") || line.hasPrefix("summary: ") {
          total = Double(line.split(separator: " ")[1])
        }
      }
      if let label, let total { counts[label] = total }
    }
    return counts
  }
}
