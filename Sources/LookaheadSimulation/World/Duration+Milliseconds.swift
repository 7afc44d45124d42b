extension Duration {
  /// The duration of `milliseconds`, equal to `Duration.milliseconds(_:)` of the value, and
  /// computed inline: the standard library's conversion of a `Double` takes a few hundred
  /// instructions, and a simulation converts the time of every frame and every completed
  /// load.
  ///
  /// The standard library splits the value into its integral part, scaled exactly, and
  /// its fractional part, scaled and rounded to the nearest attosecond; so does this
  /// (`SimulationDurationTests` compares the two). Beyond 2⁵³ ms, or for a value that is
  /// not finite, it defers to the standard library.
  ///
  /// - Parameter milliseconds: A time or a duration of the simulation.
  static func simulated(milliseconds: Milliseconds) -> Duration {
    guard milliseconds.magnitude < 0x1p53 else { return .milliseconds(milliseconds) }
    let integral = milliseconds.rounded(.towardZero)
    let fraction = ((milliseconds - integral) * 1e15).rounded()
    // `Duration(secondsComponent:attosecondsComponent:)` (macOS 13, iOS 16), not
    // `Duration(attoseconds:)`, whose `Int128` needs macOS 15 and iOS 18.
    return .milliseconds(Int64(integral))
      + Duration(secondsComponent: 0, attosecondsComponent: Int64(fraction))
  }
}
