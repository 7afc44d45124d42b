import Foundation

/// Runs CPU-bound synchronous work on a thread of its own and returns its result,
/// leaving the threads of Swift concurrency's cooperative pool to the other tests.
///
/// Swift Testing runs the tests of a process in parallel on the cooperative pool, which
/// has as many threads as the machine has cores (two on CI). A test that computes for
/// seconds without suspending holds one of them; two such tests stall every asynchronous
/// test of the process, however little it has left to do (a page that arrived and must
/// be handed to the list, a load to finish). Use it for pure computations that take
/// longer than a few hundred milliseconds, such as a simulation run.
///
/// `work` runs outside any task, so it must not record issues (`#expect`): return what
/// the test should check.
///
/// - Parameter work: The computation.
/// - Returns: What `work` returned.
public func onDedicatedThread<Result: Sendable>(
  _ work: @escaping @Sendable () -> Result
) async -> Result {
  await withCheckedContinuation { continuation in
    let thread = Thread { continuation.resume(returning: work()) }
    // As deep as a main thread's: the simulation's generic code is not shallow.
    thread.stackSize = 8 << 20
    thread.start()
  }
}
