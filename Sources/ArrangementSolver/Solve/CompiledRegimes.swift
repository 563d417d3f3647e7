/// The lengths of the layout area, along one axis, where a split plan's
/// sizing rules (R3–R7) reduce to one formula: the pane sized first takes
/// `a + f·L` (one of its bounds, or half the length) and the other gets
/// exactly the rest. A plan compiles them once
/// (``RegimeTable/compile(_:_:primaryFirst:)``); per size its ``AnswerTable`` finds
/// the piece holding `L` and evaluates only its formula, with the general
/// path's own operations, so the answer is the same bit for bit.
///
/// Between pieces lie the lengths where some comparison of the rules
/// changes its answer, each widened to a guard band (see ``RegimeTerm``):
/// sizes there, and sizes outside every piece, take the general path.
@frozen
public struct RegimeTable: Sendable {
  /// How many pieces a table holds; a plan with more keeps the first ones.
  @usableFromInline static let capacity = 4
  @usableFromInline var pieces: InlineArray<4, RegimePiece>
  @usableFromInline var count: Int

  @usableFromInline
  init() {
    pieces = InlineArray(repeating: RegimePiece.none)
    count = 0
  }

  /// The largest length a piece reaches. Far below ``Sanitize/limit``, so a
  /// size in a piece needs no sanitising (R29): it is finite, positive, and
  /// below the limit however large the insets a compiled plan has. With
  /// the insets below ``largestInsets`` too, every edge of a piece lies
  /// below 2^22, where a unit in the last place is under 10⁻⁹ points: the
  /// edge facts the compiler proves (``RegimeTerm/within(_:_:_:)``) hold there.
  static let largestLength = 0x1p21
  /// The largest inset sum a compiled plan has.
  static let largestInsets = 0x1p21
  /// How much longer than R9's 1e-9 end test each pane of a piece is, at
  /// least (rounding at lengths below 2^22 moves an edge by under 10⁻⁹).
  static let edgeMargin = 4e-9
}

/// One piece of a ``RegimeTable``: for `low ≤ L ≤ high` the first pane takes `a + f·L`.
@frozen
public struct RegimePiece: Sendable {
  @usableFromInline var low: Double
  @usableFromInline var high: Double
  @usableFromInline var a: Double
  @usableFromInline var f: Double

  @usableFromInline
  init(low: Double, high: Double, a: Double, f: Double) {
    (self.low, self.high, self.a, self.f) = (low, high, a, f)
  }

  /// A piece that holds no length (not even NaN: both comparisons fail).
  static var none: RegimePiece {
    @inline(__always) get { RegimePiece(low: .infinity, high: -.infinity, a: 0, f: 0) }
  }

  /// The first pane's length, as the general path computes it.
  @inline(__always)
  func first<Lanes: KernelLanes>(_ length: Lanes) -> Lanes { a + f * length }

  @inline(__always)
  func holds<Lanes: KernelLanes>(_ length: Lanes) -> Bool {
    (.!length.less(Lanes(repeating: low)) .& length.lessOrEqual(Lanes(repeating: high))).all
  }
}

extension RegimeTable {
  /// Whether the pieces take (nearly) every length where the sizing rules
  /// give the pane sized first `f` and the other exactly `L − f`, sampled
  /// from 64 to 8,192 points: where that needs a rounding-dependent
  /// comparison per size (the first pane takes what the other leaves,
  /// `L − (a + f·L)`, and the other gets `L − (L − (a + f·L))`), a plan
  /// sizes per size instead (its table's ``Sized`` mode).
  func coversRegime(_ primary: LinearRange, _ secondary: LinearRange, primaryFirst: Bool) -> Bool {
    var length = 64.0
    while length <= 8192 {
      let sized = PaneLengths(
        primary: ResolvedRange(primary, length: length), secondary: ResolvedRange(secondary, length: length),
        primaryFirst: primaryFirst, length: length)
      let (first, second) = primaryFirst ? (sized.primary, sized.secondary) : (sized.secondary, sized.primary)
      if sized.primaryShown && sized.secondaryShown && second == length - first && self.first(holding: length) == nil {
        return false
      }
      length *= 1.0625
    }
    return true
  }

