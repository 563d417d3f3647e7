import ArrangementBenchCommands
import ArrangementSolver
import Foundation
import StrictJSON
import Testing

// The examples of README.md and docs/ (RULES.md aside) run as written. The
// conventions are in docs/README.md, "Examples that run": `sh` lines that
// call the tool, `json` blocks tagged with the request they are or `answer`,
// `swift` blocks that are this file's snippets, links that resolve.

/// The package root: documents, examples and relative paths in commands are read from here.
private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// A fenced block of a document.
struct FencedBlock: Sendable {
  var document: String
  /// The line of the opening fence, from 1.
  var line: Int
  /// The words of the info string: the language first (`json solve Examples/a.json`).
  var info: [String]
  var text: String

  var language: String { info.first ?? "" }
  var place: String { "\(document):\(line)" }
}

/// One document: its path from the package root and its text.
struct Document: Sendable {
  var path: String
  var text: String

  /// The documents whose examples must run: README.md and docs/*.md except RULES.md.
  static let all: [Document] = {
    let docs =
      (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("docs").path))
      ?? []
    let paths = ["README.md"] + docs.filter { $0.hasSuffix(".md") && $0 != "RULES.md" }.sorted().map { "docs/\($0)" }
    return paths.map { path in
      Document(
        path: path, text: (try? String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)) ?? "")
    }
  }()

  /// The fenced blocks, with the fence's indentation removed from their lines.
  var blocks: [FencedBlock] {
    var blocks: [FencedBlock] = []
    var open: (line: Int, indent: Int, info: [String], lines: [String])?
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let indent = line.prefix { $0 == " " }.count
      let rest = line.dropFirst(indent)
      if var block = open {
        if rest.hasPrefix("```") && rest.allSatisfy({ $0 == "`" }) {
          blocks.append(
            FencedBlock(document: path, line: block.line, info: block.info, text: block.lines.joined(separator: "\n")))
          open = nil
        } else {
          block.lines.append(String(line.dropFirst(min(indent, block.indent))))
          open = block
        }
      } else if rest.hasPrefix("```") {
        let info = rest.drop { $0 == "`" }.split(separator: " ").map(String.init)
        open = (index + 1, indent, info, [])
      }
    }
    return blocks
  }

  /// The text outside fenced blocks (for links and tables).
  var prose: [(line: Int, text: String)] {
    var inside = false
    var lines: [(Int, String)] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if line.drop(while: { $0 == " " }).hasPrefix("```") {
        inside.toggle()
        continue
      }
      if !inside { lines.append((index + 1, String(line))) }
    }
    return lines
  }
}

/// A command line of an `sh` block that calls the tool.
struct DocumentedCommand: Sendable, CustomTestStringConvertible {
  var place: String
  var source: String
  /// The tool's arguments, per stage of a pipeline.
  var stages: [[String]]
  /// `< FILE`: standard input of the first stage.
  var inputFile: String?
  /// The status a `# exits N` comment names, 0 if none, and the message it quotes.
  var status: Int32
  var message: String?

  var testDescription: String { "\(place): \(source)" }

  /// Subcommands fast and free of side effects, run in-process.
  static let runnable: Set<String> = [
    "solve", "regions", "displace", "grid", "transition", "scenes", "list", "--help", "-h", "help",
  ]
  /// Subcommands whose first argument is an action.
  static let withActions: Set<String> = ["baseline", "history"]

  /// Whether the line is run; otherwise its options are checked against `--help`.
  var runs: Bool { stages.allSatisfy { Self.runnable.contains($0.first ?? "run") } }

  /// Subcommands that build commits or hold a profiler for seconds: their
  /// lines are checked against `--help` only (`ab`, `bisect` and `profile`
  /// have tests of their own on small repositories).
  static let building: Set<String> = ["ab", "bisect", "profile"]

  /// The line's arguments, shortened to run in seconds: a measuring
  /// subcommand gets `--quick`, one process and no added rounds where the
  /// line does not say otherwise, and measures split/book alone where it
  /// names no selection of its own.
  static func shortened(_ stage: [String]) -> [String] {
    let subcommand = stage.first ?? "run"
    let measures =
      subcommand == "run" || subcommand == "check" || (subcommand == "baseline" && stage.dropFirst().first == "update")
    guard measures else { return stage }
    var arguments = stage.isEmpty ? ["run"] : stage
    func add(_ option: String, _ values: String..., unless others: [String] = []) {
      guard !([option] + others).contains(where: arguments.contains) else { return }
      arguments += [option] + values
    }
    add("--quick")
    add("--processes", "1")
    add("--budget", "0", unless: ["--no-compare"])
    add("--only", "split/book", unless: ["--filter", "--shard"])
    return arguments
  }

