/// The performance-target test of `adaptive` against `texture` and the oracle on one trace
/// class (docs/DESIGN.md, "Performance targets").
///
/// - **Never worse** than `texture`: avoidable blank item-frames, bytes and stall ms each
///   at most texture's.
/// - **Clearly better** on one axis: avoidable blank at most 0.5× texture's, or bytes at
///   most 0.85× texture's. Taken literally: when texture has no avoidable blank, adaptive
///   meets the first alternative by having none either.
/// - **Oracle target** (a stretch goal, always reported): blank item-frames at most 1.5× the
///   oracle's and bytes at most 1.3× the oracle's.
///
/// Every comparison is done on integers (or exact doubles for stall time), so a value
/// exactly on a threshold passes. A value type; thread-safe.
public struct AdaptiveVerdict: Sendable, Equatable, Encodable {
  /// `adaptive`'s avoidable blank item-frames.
  public var adaptiveAvoidableBlank: Int
  /// `texture`'s avoidable blank item-frames.
  public var textureAvoidableBlank: Int
  /// `adaptive`'s bytes.
  public var adaptiveBytes: Int
  /// `texture`'s bytes.
  public var textureBytes: Int
  /// `adaptive`'s stall milliseconds.
  public var adaptiveStallMilliseconds: Double
  /// `texture`'s stall milliseconds.
  public var textureStallMilliseconds: Double
  /// `adaptive`'s blank item-frames.
  public var adaptiveBlank: Int
  /// The oracle's blank item-frames.
  public var oracleBlank: Int
  /// The oracle's bytes.
  public var oracleBytes: Int

  /// Avoidable blank ≤ texture's.
  public let isAvoidableBlankNotWorse: Bool
  /// Bytes ≤ texture's.
  public let isBytesNotWorse: Bool
  /// Stall ms ≤ texture's.
  public let isStallNotWorse: Bool
  /// Avoidable blank ≤ 0.5× texture's.
  public let isAvoidableBlankHalved: Bool
  /// Bytes ≤ 0.85× texture's.
  public let isBytesReduced: Bool
  /// Blank item-frames ≤ 1.5× the oracle's.
  public let isBlankWithinOracleTarget: Bool
  /// Bytes ≤ 1.3× the oracle's.
  public let isBytesWithinOracleTarget: Bool

  /// Decides the verdict from the sums of one trace class.
  public init(
    adaptiveAvoidableBlank: Int, textureAvoidableBlank: Int, adaptiveBytes: Int,
    textureBytes: Int, adaptiveStallMilliseconds: Double, textureStallMilliseconds: Double,
    adaptiveBlank: Int, oracleBlank: Int, oracleBytes: Int
  ) {
    self.adaptiveAvoidableBlank = adaptiveAvoidableBlank
    self.textureAvoidableBlank = textureAvoidableBlank
    self.adaptiveBytes = adaptiveBytes
    self.textureBytes = textureBytes
    self.adaptiveStallMilliseconds = adaptiveStallMilliseconds
    self.textureStallMilliseconds = textureStallMilliseconds
    self.adaptiveBlank = adaptiveBlank
    self.oracleBlank = oracleBlank
    self.oracleBytes = oracleBytes
    isAvoidableBlankNotWorse = adaptiveAvoidableBlank <= textureAvoidableBlank
    isBytesNotWorse = adaptiveBytes <= textureBytes
    isStallNotWorse = adaptiveStallMilliseconds <= textureStallMilliseconds
    // Integer forms of a ≤ 0.5·t, a ≤ 0.85·t, a ≤ 1.5·o and a ≤ 1.3·o: exact on the boundary.
    isAvoidableBlankHalved = 2 * adaptiveAvoidableBlank <= textureAvoidableBlank
    isBytesReduced = 20 * adaptiveBytes <= 17 * textureBytes
    isBlankWithinOracleTarget = 2 * adaptiveBlank <= 3 * oracleBlank
    isBytesWithinOracleTarget = 10 * adaptiveBytes <= 13 * oracleBytes
  }

