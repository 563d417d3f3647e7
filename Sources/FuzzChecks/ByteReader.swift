/// Reads fuzzer bytes as the numbers and choices of a scene, leaning towards
/// the values that break layout code: NaN, infinities, subnormals, huge and
/// negative numbers, zero.
struct ByteReader {
  let bytes: UnsafeRawBufferPointer
  var position = 0

  init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

  /// The next byte, 0 once the input is used up.
  mutating func byte() -> UInt8 {
    guard position < bytes.count else { return 0 }
    defer { position += 1 }
    return bytes[position]
  }

  mutating func bool() -> Bool { byte() & 1 == 1 }

  mutating func choice(_ count: Int) -> Int { Int(byte()) % count }

  mutating func double() -> Double {
    switch byte() % 16 {
    case 0: return .nan
    case 1: return .infinity
    case 2: return -.infinity
    case 3: return -0.0
    case 4: return .leastNonzeroMagnitude
    case 5: return .greatestFiniteMagnitude
    case 6: return -.greatestFiniteMagnitude
    case 7: return 1e300
    case 8, 9, 10, 11: return Double(UInt16(byte()) << 3 | UInt16(byte() & 7))  // 0…2047 points
    case 12:
      var bits: UInt64 = 0
      for _ in 0..<8 { bits = bits << 8 | UInt64(byte()) }
      return Double(bitPattern: bits)
    case 13: return -Double(byte())
    case 14: return Double(byte()) / 255
    default: return 0
    }
  }

  mutating func rect() -> (Double, Double, Double, Double) { (double(), double(), double(), double()) }
}
