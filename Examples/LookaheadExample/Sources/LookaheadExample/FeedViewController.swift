import Lookahead
import LookaheadUIKit
import UIKit

/// The feed in a collection view: a diffable data source keyed by the posts' ids, a
/// compositional layout of self-sizing cells, and the preloader attached by an adapter.
///
/// Thread-safety: `@MainActor`, like every view controller.
final class FeedViewController: UIViewController {
  private let model: FeedModel
  /// The posts the data source shows, to configure cells by id.
  private var posts = FeedList<FeedPost>()
  private var dataSource: UICollectionViewDiffableDataSource<Int, FeedPost.ID>?
  private var adapter: CollectionViewPreloadAdapter<FeedPost, URL, UIImage>?

  /// Creates the screen of `model`'s feed.
  init(model: FeedModel) {
    self.model = model
    super.init(nibName: nil, bundle: nil)
    title = "UIKit"
  }

  required init?(coder: NSCoder) {
    fatalError("FeedViewController is made in code")
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    let collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: Self.layout())
    collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    view.addSubview(collectionView)

    let preloader = model.preloader
    let cells = UICollectionView.CellRegistration<PostCell, FeedPost.ID> {
      [weak self] cell, _, id in
      guard let self, let index = self.posts.index(ofID: id) else { return }
      cell.show(self.posts[index], from: preloader)
    }
    let dataSource = UICollectionViewDiffableDataSource<Int, FeedPost.ID>(
      collectionView: collectionView
    ) { collectionView, indexPath, id in
      collectionView.dequeueConfiguredReusableCell(using: cells, for: indexPath, item: id)
    }
    self.dataSource = dataSource
    // Positions are the data source's: what the screen shows, not the preloader's list.
    let adapter = CollectionViewPreloadAdapter(
      collectionView: collectionView, dataSource: dataSource, preloader: preloader)
    collectionView.prefetchDataSource = adapter
    self.adapter = adapter

    // Every list change carries the list it produces: apply it as a snapshot.
    let events = preloader.events()
    show(preloader.items)
    Task { [weak self] in
      for await case .listChanged(let change) in events {
        guard let self else { return }
        self.show(change.items)
      }
    }
    preloader.start()
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    // The SwiftUI tab shows the same list and marks it hidden when it disappears.
    model.preloader.setListVisible(true)
  }

  /// Shows `items` as the data source's snapshot.
  private func show(_ items: FeedList<FeedPost>) {
    posts = items
    var snapshot = NSDiffableDataSourceSnapshot<Int, FeedPost.ID>()
    snapshot.appendSections([0])
    snapshot.appendItems(items.map(\.id), toSection: 0)
    dataSource?.apply(snapshot, animatingDifferences: false)
  }

  /// One column of full-width cells, 8 points apart, whose heights the cells give.
  private static func layout() -> UICollectionViewLayout {
    let size = NSCollectionLayoutSize(
      widthDimension: .fractionalWidth(1), heightDimension: .estimated(300))
    let group = NSCollectionLayoutGroup.vertical(
      layoutSize: size, subitems: [NSCollectionLayoutItem(layoutSize: size)])
    let section = NSCollectionLayoutSection(group: group)
    section.interGroupSpacing = 8
    return UICollectionViewCompositionalLayout(section: section)
  }
}

/// A cell that shows a post's image at the post's height: the decoded image from the
/// preloader's cache, a placeholder until it arrives, a symbol if it failed.
///
/// Thread-safety: `@MainActor`, like every view.
final class PostCell: UICollectionViewCell {
  private let imageView = UIImageView(frame: .zero)
  private let binding = ResourceBinding<FeedPost, URL, UIImage>()
  private var height: CGFloat = 300

  override init(frame: CGRect) {
    super.init(frame: frame)
    contentView.backgroundColor = .secondarySystemBackground
    imageView.contentMode = .scaleAspectFill
    imageView.clipsToBounds = true
    contentView.addSubview(imageView)
  }

  required init?(coder: NSCoder) {
    fatalError("PostCell is made in code")
  }

  /// Shows `post`, binding its image.
  func show(_ post: FeedPost, from preloader: FeedModel.Preloader) {
    height = CGFloat(post.height)
    binding.bind(
      post, to: preloader, in: imageView,
      failure: UIImage(systemName: "exclamationmark.triangle"))
  }

  override func prepareForReuse() {
    super.prepareForReuse()
    binding.unbind()
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    imageView.frame = contentView.bounds
  }

  /// The post's height: the layout measures it, and the adapter hands the measured length
  /// to the preloader.
  override func preferredLayoutAttributesFitting(
    _ layoutAttributes: UICollectionViewLayoutAttributes
  ) -> UICollectionViewLayoutAttributes {
    let attributes = super.preferredLayoutAttributesFitting(layoutAttributes)
    attributes.frame.size.height = height
    return attributes
  }
}
