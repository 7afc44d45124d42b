#if canImport(SwiftUI)
  import Lookahead
  import SwiftUI

  /// The frames the rows of one scroll container report (``SwiftUI/View/lookaheadRow(_:in:)``),
  /// turned into the lengths the preloader's geometry needs, of the rows whose layout
  /// changed.
  ///
  /// Rows report their frames in the scroll view's coordinate space, which moves with every
  /// scroll, so frames are compared only within one *epoch*: between two offsets the
  /// container reported. SwiftUI delivers the geometry changes of one update together, so
  /// the rows that moved with an offset share an epoch, and the difference between two of
  /// them is exact whatever the offset: a row reaches from its start to the next row's start
  /// (separators, insets and headers between rows included), rows that share a start share
  /// their row, as in the preloader's measured layouts. The last row on screen has no next
  /// row yet and is measured when one appears.
  ///
  /// Thread-safety: `@MainActor`; one per scroll container.
  @MainActor
  final class RowFrames {
    private var rows: [AnyHashable: (frame: CGRect, epoch: UInt64)] = [:]
    private var sent: [AnyHashable: CGFloat] = [:]
    private var epoch: UInt64 = 0

    /// A row's frame in the scroll view's coordinate space changed.
    ///
    /// - Parameters:
    ///   - id: The row's item id.
    ///   - frame: Its frame.
    func rowMoved(_ id: AnyHashable, to frame: CGRect) {
      rows[id] = (frame, epoch)
    }

    /// A row left the screen: its frame is forgotten.
    ///
    /// - Parameter id: The row's item id.
    func rowLeft(_ id: AnyHashable) {
      rows[id] = nil
      sent[id] = nil
    }

    /// The container reported a new content offset: frames reported from now on are not
    /// comparable with earlier ones.
    func offsetChanged() {
      epoch &+= 1
    }

    /// The lengths along `axis` of the rows on screen whose layout changed since they were
    /// last returned.
    ///
    /// - Parameters:
    ///   - id: The type of the items' ids.
    ///   - axis: The scrolling axis.
    /// - Returns: The rows and their lengths.
    /// - Complexity: O(*r* log *r*) for *r* rows on screen.
    func changedLengths<ID: Hashable & Sendable>(of id: ID.Type, axis: Lookahead.Axis) -> [(
      id: ID, length: CGFloat
    )] {
      var frames: [(id: ID, frame: CGRect, epoch: UInt64)] = []
      frames.reserveCapacity(rows.count)
      for (key, row) in rows {
        if let id = key.base as? ID { frames.append((id, row.frame, row.epoch)) }
      }
      frames.sort { axis.minimum(of: $0.frame) < axis.minimum(of: $1.frame) }
      var changes: [(id: ID, length: CGFloat)] = []
      var first = 0
      while first < frames.count {
        // A run of rows reported in the same epoch; its last row only bounds the others.
        var end = first + 1
        while end < frames.count && frames[end].epoch == frames[first].epoch { end += 1 }
        let run = frames[first..<end]
        if let last = run.last {
          let bound = axis.minimum(of: last.frame)
          let measured = run.dropLast().filter { axis.minimum(of: $0.frame) < bound }
          let lengths = ListLayout.foldedLengths(
            ofMeasuredSpans: measured.map { axis.span(of: $0.frame) }, from: nil, to: bound)
          for (id, length) in zip(measured.lazy.map(\.id), lengths) where sent[id] != length {
            sent[id] = length
            changes.append((id, length))
          }
        }
        first = end
      }
      return changes
    }
  }

  /// The environment key of the row frames of the innermost container driven by
  /// ``SwiftUI/View/lookahead(_:)``.
  private struct RowFramesKey: EnvironmentKey {
    static var defaultValue: RowFrames? { nil }
  }

  extension EnvironmentValues {
    /// Where the rows of the innermost container driven by ``SwiftUI/View/lookahead(_:)``
    /// report their frames; `nil` outside one, or where the container reports no scroll
    /// geometry.
    var lookaheadRowFrames: RowFrames? {
      get { self[RowFramesKey.self] }
      set { self[RowFramesKey.self] = newValue }
    }
  }
#endif
