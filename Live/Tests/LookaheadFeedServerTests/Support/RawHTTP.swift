import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Sends bytes to a server exactly as given, for requests URLSession refuses to make (a
/// malformed `Host`, broken framing), and reads what comes back until the server closes,
/// stops sending for `quietMilliseconds`, or `limitMilliseconds` pass.
enum RawHTTP {
  struct Answer {
    /// Everything the server sent.
    var bytes: [UInt8]
    /// The status code of the first status line, if one arrived.
    var status: Int? {
      let text = String(decoding: bytes.prefix(64), as: UTF8.self)
      guard text.hasPrefix("HTTP/1.") else { return nil }
      let parts = text.split(separator: " ", maxSplits: 2)
      return parts.count >= 2 ? Int(parts[1]) : nil
    }
    /// Whether a whole response with a `Content-Length` has arrived.
    var isComplete: Bool {
      guard let end = bytes.firstRange(of: Array("\r\n\r\n".utf8)) else { return false }
      let head = String(decoding: bytes[..<end.lowerBound], as: UTF8.self).lowercased()
      guard
        let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
        let length = Int(
          line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
      else { return false }
      return bytes.count - end.upperBound >= length
    }
    /// The body after the first blank line, as text.
    var body: String {
      let text = String(decoding: bytes, as: UTF8.self)
      guard let range = text.range(of: "\r\n\r\n") else { return "" }
      return String(text[range.upperBound...])
    }
  }

  /// Sends `request` to 127.0.0.1:`port` on a new connection and collects the answer.
  ///
  /// With `waitsForFirstByte`, the quiet period starts at the first byte of the answer: a
  /// server slow to begin (a busy machine, a sanitizer) is waited for until the limit.
  static func send(
    _ request: [UInt8], port: Int, quietMilliseconds: Int32 = 2_000, limitMilliseconds: Int = 5_000,
    waitsForFirstByte: Bool = false
  ) async throws -> Answer {
    // A thread of its own: the exchange blocks in poll(2), and Dispatch's global queue
    // runs only as many blocking blocks at once as there are cores.
    try await withCheckedThrowingContinuation { continuation in
      Thread {
        continuation.resume(
          with: Result {
            try exchange(
              request, port: port, quietMilliseconds: quietMilliseconds,
              limitMilliseconds: limitMilliseconds, waitsForFirstByte: waitsForFirstByte)
          })
      }.start()
    }
  }

  /// The text of a request, with CRLF line ends.
  static func request(_ lines: [String], body: String = "") -> [UInt8] {
    Array((lines.joined(separator: "\r\n") + "\r\n\r\n" + body).utf8)
  }

  private static func exchange(
    _ request: [UInt8], port: Int, quietMilliseconds: Int32, limitMilliseconds: Int,
    waitsForFirstByte: Bool
  ) throws -> Answer {
    #if canImport(Darwin)
      let connection = socket(AF_INET, SOCK_STREAM, 0)
    #else
      let connection = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #endif
    guard connection >= 0 else { throw POSIXError(.EIO) }
    defer { close(connection) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(connection, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    var sent = 0
    while sent < request.count {
      let count = request[sent...].withUnsafeBytes { buffer in
        #if canImport(Darwin)
          Darwin.send(connection, buffer.baseAddress, buffer.count, 0)
        #else
          Glibc.send(connection, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
        #endif
      }
      guard count > 0 else { break }  // the server may close before reading everything
      sent += count
    }
    var answer: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let deadline = ContinuousClock.now + .milliseconds(limitMilliseconds)
    while ContinuousClock.now < deadline {
      var ready = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
      let left = deadline - ContinuousClock.now
      let timeout =
        waitsForFirstByte && answer.isEmpty
        ? Int32(
          left.components.seconds * 1_000 + left.components.attoseconds / 1_000_000_000_000_000)
        : quietMilliseconds
      guard poll(&ready, 1, timeout) > 0 else { break }
      let count = recv(connection, &buffer, buffer.count, 0)
      guard count > 0 else { break }
      answer.append(contentsOf: buffer[..<count])
      if Answer(bytes: answer).isComplete { break }
    }
    return Answer(bytes: answer)
  }
}
