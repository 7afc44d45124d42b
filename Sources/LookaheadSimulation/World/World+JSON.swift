import Foundation

/// A world as JSON, with snake_case keys; every field may be left out and then takes the
/// standard world's value:
///
/// ```json
/// {
///   "viewport": { "width": 390, "height": 844 },
///   "layout": { "kind": "feed", "item_height_min": 160, "item_height_max": 480 },
///   "images": { "min_bytes": 20000, "max_bytes": 200000, "decoded_bytes_per_square_point": 36 },
///   "page_size": 20, "page_bytes": 8000, "pages": 500,
///   "memory_cache_bytes": 64000000, "disk_read_ms": 3, "cell_configure_ahead_pt": 0,
///   "network": {
///     "name": "lte", "round_trip_ms": 70, "page_server_ms": 60, "image_server_ms": 5,
///     "jitter_sigma": 0.35, "bandwidth": 1500000, "connections": 6
///   }
/// }
/// ```
///
/// A grid is `{"kind": "grid", "columns": 3, "cell_length": 130}`. `bandwidth` is in bytes
/// per second. A `network` object starts from the standard profile its `name` names
/// (`wifi`, `lte`, `3g`; `lte` for any other name), and is called `custom` when it has no
/// name. Unknown fields are rejected, so a misspelt field never passes silently.
extension World: Codable {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case viewport
    case layout
    case images
    case pageSize = "page_size"
    case pageBytes = "page_bytes"
    case pages
    case memoryCacheBytes = "memory_cache_bytes"
    case diskReadTime = "disk_read_ms"
    case network
    case cellConfigureAhead = "cell_configure_ahead_pt"
  }

  /// Reads a world from JSON, leaving out-of-range values to ``validate()``.
  ///
  /// - Throws: ``WorldError`` naming the field that is unknown or of the wrong type.
  public init(from decoder: any Decoder) throws {
    let fields = try FieldReader<CodingKeys>(decoder, path: "")
    let standard = World.standard
    viewport = try fields.object(.viewport, default: standard.viewport, read: Viewport.init)
    layout = try fields.object(.layout, default: standard.layout, read: Layout.read)
    images = try fields.object(.images, default: standard.images, read: ImageSizes.init)
    pageSize = try fields.int(.pageSize, default: standard.pageSize)
    pageBytes = try fields.int(.pageBytes, default: standard.pageBytes)
    pages = try fields.int(.pages, default: standard.pages)
    memoryCacheBytes = try fields.int(.memoryCacheBytes, default: standard.memoryCacheBytes)
    diskReadTime = try fields.double(.diskReadTime, default: standard.diskReadTime)
    network = try fields.object(
      .network, default: standard.network, read: NetworkProfile.read)
    cellConfigureAhead = try fields.double(
      .cellConfigureAhead, default: standard.cellConfigureAhead)
  }

  /// Writes every field.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(viewport, forKey: .viewport)
    try container.encode(layout, forKey: .layout)
    try container.encode(images, forKey: .images)
    try container.encode(pageSize, forKey: .pageSize)
    try container.encode(pageBytes, forKey: .pageBytes)
    try container.encode(pages, forKey: .pages)
    try container.encode(memoryCacheBytes, forKey: .memoryCacheBytes)
    try container.encode(diskReadTime, forKey: .diskReadTime)
    try container.encode(NetworkJSON(network), forKey: .network)
    try container.encode(cellConfigureAhead, forKey: .cellConfigureAhead)
  }

  /// Reads and validates a world from JSON.
  ///
  /// - Parameter jsonData: The JSON text.
  /// - Throws: ``WorldError`` naming the field that is unknown, of the wrong type or out of
  ///   range, or saying that the text is not JSON.
  public init(jsonData: Data) throws(WorldError) {
    do {
      self = try JSONDecoder().decode(World.self, from: jsonData)
    } catch let error as WorldError {
      throw error
    } catch {
      throw WorldError(field: "", problem: "is not valid JSON")
    }
    try validate()
  }

  /// Reads and validates a world from a JSON file of at most
  /// ``SimulationLimits/maximumWorldFileBytes``.
  ///
  /// - Parameter url: The file.
  /// - Throws: ``WorldError`` when the file cannot be read or is not a valid world.
  public init(contentsOf url: URL) throws(WorldError) {
    let limit = SimulationLimits.maximumWorldFileBytes
    let data: Data
    do {
      // At most one byte past the limit is read: a huge file (or /dev/zero) is refused
      // without reading or parsing it.
      let file = try FileHandle(forReadingFrom: url)
      defer { try? file.close() }
      data = try file.read(upToCount: limit + 1) ?? Data()
    } catch {
      throw WorldError(field: "", problem: "cannot be read (no such file or not readable)")
    }
    guard data.count <= limit else {
      throw WorldError(field: "", problem: "is larger than \(limit / 1024) KiB: not a world file")
    }
    try self.init(jsonData: data)
  }

  /// The world of a run as command lines choose it: the file's world (the standard one
  /// without a file), with its network and layout replaced by standard ones when given.
  ///
  /// - Parameters:
  ///   - path: A JSON world file, or `nil` for the standard world.
  ///   - network: A network profile that replaces the world's.
  ///   - layout: A layout kind whose standard layout replaces the world's.
  /// - Throws: ``WorldError`` when the file cannot be read or is not a valid world.
  public init(
    file path: String?, network: NetworkProfile? = nil, layout: WorldLayout.Kind? = nil
  ) throws(WorldError) {
    self =
      try path.map { path throws(WorldError) in
        try World(contentsOf: URL(fileURLWithPath: path))
      } ?? .standard
    if let network { self.network = network }
    if let layout { self.layout = .standard(layout) }
  }

  /// The world as pretty-printed JSON with sorted keys: the same world always gives the
  /// same bytes.
  public func jsonData() -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Encoding numbers and strings cannot fail.
    return try! encoder.encode(self)
  }
}

