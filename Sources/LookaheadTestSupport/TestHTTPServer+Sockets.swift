import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension TestHTTPServer {
  #if canImport(Darwin)
    private static let streamSocket = SOCK_STREAM
    private static let sendFlags: Int32 = 0
  #else
    private static let streamSocket = Int32(SOCK_STREAM.rawValue)
    private static let sendFlags = Int32(MSG_NOSIGNAL)
  #endif

  static func posixError() -> POSIXError {
    POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
  }

  static func makeListener() throws -> Int32 {
    let listener = socket(AF_INET, streamSocket, 0)
    guard listener >= 0 else { throw posixError() }
    var reuse: Int32 = 1
    _ = setsockopt(
      listener, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    #if canImport(Darwin)
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(listener, 64) == 0 else {
      let error = posixError()
      close(listener)
      throw error
    }
    return listener
  }

  static func boundPort(of listener: Int32) throws -> UInt16 {
    var address = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let result = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(listener, $0, &length)
      }
    }
    guard result == 0 else { throw posixError() }
    return UInt16(bigEndian: address.sin_port)
  }

  static func disableSIGPIPE(_ connection: Int32) {
    #if canImport(Darwin)
      var on: Int32 = 1
      _ = setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    #endif
  }

  /// Whether `descriptor` becomes readable (or closed) within the timeout.
  static func waitReadable(_ descriptor: Int32, milliseconds: Int32) -> Bool {
    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&request, 1, milliseconds) > 0
  }

  /// Writes all of `data`; returns `false` if the peer is gone.
  static func write(_ data: Data, to connection: Int32) -> Bool {
    data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = send(
          connection, buffer.baseAddress! + offset, buffer.count - offset, sendFlags)
        if written <= 0 { return false }
        offset += written
      }
      return true
    }
  }
}
