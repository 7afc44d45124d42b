import LookaheadSimulation

/// The frames of a live run next to the simulator's, for finding where and why they differ.
///
/// A namespace of pure functions; thread-safe.
public enum FrameComparison {
  /// One CSV line per frame:
  /// `t_ms,offset_pt,sim_loaded,live_loaded,sim_visible,live_visible,sim_blank,live_blank,
  /// only_sim_blank,only_live_blank,only_sim_wanted,only_live_wanted,live_lag_ms`, where the
  /// blank columns count blank items and the `only_` columns list the items blank (or
  /// wanted by the strategy) on one side only, separated by `;`.
  ///
  /// - Complexity: O(*f* · *v*) for *f* frames of *v* visible items.
  public static func csv(live: [LiveFrame], simulated: [FrameRecord]) -> String {
    var text =
      "t_ms,offset_pt,sim_loaded,live_loaded,sim_visible,live_visible,sim_blank,live_blank,"
      + "only_sim_blank,only_live_blank,only_sim_wanted,only_live_wanted,live_lag_ms\n"
    for (sim, field) in zip(simulated, live) {
      let simBlank = Set(sim.blank)
      let liveBlank = Set(field.blank)
      let onlySim = sim.blank.filter { !liveBlank.contains($0) }
      let onlyLive = field.blank.filter { !simBlank.contains($0) }
      let simWanted = Set(sim.wanted)
      let liveWanted = Set(field.wanted)
      let columns: [String] = [
        format(sim.time), format(sim.offset), String(sim.loadedItemCount),
        String(field.loadedItemCount), range(sim.visible), range(field.visible),
        String(sim.blank.count), String(field.blank.count),
        onlySim.map(String.init).joined(separator: ";"),
        onlyLive.map(String.init).joined(separator: ";"),
        sim.wanted.filter { !liveWanted.contains($0) }.map(String.init).joined(separator: ";"),
        field.wanted.filter { !simWanted.contains($0) }.map(String.init).joined(separator: ";"),
        format(field.measuredAt - field.time),
      ]
      text += columns.joined(separator: ",") + "\n"
    }
    return text
  }

  private static func range(_ range: Range<Int>) -> String {
    range.isEmpty ? "" : "\(range.lowerBound)-\(range.upperBound - 1)"
  }

  private static func format(_ value: Double) -> String {
    let rounded = (value * 1000).rounded() / 1000
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }
}
