import Testing

@testable import Lookahead

@Suite("Locked") struct LockedTests {
  @Test("with lock mutates the protected value")
  func withLockMutatesTheProtectedValue() {
    let counter = Locked(0)
    for _ in 0..<10 { counter.withLock { $0 += 1 } }
    #expect(counter.withLock { $0 } == 10)
  }
}
