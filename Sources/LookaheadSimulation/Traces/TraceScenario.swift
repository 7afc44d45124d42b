import Lookahead

/// The synthetic user behaviours of `lookahead traces generate` (docs/DESIGN.md,
/// "Traces").
///
/// Every scenario is a sequence of finger strokes (and, for `flinger`, programmatic jumps)
/// with random parameters drawn from SplitMix64, run through ``TraceGenerator``'s
/// UIScrollView physics. Speeds are release velocities at lift-off; "down" means the
/// content offset grows (the finger moves up the screen).
///
/// A closed set of values; thread-safe.
public enum TraceScenario: String, Sendable, CaseIterable {
  /// Slow drags and long pauses: someone reading every post.
  ///
  /// Pause 2–8 s, then a slow drag of 150–450 pt down (10 % of the time 100–300 pt back
  /// up) over 600–1,200 ms whose finger comes to rest before lifting (no deceleration).
  /// Progress is roughly 50 pt/s.
  case reader

  /// Repeated medium flings: someone skimming for something interesting.
  ///
  /// Flings released at 1,000–2,500 pt/s after a 100–200 ms stroke (10 % upward),
  /// separated by 300–1,200 ms (often catching the previous deceleration), with a longer
  /// 2–5 s look one time in five.
  case skimmer

  /// Fast flings far away, with an occasional jump back toward the top.
  ///
  /// Bursts of 3–8 flings released at 3,000–8,000 pt/s after an 80–140 ms stroke,
  /// 150–500 ms apart; 1–4 s between bursts. After one burst in ten the user jumps back
  /// (a status-bar tap or "back to top" button: an ease-in-out animation of 300–600 ms to
  /// 0–30 % of the current offset), then pauses 1–3 s.
  case flinger

  /// Down and back up repeatedly: someone looking for something they just passed.
  ///
  /// Runs of 3–6 flings down, then 2–5 flings up, released at 1,500–3,500 pt/s after a
  /// 100–180 ms stroke, 200–700 ms apart; 0.8–2.5 s between runs.
  case reverser
}
