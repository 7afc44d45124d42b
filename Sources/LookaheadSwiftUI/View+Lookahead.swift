#if canImport(SwiftUI)
  import Lookahead
  import SwiftUI

  extension View {
    /// Drives `preloader` from this scroll container (a `ScrollView` or a `List`).
    ///
    /// From iOS 18 (macOS 15, tvOS 18, watchOS 11, visionOS 2) the container reports
    /// its scroll geometry and phase (`onScrollGeometryChange`, `onScrollPhaseChange`):
    /// every offset is a frame, and drags, flings and the end of decelerations reach the
    /// preloader. Before, mark the rows with ``lookaheadRow(_:in:)``: the rows on screen
    /// stand for the viewport.
    ///
    /// On appearance the first page is asked for (once: ``ListPreloader/start()`` does
    /// nothing when the list has items or a page is loading) and the list counts as on
    /// screen; on disappearance (another screen covers it) only what is visible keeps
    /// loading.
    ///
    /// The preloader belongs to the model: create it once, outside the view, and pass
    /// it in. A preloader created in a view's `onAppear` or body is released with the
    /// view, and releasing it cancels every load.
    ///
    /// - Parameter preloader: The list's preloader.
    /// - Returns: The container, observed.
    public func lookahead<Item: FeedItem, Key: Hashable & Sendable, Resource: Sendable>(
      _ preloader: ListPreloader<Item, Key, Resource>
    ) -> some View {
      modifier(ScrollContainerModifier(preloader: preloader))
    }

    /// Marks a row of a list driven by ``lookahead(_:)``, keyed by its item's id.
    ///
    /// Before iOS 18, the rows' appearances stand for the viewport; from iOS 18 the
    /// container's geometry does, and the preloader ignores rows.
    ///
    /// - Parameters:
    ///   - id: The row's item id (`Identifiable.ID`).
    ///   - preloader: The list's preloader.
    /// - Returns: The row, observed.
    public func lookaheadRow<Item: FeedItem, Key: Hashable & Sendable, Resource: Sendable>(
      _ id: Item.ID, in preloader: ListPreloader<Item, Key, Resource>
    ) -> some View {
      onAppear { preloader.rowAppeared(id) }
        .onDisappear { preloader.rowDisappeared(id) }
    }
  }

  /// Reports a scroll container's appearance and, where SwiftUI offers it, its scroll
  /// geometry and phase.
  struct ScrollContainerModifier<Item: FeedItem, Key: Hashable & Sendable, Resource: Sendable>:
    ViewModifier
  {
    let preloader: ListPreloader<Item, Key, Resource>

    func body(content: Content) -> some View {
      observingScroll(content)
        .onAppear {
          preloader.start()
          preloader.setListVisible(true)
        }
        .onDisappear { preloader.setListVisible(false) }
    }

    /// The container with scroll observation where the platform has it; the rows stand
    /// for the viewport elsewhere.
    private func observingScroll(_ content: Content) -> AnyView {
      guard #available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else {
        return AnyView(content)
      }
      let preloader = preloader
      return AnyView(
        content
          .onScrollGeometryChange(for: CGRect.self) { geometry in
            CGRect(origin: geometry.contentOffset, size: geometry.containerSize)
          } action: { _, viewport in
            preloader.updateScrollView {
              $0.contentOffset = viewport.origin
              $0.viewportSize = viewport.size
            }
          }
          .onScrollPhaseChange { _, phase, context in
            let velocity = context.velocity ?? CGVector(dx: 0, dy: 0)
            preloader.updateScrollView {
              $0.isDragging = phase == .interacting
              $0.isDecelerating = phase == .decelerating
              $0.velocity = CGPoint(x: velocity.dx, y: velocity.dy)
            }
          })
    }
  }
#endif