  /// The pieces of one axis: the sizing rules (``PaneLengths``) run on
  /// ``RegimeTerm``s over the area's length `L`; where both panes are
  /// shown, the first as `a + f·L` and the other as exactly `L` minus that,
  /// the interval becomes a piece.
  static func compile(_ primary: LinearRange, _ secondary: LinearRange, primaryFirst: Bool) -> RegimeTable {
    var table = RegimeTable()
    RegimeTerm.intervals(from: 0x1p-20, to: largestLength) { length in
      PaneLengths(
        primary: ResolvedRange(primary, length: length), secondary: ResolvedRange(secondary, length: length),
        primaryFirst: primaryFirst, length: length)
    } each: { low, high, sized in
      let (first, second) = primaryFirst ? (sized.primary, sized.secondary) : (sized.secondary, sized.primary)
      // (Where the first takes what the other leaves, `L − (a + f·L)`, the rest is not followed.)
      if first.form == .direct, second.isRest(of: first),
        let range = RegimeTerm.within(RegimeTerm.within((low, high), first.a, first.f), -first.a, 1 - first.f)
      {
        table.pieces[table.count] = RegimePiece(low: range.low, high: range.high, a: first.a, f: first.f)
        table.count += 1
      }
      return table.count < capacity
    }
    return table
  }
}

extension RegimeTerm {
  /// The intervals of `start...largest` over which the sizing rules give
  /// both panes one formula each, shown: `sized` runs the rules over an
  /// interval of the variable, which is narrowed until every comparison
  /// has one answer over all of it (or skipped where it cannot be). `each`
  /// takes every such interval of at least a point, in ascending order, and
  /// says whether to go on.
  static func intervals(
    from start: Double, to largest: Double, sized: (RegimeTerm) -> PaneLengths<RegimeTerm>,
    each: (_ low: Double, _ high: Double, PaneLengths<RegimeTerm>) -> Bool
  ) {
    var start = start
    var evaluations = 0
    while start < largest && evaluations < 64 {
      var end = largest
      while evaluations < 64 {
        evaluations += 1
        let lengths = sized(RegimeTerm(length: start, end))
        let shown = lengths.primaryShown .& lengths.secondaryShown
        guard let band = lowest(lowest(lengths.primary.band, lengths.secondary.band), shown.band) else {
          // A piece shorter than a point is not worth its slot.
          if shown.value && end - start >= 1 && !each(start, end, lengths) { return }
          start = end.nextUp
          break
        }
        if band.low > start {
          end = band.low.nextDown
        } else {
          start = band.high.nextUp
          break
        }
      }
    }
  }
}

extension RegimeTerm {
  /// `low...high` cut to where the length `c + d·x` is at least
  /// ``RegimeTable/edgeMargin``; `nil` where less than a point is left. A
  /// piece is cut so for each of its lengths in turn (in a plan: the first
  /// pane's `a + f·L`, then the rest, `(1 − f)·L − a`), without a list of them.
  /// So a table needs no per-size test of what the compiler proves here
  /// (``PaneEdges/interior(_:)``): an interior edge is never within 1e-9 of
  /// either end of the area (R9's end test fails), so unrounded it needs no
  /// clamp, and where the panes fill the area their far edge is within
  /// 1e-9 of its end (R9 puts it there).
  static func within(_ range: (low: Double, high: Double)?, _ c: Double, _ d: Double) -> (
    low: Double, high: Double
  )? {
    let edgeMargin = RegimeTable.edgeMargin
    guard var (low, high) = range else { return nil }
    func length(_ l: Double) -> Double { c + d * l }
    if length(low) >= edgeMargin && length(high) >= edgeMargin { return (low, high) }
    guard d != 0 else { return nil }
    let crossing = (edgeMargin - c) / d
    guard crossing.isFinite else { return nil }
    var steps = 0
    if d > 0 {
      low = Swift.max(low, crossing)
      while length(low) < edgeMargin && steps < 64 { (low, steps) = (low.nextUp, steps + 1) }
    } else {
      high = Swift.min(high, crossing)
      while length(high) < edgeMargin && steps < 64 { (high, steps) = (high.nextDown, steps + 1) }
    }
    guard length(low) >= edgeMargin && length(high) >= edgeMargin && high - low >= 1 else { return nil }
    return (low, high)
  }
}

