/// The bytes of each item's image in a world, worked out once per item and remembered.
///
/// ``World/imageBytes(_:)`` takes a `pow` per call, and the driver asks it every time a
/// load starts: a fast link on a flinger restarts the same images from the disk tier
/// again and again (hundreds of thousands of starts an hour), and those `pow`s were a
/// few percent of a run. The sizes are the world's, unchanged: a remembered size is the
/// value ``World/imageBytes(_:)`` returned for the item.
struct ImageSizes: Sendable {
  /// The world whose sizes these are.
  let world: World
  /// The size of each item's image, by item; -1 where not worked out yet.
  private var sizes: [Int] = []
  /// The decoded size of each item's image, by item; -1 where not worked out yet.
  private var decodedSizes: [Int] = []

  /// Creates an empty memory of the sizes of `world`'s images.
  init(world: World) { self.world = world }

  /// The bytes of the image of `item` (``World/imageBytes(_:)``).
  ///
  /// - Precondition: `item >= 0`.
  /// - Complexity: O(1) amortized.
  mutating func bytes(of item: Int) -> Int {
    precondition(item >= 0, "item must be non-negative (got \(item))")
    if item >= sizes.count {
      sizes.append(
        contentsOf: repeatElement(-1, count: Swift.max(item + 1, 2 * sizes.count) - sizes.count))
    }
    if sizes[item] < 0 { sizes[item] = world.imageBytes(item) }
    return sizes[item]
  }

  /// The bytes the decoded image of `item` takes in memory (``World/decodedImageBytes(_:)``).
  ///
  /// - Precondition: `item >= 0`.
  /// - Complexity: O(1) amortized.
  mutating func decodedBytes(of item: Int) -> Int {
    precondition(item >= 0, "item must be non-negative (got \(item))")
    if item >= decodedSizes.count {
      decodedSizes.append(
        contentsOf: repeatElement(
          -1, count: Swift.max(item + 1, 2 * decodedSizes.count) - decodedSizes.count))
    }
    if decodedSizes[item] < 0 { decodedSizes[item] = world.decodedImageBytes(item) }
    return decodedSizes[item]
  }
}
