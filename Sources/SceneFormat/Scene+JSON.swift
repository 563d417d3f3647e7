import ArrangementSolver

// MARK: - Reading scenes (SPEC §8)

extension Scene {
  /// Reads one scene from its JSON object and validates it (R29): every
  /// field is checked, the first bad one is thrown with its path.
  public init(json value: JSONValue, at path: JSONPath = .root) throws(SceneFileError) {
    let object = try ObjectReader(
      value, at: path,
      allowing: [
        "container", "safeArea", "sizeClass", "layoutDirection", "displayScale", "regions", "style", "axes",
        "primary", "secondary",
      ])
    let container = try object.required("container")
    self.init(container: try Rect(json: container.value, at: container.path))
    if let (value, path) = object.optional("safeArea") { safeArea = try EdgeInsets(json: value, at: path) }
    if let (value, path) = object.optional("sizeClass") { sizeClass = try SizeClasses(json: value, at: path) }
    layoutDirection = try object.choice("layoutDirection", Self.directions) ?? .leftToRight
    displayScale = try object.number("displayScale")
    if let (value, path) = object.optional("regions") { regions = try ReservedRegions(json: value, at: path) }
    style = try object.choice("style", ["split": ArrangementStyle.split, "overlay": .overlay]) ?? .split
    if let (value, path) = object.optional("axes") {
      axes = []
      for (element, elementPath) in try readArray(value, at: path) {
        axes.insert(Axes(try readChoice(element, at: elementPath, Self.axisNames)))
      }
    }
    if let (value, path) = object.optional("primary") {
      primary = try PaneSettings(json: value, at: path, role: .primary)
    }
    if let (value, path) = object.optional("secondary") {
      secondary = try PaneSettings(json: value, at: path, role: .secondary)
    }
    if let issue = validate().first { throw SceneFileError(path.appending(relative: issue.path), issue.message) }
  }

  static let directions: KeyValuePairs<String, LayoutDirection> = [
    "leftToRight": .leftToRight, "rightToLeft": .rightToLeft,
  ]
  static let axisNames: KeyValuePairs<String, Axis> = ["horizontal": .horizontal, "vertical": .vertical]
}

extension Rect {
  init(json value: JSONValue, at path: JSONPath) throws(SceneFileError) {
    let object = try ObjectReader(value, at: path, allowing: ["x", "y", "width", "height"])
    func field(_ key: String) throws(SceneFileError) -> Double {
      let (value, path) = try object.required(key)
      return try readNumber(value, at: path)
    }
    self.init(x: try field("x"), y: try field("y"), width: try field("width"), height: try field("height"))
  }
}

extension EdgeInsets {
  init(json value: JSONValue, at path: JSONPath) throws(SceneFileError) {
    let object = try ObjectReader(value, at: path, allowing: ["top", "left", "bottom", "right"])
    self.init(
      top: try object.number("top") ?? 0, left: try object.number("left") ?? 0,
      bottom: try object.number("bottom") ?? 0, right: try object.number("right") ?? 0)
  }
}

extension SizeClasses {
  static let names: KeyValuePairs<String, SizeClass> = ["compact": .compact, "regular": .regular]

  init(json value: JSONValue, at path: JSONPath) throws(SceneFileError) {
    let object = try ObjectReader(value, at: path, allowing: ["horizontal", "vertical"])
    let horizontal = try object.required("horizontal")
    let vertical = try object.required("vertical")
    self.init(
      horizontal: try readChoice(horizontal.value, at: horizontal.path, Self.names),
      vertical: try readChoice(vertical.value, at: vertical.path, Self.names))
  }
}

extension ReservedRegions {
  init(json value: JSONValue, at path: JSONPath) throws(SceneFileError) {
    let elements = try readArray(value, at: path)
    guard elements.count <= Self.capacity else {
      throw SceneFileError(path, "\(elements.count) regions; at most \(Self.capacity) are supported")
    }
    self.init()
    for (element, elementPath) in elements { append(try ReservedRegion(json: element, at: elementPath)) }
  }
}

extension ReservedRegion {
  static let kinds: KeyValuePairs<String, RegionKind> = ["division": .division, "occlusion": .occlusion]

  init(json value: JSONValue, at path: JSONPath) throws(SceneFileError) {
    let object = try ObjectReader(value, at: path, allowing: ["id", "kind", "active", "frame", "margins"])
    let id = try object.required("id")
    let idNumber = try readNumber(id.value, at: id.path)
    guard idNumber == idNumber.rounded(), abs(idNumber) <= 0x1p53 else {
      throw SceneFileError(id.path, "\(formatNumber(idNumber)) is not an integer")
    }
    let kind = try object.required("kind")
    let frame = try object.required("frame")
    self.init(
      id: Int(idNumber),
      kind: try readChoice(kind.value, at: kind.path, Self.kinds),
      frame: try Rect(json: frame.value, at: frame.path),
      margins: try object.optional("margins").map { (value, path) throws(SceneFileError) in
        try EdgeInsets(json: value, at: path)
      } ?? .zero,
      isActive: try object.bool("active") ?? true)
  }
}

