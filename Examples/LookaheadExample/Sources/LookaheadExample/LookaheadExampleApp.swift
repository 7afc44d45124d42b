import SwiftUI
import UIKit

/// The example app: one feed, shown by a SwiftUI list and a UIKit collection view over the
/// same model and its one preloader.
@main
struct LookaheadExampleApp: App {
  /// The model of both tabs.
  private let model: FeedModel

  init() {
    do {
      model = try FeedModel()
    } catch {
      fatalError("Cannot open the image cache: \(error)")
    }
  }

  var body: some Scene {
    WindowGroup {
      TabView {
        FeedListView(model: model)
          .tabItem { Label("SwiftUI", systemImage: "swift") }
        FeedControllerView(model: model)
          .tabItem { Label("UIKit", systemImage: "square.grid.2x2") }
      }
    }
  }
}

/// The UIKit feed, in the SwiftUI tab view.
///
/// Thread-safety: a SwiftUI view; main actor.
struct FeedControllerView: UIViewControllerRepresentable {
  let model: FeedModel

  func makeUIViewController(context: Context) -> FeedViewController {
    FeedViewController(model: model)
  }

  func updateUIViewController(_ controller: FeedViewController, context: Context) {}
}
