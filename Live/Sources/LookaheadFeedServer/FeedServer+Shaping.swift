import Foundation
import Hummingbird
import LookaheadSimulation
import NIOCore

extension FeedServer {
  /// The longest a stalled response keeps its connection when the client never gives up.
  static let maximumStall = Duration.seconds(60)

  /// Answers one page or image the way the world's network would: the latency first, then
  /// the body at a fair share of the link, with the fault the plan draws for it.
  ///
  /// - Parameters:
  ///   - key: The resource, for the jitter and fault draws.
  ///   - contentType: The body's type.
  ///   - channel: The connection, for a reset.
  ///   - content: Makes the whole body and more headers (an image's checksum); it runs
  ///     during the latency, which it does not lengthen unless it takes longer.
  func shapedResponse(
    for key: NetworkKey, contentType: String, channel: any Channel,
    content: () -> ([UInt8], HTTPFields)
  ) async throws -> Response {
    let arrival = ContinuousClock.now
    let attempt = nextAttempt(of: key)
    let plan = configuration.faults
    let fault = plan.fault(for: key.kind, index: key.index, attempt: attempt)
    count { statistics in
      switch key.kind {
      case .page: statistics.pageRequests += 1
      case .image: statistics.imageRequests += 1
      }
      switch fault {
      case .serverError: statistics.serverErrors += 1
      case .slowFirstByte: statistics.slowFirstBytes += 1
      case .truncatedBody, .stall, .reset, nil: break
      }
    }
    let network = configuration.shapedNetwork
    let jitter = NetworkJitter.factor(
      seed: configuration.seed, kind: key.kind, index: key.index, attempt: attempt,
      sigma: network.jitterSigma)
    var latency = network.roundTrip * jitter + network.serverTime(for: key.kind)
    if fault == .slowFirstByte { latency += plan.slowFirstByteDelay / configuration.speed }
    let (body, headers) = content()
    let firstByte =
      arrival + .microseconds((latency * 1000).rounded()) - latencyAllowance
    if firstByte > .now { try await Task.sleep(until: firstByte, tolerance: .zero) }
    if fault == .serverError {
      return Self.plain(.serviceUnavailable, "injected fault")
    }
    var fields = headers
    fields[.contentType] = contentType
    fields[.contentLength] = String(body.count)
    let cut: Int? =
      switch fault {
      case .truncatedBody, .stall, .reset:
        Int(
          Double(body.count) * plan.cutFraction(for: key.kind, index: key.index, attempt: attempt))
      case .serverError, .slowFirstByte, nil:
        nil
      }
    return Response(
      status: .ok, headers: fields,
      body: ResponseBody(contentLength: body.count) { writer in
        try await self.write(body, upTo: cut, fault: fault, channel: channel, into: &writer)
      })
  }

  /// Writes `body` (or its first `cut` bytes, then the fault) at the link's pace.
  private func write(
    _ body: [UInt8], upTo cut: Int?, fault: FaultPlan.Fault?, channel: any Channel,
    into writer: inout any ResponseBodyWriter
  ) async throws {
    let end = cut ?? body.count
    var sent = 0
    guard !body.isEmpty else {
      try await writer.finish(nil)
      count { $0.completedResponses += 1 }
      return
    }
    let transfer = link.begin(body.count)
    // A client that goes away frees its share at once, not at the next write.
    channel.closeFuture.whenComplete { [link] _ in link.end(transfer) }
    do {
      while sent < end {
        let granted = Swift.min(try await link.receive(transfer), end - sent)
        try await writer.write(ByteBuffer(bytes: body[sent..<(sent + granted)]))
        sent += granted
      }
    } catch {
      link.end(transfer)
      count {
        $0.abandonedResponses += 1
        $0.partialBodyBytes += sent
      }
      throw error
    }
    guard cut != nil, let fault else {
      try await writer.finish(nil)
      count {
        $0.completedResponses += 1
        $0.completedBodyBytes += sent
      }
      return
    }
    link.end(transfer)
    count { $0.partialBodyBytes += sent }
    try await inject(fault, on: channel)
  }

  /// Ends a body part-way: closes the connection (truncation), resets it, or goes silent
  /// until the client gives up (stall). Always throws, so Hummingbird drops the response.
  private func inject(_ fault: FaultPlan.Fault, on channel: any Channel) async throws {
    switch fault {
    case .truncatedBody:
      count { $0.truncatedBodies += 1 }
    case .reset:
      count { $0.resets += 1 }
      // SO_LINGER with a zero timeout turns the close into a TCP reset.
      if let socket = channel as? any SocketOptionProvider {
        try? await socket.setSoLinger(linger(l_onoff: 1, l_linger: 0)).get()
      }
      try? await channel.close()
    case .stall:
      count { $0.stalls += 1 }
      // Until the client gives up: closes the connection, or only its own side of it.
      let deadline = ContinuousClock.now + Self.maximumStall
      while channel.isActive, !halfClosures.isClosed(channel), ContinuousClock.now < deadline,
        !state.withLock({ $0.isStopping })
      {
        try await Task.sleep(for: .milliseconds(20))
      }
    case .serverError, .slowFirstByte:
      preconditionFailure("Internal inconsistency: \(fault) does not cut a body")
    }
    throw InjectedFault(fault: fault)
  }
}

/// The error a body writer throws to end a response with a fault.
struct InjectedFault: Error {
  let fault: FaultPlan.Fault
}
