import ArrangementSolver

/// Writes answers into one growing byte buffer that is reused from answer to
/// answer (a stream clears it after every flush).
///
/// Two layouts: *pretty*, the array form's (one pane or one region a line,
/// `", "` and `": "` inside a line), and *compact*, the stream's (no white
/// space at all). The compact form of an answer is its pretty form with the
/// white space outside strings taken out.
public struct JSONWriter {
  public var bytes: [UInt8] = []
  /// Indentation of the answer being written, or `nil` for the compact layout.
  var indent: Int?

  public init(capacity: Int = 1 << 16) { bytes.reserveCapacity(capacity) }

  @inline(__always) mutating func raw(_ text: StaticString) {
    bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  @inline(__always) mutating func byte(_ value: UInt8) { bytes.append(value) }

  /// `", "`, or `","` when compact.
  @inline(__always) mutating func comma() { indent == nil ? byte(UInt8(ascii: ",")) : raw(", ") }

  /// A key with its colon: `"name": `, or `"name":` when compact.
  @inline(__always) mutating func key(_ name: StaticString) {
    byte(UInt8(ascii: "\""))
    raw(name)
    indent == nil ? raw("\":") : raw("\": ")
  }

  /// A line break and `extra` spaces past the answer's indentation; nothing when compact.
  @inline(__always) mutating func newline(_ extra: Int = 0) {
    guard let indent else { return }
    byte(UInt8(ascii: "\n"))
    pad(indent + extra)
  }

  /// The answer's own indentation, at the start of its first line.
  mutating func pad(_ count: Int? = nil) {
    for _ in 0..<(count ?? indent ?? 0) { byte(UInt8(ascii: " ")) }
  }

  mutating func bool(_ value: Bool) { value ? raw("true") : raw("false") }

  mutating func string(_ text: StaticString) {
    byte(UInt8(ascii: "\""))
    raw(text)
    byte(UInt8(ascii: "\""))
  }

  /// An integer's decimal digits.
  mutating func integer(_ value: Int64) {
    if value < 0 { byte(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes, room for 20 digits
    withUnsafeMutableBytes(of: &digits) { buffer in
      var position = buffer.count
      repeat {
        position -= 1
        buffer[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude != 0
      bytes.append(contentsOf: buffer[position...])
    }
  }

  /// A number as ``formatNumber(_:)`` writes it: integers below 1e15 without
  /// a fraction, anything else in the shortest form that reads back to the
  /// same `Double`.
  mutating func number(_ value: Double) {
    if value.isFinite && value == value.rounded(.towardZero) && abs(value) < 1e15 {
      integer(Int64(value))
    } else {
      var text = value.description
      text.withUTF8 { bytes.append(contentsOf: $0) }
    }
  }
}

// MARK: - Answers

extension JSONWriter {
  mutating func rect(_ rect: Rect) {
    raw("{")
    key("x")
    number(rect.x)
    comma()
    key("y")
    number(rect.y)
    comma()
    key("width")
    number(rect.width)
    comma()
    key("height")
    number(rect.height)
    raw("}")
  }

  mutating func insets(_ insets: EdgeInsets) {
    raw("{")
    key("top")
    number(insets.top)
    comma()
    key("left")
    number(insets.left)
    comma()
    key("bottom")
    number(insets.bottom)
    comma()
    key("right")
    number(insets.right)
    raw("}")
  }

  /// A shown pane with its size classes; a hidden one without (the file format's rule).
  mutating func pane(_ pane: PaneLayout) {
    raw("{")
    key("visible")
    bool(pane.visible)
    comma()
    key("zIndex")
    integer(Int64(pane.zIndex))
    comma()
    key("frame")
    rect(pane.frame)
    if pane.visible {
      comma()
      key("sizeClass")
      raw("{")
      key("horizontal")
      string(pane.sizeClass.horizontal == .compact ? "compact" : "regular")
      comma()
      key("vertical")
      string(pane.sizeClass.vertical == .compact ? "compact" : "regular")
      raw("}")
    }
    raw("}")
  }

  /// The answer to a scene, one pane a line.
  mutating func solution(_ solution: Solution) {
    pad()
    raw("{")
    newline(2)
    key("splitAxis")
    switch solution.splitAxis {
    case .horizontal?: string("horizontal")
    case .vertical?: string("vertical")
    case nil: raw("null")
    }
    byte(UInt8(ascii: ","))
    newline(2)
    key("primary")
    pane(solution.primary)
    byte(UInt8(ascii: ","))
    newline(2)
    key("secondary")
    pane(solution.secondary)
    newline()
    raw("}")
  }

  mutating func region(_ region: ReservedRegion) {
    raw("{")
    key("id")
    integer(Int64(region.id))
    comma()
    key("kind")
    string(region.kind == .division ? "division" : "occlusion")
    comma()
    key("active")
    bool(region.isActive)
    comma()
    key("frame")
    rect(region.frame)
    comma()
    key("margins")
    insets(region.margins)
    raw("}")
  }

  /// The answer to a region query: `{"regions": [...]}`, one region a line.
  mutating func regions(_ regions: ReservedRegions) {
    pad()
    raw("{")
    key("regions")
    raw("[")
    for (index, region) in regions.enumerated() {
      if index > 0 { byte(UInt8(ascii: ",")) }
      newline(2)
      self.region(region)
    }
    if !regions.isEmpty { newline() }
    raw("]}")
  }

  /// The answer to a displacement request.
  mutating func displacement(_ result: DisplacementResult) {
    pad()
    raw("{")
    newline(2)
    key("elements")
    raw("[")
    for index in 0..<result.elements.count {
      if index > 0 { byte(UInt8(ascii: ",")) }
      newline(4)
      rect(result.elements[index])
    }
    newline(2)
    raw("],")
    newline(2)
    key("area")
    if let area = result.area { rect(area) } else { raw("null") }
    byte(UInt8(ascii: ","))
    newline(2)
    key("shrunk")
    bool(result.shrunk)
    byte(UInt8(ascii: ","))
    newline(2)
    key("offset")
    raw("{")
    key("dx")
    number(result.offset.dx)
    comma()
    key("dy")
    number(result.offset.dy)
    raw("}")
    newline()
    raw("}")
  }

  /// The answer to a grid request: `{"columnCount": 4, "columns": [...]}`,
  /// in the grid's coordinates, leading first.
  mutating func grid(_ grid: GridFit) {
    pad()
    raw("{")
    newline(2)
    key("columnCount")
    let count = grid.columnCount
    integer(Int64(count))
    byte(UInt8(ascii: ","))
    newline(2)
    key("columns")
    raw("[")
    withUnsafeTemporaryAllocation(of: Rect.self, capacity: max(count, 1)) { frames in
      let written = grid.columns(into: frames)
      for index in 0..<written {
        if index > 0 { byte(UInt8(ascii: ",")) }
        newline(4)
        rect(frames[index])
      }
    }
    newline(2)
    raw("]")
    newline()
    raw("}")
  }
}

// MARK: - Scenes as files hold them

extension JSONWriter {
  /// A scene in the file format, every field that differs from its default
  /// (`Scene(json:)` reads it back to the same scene), on one line.
  public mutating func scene(_ scene: Scene) {
    let compact = indent
    indent = nil
    defer { indent = compact }
    raw("{")
    key("container")
    rect(scene.container)
    if scene.safeArea != .zero {
      comma()
      key("safeArea")
      insets(scene.safeArea)
    }
    if let classes = scene.sizeClass {
      comma()
      key("sizeClass")
      raw("{")
      key("horizontal")
      string(classes.horizontal == .compact ? "compact" : "regular")
      comma()
      key("vertical")
      string(classes.vertical == .compact ? "compact" : "regular")
      raw("}")
    }
    if scene.layoutDirection == .rightToLeft {
      comma()
      key("layoutDirection")
      string("rightToLeft")
    }
    if let scale = scene.displayScale {
      comma()
      key("displayScale")
      number(scale)
    }
    if !scene.regions.isEmpty {
      comma()
      key("regions")
      raw("[")
      for (index, region) in scene.regions.enumerated() {
        if index > 0 { comma() }
        self.region(region)
      }
      raw("]")
    }
    if scene.style == .overlay {
      comma()
      key("style")
      string("overlay")
    }
    if scene.axes != .both {
      comma()
      key("axes")
      raw("[")
      if scene.axes.contains(.horizontal) { string("horizontal") }
      if scene.axes == .both { comma() }
      if scene.axes.contains(.vertical) { string("vertical") }
      raw("]")
    }
    if scene.primary != PaneSettings() {
      comma()
      key("primary")
      paneSettings(scene.primary, primary: true)
    }
    if scene.secondary != PaneSettings() {
      comma()
      key("secondary")
      paneSettings(scene.secondary, primary: false)
    }
    raw("}")
  }

  mutating func paneSettings(_ pane: PaneSettings, primary: Bool) {
    raw("{")
    key("layoutPriority")
    number(pane.layoutPriority)
    for (name, range) in [("width", pane.width), ("height", pane.height)] where range != .automatic {
      comma()
      name == "width" ? key("width") : key("height")
      dimensionRange(range)
    }
    if let ideal = pane.idealSize {
      comma()
      key("idealSize")
      raw("{")
      key("width")
      number(ideal.width)
      comma()
      key("height")
      number(ideal.height)
      raw("}")
    }
    if pane.fixedSize {
      comma()
      key("fixedSize")
      raw("true")
    }
    if primary {
      comma()
      key("overlayEdge")
      string(pane.overlayEdge == .leading ? "leading" : "trailing")
      comma()
      key("overlayVerticalEdge")
      string(pane.overlayVerticalEdge == .top ? "top" : "bottom")
    } else {
      comma()
      key("visible")
      bool(pane.visible)
    }
    raw("}")
  }

  mutating func dimensionRange(_ range: DimensionRange) {
    raw("{")
    var first = true
    for (index, bound) in [range.minimum, range.preferred, range.maximum].enumerated() {
      guard let bound else { continue }
      if !first { comma() }
      first = false
      switch index {
      case 0: key("minimum")
      case 1: key("preferred")
      default: key("maximum")
      }
      switch bound {
      case .absolute(let points):
        raw("{")
        key("absolute")
        number(points)
        raw("}")
      case .fractional(let fraction):
        raw("{")
        key("fraction")
        number(fraction)
        raw("}")
      case .intrinsic:
        raw("{")
        key("intrinsic")
        raw("true}")
      }
    }
    raw("}")
  }
}
