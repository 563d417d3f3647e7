/// A fixed-capacity list of reserved regions, stored inline.
///
/// A scene carries its regions by value so that a solve touches no heap
/// memory; a device has a handful of regions (iPhone Duo: three), so the
/// capacity is small and fixed. Appending past ``capacity`` is refused.
@frozen
public struct ReservedRegions: Sendable {
  /// The most regions a scene or a query answer can hold.
  public static let capacity = 8

  @usableFromInline
  var storage: InlineArray<8, ReservedRegion>

  /// One byte (at most 8): the list is copied whole with every scene and
  /// query answer, and 649 bytes cost `memcpy` ~6 instructions more than 643.
  @usableFromInline
  var storedCount: UInt8

  /// Bit `i` is set when region `i` is an active division region (a fold
  /// that can divide, R16), kept with every change.
  ///
  /// Note (1c128d6): with it a solve skips the fold search for scenes without an
  /// active fold; the search itself made LLVM load the id, kind and activity
  /// of all eight slots up front (~100 instructions a cold solve by callgrind).
  @usableFromInline
  var activeDivisions: UInt8

  /// Bit `i` is set when region `i` is a division region, active or not
  /// (R31's snapping candidates, R32's `alwaysAvoid`).
  @usableFromInline
  var divisions: UInt8

  /// The number of regions held.
  @inlinable
  public var count: Int { Int(storedCount) }

  @inlinable
  public init() {
    storage = InlineArray(repeating: .placeholder)
    storedCount = 0
    activeDivisions = 0
    divisions = 0
  }

  /// A list of the given regions; those past ``capacity`` are dropped.
  public init(_ regions: some Sequence<ReservedRegion>) {
    self.init()
    for region in regions where !append(region) { break }
  }

  /// Adds a region; returns `false` (and changes nothing) when the list is full.
  @inlinable
  @discardableResult
  public mutating func append(_ region: ReservedRegion) -> Bool {
    guard count < Self.capacity else { return false }
    storage[count] = region
    noteDivision(region, at: count)
    storedCount &+= 1
    return true
  }

  @inlinable
  public var isEmpty: Bool { count == 0 }

  public mutating func removeAll() {
    storedCount = 0
    activeDivisions = 0
    divisions = 0
  }

  @inlinable @inline(__always)
  mutating func noteDivision(_ region: ReservedRegion, at index: Int) {
    let bit: UInt8 = 1 << UInt8(index)
    if region.kind == .division && region.isActive { activeDivisions |= bit } else { activeDivisions &= ~bit }
    if region.kind == .division { divisions |= bit } else { divisions &= ~bit }
  }
}

extension ReservedRegions: RandomAccessCollection {
  @inlinable public var startIndex: Int { 0 }
  @inlinable public var endIndex: Int { count }

  @inlinable
  public subscript(position: Int) -> ReservedRegion {
    get {
      precondition(position >= 0 && position < count, "region index out of range")
      return storage[position]
    }
    set {
      precondition(position >= 0 && position < count, "region index out of range")
      storage[position] = newValue
      noteDivision(newValue, at: position)
    }
  }
}

extension ReservedRegions: MutableCollection {}

extension ReservedRegions: Hashable {
  public static func == (lhs: ReservedRegions, rhs: ReservedRegions) -> Bool {
    lhs.elementsEqual(rhs)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for region in self { hasher.combine(region) }
  }
}

extension ReservedRegions: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: ReservedRegion...) { self.init(elements) }
}
