extension Duration {
  /// The duration in seconds, as a `Double`.
  package var inSeconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) * 1e-18
  }

  /// The duration in milliseconds, as a `Double`.
  package var inMilliseconds: Double { inSeconds * 1000 }
}
