import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a file a command was asked to write (`--frames`, `--loads`, `--out`), without
/// ever replacing something that is not a regular file.
///
/// - A path that does not exist, or names a regular file, gets the data atomically (a
///   temporary file renamed over it): a reader sees the old file or the new one.
/// - A path that names a device or a pipe (`/dev/null`, `/dev/stdout`) is written through,
///   never replaced, so that even a run as root cannot turn `/dev/full` into a file.
/// - A symbolic link is followed: its target is written by these rules and the link
///   stays.
/// - A folder, or a write that fails, ends the run with exit code 1 and the reason.
///
/// A namespace of functions; thread-safe.
public enum OutputFile {
  /// Writes `data` to `path` by the rules above.
  ///
  /// - Throws: ``CommandFailure/runFailed(_:)`` naming the path and the reason.
  public static func write(_ data: Data, to path: String) throws(CommandFailure) {
    let target = try finalTarget(of: path)
    var status = stat()
    if stat(target, &status) == 0 {
      switch status.st_mode & S_IFMT {
      case S_IFREG:
        break
      case S_IFDIR:
        throw .runFailed("cannot write \(path): it is a folder")
      default:
        try writeThrough(data, to: target, named: path)
        return
      }
    }
    do {
      try data.write(to: URL(fileURLWithPath: target), options: .atomic)
    } catch {
      throw .runFailed("cannot write \(path): \(reason(of: error))")
    }
  }

  /// The path `path` leads to once every symbolic link is followed, also a link whose
  /// target does not exist yet (`URL.resolvingSymlinksInPath()` leaves those alone, and an
  /// atomic write would then replace the link).
  private static func finalTarget(of path: String) throws(CommandFailure) -> String {
    var current = URL(fileURLWithPath: path).standardizedFileURL.path
    for _ in 0..<32 {
      var status = stat()
      guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else {
        return current
      }
      guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current)
      else { throw .runFailed("cannot write \(path): its symbolic link cannot be read") }
      let folder = URL(fileURLWithPath: current).deletingLastPathComponent()
      current =
        destination.hasPrefix("/")
        ? destination : folder.appendingPathComponent(destination).standardizedFileURL.path
    }
    throw .runFailed("cannot write \(path): too many levels of symbolic links")
  }

  /// Writes `data` into the existing special file at `target`, which is opened for
  /// writing only: never created, truncated or replaced.
  private static func writeThrough(
    _ data: Data, to target: String, named path: String
  ) throws(CommandFailure) {
    let descriptor = open(target, O_WRONLY)
    guard descriptor >= 0 else {
      throw .runFailed("cannot write \(path): \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    let failure = data.withUnsafeBytes { writeAll($0, to: descriptor) }
    if let failure { throw .runFailed("cannot write \(path): \(failure)") }
  }

  /// The innermost reason of a Foundation error: `No space left on device` rather than a
  /// Cocoa error domain and code.
  public static func reason(of error: any Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain,
      let code = POSIXErrorCode(rawValue: Int32(underlying.code))
    {
      return String(cString: strerror(code.rawValue))
    }
    return nsError.localizedDescription
  }
}