/// A length the sizing rules compute from the layout area's length `L`, as
/// the expression they compute it with, over an interval of `L`: the lanes
/// a plan runs the rules on to compile them (``RegimeTable``).
///
/// Every term the rules make of `L` by adding, subtracting, scaling and
/// selecting is affine in `L`; a term also knows when it is one of the two
/// expressions a piece evaluates (`a + f·L` and `L − (a + f·L)`), computed
/// with the same floating-point operations. Two terms compare with one
/// answer over the interval when their exact values differ there by more
/// than a tolerance of about 10⁻¹² of their magnitude (their rounding errors
/// are below 10⁻¹⁵ of it), or when they are the same expression (equal
/// bits). Otherwise the comparison records a guard band: the lengths within
/// the tolerance of where the exact values cross, which the compiler leaves
/// to the general path.
struct RegimeTerm {
  enum Form: Equatable {
    /// `a + f·L`, computed as `a + (f * L)`.
    case direct
    /// `L − (a + f·L)`.
    case complement
    /// `total − (a + f·L)`, for a constant `total` (a drag's `L' − t`).
    case remainder
    /// Worth `a + f·L`, up to rounding, by some other expression.
    case affine
    /// An expression the compiler does not follow (rounding, magnitudes).
    case unknown
  }

  var form: Form
  var a: Double
  var f: Double
  /// The constant of a ``Form/remainder``; 0 otherwise.
  var total = 0.0
  /// The interval of `L`; empty (low above high) for a constant.
  var low: Double
  var high: Double
  /// Lengths where a comparison this term depends on may change its answer.
  var band: Band?

  struct Band {
    var low: Double
    var high: Double
  }

  /// `L` itself over `low...high`: `0 + 1·L` is `L` exactly.
  init(length low: Double, _ high: Double) {
    (form, a, f, self.low, self.high, band) = (.direct, 0, 1, low, high, nil)
  }

  init(_ form: Form, _ a: Double, _ f: Double, over other: RegimeTerm, _ more: RegimeTerm? = nil) {
    (self.form, self.a, self.f) = (form, a, f)
    let interval = other.low <= other.high ? other : more ?? other
    (low, high) = (interval.low, interval.high)
    band = Self.lowest(other.band, more?.band)
  }

  var isConstant: Bool { form == .direct && f == 0 }
  var isZero: Bool { isConstant && a == 0 }
  var isLength: Bool { form == .direct && a == 0 && f == 1 }

  /// The value as `a + f·L`, whatever the expression; `nil` when not followed.
  var value: (a: Double, f: Double)? {
    switch form {
    case .direct, .affine: (a, f)
    case .complement: (-a, 1 - f)
    case .remainder: (total - a, -f)
    case .unknown: nil
    }
  }

  /// The same expression as `other`, so the same bits at every `L`.
  func isSame(as other: RegimeTerm) -> Bool {
    (form == .direct || form == .complement || form == .remainder) && form == other.form
      && a.bitPattern == other.a.bitPattern && f.bitPattern == other.f.bitPattern
      && total.bitPattern == other.total.bitPattern
  }

  /// `L − first`, as a piece computes the other pane's length from the first's.
  func isRest(of first: RegimeTerm) -> Bool { isSame(as: RegimeTerm(length: low, high) - first) }

  /// The exact value at `length` (to well within the tolerance).
  func value(at length: Double) -> Double {
    let direct = a + f * length
    return form == .complement ? length - direct : form == .remainder ? total - direct : direct
  }

  static func lowest(_ one: Band?, _ other: Band?) -> Band? {
    guard let one else { return other }
    guard let other else { return one }
    return one.low <= other.low ? one : other
  }

  /// The same expression, over both terms' interval and bands.
  func kept(over other: RegimeTerm) -> RegimeTerm {
    var kept = RegimeTerm(form, a, f, over: self, other)
    kept.total = total
    return kept
  }

  /// A term worth `value` that no piece evaluates, or one not followed.
  static func affine(_ value: (a: Double, f: Double)?, over one: RegimeTerm, _ other: RegimeTerm? = nil) -> RegimeTerm {
    guard let value else { return RegimeTerm(.unknown, 0, 0, over: one, other) }
    return RegimeTerm(.affine, value.a, value.f, over: one, other)
  }

