#if canImport(SwiftUI)
  import Lookahead
  import SwiftUI

  extension View {
    /// Drives `preloader` from this scroll container (a `ScrollView` or a `List`).
    ///
    /// From iOS 18 (macOS 15, tvOS 18, watchOS 11, visionOS 2) the container reports its
    /// scroll geometry and phase (`onScrollGeometryChange`, `onScrollPhaseChange`): every
    /// offset is a frame, and drags, flings and the end of decelerations reach the
    /// preloader. The offset and size handed over are those of the visible content: the
    /// container less its content insets (`ScrollGeometry.contentInsets`: bars, safe areas),
    /// so that a `List`'s insets never shift the visible items. The rows marked with
    /// ``lookaheadRow(_:in:)`` report their measured frames, and the preloader resizes the
    /// items whose measured length differs from its estimate (separators and row insets
    /// included), so that its geometry follows what the container lays out.
    ///
    /// Before iOS 18, mark the rows with ``lookaheadRow(_:in:)``: the rows on screen stand
    /// for the viewport, with the preloader's estimated lengths.
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
    /// Thread-safety: a view modifier; main actor.
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
    /// From iOS 18 the row reports its frame in the scroll view (`onGeometryChange`), and
    /// the container measures each row's length from it: from the row's start to the next
    /// row's, so separators, row insets and headers count. Only rows whose length changed
    /// reach the preloader (``ListPreloader/resizeItems(_:)``). The container's geometry
    /// stands for the viewport, and the preloader ignores the rows' appearances.
    ///
    /// Before iOS 18, the rows' appearances (`onAppear`, `onDisappear`) stand for the
    /// viewport.
    ///
    /// Thread-safety: a view modifier; main actor.
    ///
    /// - Parameters:
    ///   - id: The row's item id (`Identifiable.ID`).
    ///   - preloader: The list's preloader.
    /// - Returns: The row, observed.
    public func lookaheadRow<Item: FeedItem, Key: Hashable & Sendable, Resource: Sendable>(
      _ id: Item.ID, in preloader: ListPreloader<Item, Key, Resource>
    ) -> some View {
      modifier(RowModifier(id: id, preloader: preloader))
    }
  }

  /// Reports a scroll container's appearance and, where SwiftUI offers it, its scroll
  /// geometry and phase, and the lengths its rows measured.
  struct ScrollContainerModifier<Item: FeedItem, Key: Hashable & Sendable, Resource: Sendable>:
    ViewModifier
  {
    let preloader: ListPreloader<Item, Key, Resource>
    /// The frames this container's rows report.
    @State private var rows = RowFrames()

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
      let rows = rows
      let axis = preloader.geometry.axis
      return AnyView(
        content
          .environment(\.lookaheadRowFrames, rows)
          .onScrollGeometryChange(for: ScrollSample.self) { geometry in
            ScrollSample(geometry)
          } action: { previous, sample in
            if sample.viewport != previous.viewport {
              preloader.updateScrollView {
                $0.contentOffset = sample.viewport.origin
                $0.viewportSize = sample.viewport.size
              }
            }
            // The rows' frames are compared before the new offset makes them stale.
            let lengths = rows.changedLengths(of: Item.ID.self, axis: axis)
            if !lengths.isEmpty { preloader.resizeItems(lengths) }
            if sample.viewport.origin != previous.viewport.origin { rows.offsetChanged() }
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

  /// What the container reports of its scroll geometry: the visible content, in content
  /// coordinates, and the content's size (a row that resizes at rest changes it).
  ///
  /// A value type; thread-safe.
  struct ScrollSample: Equatable, Sendable {
    /// The visible part of the content: the container less its content insets, at the
    /// content offset moved past the leading and top insets.
    var viewport: CGRect
    /// The size of the content.
    var contentSize: CGSize

    /// The sample of a scroll geometry.
    @available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    init(_ geometry: ScrollGeometry) {
      let insets = geometry.contentInsets
      let offset = geometry.contentOffset
      let size = geometry.containerSize
      viewport = CGRect(
        x: offset.x + insets.leading, y: offset.y + insets.top,
        width: Swift.max(0, size.width - insets.leading - insets.trailing),
        height: Swift.max(0, size.height - insets.top - insets.bottom))
      contentSize = geometry.contentSize
    }
  }

  /// Reports a row's appearances and, where its container reports scroll geometry, its
  /// frame.
  struct RowModifier<Item: FeedItem, Key: Hashable & Sendable, Resource: Sendable>: ViewModifier {
    let id: Item.ID
    let preloader: ListPreloader<Item, Key, Resource>
    @Environment(\.lookaheadRowFrames) private var rows

    func body(content: Content) -> some View {
      measured(content)
        .onAppear { preloader.rowAppeared(id) }
        .onDisappear {
          preloader.rowDisappeared(id)
          rows?.rowLeft(AnyHashable(id))
        }
    }

    /// The row, reporting its frame in the scroll view when the container measures rows.
    private func measured(_ content: Content) -> AnyView {
      guard #available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *),
        let rows
      else { return AnyView(content) }
      let key = AnyHashable(id)
      return AnyView(
        content.onGeometryChange(for: CGRect.self) { proxy in
          proxy.frame(in: .scrollView)
        } action: { frame in
          rows.rowMoved(key, to: frame)
        })
    }
  }
#endif
