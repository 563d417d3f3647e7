import BenchmarkRunner
import Foundation
import StrictJSON
import Testing

// The JSON Schemas in results/ are the reference for the result file and the
// history entry: every file the tool writes (and every committed one) must
// validate, and the reader must accept and refuse what the schema does.

/// The folder that holds Package.swift.
private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

private func document(_ relativePath: String) throws -> JSONValue {
  let bytes = try [UInt8](Data(contentsOf: packageRoot.appendingPathComponent(relativePath)))
  return try JSONParser.parse(bytes)
}

/// Checks JSON against a JSON Schema (2020-12) in the keywords the result
/// schemas use. Any other keyword is reported as a fault, so a schema cannot
/// rely on one that goes unchecked here.
enum SchemaValidator {
  /// Where `instance` breaks `schema`, one line per fault; empty when it is valid.
  static func faults(of instance: JSONValue, against schema: JSONValue, at path: JSONPath = .root) -> [String] {
    guard case .object(let keywords) = schema else { return ["\(path): the schema is not an object"] }
    var faults: [String] = []
    func fault(_ message: String) { faults.append("\(path): \(message)") }
    for (keyword, rule) in keywords {
      switch keyword {
      case "$schema", "title", "description": break
      case "type":
        let types = rule.strings
        if !types.contains(where: { instance.isOfType($0) }) {
          fault("expected \(types.joined(separator: " or ")), found \(instance.typeName)")
        }
      case "const": if instance != rule { fault("is not \(rule.json)") }
      case "enum":
        if case .array(let values) = rule, !values.contains(instance) { fault("is none of \(rule.json)") }
      case "minimum": if let order = compare(instance, rule), order < 0 { fault("is below \(rule.json)") }
      case "exclusiveMinimum": if let order = compare(instance, rule), order <= 0 { fault("is not above \(rule.json)") }
      case "maximum": if let order = compare(instance, rule), order > 0 { fault("is above \(rule.json)") }
      case "minLength":
        // Lengths count code points (JSON Schema 2020-12 §6.3.1).
        if case .string(let text) = instance, case .number(let length, _) = rule,
          Double(text.unicodeScalars.count) < length
        {
          fault("is shorter than \(rule.json)")
        }
      case "pattern":
        if case .string(let text) = instance, case .string(let pattern) = rule, !matches(text, pattern) {
          fault("does not match \(rule.json)")
        }
      case "minItems":
        if case .array(let elements) = instance, case .number(let count, _) = rule, Double(elements.count) < count {
          fault("has fewer than \(rule.json) items")
        }
      case "items":
        if case .array(let elements) = instance {
          for (index, element) in elements.enumerated() {
            faults += self.faults(of: element, against: rule, at: path.index(index))
          }
        }
      case "properties":
        if case .object(let properties) = rule {
          for (name, propertySchema) in properties {
            if let value = instance[name] {
              faults += self.faults(of: value, against: propertySchema, at: path.key(name))
            }
          }
        }
      case "required":
        if case .object = instance {
          for name in rule.strings where instance[name] == nil { faults.append("\(path.key(name)): is required") }
        }
      case "additionalProperties":
        guard rule == .bool(false) else {
          fault("unsupported additionalProperties \(rule.json)")
          continue
        }
        if case .object(let members) = instance {
          for member in members where schema["properties"]?[member.key] == nil {
            faults.append("\(path.key(member.key)): is not a property of the schema")
          }
        }
      case "anyOf":
        if case .array(let alternatives) = rule,
          !alternatives.contains(where: { self.faults(of: instance, against: $0, at: path).isEmpty })
        {
          fault("matches none of anyOf")
        }
      default: fault("unsupported keyword \(keyword)")
      }
    }
    return faults
  }

  /// The order of two numbers, exact for integers (2^53 + 1 is above 2^53); `nil` unless both are numbers.
  static func compare(_ a: JSONValue, _ b: JSONValue) -> Int? {
    guard case .number(let x, let xLiteral) = a, case .number(let y, let yLiteral) = b else { return nil }
    if case .int(let i) = JSONReader.wholeNumber(xLiteral.utf8),
      case .int(let j) = JSONReader.wholeNumber(yLiteral.utf8)
    {
      return i < j ? -1 : i == j ? 0 : 1
    }
    return x < y ? -1 : x == y ? 0 : 1
  }