  /// `self` against `other` over the interval: the sign of their difference
  /// (−1, 0 or 1), or a band where it is not one sign (the sign is then 0).
  func order(_ other: RegimeTerm) -> (sign: Int, band: Band?) {
    // A term that already depends on an undecided comparison keeps that
    // band alone: what it is compared with beyond it is not known yet.
    if let band = Self.lowest(band, other.band) { return (0, band) }
    if isSame(as: other) { return (0, nil) }
    if isConstant && other.isConstant { return (a > other.a ? 1 : a < other.a ? -1 : 0, nil) }
    let interval = low <= high ? self : other
    let (start, end) = (interval.low, interval.high)
    let whole = Band(low: start, high: end)
    guard form != .unknown && other.form != .unknown && start <= end else { return (0, whole) }
    let magnitudes = a.magnitude + total.magnitude + other.a.magnitude + other.total.magnitude
    func tolerance(_ length: Double) -> Double { 1e-12 * (1 + magnitudes + length) }
    let (atStart, atEnd) = (value(at: start) - other.value(at: start), value(at: end) - other.value(at: end))
    if atStart > tolerance(start) && atEnd > tolerance(end) { return (1, nil) }
    if atStart < -tolerance(start) && atEnd < -tolerance(end) { return (-1, nil) }
    // The difference is affine in `L`: where it is within the tolerance is one interval.
    let slope = (atEnd - atStart) / (end - start)
    guard slope.isFinite && slope.magnitude > 1e-9 else { return (0, whole) }
    // Outside `crossing ± width` the difference exceeds the tolerance, which grows by 10⁻¹² a point.
    let crossing = start - atStart / slope
    let width = 2 * tolerance(crossing.magnitude) / slope.magnitude
    let band = Band(low: Swift.max(start, crossing - width), high: Swift.min(end, crossing + width))
    return (0, band.low <= band.high ? band : whole)
  }

  func compared(_ other: RegimeTerm, _ answer: (Int) -> Bool) -> RegimeTerm.Mask {
    let (sign, band) = order(other)
    return Mask(value: answer(sign), band: band)
  }

  /// Lane-wise booleans over the interval, with the band where one may change.
  struct Mask: KernelMask {
    var value: Bool
    var band: Band?

    init(value: Bool, band: Band?) { (self.value, self.band) = (value, band) }
    init(repeating value: Bool) { (self.value, band) = (value, nil) }
    static func .& (lhs: Mask, rhs: Mask) -> Mask {
      Mask(value: lhs.value && rhs.value, band: RegimeTerm.lowest(lhs.band, rhs.band))
    }
    static prefix func .! (operand: Mask) -> Mask { Mask(value: !operand.value, band: operand.band) }
    /// True at every length of the interval.
    var all: Bool { value && band == nil }
    /// True at some length of the interval.
    var any: Bool { value || band != nil }
  }
}

extension RegimeTerm: KernelLanes {
  init(repeating value: Double) { (form, a, f, low, high, band) = (.direct, value, 0, 1, 0, nil) }

  static func + (lhs: Double, rhs: RegimeTerm) -> RegimeTerm {
    if rhs.isConstant { return RegimeTerm(.direct, lhs + rhs.a, 0, over: rhs) }
    if rhs.form == .direct && rhs.a == 0 && rhs.a.sign == .plus { return RegimeTerm(.direct, lhs, rhs.f, over: rhs) }
    return affine(rhs.value.map { (lhs + $0.a, $0.f) }, over: rhs)
  }

  static func * (lhs: Double, rhs: RegimeTerm) -> RegimeTerm {
    if rhs.isConstant { return RegimeTerm(.direct, lhs * rhs.a, 0, over: rhs) }
    // `lhs * L` is `0 + lhs·L` for a fraction (never negative).
    if rhs.isLength && lhs >= 0 { return RegimeTerm(.direct, 0, lhs, over: rhs) }
    return affine(rhs.value.map { (lhs * $0.a, lhs * $0.f) }, over: rhs)
  }

