@_spi(Machines) import Lookahead
import Testing

@Suite("LoadQueue idle work")
struct LoadQueueIdleTests {
  @Test("an idle load yields its slot to any more urgent key, then runs again")
  func idleYieldsToAnyMoreUrgentKey() {
    var script = LoadQueueScript(LoadQueueConfiguration(maximumConcurrentLoads: 1))
    script.run([
      (.want("hinted", by: 1, .idle), ["start hinted idle"]),
      (.want("prefetch", by: 2, .preload), ["cancel hinted", "start prefetch preload"]),
      (.failCancelledAttempt("hinted"), []),
      (.finish("prefetch"), ["deliver prefetch → [2]", "start hinted idle"]),
      (.finish("hinted"), ["deliver hinted → [1]"]),
    ])
  }

  @Test("only idle work yields to prefetches: a prefetch keeps its slot, as does idle work")
  func onlyIdleWorkYieldsToPrefetches() {
    var prefetches = LoadQueueScript(LoadQueueConfiguration(maximumConcurrentLoads: 1))
    prefetches.run([
      (.want("a", by: 1, .preload), ["start a preload"]),
      (.want("b", by: 1, .display), []),
    ])
    var idle = LoadQueueScript(LoadQueueConfiguration(maximumConcurrentLoads: 1))
    idle.run([
      (.want("a", by: 1, .idle, order: 1), ["start a idle"]),
      (.want("b", by: 1, .idle, order: 0), []),
    ])
  }

  @Test("an idle load joined by a more urgent waiter is no longer idle and keeps its slot")
  func joinedIdleLoadKeepsItsSlot() {
    var script = LoadQueueScript(LoadQueueConfiguration(maximumConcurrentLoads: 1))
    script.run([
      (.want("a", by: 1, .idle), ["start a idle"]),
      (.want("a", by: 2, .preload), []),
      (.want("b", by: 2, .preload, order: 5), []),
    ])
  }

  @Test("idle work keeps its slot when preemption is off")
  func idleKeepsItsSlotWithoutPreemption() {
    var script = LoadQueueScript(
      LoadQueueConfiguration(maximumConcurrentLoads: 1, allowsPreemption: false))
    script.run([
      (.want("a", by: 1, .idle), ["start a idle"]),
      (.want("b", by: 2, .visible), []),
    ])
  }
}
