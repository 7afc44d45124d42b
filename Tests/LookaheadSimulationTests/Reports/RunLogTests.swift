import Lookahead
import Testing

@testable import LookaheadSimulation

@Suite("Run logs as CSV")
struct RunLogTests {
  @Test("a frame is one line: numbers as written, lists separated by semicolons")
  func frameLine() {
    let frame = FrameRecord(
      time: 16.667, offset: 120.5, velocity: -300, phase: .decelerating, visible: 3..<6,
      blank: [4, 5], loadedItemCount: 40, isStalled: false, imagesInFlight: 2,
      wanted: [4, 5, 7])
    let idle = FrameRecord(
      time: 0, offset: 0, velocity: 0, phase: .idle, visible: 0..<0, blank: [],
      loadedItemCount: 0, isStalled: true, imagesInFlight: 0, wanted: [])
    #expect(
      RunLog.framesCSV([idle, frame])
        == RunLog.framesHeader + "\n" + "0.0,0.0,0.0,idle,0,0,0,1,0,,\n"
        + "16.667,120.5,-300.0,decelerating,3,6,40,0,2,4;5,4;5;7\n")
  }

  @Test("a load decision is one line; arrivals carry bytes and a source, cancels their bytes")
  func loadLines() {
    let decisions: [SimulationDecision] = [
      .pageRequested(0, at: 0),
      .completed(
        NetworkCompletion(
          key: NetworkKey(kind: .page, index: 0), bytes: 8_000, time: 412.5,
          source: .network)),
      .started(3, at: 412.5),
      .cancelled(3, at: 600, bytes: 12_345),
      .completed(
        NetworkCompletion(
          key: NetworkKey(kind: .image, index: 7), bytes: 51_234, time: 603,
          source: .disk)),
    ]
    #expect(
      RunLog.loadsCSV(decisions)
        == RunLog.loadsHeader + "\n" + "0.0,page_requested,page,0,,\n"
        + "412.5,completed,page,0,8000,network\n" + "412.5,started,image,3,,\n"
        + "600.0,cancelled,image,3,12345,\n" + "603.0,completed,image,7,51234,disk\n")
  }

  @Test("an empty run is the header alone")
  func emptyRun() {
    #expect(RunLog.framesCSV([]) == RunLog.framesHeader + "\n")
    #expect(RunLog.loadsCSV([]) == RunLog.loadsHeader + "\n")
  }
}