extension World.Viewport: Codable {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case width
    case height
  }

  /// Reads a viewport; a missing side takes the standard world's.
  public init(from decoder: any Decoder) throws {
    try self.init(FieldReader(decoder, path: "viewport"))
  }

  init(_ fields: FieldReader<CodingKeys>) throws(WorldError) {
    let standard = World.standard.viewport
    width = try fields.double(.width, default: standard.width)
    height = try fields.double(.height, default: standard.height)
  }

  /// Writes both sides.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(width, forKey: .width)
    try container.encode(height, forKey: .height)
  }
}

extension World.ImageSizes: Codable {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case minBytes = "min_bytes"
    case maxBytes = "max_bytes"
    case decodedBytesPerSquarePoint = "decoded_bytes_per_square_point"
  }

  /// Reads image sizes; a missing bound takes the standard world's.
  public init(from decoder: any Decoder) throws {
    try self.init(FieldReader(decoder, path: "images"))
  }

  init(_ fields: FieldReader<CodingKeys>) throws(WorldError) {
    let standard = World.standard.images
    minBytes = try fields.int(.minBytes, default: standard.minBytes)
    maxBytes = try fields.int(.maxBytes, default: standard.maxBytes)
    decodedBytesPerSquarePoint = try fields.double(
      .decodedBytesPerSquarePoint, default: standard.decodedBytesPerSquarePoint)
  }

  /// Writes every field.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(minBytes, forKey: .minBytes)
    try container.encode(maxBytes, forKey: .maxBytes)
    try container.encode(decodedBytesPerSquarePoint, forKey: .decodedBytesPerSquarePoint)
  }
}

extension World.Layout: Codable {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case kind
    case minimumHeight = "item_height_min"
    case maximumHeight = "item_height_max"
    case columns
    case cellLength = "cell_length"
  }

  /// Reads a layout; `kind` defaults to `feed`, and missing sizes take the standard
  /// layout's of that kind.
  public init(from decoder: any Decoder) throws {
    self = try Self.read(FieldReader(decoder, path: "layout"))
  }

  static func read(_ fields: FieldReader<CodingKeys>) throws(WorldError) -> World.Layout {
    let name = try fields.string(.kind, default: WorldLayout.Kind.feed.rawValue)
    guard let kind = WorldLayout.Kind(rawValue: name) else {
      throw WorldError(field: "layout.kind", problem: "must be \"feed\" or \"grid\"")
    }
    switch (kind, World.Layout.standard(kind)) {
    case (.feed, .feed(let minimum, let maximum)):
      try fields.reject([.columns, .cellLength], because: "applies only to kind grid")
      return .feed(
        minimumHeight: try fields.int(.minimumHeight, default: minimum),
        maximumHeight: try fields.int(.maximumHeight, default: maximum))
    case (.grid, .grid(let columns, let cellLength)):
      try fields.reject([.minimumHeight, .maximumHeight], because: "applies only to kind feed")
      return .grid(
        columns: try fields.int(.columns, default: columns),
        cellLength: try fields.double(.cellLength, default: cellLength))
    default:
      preconditionFailure("Internal inconsistency: the standard \(kind) layout is not a \(kind)")
    }
  }

  /// Writes the kind and its sizes.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(kind.rawValue, forKey: .kind)
    switch self {
    case .feed(let minimum, let maximum):
      try container.encode(minimum, forKey: .minimumHeight)
      try container.encode(maximum, forKey: .maximumHeight)
    case .grid(let columns, let cellLength):
      try container.encode(columns, forKey: .columns)
      try container.encode(cellLength, forKey: .cellLength)
    }
  }
}

/// A network profile's JSON form inside a world.
struct NetworkJSON: Encodable {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case name
    case roundTrip = "round_trip_ms"
    case pageServerTime = "page_server_ms"
    case imageServerTime = "image_server_ms"
    case jitterSigma = "jitter_sigma"
    case bandwidth
    case connections
  }

  let profile: NetworkProfile

  init(_ profile: NetworkProfile) {
    self.profile = profile
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(profile.name, forKey: .name)
    try container.encode(profile.roundTrip, forKey: .roundTrip)
    try container.encode(profile.pageServerTime, forKey: .pageServerTime)
    try container.encode(profile.imageServerTime, forKey: .imageServerTime)
    try container.encode(profile.jitterSigma, forKey: .jitterSigma)
    try container.encode(profile.bytesPerSecond, forKey: .bandwidth)
    try container.encode(profile.connections, forKey: .connections)
  }
}

extension NetworkProfile {
  /// Reads a profile: it starts from the standard profile its name names (`lte` for any
  /// other), and is called `custom` without a name.
  static func read(_ fields: FieldReader<NetworkJSON.CodingKeys>) throws(WorldError)
    -> NetworkProfile
  {
    let name = try fields.string(.name, default: "custom")
    let base = NetworkProfile.named(name) ?? .lte
    var profile = base
    profile.name = name
    profile.roundTrip = try fields.double(.roundTrip, default: base.roundTrip)
    profile.pageServerTime = try fields.double(.pageServerTime, default: base.pageServerTime)
    profile.imageServerTime = try fields.double(.imageServerTime, default: base.imageServerTime)
    profile.jitterSigma = try fields.double(.jitterSigma, default: base.jitterSigma)
    profile.bytesPerSecond = try fields.double(.bandwidth, default: base.bytesPerSecond)
    profile.connections = try fields.int(.connections, default: base.connections)
    return profile
  }
}
