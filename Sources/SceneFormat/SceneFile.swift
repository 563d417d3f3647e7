import ArrangementSolver
import StrictJSON

/// Scene files and streams (docs/RULES.md, "Scene files"): what each
/// subcommand reads, and the answers it writes.
///
/// A *document* holds one request, or a JSON array of them answered by an
/// array in the same order (the pretty layout). A *stream* holds one JSON
/// value per line, each answered by one line in the compact layout. Both are
/// read in one pass straight into the solver's values and answered as they
/// are read, into a ``JSONWriter``.
public enum SceneFile {
  /// What the requests of a file are, and so what answers them.
  public enum Request: String, Sendable, CaseIterable {
    /// Scenes, answered by solutions.
    case solve
    /// Region queries, answered by the regions they find.
    case regions
    /// Displacement requests, answered by the moved elements.
    case displace
    /// Grid requests, answered by the columns.
    case grid
    /// Transition requests (R34), answered by one scene answer or by frames.
    case transition
  }

  /// The largest line a stream may hold.
  public static let maximumLineBytes = 1 << 20

  /// Appends the answer to a document (pretty layout, no final line break).
  /// On error nothing is appended. When the document is not JSON at all, that
  /// is the error reported, wherever it is; otherwise the first bad field in
  /// reading order.
  public static func answer(
    _ request: Request, document: UnsafeBufferPointer<UInt8>, into writer: inout JSONWriter
  ) throws(SceneFileError) {
    try answer(request, document, into: &writer, indent: 0)
  }

  /// Reads every request of a document as ``answer(_:document:into:)`` does,
  /// without answering: throws the error it would throw.
  public static func check(_ request: Request, document: UnsafeBufferPointer<UInt8>) throws(SceneFileError) {
    var writer = JSONWriter(capacity: 0)  // never written to: no allocation
    try answer(request, document, into: &writer, indent: 0, answering: false)
  }

  /// Answers a document, handing the answer to `drain` in pieces of about
  /// `piece` bytes, so that memory does not grow with the answer. Check the
  /// document first (``check(_:document:)``): the pieces before an error
  /// would be gone. Returns false when `drain` did (and stops there).
  public static func answer(
    _ request: Request, document: UnsafeBufferPointer<UInt8>, into writer: inout JSONWriter, piece: Int,
    drain: (UnsafeBufferPointer<UInt8>) -> Bool
  ) throws(SceneFileError) -> Bool {
    var drained = true
    do {
      try answer(request, document, into: &writer, indent: 0) { writer throws(SceneFileError) in
        guard writer.count >= piece else { return }
        drained = drain(writer.written)
        writer.truncate(to: 0)
        // Stop solving too: the rest of the answer has nowhere to go.
        if !drained { throw SceneFileError(.root, "the answer could not be written") }
      }
    } catch {
      if !drained { return false }
      throw error
    }
    return drained
  }

