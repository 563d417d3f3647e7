/// The lanes a plan's ``AnswerTable`` computes in: `Double` for one container size,
/// `SIMD4<Double>` for four. Each operation is the lane-wise twin of the
/// general path's: `larger` and `smaller` are its compare-and-select
/// `larger`/`smaller`, so every lane gets the same bits.
@usableFromInline
protocol KernelLanes {
  associatedtype Mask: KernelMask
  init(repeating value: Double)
  static func + (lhs: Self, rhs: Self) -> Self
  static func - (lhs: Self, rhs: Self) -> Self
  static func + (lhs: Double, rhs: Self) -> Self
  static func - (lhs: Self, rhs: Double) -> Self
  static func * (lhs: Double, rhs: Self) -> Self
  static func / (lhs: Self, rhs: Double) -> Self
  static func + (lhs: Self, rhs: Double) -> Self
  static func * (lhs: Self, rhs: Double) -> Self
  /// ``PixelRounding/onGrid(_:scale:)`` in each lane (R9).
  func onGrid(scale: Double) -> Self
  func greater(_ other: Self) -> Mask
  func greaterOrEqual(_ other: Self) -> Mask
  func less(_ other: Self) -> Mask
  func lessOrEqual(_ other: Self) -> Mask
  func equal(_ other: Self) -> Mask
  func replacing(with other: Self, where mask: Mask) -> Self
  /// `abs` in each lane; compared with `1e-9` only, so the sign of a zero does not matter.
  var magnitude: Self { get }
}

extension KernelLanes {
  /// `larger(self, other)` in each lane: `self > other ? self : other`.
  @inline(__always)
  func larger(_ other: Self) -> Self { other.replacing(with: self, where: greater(other)) }

  /// `smaller(self, other)` in each lane: `other < self ? other : self`.
  @inline(__always)
  func smaller(_ other: Self) -> Self { replacing(with: other, where: other.less(self)) }

  @inline(__always)
  mutating func replace(with other: Self, where mask: Mask) { self = replacing(with: other, where: mask) }
}

/// Lane-wise booleans: `Bool` for one lane, `SIMDMask` for four.
@usableFromInline
protocol KernelMask {
  init(repeating value: Bool)
  static func .& (lhs: Self, rhs: Self) -> Self
  static prefix func .! (operand: Self) -> Self
  /// True in every lane.
  var all: Bool { get }
  /// True in some lane.
  var any: Bool { get }
  /// True or false in every lane alike; `nil` where the lanes differ.
  var uniform: Bool? { get }
}

extension KernelMask {
  @usableFromInline var uniform: Bool? { @inline(__always) get { all ? true : any ? nil : false } }
}

extension Double: KernelLanes {
  @usableFromInline typealias Mask = Bool
  @usableFromInline @inline(__always) init(repeating value: Double) { self = value }
  @usableFromInline @inline(__always) func greater(_ other: Double) -> Bool { self > other }
  @usableFromInline @inline(__always) func greaterOrEqual(_ other: Double) -> Bool { self >= other }
  @usableFromInline @inline(__always) func less(_ other: Double) -> Bool { self < other }
  @usableFromInline @inline(__always) func lessOrEqual(_ other: Double) -> Bool { self <= other }
  @usableFromInline @inline(__always) func equal(_ other: Double) -> Bool { self == other }
  @usableFromInline @inline(__always) func replacing(with other: Double, where mask: Bool) -> Double {
    mask ? other : self
  }
  @usableFromInline @inline(__always) func onGrid(scale: Double) -> Double { PixelRounding.onGrid(self, scale: scale) }
}

extension Bool: KernelMask {
  @usableFromInline @inline(__always) init(repeating value: Bool) { self = value }
  @usableFromInline @inline(__always) static func .& (lhs: Bool, rhs: Bool) -> Bool { lhs && rhs }
  @usableFromInline @inline(__always) static prefix func .! (operand: Bool) -> Bool { !operand }
  @usableFromInline @inline(__always) var all: Bool { self }
  @usableFromInline @inline(__always) var any: Bool { self }
  @usableFromInline @inline(__always) var uniform: Bool? { self }
}

extension SIMDMask: KernelMask {
  // A lane of a mask is all ones or all zeros, so the lanes' `&` (`|`) is
  // non-zero exactly when every (some) lane is true, which LLVM reads as
  // one `movmskpd`/`movmskps` and a compare.
  //
  // Note (27e64ab): `Swift.all` moved each lane to a general register and
  // tested the sign of their `&`, five instructions a test of two lanes
  // (callgrind, peers columns in pairs 64.7 → 59.8).
  @usableFromInline @inline(__always) var all: Bool {
    let lanes = unsafeBitCast(self, to: Storage.self)
    var every = lanes[0]
    for lane in 1..<lanes.scalarCount { every &= lanes[lane] }
    return every != 0
  }
  @usableFromInline @inline(__always) var any: Bool {
    let lanes = unsafeBitCast(self, to: Storage.self)
    var some = lanes[0]
    for lane in 1..<lanes.scalarCount { some |= lanes[lane] }
    return some != 0
  }
  /// Note (6e8f2e3): from the lanes' sign bits gathered (one `movmskps`) and
  /// compared twice; from `all` and `any`, LLVM took the lanes apart one by
  /// one to share their `&` (callgrind: peers batch 57.1 → 55.3, columns 45.3 → 43.8,
  /// plans/resize/columns 99.2 → 95.5, with the classes (R2) read so too).
  @usableFromInline var uniform: Bool? {
    @inline(__always) get {
      let lanes = unsafeBitCast(self, to: Storage.self)
      var bits = 0
      for lane in 0..<lanes.scalarCount {
        bits |= Int(truncatingIfNeeded: lanes[lane] &>> (Storage.Scalar.bitWidth - 1)) & (1 &<< lane)
      }
      return bits == 0 ? false : bits == 1 &<< lanes.scalarCount &- 1 ? true : nil
    }
  }
}

extension SIMD4<Double>: KernelLanes {
  @usableFromInline typealias Mask = SIMDMask<SIMD4<Int64>>
  @usableFromInline @inline(__always) func greater(_ other: Self) -> Mask { self .> other }
  @usableFromInline @inline(__always) func greaterOrEqual(_ other: Self) -> Mask { self .>= other }
  @usableFromInline @inline(__always) func less(_ other: Self) -> Mask { self .< other }
  @usableFromInline @inline(__always) func lessOrEqual(_ other: Self) -> Mask { self .<= other }
  @usableFromInline @inline(__always) func equal(_ other: Self) -> Mask { self .== other }
  @usableFromInline @inline(__always) var magnitude: Self { replacing(with: -self, where: self .< 0) }
  @usableFromInline @inline(__always) func onGrid(scale: Double) -> Self { PixelRounding.onGrid(self, scale: scale) }
}
