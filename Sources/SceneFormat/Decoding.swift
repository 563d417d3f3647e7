import ArrangementSolver
import StrictJSON

// MARK: - Reading objects member by member

/// The names an object's fields, or a string's values, may take.
struct NameList: @unchecked Sendable {
  /// One name, with its first eight bytes as a word (zero-padded) for a one-step compare.
  struct Name {
    let text: StaticString
    let bytes: UnsafePointer<UInt8>
    let count: Int
    let head: UInt64
  }

  // Note (0fd8870): held in storage that is never freed, not in an `Array`: reading a
  // static array retains and releases it on every use, and `StaticString`'s
  // accessors check their representation on every call; the two cost more
  // than the comparisons (callgrind: ~85 instructions a key, now ~15).
  let names: UnsafeBufferPointer<Name>

  init(_ texts: [StaticString]) {
    let storage = UnsafeMutableBufferPointer<Name>.allocate(capacity: texts.count)
    for (index, text) in texts.enumerated() {
      var head: UInt64 = 0
      for offset in 0..<min(8, text.utf8CodeUnitCount) {
        head |= UInt64(text.utf8Start[offset]) << (8 * UInt64(offset))
      }
      storage[index] = Name(text: text, bytes: text.utf8Start, count: text.utf8CodeUnitCount, head: head)
    }
    names = UnsafeBufferPointer(storage)
  }

  /// The index of `key`, trying `hint` first (fields usually come in order).
  @inline(__always) func index(of key: JSONReader.Key, hint: Int = 0) -> Int? {
    if _slowPath(key.needsDecoding) { return decodedIndex(of: key) }
    let head = key.head
    if hint < names.count && matches(key, head, names[hint]) { return hint }
    for index in names.indices where index != hint && matches(key, head, names[index]) { return index }
    return nil
  }

  /// The index of a key with escapes or bytes above ASCII, by the text it
  /// spells. Out of line, behind `_slowPath`: inlined, or without the hint,
  /// this rare path cost the loop over a scene's members two spills a key
  /// (callgrind, scene-file/parse: 5,980 instructions a scene, not 5,968).
  @inline(never) func decodedIndex(of key: JSONReader.Key) -> Int? {
    names.firstIndex { key.isExactly(UnsafeBufferPointer(start: $0.bytes, count: $0.count)) }
  }

  @inline(__always) func matches(_ key: JSONReader.Key, _ head: UInt64, _ name: Name) -> Bool {
    guard key.bytes.count == name.count, head == name.head else { return false }
    guard name.count > 8 else { return true }
    for offset in 8..<name.count where key.bytes[offset] != name.bytes[offset] { return false }
    return true
  }

  /// `expected one of: a, b`, the names sorted (for fields).
  var expectation: String {
    "expected one of: " + names.map { "\($0.text)" }.sorted().joined(separator: ", ")
  }

  /// `"a", "b"` in their order (for values).
  var quotedList: String { names.map { "\"\($0.text)\"" }.joined(separator: ", ") }
}

extension JSONReader {
  /// Reads every member of an object, calling `body` with the field's index
  /// in `fields` while the cursor is on its value. A field given as `null` is
  /// left out. Unknown and repeated fields are errors; errors inside a value
  /// name the field.
  @inline(__always)
  mutating func members(
    _ fields: NameList, _ body: (inout JSONReader, Int) throws(SceneFileError) -> Void
  ) throws(SceneFileError) {
    guard try beginObject() else { return }
    var seen: UInt32 = 0
    var hint = 0
    repeat {
      skipWhitespace()
      var field: Int
      if let expected = expectedKey(fields, hint) {
        field = expected
      } else {
        let key = try keyString()
        guard let found = fields.index(of: key, hint: hint) else {
          throw SceneFileError(.root, "unknown field (\(fields.expectation))").under(key: key.decoded)
        }
        field = found
      }
      guard seen & (1 << field) == 0 else { throw failure("duplicate key").under(key: "\(fields.names[field].text)") }
      seen |= 1 << field
      hint = field + 1
      try colon()
      do {
        if try skipNull() { continue }
        try body(&self, field)
      } catch {
        throw error.under(key: "\(fields.names[field].text)")
      }
    } while try nextMember()
  }

  /// Consumes the quoted name of field `hint` if it is next, byte for byte
  /// (fields usually come in order, so most keys are read by one word compare).
  @inline(__always)
  mutating func expectedKey(_ fields: NameList, _ hint: Int) -> Int? {
    guard hint < fields.names.count else { return nil }
    let name = fields.names[hint]
    guard end - cursor >= 10 + name.count, cursor.pointee == UInt8(ascii: "\"") else { return nil }
    var word = UnsafeRawPointer(cursor + 1).loadUnaligned(as: UInt64.self)
    if name.count < 8 { word &= (1 << (8 * UInt64(name.count))) &- 1 }
    guard word == name.head, cursor[name.count + 1] == UInt8(ascii: "\"") else { return nil }
    if name.count > 8 {
      for offset in 8..<name.count where cursor[offset + 1] != name.bytes[offset] { return nil }
    }
    cursor += name.count + 2
    return hint
  }

  /// Reads the elements of an array, calling `body` with each index.
  @inline(__always)
  mutating func elements(_ body: (inout JSONReader, Int) throws(SceneFileError) -> Void) throws(SceneFileError) {
    guard try beginArray() else { return }
    var index = 0
    repeat {
      do { try body(&self, index) } catch { throw error.under(index: index) }
      index += 1
    } while try nextElement()
  }

