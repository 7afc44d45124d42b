extension ModelPolicy {
  /// The model's settings: each a physical quantity or an exchange rate.
  package struct Parameters: Sendable, Hashable {
    /// What one blank item-frame is worth, in time of the link: a load whose item is
    /// likely to be seen starts when the frames it saves, at this price, outweigh the
    /// link time of the bytes it wastes when the item is not seen later. The default is
    /// the standard world's mean image (about 78 KB) on its default link (1.5 MB/s),
    /// about 50 ms, over the five frames a fast fling shows an item.
    package var blankFrameLinkTime: Duration = .milliseconds(10)
    /// The time a lone load takes before any was observed.
    package var initialLatency: Duration = .milliseconds(400)
    /// The bandwidth assumed before any load was observed, in bytes per second.
    package var initialBandwidth: Double = 500_000
    /// How far ahead the model plans, in load times: the frames an item will be on
    /// screen later than this after a load started now could finish are left to a
    /// later load, which will know more.
    package var planningLoads: Double = 8

    /// The defaults.
    package init() {}
  }
}
