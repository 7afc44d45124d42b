import Testing

@testable import Lookahead

@Suite("Nearest-rank percentile")
struct PercentileTests {
  @Test("ranks are ⌈p/100 · n⌉ without interpolation")
  func nearestRank() {
    let twenty = (1...20).map(Double.init)
    #expect(Percentile.nearestRank(95, ofSorted: twenty) == 19)
    #expect(Percentile.nearestRank(50, ofSorted: twenty) == 10)
    #expect(Percentile.nearestRank(100, ofSorted: twenty) == 20)
    #expect(Percentile.nearestRank(0, ofSorted: twenty) == 1)
    #expect(Percentile.nearestRank(50, ofSorted: [7]) == 7)
    #expect(Percentile.nearestRank(95, ofSorted: [1, 2, 3]) == 3)
    #expect(Percentile.nearestRank(50, ofSorted: [1, 2, 3, 4]) == 2)
    #expect(Percentile.nearestRank(50, ofSorted: []) == 0)
  }
}
