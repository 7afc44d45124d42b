import Foundation

extension DiskCache {
  /// The file name of one version of a key's value: a 128-bit hash of the key, which
  /// keeps every name inside `files/` whatever the key contains, plus the write
  /// generation, which makes each version's name unique so that a new version never
  /// overwrites the file the index still points to.
  static func fileName(forKey key: String, generation: UInt64) -> String {
    let bytes = Array(key.utf8)
    let high = XXHash64.hash(of: bytes, seed: 0)
    let low = XXHash64.hash(of: bytes, seed: 0x9E37_79B9_7F4A_7C15)
    return hex(high) + hex(low) + "-" + String(generation, radix: 16)
  }

  private static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// Writes `data` to `staging/`, then renames it into `files/`, so that a file under
  /// `files/` is always complete as far as this process is concerned.
  ///
  /// The file is not synced to the disk (no `fsync`): a power loss may leave a renamed
  /// file empty or partly written, and the size and checksum check of every read turns
  /// such a file into a miss that is removed. Syncing would cost a disk flush per value
  /// to protect bytes that can be downloaded again.
  func writeFile(_ data: Data, named name: String) throws {
    let staged = stagingDirectory.appendingPathComponent(name)
    let final = filesDirectory.appendingPathComponent(name)
    do {
      try writeNewFile(data, atPath: staged.path)
    } catch {
      try? FileManager.default.removeItem(at: staged)
      throw StoreError.fileWriteFailed(staged, error)
    }
    guard rename(staged.path, final.path) == 0 else {
      let error = POSIXError.current()
      try? FileManager.default.removeItem(at: staged)
      throw StoreError.fileWriteFailed(final, error)
    }
  }

  func removeFile(named name: String) {
    let url = filesDirectory.appendingPathComponent(name)
    do {
      try FileManager.default.removeItem(at: url)
    } catch {
      if FileManager.default.fileExists(atPath: url.path) {
        log(.error, "Could not delete \(url.path): \(error)")
      }
    }
  }

  /// Deletes what a killed process may have left: staged files, and files no row
  /// references (written before their transaction committed, or replaced and not yet
  /// deleted).
  func removeUnreferencedFiles(referenced index: DiskCacheIndex) {
    let manager = FileManager.default
    for name in (try? manager.contentsOfDirectory(atPath: stagingDirectory.path)) ?? [] {
      try? manager.removeItem(at: stagingDirectory.appendingPathComponent(name))
    }
    var referenced = Set<String>()
    for entry in index.entries.values {
      if case .file(let name) = entry.storage { referenced.insert(name) }
    }
    var removed = 0
    for name in (try? manager.contentsOfDirectory(atPath: filesDirectory.path)) ?? []
    where !referenced.contains(name) {
      if (try? manager.removeItem(at: filesDirectory.appendingPathComponent(name))) != nil {
        removed += 1
      }
    }
    if removed > 0 {
      log(.info, "Removed \(removed) unreferenced files from \(filesDirectory.path)")
    }
  }
}

/// Creates the file at `path` (which must not exist) holding `data`: one `open`, as
/// few `write`s as the kernel allows, one `close`.
private func writeNewFile(_ data: Data, atPath path: String) throws {
  let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
  guard descriptor >= 0 else { throw POSIXError.current() }
  var failure: POSIXError?
  data.withUnsafeBytes { buffer in
    var offset = 0
    while offset < buffer.count {
      let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      if written > 0 {
        offset += written
      } else if written < 0 && errno == EINTR {
        continue
      } else {
        failure = written < 0 ? POSIXError.current() : POSIXError(.EIO)
        return
      }
    }
  }
  if close(descriptor) != 0 && failure == nil { failure = POSIXError.current() }
  if let failure { throw failure }
}

extension POSIXError {
  /// The error `errno` holds now.
  static func current() -> POSIXError {
    POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
  }
}
