import Foundation
@_spi(Simulation) import Lookahead
import LookaheadSimulation

/// Which responses of a ``FeedServer`` fail, and how: seeded, so a run with the same
/// seed and the same requests sees the same faults.
///
/// Each response draws one fault (or none) from the hash of (seed, kind, index,
/// attempt), like the network jitter (``NetworkJitter``): the same request always fails
/// the same way, and a retry draws again. Rates add up to at most 1.
///
/// | fault | what the client sees |
/// |---|---|
/// | ``Fault/serverError`` | `503 Service Unavailable` after the usual latency |
/// | ``Fault/truncatedBody`` | part of the body, then the connection closes (a `Content-Length` mismatch) |
/// | ``Fault/stall`` | part of the body, then nothing until the client gives up |
/// | ``Fault/reset`` | part of the body, then a TCP reset |
/// | ``Fault/slowFirstByte`` | the whole response, after an extra ``slowFirstByteDelay`` |
///
/// A value type; thread-safe.
public struct FaultPlan: Sendable, Hashable {
  /// One kind of fault.
  public enum Fault: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A `503` response.
    case serverError = "5xx"
    /// The body stops part-way and the connection closes.
    case truncatedBody = "truncate"
    /// The body stops part-way and the connection stays silent.
    case stall
    /// The body stops part-way and the connection is reset (SO_LINGER 0, then close).
    case reset
    /// The first byte comes late.
    case slowFirstByte = "slow"

    /// The name used on the command line (`5xx`, `truncate`, `stall`, `reset`, `slow`).
    public var description: String { rawValue }
  }

  /// The fraction of responses that fail with each fault, in `0...1`.
  public var rates: [Fault: Double]
  /// The seed of the draws.
  public var seed: UInt64
  /// The extra delay before the first byte of a ``Fault/slowFirstByte`` response, in the
  /// world's time (divided by the server's speed like every other time).
  public var slowFirstByteDelay: Milliseconds

  /// No faults.
  public static let none = FaultPlan(rates: [:])

  /// Creates a plan.
  ///
  /// - Parameters:
  ///   - rates: The fraction of responses per fault; each in `0...1`, summing to at most 1.
  ///   - seed: The seed of the draws.
  ///   - slowFirstByteDelay: The extra delay of a slow first byte; 2 s unless given.
  public init(rates: [Fault: Double], seed: UInt64 = 1, slowFirstByteDelay: Milliseconds = 2_000) {
    precondition(
      rates.values.allSatisfy { $0.isFinite && (0...1).contains($0) },
      "every fault rate must be in 0...1")
    precondition(rates.values.reduce(0, +) <= 1 + 1e-9, "fault rates must add up to at most 1")
    precondition(
      slowFirstByteDelay.isFinite && slowFirstByteDelay >= 0,
      "slowFirstByteDelay must be finite and >= 0")
    self.rates = rates.filter { $0.value > 0 }
    self.seed = seed
    self.slowFirstByteDelay = slowFirstByteDelay
  }

  /// Whether the plan injects nothing.
  public var isEmpty: Bool { rates.isEmpty }

  /// The fault of one response, or `nil` for a healthy one.
  ///
  /// - Parameters:
  ///   - kind: Page or image.
  ///   - index: The page number or the item id.
  ///   - attempt: How many times the server answered this resource before.
  /// - Complexity: O(1).
  public func fault(for kind: ResourceKind, index: Int, attempt: Int) -> Fault? {
    guard !rates.isEmpty else { return nil }
    var draw = unit(kind: kind, index: index, attempt: attempt, salt: 0)
    for fault in Fault.allCases {
      let rate = rates[fault] ?? 0
      if draw < rate { return fault }
      draw -= rate
    }
    return nil
  }

  /// Where in the body a truncation, stall or reset happens: a fraction in `0.1..<0.9`.
  ///
  /// - Complexity: O(1).
  public func cutFraction(for kind: ResourceKind, index: Int, attempt: Int) -> Double {
    0.1 + 0.8 * unit(kind: kind, index: index, attempt: attempt, salt: 1)
  }

  /// A uniform draw in `0..<1` from SplitMix64 of the request and `salt`.
  private func unit(kind: ResourceKind, index: Int, attempt: Int, salt: UInt64) -> Double {
    var hash = SplitMix64.hash(seed ^ 0xFA01_75EE_D000_0000)
    hash = SplitMix64.hash(hash ^ (kind.rawValue &* 0x9E37_79B9_7F4A_7C15))
    hash = SplitMix64.hash(hash ^ UInt64(index))
    hash = SplitMix64.hash(hash ^ (UInt64(attempt) &* 0xD6E8_FEB8_6659_FD93))
    hash = SplitMix64.hash(hash ^ salt)
    return Double(hash >> 11) * 0x1p-53
  }
}

extension FaultPlan: CustomStringConvertible {
  /// The rates in the command line's form, such as `5xx=5%,truncate=2%`, or `none`.
  public var description: String {
    guard !isEmpty else { return "none" }
    return Fault.allCases.compactMap { fault in
      rates[fault].map { "\(fault)=\(Self.percent($0))" }
    }.joined(separator: ",")
  }

  private static func percent(_ rate: Double) -> String {
    let value = rate * 100
    let rounded = (value * 1000).rounded() / 1000
    return rounded == rounded.rounded() ? "\(Int(rounded))%" : "\(rounded)%"
  }
}

extension FaultPlan {
  /// Parses `5xx=5%,truncate=2%,stall=1%,reset=1%,slow=0.5%`: each fault's name and its
  /// rate, as a percentage (`5%`) or a fraction (`0.05`); `none` for no faults.
  ///
  /// - Parameters:
  ///   - text: The list.
  ///   - seed: The seed of the draws.
  /// - Throws: ``FaultPlanError`` naming the item that is not understood.
  public init(parsing text: String, seed: UInt64 = 1) throws(FaultPlanError) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard trimmed != "none", !trimmed.isEmpty else {
      self.init(rates: [:], seed: seed)
      return
    }
    var rates: [Fault: Double] = [:]
    for item in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
      let parts = item.split(separator: "=", omittingEmptySubsequences: false)
      let name = parts.first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
      guard parts.count == 2, let fault = Fault(rawValue: name) else {
        throw FaultPlanError(
          "`\(item)`: expected NAME=RATE with NAME one of "
            + Fault.allCases.map(\.rawValue).joined(separator: ", "))
      }
      guard let rate = Self.rate(parts[1].trimmingCharacters(in: .whitespaces)) else {
        throw FaultPlanError("`\(item)`: the rate must be a percentage such as 5% or a fraction")
      }
      guard rates[fault] == nil else { throw FaultPlanError("`\(name)` is given twice") }
      rates[fault] = rate
    }
    guard rates.values.reduce(0, +) <= 1 + 1e-9 else {
      throw FaultPlanError("the rates add up to more than 100%")
    }
    self.init(rates: rates, seed: seed)
  }

  private static func rate(_ text: String) -> Double? {
    let isPercent = text.hasSuffix("%")
    guard let value = Double(isPercent ? String(text.dropLast()) : text), value.isFinite else {
      return nil
    }
    let rate = isPercent ? value / 100 : value
    return (0...1).contains(rate) ? rate : nil
  }
}

/// Why a fault list was rejected.
///
/// A value type; thread-safe.
public struct FaultPlanError: Error, Hashable, CustomStringConvertible {
  /// One line naming the item that is not understood.
  public let description: String

  init(_ description: String) {
    self.description = description
  }
}
