import Foundation
import SceneFormat
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Streams `blocks` into the built tool's standard input through a pipe,
/// answers to `outputPath`, and reads the tool's peak resident memory
/// (`VmHWM`) once every line has been answered, while it waits for more input.
/// (`ru_maxrss` from `wait4` would not do: Linux carries the spawning test
/// process's peak into a child across `exec`.)
func streamThroughChild(
  _ arguments: [String], blocks: Int, block: Data, outputPath: String, expectedOutputBytes: Int
) -> (status: Int32, peakBytes: Int) {
  var pipeEnds: [Int32] = [0, 0]
  guard pipe(&pipeEnds) == 0 else { return (-1, 0) }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], 0)
  posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
  posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  let argv = ([CrashSafetyTests.tool] + arguments).map { strdup($0) } + [nil]
  defer { argv.forEach { free($0) } }
  var pid: pid_t = 0
  guard posix_spawn(&pid, CrashSafetyTests.tool, &actions, nil, argv, environ) == 0 else { return (-1, 0) }
  close(pipeEnds[0])
  for _ in 0..<blocks {
    block.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = write(pipeEnds[1], bytes.baseAddress! + offset, bytes.count - offset)
        if written <= 0 { return }
        offset += written
      }
    }
  }
  // Every line answered: the tool is waiting for more input, at its largest.
  for _ in 0..<6000 {
    let size = (try? FileManager.default.attributesOfItem(atPath: outputPath)[.size] as? Int) ?? 0
    if size >= expectedOutputBytes { break }
    usleep(10_000)
  }
  let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
  let peakLine = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
  let peakKilobytes = Int(peakLine.split(separator: " ").dropFirst().first ?? "") ?? 0
  close(pipeEnds[1])
  var exit: Int32 = 0
  waitpid(pid, &exit, 0)
  return ((exit >> 8) & 0xFF, peakKilobytes * 1024)
}

/// Whether this test process (and so the tool built beside it) runs under a
/// sanitizer, whose shadow memory and quarantine make resident memory say
/// nothing of the tool's own.
let underSanitizer: Bool = {
  let process = dlopen(nil, RTLD_NOW)
  return ["__asan_init", "__tsan_init"].contains { (name: String) in dlsym(process, name) != nil }
}()

@Suite("Streams on the command line: --lines, .jsonl files, bounded memory, line numbers in errors")
struct StreamCommandTests {
  let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("streams-\(UUID().uuidString)")

  static let goodLine =
    #"{"container": {"x": 0, "y": 0, "width": 950, "height": 760}, "safeArea": {"right": 84}, "regions": [{"id": 1, "kind": "division", "frame": {"x": 475, "y": 0, "width": 0, "height": 760}}]}"#

