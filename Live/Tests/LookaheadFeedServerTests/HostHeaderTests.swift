import Foundation
import Lookahead
import LookaheadFeedServer
import LookaheadSimulation
import Testing

extension HTTPTests {
  @Suite("The feed server and the Host header")
  struct HostHeaderTests {}
}

extension HTTPTests.HostHeaderTests {
  @Test(
    "a malformed Host header gets 400 and the server keeps serving",
    arguments: ["a b", "a\"b", "'quoted'", "host/path", "h:123456", "[::1", "h:8x", "a@b", "%"])
  func malformedHost(host: String) async throws {
    let (server, url) = try await startedServer()
    let port = try #require(url.port)
    let answer = try await RawHTTP.send(
      RawHTTP.request(["GET /feed HTTP/1.1", "Host: \(host)", "Connection: close"]), port: port)
    #expect(answer.status == 400, "Host: \(host) → \(answer.status.map(String.init) ?? "none")")
    #expect(answer.body.contains("malformed Host header"))
    let next = try await HTTPGet.fetch(url.appending(path: "feed"))
    #expect(next.status == 200)
    await server.stop()
  }

  @Test(
    "well-formed Host headers are served",
    arguments: ["127.0.0.1", "localhost:8080", "[::1]:80", "feed.example", "my-host.local", ""])
  func wellFormedHost(host: String) async throws {
    let (server, url) = try await startedServer()
    let answer = try await RawHTTP.send(
      RawHTTP.request(["GET /world HTTP/1.1", "Host: \(host)", "Connection: close"]),
      port: try #require(url.port))
    #expect(answer.status == 200)
    await server.stop()
  }

  @Test("image URLs come from the server's own address, never from the Host header")
  func imageURLsIgnoreTheHost() async throws {
    var world = World.standard
    world.pages = 2
    let (server, url) = try await startedServer(world: world)
    let answer = try await RawHTTP.send(
      RawHTTP.request(["GET /feed HTTP/1.1", "Host: evil.example:666", "Connection: close"]),
      port: try #require(url.port))
    #expect(answer.status == 200)
    #expect(!answer.body.contains("evil"))
    #expect(answer.body.contains(url.appending(path: "images/0").absoluteString))
    await server.stop()
  }

  @Test("a configured public URL is what the pages link to")
  func publicURL() async throws {
    let server = FeedServer(
      configuration: FeedServerConfiguration(
        speed: 64, publicURL: URL(string: "http://192.168.1.20:8080/api")!))
    let url = try await server.start()
    let page = try JSONDecoder().decode(
      Page<FeedPost>.self, from: try await HTTPGet.fetch(url.appending(path: "feed")).body)
    #expect(page.items.first?.image == URL(string: "http://192.168.1.20:8080/api/images/0"))
    await server.stop()
  }
}
