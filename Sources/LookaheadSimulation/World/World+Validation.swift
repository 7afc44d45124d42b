import Foundation

extension World {
  /// The largest backend a world may describe, in items: ten million.
  public static let maximumItemCount = 10_000_000

  /// Checks every field's range (see ``SimulationLimits`` for where each bound comes
  /// from):
  ///
  /// | field | range |
  /// |---|---|
  /// | `viewport.width`, `viewport.height` | 0.001 to 2⁵²/1000 points |
  /// | `layout.item_height_min`, `layout.item_height_max` (`feed`) | whole points, at least 1; the tallest item times the items at most 2⁵²/1000 points |
  /// | `layout.columns` (`grid`) | at least 1 |
  /// | `layout.cell_length` (`grid`) | at least 0.001 points; the rows' total at most 2⁵²/1000 points |
  /// | `images.min_bytes`, `images.max_bytes` | 1 to 2⁵³ bytes, min ≤ max |
  /// | `images.decoded_bytes_per_square_point` | at least 0; the largest decoded image at most 2⁵³ bytes |
  /// | `page_size`, `pages` | at least 1; together at most ten million items |
  /// | `page_bytes` | at least 0 |
  /// | `memory_cache_bytes` | at least `images.max_bytes` and the largest decoded image |
  /// | `disk_read_ms` and the network's times | 0 to 2⁵² µs |
  /// | `cell_configure_ahead_pt` | 0 to 2⁵²/1000 points |
  /// | `network.name` | 1 to 64 characters |
  /// | `network.jitter_sigma` | at least 0; the slowest draw of a round trip at most 2⁵² µs |
  /// | `network.bandwidth` | positive, at most `Int.max` bytes per 2⁵² µs; the largest response within 2⁵² µs on one connection's share |
  /// | `network.connections` | 1 to 64 |
  ///
  /// - Throws: ``WorldError`` naming the first field out of range, such as
  ///   `network.bandwidth must be positive`.
  /// - Complexity: O(1).
  public func validate() throws(WorldError) {
    try Self.require(viewport.width, "viewport.width", in: SimulationLimits.lengths)
    try Self.require(viewport.height, "viewport.height", in: SimulationLimits.lengths)
    guard pageSize >= 1 else { throw WorldError(field: "page_size", problem: "must be at least 1") }
    guard pages >= 1 else { throw WorldError(field: "pages", problem: "must be at least 1") }
    guard pages <= Self.maximumItemCount / pageSize else {
      throw WorldError(
        field: "pages",
        problem: "× page_size must be at most \(Self.maximumItemCount) items")
    }
    try validateLayout()
    guard images.minBytes >= 1 else {
      throw WorldError(field: "images.min_bytes", problem: "must be at least 1")
    }
    guard images.maxBytes >= images.minBytes else {
      throw WorldError(field: "images.max_bytes", problem: "must be at least images.min_bytes")
    }
    guard images.maxBytes <= SimulationLimits.maximumImageBytes else {
      throw WorldError(
        field: "images.max_bytes",
        problem: "must be at most 2^53 (\(SimulationLimits.maximumImageBytes)) bytes")
    }
    guard pageBytes >= 0 else {
      throw WorldError(field: "page_bytes", problem: "must not be negative")
    }
    try Self.require(
      images.decodedBytesPerSquarePoint, "images.decoded_bytes_per_square_point",
      in: 0...Double.greatestFiniteMagnitude)
    guard largestDecodedImageBytes <= Double(SimulationLimits.maximumImageBytes) else {
      throw WorldError(
        field: "images.decoded_bytes_per_square_point",
        problem: "makes the largest decoded image more than 2^53 bytes")
    }
    guard memoryCacheBytes >= images.maxBytes else {
      throw WorldError(
        field: "memory_cache_bytes", problem: "must be at least images.max_bytes")
    }
    guard Double(memoryCacheBytes) >= largestDecodedImageBytes else {
      throw WorldError(
        field: "memory_cache_bytes",
        problem: "must hold the largest decoded image (\(Int(largestDecodedImageBytes)) bytes)")
    }
    try Self.require(diskReadTime, "disk_read_ms", in: SimulationLimits.durations)
    try Self.require(
      cellConfigureAhead, "cell_configure_ahead_pt", in: 0...SimulationLimits.maximumLength)
    try network.validate()
    try network.validateTransfer(
      ofLargestResponse: Swift.max(images.maxBytes, pageBytes),
      field: images.maxBytes >= pageBytes ? "images.max_bytes" : "page_bytes")
  }

  private func validateLayout() throws(WorldError) {
    let items = Double(itemCount)
    switch layout {
    case .feed(let minimum, let maximum):
      guard minimum >= 1 else {
        throw WorldError(field: "layout.item_height_min", problem: "must be at least 1")
      }
      guard maximum >= minimum else {
        throw WorldError(
          field: "layout.item_height_max", problem: "must be at least layout.item_height_min")
      }
      guard Double(maximum) * items <= SimulationLimits.maximumLength else {
        throw WorldError(
          field: "layout.item_height_max",
          problem: "× the items (pages × page_size) must be at most "
            + "\(Self.describe(SimulationLimits.maximumLength)) points")
      }
    case .grid(let columns, let cellLength):
      guard columns >= 1 else {
        throw WorldError(field: "layout.columns", problem: "must be at least 1")
      }
      try Self.require(
        cellLength, "layout.cell_length",
        in: SimulationLimits.minimumLength...SimulationLimits.maximumLength)
      let rows = (items / Double(columns)).rounded(.up)
      guard cellLength * rows <= SimulationLimits.maximumLength else {
        throw WorldError(
          field: "layout.cell_length",
          problem: "× the rows (pages × page_size / columns) must be at most "
            + "\(Self.describe(SimulationLimits.maximumLength)) points")
      }
    }
  }