  /// Counts the elements left in an array from the one at the cursor, which
  /// is element `first`, for a message about the array's length. An error
  /// inside one of them keeps its index, as a read element's would.
  mutating func remainingElements(from first: Int) throws(SceneFileError) -> Int {
    var count = 0
    repeat {
      do { try skipValue() } catch { throw error.under(index: first + count) }
      count += 1
    } while try nextElement()
    return count
  }

  /// One of a fixed set of strings: its index in `names`.
  mutating func choice(_ names: NameList) throws(SceneFileError) -> Int {
    let key = try rawString()
    if let index = names.index(of: key) { return index }
    throw SceneFileError(.root, "unknown value \(quoted(key.decoded)) (expected one of: \(names.quotedList))")
  }
}

/// `required field is missing` at `$.name`.
func missing(_ name: String) -> SceneFileError { SceneFileError(JSONPath.root.key(name), "required field is missing") }

/// A solver issue (`validate()`) as a file error at its field.
func fileError(_ issue: SceneIssue) -> SceneFileError {
  SceneFileError(JSONPath.root.appending(relative: issue.path), issue.message)
}

// MARK: - Values shared by every request

enum Names {
  static let directions = NameList(["leftToRight", "rightToLeft"])
  static let kinds = NameList(["division", "occlusion"])
  static let sizeClasses = NameList(["compact", "regular"])
  static let axes = NameList(["horizontal", "vertical"])
  static let styles = NameList(["split", "overlay"])
  static let horizontalEdges = NameList(["leading", "trailing"])
  static let verticalEdges = NameList(["top", "bottom"])
  static let behaviors = NameList(["mirrors", "fixed"])
  static let purposes = NameList(["transient", "control", "distantContent", "contextual", "scrolling"])
  // The third generation (R31–R33); orders are the solver's raw values.
  static let foldPolicies = NameList(["avoidSeparating", "alwaysAvoid", "neverAvoid"])
  static let foldAxes = NameList(["vertical", "horizontal"])
  static let adaptStrategies = NameList(["hide", "reflow", "levitate"])
  // The fourth generation (R36–R39); orders are the solver's raw values.
  static let dividerSteps = NameList(["next", "previous", "first", "last"])
  static let alignments = NameList([
    "center", "top", "bottom", "leading", "trailing", "topLeading", "topTrailing", "bottomLeading", "bottomTrailing",
  ])
}

extension LayoutDirection {
  init(reading reader: inout JSONReader) throws(SceneFileError) {
    self = try reader.choice(Names.directions) == 0 ? .leftToRight : .rightToLeft
  }
}

/// The four numbers of a rectangle or of insets, in field order.
typealias FourNumbers = (Double, Double, Double, Double)

extension JSONReader {
  /// An object of four number fields: its compact form, the fields in order
  /// with no white space (`compact` holds what stands before each number),
  /// matched at once; anything else (spaces, another order, a missing field,
  /// an error) read field by field from the start. Missing fields are errors
  /// when `required`, else 0.
  ///
  /// Note (39b021e): the compact form is what this tool writes; callgrind, 3,000 scenes:
  /// ~700 → ~350 instructions a rectangle.
  @inline(__always)
  mutating func fourNumbers(
    _ fields: @autoclosure () -> NameList, compact: (StaticString, StaticString, StaticString, StaticString),
    required: Bool, plain: inout Bool
  ) throws(SceneFileError) -> FourNumbers {
    let start = cursor
    if literal(compact.0), let a = simpleNumber(), literal(compact.1), let b = simpleNumber(), literal(compact.2),
      let c = simpleNumber(), literal(compact.3), let d = simpleNumber(), literal("}")
    {
      return (a, b, c, d)
    }
    cursor = start
    plain = false
    // The names only now: reading a static list costs a `swift_once` a call.
    let fields = fields()
    var values: FourNumbers = (0, 0, 0, 0)
    var given = 0
    try members(fields) { reader, field throws(SceneFileError) in
      let value = try reader.finiteNumber()
      switch field {
      case 0: values.0 = value
      case 1: values.1 = value
      case 2: values.2 = value
      default: values.3 = value
      }
      given |= 1 << field
    }
    if required && given != 0b1111 {
      for field in 0..<4 where given & (1 << field) == 0 { throw missing("\(fields.names[field].text)") }
    }
    return values
  }
}

extension Rect {
  static let fields = NameList(["x", "y", "width", "height"])

  init(reading reader: inout JSONReader) throws(SceneFileError) {
    var plain = true
    try self.init(reading: &reader, plain: &plain)
  }

