import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// How far a range extends beyond the viewport, in screenfuls (viewport lengths).
///
/// The leading buffer lies ahead of the scroll direction, the trailing buffer behind
/// it (Texture's `ASRangeTuningParameters`).
public struct RangeTuning: Sendable, Hashable, CustomStringConvertible {
  /// Screenfuls ahead of the viewport in the scroll direction.
  public var leadingScreenfuls: CGFloat
  /// Screenfuls behind the viewport.
  public var trailingScreenfuls: CGFloat

  /// Creates a tuning; both buffers must be finite and non-negative.
  public init(leadingScreenfuls: CGFloat, trailingScreenfuls: CGFloat) {
    GeometryCheck.length(leadingScreenfuls, "leadingScreenfuls")
    GeometryCheck.length(trailingScreenfuls, "trailingScreenfuls")
    self.leadingScreenfuls = leadingScreenfuls
    self.trailingScreenfuls = trailingScreenfuls
  }

  /// No buffer at all: the range is the viewport.
  public static let zero = RangeTuning(leadingScreenfuls: 0, trailingScreenfuls: 0)

  /// A textual form such as `2.5/1.5`.
  public var description: String { "\(leadingScreenfuls)/\(trailingScreenfuls)" }
}

/// The tuning of every range kind in every range mode.
///
/// ```swift
/// var tuning = RangeTuningTable.texture
/// tuning[.full, .preload] = RangeTuning(leadingScreenfuls: 4, trailingScreenfuls: 1)
/// ```
public struct RangeTuningTable: Sendable, Hashable {
  /// One entry per (mode, kind), at `mode.tableIndex * 2 + kind.tableIndex`.
  private var entries: [RangeTuning]

  /// Creates a table in which every mode and kind has the same tuning.
  public init(uniform tuning: RangeTuning = .zero) {
    entries = Array(repeating: tuning, count: RangeMode.allCases.count * RangeKind.allCases.count)
  }

  /// Texture's default tuning (leading / trailing screenfuls):
  ///
  /// | mode | display | preload |
  /// |---|---|---|
  /// | minimum | 0.25 / 0.25 | 0.5 / 0.25 |
  /// | full | 1.0 / 0.5 | 2.5 / 1.5 |
  /// | visibleOnly | 0 / 0 | 0 / 0 |
  /// | lowMemory | 0 / 0 (and no display range) | 0 / 0 |
  public static let texture: RangeTuningTable = {
    var table = RangeTuningTable()
    table[.minimum, .display] = RangeTuning(leadingScreenfuls: 0.25, trailingScreenfuls: 0.25)
    table[.minimum, .preload] = RangeTuning(leadingScreenfuls: 0.5, trailingScreenfuls: 0.25)
    table[.full, .display] = RangeTuning(leadingScreenfuls: 1.0, trailingScreenfuls: 0.5)
    table[.full, .preload] = RangeTuning(leadingScreenfuls: 2.5, trailingScreenfuls: 1.5)
    return table
  }()

  /// The tuning of `kind` in `mode`.
  public subscript(mode: RangeMode, kind: RangeKind) -> RangeTuning {
    get { entries[mode.tableIndex * 2 + kind.tableIndex] }
    set { entries[mode.tableIndex * 2 + kind.tableIndex] = newValue }
  }

  /// The tuning of `kind` in ``RangeMode/full`` — like Texture's setters without a
  /// mode, which read and write the full mode only.
  public subscript(kind: RangeKind) -> RangeTuning {
    get { self[.full, kind] }
    set { self[.full, kind] = newValue }
  }
}

extension RangeMode {
  fileprivate var tableIndex: Int {
    switch self {
    case .minimum: 0
    case .full: 1
    case .visibleOnly: 2
    case .lowMemory: 3
    }
  }
}

extension RangeKind {
  fileprivate var tableIndex: Int {
    switch self {
    case .preload: 0
    case .display: 1
    }
  }
}