  /// ECMA-262 search semantics. ICU's `$` also matches before a final line
  /// break, so a final `$` (the end of input in ECMA-262) is given as `\z`.
  static func matches(_ text: String, _ pattern: String) -> Bool {
    let icu = pattern.hasSuffix("$") && !pattern.hasSuffix("\\$") ? pattern.dropLast() + "\\z" : pattern
    guard let expression = try? NSRegularExpression(pattern: icu) else { return false }
    return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
  }
}

extension JSONValue {
  /// A string, or the strings of an array (a `type` keyword's names).
  fileprivate var strings: [String] {
    switch self {
    case .string(let text): return [text]
    case .array(let values): return values.compactMap { if case .string(let text) = $0 { text } else { nil } }
    default: return []
    }
  }

  fileprivate func isOfType(_ type: String) -> Bool {
    switch (type, self) {
    case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array),
      ("object", .object):
      return true
    // An integer is a number without a fraction, however written (`5e6` is one).
    case ("integer", .number(_, let literal)): return JSONReader.wholeNumber(literal.utf8) != .fraction
    default: return false
    }
  }

  /// The value as compact JSON text.
  fileprivate var json: String {
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .number(_, let literal): return literal
    case .string(let text): return Self.literal(text)
    case .array(let elements): return "[" + elements.map(\.json).joined(separator: ",") + "]"
    case .object(let members):
      return "{" + members.map { Self.literal($0.key) + ":" + $0.value.json }.joined(separator: ",") + "}"
    }
  }

  private static func literal(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  fileprivate static func integer(_ value: Int) -> JSONValue { .number(Double(value), literal: String(value)) }

  fileprivate func value(at steps: ArraySlice<JSONParser.Step>) -> JSONValue? {
    guard let step = steps.first else { return self }
    switch (self, step) {
    case (.object, .key(let name)): return self[name]?.value(at: steps.dropFirst())
    case (.array(let elements), .index(let index)):
      return elements.indices.contains(index) ? elements[index].value(at: steps.dropFirst()) : nil
    default: return nil
    }
  }

  /// This value with the one at `steps` replaced by `change(old)`; `nil` drops an object's member.
  fileprivate func editing(_ steps: ArraySlice<JSONParser.Step>, _ change: (JSONValue?) -> JSONValue?) -> JSONValue {
    guard let step = steps.first else { return change(self) ?? .null }
    switch (self, step) {
    case (.object(var members), .key(let name)):
      let index = members.firstIndex { sameName($0.key, name) }
      let old = index.map { members[$0].value }
      let new = steps.count == 1 ? change(old) : old?.editing(steps.dropFirst(), change)
      switch (index, new) {
      case (let index?, let value?): members[index].value = value
      case (let index?, nil): members.remove(at: index)
      case (nil, let value?): members.append((name, value))
      case (nil, nil): break
      }
      return .object(members)
    case (.array(var elements), .index(let index)):
      elements[index] =
        steps.count == 1 ? change(elements[index]) ?? .null : elements[index].editing(steps.dropFirst(), change)
      return .array(elements)
    default: return self
    }
  }
}

/// A valid file changed in one place, and whether the schema and the reader must take it.
struct Variant {
  var change: String
  var document: JSONValue
  var accepted: Bool
  /// The field a refusal must name (the refused value is it or inside it).
  var field: JSONPath
  /// For an unknown field: the fields of its object, which the refusal must list.
  var known: Set<String>? = nil
}

/// The variants a schema implies of a file that holds every field it
/// describes: per object, each property dropped, set to null and to a
/// boolean, an unknown one added; per value, each bound crossed (and for a
/// value without one, what the bound would have refused, which is then taken).
struct VariantWalker {
  let schema: JSONValue
  let file: JSONValue
  var variants: [Variant] = []
  /// Properties of the schema the file does not hold, so could not be varied.
  var absent: [String] = []

  init(schema: JSONValue, file: JSONValue) {
    self.schema = schema
    self.file = file
    object(schema, at: [], field: .root)
  }

  static func path(_ steps: [JSONParser.Step]) -> JSONPath {
    steps.reduce(JSONPath.root) { path, step in
      switch step {
      case .key(let name): path.key(name)
      case .index(let index): path.index(index)
      }
    }
  }

