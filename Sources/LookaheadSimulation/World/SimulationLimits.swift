import Foundation

/// The ranges every trace value and world field must lie in, derived from what the
/// simulation's numbers can represent rather than from what seems plausible.
///
/// - **Time.** The simulation keeps time in milliseconds as a `Double` and hands it to
///   the engine as a `Duration` and as the pager's 64-bit nanoseconds. A `Double` holds
///   every microsecond exactly up to 2⁵² µs, about 4.5 × 10¹² ms (143 years): the
///   longest time a trace, a delay or a request may take (``maximumTime``). A simulated
///   instant is at most a trace time plus one request, twice that, which still fits
///   64-bit nanoseconds (9.2 × 10¹² ms). Two frames are at least one microsecond apart
///   (``minimumFrameInterval``), so a speed is a finite number of points per second.
/// - **Length.** Offsets, viewports, item lengths and whole contents are points held to
///   the thousandth in a `Double`: at most 2⁵² thousandths (``maximumLength``), at least
///   one thousandth where a length divides (``minimumLength``). Row and item indices
///   computed from them stay far inside `Int`.
/// - **Bytes.** A run counts bytes in an `Int`. A link moves at most its bandwidth
///   times the run's duration, so the bandwidth is at most `Int.max` bytes over
///   ``maximumTime`` (``maximumBandwidth``, about 2 GB/s); a single response must cross
///   its share of the link within ``maximumTime``.
/// - **Jitter.** A round trip is multiplied by `exp(σ·Z)`, and the seeded draw's `Z` is
///   at most ``maximumJitterNormal`` in magnitude; the slowest possible request must take
///   at most ``maximumTime``.
///
/// A namespace of constants; thread-safe.
public enum SimulationLimits {
  /// The longest time, in milliseconds: 2⁵² µs, the last span in which a `Double` holds
  /// every microsecond.
  public static let maximumTime: Milliseconds = 0x1p52 / 1000

  /// The shortest interval between two frames of a trace, in milliseconds: one
  /// microsecond, the resolution ``maximumTime`` keeps.
  public static let minimumFrameInterval: Milliseconds = 0.001

  /// The longest length or offset, in points: 2⁵² thousandths of a point.
  public static let maximumLength: Double = 0x1p52 / 1000

  /// The shortest length a layout divides by (a grid cell), in points.
  public static let minimumLength: Double = 0.001

  /// The fastest link, in bytes per second: a run of ``maximumTime`` moves at most
  /// `Int.max` bytes.
  public static let maximumBandwidth: Double = Double(Int.max) / (maximumTime / 1000)

  /// The largest image, in bytes: 2⁵³, below which image sizes, computed as `Double`,
  /// are exact.
  public static let maximumImageBytes = 1 << 53

  /// The largest magnitude of the jitter's standard normal draw: `sqrt(−2 ln u1)` with
  /// the smallest `u1` the draw gives, 2⁻⁵⁴.
  public static let maximumJitterNormal: Double = (-2 * log(0x1p-54)).squareRoot()

  /// The longest name of a network profile, in characters: it is a label in tables.
  public static let maximumNameLength = 64

  /// The largest world file, in bytes. A world has about twenty fields and a valid one
  /// takes well under a kilobyte, so a larger file is refused before it is parsed.
  public static let maximumWorldFileBytes = 64 * 1024
}
