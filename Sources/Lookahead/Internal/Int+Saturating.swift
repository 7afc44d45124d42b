extension Int {
  /// `value` rounded toward zero, or the nearest `Int` when it lies beyond them.
  ///
  /// A count or a budget worked out in floating point (items a screen holds, loads a link
  /// keeps busy) can exceed every `Int` for extreme but finite inputs, such as a
  /// millimetre cell on a viewport the size of a continent; `Int(_:)` traps there. A
  /// count that large means "more than there are", which the saturated value says too.
  ///
  /// - Precondition: `value` is not NaN.
  @inline(__always)
  package init(saturating value: Double) {
    precondition(!value.isNaN, "Cannot convert NaN to Int")
    if value >= 0x1p63 {
      self = .max
    } else if value < -0x1p63 {
      self = .min
    } else {
      self.init(value)
    }
  }
}
