import ArrangementSolver
import StrictJSON

/// Writes answers into one growing byte buffer that is reused from answer to
/// answer (a stream clears it after every flush).
///
/// Two layouts: *pretty*, the array form's (one pane or one region a line,
/// `", "` and `": "` inside a line), and *compact*, the stream's (no white
/// space at all). The compact form of an answer is its pretty form with the
/// white space outside strings taken out.
public struct JSONWriter: ~Copyable {
  // Note: bytes in storage of its own rather than an `Array`: appending to an
  // array checks uniqueness and capacity in an out-of-line call for every
  // piece (10% of a stream's instructions under callgrind).
  private var base: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// How many bytes are written.
  public private(set) var count = 0
  /// Indentation of the answer being written, or `nil` for the compact layout.
  var indent: Int?

  /// A writer with room for `capacity` bytes; with 0 it allocates nothing until written to.
  public init(capacity: Int = 1 << 16) {
    self.capacity = max(capacity, 0)
    base = self.capacity > 0 ? .allocate(capacity: self.capacity) : JSONWriter.nothing
  }

  /// Where a writer with no room points: never written to, never freed.
  nonisolated(unsafe) private static let nothing = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)

  deinit { if capacity > 0 { base.deallocate() } }

  /// The bytes written so far.
  public var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

  /// Forgets everything written after the first `count` bytes.
  public mutating func truncate(to count: Int) { self.count = min(count, self.count) }

  /// Room for `extra` more bytes.
  @inline(__always) mutating func reserve(_ extra: Int) {
    if count + extra > capacity { grow(count + extra) }
  }

  @inline(never) mutating func grow(_ needed: Int) {
    let larger = max(needed, capacity * 2)
    let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
    bigger.update(from: base, count: count)
    if capacity > 0 { base.deallocate() }
    base = bigger
    capacity = larger
  }

  @inline(__always) mutating func raw(_ text: StaticString) {
    let length = text.utf8CodeUnitCount
    reserve(length)
    // Fragments are a few bytes long: copied inline, a word at a time, not
    // through a call to memmove (only whole words of the literal are read).
    let source = UnsafeRawPointer(text.utf8Start)
    let target = UnsafeMutableRawPointer(base + count)
    var offset = 0
    while length - offset >= 8 {
      target.storeBytes(
        of: source.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset, as: UInt64.self)
      offset += 8
    }
    while offset < length {
      target.storeBytes(of: source.load(fromByteOffset: offset, as: UInt8.self), toByteOffset: offset, as: UInt8.self)
      offset += 1
    }
    count += length
  }

  @inline(__always) public mutating func byte(_ value: UInt8) {
    reserve(1)
    base[count] = value
    count += 1
  }

  /// Appends bytes as they are.
  public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    reserve(bytes.count)
    if let source = bytes.baseAddress { (base + count).update(from: source, count: bytes.count) }
    count += bytes.count
  }

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
    reserve(21)
    if value < 0 {
      base[count] = UInt8(ascii: "-")
      count += 1
    }
    digits(value.magnitude)
  }

  /// The decimal digits of `magnitude` (room for 20 reserved).
  @inline(__always) private mutating func digits(_ magnitude: UInt64) {
    // Note: most numbers in answers have one to four digits; those are written
    // without counting digits first (callgrind, scene-file/write).
    let pairs = digitPairs.utf8Start
    if magnitude < 10 {
      base[count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude)
      count += 1
      return
    }
    if magnitude < 100 {
      let pair = Int(magnitude) &* 2
      base[count] = pairs[pair]
      base[count + 1] = pairs[pair + 1]
      count += 2
      return
    }
    var magnitude = magnitude
    var digits = 3
    var scale: UInt64 = 1000
    while digits < 20 && magnitude >= scale {
      digits += 1
      scale = scale &* 10
    }
    var position = count + digits
    count = position
    // Note: two digits a step from a table of "00"..."99", one division a
    // pair rather than one a digit (callgrind, scene-file/write).
    while magnitude >= 100 {
      let pair = Int(magnitude % 100) &* 2
      magnitude /= 100
      position -= 2
      base[position] = pairs[pair]
      base[position + 1] = pairs[pair + 1]
    }
    if magnitude >= 10 {
      let pair = Int(magnitude) &* 2
      base[position - 2] = pairs[pair]
      base[position - 1] = pairs[pair + 1]
    } else {
      base[position - 1] = UInt8(ascii: "0") &+ UInt8(magnitude)
    }
  }

  /// A number as ``formatNumber(_:)`` writes it: integers below 1e15 without
  /// a fraction, anything else in the shortest form that reads back to the
  /// same `Double`.
  mutating func number(_ value: Double) {
    // Whole below 1e15: converted and back, rather than `rounded()`, a libm call on baseline x86-64.
    if abs(value) < 1e15, Double(Int64(value)) == value {
      let whole = Int64(value)
      // Note: most numbers in answers are whole, below 10,000 and not
      // negative: written here without a call (callgrind, scene-file/write).
      if whole >= 0 && whole < 10_000 {
        reserve(4)
        let pairs = digitPairs.utf8Start
        if whole < 10 {
          base[count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: whole)
          count += 1
        } else if whole < 100 {
          let pair = Int(whole) &* 2
          base[count] = pairs[pair]
          base[count + 1] = pairs[pair + 1]
          count += 2
        } else {
          let high = Int(whole / 100)
          let low = Int(whole % 100) &* 2
          if high < 10 {
            base[count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: high)
            count += 1
          } else {
            base[count] = pairs[high &* 2]
            base[count + 1] = pairs[high &* 2 + 1]
            count += 2
          }
          base[count] = pairs[low]
          base[count + 1] = pairs[low + 1]
          count += 2
        }
      } else {
        integer(whole)
      }
    } else if !decimal(value) {
      // Note: `description` builds a `String`, which allocates past 15 bytes
      // (316.6666666666667); `write(to:)` hands the same text over as bytes.
      // (The runtime's C entry point behind it, `swift_float64ToString`, wrote
      // wrong digits for values below 1 and at 1e15 here: not used.)
      var text = NumberText()
      value.write(to: &text)
      withUnsafeBytes(of: &text.storage) {
        append(UnsafeBufferPointer(rebasing: $0.bindMemory(to: UInt8.self)[..<text.count]))
      }
    }
  }

  /// Writes a value from 1e-4 up to 1e11 that 15 or 16 significant digits
  /// give exactly (96.25, 0.1, 316.6666666666667) as `description` would, and
  /// says whether it did: `description` writes the fewest digits that read
  /// back to the value, without an exponent in this range.
  ///
  /// Digits m with d decimals read back to `value` exactly when
  /// `Double(m) / 1e d == value`: m < 2^53 and 10^d are exact, so the division
  /// is the one correctly rounded operation a correct reader performs.
  /// - 15 digits: `value`'s rounding interval scaled by 10^d is narrower than
  ///   0.23 and the product is off by less than 0.07, so the integer nearest
  ///   the product is the only candidate. Any shorter form, padded with zeros,
  ///   is that candidate: its trailing zeros dropped, it is the shortest.
  /// - 16 digits (none shorter fits): below 2^52 the interval is narrower than
  ///   1 and the product off by at most 0.25, so the floor of the product or
  ///   the next integer is the only candidate.
  /// - 17 digits are left to `description`'s own algorithm.
  ///
  /// Note: `Double.write(to:)` costs ~630 instructions a number here (callgrind, scene-file/write).
  @inline(__always) private mutating func decimal(_ value: Double) -> Bool {
    let magnitude = value.magnitude
    guard magnitude < 1e11 && magnitude >= 1e-4 else { return false }
    // One or two decimals (halves and quarters of a point), the commonest, at
    // once: the same check with d = 2; a last zero means d = 1 fits as well.
    let scaledTwice = magnitude * 100
    var hundredths = UInt64(scaledTwice)
    if scaledTwice - Double(hundredths) >= 0.5 { hundredths += 1 }
    if Double(hundredths) / 100 == magnitude {
      reserve(24)
      if value < 0 {
        base[count] = UInt8(ascii: "-")
        count += 1
      }
      digits(hundredths / 100)
      let fraction = Int(hundredths % 100)
      base[count] = UInt8(ascii: ".")
      base[count + 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction / 10)
      if fraction % 10 == 0 {
        count += 2
      } else {
        base[count + 2] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction % 10)
        count += 3
      }
      return true
    }
    // Digits before the point; 0 to -3 count the zeros after it. The literals
    // 0.1, 0.01 and 0.001 lie above the decimals they spell, so no value is misplaced.
    var before: Int
    if magnitude >= 1 {
      let whole = UInt64(magnitude)
      before = 1
      var bound: UInt64 = 10
      while whole >= bound {
        before += 1
        bound &*= 10
      }
    } else {
      before = magnitude >= 0.1 ? 0 : magnitude >= 0.01 ? -1 : magnitude >= 0.001 ? -2 : -3
    }
    var decimals = 15 - before
    var power: UInt64 = 1
    for _ in 0..<decimals { power &*= 10 }
    var scale = Double(power)  // exact: every power of ten up to 10^22 is a Double
    var scaled = magnitude * scale
    var digits = UInt64(scaled)
    if scaled - Double(digits) >= 0.5 { digits += 1 }
    if Double(digits) / scale == magnitude {
      // Trailing zeros dropped four, two, then one at a time.
      while digits % 10_000 == 0 {
        digits /= 10_000
        power /= 10_000
        decimals -= 4
      }
      if digits % 100 == 0 {
        digits /= 100
        power /= 100
        decimals -= 2
      }
      if digits % 10 == 0 {
        digits /= 10
        power /= 10
        decimals -= 1
      }
    } else {
      decimals += 1
      power &*= 10
      scale *= 10
      scaled = magnitude * scale
      guard scaled < 0x1p52 else { return false }
      digits = UInt64(scaled)
      if Double(digits) / scale != magnitude {
        digits += 1
        guard Double(digits) / scale == magnitude else { return false }
      }
    }
    reserve(24)
    if value < 0 {
      base[count] = UInt8(ascii: "-")
      count += 1
    }
    self.digits(digits / power)
    base[count] = UInt8(ascii: ".")
    var fraction = digits % power
    var position = count + 1 + decimals
    count = position
    let pairs = digitPairs.utf8Start
    var left = decimals
    while left >= 2 {
      let pair = Int(fraction % 100) &* 2
      fraction /= 100
      position -= 2
      base[position] = pairs[pair]
      base[position + 1] = pairs[pair + 1]
      left -= 2
    }
    if left == 1 { base[position - 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction) }
    return true
  }
}

