import ArrangementSolver

// MARK: - Displacement and grid requests (SPEC §6; schema in the README)

extension Displacement {
  static let purposes: KeyValuePairs<String, ElementPurpose> = [
    "transient": .transient, "control": .control, "distantContent": .distantContent, "contextual": .contextual,
    "scrolling": .scrolling,
  ]

  /// Reads a displacement request, validated like a scene.
  public init(json value: JSONValue, at path: JSONPath = .root) throws(SceneFileError) {
    let object = try ObjectReader(
      value, at: path,
      allowing: ["view", "elements", "purpose", "anchor", "interactive", "layoutDirection", "regions"])
    let view = try object.required("view")
    let elementsField = try object.required("elements")
    let purpose = try object.required("purpose")
    let items = try readArray(elementsField.value, at: elementsField.path)
    guard (1...ElementFrames.capacity).contains(items.count) else {
      throw SceneFileError(
        elementsField.path, "\(items.count) elements; a group has 1 to \(ElementFrames.capacity)")
    }
    var elements = ElementFrames()
    for (item, itemPath) in items { elements.append(try Rect(json: item, at: itemPath, requireSize: true)) }
    var regions = ReservedRegions()
    if let (value, path) = object.optional("regions") { regions = try ReservedRegions(json: value, at: path) }
    self.init(
      view: try Rect(json: view.value, at: view.path, requireSize: true), elements: elements,
      purpose: try readChoice(purpose.value, at: purpose.path, Self.purposes),
      anchor: try object.optional("anchor").map { (value, path) throws(SceneFileError) in
        try Rect(json: value, at: path, requireSize: true)
      },
      isInteractive: try object.bool("interactive"),
      layoutDirection: try object.choice("layoutDirection", Scene.directions) ?? .leftToRight, regions: regions)
    if let issue = RegionQuery(view: self.view, kind: .division).validate(regions: regions).first {
      throw SceneFileError(path.appending(relative: issue.path), issue.message)
    }
  }
}

extension DisplacementResult {
  /// The answer: `{"elements": [...], "area": ..., "shrunk": ..., "offset": {"dx": ..., "dy": ...}}`.
  public func json(indent: Int = 0) -> String {
    let pad = String(repeating: " ", count: indent)
    let frames = (0..<elements.count).map { "\(pad)    \(elements[$0].json)" }.joined(separator: ",\n")
    return """
      \(pad){
      \(pad)  "elements": [
      \(frames)
      \(pad)  ],
      \(pad)  "area": \(area?.json ?? "null"),
      \(pad)  "shrunk": \(shrunk),
      \(pad)  "offset": {"dx": \(jsonNumber(offset.dx)), "dy": \(jsonNumber(offset.dy))}
      \(pad)}
      """
  }
}

extension GridFit {
  /// More columns than this are refused rather than written.
  public static let maximumColumns = 1024

  /// Reads a grid request, validated like a scene.
  public init(json value: JSONValue, at path: JSONPath = .root) throws(SceneFileError) {
    let object = try ObjectReader(
      value, at: path, allowing: ["frame", "minimumCellWidth", "spacing", "margin", "layoutDirection", "regions"])
    let frame = try object.required("frame")
    let cell = try object.required("minimumCellWidth")
    let minimumCellWidth = try readNumber(cell.value, at: cell.path)
    guard minimumCellWidth > 0 else {
      throw SceneFileError(cell.path, "\(formatNumber(minimumCellWidth)) is not positive")
    }
    func length(_ key: String) throws(SceneFileError) -> Double {
      guard let number = try object.number(key) else { return 0 }
      guard number >= 0 else { throw SceneFileError(path.key(key), "\(formatNumber(number)) is negative") }
      return number
    }
    var regions = ReservedRegions()
    if let (value, path) = object.optional("regions") { regions = try ReservedRegions(json: value, at: path) }
    self.init(
      frame: try Rect(json: frame.value, at: frame.path, requireSize: true), minimumCellWidth: minimumCellWidth,
      spacing: try length("spacing"), margin: try length("margin"),
      layoutDirection: try object.choice("layoutDirection", Scene.directions) ?? .leftToRight, regions: regions)
    if let issue = RegionQuery(view: self.frame, kind: .division).validate(regions: regions).first {
      throw SceneFileError(path.appending(relative: issue.path), issue.message)
    }
    guard columnCount <= Self.maximumColumns else {
      throw SceneFileError(cell.path, "gives \(columnCount) columns; at most \(Self.maximumColumns) are supported")
    }
  }

  /// The answer: `{"columnCount": 4, "columns": [...]}` in the grid's coordinates, leading first.
  public func answerJSON(indent: Int = 0) -> String {
    let pad = String(repeating: " ", count: indent)
    var frames = [Rect](repeating: .zero, count: columnCount)
    let count = frames.withUnsafeMutableBufferPointer { columns(into: $0) }
    let lines = frames.prefix(count).map { "\(pad)    \($0.json)" }.joined(separator: ",\n")
    return "\(pad){\n\(pad)  \"columnCount\": \(count),\n\(pad)  \"columns\": [\n\(lines)\n\(pad)  ]\n\(pad)}"
  }
}

extension Rect {
  /// A rectangle whose width and height must not be negative.
  init(json value: JSONValue, at path: JSONPath, requireSize: Bool) throws(SceneFileError) {
    try self.init(json: value, at: path)
    if width < 0 { throw SceneFileError(path.key("width"), "\(formatNumber(width)) is negative") }
    if height < 0 { throw SceneFileError(path.key("height"), "\(formatNumber(height)) is negative") }
  }
}

extension SceneFile {
  /// Answers every displacement request of a document.
  public static func displace(_ document: JSONValue) throws(SceneFileError) -> String {
    try answer(document, read: { value, path throws(SceneFileError) in try Displacement(json: value, at: path) }) {
      $0.displaced().json(indent: $1)
    }
  }

  /// Answers every grid request of a document.
  public static func grid(_ document: JSONValue) throws(SceneFileError) -> String {
    try answer(document, read: { value, path throws(SceneFileError) in try GridFit(json: value, at: path) }) {
      $0.answerJSON(indent: $1)
    }
  }
}
