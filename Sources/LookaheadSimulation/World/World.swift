import Foundation
import Lookahead

/// Everything a simulation assumes about an app and its backend, as one value: the
/// viewport, the layout and item sizes, the image sizes, the pages, the memory cache and
/// the network (docs/DESIGN.md, "The standard world").
///
/// ``standard`` is the standard world (docs/DESIGN.md, "The standard world" and "Precise
/// definitions"), which every simulation runs unless told otherwise. A team simulates its
/// own app by describing it: a world reads and writes JSON (see ``init(jsonData:)``), and
/// `--world FILE` takes one on the command line.
///
/// Per-item properties are pure functions of the item id through
/// `h(i) = SplitMix64.hash(UInt64(i))`, so every run on every platform sees the same list:
/// - a `feed` item is `min + (h(i) mod (max − min + 1))` points tall;
/// - an image is `round(minBytes · (maxBytes / minBytes)^u)` bytes (half up), with
///   `u = Double(h(i)) / 2^64`: log-uniform between the two bounds.
///
/// The backend holds ``pages`` pages of ``pageSize`` items each, and has more while fewer
/// than ``pages`` pages are loaded. Units are decimal (docs/DESIGN.md, "Precise
/// definitions").
///
/// A value type; thread-safe.
public struct World: Sendable, Hashable {
  /// The visible area, in points; the list scrolls vertically.
  public var viewport: Viewport
  /// How items are laid out, and how tall a `feed` item is.
  public var layout: Layout
  /// The sizes of the items' images.
  public var images: ImageSizes
  /// How many items one page holds.
  public var pageSize: Int
  /// The bytes of one page response.
  public var pageBytes: Int
  /// How many pages the backend has.
  public var pages: Int
  /// The capacity of the memory cache of ready images, in bytes.
  public var memoryCacheBytes: Int
  /// How long reloading an evicted image from the disk tier takes.
  public var diskReadTime: Milliseconds
  /// The network between the app and the backend.
  public var network: NetworkProfile
  /// How far ahead of the viewport, in points along the axis and on both sides, views
  /// configure their cells: each item's cell is bound (it asks for its resource) from
  /// the first frame it overlaps the viewport widened by this margin, and unbound when it
  /// leaves it. 0, the standard world's, binds cells when their items become visible.
  public var cellConfigureAhead: Double

  /// Creates a world.
  ///
  /// - Parameters:
  ///   - viewport: The visible area.
  ///   - layout: The layout.
  ///   - images: The image sizes.
  ///   - pageSize: Items per page.
  ///   - pageBytes: Bytes per page response.
  ///   - pages: Pages the backend has.
  ///   - memoryCacheBytes: The memory cache's capacity.
  ///   - diskReadTime: A disk-tier reload's duration.
  ///   - network: The network.
  ///   - cellConfigureAhead: How far ahead of the viewport cells are bound, in points.
  /// - Precondition: the values pass ``validate()``; use ``init(jsonData:)`` for input
  ///   that may not.
  public init(
    viewport: Viewport, layout: Layout, images: ImageSizes, pageSize: Int, pageBytes: Int,
    pages: Int, memoryCacheBytes: Int, diskReadTime: Milliseconds, network: NetworkProfile,
    cellConfigureAhead: Double = 0
  ) {
    self.viewport = viewport
    self.layout = layout
    self.images = images
    self.pageSize = pageSize
    self.pageBytes = pageBytes
    self.pages = pages
    self.memoryCacheBytes = memoryCacheBytes
    self.diskReadTime = diskReadTime
    self.network = network
    self.cellConfigureAhead = cellConfigureAhead
    do {
      try validate()
    } catch {
      preconditionFailure("invalid world: \(error)")
    }
  }

