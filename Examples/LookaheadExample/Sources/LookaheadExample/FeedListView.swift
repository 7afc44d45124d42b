import Lookahead
import LookaheadSwiftUI
import SwiftUI
import UIKit

/// The feed in a SwiftUI list: the container drives the preloader, each row reports its
/// measured frame and shows its image from the preloader's cache.
///
/// Thread-safety: a SwiftUI view; main actor.
struct FeedListView: View {
  let model: FeedModel
  /// The posts the list shows: the list of the preloader's last change.
  @State private var posts = FeedList<FeedPost>()

  var body: some View {
    List(posts) { post in
      PostRow(post: post, preloader: model.preloader)
    }
    .lookahead(model.preloader)
    .task {
      let events = model.preloader.events()
      posts = model.preloader.items
      for await case .listChanged(let change) in events {
        posts = change.items
      }
    }
  }
}

/// A row of the list: the post's image at the post's height.
///
/// Thread-safety: a SwiftUI view; main actor.
struct PostRow: View {
  let post: FeedPost
  let preloader: FeedModel.Preloader

  var body: some View {
    LookaheadImage(post, in: preloader) { state in
      switch state {
      case .loaded(let image):
        Image(uiImage: image).resizable().scaledToFill()
      case .failed:
        Image(systemName: "exclamationmark.triangle")
      case .placeholder:
        Color.gray.opacity(0.2)
      }
    }
    .frame(height: CGFloat(post.height))
    .clipped()
    .lookaheadRow(post.id, in: preloader)
  }
}
