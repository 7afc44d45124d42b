import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// What a scroll view shows and how the user moves it, read without taking its
/// delegate: the content offset, the visible size, whether a finger drags the content
/// and whether it decelerates after a fling.
///
/// Adapters read it on every change they can observe (the content offset, the pan
/// gesture's state, the phase of a SwiftUI scroll view) and hand it to
/// ``ListPreloader/scrollViewChanged(_:)``; the state machine turns the differences
/// between successive states into scroll samples and drag and deceleration events.
///
/// A value type; thread-safe.
public struct ScrollViewState: Sendable, Equatable {
  /// The content offset: the visible rectangle's origin in content coordinates.
  public var contentOffset: CGPoint
  /// The size of the visible rectangle.
  public var viewportSize: CGSize
  /// Whether a finger drags the content (a pan gesture that began and has not ended).
  public var isDragging: Bool
  /// Whether the content is decelerating after a fling.
  public var isDecelerating: Bool
  /// The content's velocity in points per second, positive when the offset grows;
  /// read when a drag ends to tell a fling (non-zero) from a release at rest. A pan
  /// gesture's velocity has the opposite sign: the finger moves up to scroll down.
  public var velocity: CGPoint

  /// Creates a state.
  ///
  /// - Parameters:
  ///   - contentOffset: The content offset; finite.
  ///   - viewportSize: The visible size; finite and non-negative.
  ///   - isDragging: Whether a finger drags the content.
  ///   - isDecelerating: Whether the content decelerates after a fling.
  ///   - velocity: The content's velocity in points per second.
  public init(
    contentOffset: CGPoint, viewportSize: CGSize, isDragging: Bool = false,
    isDecelerating: Bool = false, velocity: CGPoint = .zero
  ) {
    self.contentOffset = contentOffset
    self.viewportSize = viewportSize
    self.isDragging = isDragging
    self.isDecelerating = isDecelerating
    self.velocity = velocity
  }
}

// Written by hand: CGPoint and CGSize are Hashable only from iOS 18 and macOS 15.
extension ScrollViewState: Hashable {
  /// Hashes the offset, size and velocity by their components, and both flags.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(contentOffset.x)
    hasher.combine(contentOffset.y)
    hasher.combine(viewportSize.width)
    hasher.combine(viewportSize.height)
    hasher.combine(isDragging)
    hasher.combine(isDecelerating)
    hasher.combine(velocity.x)
    hasher.combine(velocity.y)
  }
}