  /// The standard world (docs/DESIGN.md, "The standard world"): a 390 × 844 viewport, the
  /// `feed` layout, images of 20–200 KB, 500 pages of 20 items (8,000 bytes each), a 64 MB
  /// memory cache with a 3 ms disk tier, on `lte`.
  public static let standard = World(
    viewport: Viewport(width: StandardWorld.viewportWidth, height: StandardWorld.viewportHeight),
    layout: .standardFeed, images: ImageSizes(minBytes: 20_000, maxBytes: 200_000),
    pageSize: StandardWorld.pageSize, pageBytes: StandardWorld.pageBytes,
    pages: StandardWorld.pageLimit, memoryCacheBytes: StandardWorld.memoryCacheBytes,
    diskReadTime: StandardWorld.diskReadTime, network: .lte)

  /// The standard world with the standard layout of `layout` and the network `network`.
  ///
  /// - Parameters:
  ///   - layout: `feed` or `grid`.
  ///   - network: The network profile.
  public static func standard(layout: WorldLayout.Kind, network: NetworkProfile) -> World {
    var world = standard
    world.layout = .standard(layout)
    world.network = network
    return world
  }

  // MARK: - Derived values

  /// The number of items the backend holds: ``pages`` × ``pageSize``.
  public var itemCount: Int { pages * pageSize }

  /// Whether the backend has more pages after `loadedPages` pages are loaded.
  ///
  /// - Complexity: O(1).
  public func hasMore(loadedPages: Int) -> Bool { loadedPages < pages }

  /// The page that holds `item`.
  ///
  /// - Precondition: `item >= 0`.
  /// - Complexity: O(1).
  public func page(containing item: Int) -> Int {
    precondition(item >= 0, "item must be non-negative (got \(item))")
    return item / pageSize
  }

  /// The items of page `index`, clamped to the backend's items.
  ///
  /// - Complexity: O(1).
  public func items(ofPage index: Int) -> Range<Int> {
    let start = Swift.min(index * pageSize, itemCount)
    return start..<Swift.min(start + pageSize, itemCount)
  }

  /// The height of `item` in a `feed` layout, in points; in a grid, the cell's side.
  ///
  /// - Precondition: `item >= 0`.
  /// - Complexity: O(1).
  public func itemHeight(_ item: Int) -> Double {
    switch layout {
    case .feed(let minimum, let maximum):
      let range = UInt64(maximum - minimum + 1)
      return Double(minimum + Int(StandardWorld.itemHash(item) % range))
    case .grid(_, let cellLength):
      return cellLength
    }
  }

  /// The bytes of the image of `item`: `round(minBytes · (maxBytes / minBytes)^u)`, half
  /// up, with `u = Double(h(i)) / 2^64`.
  ///
  /// - Precondition: `item >= 0`.
  /// - Complexity: O(1).
  public func imageBytes(_ item: Int) -> Int {
    let u = Double(StandardWorld.itemHash(item)) * 0x1p-64
    let ratio = Double(images.maxBytes) / Double(images.minBytes)
    return Int((Double(images.minBytes) * pow(ratio, u) + 0.5).rounded(.down))
  }

  /// The bytes the image of `item` takes in the memory tier once decoded: its cell's area
  /// in square points (the viewport's width by the item's height in a `feed`, the cell in
  /// a `grid`) times ``ImageSizes/decodedBytesPerSquarePoint``, rounded up; the encoded
  /// bytes when that is 0.
  ///
  /// - Precondition: `item >= 0`.
  /// - Complexity: O(1).
  public func decodedImageBytes(_ item: Int) -> Int {
    let perSquarePoint = images.decodedBytesPerSquarePoint
    guard perSquarePoint > 0 else { return imageBytes(item) }
    let area: Double =
      switch layout {
      case .feed: viewport.width * itemHeight(item)
      case .grid(_, let cellLength): cellLength * cellLength
      }
    return Swift.max(1, Int((area * perSquarePoint).rounded(.up)))
  }

  /// The largest decoded image of the world (``decodedImageBytes(_:)``), in bytes.
  ///
  /// - Complexity: O(1).
  public var largestDecodedImageBytes: Double {
    let perSquarePoint = images.decodedBytesPerSquarePoint
    guard perSquarePoint > 0 else { return Double(images.maxBytes) }
    let area: Double =
      switch layout {
      case .feed(_, let maximum): viewport.width * Double(maximum)
      case .grid(_, let cellLength): cellLength * cellLength
      }
    return (area * perSquarePoint).rounded(.up)
  }

