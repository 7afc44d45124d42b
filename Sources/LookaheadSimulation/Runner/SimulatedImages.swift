import Lookahead

/// The images of one simulated run — its memory cache and the loads in flight — shared by
/// its driver and its oracle.
///
/// The oracle asks whether each of the hundreds of items within its horizon is ready or
/// loading, every frame. Through the list preloader's `LoadStatus` those questions run
/// generic code unspecialized (the state machine's item type is unknown where the oracle
/// is compiled), and a 60-minute flinger trace took 2–3 s; read here each is a lookup.
/// The answers are the same: the simulator's posts have their index as resource key, the
/// driver passes this cache's readiness to the machine on every frame, and it holds a
/// ticket exactly while the machine's load queue runs that item's load (checked by the
/// byte-identical `compare` output of every world).
///
/// A reference type confined to the thread running its simulation (`@unchecked
/// Sendable` only so that the oracle, a `Sendable` policy, can hold it).
final class SimulatedImages: @unchecked Sendable {
  /// The memory cache; the driver mutates it, the oracle reads it.
  var cache: ImageCacheModel
  /// The ticket of each image load in flight, by item.
  var tickets: [Int: LoadTicket] = [:]

  /// Creates an empty cache of `capacity` bytes and no load in flight.
  init(capacity: Int) {
    cache = ImageCacheModel(capacity: capacity)
  }
}