  /// Reads a rectangle; clears `plain` unless it was read in the compact form
  /// with a width and height within R29's bounds.
  init(reading reader: inout JSONReader, plain: inout Bool) throws(SceneFileError) {
    let (x, y, width, height) = try reader.fourNumbers(
      Self.fields, compact: (#"{"x":"#, #","y":"#, #","width":"#, #","height":"#), required: true, plain: &plain)
    if !(SceneBounds.isLength(width) && SceneBounds.isLength(height)) { plain = false }
    self.init(x: x, y: y, width: width, height: height)
  }

  /// A rectangle whose width and height must not be negative.
  init(readingSized reader: inout JSONReader) throws(SceneFileError) {
    try self.init(reading: &reader)
    if !SceneBounds.isLength(width) {
      throw SceneFileError(JSONPath.root.key("width"), "\(formatNumber(width)) is negative")
    }
    if !SceneBounds.isLength(height) {
      throw SceneFileError(JSONPath.root.key("height"), "\(formatNumber(height)) is negative")
    }
  }
}

extension EdgeInsets {
  static let fields = NameList(["top", "left", "bottom", "right"])

  init(reading reader: inout JSONReader) throws(SceneFileError) {
    var plain = true
    try self.init(reading: &reader, plain: &plain)
  }

  /// Reads insets; clears `plain` unless they were read in the compact form within R29's bounds.
  init(reading reader: inout JSONReader, plain: inout Bool) throws(SceneFileError) {
    let (top, left, bottom, right) = try reader.fourNumbers(
      Self.fields, compact: (#"{"top":"#, #","left":"#, #","bottom":"#, #","right":"#), required: false,
      plain: &plain)
    if !(SceneBounds.isLength(top) && SceneBounds.isLength(left) && SceneBounds.isLength(bottom)
      && SceneBounds.isLength(right))
    {
      plain = false
    }
    self.init(top: top, left: left, bottom: bottom, right: right)
  }
}

extension SizeClasses {
  static let fields = NameList(["horizontal", "vertical"])

  init(reading reader: inout JSONReader) throws(SceneFileError) {
    var classes: (horizontal: SizeClass?, vertical: SizeClass?) = (nil, nil)
    try reader.members(Self.fields) { reader, field throws(SceneFileError) in
      let value: SizeClass = try reader.choice(Names.sizeClasses) == 0 ? .compact : .regular
      if field == 0 { classes.horizontal = value } else { classes.vertical = value }
    }
    guard let horizontal = classes.horizontal else { throw missing("horizontal") }
    guard let vertical = classes.vertical else { throw missing("vertical") }
    self.init(horizontal: horizontal, vertical: vertical)
  }
}

extension ReservedRegions {
  init(reading reader: inout JSONReader) throws(SceneFileError) {
    self.init()
    var plain = true
    try read(from: &reader, plain: &plain)
  }

  /// Reads a region array into this (empty) list, in place; clears `plain`
  /// unless every region was read in the compact form with valid numbers.
  mutating func read(from reader: inout JSONReader, plain: inout Bool) throws(SceneFileError) {
    guard try reader.beginArray() else { return }
    var index = 0
    repeat {
      guard index < Self.capacity else {
        let count = index + (try reader.remainingElements(from: index))
        throw SceneFileError(.root, "\(count) regions; at most \(Self.capacity) are supported")
      }
      do { append(try ReservedRegion(reading: &reader, plain: &plain)) } catch { throw error.under(index: index) }
      index += 1
    } while try reader.nextElement()
  }
}

extension ReservedRegion {
  static let fields = NameList(["id", "kind", "active", "frame", "margins"])

  init(reading reader: inout JSONReader, plain: inout Bool) throws(SceneFileError) {
    // Note (404ef8f): the compact form this tool writes (id, kind, then active, frame and
    // margins as present), matched at once; anything else is read field by field
    // from the start, which also reports any error. Callgrind: ~1.4k → ~0.6k instructions a region.
    let start = reader.cursor
    if reader.literal(#"{"id":"#), let number = reader.simpleNumber(), number.magnitude <= 0x1p53,
      Double(Int64(number)) == number
    {
      let kind: RegionKind? =
        reader.literal(#","kind":"division""#) ? .division : reader.literal(#","kind":"occlusion""#) ? .occlusion : nil
      let isActive = reader.literal(#","active":false"#) ? false : (reader.literal(#","active":true"#) || true)
      var compact = true
      if let kind, reader.literal(#","frame":"#), let frame = try? Rect(reading: &reader, plain: &compact) {
        var margins: EdgeInsets? = .zero
        if reader.literal(#","margins":"#) { margins = try? EdgeInsets(reading: &reader, plain: &compact) }
        if let margins, reader.literal("}") {
          if !compact { plain = false }
          self.init(id: Int(number), kind: kind, frame: frame, margins: margins, isActive: isActive)
          return
        }
      }
    }
    reader.cursor = start
    plain = false
    var id: Int?
    var kind: RegionKind?
    var frame: Rect?
    var margins = EdgeInsets.zero
    var isActive = true
    try reader.members(Self.fields) { reader, field throws(SceneFileError) in
      switch field {
      case 0: id = try reader.regionID()
      case 1: kind = try reader.choice(Names.kinds) == 0 ? .division : .occlusion
      case 2: isActive = try reader.readBool()
      case 3: frame = try Rect(reading: &reader)
      default: margins = try EdgeInsets(reading: &reader)
      }
    }
    guard let id else { throw missing("id") }
    guard let kind else { throw missing("kind") }
    guard let frame else { throw missing("frame") }
    self.init(id: id, kind: kind, frame: frame, margins: margins, isActive: isActive)
  }
}

// MARK: - Scenes (the file format's first kind)

extension Scene {
  static let fields = NameList([
    "container", "safeArea", "sizeClass", "layoutDirection", "displayScale", "regions", "style", "axes",
    "primary", "secondary", "spacing", "divider", "foldPolicy", "foldAxes", "environment",
  ])

  /// Reads one scene object and validates it (R29): the first bad field is
  /// thrown with its path.
  init(reading reader: inout JSONReader) throws(SceneFileError) {
    self.init(container: .zero)
    try read(from: &reader)
  }

  /// Reads one scene object into this scene, in place: a scene is ~1 KB, and
  /// building it aside and assigning it cost two copies of it per scene.
  ///
  /// Note (c45127b): validation walks the whole scene (~700 instructions, callgrind,
  /// scene-file/parse); it runs only when some value was not read in its
  /// compact form within the bounds R29 sets (`SceneBounds`, which the
  /// validator asks too), and then reports the first issue in field order.
  mutating func read(from reader: inout JSONReader) throws(SceneFileError) {
    if try !readFields(from: &reader), let issue = validate().first { throw fileError(issue) }
  }

  /// Reads the scene's fields without validating them; returns whether every
  /// number was read in its compact form within R29's bounds, which is when
  /// the scene is valid without `validate()`. Every number here is finite
  /// (`simpleNumber()` reads at most 15 digits, `finiteNumber()` refuses the
  /// rest), so the other bounds are asked of finite numbers, as `SceneBounds` needs.
  @inline(__always)
  mutating func readFields(from reader: inout JSONReader) throws(SceneFileError) -> Bool {
    var hasContainer = false
    var plain = true
    try reader.members(Self.fields) { reader, field throws(SceneFileError) in
      switch field {
      case 0:
        container = try Rect(reading: &reader, plain: &plain)
        hasContainer = true
      case 1: safeArea = try EdgeInsets(reading: &reader, plain: &plain)
      case 2: sizeClass = try SizeClasses(reading: &reader)
      case 3: layoutDirection = try LayoutDirection(reading: &reader)
      case 4:
        let scale = try reader.finiteNumber()
        if !SceneBounds.isScale(scale) { plain = false }
        displayScale = scale
      case 5: try regions.read(from: &reader, plain: &plain)
      case 6: style = try reader.choice(Names.styles) == 0 ? .split : .overlay
      case 7:
        var axes: Axes = []
        try reader.elements { reader, _ throws(SceneFileError) in
          axes.insert(Axes(try reader.choice(Names.axes) == 0 ? .horizontal : .vertical))
        }
        self.axes = axes
      case 8: primary = try PaneSettings(reading: &reader, role: .primary, plain: &plain)
      case 9:
        // The object form of `adapt` read aside: `levitation` is packed, and an
        // `inout` of it would unpack and repack it for every secondary.
        var object: Levitation?
        secondary = try PaneSettings(reading: &reader, role: .secondary, plain: &plain, levitation: &object)
        if let object { levitation = object }
      // The third generation (R30–R32, RULES.md §8.2): values out of range are left to `validate()`.
      case 10:
        let length = try reader.finiteNumber()
        if !SceneBounds.isLength(length) { plain = false }
        spacing = length
      case 11: divider = try Divider(reading: &reader, plain: &plain)
      case 12: foldPolicy = FoldPolicy(rawValue: UInt8(try reader.choice(Names.foldPolicies)))!
      case 13: foldAxes = try Axes(readingFoldAxes: &reader)
      default: environment = try EnvironmentRequest(reading: &reader)
      }
    }
    guard hasContainer else { throw missing("container") }
    return plain
  }

  /// Reads one scene from a document without validating it, and whether
  /// reading it skipped `validate()` (every number in its compact form within
  /// R29's bounds): for tests that hold that fast path to the validator.
  package static func readSkippingValidation(json text: String) throws(SceneFileError) -> (
    scene: Scene, skipsValidation: Bool
  ) {
    try withBytes(text) { bytes throws(SceneFileError) in
      try JSONReader.readDocument(bytes) { reader throws(SceneFileError) in
        var scene = Scene(container: .zero)
        let plain = try scene.readFields(from: &reader)
        return (scene, plain)
      }
    }
  }
}

/// Which pane an object describes: each has fields the other lacks.
enum PaneRole {
  case primary
  case secondary
}

extension PaneSettings {
  static let primaryFields = NameList([
    "layoutPriority", "width", "height", "idealSize", "fixedSize", "overlayEdge", "overlayVerticalEdge",
  ])
  /// The secondary's fields: the primary's first five, then `visible`, the
  /// overlay edges (either pane's since R35) and `adapt` (R33), in the writer's order.
  static let secondaryFields = NameList([
    "layoutPriority", "width", "height", "idealSize", "fixedSize", "visible", "overlayEdge", "overlayVerticalEdge",
    "adapt",
  ])
  static let idealFields = NameList(["width", "height"])
  static let fixedFields = NameList(["horizontal", "vertical"])

  /// Reads a pane's settings; clears `plain` unless they were read in the
  /// compact form, which takes only values valid under R29.
  init(reading reader: inout JSONReader, role: PaneRole, plain: inout Bool) throws(SceneFileError) {
    var levitation: Levitation?
    try self.init(reading: &reader, role: role, plain: &plain, levitation: &levitation)
  }

  /// Reads a pane's settings, and into `levitation` the object form of the
  /// secondary's `adapt` (R38), which the scene holds.
  init(
    reading reader: inout JSONReader, role: PaneRole, plain: inout Bool, levitation: inout Levitation?
  ) throws(SceneFileError) {
    // Note: the compact form this tool writes, matched at once; anything else
    // is read field by field from the start (which also reports any error).
    let start = reader.cursor
    if let pane = Self.compact(&reader, role: role) {
      self = pane
      return
    }
    reader.cursor = start
    plain = false
    var pane = PaneSettings()
    try reader.members(role == .primary ? Self.primaryFields : Self.secondaryFields) {
      reader, field throws(SceneFileError) in
      switch field {
      case 0: pane.layoutPriority = try reader.finiteNumber()
      case 1: pane.width = try DimensionRange(reading: &reader)
      case 2: pane.height = try DimensionRange(reading: &reader)
      case 3:
        var size: (width: Double?, height: Double?) = (nil, nil)
        try reader.members(Self.idealFields) { reader, field throws(SceneFileError) in
          let value = try reader.finiteNumber()
          if field == 0 { size.width = value } else { size.height = value }
        }
        guard let width = size.width else { throw missing("width") }
        guard let height = size.height else { throw missing("height") }
        pane.idealSize = Size(width: width, height: height)
      case 4: pane.fixedSize = try FixedLayoutSize(reading: &reader)
      default:
        // The primary's 5 and 6 are the secondary's 6 and 7: the secondary has `visible` between.
        switch role == .primary ? field + 1 : field {
        case 5: pane.visible = try reader.readBool()
        case 6: pane.overlayEdge = try reader.choice(Names.horizontalEdges) == 0 ? .leading : .trailing
        case 7: pane.overlayVerticalEdge = try reader.choice(Names.verticalEdges) == 0 ? .top : .bottom
        default:
          guard reader.kind == .object else {
            pane.adapt = AdaptStrategy(rawValue: UInt8(try reader.choice(Names.adaptStrategies)))!
            return
          }
          levitation = try Levitation(readingAdapt: &reader, plain: &plain)
          pane.adapt = .levitate
        }
      }
    }
    self = pane
  }
}

extension PaneSettings {
  /// The compact form: the fields present, in the writer's order, each in its
  /// compact form, with an ideal size within R29's bounds; `nil` (the cursor
  /// then anywhere) for anything else.
  @inline(__always)
  static func compact(_ reader: inout JSONReader, role: PaneRole) -> PaneSettings? {
    var pane = PaneSettings()
    var any = false
    @inline(__always) func key(_ first: StaticString, _ next: StaticString, _ reader: inout JSONReader) -> Bool {
      guard reader.literal(any ? next : first) else { return false }
      any = true
      return true
    }
    if key(#"{"layoutPriority":"#, #","layoutPriority":"#, &reader) {
      guard let priority = reader.simpleNumber() else { return nil }
      pane.layoutPriority = priority
    }
    if key(#"{"width":"#, #","width":"#, &reader) {
      guard let range = DimensionRange.compact(&reader) else { return nil }
      pane.width = range
    }
    if key(#"{"height":"#, #","height":"#, &reader) {
      guard let range = DimensionRange.compact(&reader) else { return nil }
      pane.height = range
    }
    if key(#"{"idealSize":{"width":"#, #","idealSize":{"width":"#, &reader) {
      guard let width = reader.simpleNumber(), reader.literal(#","height":"#), let height = reader.simpleNumber(),
        reader.literal("}"), SceneBounds.isLength(width), SceneBounds.isLength(height)
      else { return nil }
      pane.idealSize = Size(width: width, height: height)
    }
    if key(#"{"fixedSize":true"#, #","fixedSize":true"#, &reader) {
      pane.fixedSize = true
    } else if key(#"{"fixedSize":false"#, #","fixedSize":false"#, &reader) {
      pane.fixedSize = false
    } else if key(#"{"fixedSize":{"horizontal":true}"#, #","fixedSize":{"horizontal":true}"#, &reader) {
      pane.fixedSize = FixedLayoutSize(horizontal: true, vertical: false)  // R35: the writer's one-axis forms
    } else if key(#"{"fixedSize":{"vertical":true}"#, #","fixedSize":{"vertical":true}"#, &reader) {
      pane.fixedSize = FixedLayoutSize(horizontal: false, vertical: true)
    }
    if role == .secondary {
      if key(#"{"visible":false"#, #","visible":false"#, &reader) {
        pane.visible = false
      } else if key(#"{"visible":true"#, #","visible":true"#, &reader) {
        pane.visible = true
      }
    }
    // Either pane's since R35; the secondary writes them after `visible`.
    if key(#"{"overlayEdge":"leading""#, #","overlayEdge":"leading""#, &reader) {
      pane.overlayEdge = .leading
    } else if key(#"{"overlayEdge":"trailing""#, #","overlayEdge":"trailing""#, &reader) {
      pane.overlayEdge = .trailing
    }
    if key(#"{"overlayVerticalEdge":"top""#, #","overlayVerticalEdge":"top""#, &reader) {
      pane.overlayVerticalEdge = .top
    } else if key(#"{"overlayVerticalEdge":"bottom""#, #","overlayVerticalEdge":"bottom""#, &reader) {
      pane.overlayVerticalEdge = .bottom
    }
    if role == .secondary {
      if key(#"{"adapt":"reflow""#, #","adapt":"reflow""#, &reader) {
        pane.adapt = .reflow
      } else if key(#"{"adapt":"levitate""#, #","adapt":"levitate""#, &reader) {
        pane.adapt = .levitate
      } else if key(#"{"adapt":"hide""#, #","adapt":"hide""#, &reader) {
        pane.adapt = .hide
      }
    }
    guard any, reader.literal("}") else { return nil }
    return pane
  }
}

extension DimensionRange {
  static let fields = NameList(["minimum", "preferred", "maximum"])

  init(reading reader: inout JSONReader) throws(SceneFileError) {
    // Note (3332558): the compact form this tool writes (the bounds present, in
    // order, each in its compact form), matched at once; anything else is read
    // field by field from the start. With the panes' compact form, callgrind,
    // scene-file/parse: 8,029 → 6,904 instructions a scene.
    let start = reader.cursor
    if let range = Self.compact(&reader) {
      self = range
      return
    }
    reader.cursor = start
    var range = DimensionRange()
    try reader.members(Self.fields) { reader, field throws(SceneFileError) in
      let bound = try Dimension(reading: &reader)
      switch field {
      case 0: range.minimum = bound
      case 1: range.preferred = bound
      default: range.maximum = bound
      }
    }
    self = range
  }
}

extension DimensionRange {
  /// The compact form with a maximum not below a minimum of its kind (R29's
  /// bounds), or `nil` (the cursor then anywhere) for anything else.
  @inline(__always)
  static func compact(_ reader: inout JSONReader) -> DimensionRange? {
    var range = DimensionRange()
    var any = false
    if reader.literal(#"{"minimum":"#) {
      guard let bound = Dimension.compact(&reader) else { return nil }
      range.minimum = bound
      any = true
    }
    if reader.literal(any ? #","preferred":"# : #"{"preferred":"#) {
      guard let bound = Dimension.compact(&reader) else { return nil }
      range.preferred = bound
      any = true
    }
    if reader.literal(any ? #","maximum":"# : #"{"maximum":"#) {
      guard let bound = Dimension.compact(&reader) else { return nil }
      range.maximum = bound
      any = true
    }
    guard any, reader.literal("}") else { return nil }
    if let (low, high) = SceneBounds.comparedBounds(range), !SceneBounds.isOrdered(minimum: low, maximum: high) {
      return nil
    }
    return range
  }
}

extension Dimension {
  static let fields = NameList(["absolute", "fraction", "intrinsic"])

  /// The three compact forms, with lengths and fractions within R29's
  /// bounds, or `nil` (the cursor then anywhere) for anything else.
  @inline(__always)
  static func compact(_ reader: inout JSONReader) -> Dimension? {
    let start = reader.cursor
    if reader.literal(#"{"absolute":"#), let points = reader.simpleNumber(), reader.literal("}"),
      SceneBounds.isLength(points)
    {
      return .absolute(points)
    }
    reader.cursor = start
    if reader.literal(#"{"fraction":"#), let fraction = reader.simpleNumber(), reader.literal("}"),
      SceneBounds.isFraction(fraction)
    {
      return .fractional(fraction)
    }
    reader.cursor = start
    if reader.literal(#"{"intrinsic":true}"#) { return .intrinsic }
    return nil
  }

  init(reading reader: inout JSONReader) throws(SceneFileError) {
    // Note: the three compact forms, matched at once; anything else is read field by field.
    let start = reader.cursor
    if let dimension = Self.compact(&reader) {
      self = dimension
      return
    }
    reader.cursor = start
    var dimension: Dimension?
    var given = 0
    try reader.members(Self.fields) { reader, field throws(SceneFileError) in
      given += 1
      switch field {
      case 0: dimension = .absolute(try reader.finiteNumber())
      case 1: dimension = .fractional(try reader.finiteNumber())
      default:
        guard reader.kind == .bool, try reader.readBool() else {
          throw SceneFileError(.root, "expected true")
        }
        dimension = .intrinsic
      }
    }
    guard given == 1, let dimension else {
      throw SceneFileError(.root, "a dimension has exactly one of \"absolute\", \"fraction\" or \"intrinsic\"")
    }
    self = dimension
  }
}

// MARK: - The third generation's values (R30–R35, RULES.md §8.2)

extension FixedLayoutSize {
  /// `true`, `false`, or `{"horizontal": Bool, "vertical": Bool}` with a
  /// missing axis not fixed (R35).
  init(reading reader: inout JSONReader) throws(SceneFileError) {
    guard reader.kind == .object else {
      guard reader.kind == .bool else { throw reader.mismatch("true, false or an object") }
      self.init(booleanLiteral: try reader.readBool())
      return
    }
    var fixed = FixedLayoutSize(horizontal: false, vertical: false)
    try reader.members(PaneSettings.fixedFields) { reader, field throws(SceneFileError) in
      if field == 0 { fixed.horizontal = try reader.readBool() } else { fixed.vertical = try reader.readBool() }
    }
    self = fixed
  }
}

extension DividerLength {
  static let fields = NameList(["absolute", "fraction", "intrinsic"])

  /// `{"absolute": n}` or `{"fraction": f}` (R31: never `intrinsic`); clears
  /// `plain` for a value outside R29's bounds, which validation then reports.
  init(reading reader: inout JSONReader, plain: inout Bool) throws(SceneFileError) {
    var length: DividerLength?
    var given = 0
    try reader.members(Self.fields) { reader, field throws(SceneFileError) in
      given += 1
      switch field {
      case 0: length = .absolute(try reader.finiteNumber())
      case 1: length = .fractional(try reader.finiteNumber())
      default:
        throw SceneFileError(.root, "a divider length is \"absolute\" or \"fraction\", never \"intrinsic\"")
      }
    }
    guard given == 1, let length else {
      throw SceneFileError(.root, "a divider length has exactly one of \"absolute\" or \"fraction\"")
    }
    switch length {
    case .absolute(let points): if !SceneBounds.isLength(points) { plain = false }
    case .fractional(let fraction): if !SceneBounds.isFraction(fraction) { plain = false }
    }
    self = length
  }
}

extension Divider {
  static let fields = NameList(["position", "anchors", "snap", "snapToFolds", "positions", "velocity", "step"])
  static let positionFields = NameList(["horizontal", "vertical"])

  /// A divider (R31): `position` required, at most 8 `anchors`.
  init(reading reader: inout JSONReader, plain: inout Bool) throws(SceneFileError) {
    var position: DividerLength?
    var anchors = InlineArray<8, DividerLength>(repeating: .absolute(0))  // Divider.anchorCapacity
    var count = 0
    var flags = (snap: false, snapToFolds: true)
    var release = (positions: DividerPositions(), velocity: 0.0, step: DividerStep?.none)
    try reader.members(Self.fields) { reader, field throws(SceneFileError) in
      switch field {
      case 0: position = try DividerLength(reading: &reader, plain: &plain)
      case 1:
        guard try reader.beginArray() else { return }
        repeat {
          guard count < Divider.anchorCapacity else {
            let total = count + (try reader.remainingElements(from: count))
            throw SceneFileError(.root, "\(total) anchors; at most \(Divider.anchorCapacity) are supported")
          }
          do throws(SceneFileError) {
            anchors[count] = try DividerLength(reading: &reader, plain: &plain)
          } catch {
            throw error.under(index: count)
          }
          count += 1
        } while try reader.nextElement()
      case 2: flags.snap = try reader.readBool()
      case 3: flags.snapToFolds = try reader.readBool()
      // R37: values out of range are left to `validate()`, as the position's are.
      case 4:
        try reader.members(Self.positionFields) { reader, field throws(SceneFileError) in
          release.positions[field == 0 ? .horizontal : .vertical] = try DividerLength(reading: &reader, plain: &plain)
        }
      case 5: release.velocity = try reader.finiteNumber()
      default: release.step = DividerStep(rawValue: UInt8(try reader.choice(Names.dividerSteps)))!
      }
    }
    guard let position else { throw missing("position") }
    let given = anchors
    self.init(
      position: position, anchors: (0..<count).lazy.map { given[$0] }, snap: flags.snap,
      snapToFolds: flags.snapToFolds, positions: release.positions, velocity: release.velocity, step: release.step)
  }
}

extension Axes {
  /// `foldAxes` (R32): `"vertical"` and `"horizontal"` (fold orientations),
  /// each at most once; `[]` is no fold.
  init(readingFoldAxes reader: inout JSONReader) throws(SceneFileError) {
    var axes: Axes = []
    try reader.elements { reader, _ throws(SceneFileError) in
      let vertical = try reader.choice(Names.foldAxes) == 0
      let axis: Axes = vertical ? .vertical : .horizontal
      guard !axes.contains(axis) else {
        throw SceneFileError(.root, "\"\(vertical ? "vertical" : "horizontal")\" is given twice")
      }
      axes.insert(axis)
    }
    self = axes
  }
}

// MARK: - The fourth generation's values (R36–R39, RULES.md §11)

extension EnvironmentRequest {
  static let fields = NameList(["includeInactive", "layoutDirectionBehavior"])

  /// `{"includeInactive": Bool, "layoutDirectionBehavior": "mirrors" | "fixed"}`, both optional (R36).
  init(reading reader: inout JSONReader) throws(SceneFileError) {
    var request = EnvironmentRequest()
    guard reader.kind == .object else { throw reader.mismatch("an object") }
    try reader.members(Self.fields) { reader, field throws(SceneFileError) in
      if field == 0 {
        request.includeInactive = try reader.readBool()
      } else {
        request.layoutDirectionBehavior = try reader.choice(Names.behaviors) == 0 ? .mirrors : .fixed
      }
    }
    self = request
  }
}

extension Levitation {
  static let adaptFields = NameList(["levitate"])
  static let fields = NameList(["alignment", "scrim", "size"])
  static let sizeFields = NameList(["width", "height"])

  /// The object form of `adapt` (R38): `{"levitate": {...}}`, the one key
  /// `levitate`, whose object (or `null`, or `{}`) holds optional
  /// `alignment`, `scrim` and `size`; a size out of R29's bounds clears
  /// `plain`, for validation to report.
  init(readingAdapt reader: inout JSONReader, plain: inout Bool) throws(SceneFileError) {
    var levitation = Levitation()
    guard reader.kind == .object else { throw reader.mismatch("a string or an object") }
    // `{}` names no strategy: its one key is missing. (A `null` value is left out by
    // `members`, so `{"levitate": null}` is `{"levitate": {}}`.)
    var next = reader.cursor + 1
    while next < reader.end,
      next.pointee == 0x20 || next.pointee == 0x09 || next.pointee == 0x0A || next.pointee == 0x0D
    {
      next += 1
    }
    if next < reader.end && next.pointee == UInt8(ascii: "}") { throw missing("levitate") }
    try reader.members(Self.adaptFields) { reader, _ throws(SceneFileError) in
      guard reader.kind == .object else { throw reader.mismatch("an object") }
      try reader.members(Self.fields) { reader, field throws(SceneFileError) in
        switch field {
        case 0: levitation.alignment = LevitateAlignment(rawValue: UInt8(try reader.choice(Names.alignments)))!
        case 1: levitation.scrim = try reader.readBool()
        default:
          guard reader.kind == .object else { throw reader.mismatch("an object") }
          try reader.members(Self.sizeFields) { reader, field throws(SceneFileError) in
            let dimension = try Dimension(reading: &reader)
            switch dimension {
            case .absolute(let points): if !SceneBounds.isLength(points) { plain = false }
            case .fractional(let fraction): if !SceneBounds.isFraction(fraction) { plain = false }
            case .intrinsic: break
            }
            if field == 0 { levitation.width = dimension } else { levitation.height = dimension }
          }
        }
      }
    }
    self = levitation
  }
}

// MARK: - Region queries, displacement and grid requests

/// A region query (R12) and the regions it asks about.
public struct RegionRequest: Sendable, Hashable {
  public var query: RegionQuery
  public var regions: ReservedRegions

  static let fields = NameList([
    "view", "kind", "includeInactive", "layoutDirection", "layoutDirectionBehavior", "regions",
  ])

  init(reading reader: inout JSONReader) throws(SceneFileError) {
    var query = RegionQuery(view: .zero, kind: .division)
    var given = 0
    var regions = ReservedRegions()
    try reader.members(Self.fields) { reader, field throws(SceneFileError) in
      given |= 1 << field
      switch field {
      case 0: query.view = try Rect(reading: &reader)
      case 1: query.kind = try reader.choice(Names.kinds) == 0 ? .division : .occlusion
      case 2: query.includeInactive = try reader.readBool()
      case 3: query.layoutDirection = try LayoutDirection(reading: &reader)
      case 4: query.layoutDirectionBehavior = try reader.choice(Names.behaviors) == 0 ? .mirrors : .fixed
      default: regions = try ReservedRegions(reading: &reader)
      }
    }
    if given & 1 == 0 { throw missing("view") }
    if given & 2 == 0 { throw missing("kind") }
    if let issue = query.validate(regions: regions).first { throw fileError(issue) }
    self.query = query
    self.regions = regions
  }
}

extension Displacement {
  static let fields = NameList([
    "view", "elements", "purpose", "anchor", "interactive", "layoutDirection", "regions",
  ])

  /// Reads a displacement request, validated like a scene.
  init(reading reader: inout JSONReader) throws(SceneFileError) {
    var view: Rect?
    var elements = ElementFrames()
    var given = 0
    var purpose = ElementPurpose.scrolling
    var anchor: Rect?
    var interactive: Bool?
    var direction = LayoutDirection.leftToRight
    var regions = ReservedRegions()
    try reader.members(Self.fields) { reader, field throws(SceneFileError) in
      given |= 1 << field
      switch field {
      case 0: view = try Rect(readingSized: &reader)
      case 1:
        let capacity = ElementFrames.capacity
        var count = 0
        if try reader.beginArray() {
          repeat {
            guard count < capacity else {
              count += try reader.remainingElements(from: count)
              break
            }
            do throws(SceneFileError) {
              elements.append(try Rect(readingSized: &reader))
            } catch {
              throw error.under(index: count)
            }
            count += 1
          } while try reader.nextElement()
        }
        guard (1...capacity).contains(count) else {
          throw SceneFileError(.root, "\(count) elements; a group has 1 to \(capacity)")
        }
      case 2: purpose = ElementPurpose(rawValue: UInt8(try reader.choice(Names.purposes)))!
      case 3: anchor = try Rect(readingSized: &reader)
      case 4: interactive = try reader.readBool()
      case 5: direction = try LayoutDirection(reading: &reader)
      default: regions = try ReservedRegions(reading: &reader)
      }
    }
    guard let view else { throw missing("view") }
    if given & 2 == 0 { throw missing("elements") }
    if given & 4 == 0 { throw missing("purpose") }
    self.init(
      view: view, elements: elements, purpose: purpose, anchor: anchor, isInteractive: interactive,
      layoutDirection: direction, regions: regions)
    if let issue = RegionQuery(view: view, kind: .division).validate(regions: regions).first { throw fileError(issue) }
  }
}

extension GridFit {
  /// More columns than this are refused rather than written.
  public static let maximumColumns = 1024

  static let fields = NameList(["frame", "minimumCellWidth", "spacing", "margin", "layoutDirection", "regions"])

  /// Reads a grid request, validated like a scene.
  init(reading reader: inout JSONReader) throws(SceneFileError) {
    var frame: Rect?
    var cell: Double?
    var lengths = (spacing: 0.0, margin: 0.0)
    var direction = LayoutDirection.leftToRight
    var regions = ReservedRegions()
    try reader.members(Self.fields) { reader, field throws(SceneFileError) in
      switch field {
      case 0: frame = try Rect(readingSized: &reader)
      case 1:
        let width = try reader.finiteNumber()
        guard width > 0 else { throw SceneFileError(.root, "\(formatNumber(width)) is not positive") }
        cell = width
      case 2, 3:
        let length = try reader.finiteNumber()
        guard length >= 0 else { throw SceneFileError(.root, "\(formatNumber(length)) is negative") }
        if field == 2 { lengths.spacing = length } else { lengths.margin = length }
      case 4: direction = try LayoutDirection(reading: &reader)
      default: regions = try ReservedRegions(reading: &reader)
      }
    }
    guard let frame else { throw missing("frame") }
    guard let cell else { throw missing("minimumCellWidth") }
    self.init(
      frame: frame, minimumCellWidth: cell, spacing: lengths.spacing, margin: lengths.margin,
      layoutDirection: direction, regions: regions)
    if let issue = RegionQuery(view: frame, kind: .division).validate(regions: regions).first { throw fileError(issue) }
    guard columnCount <= Self.maximumColumns else {
      throw SceneFileError(
        JSONPath.root.key("minimumCellWidth"),
        // Not the count itself: the solver caps it (at 10^6), so a count here would be a made-up figure.
        "gives more than the \(Self.maximumColumns) columns supported")
    }
  }
}

extension JSONReader {
  /// A region's id: any integer of the solver's `Int`, decided by the
  /// literal's digits (a `Double` would round 9007199254740993 to 2^53).
  mutating func regionID() throws(SceneFileError) -> Int {
    guard kind == .number else { throw mismatch("a number") }
    let literal = try number().literal
    switch Self.wholeNumber(literal) {
    case .int(let id): return id
    case .fraction:
      throw SceneFileError(.root, "\(excerpt(String(decoding: literal, as: UTF8.self))) is not an integer")
    case .outOfRange:
      throw SceneFileError(
        .root, "\(excerpt(String(decoding: literal, as: UTF8.self))) is outside \(Int.min)...\(Int.max)")
    }
  }
}
