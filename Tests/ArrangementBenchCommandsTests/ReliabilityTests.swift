import ArrangementBenchCommands
import BenchmarkRunner
import Foundation
import SceneFormat
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Faults found by trying the tool as an attacker would; each test failed before its fix.
@Suite("Reliability: outputs, escaping, history, usage")
struct ReliabilityTests {
  static let baseline = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("results/baselines/default.json").path

  /// A fresh folder, removed at the end of the test.
  final class Folder {
    let path: String
    init() {
      path = FileManager.default.temporaryDirectory.appendingPathComponent("reliability-\(UUID().uuidString)").path
      try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
    func callAsFunction(_ name: String) -> String { "\(path)/\(name)" }
  }

  func kind(_ path: String) -> mode_t {
    var status = stat()
    return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : 0
  }

  /// The committed baseline, with a title and commit of the test's choosing.
  func crafted(title: String? = nil, commit: String? = nil) throws -> RunResult {
    var result = try RunResult.load(from: Self.baseline)
    result.groups = Array(result.groups.prefix(2))  // enough for every check, and quick to compare
    if let title { result.groups[0].title = title }
    if let commit { result.commit = commit }
    return result
  }

  // MARK: 1, 2, 11: one output path

  @Test("1: --output naming a FIFO writes through it and leaves it a FIFO")
  func fifoWrittenThrough() throws {
    let folder = Folder()
    let fifo = folder("pipe")
    #expect(mkfifo(fifo, 0o600) == 0)
    // A reader on the other end, as a shell's `tool --output >(…)` would have.
    let reader = Thread {
      let descriptor = open(fifo, O_RDONLY)
      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      while read(descriptor, &buffer, buffer.count) > 0 {}
      close(descriptor)
    }
    reader.start()
    let run = runTool(["export", "--format", "google-benchmark", Self.baseline, "--output", fifo])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(kind(fifo) == S_IFIFO)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["pipe"])
  }

  @Test(
    "1: --output naming a device writes through it: /dev/full's error is reported and the node stays a device",
    .enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
  func deviceWrittenThrough() throws {
    let run = runTool(["merge", Self.baseline, "--output", "/dev/full"])
    #expect(run.status == 1)
    #expect(run.standardError.contains("/dev/full: cannot write (No space left on device)"))
    #expect(kind("/dev/full") == S_IFCHR)
    let null = runTool(["export", "--format", "google-benchmark", Self.baseline, "--output", "/dev/null"])
    #expect(null.status == 0)
    #expect(kind("/dev/null") == S_IFCHR)
  }

  @Test("1: a device node of the test's own (made as root) is written through, not replaced")
  func ownDeviceNode() throws {
    guard getuid() == 0 else { return }  // only root may make device nodes
    let folder = Folder()
    let null = folder("null")
    #expect(mknod(null, S_IFCHR | 0o666, 0x103) == 0)  // major 1, minor 3: the null device
    let run = runTool(["merge", Self.baseline, "--output", null])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(kind(null) == S_IFCHR)
  }

  @Test("2: a symlink planted at the temporary's old, predictable name is not followed")
  func plantedSymlink() throws {
    let folder = Folder()
    let victim = folder("victim")
    try Data("keep".utf8).write(to: URL(fileURLWithPath: victim))
    let output = folder("out.json")
    // The name the temporary used to have, and a spread of others with this process's id.
    symlink(victim, folder(".out.json.\(getpid()).tmp"))
    let run = runTool(["merge", Self.baseline, "--output", output])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(String(decoding: FileManager.default.contents(atPath: victim)!, as: UTF8.self) == "keep")
    #expect(kind(output) == S_IFREG)
    // No temporary is left beside the output.
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
    #expect(left == [".out.json.\(getpid()).tmp"])
  }

  @Test("2: --output naming a symlink to a file replaces the file and keeps the link")
  func symlinkOutputFollowed() throws {
    let folder = Folder()
    try Data("old".utf8).write(to: URL(fileURLWithPath: folder("target.json")))
    symlink(folder("target.json"), folder("link.json"))
    #expect(runTool(["merge", Self.baseline, "--output", folder("link.json")]).status == 0)
    #expect(kind(folder("link.json")) == S_IFLNK)
    #expect(try RunResult.load(from: folder("target.json")).groups.count > 0)
  }

  @Test("2: the temporary file is created exclusively: an existing name is never opened")
  func exclusiveTemporary() throws {
    let folder = Folder()
    for _ in 0..<20 { try OutputFile.write(Data("x".utf8), to: folder("a")) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["a"])
    #expect(throws: OutputFile.WriteError.self) { try OutputFile.write(Data(), to: folder.path) }
  }

  @Test("1: the folder and name of an output path, for one-character and root paths too")
  func pathParts() {
    for (path, folder, name) in [
      ("m", ".", "m"), ("/m", "/", "m"), ("a/b/", "a", "b"), ("a//b", "a", "b"), ("/", "/", "/"), ("./r", ".", "r"),
    ] {
      #expect(OutputFile.folder(of: path) == folder, "\(path)")
      #expect(OutputFile.name(of: path) == name, "\(path)")
    }
  }

  @Test("1: the process's own streams are descriptors, never paths to resolve and replace")
  func standardStreams() {
    for (path, descriptor) in [
      ("-", Int32(1)), ("/dev/stdout", 1), ("/dev/stderr", 2), ("/dev/fd/7", 7), ("/proc/self/fd/1", 1),
    ] {
      #expect(OutputFile.standardDescriptor(path) == descriptor, "\(path)")
    }
    #expect(OutputFile.standardDescriptor("/dev/null") == nil)
    // Commands that print their table on standard output refuse to put a result there too.
    for arguments in [["merge", Self.baseline, "--output", "-"], ["merge", Self.baseline, "--output", "/dev/stdout"]] {
      let run = runTool(arguments)
      #expect(run.status == 64, "\(arguments)")
      #expect(run.standardOutput.isEmpty)
    }
  }

  @Test("1: a symlink to a FIFO is written through, and stays a link")
  func linkToFifo() throws {
    let folder = Folder()
    #expect(mkfifo(folder("pipe"), 0o600) == 0)
    symlink(folder("pipe"), folder("link"))
    let pipe = folder("pipe")
    let reader = Thread {
      let descriptor = open(pipe, O_RDONLY)
      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      while read(descriptor, &buffer, buffer.count) > 0 {}
      close(descriptor)
    }
    reader.start()
    try OutputFile.write(Data("x".utf8), to: folder("link"))
    #expect(kind(folder("link")) == S_IFLNK && kind(folder("pipe")) == S_IFIFO)
  }

  @Test("11: a report's own name holding a folder (not a file) is not replaced with the report")
  func reportNameHoldingFolder() throws {
    let folder = Folder()
    try FileManager.default.createDirectory(atPath: folder("report/run.json"), withIntermediateDirectories: true)
    try Data("keep".utf8).write(to: URL(fileURLWithPath: folder("report/run.json/data")))
    #expect(throws: OutputFile.WriteError.self) {
      try OutputFile.writeFolder([("run.json", Data("{}".utf8))], to: folder("report"))
    }
    #expect(FileManager.default.fileExists(atPath: folder("report/run.json/data")))
  }

