/// Rounding to the pixel grid (R9).
public enum PixelRounding {
  /// `value.rounded(.toNearestOrAwayFromZero)`, bit for bit, without a call.
  ///
  /// Note: on baseline x86-64 (no SSE4.1 `roundsd`) the standard library calls
  /// the C library's `round` out of line. Here `(m + 2^52) − 2^52` rounds a
  /// magnitude below 2^52 to the nearest integer, ties to even, exactly;
  /// `m` minus that is exact too, and is 0.5 exactly where a tie went down,
  /// which then goes up: halves go away from zero and `0.49999999999999994`
  /// stays 0, as `round` does. Every double from 2^52 up is already an
  /// integer. The sign is copied back, so `-0.4` gives `-0.0`, as `round` does.
  ///
  /// Note (269bddc): the truncating conversion it replaces (`Int64(m)`) kept
  /// its overflow trap's test beside the 2^52 guard. Callgrind, instructions
  /// an operation: plans/divider-drag 350.9 → 345.9, with release and step
  /// 352.7 → 347.7 (1.243 × plans/resize's 279.8), adapt/levitate 853.7 →
  /// 847.7; no group dearer.
  @inlinable @inline(__always)
  public static func halfAwayFromZero(_ value: Double) -> Double {
    let magnitude = value.magnitude
    guard magnitude < 0x1p52 else { return value }
    let nearest = (magnitude + 0x1p52) - 0x1p52
    let rounded = magnitude - nearest >= 0.5 ? nearest + 1 : nearest
    return Double(signOf: value, magnitudeOf: rounded)
  }

  /// ``halfAwayFromZero(_:)-(Double)`` in four lanes, bit for bit: `(m + 2^52) − 2^52`
  /// rounds a magnitude below 2^52 to the nearest integer, ties to even;
  /// `m` minus that is exact, and is 0.5 exactly where a tie went down, which
  /// then goes up (away from zero). The sign is copied back.
  @inlinable @inline(__always)
  public static func halfAwayFromZero(_ value: SIMD4<Double>) -> SIMD4<Double> {
    let bits = unsafeBitCast(value, to: SIMD4<UInt64>.self)
    let signBit = SIMD4<UInt64>(repeating: 0x8000_0000_0000_0000)
    let magnitude = unsafeBitCast(bits & ~signBit, to: SIMD4<Double>.self)
    let big = SIMD4<Double>(repeating: 0x1p52)
    let nearest = (magnitude + big) - big
    let up = SIMD4<Double>(repeating: 1).replacing(with: 0, where: magnitude - nearest .< 0.5)
    let kept = (nearest + up).replacing(with: magnitude, where: magnitude .>= big)
    return unsafeBitCast(unsafeBitCast(kept, to: SIMD4<UInt64>.self) | (bits & signBit), to: SIMD4<Double>.self)
  }

  /// R9: a window coordinate on the pixel grid of `scale` pixels per point,
  /// the nearest multiple of `1/scale`, halves away from zero. Where the
  /// coordinate times the scale is 2^52 or more in magnitude (or overflows),
  /// every number there is on the grid and the coordinate stays (R29).
  ///
  /// The one rounding of R9: pane edges (``snapped(_:origin:scale:)``; in a
  /// table's lanes, one call a lane), a levitated secondary's edges (R33)
  /// and a transition's frames (R34, ``onGrid(_:scale:)-(SIMD4<Double>)``) all round here.
  @inlinable @inline(__always)
  public static func onGrid(_ window: Double, scale: Double) -> Double {
    let scaled = window * scale
    guard scaled.magnitude < 0x1p52 else { return window }
    return halfAwayFromZero(scaled) / scale
  }

  /// ``onGrid(_:scale:)-(Double)`` in four lanes (a transition's edges), bit for bit.
  ///
  /// Note (8977cc3): written for `SIMD4` itself: generic over `SIMD`, the lanes'
  /// operators are the protocol's element-by-element loops, and a transition's
  /// frame cost ~27 instructions more (callgrind, transitions/camera 180 → 206),
  /// the kernel's pairs (two lanes) ~40 a size (peers batch 124 → 163).
  @inlinable @inline(__always)
  public static func onGrid(_ window: SIMD4<Double>, scale: Double) -> SIMD4<Double> {
    let scaled = window * scale
    let magnitude = unsafeBitCast(
      unsafeBitCast(scaled, to: SIMD4<UInt64>.self) & SIMD4(repeating: 0x7FFF_FFFF_FFFF_FFFF), to: SIMD4<Double>.self)
    return (halfAwayFromZero(scaled) / scale).replacing(with: window, where: magnitude .>= 0x1p52)
  }

  /// R9: a container-local coordinate on the pixel grid in window
  /// coordinates: `origin` is the container's. `PaneEdges.position` writes
  /// the same in a table's lanes.
  @inlinable @inline(__always)
  static func snapped(_ local: Double, origin: Double, scale: Double) -> Double {
    onGrid(local + origin, scale: scale) - origin
  }
}