  static func - (lhs: RegimeTerm, rhs: RegimeTerm) -> RegimeTerm {
    if lhs.isConstant && rhs.isConstant { return RegimeTerm(.direct, lhs.a - rhs.a, 0, over: lhs, rhs) }
    // `x − x` is 0 exactly for every finite `x`.
    if lhs.isSame(as: rhs) { return RegimeTerm(.direct, 0, 0, over: lhs, rhs) }
    if lhs.isLength && rhs.form == .direct {
      // `L − L/2` is `L/2` exactly.
      if rhs.a == 0 && rhs.f == 0.5 { return RegimeTerm(.direct, 0, 0.5, over: lhs, rhs) }
      return RegimeTerm(.complement, rhs.a, rhs.f, over: lhs, rhs)
    }
    if lhs.isConstant && rhs.form == .direct {
      var rest = RegimeTerm(.remainder, rhs.a, rhs.f, over: lhs, rhs)
      rest.total = lhs.a
      return rest
    }
    guard let left = lhs.value, let right = rhs.value else { return affine(nil, over: lhs, rhs) }
    return affine((left.a - right.a, left.f - right.f), over: lhs, rhs)
  }

  static func / (lhs: RegimeTerm, rhs: Double) -> RegimeTerm {
    if lhs.isConstant { return RegimeTerm(.direct, lhs.a / rhs, 0, over: lhs) }
    // `L / 2` is `0.5·L` exactly.
    if lhs.isLength && rhs == 2 { return RegimeTerm(.direct, 0, 0.5, over: lhs) }
    return affine(lhs.value.map { ($0.a / rhs, $0.f / rhs) }, over: lhs)
  }

  static func + (lhs: RegimeTerm, rhs: RegimeTerm) -> RegimeTerm {
    // Adding a zero keeps a length's bits (the rules add none to a negative zero).
    if rhs.isZero { return lhs.kept(over: rhs) }
    if lhs.isZero { return rhs.kept(over: lhs) }
    guard let left = lhs.value, let right = rhs.value else { return affine(nil, over: lhs, rhs) }
    return affine((left.a + right.a, left.f + right.f), over: lhs, rhs)
  }
  static func - (lhs: RegimeTerm, rhs: Double) -> RegimeTerm { lhs - RegimeTerm(repeating: rhs) }
  static func + (lhs: RegimeTerm, rhs: Double) -> RegimeTerm { rhs + lhs }
  static func * (lhs: RegimeTerm, rhs: Double) -> RegimeTerm { rhs * lhs }
  func onGrid(scale: Double) -> RegimeTerm { RegimeTerm(.unknown, 0, 0, over: self) }
  var magnitude: RegimeTerm { RegimeTerm(.unknown, 0, 0, over: self) }

  func greater(_ other: RegimeTerm) -> Mask { compared(other) { $0 > 0 } }
  func greaterOrEqual(_ other: RegimeTerm) -> Mask { compared(other) { $0 >= 0 } }
  func less(_ other: RegimeTerm) -> Mask { compared(other) { $0 < 0 } }
  func lessOrEqual(_ other: RegimeTerm) -> Mask { compared(other) { $0 <= 0 } }
  func equal(_ other: RegimeTerm) -> Mask { compared(other) { $0 == 0 } }

  /// The chosen term, with the band of the choice: where the mask is decided,
  /// the other side's comparisons do not reach the answer.
  func replacing(with other: RegimeTerm, where mask: Mask) -> RegimeTerm {
    var chosen = mask.value ? other : self
    chosen.band = Self.lowest(chosen.band, mask.band)
    if chosen.low > chosen.high { (chosen.low, chosen.high) = mask.value ? (low, high) : (other.low, other.high) }
    return chosen
  }
}

extension ArrangementPlan {
  /// The compiled pieces along `axis` as `(low, high, a, f)` (for tests).
  package func regimePieces(along axis: Axis) -> [(low: Double, high: Double, a: Double, f: Double)] {
    let table = axis == .horizontal ? horizontalRegimes : verticalRegimes
    return (0..<table.count).map { index in
      let piece = table.pieces[index]
      return (piece.low, piece.high, piece.a, piece.f)
    }
  }

  /// Whether the plan's sizing compiled into pieces that cover it (for tests).
  package var readsCompiledRegimes: Bool { compiled }
}