  /// Appends the answer to one line of a stream (compact layout, and a line
  /// break). A line of white space only is skipped; on error nothing is appended.
  public static func answer(
    _ request: Request, line: UnsafeBufferPointer<UInt8>, into writer: inout JSONWriter
  ) throws(SceneFileError) {
    guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return }
    try answer(request, line, into: &writer, indent: nil)
    writer.byte(UInt8(ascii: "\n"))
  }

  static func answer(
    _ request: Request, _ bytes: UnsafeBufferPointer<UInt8>, into writer: inout JSONWriter, indent: Int?,
    answering: Bool = true, afterEach: (inout JSONWriter) throws(SceneFileError) -> Void = { _ in }
  ) throws(SceneFileError) {
    let mark = writer.count
    do throws(SceneFileError) {
      try JSONReader.readDocument(bytes) { reader throws(SceneFileError) in
        try answerValue(request, &reader, into: &writer, indent: indent, answering: answering, afterEach: afterEach)
      }
    } catch {
      writer.truncate(to: mark)
      throw error
    }
  }

  /// The answer to a document's value: one request, or an array of them.
  @inline(__always)
  static func answerValue(
    _ request: Request, _ reader: inout JSONReader, into writer: inout JSONWriter, indent: Int?, answering: Bool,
    afterEach: (inout JSONWriter) throws(SceneFileError) -> Void
  ) throws(SceneFileError) {
    if reader.current == UInt8(ascii: "[") {
      let pretty = indent != nil
      writer.indent = indent.map { $0 + 2 }
      if answering { writer.byte(UInt8(ascii: "[")) }
      var count = 0
      try reader.elements { reader, index throws(SceneFileError) in
        if answering && index > 0 { writer.byte(UInt8(ascii: ",")) }
        if answering && pretty { writer.byte(UInt8(ascii: "\n")) }
        try answerOne(request, &reader, into: &writer, answering: answering)
        try afterEach(&writer)
        count += 1
      }
      if answering && count > 0 && pretty { writer.byte(UInt8(ascii: "\n")) }
      if answering { writer.byte(UInt8(ascii: "]")) }
    } else {
      writer.indent = indent
      try answerOne(request, &reader, into: &writer, answering: answering)
    }
  }

  @inline(__always)
  static func answerOne(
    _ request: Request, _ reader: inout JSONReader, into writer: inout JSONWriter, answering: Bool
  ) throws(SceneFileError) {
    switch request {
    case .solve:
      // Read in place and solved in place: a scene built aside is copied into the `var`.
      var scene = Scene(container: .zero)
      try scene.read(from: &reader)
      if answering {
        let (divider, adapted) = (scene.divider != nil, scene.secondary.adapt != .hide)
        if _slowPath(AnswerExtras.needed(by: scene)) {
          // R36, R38: the environment and the scrim are read from the answer.
          let solution = scene.solveInPlace()
          writer.solution(
            solution, divider: divider, adapted: adapted, extras: AnswerExtras(scene: scene, solution: solution))
        } else {
          writer.solution(scene.solveInPlace(), divider: divider, adapted: adapted)
        }
      }
    case .regions:
      let request = try RegionRequest(reading: &reader)
      if answering { writer.regions(request.query.answer(for: request.regions)) }
    case .displace:
      let displacement = try Displacement(reading: &reader)
      if answering { writer.displacement(displacement.displaced()) }
    case .grid:
      let grid = try GridFit(reading: &reader)
      if answering { writer.grid(grid) }
    case .transition:
      let request = try TransitionRequest(reading: &reader)
      if answering { request.answer(into: &writer) }
    }
  }

  /// The answer to a whole document as text (the array form).
  public static func answer(_ request: Request, _ text: String) throws(SceneFileError) -> String {
    var writer = JSONWriter(capacity: 1024)
    try withBytes(text) { bytes throws(SceneFileError) in try answer(request, document: bytes, into: &writer) }
    return String(decoding: writer.written, as: UTF8.self)
  }

  /// The answer to one stream line as text, without its line break.
  public static func answerLine(_ request: Request, _ text: String) throws(SceneFileError) -> String {
    var writer = JSONWriter(capacity: 1024)
    try withBytes(text) { bytes throws(SceneFileError) in try answer(request, line: bytes, into: &writer) }
    return String(decoding: writer.written.dropLast(), as: UTF8.self)
  }

  public static func solve(_ text: String) throws(SceneFileError) -> String { try answer(.solve, text) }
  public static func regions(_ text: String) throws(SceneFileError) -> String { try answer(.regions, text) }
  public static func displace(_ text: String) throws(SceneFileError) -> String { try answer(.displace, text) }
  public static func grid(_ text: String) throws(SceneFileError) -> String { try answer(.grid, text) }
  public static func transition(_ text: String) throws(SceneFileError) -> String { try answer(.transition, text) }
}

extension Scene {
  /// Reads one scene from a document holding one scene object, and validates it.
  public init(json text: String) throws(SceneFileError) {
    self = try withBytes(text) { bytes throws(SceneFileError) in
      try JSONReader.readDocument(bytes) { reader throws(SceneFileError) in try Scene(reading: &reader) }
    }
  }
}

/// A number in JSON as answers write it: integers without a fraction, others
/// in the shortest form that reads back to the same `Double`.
public func jsonNumber(_ value: Double) -> String {
  var writer = JSONWriter(capacity: 32)
  writer.number(value)
  return String(decoding: writer.written, as: UTF8.self)
}

/// Calls `body` with a string's UTF-8 bytes, keeping the error's type.
func withBytes<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) throws(SceneFileError) -> Result)
  throws(SceneFileError) -> Result
{
  var text = text
  let result = text.withUTF8 { bytes in Swift.Result { () throws(SceneFileError) in try body(bytes) } }
  return try result.get()
}