/// Which pane an object describes: each has fields the other lacks.
enum PaneRole {
  case primary
  case secondary
}

extension PaneSettings {
  init(json value: JSONValue, at path: JSONPath, role: PaneRole) throws(SceneFileError) {
    var keys: Set<String> = ["layoutPriority", "width", "height", "idealSize", "fixedSize"]
    keys.formUnion(role == .primary ? ["overlayEdge", "overlayVerticalEdge"] : ["visible"])
    let object = try ObjectReader(value, at: path, allowing: keys)
    self.init()
    layoutPriority = try object.number("layoutPriority") ?? 0
    if let (value, path) = object.optional("width") { width = try DimensionRange(json: value, at: path) }
    if let (value, path) = object.optional("height") { height = try DimensionRange(json: value, at: path) }
    if let (value, path) = object.optional("idealSize") {
      let ideal = try ObjectReader(value, at: path, allowing: ["width", "height"])
      let width = try ideal.required("width")
      let height = try ideal.required("height")
      idealSize = Size(
        width: try readNumber(width.value, at: width.path), height: try readNumber(height.value, at: height.path))
    }
    fixedSize = try object.bool("fixedSize") ?? false
    visible = try object.bool("visible") ?? true
    overlayEdge =
      try object.choice("overlayEdge", ["leading": HorizontalEdge.leading, "trailing": .trailing]) ?? .trailing
    overlayVerticalEdge =
      try object.choice("overlayVerticalEdge", ["top": VerticalEdge.top, "bottom": .bottom]) ?? .bottom
  }
}

extension DimensionRange {
  init(json value: JSONValue, at path: JSONPath) throws(SceneFileError) {
    let object = try ObjectReader(value, at: path, allowing: ["minimum", "preferred", "maximum"])
    func bound(_ key: String) throws(SceneFileError) -> Dimension? {
      guard let (value, path) = object.optional(key) else { return nil }
      return try Dimension(json: value, at: path)
    }
    self.init(minimum: try bound("minimum"), preferred: try bound("preferred"), maximum: try bound("maximum"))
  }
}

extension Dimension {
  init(json value: JSONValue, at path: JSONPath) throws(SceneFileError) {
    let object = try ObjectReader(value, at: path, allowing: ["absolute", "fraction", "intrinsic"])
    guard object.members.count == 1, let (value, memberPath) = object.optional(object.members[0].key) else {
      throw SceneFileError(path, "a dimension has exactly one of \"absolute\", \"fraction\" or \"intrinsic\"")
    }
    switch object.members[0].key {
    case "absolute": self = .absolute(try readNumber(value, at: memberPath))
    case "fraction": self = .fractional(try readNumber(value, at: memberPath))
    default:
      guard case .bool(true) = value else { throw SceneFileError(memberPath, "expected true") }
      self = .intrinsic
    }
  }
}

// MARK: - Reading region queries

extension RegionQuery {
  /// Reads a region query and its regions (SPEC §8), validated like a scene.
  public static func read(json value: JSONValue, at path: JSONPath = .root) throws(SceneFileError)
    -> (query: RegionQuery, regions: ReservedRegions)
  {
    let object = try ObjectReader(
      value, at: path,
      allowing: ["view", "kind", "includeInactive", "layoutDirection", "layoutDirectionBehavior", "regions"])
    let view = try object.required("view")
    let kind = try object.required("kind")
    let query = RegionQuery(
      view: try Rect(json: view.value, at: view.path),
      kind: try readChoice(kind.value, at: kind.path, ReservedRegion.kinds),
      includeInactive: try object.bool("includeInactive") ?? false,
      layoutDirection: try object.choice("layoutDirection", Scene.directions) ?? .leftToRight,
      layoutDirectionBehavior: try object.choice(
        "layoutDirectionBehavior", ["mirrors": LayoutDirectionBehavior.mirrors, "fixed": .fixed]) ?? .mirrors)
    var regions = ReservedRegions()
    if let (value, path) = object.optional("regions") { regions = try ReservedRegions(json: value, at: path) }
    if let issue = query.validate(regions: regions).first {
      throw SceneFileError(path.appending(relative: issue.path), issue.message)
    }
    return (query, regions)
  }
}