  /// The verdict from a class's rows, or `nil` when `adaptive`, `texture` or `oracle` is
  /// missing or avoidable blank is unknown.
  ///
  /// - Complexity: O(n) in the number of rows.
  public static func evaluate(rows: [StrategyAggregate]) -> AdaptiveVerdict? {
    func row(_ strategy: String) -> StrategyAggregate? { rows.first { $0.strategy == strategy } }
    guard let adaptive = row(Comparison.adaptiveStrategy),
      let texture = row(Comparison.textureStrategy), let oracle = row(Comparison.oracleStrategy),
      let adaptiveAvoidable = adaptive.avoidableBlankItemFrames,
      let textureAvoidable = texture.avoidableBlankItemFrames
    else { return nil }
    return AdaptiveVerdict(
      adaptiveAvoidableBlank: adaptiveAvoidable, textureAvoidableBlank: textureAvoidable,
      adaptiveBytes: adaptive.bytes, textureBytes: texture.bytes,
      adaptiveStallMilliseconds: adaptive.stallMilliseconds,
      textureStallMilliseconds: texture.stallMilliseconds, adaptiveBlank: adaptive.blankItemFrames,
      oracleBlank: oracle.blankItemFrames, oracleBytes: oracle.bytes)
  }

  /// Avoidable blank, bytes and stall ms all at most texture's.
  public var isNeverWorse: Bool { isAvoidableBlankNotWorse && isBytesNotWorse && isStallNotWorse }

  /// Avoidable blank halved or bytes cut to 0.85×.
  public var isClearlyBetter: Bool { isAvoidableBlankHalved || isBytesReduced }

  /// The performance-target test against texture: never worse and clearly better.
  public var passesTextureTest: Bool { isNeverWorse && isClearlyBetter }

  /// The stretch goal against the oracle: blank ≤ 1.5× and bytes ≤ 1.3×.
  public var meetsOracleTarget: Bool { isBlankWithinOracleTarget && isBytesWithinOracleTarget }

  /// The stable JSON keys (the inputs, each decision, and the overall results).
  enum CodingKeys: String, CodingKey {
    case adaptiveAvoidableBlank = "adaptive_avoidable_blank_item_frames"
    case textureAvoidableBlank = "texture_avoidable_blank_item_frames"
    case adaptiveBytes = "adaptive_bytes"
    case textureBytes = "texture_bytes"
    case adaptiveStallMilliseconds = "adaptive_stall_ms"
    case textureStallMilliseconds = "texture_stall_ms"
    case adaptiveBlank = "adaptive_blank_item_frames"
    case oracleBlank = "oracle_blank_item_frames"
    case oracleBytes = "oracle_bytes"
    case isAvoidableBlankNotWorse = "avoidable_blank_not_worse"
    case isBytesNotWorse = "bytes_not_worse"
    case isStallNotWorse = "stall_not_worse"
    case isAvoidableBlankHalved = "avoidable_blank_halved"
    case isBytesReduced = "bytes_reduced"
    case isBlankWithinOracleTarget = "blank_within_oracle_target"
    case isBytesWithinOracleTarget = "bytes_within_oracle_target"
    case isNeverWorse = "never_worse"
    case isClearlyBetter = "clearly_better"
    case passesTextureTest = "passes_texture_test"
    case meetsOracleTarget = "meets_oracle_target"
  }

  /// Encodes the inputs and every decision.
  ///
  /// - Throws: whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(adaptiveAvoidableBlank, forKey: .adaptiveAvoidableBlank)
    try container.encode(textureAvoidableBlank, forKey: .textureAvoidableBlank)
    try container.encode(adaptiveBytes, forKey: .adaptiveBytes)
    try container.encode(textureBytes, forKey: .textureBytes)
    try container.encode(adaptiveStallMilliseconds, forKey: .adaptiveStallMilliseconds)
    try container.encode(textureStallMilliseconds, forKey: .textureStallMilliseconds)
    try container.encode(adaptiveBlank, forKey: .adaptiveBlank)
    try container.encode(oracleBlank, forKey: .oracleBlank)
    try container.encode(oracleBytes, forKey: .oracleBytes)
    try container.encode(isAvoidableBlankNotWorse, forKey: .isAvoidableBlankNotWorse)
    try container.encode(isBytesNotWorse, forKey: .isBytesNotWorse)
    try container.encode(isStallNotWorse, forKey: .isStallNotWorse)
    try container.encode(isAvoidableBlankHalved, forKey: .isAvoidableBlankHalved)
    try container.encode(isBytesReduced, forKey: .isBytesReduced)
    try container.encode(isBlankWithinOracleTarget, forKey: .isBlankWithinOracleTarget)
    try container.encode(isBytesWithinOracleTarget, forKey: .isBytesWithinOracleTarget)
    try container.encode(isNeverWorse, forKey: .isNeverWorse)
    try container.encode(isClearlyBetter, forKey: .isClearlyBetter)
    try container.encode(passesTextureTest, forKey: .passesTextureTest)
    try container.encode(meetsOracleTarget, forKey: .meetsOracleTarget)
  }
}