  /// Throws unless `value` is finite and in `range`.
  static func require(
    _ value: Double, _ field: String, in range: ClosedRange<Double>
  ) throws(WorldError) {
    guard value.isFinite else { throw WorldError(field: field, problem: "must be finite") }
    if value < range.lowerBound {
      let problem =
        range.lowerBound == 0
        ? "must not be negative"
        : value <= 0 ? "must be positive" : "must be at least \(describe(range.lowerBound))"
      throw WorldError(field: field, problem: problem)
    }
    guard value <= range.upperBound else {
      throw WorldError(field: field, problem: "must be at most \(describe(range.upperBound))")
    }
  }

  /// A bound as people read it: `0.001`, `4.5036e+12`.
  static func describe(_ value: Double) -> String {
    value != 0 && (value.magnitude >= 1e7 || value.magnitude < 1e-3)
      ? String(format: "%.5g", value) : "\(value)"
  }
}

extension SimulationLimits {
  /// The range of a viewport's sides, in points.
  static var lengths: ClosedRange<Double> { minimumLength...maximumLength }
  /// The range of a delay or a duration, in milliseconds.
  static var durations: ClosedRange<Double> { 0...maximumTime }
}

extension NetworkProfile {
  /// The most connections a profile may have.
  public static let maximumConnections = 64

  /// Checks every field's range, naming fields by their JSON path in a world
  /// (`network.bandwidth`); see ``World/validate()`` for the ranges.
  ///
  /// - Throws: ``WorldError`` naming the first field out of range.
  /// - Complexity: O(1).
  public func validate() throws(WorldError) {
    guard !name.isEmpty else {
      throw WorldError(field: "network.name", problem: "must not be empty")
    }
    guard name.count <= SimulationLimits.maximumNameLength else {
      throw WorldError(
        field: "network.name",
        problem: "must be at most \(SimulationLimits.maximumNameLength) characters")
    }
    let durations = SimulationLimits.durations
    try World.require(roundTrip, "network.round_trip_ms", in: durations)
    try World.require(pageServerTime, "network.page_server_ms", in: durations)
    try World.require(imageServerTime, "network.image_server_ms", in: durations)
    try World.require(jitterSigma, "network.jitter_sigma", in: 0...Double.greatestFiniteMagnitude)
    // exp(σ·Z) must be finite even when the round trip is 0 (0 × ∞ is not a time).
    let slowestFactor = exp(jitterSigma * SimulationLimits.maximumJitterNormal)
    let slowest = roundTrip * slowestFactor + Swift.max(pageServerTime, imageServerTime)
    guard slowestFactor.isFinite, slowest <= SimulationLimits.maximumTime else {
      // Names the term that makes the slowest request too slow.
      let field =
        !slowestFactor.isFinite || jitterSigma > 0 && roundTrip > 0
        ? "network.jitter_sigma"
        : roundTrip >= Swift.max(pageServerTime, imageServerTime)
          ? "network.round_trip_ms"
          : pageServerTime >= imageServerTime ? "network.page_server_ms" : "network.image_server_ms"
      throw WorldError(
        field: field,
        problem: "makes the slowest request too slow: round_trip_ms × exp(jitter_sigma × "
          + "\(World.describe(SimulationLimits.maximumJitterNormal))) plus the larger server "
          + "time must be at most \(World.describe(SimulationLimits.maximumTime)) ms")
    }
    guard bytesPerSecond.isFinite else {
      throw WorldError(field: "network.bandwidth", problem: "must be finite")
    }
    guard bytesPerSecond > 0 else {
      throw WorldError(field: "network.bandwidth", problem: "must be positive")
    }
    guard bytesPerSecond <= SimulationLimits.maximumBandwidth else {
      throw WorldError(
        field: "network.bandwidth",
        problem: "must be at most \(World.describe(SimulationLimits.maximumBandwidth)) bytes per "
          + "second (a run counts its bytes in 64 bits)")
    }
    guard (1...Self.maximumConnections).contains(connections) else {
      throw WorldError(
        field: "network.connections", problem: "must be from 1 to \(Self.maximumConnections)")
    }
  }

  /// Throws unless `bytes` cross one connection's share of the bandwidth within
  /// ``SimulationLimits/maximumTime``.
  func validateTransfer(ofLargestResponse bytes: Int, field: String) throws(WorldError) {
    let seconds = Double(bytes) * Double(connections) / bytesPerSecond
    guard seconds * 1000 <= SimulationLimits.maximumTime else {
      throw WorldError(
        field: field,
        problem: "is too large for network.bandwidth: one connection's share must carry it "
          + "within \(World.describe(SimulationLimits.maximumTime)) ms")
    }
  }
}