  mutating func add(
    _ change: String, at steps: [JSONParser.Step], field: JSONPath, accepted: Bool, _ value: JSONValue?,
    known: Set<String>? = nil
  ) {
    variants.append(
      Variant(
        change: "\(Self.path(steps)): \(change)", document: file.editing(steps[...]) { _ in value },
        accepted: accepted, field: field, known: known))
  }

  mutating func object(_ schema: JSONValue, at steps: [JSONParser.Step], field: JSONPath) {
    guard case .object(let properties)? = schema["properties"] else { return }
    let required = schema["required"]?.strings ?? []
    for (name, propertySchema) in properties {
      let inner = steps + [.key(name)]
      let path = Self.path(inner)
      guard file.value(at: inner[...]) != nil else {
        absent.append(path.description)
        continue
      }
      let isRequired = required.contains(name)
      add("dropped", at: inner, field: path, accepted: !isRequired, nil)
      // The reader takes null for absent.
      add("null", at: inner, field: path, accepted: !isRequired, .null)
      value(propertySchema, at: inner, field: path)
    }
    let unknown = steps + [.key("unexpected")]
    add(
      "unknown field", at: unknown, field: Self.path(unknown), accepted: false, .bool(true),
      known: Set(properties.map(\.key)))
    pairings(schema, at: steps, field: field)
  }

  /// `anyOf` alternatives of constants (a metric's unit and polarity go with its
  /// name): each constant set to the other values its property allows.
  mutating func pairings(_ schema: JSONValue, at steps: [JSONParser.Step], field: JSONPath) {
    guard case .array(let alternatives)? = schema["anyOf"], let instance = file.value(at: steps[...]) else { return }
    for alternative in alternatives {
      guard case .object(let constants)? = alternative["properties"],
        SchemaValidator.faults(of: instance, against: alternative).isEmpty
      else { continue }
      for (name, _) in constants {
        guard case .array(let values)? = schema["properties"]?[name]?["enum"] else { continue }
        for value in values where value != instance[name] {
          let changed = instance.editing([.key(name)]) { _ in value }
          let accepted = alternatives.contains { SchemaValidator.faults(of: changed, against: $0).isEmpty }
          add("\(value.json) with the other fields", at: steps + [.key(name)], field: field, accepted: accepted, value)
        }
      }
    }
  }

  mutating func value(_ schema: JSONValue, at steps: [JSONParser.Step], field: JSONPath) {
    let types = schema["type"]?.strings ?? []
    let current = file.value(at: steps[...])
    if !types.contains("boolean") { add("a boolean", at: steps, field: field, accepted: false, .bool(true)) }
    if types.contains("integer") {
      add("a fraction", at: steps, field: field, accepted: false, .number(1.5, literal: "1.5"))
    }
    var allowed: [JSONValue]? = schema["const"].map { [$0] }
    if case .array(let values)? = schema["enum"] { allowed = values }
    if let allowed {
      let numbers = allowed.compactMap { if case .number(let value, _) = $0 { Int(value) } else { nil } }
      let outside: JSONValue = types.contains("string") ? .string("unknown") : .integer(numbers.max()! + 1)
      add("outside \(JSONValue.array(allowed).json)", at: steps, field: field, accepted: false, outside)
      return
    }
    if types.contains("integer") {
      if case .number(_, let literal)? = schema["maximum"],
        case .int(let maximum) = JSONReader.wholeNumber(literal.utf8)
      {
        add("above the maximum", at: steps, field: field, accepted: false, .integer(maximum + 1))
      }
    }
    if types.contains("integer") || types.contains("number") {
      if case .number(let minimum, _)? = schema["minimum"] {
        add("below the minimum", at: steps, field: field, accepted: false, .integer(Int(minimum) - 1))
      } else if let bound = schema["exclusiveMinimum"] {
        add("at the exclusive minimum", at: steps, field: field, accepted: false, bound)
      } else {
        add("negative, as no minimum forbids", at: steps, field: field, accepted: true, .integer(-1))
      }
    }
    if types.contains("string") {
      add("empty", at: steps, field: field, accepted: schema["minLength"] == nil, .string(""))
      // The reader's names refuse control characters; its other strings take them.
      let control = "a\u{1}b"
      let patternTakes = schema["pattern"].map { SchemaValidator.matches(control, $0.strings[0]) } ?? true
      add("with a control character", at: steps, field: field, accepted: patternTakes, .string(control))
    }
    if types.contains("array"), let items = schema["items"] {
      add("empty", at: steps, field: field, accepted: schema["minItems"] == nil, .array([]))
      if case .array(let elements)? = current, !elements.isEmpty {
        value(items, at: steps + [.index(0)], field: field)
      } else {
        absent.append(Self.path(steps + [.index(0)]).description)
      }
    }
    if types.contains("object") { object(schema, at: steps, field: field) }
  }
}

