import BenchmarkCommands
import BenchmarkRunner
import SceneFormat

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `solve`, `regions`, `displace`, `grid` and `transition`: answer scene
/// files and streams (docs/RULES.md, "Scene files" and "Streams"; transition
/// requests, §8.2 and R34).
enum SceneCommand {
  static let lines = Option(flag: "--lines")

  static let requests: [SceneFile.Request] = [.solve, .regions, .displace, .grid, .transition]

  static let rows = [
    OptionRow(lines, "Read a stream (JSON Lines) whatever the file's name.", for: requests.map(\.rawValue))
  ]

  static let commands = requests.map { request in
    Command(
      request.rawValue, usage: ["[--lines] [FILE|-]"], synopsis: "[FILE|-]", abstract: abstract(request),
      discussion: discussion(request), maximumArguments: 1, statuses: [.success, .toolError, .badInput, .usage]
    ) { invocation throws(CommandFailure) in try run(request, invocation) }
  }

  static func abstract(_ request: SceneFile.Request) -> String {
    switch request {
    case .solve: "Solve the scenes of a scene file or stream (--lines)."
    case .regions: "Answer region queries."
    case .displace: "Displace elements around folds and cameras."
    case .grid: "Fit grid columns around folds."
    case .transition: "Answer the frames between two scenes (transition requests)."
    }
  }

  static func discussion(_ request: SceneFile.Request) -> String {
    // An error this request can give, as its example.
    let example: String
    switch request {
    case .solve: example = "$.primary.width.preferred.fraction: 1.5 is outside 0...1"
    case .regions: example = "$.view.width: -1 is negative"
    case .displace: example = "$.view.height: -9 is negative"
    case .grid: example = "$.minimumCellWidth: 0 is not positive"
    case .transition: example = "$.steps: 0 is outside 1...1024"
    }
    let what: String
    switch request {
    case .solve:
      what = """
        Solves scenes (docs/RULES.md, "Scene files"): each answered by the
        frames, size classes and z-index of both panes, and the fields the
        scene asks for (R31 "divider", R33 "adapted", R36 each pane's
        "environment", R38 "scrim").
        """
    case .regions:
      what = """
        Answers region queries (R12, R13): the regions of a kind that overlap a
        view, in the view's coordinates, in ascending id order.
        """
    case .displace:
      what = """
        Displaces elements around folds and cameras (R25–R27); the request's
        fields are in the README.
        """
    case .grid:
      what = """
        Fits grid columns around folds (R28); the request's fields are in the
        README.
        """
    case .transition:
      what = """
        Answers transition requests (R34, docs/SCENE-FILES.md): {"from": scene,
        "to": scene} with exactly one of "progress" (a number, clamped into
        0...1), answered by one scene answer, or "steps" (an integer N from 1
        to 1024), answered by {"frames": [...]}, the N + 1 scene answers at
        progress 0, 1/N, ..., 1. Each scene is read and checked as `solve`
        reads one; an answer has "divider" and "adapted" where the scene at its
        end has them (from's at progress 0, to's past it), and "environment"
        and "scrim" at progress 0 and 1 only. With "motion": true (R39) each
        pane of every answer also says how it moves ("motion", and "edge" for
        a pane that enters or exits).
        """
    }
    return """
      \(what)

      A file holds one request, or a JSON array of them answered by an array
      in the same order; at most 64 MiB. Bad input exits with status 2 and one
      line naming the field's JSON path, e.g. `\(example)`, and nothing is
      printed on standard output.

      With --lines, or for a FILE ending in .jsonl or .ndjson, the input is a
      stream: one JSON value per line (blank lines skipped, \\n or \\r\\n line
      ends, at most 1 MiB a line, any number of lines), each answered by one
      compact line as soon as it is read. A bad line stops the stream with
      status 2 and `line N: $.path: message`; the lines before it have been
      answered.

      Reads standard input when FILE is - or missing.
      """
  }

