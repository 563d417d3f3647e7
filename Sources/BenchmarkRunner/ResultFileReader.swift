import StrictJSON

/// Reads a result file as strictly as the scene-file reader reads scenes: in
/// CI the files under `results/` come from the pull request, so whatever they
/// hold is checked before a verdict rests on it. Syntax (with line and
/// column), then shape (every field known, of its type, none missing or
/// repeated), then meaning (unique non-empty titles, finite non-negative
/// quantiles in order and equal to the samples' own, sample counts that agree
/// with the process count, known metrics with their units).
/// Each refusal names the value's JSON path and where it starts.
struct ResultFileReader {
  /// Larger files are refused before they are parsed (a full baseline is under 100 kB).
  static let maximumBytes = 16 << 20

  /// Why the file was refused: the value's path, where it starts, and what is wrong.
  struct Problem: Error {
    var path: String
    /// Where the value starts; `nil` for syntax errors, whose message says where.
    var location: (line: Int, column: Int)?
    var message: String

    var description: String {
      guard let (line, column) = location else { return "\(path): \(message)" }
      return "\(path) (line \(line), column \(column)): \(message)"
    }
  }

  let bytes: [UInt8]

  func read() throws(Problem) -> RunResult {
    guard bytes.count <= Self.maximumBytes else {
      throw Problem(
        path: "$", location: (1, 1),
        message: "\(bytes.count) bytes; a result file has at most \(Self.maximumBytes) bytes")
    }
    return try Node.decode(bytes) { (node) throws(Node.Failure) in try RunResult(node) }
  }
}

/// A value of a document whose syntax has been checked, read where it
/// stands in the bytes (no tree: a run's samples go straight into doubles),
/// with the path that led to it.
struct Node {
  /// The whole document. A node lives only while ``decode(_:_:)`` holds the bytes.
  let document: UnsafeBufferPointer<UInt8>
  /// Where the value starts in `document`.
  let start: Int
  let steps: [JSONParser.Step]

  struct Failure: Error {
    var steps: [JSONParser.Step]
    var message: String

    var path: String {
      steps.reduce(JSONPath.root) { path, step in
        switch step {
        case .key(let name): path.key(name)
        case .index(let index): path.index(index)
        }
      }.description
    }
  }

  /// Checks the syntax of the whole of `bytes`, then reads its value with
  /// `body`: a document that is not JSON is refused as such wherever the
  /// fault is, before any value is looked at.
  static func decode<Value>(_ bytes: [UInt8], _ body: (Node) throws(Failure) -> Value) throws(ResultFileReader.Problem)
    -> Value
  {
    let outcome: Result<Value, Failure>
    do {
      outcome = try bytes.withUnsafeBufferPointer { buffer throws(JSONError) in
        try JSONReader.checkSyntax(buffer)
        do throws(Failure) {
          return .success(try body(Node(document: buffer, start: 0, steps: [])))
        } catch {
          return .failure(error)
        }
      }
    } catch {
      // The reader's message already says where (`malformed JSON at line L, column C: …`).
      throw ResultFileReader.Problem(path: error.path.description, location: nil, message: error.message)
    }
    switch outcome {
    case .success(let value): return value
    case .failure(let failure):
      throw ResultFileReader.Problem(
        path: failure.path, location: JSONParser.location(of: failure.steps, in: bytes), message: failure.message)
    }
  }

  func failure(_ message: String) -> Failure { Failure(steps: steps, message: message) }

  /// A reader at the value.
  var reader: JSONReader {
    var reader = JSONReader(document)
    reader.cursor = reader.start + start
    return reader
  }

  /// Runs `body` on syntax already checked, so it cannot fail.
  @inline(__always) static func checked<T>(_ body: () throws(JSONError) -> T) -> T {
    do {
      return try body()
    } catch {
      preconditionFailure("the document's syntax was checked, yet \(error)")
    }
  }

  var typeName: String {
    switch reader.kind {
    case .object: "an object"
    case .array: "an array"
    case .string: "a string"
    case .number: "a number"
    case .bool: "a boolean"
    case .null: "null"
    case .end, .invalid: "nothing"
    }
  }

  /// An object's members, each read at most once; unknown members are refused.
  struct Members {
    let node: Node
    let members: [(key: String, start: Int)]

    func optional(_ name: String) -> Node? {
      guard let member = members.first(where: { sameName($0.key, name) }) else { return nil }
      let value = Node(document: node.document, start: member.start, steps: node.steps + [.key(name)])
      return value.reader.kind == .null ? nil : value
    }

    func required(_ name: String) throws(Failure) -> Node {
      guard let member = optional(name) else {
        throw Failure(steps: node.steps + [.key(name)], message: "required field is missing")
      }
      return member
    }
  }

