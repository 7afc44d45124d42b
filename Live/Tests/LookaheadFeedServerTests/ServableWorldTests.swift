import Foundation
import LookaheadFeedServer
import LookaheadSimulation
import Testing

@Suite("Worlds the feed server can serve")
struct ServableWorldTests {
  /// The memory of the machine the probe ran on (24 GiB), of which a quarter is the budget.
  static let budget = 6 << 30

  static func configuration(_ json: String) throws -> FeedServerConfiguration {
    FeedServerConfiguration(world: try World(jsonData: Data(json.utf8)))
  }

  @Test("the standard worlds fit, with their largest response an image")
  func standardWorlds() throws {
    for network in NetworkProfile.standard {
      let configuration = FeedServerConfiguration(world: .standard(layout: .feed, network: network))
      try configuration.checkServable(memoryBudget: Self.budget)
      #expect(configuration.largestResponse == (200_000, "images.max_bytes"))
    }
  }

  @Test(
    "a response that would not fit in memory names its field",
    arguments: [
      (#"{"page_bytes": 4000000000}"#, "page_bytes"),
      (#"{"page_bytes": 9223372036854775807}"#, "page_bytes"),
      (
        #"{"images": {"max_bytes": 1000000000000}, "memory_cache_bytes": 1000000000000}"#,
        "images.max_bytes"
      ),
      (#"{"page_size": 10000000, "pages": 1}"#, "page_size"),
    ])
  func refused(json: String, field: String) throws {
    // Refused as a world already (a page no link could carry), or by the server.
    let error = #expect(throws: WorldError.self) {
      let world = try World(jsonData: Data(json.utf8))
      try FeedServerConfiguration(world: world).checkServable(memoryBudget: Self.budget)
    }
    #expect(error?.field == field)
  }

  @Test("the bound is the budget over the connections, on both sides")
  func boundary() throws {
    // 6 connections: a largest image of budget / 6 fits, one byte more does not.
    let largest = Self.budget / 6
    let fits = try Self.configuration(
      #"{"images": {"max_bytes": \#(largest)}, "memory_cache_bytes": \#(largest)}"#)
    try fits.checkServable(memoryBudget: Self.budget)
    let over = try Self.configuration(
      #"{"images": {"max_bytes": \#(largest + 1)}, "memory_cache_bytes": \#(largest + 1)}"#)
    #expect(throws: WorldError.self) { try over.checkServable(memoryBudget: Self.budget) }
  }

  @Test("a page's size counts the JSON of its items when that is larger than page_bytes")
  func pageJSON() throws {
    let configuration = try Self.configuration(
      #"{"page_size": 100000, "pages": 1, "page_bytes": 0}"#)
    let (bytes, field) = configuration.largestResponse
    #expect(field == "page_size")
    let body = FeedPages.body(
      ofPage: 0, in: configuration.world,
      base: URL(string: "http://[ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff]:65535")!)
    #expect(bytes >= body.count && bytes < body.count * 11 / 10)
  }
}