  /// Every line of the documents' `sh` blocks that calls the tool.
  static let all: [DocumentedCommand] = Document.all.flatMap { document in
    document.blocks.filter { ["sh", "bash", "shell"].contains($0.language) }.flatMap { block in
      block.text.split(separator: "\n").enumerated().compactMap { offset, line in
        DocumentedCommand(String(line), place: "\(block.document):\(block.line + offset + 1)")
      }
    }
  }

  /// Lines of `sh` blocks that call a script of the repository.
  static let scripts: [(place: String, path: String)] = Document.all.flatMap { document in
    document.blocks.filter { ["sh", "bash", "shell"].contains($0.language) }.flatMap { block in
      block.text.split(separator: "\n").enumerated().flatMap { offset, line in
        shellWords(String(line)).words.filter { $0.hasPrefix("scripts/") || $0.hasPrefix(".ci/") }.map {
          (place: "\(block.document):\(block.line + offset + 1)", path: $0)
        }
      }
    }
  }

  init?(_ line: String, place: String) {
    let (words, comment) = shellWords(line)
    // Stages of a pipeline, and the redirections of the line.
    var stages: [[String]] = [[]]
    var input: String?
    var index = 0
    while index < words.count {
      switch words[index] {
      case "|": stages.append([])
      case "<":
        index += 1
        input = index < words.count ? words[index] : ""
      case ">", ">>": index += 1  // the answer is captured, not written
      default: stages[stages.count - 1].append(words[index])
      }
      index += 1
    }
    var tool: [[String]] = []
    for stage in stages {
      guard let arguments = Self.toolArguments(stage) else { return nil }
      tool.append(arguments)
    }
    guard !tool.isEmpty else { return nil }
    self.place = place
    self.source = line.trimmingCharacters(in: .whitespaces)
    self.stages = tool
    self.inputFile = input
    self.status = 0
    if let comment, let range = comment.range(of: #"exits (\d+)"#, options: .regularExpression) {
      status = Int32(comment[range].dropFirst("exits ".count)) ?? -1
      let after = comment[range.upperBound...]
      if after.hasPrefix(":") { message = after.dropFirst().trimmingCharacters(in: .whitespaces) }
    }
  }

  /// The arguments after the tool's name, or nil for a command that is not the tool.
  static func toolArguments(_ words: [String]) -> [String]? {
    for prefix in [
      ["arrangement-bench"], [".build/release/arrangement-bench"], ["swift", "run", "arrangement-bench"],
      ["swift", "run", "-c", "release", "arrangement-bench"],
    ] where words.starts(with: prefix) {
      return Array(words.dropFirst(prefix.count))
    }
    return nil
  }

  /// The arguments with relative paths that exist made absolute from the package root.
  static func resolved(_ arguments: [String]) -> [String] {
    arguments.map { argument in
      guard !argument.hasPrefix("-"), argument.contains("/") || argument.contains("."),
        FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(argument).path)
      else { return argument }
      return packageRoot.appendingPathComponent(argument).path
    }
  }
}

/// The words of a shell line (quotes and `$(…)` kept whole, without their quotes) and its comment.
private func shellWords(_ line: String) -> (words: [String], comment: String?) {
  var words: [String] = []
  var word = ""
  var inWord = false
  var quote: Character?
  var depth = 0
  var characters = line[...]
  while let character = characters.popFirst() {
    if let open = quote {
      if character == open { quote = nil } else { word.append(character) }
      continue
    }
    if depth > 0 {
      word.append(character)
      if character == "(" { depth += 1 }
      if character == ")" { depth -= 1 }
      continue
    }
    switch character {
    case "\"", "'":
      quote = character
      inWord = true
    case "$" where characters.first == "(":
      word.append(character)
      word.append(characters.removeFirst())
      depth = 1
      inWord = true
    case " ", "\t":
      if inWord { words.append(word) }
      word = ""
      inWord = false
    case "#" where !inWord:
      return (words, String(characters).trimmingCharacters(in: .whitespaces))
    case "|", "<", ">":
      if inWord { words.append(word) }
      word = ""
      inWord = false
      if character == ">" && characters.first == ">" {
        characters.removeFirst()
        words.append(">>")
      } else {
        words.append(String(character))
      }
    default:
      word.append(character)
      inWord = true
    }
  }
  if inWord { words.append(word) }
  return (words, nil)
}