  static func run(_ request: SceneFile.Request, _ invocation: Invocation) throws(CommandFailure) -> ExitStatus {
    let terminal = invocation.terminal
    let path = invocation.positional.first
    if invocation.options.has(lines) || path.map({ $0.hasSuffix(".jsonl") || $0.hasSuffix(".ndjson") }) == true {
      try answerStream(request, path: path, terminal: terminal)
    } else {
      try answerDocument(request, path: path, terminal: terminal)
    }
    return ExitStatus.success
  }

  /// A whole document: read, checked whole, then answered in pieces (nothing
  /// is printed for a bad document; memory is the document and one piece).
  static func answerDocument(_ request: SceneFile.Request, path: String?, terminal: Terminal) throws(CommandFailure) {
    let bytes = try Files.readInput(path, terminal: terminal)
    var writer = JSONWriter(capacity: 1 << 17)
    var failure: CommandFailure?
    do {
      try bytes.withUnsafeBufferPointer { bytes throws(SceneFileError) in
        try SceneFile.check(request, document: bytes)
        _ = try SceneFile.answer(request, document: bytes, into: &writer, piece: 1 << 16) { piece in
          do throws(CommandFailure) {
            try terminal.output(piece)
            return true
          } catch {
            failure = error
            return false
          }
        }
      }
    } catch {
      throw CommandFailure(error.description, status: .badInput)
    }
    if let failure { throw failure }
    writer.byte(UInt8(ascii: "\n"))
    try terminal.output(writer.written)
  }

  /// A stream: read in chunks, each line answered as it is complete; answers
  /// are written whenever the input is about to be read again, so none waits
  /// for lines after it. Memory: two lines' worth of input and the answers of
  /// one chunk, whatever the stream's length.
  static func answerStream(_ request: SceneFile.Request, path: String?, terminal: Terminal) throws(CommandFailure) {
    let input = try Files.InputStream(path, terminal: terminal)
    defer { input.close() }
    let chunk = 1 << 20
    let longest = SceneFile.maximumLineBytes
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: longest + 1 + chunk)
    defer { buffer.deallocate() }
    var writer = JSONWriter(capacity: 1 << 18)
    var filled = 0
    var lineNumber = 0
    var atEnd = false

    func flush() throws(CommandFailure) {
      guard writer.count > 0 else { return }
      try terminal.output(writer.written)
      writer.truncate(to: 0)
    }
    func answer(_ start: Int, _ end: Int) throws(CommandFailure) {
      lineNumber += 1
      var end = end
      if end > start && buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
      guard end - start <= longest else {
        try flush()
        throw CommandFailure("line \(lineNumber): longer than \(longest >> 20) MiB", status: .badInput)
      }
      do {
        try SceneFile.answer(request, line: UnsafeBufferPointer(rebasing: buffer[start..<end]), into: &writer)
      } catch {
        try flush()
        throw CommandFailure("line \(lineNumber): \(error.description)", status: .badInput)
      }
    }

    while !atEnd {
      let count = try input.read(into: UnsafeMutableBufferPointer(rebasing: buffer[filled..<(filled + chunk)]))
      if count == 0 { atEnd = true }
      filled += count
      var start = 0
      while start < filled, let newline = memchr(buffer.baseAddress! + start, 0x0A, filled - start) {
        let end = buffer.baseAddress!.distance(to: newline.assumingMemoryBound(to: UInt8.self))
        try answer(start, end)
        start = end + 1
      }
      if atEnd && start < filled {
        try answer(start, filled)
        start = filled
      }
      let rest = filled - start
      if rest > longest {
        try flush()
        throw CommandFailure("line \(lineNumber + 1): longer than \(longest >> 20) MiB", status: .badInput)
      }
      if start > 0 && rest > 0 { memmove(buffer.baseAddress!, buffer.baseAddress! + start, rest) }
      filled = rest
      try flush()
    }
  }
}