  @Test("11: a report folder is swapped in whole; a failure at any file leaves the old one as it was")
  func reportFolderWhole() throws {
    let folder = Folder()
    let report = folder("report")
    try OutputFile.writeFolder([("a.txt", Data("old a".utf8)), ("b.txt", Data("old b".utf8))], to: report)
    // The second file cannot be made (its name holds a folder that does not exist), as a full disk would fail it.
    #expect(throws: OutputFile.WriteError.self) {
      try OutputFile.writeFolder([("a.txt", Data("new a".utf8)), ("no/b.txt", Data("new b".utf8))], to: report)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: report).sorted() == ["a.txt", "b.txt"])
    #expect(String(decoding: FileManager.default.contents(atPath: "\(report)/a.txt")!, as: UTF8.self) == "old a")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report"])
    // A success replaces the folder as a whole.
    try OutputFile.writeFolder([("a.txt", Data("new a".utf8)), ("b.txt", Data("new b".utf8))], to: report)
    #expect(String(decoding: FileManager.default.contents(atPath: "\(report)/b.txt")!, as: UTF8.self) == "new b")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report"])
  }

  @Test("11: report refuses to replace a folder that holds other files (a mistyped --out .)")
  func reportForeignFolder() throws {
    let folder = Folder()
    try Data("mine".utf8).write(to: URL(fileURLWithPath: folder("notes.txt")))
    let run = runTool(["report", Self.baseline, "--no-measure", "--out", folder.path])
    #expect(run.status == 64)
    #expect(run.standardError.contains("holds other files (\"notes.txt\")"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.txt"])
  }

  // MARK: 3: names built from data

  @Test("3: history record keeps a hostile commit out of the file name: the entry stays in its folder")
  func historyCommitSanitised() throws {
    let folder = Folder()
    try crafted(commit: "/../../../..").write(to: folder("result.json"))
    let history = folder("history")
    let run = runTool(["history", "record", folder("result.json"), "--history", history])
    #expect(run.status == 0, "\(run.standardError)")
    let names = try FileManager.default.contentsOfDirectory(atPath: history)
    #expect(names.count == 1)
    #expect(names.allSatisfy { !$0.contains("/") && !$0.hasPrefix(".") })
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["history", "result.json"])
  }

  // MARK: 5: the array form after a failed write

  @Test("5: answering an array stops at the first failed write (no more solving or buffering)")
  func arrayStopsAfterFailedWrite() throws {
    // 5,000 scenes and a broken last element: before the fix the answer went on reading after
    // the failed write and reached the broken element.
    let scene = #"{"container": {"x": 0, "y": 0, "width": 800, "height": 600}}"#
    let document = "[" + Array(repeating: scene, count: 5_000).joined(separator: ",") + #", {"container": 3}]"#
    var writer = JSONWriter(capacity: 1 << 12)
    var drains = 0
    let bytes = Array(document.utf8)
    let finished = try bytes.withUnsafeBufferPointer { buffer in
      try SceneFile.answer(.solve, document: buffer, into: &writer, piece: 1 << 10) { _ in
        drains += 1
        return false
      }
    }
    #expect(!finished)
    #expect(drains == 1)
    #expect(writer.count < 1 << 12)
  }

  // MARK: 6, 12: text from files escaped for each format

  @Test("6: CSV cells are one field each and never a formula")
  func csvEscaped() {
    #expect(Text.csv(#"x","=1+1"#) == #""x"",""=1+1""#)
    #expect(Text.csv("=HYPERLINK(1)") == #""'=HYPERLINK(1)""#)
    #expect(Text.csv("-2+3") == #""'-2+3""#)
    let report = CapacityReport(
      run: try! crafted(title: #"x","=1+1"#), baseline: nil, definitions: .generic,
      trends: [])
    let row = report.csv.split(separator: "\n")[1]
    #expect(row.hasPrefix(#""x"",""=1+1","#))
  }

  @Test("6: Markdown cells cannot end a cell or carry HTML; the summary escapes provenance")
  func markdownEscaped() throws {
    #expect(Text.markdown("a|b<img src=x onerror=alert(1)>") == #"a\|b&lt;img src=x onerror=alert(1)&gt;"#)
    let table = Report.table(["group"], [["x|y"], ["<b>"]], markdown: true)
    #expect(table.contains(#"| x\|y |"#) && table.contains("| &lt;b&gt; |"))
    var result = try crafted(title: "t|<script>", commit: "<b>c|</b>")
    result.machine.cpuModel = "cpu<i>|"
    let summary = CapacityReport(
      run: result, baseline: nil, definitions: .generic, trends: []
    ).markdown
    #expect(!summary.contains("<script>") && !summary.contains("<b>") && !summary.contains("<i>"))
    #expect(summary.contains(#"t\|&lt;script&gt;"#))
  }

  @Test("6, 12: compare --markdown and the text table escape titles; C1 controls, DEL and U+202E are shown, not sent")
  func comparisonEscaped() throws {
    let folder = Folder()
    let title = "a|\u{9B}31m\u{7F}\u{202E}b"
    try crafted(title: title).write(to: folder("now.json"))
    try crafted(title: title).write(to: folder("base.json"))
    let markdown = runTool(["compare", folder("base.json"), folder("now.json"), "--markdown"])
    // Markdown shows the escape's backslash as text (`\\`).
    #expect(markdown.standardOutput.contains(#"a\|\\u{9B}31m\\u{7F}\\u{202E}b"#))
    let text = runTool(["compare", folder("base.json"), folder("now.json")])
    #expect(text.standardOutput.contains(#"a|\u{9B}31m\u{7F}\u{202E}b"#))
    for output in [markdown.standardOutput, text.standardOutput] {
      #expect(!output.unicodeScalars.contains { $0.value == 0x9B || $0.value == 0x7F || $0.value == 0x202E })
    }
  }

  @Test("12: a message quotes at most a short prefix of a bad value")
  func quotedPrefix() {
    let long = String(repeating: "9", count: 1_000_000)
    #expect(Text.quoted(long).count < 50)
    #expect(Text.quoted("\u{1B}[2J") == #""\u{1B}[2J""#)
  }

  // MARK: 9, 10, 12: usage and tool errors

  @Test("9: empty lists are usage errors: --metrics '', --filter '', --only ','")
  func emptyLists() {
    for arguments in [
      ["compare", Self.baseline, Self.baseline, "--metrics", ""],
      ["compare", Self.baseline, Self.baseline, "--metrics", ","],
      ["compare", Self.baseline, Self.baseline, "--metrics", "time,"],
      ["list", "--filter", ""], ["list", "--filter", ",!"], ["run", "--only", ","], ["scenes", "--filter", ""],
    ] {
      let run = runTool(arguments)
      #expect(run.status == 64, "\(arguments)")
      #expect(run.standardOutput.isEmpty, "\(arguments)")
    }
  }

  @Test("10: a missing --history folder is a tool error naming it, for changes, standing and report")
  func missingHistory() {
    let missing = "/nonexistent/history-\(UUID().uuidString)"
    for arguments in [
      ["history", "changes", "--history", missing], ["history", "standing", Self.baseline, "--history", missing],
      ["history", "show", "limit/clamp-ratio", "--history", missing],
      ["report", Self.baseline, "--no-measure", "--history", missing, "--out", "/nonexistent/report"],
    ] {
      let run = runTool(arguments)
      #expect(run.status == 1, "\(arguments)")
      #expect(run.standardError.contains("\(missing): cannot read it (no such history folder)"), "\(arguments)")
    }
  }

  @Test("12: an unreadable history entry says the system's reason, once")
  func unreadableEntry() throws {
    let folder = Folder()
    try FileManager.default.createDirectory(atPath: folder("entry.json"), withIntermediateDirectories: true)
    let run = runTool(["history", "changes", "--history", folder.path])
    #expect(run.status == 1)
    #expect(run.standardError.contains("entry.json: cannot read it (Is a directory)"))
  }
}
