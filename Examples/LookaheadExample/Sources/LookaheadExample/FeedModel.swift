import Foundation
import ImageIO
import Lookahead
import LookaheadStore
import UIKit

/// The app's model: the feed's one list preloader, shared by the UIKit and the SwiftUI tab.
///
/// Images live in one place, the preloader's cache: a memory tier of decoded images,
/// charged at their decoded size, over a disk tier of the bytes as they came. The
/// preloader decodes and downsamples each image off the main thread, at its load's
/// priority; cells only look the decoded image up.
///
/// Thread-safety: `Sendable`; the preloader is thread-safe.
final class FeedModel: Sendable {
  /// The preloader of the feed's posts and their images.
  typealias Preloader = ListPreloader<FeedPost, URL, UIImage>

  /// Where `lookahead-live serve` listens by default. The iOS simulator reaches the Mac's
  /// loopback address; App Transport Security lets plain HTTP through to IP addresses.
  static let defaultServer = URL(string: "http://127.0.0.1:8080")!

  /// The feed's preloader.
  let preloader: Preloader

  /// Creates the model and opens the image cache.
  ///
  /// - Parameter server: The feed server's base URL.
  /// - Throws: The disk cache's error when its folder cannot be opened.
  init(server: URL = FeedModel.defaultServer) throws {
    let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
    let images = TieredCache(
      memory: MemoryCache<URL, UIImage>(costLimit: 150_000_000),
      disk: try DiskCache(
        directory: caches.appendingPathComponent("LookaheadExample/Images", isDirectory: true)),
      loader: URLSessionLoader(), diskKey: { $0.absoluteString },
      process: { data, _ in Thumbnail.decode(data, maxPixelSize: Thumbnail.maxPixelSize) },
      cost: { Thumbnail.cost(of: $0) })
    preloader = Preloader(
      // The adapters report the real viewport at every frame.
      configuration: ListPreloaderConfiguration(viewportSize: CGSize(width: 390, height: 844)),
      pages: FeedPages(server: server), cache: images,
      resourceKey: { $0.image }, itemLength: { CGFloat($0.height) },
      size: { Thumbnail.cost(of: $0) })
  }
}

/// Decodes the feed's images for the cache, off the main thread.
///
/// A namespace of pure functions; thread-safe.
enum Thumbnail {
  /// The longest side of a decoded image, in pixels: posts are as wide as the screen, and
  /// the widest iPhone screen is 1,290 pixels wide.
  static let maxPixelSize = 1_290

  /// Decodes `data` and downsamples it to at most `maxPixelSize` pixels on its longest
  /// side, decoded now rather than at its first draw.
  ///
  /// The feed server serves bytes, not pictures (their content is what the simulator
  /// charges for); those become a swatch of the same pixel size, coloured by the bytes. A
  /// real app throws there, and the preloader reports the image as failed.
  ///
  /// - Parameters:
  ///   - data: The bytes as loaded.
  ///   - maxPixelSize: The longest side, in pixels.
  /// - Returns: The decoded image.
  static func decode(_ data: Data, maxPixelSize: Int) -> UIImage {
    let options =
      [
        kCGImageSourceCreateThumbnailFromImageAlways: true,
        kCGImageSourceCreateThumbnailWithTransform: true,
        kCGImageSourceShouldCacheImmediately: true,
        kCGImageSourceThumbnailMaxPixelSize: maxPixelSize,
      ] as CFDictionary
    if let source = CGImageSourceCreateWithData(
      data as CFData, [kCGImageSourceShouldCache: false] as CFDictionary),
      let image = CGImageSourceCreateThumbnailAtIndex(source, 0, options)
    {
      return UIImage(cgImage: image)
    }
    return swatch(of: data, width: maxPixelSize)
  }

  /// An image's cost in the memory tier: its decoded bytes.
  ///
  /// - Parameter image: A decoded image.
  /// - Returns: Its bytes per row times its height.
  static func cost(of image: UIImage) -> Int {
    image.cgImage.map { $0.bytesPerRow * $0.height } ?? 0
  }

  /// A plain 3:2 image `width` pixels wide, in a colour taken from the bytes.
  private static func swatch(of data: Data, width: Int) -> UIImage {
    let size = CGSize(width: width, height: width * 2 / 3)
    let format = UIGraphicsImageRendererFormat()
    format.scale = 1
    let hue = CGFloat(data.first ?? 0) / 255
    return UIGraphicsImageRenderer(size: size, format: format).image { context in
      UIColor(hue: hue, saturation: 0.45, brightness: 0.9, alpha: 1).setFill()
      context.fill(CGRect(origin: .zero, size: size))
    }
  }
}
