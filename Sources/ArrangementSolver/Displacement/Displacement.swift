/// What an element is for, which decides where it goes when a fold divides its view (R25).
@frozen
public enum ElementPurpose: UInt8, Sendable, Hashable, CaseIterable {
  /// Alerts, action sheets: the trailing area of a book, the top of a tabletop.
  case transient
  /// Tappable controls: the area holding most of it in a book, the bottom of a tabletop.
  case control
  /// Content seen from afar: the area holding most of it in a book, the top of a tabletop.
  case distantContent
  /// A menu or popover anchored to an item: the anchor's area.
  case contextual
  /// Feeds, articles, lists: never displaced, they adapt by scrolling.
  case scrolling

  /// Elements people touch clear active occlusion regions (R27).
  @inlinable
  public var isInteractive: Bool {
    switch self {
    case .transient, .control, .contextual: true
    case .distantContent, .scrolling: false
    }
  }
}

/// A fixed-capacity group of related element frames that move together (R26).
@frozen
public struct ElementFrames: Sendable, Hashable {
  public static let capacity = 8

  @usableFromInline
  var storage: InlineArray<8, Rect> = InlineArray(repeating: .zero)
  @usableFromInline
  var storedCount = 0

  @inlinable
  public init() {}

  /// A group of the given frames; those past ``capacity`` are dropped.
  public init(_ frames: some Sequence<Rect>) {
    for frame in frames where !append(frame) { break }
  }

  @inlinable
  public var count: Int { storedCount }

  @inlinable
  @discardableResult
  public mutating func append(_ frame: Rect) -> Bool {
    guard storedCount < Self.capacity else { return false }
    storage[storedCount] = frame
    storedCount += 1
    return true
  }

  @inlinable
  public subscript(index: Int) -> Rect {
    get {
      precondition(index >= 0 && index < storedCount, "element index out of range")
      return storage[index]
    }
    set {
      precondition(index >= 0 && index < storedCount, "element index out of range")
      storage[index] = newValue
    }
  }

  /// The smallest rectangle holding every frame; `.zero` for an empty group.
  public var union: Rect {
    guard storedCount > 0 else { return .zero }
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    for index in 0..<storedCount {
      let frame = storage[index]
      minX = Swift.min(minX, frame.minX)
      minY = Swift.min(minY, frame.minY)
      maxX = Swift.max(maxX, frame.maxX)
      maxY = Swift.max(maxY, frame.maxY)
    }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  public static func == (lhs: ElementFrames, rhs: ElementFrames) -> Bool {
    lhs.count == rhs.count && (0..<lhs.count).allSatisfy { lhs[$0] == rhs[$0] }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for index in 0..<count { hasher.combine(self[index]) }
  }
}

/// One element, or a group of related ones, to keep usable when the device folds (RULES.md §6).
///
/// ```swift
/// var alert = Displacement(view: screen, elements: ElementFrames([alertFrame]), purpose: .transient)
/// alert.regions = scene.regions
/// let moved = alert.displaced()   // the trailing area of a book, the top of a tabletop
/// ```
@frozen
public struct Displacement: Sendable, Hashable {
  /// The view the elements live in; frames and regions share its (window) coordinates.
  public var view: Rect
  /// The element, or a group that moves as one keeping its relative offsets.
  public var elements: ElementFrames
  public var purpose: ElementPurpose
  /// The item a `contextual` element belongs to.
  public var anchor: Rect?
  /// Whether the elements clear active occlusion regions (R27); defaults from the purpose.
  public var isInteractive: Bool
  public var layoutDirection: LayoutDirection
  public var regions: ReservedRegions

  public init(
    view: Rect, elements: ElementFrames, purpose: ElementPurpose, anchor: Rect? = nil, isInteractive: Bool? = nil,
    layoutDirection: LayoutDirection = .leftToRight, regions: ReservedRegions = ReservedRegions()
  ) {
    self.view = view
    self.elements = elements
    self.purpose = purpose
    self.anchor = anchor
    self.isInteractive = isInteractive ?? purpose.isInteractive
    self.layoutDirection = layoutDirection
    self.regions = regions
  }
}

/// Where displaced elements went.
@frozen
public struct DisplacementResult: Sendable, Hashable {
  /// The elements' new frames, in the order given.
  public var elements: ElementFrames
  /// The usable area the elements were moved into, when a fold divides the view.
  public var area: Rect?
  /// Whether the group had to shrink to fit its area (R26).
  public var shrunk: Bool
  /// How far the group's union moved.
  public var offset: (dx: Double, dy: Double)

  public static func == (lhs: DisplacementResult, rhs: DisplacementResult) -> Bool {
    lhs.elements == rhs.elements && lhs.area == rhs.area && lhs.shrunk == rhs.shrunk
      && lhs.offset.dx == rhs.offset.dx && lhs.offset.dy == rhs.offset.dy
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(elements)
    hasher.combine(area)
    hasher.combine(shrunk)
  }
}
