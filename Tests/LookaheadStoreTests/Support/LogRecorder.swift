import Foundation
import LookaheadStore

/// Collects the messages a store logs.
final class LogRecorder: Sendable {
  private let storage = Mutable()

  var logger: StoreLogger {
    { [storage] message in storage.append(message) }
  }

  var messages: [StoreLogMessage] { storage.all }

  func warnings(containing text: String) -> [StoreLogMessage] {
    messages.filter { $0.level == .warning && $0.text.contains(text) }
  }
}

private final class Mutable: @unchecked Sendable {
  private let lock = NSLock()
  private var messages: [StoreLogMessage] = []

  func append(_ message: StoreLogMessage) {
    lock.lock()
    defer { lock.unlock() }
    messages.append(message)
  }

  var all: [StoreLogMessage] {
    lock.lock()
    defer { lock.unlock() }
    return messages
  }
}