  func object(_ known: [String]) throws(Failure) -> Members {
    var reader = self.reader
    guard reader.kind == .object else { throw failure("expected an object, found \(typeName)") }
    var members: [(key: String, start: Int)] = []
    Self.checked { () throws(JSONError) in
      guard try reader.beginObject() else { return }
      repeat {
        let key = try reader.keyString().decoded
        try reader.colon()
        members.append((key, reader.cursor - reader.start))
        try reader.skipValue()
      } while try reader.nextMember()
    }
    for member in members where !known.contains(where: { sameName($0, member.key) }) {
      throw Failure(
        steps: steps + [.key(member.key)], message: "unknown field (expected one of: \(known.joined(separator: ", ")))")
    }
    return Members(node: self, members: members)
  }

  /// An array's elements, each made a node (with its path) only when read.
  struct Elements: RandomAccessCollection {
    let node: Node
    let starts: [Int]

    var startIndex: Int { 0 }
    var endIndex: Int { starts.count }

    subscript(position: Int) -> Node {
      Node(document: node.document, start: starts[position], steps: node.steps + [.index(position)])
    }
  }

  func array() throws(Failure) -> Elements {
    var reader = self.reader
    guard reader.kind == .array else { throw failure("expected an array, found \(typeName)") }
    var starts: [Int] = []
    Self.checked { () throws(JSONError) in
      guard try reader.beginArray() else { return }
      repeat {
        starts.append(reader.cursor - reader.start)
        try reader.skipValue()
      } while try reader.nextElement()
    }
    return Elements(node: self, starts: starts)
  }

  /// An array of finite non-negative numbers, read straight into doubles:
  /// a run's samples, possibly millions, with no value or path per number
  /// (a refused one gets its path and message as ``nonNegative()`` gives them).
  func nonNegativeNumbers() throws(Failure) -> [Double] {
    var reader = self.reader
    guard reader.kind == .array else { throw failure("expected an array, found \(typeName)") }
    var numbers: [Double] = []
    guard Self.checked({ () throws(JSONError) in try reader.beginArray() }) else { return numbers }
    numbers.reserveCapacity(Self.numbersAhead(reader))
    repeat {
      let element = Node(document: document, start: reader.cursor - reader.start, steps: [])
      guard reader.kind == .number else {
        throw Failure(steps: steps + [.index(numbers.count)], message: "expected a number, found \(element.typeName)")
      }
      let (value, literal) = Self.checked { () throws(JSONError) in try reader.number() }
      guard value.isFinite, value >= 0 else {
        let text = excerpt(String(decoding: literal, as: UTF8.self))
        throw Failure(
          steps: steps + [.index(numbers.count)],
          message: value.isFinite ? "\(text) is negative" : "\(text) is not a finite number")
      }
      numbers.append(value)
    } while Self.checked({ () throws(JSONError) in try reader.nextElement() })
    return numbers
  }

  /// How many numbers follow the cursor in an array of numbers: its commas
  /// before the first byte that no number or separator has (the closing `]`),
  /// plus one. Exact for such an array, so its doubles need one allocation.
  static func numbersAhead(_ reader: JSONReader) -> Int {
    var commas = 0
    var pointer = reader.cursor
    scan: while pointer < reader.end {
      switch pointer.pointee {
      case UInt8(ascii: ","): commas += 1
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "+"),
        UInt8(ascii: "e"), UInt8(ascii: "E"), 0x20, 0x0A, 0x0D, 0x09:
        break
      default: break scan
      }
      pointer += 1
    }
    return commas + 1
  }

  func string() throws(Failure) -> String {
    var reader = self.reader
    guard reader.kind == .string else { throw failure("expected a string, found \(typeName)") }
    reader.cursor += 1
    return Self.checked { () throws(JSONError) in try reader.decodeStringBody() }
  }

  func nonEmptyString() throws(Failure) -> String {
    let text = try string()
    guard !text.isEmpty else { throw failure("is empty") }
    guard !text.unicodeScalars.contains(where: { $0.value < 0x20 }) else {
      throw failure("contains a control character")
    }
    return text
  }

  func number() throws(Failure) -> Double {
    var reader = self.reader
    guard reader.kind == .number else { throw failure("expected a number, found \(typeName)") }
    let (number, literal) = Self.checked { () throws(JSONError) in try reader.number() }
    guard number.isFinite else {
      throw failure("\(excerpt(String(decoding: literal, as: UTF8.self))) is not a finite number")
    }
    return number
  }

  func nonNegative() throws(Failure) -> Double {
    let number = try number()
    guard number >= 0 else { throw failure("\(literalText) is negative") }
    return number
  }

  /// A whole number within `range` (larger ones would not fit the field's
  /// type), decided by the literal's digits: a `Double` would round
  /// 9007199254740993 to 2^53 and read 1e-400 as 0.
  func integer(in range: ClosedRange<Int> = 0...(1 << 53)) throws(Failure) -> Int {
    _ = try number()
    var reader = self.reader
    let literal = Self.checked { () throws(JSONError) in try reader.number() }.literal
    switch JSONReader.wholeNumber(literal) {
    case .fraction: throw failure("\(literalText) is not a whole number")
    case .int(let whole) where range.contains(whole): return whole
    default: throw failure("\(literalText) is outside \(range.lowerBound)...\(range.upperBound)")
    }
  }

  /// The number's literal as written (for messages).
  private var literalText: String {
    var reader = self.reader
    guard reader.kind == .number else { return typeName }
    return excerpt(
      String(decoding: Self.checked { () throws(JSONError) in try reader.number() }.literal, as: UTF8.self))
  }
}

