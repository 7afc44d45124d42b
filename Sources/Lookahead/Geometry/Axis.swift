import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// The direction along which a list scrolls.
public enum Axis: Sendable, Hashable, CaseIterable {
  /// Content scrolls up and down; item lengths are heights.
  case vertical
  /// Content scrolls left and right; item lengths are widths.
  case horizontal

  /// The other axis.
  package var cross: Axis {
    switch self {
    case .vertical: .horizontal
    case .horizontal: .vertical
    }
  }

  /// The component of `point` along this axis.
  @inlinable
  package func offset(of point: CGPoint) -> CGFloat {
    self == .vertical ? point.y : point.x
  }

  /// The extent of `size` along this axis.
  @inlinable
  public func length(of size: CGSize) -> CGFloat {
    self == .vertical ? size.height : size.width
  }

  /// The smallest coordinate of `rect` along this axis.
  @inlinable
  public func minimum(of rect: CGRect) -> CGFloat {
    self == .vertical ? rect.minY : rect.minX
  }

  /// The largest coordinate of `rect` along this axis.
  @inlinable
  package func maximum(of rect: CGRect) -> CGFloat {
    self == .vertical ? rect.maxY : rect.maxX
  }

  /// A rectangle spanning `span` along this axis and `cross` across it.
  @inlinable
  package func rect(span: AxisSpan, cross: AxisSpan) -> CGRect {
    switch self {
    case .vertical:
      CGRect(x: cross.lowerBound, y: span.lowerBound, width: cross.length, height: span.length)
    case .horizontal:
      CGRect(x: span.lowerBound, y: cross.lowerBound, width: span.length, height: cross.length)
    }
  }

  /// The span of `rect` along this axis.
  @inlinable
  public func span(of rect: CGRect) -> AxisSpan {
    AxisSpan(minimum(of: rect), maximum(of: rect))
  }
}

/// A one-dimensional interval `[lowerBound, upperBound)` along an axis, in points.
///
/// Unlike `Range`, a span may be empty or even inverted (an expanded range can be
/// expanded by a negative amount); an inverted span contains nothing.
@frozen
public struct AxisSpan: Sendable, Hashable, CustomStringConvertible {
  /// The start of the span.
  public var lowerBound: CGFloat
  /// The end of the span (exclusive).
  public var upperBound: CGFloat

  /// Creates a span from `lowerBound` to `upperBound`.
  @inlinable
  public init(_ lowerBound: CGFloat, _ upperBound: CGFloat) {
    self.lowerBound = lowerBound
    self.upperBound = upperBound
  }

  /// The length of the span; zero when it is empty or inverted.
  @inlinable
  public var length: CGFloat { Swift.max(0, upperBound - lowerBound) }

  /// Whether the span overlaps `other` by a positive length.
  @inlinable
  public func overlaps(_ other: AxisSpan) -> Bool {
    lowerBound < other.upperBound && other.lowerBound < upperBound
      && lowerBound < upperBound && other.lowerBound < other.upperBound
  }

  /// The distance between the two spans along the axis, zero if they overlap or touch.
  @inlinable
  func distance(to other: AxisSpan) -> CGFloat {
    if other.upperBound <= lowerBound { return lowerBound - other.upperBound }
    if other.lowerBound >= upperBound { return other.lowerBound - upperBound }
    return 0
  }

  /// A textual form such as `[10.0, 20.0)`.
  public var description: String { "[\(lowerBound), \(upperBound))" }
}
