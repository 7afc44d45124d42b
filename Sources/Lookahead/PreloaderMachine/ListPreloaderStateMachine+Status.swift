extension ListPreloaderStateMachine {
  /// What the policy may know about loads: the driver's cache, this machine's loads and
  /// pager. Built as a temporary inside one call, so that the item keys' storage is
  /// referenced once again before a list change next mutates it.
  struct Status<Readiness: ResourceReadiness<Key>>: LoadStatus {
    /// The resource key of each loaded item, by position (``itemKeys``).
    let keys: ItemKeyTable<Key>
    let isPageLoading: Bool
    /// The keys loading for someone other than a hint
    /// (`ListPreloaderStateMachine.loadingKeys(into:)`), read once a frame: a policy
    /// asks about each item near the viewport several times a frame, and a few loads run
    /// at once. Most frames of a steady scroll have none, and then no item is looked up.
    let loadingKeys: [Key]
    /// The same keys, hashed, when more than
    /// `loadQueueRunningScanLimit` load: built once a frame, and only then.
    let loadingKeySet: Set<Key>
    /// Last: a stored property of a generic type places those after it at offsets that
    /// unspecialized code (an app's machine) reads from the struct's metadata, looked up
    /// on every call.
    let readiness: Readiness

    func isReady(_ item: Int) -> Bool {
      guard item < keys.count else { return false }
      let place = keys.place(of: item)
      return place >= 0 && readiness.isReady(keys.key(at: place))
    }

    func isStoredLocally(_ item: Int) -> Bool {
      guard item < keys.count else { return false }
      let place = keys.place(of: item)
      return place >= 0 && readiness.isStoredLocally(keys.key(at: place))
    }

    func isLoading(_ item: Int) -> Bool {
      // `count`, not `isEmpty`: unspecialized, `isEmpty` is `Collection`'s, and looks up
      // the array type's metadata and conformance on every call.
      guard loadingKeys.count > 0, item < keys.count else { return false }
      let place = keys.place(of: item)
      guard place >= 0 else { return false }
      let key = keys.key(at: place)
      // Compared one by one while few run (no hashing); looked up beyond. An index loop:
      // in unspecialized code `contains` looks up the array's conformances every call.
      guard loadingKeys.count > loadQueueRunningScanLimit else {
        for index in 0..<loadingKeys.count where loadingKeys[index] == key { return true }
        return false
      }
      return isInLoadingKeySet(key)
    }

    /// Whether `key` is in ``loadingKeySet``; kept out of line, so that the hashing code
    /// does not weigh on the policies' loops, where it is rarely needed.
    @inline(never)
    func isInLoadingKeySet(_ key: Key) -> Bool {
      loadingKeySet.contains(key)
    }
  }

  /// Puts in `keys` the resources loading for someone other than a hint: a load only
  /// prefetch hints wait for is invisible to the strategy, whose decisions must not
  /// depend on hints.
  ///
  /// - Complexity: O(*r*) for *r* running loads; no key is hashed.
  func loadingKeys(into keys: inout [Key]) {
    keys.removeAllKeepingCapacity()
    queue.forEachRunningKey(waitedForByAnyoneBut: .hint) { key in
      if case .resource(let key) = key { keys.append(key) }
    }
  }
}