/// The text of one number, on the stack (a `Double` needs at most 24 bytes).
struct NumberText: TextOutputStream {
  var storage: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
  var count = 0

  mutating func write(_ string: String) {
    for byte in string.utf8 { append(byte) }
  }

  mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
    for byte in buffer { append(byte) }
  }

  @inline(__always) mutating func append(_ byte: UInt8) {
    guard count < 32 else { return }
    withUnsafeMutableBytes(of: &storage) { $0[count] = byte }
    count += 1
  }
}

/// "00" to "99": the two digits of every pair.
private let digitPairs: StaticString = """
  00010203040506070809101112131415161718192021222324252627282930313233343536373839\
  40414243444546474849505152535455565758596061626364656667686970717273747576777879\
  8081828384858687888990919293949596979899
  """

// MARK: - Answers

extension JSONWriter {
  // Note: the commonest pieces of an answer are written as whole fragments in
  // either layout, rather than key by key (callgrind, 3,000 answers: 4.1k → ~2.5k instructions each).

  mutating func rect(_ rect: Rect) {
    let compact = indent == nil
    raw(compact ? #"{"x":"# : #"{"x": "#)
    number(rect.x)
    raw(compact ? #","y":"# : #", "y": "#)
    number(rect.y)
    raw(compact ? #","width":"# : #", "width": "#)
    number(rect.width)
    raw(compact ? #","height":"# : #", "height": "#)
    number(rect.height)
    byte(UInt8(ascii: "}"))
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
    let compact = indent == nil
    if pane.visible {
      raw(compact ? #"{"visible":true,"zIndex":"# : #"{"visible": true, "zIndex": "#)
    } else {
      raw(compact ? #"{"visible":false,"zIndex":"# : #"{"visible": false, "zIndex": "#)
    }
    integer(Int64(pane.zIndex))
    raw(compact ? #","frame":"# : #", "frame": "#)
    rect(pane.frame)
    if pane.visible {
      raw(compact ? #","sizeClass":{"horizontal":"# : #", "sizeClass": {"horizontal": "#)
      raw(pane.sizeClass.horizontal == .compact ? #""compact""# : #""regular""#)
      raw(compact ? #","vertical":"# : #", "vertical": "#)
      raw(pane.sizeClass.vertical == .compact ? #""compact"}"# : #""regular"}"#)
    }
    byte(UInt8(ascii: "}"))
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

// MARK: - Public entry points

extension JSONWriter {
  /// A solution as one line of a stream answers it (compact, with its line break).
  public mutating func line(_ solution: Solution) {
    let layout = indent
    indent = nil
    self.solution(solution)
    byte(UInt8(ascii: "\n"))
    indent = layout
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
        raw("{")
        key("id")
        integer(Int64(region.id))
        comma()
        key("kind")
        string(region.kind == .division ? "division" : "occlusion")
        if !region.isActive {
          comma()
          key("active")
          raw("false")
        }
        comma()
        key("frame")
        rect(region.frame)
        if region.margins != .zero {
          comma()
          key("margins")
          insets(region.margins)
        }
        raw("}")
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
    // Panes only where they differ from the defaults; the secondary's edges are never read.
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
    var first = true
    func field(_ name: StaticString, _ writer: inout JSONWriter) {
      if !first { writer.comma() }
      first = false
      writer.key(name)
    }
    if pane.layoutPriority != 0 {
      field("layoutPriority", &self)
      number(pane.layoutPriority)
    }
    if pane.width != .automatic {
      field("width", &self)
      dimensionRange(pane.width)
    }
    if pane.height != .automatic {
      field("height", &self)
      dimensionRange(pane.height)
    }
    if let ideal = pane.idealSize {
      field("idealSize", &self)
      raw("{")
      key("width")
      number(ideal.width)
      comma()
      key("height")
      number(ideal.height)
      raw("}")
    }
    if pane.fixedSize {
      field("fixedSize", &self)
      raw("true")
    }
    if primary && pane.overlayEdge != .trailing {
      field("overlayEdge", &self)
      string("leading")
    }
    if primary && pane.overlayVerticalEdge != .bottom {
      field("overlayVerticalEdge", &self)
      string("top")
    }
    if !primary && !pane.visible {
      field("visible", &self)
      raw("false")
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
