import Foundation

/// A fresh folder under the system's temporary directory, removed on `deinit`.
final class TemporaryFolder {
  let url: URL

  init(_ name: String = #function) {
    let safe = name.filter { $0.isLetter || $0.isNumber }
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("LookaheadStoreTests-\(safe)-\(UUID().uuidString)", isDirectory: true)
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    makeWritable(url)
    try? FileManager.default.removeItem(at: url)
  }

  func appending(_ component: String) -> URL {
    url.appendingPathComponent(component)
  }

  /// Every regular file below the folder, as paths relative to it.
  func allFiles() -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: url.path) else { return [] }
    var files: [String] = []
    while let path = enumerator.nextObject() as? String {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(
        atPath: url.appendingPathComponent(path).path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        files.append(path)
      }
    }
    return files.sorted()
  }

  private func makeWritable(_ folder: URL) {
    try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
      let child = folder.appendingPathComponent(name)
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: child.path, isDirectory: &isDirectory),
        isDirectory.boolValue
      {
        makeWritable(child)
      }
    }
  }
}
