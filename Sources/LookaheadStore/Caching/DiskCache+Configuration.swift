extension DiskCache {
  /// How a ``DiskCache`` sizes, stores and trims its values.
  public struct Configuration: Sendable {
    /// The most bytes of values the cache holds. When a write takes the total above
    /// it, the least recently used values are evicted until the total is at most
    /// `sizeLimit × trimRatio`. Default: 150 MB.
    public var sizeLimit: Int
    /// Values of at most this many bytes are stored inline in the SQLite index; larger
    /// values get a file each. Inline writes are faster than files at every size up to
    /// the default (measured on Linux/ext4, 1,000 values in one batch: 3.6–37× for 1 KB
    /// values, 1.3–14× for 16 KB, depending on the file system's state), and an inline
    /// read needs no `open`. Default: 20 KB.
    public var inlineLimit: Int
    /// The fraction of ``sizeLimit`` a trim leaves, in (0, 1]. Default: 0.7.
    public var trimRatio: Double
    /// How many distinct keys may be read (their recency kept only in memory) before
    /// the recency order is written to the index. Writes, trims, ``DiskCache/flush()``
    /// and ``DiskCache/close()`` also write it. After a crash, the LRU order forgets the
    /// reads of at most this many keys; values are never affected. Default: 256.
    public var accessFlushInterval: Int
    /// Receives messages about recovered faults (corrupt files removed, a damaged
    /// index rebuilt). Default: ``StoreLoggers/standardError``.
    public var logger: StoreLogger

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - sizeLimit: The most bytes of values the cache holds; must be positive.
    ///   - inlineLimit: The largest value, in bytes, stored inside the index; must not
    ///     be negative.
    ///   - trimRatio: The fraction of `sizeLimit` a trim leaves, in (0, 1].
    ///   - accessFlushInterval: Distinct keys read between writes of the recency order;
    ///     must be positive.
    ///   - logger: Receives messages about recovered faults.
    public init(
      sizeLimit: Int = 150 * 1024 * 1024,
      inlineLimit: Int = 20 * 1024,
      trimRatio: Double = 0.7,
      accessFlushInterval: Int = 256,
      logger: @escaping StoreLogger = StoreLoggers.standardError
    ) {
      self.sizeLimit = sizeLimit
      self.inlineLimit = inlineLimit
      self.trimRatio = trimRatio
      self.accessFlushInterval = accessFlushInterval
      self.logger = logger
    }

    /// The total size a trim leaves, in bytes.
    var trimTarget: Int { Int(Double(sizeLimit) * trimRatio) }

    func validate() {
      precondition(sizeLimit > 0, "sizeLimit must be positive, got \(sizeLimit)")
      precondition(inlineLimit >= 0, "inlineLimit must not be negative, got \(inlineLimit)")
      precondition(
        trimRatio > 0 && trimRatio <= 1, "trimRatio must be in (0, 1], got \(trimRatio)")
      precondition(
        accessFlushInterval > 0, "accessFlushInterval must be positive, got \(accessFlushInterval)")
    }
  }
}
