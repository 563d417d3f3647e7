/// The bounds R29 sets on a scene's numbers, written once: ``Scene/validate()``
/// reports each number outside them, and the scene-file reader (SceneFormat)
/// skips that walk only when every number it read in its compact form is
/// inside them. Both ask these, so a bound changed here applies to both.
///
/// The first bound, ``isFinite(_:)``, is asked before the others, which bound
/// a finite number: the validator reports a number that is not finite as
/// such, and the reader's compact form holds plain decimals of at most 15
/// digits, always finite. (The others are false for NaN.)
///
/// Note (1868a20): public and inlinable, so that the reader's checks stay one compare
/// each: `@inlinable package` functions are not inlined into another module
/// by this toolchain (Swift 6.3 serialises no `package` bodies without
/// package CMO); as calls they cost scene-file/parse ~510 instructions a
/// scene (callgrind: 5,956 → 6,466), and checking finiteness again in each
/// bound ~53 (→ 6,009).
public enum SceneBounds {
  /// Any number of a scene: finite (coordinates and `layoutPriority` have no other bound).
  @inlinable @inline(__always)
  public static func isFinite(_ value: Double) -> Bool { value.isFinite }

  /// A width, height, inset, margin, absolute dimension or ideal size: not
  /// negative (`-0` is 0).
  @inlinable @inline(__always)
  public static func isLength(_ value: Double) -> Bool { value >= 0 }

  /// A fraction: in 0...1.
  @inlinable @inline(__always)
  public static func isFraction(_ value: Double) -> Bool { value >= 0 && value <= 1 }

  /// A `displayScale`: positive.
  @inlinable @inline(__always)
  public static func isScale(_ value: Double) -> Bool { value > 0 }

  /// The minimum and maximum of `range` that are compared: both absolute, or
  /// both fractions; `nil` when one is missing or they differ in kind (R3
  /// then raises a maximum below the minimum).
  @inlinable @inline(__always)
  public static func comparedBounds(_ range: DimensionRange) -> (minimum: Double, maximum: Double)? {
    switch (range.minimum, range.maximum) {
    case (.absolute(let low)?, .absolute(let high)?), (.fractional(let low)?, .fractional(let high)?):
      return (low, high)
    default:
      return nil
    }
  }

  /// A maximum not below its minimum (true when either is NaN).
  @inlinable @inline(__always)
  public static func isOrdered(minimum: Double, maximum: Double) -> Bool { !(maximum < minimum) }
}
