import Hummingbird

/// Answers 400 to a request whose `Host` header is not an authority (`host[:port]`).
///
/// The server never builds anything from the header (its URLs come from its
/// configuration), so this is hygiene, not a defence: a client that sends a space, a quote
/// or a path in `Host` learns at once that it is wrong instead of getting an answer meant
/// for somebody else. A request without the header (HTTP/1.0) passes.
///
/// Thread-safe: a value without state.
struct HostValidation<Context: RequestContext>: RouterMiddleware {
  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    if let authority = request.head.authority, !Self.isAuthority(authority) {
      return FeedServer.plain(.badRequest, "malformed Host header")
    }
    return try await next(request, context)
  }

  /// Whether `text` is `host[:port]` where host is a name or IPv4 address (letters,
  /// digits, `-`, `.`, `_`, `~`) or a bracketed IPv6 address, and port is at most 5
  /// digits. An empty header is allowed, as HTTP/1.1 allows it.
  static func isAuthority(_ text: String) -> Bool {
    var host = Substring(text)
    if host.isEmpty { return true }
    if let colon = host.lastIndex(of: ":"), !host.hasSuffix("]") {
      let port = host[host.index(after: colon)...]
      guard port.count <= 5, port.allSatisfy(\.isASCIIDigit) else { return false }
      host = host[..<colon]
    }
    if host.hasPrefix("[") {
      guard host.hasSuffix("]"), host.count > 2 else { return false }
      return host.dropFirst().dropLast().allSatisfy { $0.isASCIIHexDigit || $0 == ":" || $0 == "." }
    }
    return !host.isEmpty && host.count <= 255
      && host.allSatisfy { $0.isASCIILetterOrDigit || "-._~".contains($0) }
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
  fileprivate var isASCIIHexDigit: Bool { isASCII && isHexDigit }
  fileprivate var isASCIILetterOrDigit: Bool { isASCII && (isLetter || isNumber) }
}
