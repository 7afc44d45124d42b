#if canImport(UIKit) && !os(watchOS)
  import Lookahead
  import UIKit

  extension ResourceBinding where Resource == UIImage {
    /// Binds `item`'s image to an image view: the decoded image the cache holds is shown at
    /// once, otherwise `placeholder` until a load of it ends (the strategy's, which the cell
    /// waits for), or `failure` when it failed for good. Rebind in the cell's configuration
    /// and call ``ResourceBinding/unbind()`` in `prepareForReuse()`.
    ///
    /// The binding never decodes: binding is a lookup, and showing is an assignment. The
    /// cache holds decoded images, made off the main thread by the preloader's processing
    /// step, at the load's priority, and charged at their decoded size. Decode and
    /// downsample to the cell's pixel size there, with ImageIO:
    ///
    /// ```swift
    /// let images = TieredCache(
    ///   memory: MemoryCache<URL, UIImage>(costLimit: 150_000_000),
    ///   disk: try DiskCache(directory: caches.appending(path: "images")),
    ///   loader: URLSessionLoader(), diskKey: { $0.absoluteString },
    ///   process: { data, _ in try Thumbnail.decode(data, maxPixelSize: 1_290) },
    ///   cost: { $0.cgImage.map { $0.bytesPerRow * $0.height } ?? 0 })
    ///
    /// enum Thumbnail {
    ///   static func decode(_ data: Data, maxPixelSize: Int) throws -> UIImage {
    ///     let options = [
    ///       kCGImageSourceCreateThumbnailFromImageAlways: true,
    ///       kCGImageSourceCreateThumbnailWithTransform: true,
    ///       kCGImageSourceShouldCacheImmediately: true,  // decode now, not at first draw
    ///       kCGImageSourceThumbnailMaxPixelSize: maxPixelSize,
    ///     ] as CFDictionary
    ///     guard
    ///       let source = CGImageSourceCreateWithData(
    ///         data as CFData, [kCGImageSourceShouldCache: false] as CFDictionary),
    ///       let image = CGImageSourceCreateThumbnailAtIndex(source, 0, options)
    ///     else { throw CocoaError(.fileReadCorruptFile) }
    ///     return UIImage(cgImage: image)
    ///   }
    /// }
    ///
    /// // The cell:
    /// binding.bind(post, to: preloader, in: cell.imageView)
    /// ```
    ///
    /// Give the preloader `ListPreloader(configuration:pages:cache:resourceKey:itemLength:size:)`
    /// with `images` and the same cost, or pass `process:` and `cost:` to
    /// `ListPreloader(configuration:pages:loader:process:transferredBytes:cost:cache:resourceKey:itemLength:)`
    /// with a `MemoryCache`.
    ///
    /// - Parameters:
    ///   - item: The cell's item.
    ///   - preloader: The list's preloader, whose cache holds decoded images.
    ///   - imageView: Where to show the image; not retained.
    ///   - placeholder: What to show while there is no image.
    ///   - failure: What to show when the load failed for good; `placeholder` unless given.
    ///   - priority: The request's priority; `.visible` for a cell on screen.
    public func bind(
      _ item: Item, to preloader: ListPreloader<Item, Key, UIImage>, in imageView: UIImageView,
      placeholder: UIImage? = nil, failure: UIImage? = nil, priority: LoadPriority = .visible
    ) {
      bind(item, to: preloader, priority: priority) { [weak imageView] state in
        switch state {
        case .placeholder: imageView?.image = placeholder
        case .failed: imageView?.image = failure ?? placeholder
        case .loaded(let image): imageView?.image = image
        }
      }
    }
  }
#endif
