@_spi(Machines) @_spi(Simulation) import Lookahead
import Testing

@testable import LookaheadSimulation

@Suite("Simulated images")
struct SimulatedImagesTests {
  @Test("marking visible ranges leaves the cache in the order marking every item would")
  func markingSkipsOnlyWhatKeepsTheOrder() {
    var random = SplitMix64(seed: 11)
    let images = SimulatedImages(capacity: 2_000)
    var reference = ImageCacheModel(capacity: 2_000)
    var start = 50
    for _ in 0..<3_000 {
      let roll = random.next() % 10
      if roll < 3 {
        // A load completes: an image near the viewport is stored (evicting others).
        let item = start + Int(random.next() % 30)
        let size = 50 + Int(random.next() % 100)
        images.store(item, size: size)
        reference.store(item, size: size)
      } else {
        // A frame: the viewport moves forward, backward or not at all, by a few items.
        start = max(0, start + Int(random.next() % 9) - 3)
        let visible = start..<(start + 4 + Int(random.next() % 8))
        images.markUsed(visible)
        for item in visible { reference.markUsed(item) }
      }
      #expect(images.cache.itemsByRecency == reference.itemsByRecency)
    }
  }

  @Test("a load starts from the disk tier once its image was stored, and ends when it finishes")
  func startsAndFinishesLoads() {
    let images = SimulatedImages(capacity: 100)
    let load = InFlightLoad(ticket: LoadTicket(rawValue: 1), start: 5)
    #expect(!images.startLoad(load, for: 3))
    #expect(images.finishLoad(of: 3, size: 60)?.ticket == load.ticket)
    #expect(images.loads.count == 0 && images.cache.isReady(3))
    images.store(4, size: 60)
    #expect(!images.cache.isReady(3))
    #expect(images.startLoad(load, for: 3))
    #expect(images.endLoad(of: 3) != nil && images.endLoad(of: 3) == nil)
    #expect(images.finishLoad(of: 5, size: 10) == nil)
  }

  @Test("the readiness handed to the state machine answers as the cache does, for any item")
  func readinessAnswersAsTheCache() {
    let images = SimulatedImages(capacity: 100)
    images.store(2, size: 40)
    images.store(7, size: 40)
    images.store(9, size: 40)  // evicts 2
    let readiness = images.readiness
    for item in -2..<20 {
      #expect(readiness.isReady(item) == images.cache.isReady(item), "item \(item)")
    }
    #expect(readiness.isReady(7) && !readiness.isReady(2) && !readiness.isReady(-1))
  }

  @Test("stores and evictions are noted for a reader that asks for them")
  func notesReadinessChanges() {
    let images = SimulatedImages(capacity: 100)
    images.store(1, size: 60)
    images.notesReadinessChanges = true
    images.store(2, size: 60)
    var changed: [Int] = []
    images.drainReadinessChanges { changed.append($0) }
    #expect(changed == [2, 1])
    images.drainReadinessChanges { _ in Issue.record("drained twice") }
  }
}
