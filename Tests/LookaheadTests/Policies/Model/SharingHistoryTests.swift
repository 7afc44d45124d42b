import Testing

@testable import Lookahead

@Suite("SharingHistory") struct SharingHistoryTests {
  @Test("the mean number in flight over the last seconds, each frame's count since the one before")
  func theMeanNumberInFlightOverTheLastSeconds() throws {
    var history = SharingHistory()
    // One load in flight for a second, then three.
    for frame in 0...120 {
      history.note(time: Double(frame) / 60, inFlight: frame <= 60 ? 1 : 3)
    }
    let lastHalfSecond = try #require(history.meanInFlight(over: 0.5))
    #expect(abs(lastHalfSecond - 3) < 1e-9)
    // From 0.5 s: half a second of one, a second of three.
    let lastSecondAndAHalf = try #require(history.meanInFlight(over: 1.5))
    #expect(abs(lastSecondAndAHalf - 3.5 / 1.5) < 1e-9)
  }

  @Test("beyond the frames kept, the mean over all of them")
  func beyondTheFramesKeptTheMeanOverAllOfThem() throws {
    var history = SharingHistory()
    for frame in 0..<(SharingHistory.capacity * 2) {
      history.note(time: Double(frame) / 60, inFlight: frame < SharingHistory.capacity ? 5 : 2)
    }
    // The ring holds the last `capacity` frames, all with two in flight.
    let mean = try #require(history.meanInFlight(over: 1_000))
    #expect(abs(mean - 2) < 1e-9)
  }

  @Test("no answer before two frames or for no time")
  func noAnswerBeforeTwoFrames() {
    var history = SharingHistory()
    #expect(history.meanInFlight(over: 1) == nil)
    history.note(time: 0, inFlight: 3)
    #expect(history.meanInFlight(over: 1) == nil)
    history.note(time: 1.0 / 60, inFlight: 3)
    #expect(history.meanInFlight(over: 0) == nil)
    #expect(history.meanInFlight(over: 1) == 3)
  }
}
