import Testing

@_spi(Simulation) @testable import Lookahead

@Suite("Duration in seconds")
struct DurationSecondsTests {
  @Test("the inline components equal the standard library's, and so do the seconds")
  func equalsTheStandardComponents() {
    var random = SplitMix64(seed: 11)
    var durations: [Duration] = [
      .zero, .seconds(1), .seconds(-1), .milliseconds(16.666666666666668),
      .milliseconds(-16.666666666666668), .seconds(3_600), .seconds(Int64.max),
      .seconds(Int64.min), .seconds(Int64.max) + .milliseconds(999),
      Duration(secondsComponent: 0, attosecondsComponent: 1),
      Duration(secondsComponent: 0, attosecondsComponent: -1),
      Duration(secondsComponent: 0, attosecondsComponent: 999_999_999_999_999_999),
      Duration(secondsComponent: -5, attosecondsComponent: -999_999_999_999_999_999),
      // Multiples of 2⁶⁴ attoseconds: a low word of 0, the carry of the negation.
      Duration(secondsComponent: 18, attosecondsComponent: 446_744_073_709_551_616),
      Duration(secondsComponent: -18, attosecondsComponent: -446_744_073_709_551_616),
    ]
    for _ in 0..<100_000 {
      // The times of an hour's run, and any duration of whole seconds and attoseconds.
      let unit = Double(random.next() >> 11) * 0x1p-53
      durations.append(.milliseconds(unit * 3_600_000))
      durations.append(.milliseconds(-unit * 3_600_000))
      let seconds = Int64(bitPattern: random.next()) >> (random.next() % 64)
      let attoseconds = Int64(bitPattern: random.next() % 1_000_000_000_000_000_000)
      durations.append(Duration(secondsComponent: seconds, attosecondsComponent: attoseconds))
      durations.append(
        Duration(secondsComponent: seconds / 2, attosecondsComponent: -attoseconds))
    }
    for duration in durations {
      let expected = duration.components
      let found = duration.wholeSecondsAndAttoseconds
      #expect(found.seconds == expected.seconds, "\(duration)")
      #expect(found.attoseconds == expected.attoseconds, "\(duration)")
      let seconds = Double(expected.seconds) + Double(expected.attoseconds) * 1e-18
      #expect(duration.inSeconds.bitPattern == seconds.bitPattern, "\(duration)")
    }
  }

  @Test("the inline ratio equals the standard library's division, ties and large counts too")
  func ratioEqualsTheStandardDivision() {
    var random = SplitMix64(seed: 12)
    let attoseconds = { (count: Int64) in
      Duration(secondsComponent: 0, attosecondsComponent: count)
    }
    var durations: [Duration] = [
      .zero, .seconds(1), .seconds(-1), .seconds(4), .seconds(10), .seconds(-10),
      .milliseconds(16.666666666666668), .seconds(3_600), .seconds(Int64.max),
      .seconds(Int64.min),
      // Halfway between two doubles, which round to the even one: 2⁵³ + 1, 2⁶³ + 2¹⁰.
      attoseconds(9_007_199_254_740_993), attoseconds(-9_007_199_254_740_993),
      .seconds(9) + attoseconds(223_372_036_854_776_832),
      .seconds(-9) - attoseconds(223_372_036_854_776_832),
      // Around ±2⁶⁴ attoseconds, where the inline conversion gives way.
      .seconds(18) + attoseconds(446_744_073_709_551_615),
      .seconds(18) + attoseconds(446_744_073_709_551_616),
      .seconds(-18) - attoseconds(446_744_073_709_551_615),
      .seconds(-18) - attoseconds(446_744_073_709_551_616),
    ]
    for _ in 0..<20_000 {
      let unit = Double(random.next() >> 11) * 0x1p-53
      durations.append(.milliseconds(unit * 30_000 - 10_000))
      durations.append(attoseconds(Int64(bitPattern: random.next()) >> (random.next() % 64)))
      durations.append(
        .seconds(Int64(random.next() % 100_000)) + attoseconds(Int64(random.next() >> 4)))
    }
    for (index, duration) in durations.enumerated() {
      let other = durations[(index * 7 + 3) % durations.count]
      guard other != .zero else { continue }
      let expected = duration / other
      #expect(duration.ratio(to: other).bitPattern == expected.bitPattern, "\(duration) / \(other)")
    }
  }
}