@Suite("The result and history schemas describe what the writer writes and the reader reads")
struct ResultSchemaTests {
  static let resultSchema = try! document("results/result.schema.json")
  static let historySchema = try! document("results/history-entry.schema.json")

  /// A result with every optional field set, as the tool writes it.
  static var fullResult: RunResult {
    let measurements = (0..<2).map { process in
      ProcessMeasurement(
        title: "scene-file/parse", operations: 4, samples: [812, 790, 845, 801].map { $0 + Double(process) },
        allocationsPerRun: 3, bytesPerRun: 384, instructionsPerOperation: 5968 + Double(process),
        reference: "split/book", bytesProcessed: 4096, peakHeapBytesPerRun: 1040,
        peakResidentBytes: 28_311_552 + 4096 * process)
    }
    let referenced = ProcessMeasurement(
      title: "split/book", operations: 10, samples: [87, 88, 86], allocationsPerRun: 0, bytesPerRun: 0,
      instructionsPerOperation: 664)
    var run = RunResult(
      suite: "default", settings: .quick,
      groups: [GroupResult(merging: measurements), GroupResult(merging: [referenced])], commit: "1697e9a7e904")
    // Set what the machine running the tests may lack.
    run.machine.simd = ["sse4_2", "avx", "avx2"]
    run.machine.kernel = "6.8.0-generic"
    run.machine.maximumMHz = 3500
    run.series = [
      Series(
        title: "grid/columns", section: "grid", name: "columns", xName: "width", yName: "height", unit: "ns/op",
        points: [Series.Point(x: 320, y: 480, value: 1472), Series.Point(x: 640, y: 480, value: 1510)])
    ]
    run.calibration = Calibration(
      cpuNanoseconds: [1.75, 1.85], memoryNanoseconds: [227.3, 221.1], quietProbeNanoseconds: 37_356)
    run.groups[0].contendedSamples = 2
    var counts = Callgrind.Counts(instructions: 23_872, level1Misses: 410, lastLevelMisses: 12)
    counts.events.merge(["Bc": 3_120, "Bcm": 41, "Bi": 16, "Bim": 2]) { $1 }
    run.groups[0].setCounts(counts)
    run.cycleModel = CycleModel.description
    return run
  }

  static func resultRefusal(_ file: JSONValue) -> String? {
    do {
      _ = try RunResult.decode(Array(file.json.utf8), path: "input.json")
      return nil
    } catch {
      return error.description
    }
  }

  static func entryRefusal(_ file: JSONValue) -> String? {
    do {
      _ = try HistoryEntry.decode(Array(file.json.utf8), path: "input.json")
      return nil
    } catch {
      return error.description
    }
  }

  @Test("The committed baseline and history entries, and freshly written files with every field, validate")
  func filesValidate() throws {
    let baseline = try document("results/baselines/default.json")
    #expect(SchemaValidator.faults(of: baseline, against: Self.resultSchema) == [])
    // The reader takes them too: the schema is no stricter than it on real files.
    _ = try RunResult.load(from: packageRoot.appendingPathComponent("results/baselines/default.json").path)
    _ = try HistoryEntry.load(folder: packageRoot.appendingPathComponent("results/history").path)
    let history = try FileManager.default.contentsOfDirectory(
      atPath: packageRoot.appendingPathComponent("results/history").path
    ).filter { $0.hasSuffix(".json") }
    #expect(!history.isEmpty)
    for name in history {
      let entry = try document("results/history/\(name)")
      #expect(SchemaValidator.faults(of: entry, against: Self.historySchema) == [], "\(name)")
    }
    let written = try JSONParser.parse([UInt8](Self.fullResult.encoded()))
    #expect(SchemaValidator.faults(of: written, against: Self.resultSchema) == [])
    let entry = try JSONParser.parse([UInt8](HistoryEntry(Self.fullResult, parent: "27cdb9b").encoded()))
    #expect(SchemaValidator.faults(of: entry, against: Self.historySchema) == [])
  }

