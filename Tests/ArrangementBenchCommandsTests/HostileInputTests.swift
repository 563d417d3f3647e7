import ArrangementBenchCommands
import BenchmarkCommands
import BenchmarkRunner
import Foundation
import SceneFormat
import StrictJSON
import Testing

/// One file of the hostile corpus with the exact error it must produce.
struct HostileCase: Sendable, CustomTestStringConvertible {
  var file: String
  var arguments: [String]
  var status: Int32
  var message: String

  var testDescription: String { file }

  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Hostile")
  static let baseline = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("results/baselines/default.json").path

  static let all: [HostileCase] = {
    let manifest = FileManager.default.contents(atPath: folder.appendingPathComponent("manifest.json").path)!
    guard case .array(let items) = try! JSONParser.parse([UInt8](manifest)) else { fatalError("manifest") }
    return items.map { item in
      guard case .string(let file)? = item["file"], case .array(let arguments)? = item["arguments"],
        case .number(let status, _)? = item["status"], case .string(let message)? = item["message"]
      else { fatalError("manifest entry") }
      return HostileCase(
        file: file, arguments: arguments.map { if case .string(let text) = $0 { text } else { "" } },
        status: Int32(status), message: message)
    }
  }()
}

@Suite("Hostile input: exact errors, no crash, no partial answer")
struct HostileInputTests {
  @Test("Every file of the hostile corpus gives its exact error and status", arguments: HostileCase.all)
  func corpus(_ hostile: HostileCase) {
    let path = HostileCase.folder.appendingPathComponent(hostile.file).path
    let arguments = hostile.arguments.map {
      $0.replacingOccurrences(of: "$FILE", with: path).replacingOccurrences(of: "$BASELINE", with: HostileCase.baseline)
    }
    let run = runTool(arguments)
    #expect(run.status == hostile.status)
    #expect(run.standardOutput.isEmpty)
    #expect(run.standardError == hostile.message.replacingOccurrences(of: "$FILE", with: path) + "\n")
  }

  @Test("The corpus covers scene, query and result files")
  func coverage() {
    #expect(HostileCase.all.filter { $0.file.hasPrefix("scene-") }.count >= 15)
    // Result files come from pull requests: at least ten kinds of bad one (syntax, shape and meaning).
    #expect(HostileCase.all.filter { $0.file.hasPrefix("baseline-") || $0.file.hasPrefix("result-") }.count >= 14)
  }

  let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")

  @Test("A 100 MB scene file is refused before it is read (status 2)")
  func enormousFile() throws {
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let path = scratch.appendingPathComponent("enormous.json").path
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: 100 << 20)  // sparse: 100 MB without writing them
    try handle.close()
    let run = runTool(["solve", path])
    #expect(run.status == 2)
    #expect(run.standardOutput.isEmpty)
    #expect(run.standardError == "arrangement-bench: \(path): larger than 64 MiB\n")
  }

  @Test("Standard input is read only up to the limit: an endless document stops just past 64 MiB")
  func enormousStandardInput() {
    var requested = 0
    var message = ""
    let terminal = Terminal(
      write: { _ in }, report: { message += $0 },
      readStandardInput: { limit in
        requested += limit
        return [UInt8](repeating: 0x20, count: limit)
      })
    #expect(Tool.main(["solve", "-"], terminal: terminal) == 2)
    #expect(requested > 64 << 20 && requested <= 65 << 20)
    #expect(message == "arrangement-bench: standard input: larger than 64 MiB\n")
  }

  @Test("A truncated baseline, cut anywhere, is refused with status 1, never read as a partial one")
  func truncatedBaselines() throws {
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let full = try #require(FileManager.default.contents(atPath: HostileCase.baseline))
    for fraction in [0.0, 0.01, 0.25, 0.5, 0.9, 0.999] {
      let path = scratch.appendingPathComponent("cut-\(fraction).json").path
      #expect(FileManager.default.createFile(atPath: path, contents: full.prefix(Int(Double(full.count) * fraction))))
      let run = runTool(["baseline", "show", "--baseline", path])
      #expect(run.status == 1, "cut at \(fraction)")
      #expect(run.standardOutput.isEmpty)
      #expect(run.standardError.contains("not a valid result file"))
    }
  }

  @Test("A folder given as a scene file is a tool error (1: a file that cannot be read), not a crash")
  func folderAsFile() {
    let run = runTool(["solve", HostileCase.folder.path])
    #expect(run.status == 1)
    #expect(run.standardError.contains("is a folder"))
  }
}
