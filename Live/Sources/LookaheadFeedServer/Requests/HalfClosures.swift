import NIOCore

/// The connections whose client has closed its side, which a stalled response watches.
///
/// Hummingbird allows a client to half-close (send FIN and still read), so a connection
/// stays active after the client is gone until the server writes to it. A stalled
/// response writes nothing, and would hold its descriptor for the whole stall; it ends as
/// soon as the client has closed its side instead. A response that is being written never
/// needs this: its next write fails.
///
/// Thread-safe: a set behind a lock.
final class HalfClosures: Sendable {
  private let closed = Protected(Set<ObjectIdentifier>())

  /// Whether the client of `channel` has closed its side.
  func isClosed(_ channel: any Channel) -> Bool {
    closed.withLock { $0.contains(ObjectIdentifier(channel)) }
  }

  /// A handler for a connection's pipeline that records its half-closure.
  func makeHandler() -> any RemovableChannelHandler {
    Handler(closures: self)
  }

  private func record(_ channel: any Channel, isClosed: Bool) {
    closed.withLock { set in
      if isClosed {
        set.insert(ObjectIdentifier(channel))
      } else {
        set.remove(ObjectIdentifier(channel))
      }
    }
  }

  /// Passes everything through; notes the client's half-closure, and forgets the
  /// connection when it closes.
  private final class Handler: ChannelInboundHandler, RemovableChannelHandler, Sendable {
    typealias InboundIn = Never

    let closures: HalfClosures

    init(closures: HalfClosures) {
      self.closures = closures
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
      if let event = event as? ChannelEvent, case .inputClosed = event {
        closures.record(context.channel, isClosed: true)
      }
      context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
      closures.record(context.channel, isClosed: false)
      context.fireChannelInactive()
    }
  }
}
