/// A loader followed by a processing step: decoding, downsampling, parsing.
///
/// The step runs in the task that called ``load(_:)``, after the loaded value arrived, and
/// never when that task was cancelled meanwhile. A list preloader's loads run in tasks of
/// their own at the load's priority, so there it runs off the main thread at that
/// priority; `ListPreloader`'s processing initializer does the same without this type,
/// and also counts the bytes before processing.
///
/// A value type; thread-safe when `Inner` is.
public struct ProcessingLoader<Inner: Loader, Value: Sendable>: Loader {
  /// The loader of the values to process.
  public let loader: Inner
  /// Turns a loaded value into the result; a thrown error fails the load.
  public let process: @Sendable (Inner.Value, Inner.Key) throws -> Value

  /// Creates a loader that processes what `loader` loads.
  ///
  /// - Parameters:
  ///   - loader: The loader of the values to process.
  ///   - process: Turns a loaded value into the result.
  public init(
    loader: Inner, process: @escaping @Sendable (Inner.Value, Inner.Key) throws -> Value
  ) {
    self.loader = loader
    self.process = process
  }

  /// Loads the value of `key` and processes it.
  ///
  /// - Throws: The loader's error, `CancellationError` when the task was cancelled
  ///   before processing, or the processing step's error.
  public func load(_ key: Inner.Key) async throws -> Value {
    let loaded = try await loader.load(key)
    try Task.checkCancellation()
    return try process(loaded, key)
  }
}
