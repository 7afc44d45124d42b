#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes every byte of `bytes` to `descriptor` with `write(2)`, retrying after a signal
/// and after a partial write.
///
/// - Returns: `nil`, or the reason of the failed write (`No space left on device`).
func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> String? {
  guard let base = bytes.baseAddress else { return nil }
  var offset = 0
  while offset < bytes.count {
    let written = write(descriptor, base + offset, bytes.count - offset)
    if written < 0 {
      if errno == EINTR { continue }
      return String(cString: strerror(errno))
    }
    offset += written
  }
  return nil
}
