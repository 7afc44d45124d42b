import Testing

@testable import LookaheadSimulation

@Suite("Image sizes")
struct ImageSizesTests {
  @Test("remembered sizes are the world's, asked in any order and again")
  func rememberedSizesAreTheWorlds() {
    let world = World.standard
    var sizes = ImageSizes(world: world)
    // Far items first (the memory grows past them), then near ones, then again.
    let items = [9_999, 3, 0, 4_096, 3, 9_999, 1, 2_500, 0]
    for item in items + Array(0..<200) + items.reversed() {
      #expect(sizes.bytes(of: item) == world.imageBytes(item))
    }
  }
}