/// A GitHub heading anchor: lower case, punctuation dropped, spaces as hyphens.
private func anchor(_ heading: String) -> String {
  String(
    heading.lowercased().compactMap { character -> Character? in
      if character == " " { return "-" }
      if character.isLetter || character.isNumber || character == "-" || character == "_" { return character }
      return nil
    })
}

/// The exit-status table a text holds: `| 0 | meaning |` rows, or `  0   meaning` lines after `EXIT STATUS:`.
private func statusRows(markdown: String) -> [String] {
  markdown.split(separator: "\n").compactMap { line in
    let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
    guard cells.count == 2, Int(cells[0]) != nil else { return nil }
    return "\(cells[0]) \(cells[1])"
  }
}

@Suite("The documentation's examples run as written (docs/README.md, \"Examples that run\")")
struct DocumentationTests {
  @Test("The documents are found, with examples of every kind")
  func documentsFound() {
    #expect(Document.all.map(\.path).contains("README.md"))
    #expect(Document.all.count >= 5)
    #expect(Document.all.allSatisfy { !$0.text.isEmpty })
    #expect(DocumentedCommand.all.contains { $0.runs })
    #expect(DocumentedCommand.all.contains { !$0.runs })
    #expect(Document.all.flatMap(\.blocks).contains { $0.info.first == "json" && $0.info.count > 1 })
  }

  @Test(
    "A fast command of the documents exits with the status it is documented with",
    arguments: DocumentedCommand.all.filter(\.runs))
  func fastCommand(_ command: DocumentedCommand) throws {
    var input = ""
    if let file = command.inputFile {
      input = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
    }
    for (index, stage) in command.stages.enumerated() {
      let run = runTool(DocumentedCommand.resolved(stage), input: input)
      let last = index == command.stages.count - 1
      let expected = last ? command.status : 0
      #expect(run.status == expected, "\(command.place): \(run.standardError)")
      if expected == 0 {
        #expect(!run.standardOutput.isEmpty, "\(command.place): no output")
      } else {
        #expect(run.standardOutput.isEmpty, "\(command.place): output despite the failure")
      }
      if last, let message = command.message {
        #expect(run.standardError.contains(message), "\(command.place): \(run.standardError)")
      }
      input = run.standardOutput
    }
  }

