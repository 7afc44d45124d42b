import Foundation
@_spi(Simulation) import Lookahead
import LookaheadFeedServer
import LookaheadSimulation
import Testing

extension HTTPTests {
  @Suite("The feed server under hostile requests")
  struct RequestFuzzTests {}
}

/// Seeded raw requests: odd methods, targets, versions, headers and framing. The server
/// answers each with a status below 500 or closes the connection, and keeps serving.
extension HTTPTests.RequestFuzzTests {
  static let methods = [
    "GET", "GET", "GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "G ET", "",
  ]
  static let targets = [
    "/feed", "/feed?cursor=p1", "/feed?cursor=p-1", "/feed?cursor=p99999999999999999999",
    "/feed?cursor=", "/feed?cursor=%00", "/feed?cursor=p1&cursor=p2", "/images/0",
    "/images/-1", "/images/99999999999999999999", "/images/1e3", "/images/%2e%2e",
    "/world", "/stats", "/", "/../../etc/passwd", "*", "http://evil.example/feed",
    "/" + String(repeating: "a", count: 9_000), "/feed#frag", "/images/0?x=\u{1}",
  ]
  static let versions = [
    "HTTP/1.1", "HTTP/1.1", "HTTP/1.0", "HTTP/2.0", "HTTP/9.9", "HTTX/1.1", "",
  ]
  static let headers = [
    "Host: 127.0.0.1", "Host: a b", "Host: a\"b", "Host: evil.example:666", "Host:",
    "Host: [::1", "Content-Length: 5", "Content-Length: -1",
    "Content-Length: 99999999999999999999", "Content-Length: x", "Transfer-Encoding: chunked",
    "Transfer-Encoding: gzip, chunked", "Bad Header: x", ": empty",
    "X-Long: "
      + String(repeating: "v", count: 20_000),
    "Expect: 100-continue", "Connection: keep-alive", "Connection: upgrade", "Upgrade: h2c",
    "X-Nul: a\u{0}b", "Accept-Encoding: gzip",
  ]
  static let bodies = [
    "", "hello", "0\r\n\r\n", "zz\r\nxx\r\n", String(repeating: "b", count: 70_000),
  ]

  static func pick(_ values: [String], _ random: inout SplitMix64) -> String {
    values[Int(random.next() % UInt64(values.count))]
  }

  /// One request of `seed`: a valid GET of a route, with one to three of its parts
  /// replaced by hostile ones; `Connection: close` ends most, so that the answer is whole.
  static func request(seed: UInt64) -> [UInt8] {
    var random = SplitMix64(seed: seed)
    var method = "GET"
    var target = pick(["/feed", "/feed?cursor=p1", "/images/7", "/world", "/stats"], &random)
    var version = "HTTP/1.1"
    var headers = ["Host: 127.0.0.1"]
    var body = ""
    for _ in 0..<random.nextInt(in: 1...3) {
      switch random.next() % 5 {
      case 0: method = pick(methods, &random)
      case 1: target = pick(targets, &random)
      case 2: version = pick(versions, &random)
      case 3: headers.append(pick(Self.headers, &random))
      default: body = pick(bodies, &random)
      }
    }
    if random.nextBool(probability: 0.1) { headers.removeFirst() }
    if random.nextBool(probability: 0.8) { headers.append("Connection: close") }
    var bytes = RawHTTP.request(["\(method) \(target) \(version)"] + headers, body: body)
    if random.nextBool(probability: 0.1) {
      // Framing broken at a random byte: a lone LF, a NUL, or the request cut short.
      let position = Int(random.next() % UInt64(bytes.count))
      switch random.next() % 3 {
      case 0: bytes[position] = UInt8(ascii: "\n")
      case 1: bytes[position] = 0
      default: bytes.removeSubrange(position...)
      }
    }
    return bytes
  }

  @Test("400 requests: every answer is below 500, and the server keeps serving")
  func hostileRequests() async throws {
    let (server, url) = try await startedServer()
    let port = try #require(url.port)
    var answered = 0
    for batch in 0..<40 {
      let answers = try await withThrowingTaskGroup(of: (UInt64, Int?).self) { group in
        for offset in 0..<10 {
          let seed = UInt64(batch * 10 + offset + 1)
          group.addTask {
            let answer = try await RawHTTP.send(
              Self.request(seed: seed), port: port, quietMilliseconds: 1_000,
              limitMilliseconds: 3_000)
            return (seed, answer.status)
          }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      for (seed, status) in answers {
        if let status {
          answered += 1
          #expect(status < 500, "seed \(seed): status \(status)")
        }
      }
      let world = try await HTTPGet.fetch(url.appending(path: "world"))
      #expect(world.status == 200, "the server stopped serving after batch \(batch)")
    }
    // Most requests get an answer; the fuzz must reach the routes, not only the parser.
    #expect(answered > 200)
    let statistics = server.statistics
    #expect(statistics.pageRequests + statistics.imageRequests > 20)
    await server.stop()
  }
}
