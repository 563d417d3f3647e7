// MARK: - Sanitising numbers (R29)

/// Turns any `Double` into one the solver can use without trapping or
/// producing a non-finite answer.
@usableFromInline
enum Sanitize {
  /// Magnitudes beyond 2^52 points are clamped, so that sums of a few
  /// coordinates and lengths can never overflow to infinity.
  @usableFromInline
  static let limit: Double = 0x1p52

  /// `value.isFinite`, as one subtraction and one compare.
  ///
  /// Note (a137a13): `isFinite` (and `magnitude < .infinity`) became ~13 integer
  /// instructions on the bit pattern; `x - x` is 0 exactly for finite `x`
  /// and NaN otherwise.
  @inlinable @inline(__always)
  static func isFinite(_ value: Double) -> Bool { value - value == 0 }

  /// A coordinate: non-finite counts as 0; may be negative.
  @inlinable @inline(__always)
  static func coordinate(_ value: Double) -> Double {
    isFinite(value) ? smaller(larger(value, -limit), limit) : 0
  }

  /// A length, inset or margin: non-finite counts as 0, negative becomes 0.
  @inlinable @inline(__always)
  static func length(_ value: Double) -> Double {
    // Note (da031b9): branch-free (8 instructions, no integer test of the bit pattern as
    // `isFinite` gave): NaN and -infinity fall to 0 in the clamp, +infinity is
    // picked out. The same rule as three selects cost cold solves 4-13 % more
    // instructions (callgrind, default suite). A table's lanes, which had that
    // copy, answer only lengths this leaves as they are (``ArrangementPlan/besideAnswer``).
    let clamped = value > 0 ? (value < limit ? value : limit) : 0
    return value == .infinity ? 0 : clamped
  }

  /// A divider's release velocity (R37): non-finite counts as 0; may be negative.
  @inlinable @inline(__always)
  static func velocity(_ value: Double) -> Double {
    isFinite(value) ? value : 0
  }

  /// A `layoutPriority`: non-finite counts as 0.
  @inlinable @inline(__always)
  static func priority(_ value: Double) -> Double {
    isFinite(value) ? value : 0
  }

  /// A fraction, clamped into 0...1; `nil` (missing) when non-finite.
  @inlinable @inline(__always)
  static func fraction(_ value: Double) -> Double? {
    isFinite(value) ? smaller(larger(value, 0), 1) : nil
  }

  /// A bound or ideal length: `nil` (missing) when non-finite, negative becomes 0.
  @inlinable @inline(__always)
  static func bound(_ value: Double) -> Double? {
    isFinite(value) ? smaller(larger(value, 0), limit) : nil
  }

  /// The display scale: 0 (no rounding) when missing, non-finite or not positive.
  @inlinable @inline(__always)
  static func scale(_ value: Double?) -> Double {
    guard let value, isFinite(value), value > 0 else { return 0 }
    return value
  }

  // Note (621dbce): `insets` is forced inline: left to LLVM it became an out-of-line
  // call from the paths that read a scene through `SceneReference` (callgrind:
  // peers /resizing 624 → 582 instructions a solve, random/seed=1/batch 457 →
  // 434, regions/query 813 → 792). Forcing `rect` too made every cold
  // `scene.solve()` ~90 instructions longer (peers 770 → 861), so it is not.
  @inlinable
  static func rect(_ rect: Rect) -> Rect {
    Rect(x: coordinate(rect.x), y: coordinate(rect.y), width: length(rect.width), height: length(rect.height))
  }

  @inlinable @inline(__always)
  static func insets(_ insets: EdgeInsets) -> EdgeInsets {
    EdgeInsets(
      top: length(insets.top), left: length(insets.left),
      bottom: length(insets.bottom), right: length(insets.right))
  }
}

// MARK: - Minimum and maximum of sanitised numbers

// Note (ab42f52): `Swift.min`/`Swift.max` keep NaN semantics, which SSE2 cannot express
// in one instruction: each became a compare and a three-instruction blend.
// Past sanitising (R29) no NaN can occur, and for every other pair of
// doubles, signed zeros included, these return exactly what `Swift.min` and
// `Swift.max` return, as a single `minsd`/`maxsd`. Measured with callgrind on
// peers/two-pane-sweep: 577 → 530 instructions per plan solve, 1,181 → 1,124
// per cold solve (sanitising included).

/// `Swift.min(x, y)` for numbers that are not NaN.
@inlinable @inline(__always)
func smaller(_ x: Double, _ y: Double) -> Double {
  assert(!x.isNaN && !y.isNaN, "NaN past sanitising")
  return y < x ? y : x
}

/// `Swift.max(x, y)` for numbers that are not NaN.
@inlinable @inline(__always)
func larger(_ x: Double, _ y: Double) -> Double {
  assert(!x.isNaN && !y.isNaN, "NaN past sanitising")
  return x > y ? x : y
}