  @Test(
    "A command that measures, or needs a run's result file, names an action and options its --help lists",
    arguments: DocumentedCommand.all.filter { !$0.runs })
  func measuringCommand(_ command: DocumentedCommand) {
    for stage in command.stages {
      let subcommand = stage.first ?? "run"
      var helpArguments = [subcommand]
      if DocumentedCommand.withActions.contains(subcommand), stage.count > 1 { helpArguments.append(stage[1]) }
      let help = runTool(helpArguments + ["--help"])
      #expect(help.status == 0 && help.standardOutput.contains("USAGE:"), "\(command.place): \(help.standardError)")
      if helpArguments.count == 2 {
        #expect(
          help.standardOutput.contains("arrangement-bench \(subcommand) \(helpArguments[1])"),
          "\(command.place): '\(subcommand) --help' has no action '\(helpArguments[1])'")
      }
      for option in stage where option.hasPrefix("-") && option != "-" {
        let listed = help.standardOutput.range(of: "\(option)(?![a-z-])", options: .regularExpression) != nil
        #expect(listed, "\(command.place): '\(subcommand) --help' does not list \(option)")
      }
    }
  }

  @Test(
    "Every measuring line of a document runs, shortened (DocumentedCommand.shortened), in order in a scratch folder: no usage or tool error"
  )
  func measuringCommandsRun() throws {
    guard ReliabilityFourTests.toolIsBuilt else { return }
    for document in Document.all {
      let commands = DocumentedCommand.all.filter { command in
        command.place.hasPrefix(document.path + ":") && !command.runs
          && !command.stages.contains { DocumentedCommand.building.contains($0.first ?? "run") }
      }
      guard !commands.isEmpty else { continue }
      // A folder like a clone's root: the committed baseline, and whatever the lines before wrote.
      let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("doc-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: scratch) }
      let baselines = scratch.appendingPathComponent("results/baselines")
      try FileManager.default.createDirectory(at: baselines, withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        at: packageRoot.appendingPathComponent("results/baselines/default.json"),
        to: baselines.appendingPathComponent("default.json"))
      for command in commands where command.stages.count == 1 {
        let arguments = DocumentedCommand.shortened(command.stages[0])
        let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let run = try shell("\"$TOOL\" " + quoted.joined(separator: " ") + " 2>&1", in: scratch.path)
        // A measurement's verdict is the host's to give (0, 2, 3, 4, 6) unless the line names one;
        // 1 (a tool error), 64 (usage) or a signal is the document's fault.
        let accepted: Set<Int32> = command.status != 0 ? [command.status] : [0, 2, 3, 4, 5, 6]
        // The tests' own tool is a debug build, whose baselines the tool refuses as it should.
        if run.status == 1 && run.output.contains("refusing to record a baseline from a debug build") { continue }
        #expect(
          accepted.contains(run.status),
          "\(command.place): \(arguments.joined(separator: " ")) exited \(run.status): \(run.output.suffix(600))")
      }
    }
  }

  /// Whether `word` names a program on PATH.
  static func onPath(_ word: String) -> Bool {
    (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains { folder in
      FileManager.default.isExecutableFile(atPath: "\(folder)/\(word)")
    }
  }

  @Test(
    "Every sh line runs as pasted: the tool's bare name only after the line that puts it on PATH, other commands found")
  func linesRunAsPasted() {
    // Commands a reader's machine has that this one may not (CI's tools) or that the
    // shell itself provides.
    let external: Set<String> = ["export", "cd", "cat", "chromium", "jq", "for", "do", "done", "mkdir", "open"]
    for document in Document.all {
      var toolOnPath = false
      for block in document.blocks where block.language == "sh" {
        for (offset, line) in block.text.split(separator: "\n").enumerated() {
          let text = line.trimmingCharacters(in: .whitespaces)
          if text.hasPrefix("export PATH=") && text.contains(".build/release") { toolOnPath = true }
          guard !text.isEmpty, !text.hasPrefix("#") else { continue }
          let place = "\(document.path):\(block.line + 1 + offset)"
          // Each stage of a pipeline, and what follows `&&`, starts with a command.
          let stages = text.components(separatedBy: " | ").flatMap { $0.components(separatedBy: " && ") }
          for stage in stages {
            let words = stage.split(separator: " ").map(String.init).drop { $0.contains("=") && !$0.hasPrefix("-") }
            guard let first = words.first, !first.hasPrefix("#") else { continue }
            let command = first.trimmingCharacters(in: CharacterSet(charactersIn: "\"'("))
            if command == "arrangement-bench" {
              #expect(toolOnPath, "\(place): `arrangement-bench` before any line puts it on PATH")
            } else if command.contains("/") {
              // A script or the built tool: a file of the repository (or of the build the main job makes).
              #expect(
                command.hasPrefix(".build/")
                  || FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(command).path),
                "\(place): \(command) is not a file of the repository")
            } else if !external.contains(command) {
              #expect(Self.onPath(command), "\(place): \(command) is not a command on this machine")
            }
          }
        }
      }
    }
  }

  @Test("A script that a document calls exists")
  func scriptsExist() {
    #expect(!DocumentedCommand.scripts.isEmpty)
    for (place, path) in DocumentedCommand.scripts {
      #expect(
        FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(path).path), "\(place): \(path)")
    }
  }

  @Test("A json block is a request answered with status 0, the answer to the one before, or plain JSON")
  func jsonBlocks() throws {
    var count = 0
    for document in Document.all {
      var previous: (place: String, answer: String)?
      for block in document.blocks where block.language == "json" {
        count += 1
        let parsed = try? JSONParser.parse(block.text)
        #expect(parsed != nil, "\(block.place): not JSON")
        guard let parsed else { continue }
        let tag = block.info.count > 1 ? block.info[1] : nil
        switch tag {
        case let kind? where ["solve", "regions", "displace", "grid", "transition"].contains(kind):
          let run = runTool([kind, "-"], input: block.text)
          #expect(run.status == 0, "\(block.place): \(run.standardError)")
          previous = (block.place, run.standardOutput)
          if block.info.count > 2 {
            let file = try String(contentsOf: packageRoot.appendingPathComponent(block.info[2]), encoding: .utf8)
            #expect((try? JSONParser.parse(file)) == parsed, "\(block.place): differs from \(block.info[2])")
          }
        case "answer":
          guard let request = previous else {
            Issue.record("\(block.place): an answer with no request before it")
            continue
          }
          #expect(
            (try? JSONParser.parse(request.answer)) == parsed,
            "\(block.place): not the answer to \(request.place):\n\(request.answer)")
          previous = nil
        case nil:
          let request = ["container", "view", "minimumCellWidth", "from"].contains { parsed[$0] != nil }
          #expect(!request, "\(block.place): a request; tag it (json solve, regions, displace, grid or transition)")
        case let other?:
          Issue.record(
            "\(block.place): unknown tag '\(other)' (expected solve, regions, displace, grid, transition or answer)")
        }
      }
    }
    #expect(count > 0)
  }

  @Test("Blocks are in a checked language: sh, json, swift, or text for output")
  func languages() {
    for block in Document.all.flatMap(\.blocks) {
      #expect(["sh", "bash", "shell", "json", "swift", "text", ""].contains(block.language), "\(block.place)")
    }
  }

  @Test("Relative links point at files of the repository and at headings that exist")
  func links() throws {
    for document in Document.all {
      let folder = document.path.contains("/") ? String(document.path.prefix { $0 != "/" }) : ""
      for (line, text) in document.prose {
        for match in text.matches(of: #/\]\(([^)\s]+)\)/#) {
          let target = String(match.1)
          let place = "\(document.path):\(line): \(target)"
          #expect(!target.contains("://") && !target.hasPrefix("mailto:"), "\(place): a link outside the repository")
          let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
          let file =
            parts[0].isEmpty
            ? packageRoot.appendingPathComponent(document.path)
            : packageRoot.appendingPathComponent(folder).appendingPathComponent(parts[0]).standardizedFileURL
          #expect(file.path.hasPrefix(packageRoot.standardizedFileURL.path), "\(place): outside the repository")
          #expect(FileManager.default.fileExists(atPath: file.path), "\(place): no such file")
          if parts.count == 2, let linked = try? String(contentsOf: file, encoding: .utf8) {
            let anchors = Document(path: "", text: linked).prose.compactMap { _, line -> String? in
              guard line.hasPrefix("#") else { return nil }
              return anchor(line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces))
            }
            #expect(anchors.contains(parts[1]), "\(place): no such heading")
          }
        }
      }
    }
  }

  @Test("The README is for users: at most 220 lines (measurements and design live in docs/)")
  func readmeLength() throws {
    let readme = try #require(Document.all.first { $0.path == "README.md" })
    let lines = readme.text.filter { $0 == "\n" }.count
    #expect(lines > 0 && lines <= 220, "README.md has \(lines) lines")
  }

  @Test("The README's exit-status table is the one --help prints")
  func exitStatusTable() throws {
    let readme = try #require(Document.all.first { $0.path == "README.md" })
    let section = readme.text.components(separatedBy: "\n## Exit status\n").dropFirst().first ?? ""
    let table = statusRows(markdown: section.components(separatedBy: "\n## ")[0])
    let help = runTool(["--help"]).standardOutput.components(separatedBy: "EXIT STATUS:\n").dropFirst().first ?? ""
    // A row of the help may wrap: its continuation lines are indented further and hold no number.
    var listed: [String] = []
    for line in help.split(separator: "\n") {
      if let match = line.firstMatch(of: #/^\s+(\d+)\s+(.+)$/#) {
        listed.append("\(match.1) \(match.2)")
      } else if let continuation = line.firstMatch(of: #/^\s{6,}(\S.*)$/#), !listed.isEmpty {
        listed[listed.count - 1] += " \(continuation.1)"
      } else {
        break
      }
    }
    #expect(!listed.isEmpty)
    #expect(table == listed)
  }

  @Test("Every file in Examples/ is answered (bad-* exits 2)")
  func examples() throws {
    let folder = packageRoot.appendingPathComponent("Examples")
    // Request files only: Examples/HostedSuite is a package of its own, built by HostedSuiteTests.
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().filter {
      $0.hasSuffix(".json") || $0.hasSuffix(".jsonl")
    }
    #expect(names.count >= 5)
    for name in names {
      let kind =
        name.hasSuffix("-query.json")
        ? "regions"
        : name.hasPrefix("displace-")
          ? "displace"
          : name.hasPrefix("grid-") ? "grid" : name.contains("transition-") ? "transition" : "solve"
      let run = runTool([kind, folder.appendingPathComponent(name).path])
      if name.hasPrefix("bad-") {
        #expect(run.status == 2 && run.standardOutput.isEmpty, "\(name)")
      } else {
        #expect(run.status == 0 && !run.standardOutput.isEmpty, "\(name): \(run.standardError)")
      }
    }
  }

  /// The `swift` blocks of the documents (docs/SOLVER.md), each run below.
  static let swiftSnippets = [
    """
    import ArrangementSolver

    var scene = Scene(container: Rect(x: 0, y: 0, width: 950, height: 760),
                      safeArea: EdgeInsets(right: 84))
    scene.regions = [ReservedRegion(id: 1, kind: .division,
                                    frame: Rect(x: 475, y: 0, width: 0, height: 760))]
    scene.primary.width = DimensionRange(minimum: .absolute(250), preferred: .fractional(0.3))
    let solution = scene.solve()
    // primary (0, 0, 475, 760), secondary (475, 0, 391, 760): an active fold decides (R18)
    """,
    """
    let widths: [Double] = [600, 950, 1400], heights: [Double] = [760, 760, 760]
    let plan = ArrangementPlan(scene)
    let storage = UnsafeMutableRawBufferPointer.allocate(
      byteCount: SolutionColumns.byteCount(for: widths.count), alignment: 16)
    defer { storage.deallocate() }
    let columns = SolutionColumns(storage, count: widths.count)
    widths.withUnsafeBufferPointer { widths in
      heights.withUnsafeBufferPointer { _ = plan.solve(widths: widths, heights: $0, into: columns) }
    }
    let first = columns.primaryWidth[1]  // 475, or columns[1], the whole Solution
    """,
  ]

  @Test("The swift blocks are the snippets this test runs")
  func swiftBlocks() {
    func lines(_ text: String) -> [String] {
      text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
    // A `swift PATH` block is a file of the package HostingTests builds (docs/HOSTING.md).
    let blocks = Document.all.flatMap(\.blocks).filter { $0.language == "swift" && $0.info.count == 1 }
    #expect(blocks.map { lines($0.text) } == Self.swiftSnippets.map(lines), "\(blocks.map(\.place))")
  }

  @Test("The swift snippets do what their comments say")
  func swiftSnippets() {
    var scene = Scene(
      container: Rect(x: 0, y: 0, width: 950, height: 760),
      safeArea: EdgeInsets(right: 84))
    scene.regions = [
      ReservedRegion(
        id: 1, kind: .division,
        frame: Rect(x: 475, y: 0, width: 0, height: 760))
    ]
    scene.primary.width = DimensionRange(minimum: .absolute(250), preferred: .fractional(0.3))
    let solution = scene.solve()
    #expect(solution.primary.frame == Rect(x: 0, y: 0, width: 475, height: 760))
    #expect(solution.secondary.frame == Rect(x: 475, y: 0, width: 391, height: 760))

    let widths: [Double] = [600, 950, 1400]
    let heights: [Double] = [760, 760, 760]
    let plan = ArrangementPlan(scene)
    let storage = UnsafeMutableRawBufferPointer.allocate(
      byteCount: SolutionColumns.byteCount(for: widths.count), alignment: 16)
    defer { storage.deallocate() }
    let columns = SolutionColumns(storage, count: widths.count)
    widths.withUnsafeBufferPointer { widths in
      heights.withUnsafeBufferPointer { _ = plan.solve(widths: widths, heights: $0, into: columns) }
    }
    let first = columns.primaryWidth[1]
    #expect(first == 475)
    #expect(columns[1] == solution)
  }
}