extension RunResult {
  fileprivate init(_ node: Node) throws(Node.Failure) {
    let fields = try node.object([
      "schemaVersion", "suite", "machine", "toolchain", "commit", "buildFlags", "date", "settings",
      "instructionCounter", "metrics", "groups", "series", "calibration", "cycleModel", "clock",
    ])
    // The version first: a file of another version is refused as such, whatever else it holds.
    let version = try fields.required("schemaVersion").integer(in: 0...1_000_000)
    guard version == Self.currentSchemaVersion else {
      throw try fields.required("schemaVersion").failure(
        "schema version \(version); this tool reads version \(Self.currentSchemaVersion)")
    }
    schemaVersion = version
    suite = try fields.required("suite").nonEmptyString()
    machine = try MachineFingerprint(decoding: fields.required("machine"))
    toolchain = try fields.required("toolchain").string()
    commit = try fields.required("commit").nonEmptyString()
    buildFlags = try fields.required("buildFlags").string()
    date = try fields.required("date").string()
    settings = try MeasurementSettings(fields.required("settings"))
    instructionCounter = try fields.required("instructionCounter").string()
    metrics = try fields.required("metrics").array().map { (node) throws(Node.Failure) in
      try MetricDescription(node)
    }
    let groupNodes = try fields.required("groups").array()
    guard !groupNodes.isEmpty else { throw try fields.required("groups").failure("no groups") }
    var groups: [GroupResult] = []
    var titles: [String: Int] = [:]
    for node in groupNodes {
      let group = try GroupResult(node)
      if let first = titles[group.title] {
        throw Node.Failure(
          steps: node.steps + [.key("title")], message: "\(quoted(group.title)) is also the title of group \(first)")
      }
      titles[group.title] = groups.count
      groups.append(group)
    }
    self.groups = groups
    series = try fields.optional("series")?.array().map { (node) throws(Node.Failure) in try Series(node) }
    calibration = try fields.optional("calibration").map { (node) throws(Node.Failure) in
      try Calibration(decoding: node)
    }
    cycleModel = try fields.optional("cycleModel")?.nonEmptyString()
    clock = try fields.optional("clock")?.nonEmptyString()
  }
}

extension MachineFingerprint {
  init(decoding node: Node) throws(Node.Failure) {
    let fields = try node.object([
      "architecture", "cpuModel", "logicalCores", "simd", "memoryGiB", "operatingSystem", "kernel", "maximumMHz",
    ])
    architecture = try fields.required("architecture").nonEmptyString()
    cpuModel = try fields.required("cpuModel").nonEmptyString()
    logicalCores = try fields.required("logicalCores").integer(in: 1...1 << 20)
    simd = try fields.required("simd").array().map { (node) throws(Node.Failure) in try node.nonEmptyString() }
    memoryGiB = try fields.required("memoryGiB").integer(in: 0...1 << 30)
    operatingSystem = try fields.required("operatingSystem").string()
    kernel = try fields.optional("kernel")?.string()
    maximumMHz = try fields.optional("maximumMHz")?.nonNegative()
  }
}

extension MeasurementSettings {
  fileprivate init(_ node: Node) throws(Node.Failure) {
    let fields = try node.object(["samples", "minimumSampleNanoseconds", "warmUpNanoseconds"])
    samples = try fields.required("samples").integer(in: 1...1_000_000)
    minimumSampleNanoseconds = UInt64(try fields.required("minimumSampleNanoseconds").integer())
    warmUpNanoseconds = UInt64(try fields.required("warmUpNanoseconds").integer())
  }
}

