@testable import Lookahead

/// A page backend whose requests wait until the test answers them.
final class ScriptedPageBackend: Sendable {
  private let pending = Locked<[UInt64: CheckedContinuation<Page<TestPost>, any Error>]>([:])
  private let requestLog = Locked<[PageRequest]>([])
  private let cancellationCount = Locked(0)
  let requests: AsyncStream<PageRequest>
  private let requestsContinuation: AsyncStream<PageRequest>.Continuation

  init() {
    (requests, requestsContinuation) = AsyncStream.makeStream()
  }

  /// Every request received so far.
  var received: [PageRequest] { requestLog.withLock { $0 } }

  /// How many waiting requests were cancelled.
  var cancellations: Int { cancellationCount.withLock { $0 } }

  func fetch(_ request: PageRequest) async throws -> Page<TestPost> {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        pending.withLock { $0[request.id] = continuation }
        requestLog.withLock { $0.append(request) }
        requestsContinuation.yield(request)
      }
    } onCancel: {
      let continuation = pending.withLock { $0.removeValue(forKey: request.id) }
      if continuation != nil { cancellationCount.withLock { $0 += 1 } }
      continuation?.resume(throwing: CancellationError())
    }
  }

  /// Answers a waiting request; does nothing if it was cancelled.
  func respond(to request: PageRequest, with result: Result<Page<TestPost>, any Error>) {
    let continuation = pending.withLock { $0.removeValue(forKey: request.id) }
    continuation?.resume(with: result)
  }
}

extension ScriptedPageBackend: PageSource {
  func page(for request: PageRequest) async throws -> Page<TestPost> {
    try await fetch(request)
  }
}