  @Test("The validator faults a file at its paths, and a schema keyword it does not check")
  func validatorFaults() throws {
    let written = try JSONParser.parse([UInt8](Self.fullResult.encoded()))
    let broken = written.editing([.key("groups"), .index(0), .key("operations")]) { _ in .number(0.5, literal: "0.5") }
      .editing([.key("machine"), .key("logicalCores")]) { _ in nil }
    #expect(
      SchemaValidator.faults(of: broken, against: Self.resultSchema) == [
        "$.machine.logicalCores: is required", "$.groups[0].operations: expected integer, found a number",
        "$.groups[0].operations: is below 1",
      ])
    // ECMA-262's `$` is the end of the input, not a final line break before it.
    let name = try #require(Self.resultSchema["properties"]?["suite"])
    #expect(SchemaValidator.faults(of: .string("default"), against: name) == [])
    #expect(SchemaValidator.faults(of: .string("default\n"), against: name).count == 1)
    let unsupported = try JSONParser.parse(#"{"type": "string", "format": "date-time"}"#)
    #expect(SchemaValidator.faults(of: .string("x"), against: unsupported) == ["$: unsupported keyword format"])
  }

  /// Checks every variant the schema implies of `file` against `refusal`.
  func agree(_ schema: JSONValue, _ file: JSONValue, _ refusal: (JSONValue) -> String?) -> Int {
    let walker = VariantWalker(schema: schema, file: file)
    #expect(walker.absent == [], "the file to vary lacks these properties of the schema")
    for variant in walker.variants {
      let faults = SchemaValidator.faults(of: variant.document, against: schema)
      #expect(faults.isEmpty == variant.accepted, "schema on \(variant.change): \(faults)")
      let refused = refusal(variant.document)
      guard variant.accepted else {
        guard let message = refused else {
          Issue.record("the reader accepted \(variant.change)")
          continue
        }
        let field = variant.field.description
        #expect(
          [" (", "[", ".", ":"].contains { message.contains(": \(field)\($0)") },
          "the reader's refusal of \(variant.change) does not name \(field): \(message)")
        // An unknown field is refused with the fields the reader knows: they must be those of the schema.
        if let known = variant.known {
          let listed = message.split(separator: "expected one of: ").last.map {
            Set($0.dropLast().split(separator: ", ").map(String.init))
          }
          #expect(listed == known, "\(variant.change): the reader knows \(listed?.sorted() ?? [])")
        }
        continue
      }
      #expect(refused == nil, "the reader refused \(variant.change): \(refused ?? "")")
    }
    return walker.variants.count
  }

  @Test("The reader of result files takes and refuses what the schema does, field by field")
  func resultReaderAgrees() throws {
    let file = try JSONParser.parse([UInt8](Self.fullResult.encoded()))
    #expect(Self.resultRefusal(file) == nil)
    #expect(agree(Self.resultSchema, file, Self.resultRefusal) >= 250)
  }

  @Test("The reader of history entries takes and refuses what the schema does, field by field")
  func historyReaderAgrees() throws {
    let file = try JSONParser.parse([UInt8](HistoryEntry(Self.fullResult, parent: "27cdb9b").encoded()))
    #expect(Self.entryRefusal(file) == nil)
    #expect(agree(Self.historySchema, file, Self.entryRefusal) >= 100)
  }

  @Test("Each metric goes with the unit and polarity the writer gives it")
  func metricPairs() throws {
    let items = try #require(Self.resultSchema["properties"]?["metrics"]?["items"])
    guard case .array(let alternatives)? = items["anyOf"] else {
      Issue.record("metrics have no anyOf")
      return
    }
    let pairs = alternatives.map { alternative in
      ["name", "unit", "polarity"].map { alternative["properties"]?[$0]?["const"]?.strings.first ?? "" }
    }
    #expect(pairs == RunResult.metricDescriptions.map { [$0.name, $0.unit, $0.polarity] })
  }

  @Test("A machine and a calibration are described alike in both schemas (an entry copies them from its run)")
  func sharedParts() {
    for name in ["machine", "calibration"] {
      #expect(Self.resultSchema["properties"]?[name] == Self.historySchema["properties"]?[name], "\(name)")
    }
  }
}
