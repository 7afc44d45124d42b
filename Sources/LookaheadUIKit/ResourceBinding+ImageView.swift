#if canImport(UIKit) && !os(watchOS)
  import Lookahead
  import UIKit

  extension ResourceBinding {
    /// Binds `item`'s resource to an image view: the cached image is shown at once,
    /// otherwise `placeholder` until a load of it ends (the strategy's, which the cell
    /// waits for), or `failure` when it failed for good. Rebind in the cell's
    /// configuration and call ``ResourceBinding/unbind()`` in `prepareForReuse()`.
    ///
    /// ```swift
    /// binding.bind(post, to: preloader, in: cell.imageView) { UIImage(data: $0) }
    /// ```
    ///
    /// - Parameters:
    ///   - item: The cell's item.
    ///   - preloader: The list's preloader.
    ///   - imageView: Where to show the image; not retained.
    ///   - placeholder: What to show while there is no image.
    ///   - failure: What to show when the load failed for good; `placeholder` unless given.
    ///   - priority: The request's priority; `.visible` for a cell on screen.
    ///   - image: Makes an image of a resource.
    public func bind(
      _ item: Item, to preloader: ListPreloader<Item, Key, Resource>, in imageView: UIImageView,
      placeholder: UIImage? = nil, failure: UIImage? = nil, priority: LoadPriority = .visible,
      image: @escaping @MainActor (Resource) -> UIImage?
    ) {
      bind(item, to: preloader, priority: priority) { [weak imageView] state in
        switch state {
        case .placeholder: imageView?.image = placeholder
        case .failed: imageView?.image = failure ?? placeholder
        case .loaded(let resource): imageView?.image = image(resource) ?? placeholder
        }
      }
    }
  }
#endif
