/// Something that can fetch the value of a resource from far away.
///
/// Lookahead never performs I/O itself: the load queue decides *what* to load and
/// *when*, and a driver asks a `Loader` to do the work. ``URLSessionLoader`` is the
/// default HTTP loader; tests and apps can supply their own.
///
/// Loaders must honour Swift task cancellation promptly. Throwing
/// `CancellationError` (or `URLError(.cancelled)`) counts as cancellation, never as
/// a failure.
///
/// Conforming types must be safe to call concurrently from many tasks.
public protocol Loader<Key, Value>: Sendable {
  /// The identifier of a resource, usually a URL.
  associatedtype Key: Hashable & Sendable
  /// The loaded resource.
  associatedtype Value: Sendable

  /// Loads the resource identified by `key`.
  ///
  /// - Parameter key: The resource to load.
  /// - Returns: The loaded value.
  /// - Throws: Any error; drivers classify it as transient, permanent or
  ///   cancellation.
  func load(_ key: Key) async throws -> Value
}
