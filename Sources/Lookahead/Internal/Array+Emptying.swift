extension Array {
  /// Removes every element and keeps the storage, as `removeAll(keepingCapacity: true)`
  /// does, but does nothing to an empty array.
  ///
  /// In unspecialized generic code — an app's list preloader, whose item and key types
  /// the library does not know — `removeAll(keepingCapacity:)` looks up the conformance of
  /// `EmptyCollection<Element>` on every call, empty array or not, and most of a frame's
  /// scratch arrays are empty already.
  @inline(__always)
  mutating func removeAllKeepingCapacity() {
    if count > 0 { removeAll(keepingCapacity: true) }
  }
}