  func write(_ name: String, _ text: String) throws -> String {
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let path = scratch.appendingPathComponent(name).path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test("§8.1: --lines on standard input and a .jsonl file answer one compact line per line, blank lines skipped")
  func linesAndFiles() throws {
    let answer = try SceneFile.answerLine(.solve, Self.goodLine)
    let stream = Self.goodLine + "\n\n   \r\n" + Self.goodLine + "\r\n" + Self.goodLine  // no final line break
    let fromInput = runTool(["solve", "--lines"], input: stream)
    #expect(fromInput.status == 0)
    #expect(fromInput.standardOutput == Array(repeating: answer + "\n", count: 3).joined())
    let path = try write("scenes.ndjson", stream)
    let fromFile = runTool(["solve", path])
    #expect(fromFile.status == 0)
    #expect(fromFile.standardOutput == fromInput.standardOutput)
  }

  @Test("§8.1: a bad line stops the stream with status 2 and `line N: $.path: message`, after the lines before it")
  func badLine() {
    let stream = [Self.goodLine, "", #"{"container": {"x": 0, "y": 0, "width": -5, "height": 1}}"#, Self.goodLine]
      .joined(separator: "\n")
    let run = runTool(["solve", "--lines"], input: stream)
    #expect(run.status == 2)
    #expect(run.standardError == "arrangement-bench: line 3: $.container.width: -5 is negative\n")
    #expect(run.standardOutput.split(separator: "\n").count == 1)
  }

  @Test("§8.1: a line longer than 1 MiB is refused with its number; a line just under it is read")
  func longLine() throws {
    // A scene padded with white space inside the object: long, and valid JSON.
    func padded(_ length: Int) -> String {
      let head = #"{"container": {"x": 0, "y": 0, "width": 9, "height": 9}"#
      return head + String(repeating: " ", count: length - head.count - 1) + "}"
    }
    let fits = runTool(["solve", "--lines"], input: Self.goodLine + "\n" + padded(1 << 20) + "\n")
    #expect(fits.status == 0)
    #expect(fits.standardOutput.split(separator: "\n").count == 2)
    let long = runTool(["solve", "--lines"], input: Self.goodLine + "\n" + padded((1 << 20) + 1) + "\n")
    #expect(long.status == 2)
    #expect(long.standardError == "arrangement-bench: line 2: longer than 1 MiB\n")
    #expect(long.standardOutput.split(separator: "\n").count == 1)
  }

  @Test(
    "§8.1: every hostile scene file, as line 3 of a stream, fails with its document's message and line number",
    arguments: HostileCase.all.filter { ["solve", "regions", "displace", "grid"].contains($0.arguments[0]) })
  func hostileLines(_ hostile: HostileCase) throws {
    let bytes = try #require(
      FileManager.default.contents(atPath: HostileCase.folder.appendingPathComponent(hostile.file).path))
    // The file on one line: its line breaks are white space to JSON (inside a string they are errors either way).
    let line = Data(bytes.map { $0 == 0x0A ? 0x20 : $0 })
    guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return }  // a blank line is skipped
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let single = scratch.appendingPathComponent("single.json").path
    try line.write(to: URL(fileURLWithPath: single))
    let document = runTool([hostile.arguments[0], single])
    #expect(document.status == 2)
    let stream = scratch.appendingPathComponent("stream.jsonl").path
    let good: String
    switch hostile.arguments[0] {
    case "solve": good = Self.goodLine
    case "regions": good = #"{"view": {"x": 0, "y": 0, "width": 9, "height": 9}, "kind": "division"}"#
    case "displace":
      good =
        #"{"view": {"x": 0, "y": 0, "width": 9, "height": 9}, "elements": [{"x": 0, "y": 0, "width": 1, "height": 1}], "purpose": "control"}"#
    default: good = #"{"frame": {"x": 0, "y": 0, "width": 900, "height": 9}, "minimumCellWidth": 100}"#
    }
    var contents = Data((good + "\n" + good + "\n").utf8)
    contents.append(line)
    contents.append(Data(("\n" + good).utf8))
    try contents.write(to: URL(fileURLWithPath: stream))
    let run = runTool([hostile.arguments[0], stream])
    #expect(run.status == 2)
    let message = document.standardError.replacingOccurrences(of: "arrangement-bench: ", with: "")
    #expect(
      run.standardError == "arrangement-bench: line 3: " + message.replacingOccurrences(of: single + ": ", with: ""))
    #expect(run.standardOutput.split(separator: "\n").count == 2)
  }

  @Test(
    "§8.1: a stream of more than 64 MiB runs in bounded memory (the child's peak resident memory)",
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: CrashSafetyTests.tool), "the tool is built beside the tests"),
    .disabled(if: underSanitizer, "under a sanitizer, resident memory says nothing of the tool's own"))
  func boundedMemory() throws {
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let block = Data(String(repeating: Self.goodLine + "\n", count: 4096).utf8)
    let blocks = (68 << 20) / block.count + 1
    let lines = blocks * 4096
    let answerLength = try SceneFile.answerLine(.solve, Self.goodLine).utf8.count + 1
    let output = scratch.appendingPathComponent("answers.jsonl").path
    let (status, peak) = streamThroughChild(
      ["solve", "--lines", "-"], blocks: blocks, block: block, outputPath: output,
      expectedOutputBytes: lines * answerLength)
    #expect(status == 0)
    #expect(try FileManager.default.attributesOfItem(atPath: output)[.size] as? Int == lines * answerLength)
    // Generous: the runtime, two 1 MiB input chunks and the answers of one chunk; the stream is over 68 MiB.
    #expect(peak > 0 && peak < 48 << 20, "peak resident memory \(peak >> 20) MiB")
  }

  @Test(
    "A write that fails (a full disk) is an error with the system's reason, status 1",
    .enabled(
      if: FileManager.default.fileExists(atPath: "/dev/full")
        && FileManager.default.isExecutableFile(atPath: CrashSafetyTests.tool)))
  func fullDisk() throws {
    let input = try write("one.jsonl", Self.goodLine + "\n")
    for arguments in [
      ["solve", input], ["solve", "--lines", input], ["scenes", "--random", "10"], ["list"], ["--help"],
    ] {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: CrashSafetyTests.tool)
      process.arguments = arguments
      process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
      let errors = Pipe()
      process.standardError = errors
      try process.run()
      process.waitUntilExit()
      #expect(process.terminationStatus == 1)
      let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      #expect(message == "arrangement-bench: cannot write standard output: No space left on device\n")
    }
  }
}
