/// Reads the fields of one JSON object of a world description: names every field by its
/// JSON path in errors, rejects unknown fields, and lets missing (or `null`) fields take a
/// default.
struct FieldReader<Key: CodingKey & CaseIterable> {
  private let container: KeyedDecodingContainer<Key>
  private let path: String

  /// Opens the object `decoder` holds.
  ///
  /// - Throws: ``WorldError`` when the value is not an object or has a field `Key` does
  ///   not name.
  init(_ decoder: any Decoder, path: String) throws(WorldError) {
    let what = path.isEmpty ? "the world" : path
    do {
      let any = try decoder.container(keyedBy: AnyKey.self)
      let known = Set(Key.allCases.map(\.stringValue))
      if let unknown = any.allKeys.map(\.stringValue).sorted().first(where: {
        !known.contains($0)
      }) {
        throw WorldError.unknownField(path.isEmpty ? unknown : "\(path).\(unknown)")
      }
      container = try decoder.container(keyedBy: Key.self)
    } catch let error as WorldError {
      throw error
    } catch {
      throw WorldError(field: what, problem: "must be a JSON object")
    }
    self.path = path
  }

  /// The JSON path of `key`.
  func field(_ key: Key) -> String {
    path.isEmpty ? key.stringValue : "\(path).\(key.stringValue)"
  }

  /// A number, or `fallback` when the field is missing.
  func double(_ key: Key, default fallback: Double) throws(WorldError) -> Double {
    do {
      return try container.decodeIfPresent(Double.self, forKey: key) ?? fallback
    } catch {
      throw WorldError(field: field(key), problem: "must be a number")
    }
  }

  /// A whole number, or `fallback` when the field is missing.
  func int(_ key: Key, default fallback: Int) throws(WorldError) -> Int {
    do {
      return try container.decodeIfPresent(Int.self, forKey: key) ?? fallback
    } catch {
      throw WorldError(field: field(key), problem: "must be a whole number")
    }
  }

  /// A string, or `fallback` when the field is missing.
  func string(_ key: Key, default fallback: String) throws(WorldError) -> String {
    do {
      return try container.decodeIfPresent(String.self, forKey: key) ?? fallback
    } catch {
      throw WorldError(field: field(key), problem: "must be a string")
    }
  }

  /// A nested object read by `read`, or `fallback` when the field is missing.
  func object<Value, Nested>(
    _ key: Key, default fallback: Value,
    read: (FieldReader<Nested>) throws(WorldError) -> Value
  ) throws(WorldError) -> Value {
    let isNull: Bool
    do {
      guard container.contains(key) else { return fallback }
      isNull = try container.decodeNil(forKey: key)
    } catch {
      throw WorldError(field: field(key), problem: "must be a JSON object")
    }
    if isNull { return fallback }
    let nested: any Decoder
    do {
      nested = try container.superDecoder(forKey: key)
    } catch {
      throw WorldError(field: field(key), problem: "must be a JSON object")
    }
    return try read(FieldReader<Nested>(nested, path: field(key)))
  }

  /// Throws when one of `keys` is present: it does not belong with the other fields.
  func reject(_ keys: [Key], because reason: String) throws(WorldError) {
    if let present = keys.first(where: container.contains) {
      throw WorldError(field: field(present), problem: reason)
    }
  }
}

/// Any key of a JSON object, for finding unknown fields.
private struct AnyKey: CodingKey {
  let stringValue: String
  let intValue: Int? = nil

  init(stringValue: String) {
    self.stringValue = stringValue
  }

  init?(intValue: Int) {
    return nil
  }
}