  /// The layout of every item of the backend, for measuring frames.
  ///
  /// - Complexity: O(``itemCount``) for `feed`, O(1) for `grid`.
  public var geometry: WorldLayout {
    switch layout {
    case .feed:
      .feed(FeedGeometry(itemHeights: (0..<itemCount).map(itemHeight)))
    case .grid(let columns, let cellLength):
      .grid(GridGeometry(itemCount: itemCount, columns: columns, cellLength: cellLength))
    }
  }

  /// The largest content offset a user can scroll to when every page is loaded: the
  /// content length minus the viewport's height (0 when the content is shorter).
  ///
  /// - Complexity: O(``itemCount``) for `feed`, O(1) for `grid`.
  public var maximumOffset: Double {
    let length = geometry.contentLength(loadedItemCount: itemCount)
    return Swift.max(0, length - viewport.height)
  }
}

extension World {
  /// The visible area of a world's list, in points.
  ///
  /// A value type; thread-safe.
  public struct Viewport: Sendable, Hashable {
    /// The width: the list's cross length.
    public var width: Double
    /// The height: the viewport's length along the scrolling axis.
    public var height: Double

    /// Creates a viewport.
    ///
    /// - Parameters:
    ///   - width: The width in points.
    ///   - height: The height in points.
    public init(width: Double, height: Double) {
      self.width = width
      self.height = height
    }
  }

  /// How a world lays out its items.
  ///
  /// A closed set of values; thread-safe.
  public enum Layout: Sendable, Hashable {
    /// One column of items whose heights are spread over `minimumHeight...maximumHeight`
    /// points by the item hash.
    case feed(minimumHeight: Int, maximumHeight: Int)
    /// Columns of square cells of `cellLength` points.
    case grid(columns: Int, cellLength: Double)

    /// The standard `feed`: items of 160–480 points.
    public static let standardFeed = Layout.feed(minimumHeight: 160, maximumHeight: 480)

    /// The standard `grid`: 3 columns of 130-point cells.
    public static let standardGrid = Layout.grid(columns: 3, cellLength: 130)

    /// The standard layout of `kind`.
    ///
    /// - Parameter kind: `feed` or `grid`.
    public static func standard(_ kind: WorldLayout.Kind) -> Layout {
      switch kind {
      case .feed: standardFeed
      case .grid: standardGrid
      }
    }

    /// `feed` or `grid`.
    public var kind: WorldLayout.Kind {
      switch self {
      case .feed: .feed
      case .grid: .grid
      }
    }
  }

  /// The sizes of a world's images: log-uniform between two bounds on the network, and
  /// decoded to the size of their cells in memory.
  ///
  /// A value type; thread-safe.
  public struct ImageSizes: Sendable, Hashable {
    /// The smallest image, in bytes.
    public var minBytes: Int
    /// The largest image, in bytes.
    public var maxBytes: Int
    /// The bytes a decoded image takes in memory per square point of the cell it fills:
    /// an app decodes and downsamples images off the main thread and keeps them so in its
    /// memory tier. 36 by default: 4 bytes a pixel at 3 pixels a point (a 390-point-wide
    /// iPhone). 0 keeps the encoded bytes in memory instead.
    public var decodedBytesPerSquarePoint: Double

    /// The standard decoded size: 4 bytes a pixel, 3 × 3 pixels a square point.
    public static let standardDecodedBytesPerSquarePoint: Double = 36

    /// Creates image sizes.
    ///
    /// - Parameters:
    ///   - minBytes: The smallest image, in bytes.
    ///   - maxBytes: The largest image, in bytes.
    ///   - decodedBytesPerSquarePoint: A decoded image's bytes per square point of its
    ///     cell; 0 for the encoded bytes.
    public init(
      minBytes: Int, maxBytes: Int,
      decodedBytesPerSquarePoint: Double = standardDecodedBytesPerSquarePoint
    ) {
      self.minBytes = minBytes
      self.maxBytes = maxBytes
      self.decodedBytesPerSquarePoint = decodedBytesPerSquarePoint
    }
  }
}