extension MetricDescription {
  fileprivate init(_ node: Node) throws(Node.Failure) {
    let fields = try node.object(["name", "unit", "polarity", "meaning"])
    let name = try fields.required("name").string()
    self.name = name
    guard let known = RunResult.metricDescriptions.first(where: { $0.name == name }) else {
      throw try fields.required("name").failure(
        "unknown metric \(quoted(name)) (known: \(RunResult.metricDescriptions.map(\.name).joined(separator: ", ")))")
    }
    let unit = try fields.required("unit").string()
    guard unit == known.unit else {
      throw try fields.required("unit").failure("\(name) is measured in \(quoted(known.unit)), not \(quoted(unit))")
    }
    self.unit = unit
    let polarity = try fields.required("polarity").string()
    guard polarity == known.polarity else {
      throw try fields.required("polarity").failure("\(name) is \(quoted(known.polarity)), not \(quoted(polarity))")
    }
    self.polarity = polarity
    meaning = try fields.required("meaning").string()
  }
}

extension GroupResult {
  fileprivate init(_ node: Node) throws(Node.Failure) {
    let fields = try node.object(
      ["title", "operations", "samplesByProcess", "processes", "reference", "contendedSamples"]
        + Metric.all.map(\.name))
    title = try fields.required("title").nonEmptyString()
    operations = try fields.required("operations").integer(in: 1...1 << 40)
    let processNodes = try fields.required("samplesByProcess").array()
    guard !processNodes.isEmpty else { throw try fields.required("samplesByProcess").failure("no processes") }
    samplesByProcess = []
    for process in processNodes {
      let samples = try process.nonNegativeNumbers()
      guard !samples.isEmpty else { throw process.failure("a process with no samples") }
      samplesByProcess.append(samples)
    }
    processes = try fields.required("processes").integer(in: 1...1_000_000)
    guard processes == samplesByProcess.count else {
      throw try fields.required("processes").failure(
        "\(processes) processes, but samplesByProcess holds \(samplesByProcess.count)")
    }
    nanosecondsPerOperation = try Quantiles(fields.required("nanosecondsPerOperation"))
    let computed = Quantiles(samplesByProcess: samplesByProcess)
    guard nanosecondsPerOperation == computed else {
      throw try fields.required("nanosecondsPerOperation").failure(
        "the quantiles are not those of samplesByProcess (median \(computed.median) there)")
    }
    throughput = try fields.required("throughput").nonNegative()
    reference = try fields.optional("reference")?.nonEmptyString()
    for metric in Metric.scalars {
      guard let field = metric.required ? try fields.required(metric.name) : fields.optional(metric.name) else {
        continue
      }
      values[metric.name] = metric.integral ? Double(try field.integer()) : try field.nonNegative()
    }
    contendedSamples = try fields.optional("contendedSamples")?.integer()
  }
}

extension Quantiles {
  fileprivate init(_ node: Node) throws(Node.Failure) {
    let names = ["min", "p25", "median", "p75", "p90", "p99", "max"]
    let fields = try node.object(names)
    var values: [Double] = []
    for name in names {
      let value = try fields.required(name).nonNegative()
      if let previous = values.last, value < previous {
        throw try fields.required(name).failure("\(value) is below \(names[values.count - 1]) (\(previous))")
      }
      values.append(value)
    }
    (min, p25, median, p75, p90, p99, max) = (
      values[0], values[1], values[2], values[3], values[4], values[5], values[6]
    )
  }
}

extension Series {
  fileprivate init(_ node: Node) throws(Node.Failure) {
    let fields = try node.object(["title", "section", "name", "xName", "yName", "unit", "points"])
    title = try fields.required("title").nonEmptyString()
    section = try fields.optional("section")?.nonEmptyString()
    name = try fields.optional("name")?.nonEmptyString()
    xName = try fields.required("xName").nonEmptyString()
    yName = try fields.optional("yName")?.nonEmptyString()
    unit = try fields.required("unit").nonEmptyString()
    points = try fields.required("points").array().map { (node) throws(Node.Failure) in
      let point = try node.object(["x", "y", "value"])
      return Point(
        x: try point.required("x").number(), y: try point.optional("y")?.number(),
        value: try point.required("value").nonNegative())
    }
  }
}

extension Calibration {
  init(decoding node: Node) throws(Node.Failure) {
    let fields = try node.object(["cpuNanoseconds", "memoryNanoseconds", "quietProbeNanoseconds"])
    func medians(_ name: String) throws(Node.Failure) -> [Double] {
      let values = try fields.required(name).array().map { (node) throws(Node.Failure) in try node.nonNegative() }
      guard !values.isEmpty, !values.contains(0) else {
        throw try fields.required(name).failure("needs one positive time per worker process")
      }
      return values
    }
    self.init(cpuNanoseconds: try medians("cpuNanoseconds"), memoryNanoseconds: try medians("memoryNanoseconds"))
    if let node = fields.optional("quietProbeNanoseconds") {
      let value = try node.nonNegative()
      guard value > 0 else { throw node.failure("a probe takes more than 0 ns") }
      quietProbeNanoseconds = value
    }
  }
}
