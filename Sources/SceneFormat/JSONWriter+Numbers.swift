extension JSONWriter {
  /// An integer's decimal digits.
  mutating func integer(_ value: Int64) {
    reserve(21)
    if value < 0 {
      base[count] = UInt8(ascii: "-")
      count += 1
    }
    digits(value.magnitude)
  }

  /// The decimal digits of `magnitude` (room for 20 reserved).
  @inline(__always) private mutating func digits(_ magnitude: UInt64) {
    // Note (df6f6ee): most numbers in answers have one to four digits; those are
    // written without counting digits first (with the 16-digit writer, callgrind,
    // scene-file/write: 2,319 → 2,068 instructions an answer).
    let pairs = digitPairs.utf8Start
    if magnitude < 10 {
      base[count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude)
      count += 1
      return
    }
    if magnitude < 100 {
      let pair = Int(magnitude) &* 2
      base[count] = pairs[pair]
      base[count + 1] = pairs[pair + 1]
      count += 2
      return
    }
    var magnitude = magnitude
    var digits = 3
    var scale: UInt64 = 1000
    while digits < 20 && magnitude >= scale {
      digits += 1
      scale = scale &* 10
    }
    var position = count + digits
    count = position
    // Note (29c9644): two digits a step from a table of "00"..."99", one division
    // a pair rather than one a digit (callgrind, scene-file/write: 2,410 → 2,319
    // instructions an answer, with the reader's changes of that commit).
    while magnitude >= 100 {
      let pair = Int(magnitude % 100) &* 2
      magnitude /= 100
      position -= 2
      base[position] = pairs[pair]
      base[position + 1] = pairs[pair + 1]
    }
    if magnitude >= 10 {
      let pair = Int(magnitude) &* 2
      base[position - 2] = pairs[pair]
      base[position - 1] = pairs[pair + 1]
    } else {
      base[position - 1] = UInt8(ascii: "0") &+ UInt8(magnitude)
    }
  }

  /// A number as ``formatNumber(_:)`` writes it: integers below 1e15 without
  /// a fraction, anything else in the shortest form that reads back to the
  /// same `Double`.
  mutating func number(_ value: Double) {
    // Whole below 1e15: converted and back, rather than `rounded()`, a libm call on baseline x86-64.
    if abs(value) < 1e15, Double(Int64(value)) == value {
      let whole = Int64(value)
      // Note (9675d10): most numbers in answers are whole, below 10,000 and not
      // negative: written here without a call (callgrind, scene-file/write:
      // 2,068 → 1,967 instructions an answer).
      if whole >= 0 && whole < 10_000 {
        reserve(4)
        let pairs = digitPairs.utf8Start
        if whole < 10 {
          base[count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: whole)
          count += 1
        } else if whole < 100 {
          let pair = Int(whole) &* 2
          base[count] = pairs[pair]
          base[count + 1] = pairs[pair + 1]
          count += 2
        } else {
          let high = Int(whole / 100)
          let low = Int(whole % 100) &* 2
          if high < 10 {
            base[count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: high)
            count += 1
          } else {
            base[count] = pairs[high &* 2]
            base[count + 1] = pairs[high &* 2 + 1]
            count += 2
          }
          base[count] = pairs[low]
          base[count + 1] = pairs[low + 1]
          count += 2
        }
      } else {
        integer(whole)
      }
    } else if !decimal(value) {
      // Note (ce4eb31): `description` builds a `String`, which allocates past 15 bytes
      // (316.6666666666667); `write(to:)` hands the same text over as bytes.
      // (The runtime's C entry point behind it, `swift_float64ToString`, wrote
      // wrong digits for values below 1 and at 1e15 here: not used.)
      var text = NumberText()
      value.write(to: &text)
      withUnsafeBytes(of: &text.storage) {
        append(UnsafeBufferPointer(rebasing: $0.bindMemory(to: UInt8.self)[..<text.count]))
      }
    }
  }

  /// Writes a value from 1e-4 up to 1e11 that 15 or 16 significant digits
  /// give exactly (96.25, 0.1, 316.6666666666667) as `description` would, and
  /// says whether it did: `description` writes the fewest digits that read
  /// back to the value, without an exponent in this range.
  ///
  /// Digits m with d decimals read back to `value` exactly when
  /// `Double(m) / 1e d == value`: m < 2^53 and 10^d are exact, so the division
  /// is the one correctly rounded operation a correct reader performs.
  /// - 15 digits: `value`'s rounding interval scaled by 10^d is narrower than
  ///   0.23 and the product is off by less than 0.07, so the integer nearest
  ///   the product is the only candidate. Any shorter form, padded with zeros,
  ///   is that candidate: its trailing zeros dropped, it is the shortest.
  /// - 16 digits (none shorter fits): below 2^52 the interval is narrower than
  ///   1 and the product off by at most 0.25, so the floor of the product or
  ///   the next integer is the only candidate.
  /// - 17 digits are left to `description`'s own algorithm.
  ///
  /// Note (df6f6ee): `Double.write(to:)` costs ~630 instructions a number here (callgrind, scene-file/write).
  @inline(__always) private mutating func decimal(_ value: Double) -> Bool {
    let magnitude = value.magnitude
    guard magnitude < 1e11 && magnitude >= 1e-4 else { return false }
    // One or two decimals (halves and quarters of a point), the commonest, at
    // once: the same check with d = 2; a last zero means d = 1 fits as well.
    let scaledTwice = magnitude * 100
    var hundredths = UInt64(scaledTwice)
    if scaledTwice - Double(hundredths) >= 0.5 { hundredths += 1 }
    if Double(hundredths) / 100 == magnitude {
      reserve(24)
      if value < 0 {
        base[count] = UInt8(ascii: "-")
        count += 1
      }
      digits(hundredths / 100)
      let fraction = Int(hundredths % 100)
      base[count] = UInt8(ascii: ".")
      base[count + 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction / 10)
      if fraction % 10 == 0 {
        count += 2
      } else {
        base[count + 2] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction % 10)
        count += 3
      }
      return true
    }
    // Digits before the point; 0 to -3 count the zeros after it. The literals
    // 0.1, 0.01 and 0.001 lie above the decimals they spell, so no value is misplaced.
    var before: Int
    if magnitude >= 1 {
      let whole = UInt64(magnitude)
      before = 1
      var bound: UInt64 = 10
      while whole >= bound {
        before += 1
        bound &*= 10
      }
    } else {
      before = magnitude >= 0.1 ? 0 : magnitude >= 0.01 ? -1 : magnitude >= 0.001 ? -2 : -3
    }
    var decimals = 15 - before
    var power: UInt64 = 1
    for _ in 0..<decimals { power &*= 10 }
    var scale = Double(power)  // exact: every power of ten up to 10^22 is a Double
    var scaled = magnitude * scale
    var digits = UInt64(scaled)
    if scaled - Double(digits) >= 0.5 { digits += 1 }
    if Double(digits) / scale == magnitude {
      // Trailing zeros dropped four, two, then one at a time.
      while digits % 10_000 == 0 {
        digits /= 10_000
        power /= 10_000
        decimals -= 4
      }
      if digits % 100 == 0 {
        digits /= 100
        power /= 100
        decimals -= 2
      }
      if digits % 10 == 0 {
        digits /= 10
        power /= 10
        decimals -= 1
      }
    } else {
      decimals += 1
      power &*= 10
      scale *= 10
      scaled = magnitude * scale
      guard scaled < 0x1p52 else { return false }
      digits = UInt64(scaled)
      if Double(digits) / scale != magnitude {
        digits += 1
        guard Double(digits) / scale == magnitude else { return false }
      }
    }
    reserve(24)
    if value < 0 {
      base[count] = UInt8(ascii: "-")
      count += 1
    }
    self.digits(digits / power)
    base[count] = UInt8(ascii: ".")
    var fraction = digits % power
    var position = count + 1 + decimals
    count = position
    let pairs = digitPairs.utf8Start
    var left = decimals
    while left >= 2 {
      let pair = Int(fraction % 100) &* 2
      fraction /= 100
      position -= 2
      base[position] = pairs[pair]
      base[position + 1] = pairs[pair + 1]
      left -= 2
    }
    if left == 1 { base[position - 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction) }
    return true
  }
}

/// The text of one number, on the stack (a `Double` needs at most 24 bytes).
struct NumberText: TextOutputStream {
  var storage: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
  var count = 0

  mutating func write(_ string: String) {
    for byte in string.utf8 { append(byte) }
  }

  mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
    for byte in buffer { append(byte) }
  }

  @inline(__always) mutating func append(_ byte: UInt8) {
    guard count < 32 else { return }
    withUnsafeMutableBytes(of: &storage) { $0[count] = byte }
    count += 1
  }
}

/// "00" to "99": the two digits of every pair.
private let digitPairs: StaticString = """
  00010203040506070809101112131415161718192021222324252627282930313233343536373839\
  40414243444546474849505152535455565758596061626364656667686970717273747576777879\
  8081828384858687888990919293949596979899
  """
