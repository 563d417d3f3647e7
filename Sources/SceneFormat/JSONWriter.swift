/// Writes answers into one growing byte buffer that is reused from answer to
/// answer (a stream clears it after every flush).
///
/// Two layouts: *pretty*, the array form's (one pane or one region a line,
/// `", "` and `": "` inside a line), and *compact*, the stream's (no white
/// space at all). The compact form of an answer is its pretty form with the
/// white space outside strings taken out.
public struct JSONWriter: ~Copyable {
  // Note (0fd8870): bytes in storage of its own rather than an `Array`: appending to an
  // array checks uniqueness and capacity in an out-of-line call for every
  // piece (10% of a stream's instructions under callgrind).
  //
  // `base` is read and `count` set by the number writers in
  // JSONWriter+Numbers.swift, which write digits in place: hence `private(set)`
  // and `internal(set)` rather than `private` and `private(set)`.
  private(set) var base: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// How many bytes are written.
  public internal(set) var count = 0
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
}
