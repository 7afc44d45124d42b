extension World {
  /// The largest backend a world may describe, in items: ten million.
  public static let maximumItemCount = 10_000_000

  /// Checks every field's range.
  ///
  /// - Throws: ``WorldError`` naming the first field out of range, such as
  ///   `network.bandwidth must be positive`.
  /// - Complexity: O(1).
  public func validate() throws(WorldError) {
    try Self.require(viewport.width, "viewport.width", positive: true)
    try Self.require(viewport.height, "viewport.height", positive: true)
    switch layout {
    case .feed(let minimum, let maximum):
      guard minimum >= 1 else {
        throw WorldError(field: "layout.item_height_min", problem: "must be at least 1")
      }
      guard maximum >= minimum else {
        throw WorldError(
          field: "layout.item_height_max", problem: "must be at least layout.item_height_min")
      }
    case .grid(let columns, let cellLength):
      guard columns >= 1 else {
        throw WorldError(field: "layout.columns", problem: "must be at least 1")
      }
      try Self.require(cellLength, "layout.cell_length", positive: true)
    }
    guard images.minBytes >= 1 else {
      throw WorldError(field: "images.min_bytes", problem: "must be at least 1")
    }
    guard images.maxBytes >= images.minBytes else {
      throw WorldError(field: "images.max_bytes", problem: "must be at least images.min_bytes")
    }
    guard pageSize >= 1 else { throw WorldError(field: "page_size", problem: "must be at least 1") }
    guard pageBytes >= 0 else {
      throw WorldError(field: "page_bytes", problem: "must not be negative")
    }
    guard pages >= 1 else { throw WorldError(field: "pages", problem: "must be at least 1") }
    guard pages <= Self.maximumItemCount / pageSize else {
      throw WorldError(
        field: "pages",
        problem: "× page_size must be at most \(Self.maximumItemCount) items")
    }
    guard memoryCacheBytes >= images.maxBytes else {
      throw WorldError(
        field: "memory_cache_bytes", problem: "must be at least images.max_bytes")
    }
    try Self.require(diskReadTime, "disk_read_ms", positive: false)
    try network.validate()
  }

  /// Throws unless `value` is finite and positive (or not negative).
  static func require(_ value: Double, _ field: String, positive: Bool) throws(WorldError) {
    guard value.isFinite else { throw WorldError(field: field, problem: "must be finite") }
    if positive {
      guard value > 0 else { throw WorldError(field: field, problem: "must be positive") }
    } else {
      guard value >= 0 else { throw WorldError(field: field, problem: "must not be negative") }
    }
  }
}

extension NetworkProfile {
  /// The most connections a profile may have.
  public static let maximumConnections = 64

  /// Checks every field's range, naming fields by their JSON path in a world
  /// (`network.bandwidth`).
  ///
  /// - Throws: ``WorldError`` naming the first field out of range.
  /// - Complexity: O(1).
  public func validate() throws(WorldError) {
    guard !name.isEmpty else {
      throw WorldError(field: "network.name", problem: "must not be empty")
    }
    try World.require(roundTrip, "network.round_trip_ms", positive: false)
    try World.require(pageServerTime, "network.page_server_ms", positive: false)
    try World.require(imageServerTime, "network.image_server_ms", positive: false)
    try World.require(jitterSigma, "network.jitter_sigma", positive: false)
    try World.require(bytesPerSecond, "network.bandwidth", positive: true)
    guard (1...Self.maximumConnections).contains(connections) else {
      throw WorldError(
        field: "network.connections", problem: "must be from 1 to \(Self.maximumConnections)")
    }
  }
}
