import Foundation

/// A document read from a ``KeyValueStore`` with its identifier and timestamps.
public struct KeyValueItem<Value> {
  /// The document's identifier within its table.
  public var id: String
  /// The decoded document.
  public var value: Value
  /// When the document was first put; replacing it keeps this date.
  public var createdAt: Date
  /// When the document was last put.
  public var updatedAt: Date

  /// Creates an item.
  public init(id: String, value: Value, createdAt: Date, updatedAt: Date) {
    self.id = id
    self.value = value
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }
}

extension KeyValueItem: Sendable where Value: Sendable {}
extension KeyValueItem: Equatable where Value: Equatable {}
