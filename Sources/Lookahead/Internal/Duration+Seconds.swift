extension Duration {
  /// The duration in seconds, as a `Double`: the whole seconds of `components` plus its
  /// attoseconds × 10⁻¹⁸, bit for bit.
  ///
  /// The policies convert times every frame, several times (the scroll tracker, the page
  /// trigger, the adaptive policy's memories). The standard library's `components` is not
  /// inlinable and divides a 128-bit integer with generic code, about 190 instructions a
  /// call on Linux: 6.5 % of the instructions of an `adaptive` feed simulation.
  /// ``wholeSecondsAndAttoseconds`` finds the same two numbers with the compiler's own
  /// division of a 128-bit integer by a 64-bit one.
  package var inSeconds: Double {
    let (seconds, attoseconds) = wholeSecondsAndAttoseconds
    return Double(seconds) + Double(attoseconds) * 1e-18
  }

  /// The duration in milliseconds, as a `Double`.
  package var inMilliseconds: Double { inSeconds * 1000 }

  /// `self / other`, bit for bit: the standard library converts both counts of
  /// attoseconds to `Double` and divides. Its conversion of a 128-bit count is generic
  /// code, about 245 instructions a division; while both counts lie within ±2⁶⁴
  /// attoseconds (18.4 seconds: the time between two frames, the policies' half-lives),
  /// the same correctly rounded conversion of a 64-bit magnitude is a few instructions.
  @inline(__always)
  package func ratio(to other: Duration) -> Double {
    guard let numerator = attosecondsAsDouble, let denominator = other.attosecondsAsDouble
    else { return self / other }
    return numerator / denominator
  }

  /// The count of attoseconds as a `Double`, rounded as the standard library's
  /// conversion rounds it, when its magnitude fits in a `UInt64`; `nil` otherwise.
  @inline(__always)
  var attosecondsAsDouble: Double? {
    let words = attosecondWords
    if words.high == 0 { return Double(words.low) }
    // A negative count of magnitude 2⁶⁴ − low: rounding to nearest is symmetric.
    if words.high == -1, words.low != 0 { return -Double(0 &- words.low) }
    return nil
  }

  /// `components`, computed inline: the whole seconds, truncated toward zero, and the
  /// attoseconds left over, with the duration's sign (`DurationSecondsTests` compares the
  /// two). Traps where `components` does, for durations beyond `Int64` seconds.
  @inline(__always)
  var wholeSecondsAndAttoseconds: (seconds: Int64, attoseconds: Int64) {
    let words = attosecondWords
    let perSecond: UInt64 = 1_000_000_000_000_000_000
    guard words.high < 0 else {
      let (seconds, attoseconds) = perSecond.dividingFullWidth((UInt64(words.high), words.low))
      return (Int64(seconds), Int64(attoseconds))
    }
    // A negative count: divide its magnitude (the two's complement of both words) and
    // negate both results, as a division that truncates toward zero does (wrapping, so
    // that 2⁶³ seconds become `Int64.min`).
    let low = ~words.low &+ 1
    let high = ~UInt64(bitPattern: words.high) &+ (low == 0 ? 1 : 0)
    let (seconds, attoseconds) = perSecond.dividingFullWidth((high, low))
    return (Int64(bitPattern: 0 &- seconds), -Int64(attoseconds))
  }

  /// The duration's 128-bit count of attoseconds, as its low and high words.
  ///
  /// `Duration` is `@frozen`: its layout, the low word and then the high word, is part of
  /// the standard library's ABI, which is what makes reading the two words sound.
  /// (`Duration.attoseconds`, which would say it without the cast, needs macOS 26 and
  /// iOS 26; `Int128` needs macOS 15 and iOS 18.)
  @inline(__always)
  private var attosecondWords: (low: UInt64, high: Int64) {
    unsafeBitCast(self, to: (low: UInt64, high: Int64).self)
  }
}
