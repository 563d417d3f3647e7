extension InlineArray where count == 8 {
  /// The element at `index` (0..<8), read in place.
  ///
  /// Note (a137a13): `self[index]` with an index unknown at compile time copied the
  /// whole array to the stack first (a 640-byte `memcpy` per region read:
  /// 29% of a cold split solve's instructions, by callgrind). With constant
  /// indices LLVM folds the switch into one address computation.
  @inlinable @inline(__always)
  func element(_ index: Int) -> Element {
    switch index {
    case 0: self[0]
    case 1: self[1]
    case 2: self[2]
    case 3: self[3]
    case 4: self[4]
    case 5: self[5]
    case 6: self[6]
    default: self[7]
    }
  }
}
