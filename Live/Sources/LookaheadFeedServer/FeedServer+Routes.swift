import Foundation
import Hummingbird
import LookaheadSimulation
import NIOCore

/// The request context of a ``FeedServer``: Hummingbird's, plus the connection, which a
/// reset needs.
struct FeedRequestContext: RequestContext {
  var coreContext: CoreRequestContextStorage
  let channel: any Channel

  init(source: ApplicationRequestContextSource) {
    coreContext = CoreRequestContextStorage(source: source)
    channel = source.channel
  }
}

/// What a ``FeedServer`` serves, as `GET /world` answers it: enough for a client to predict
/// what it will see.
///
/// A value type; thread-safe.
public struct FeedServerDescription: Sendable, Codable, Hashable {
  /// The served world, in the world's own time.
  public var world: World
  /// How many times faster than the world's time the server runs.
  public var speed: Double
  /// The seed of the round trips' jitter.
  public var seed: UInt64
  /// The faults, as `--faults` spells them (`none` for none).
  public var faults: String
  /// The seed of the faults.
  public var faultSeed: UInt64

  /// Describes a configuration.
  public init(_ configuration: FeedServerConfiguration) {
    world = configuration.world
    speed = configuration.speed
    seed = configuration.seed
    faults = configuration.faults.description
    faultSeed = configuration.faults.seed
  }

  enum CodingKeys: String, CodingKey {
    case world
    case speed
    case seed
    case faults
    case faultSeed = "fault_seed"
  }
}

extension FeedServer {
  /// The routes of the cursor API, the images, and the two descriptions.
  func makeRouter() -> Router<FeedRequestContext> {
    let router = Router(context: FeedRequestContext.self)
    router.add(middleware: HostValidation())
    router.get("feed") { request, context in
      try await self.page(request, context: context)
    }
    router.get("images/:id") { _, context in
      try await self.image(context: context)
    }
    router.get("world") { _, _ in
      Self.json(FeedServerDescription(self.configuration))
    }
    router.get("stats") { _, _ in
      Self.json(self.statistics)
    }
    return router
  }

  private func page(_ request: Request, context: FeedRequestContext) async throws -> Response {
    let world = configuration.world
    var index = 0
    if let cursor = request.uri.queryParameters.get("cursor") {
      guard let page = FeedPages.page(ofCursor: cursor), page < world.pages else {
        return Self.plain(.badRequest, "unknown cursor \(cursor)")
      }
      index = page
    }
    // Routes run only once the server listens, when the base URL is known.
    let base = configuration.publicURL ?? baseURL ?? URL(fileURLWithPath: "/")
    return try await shapedResponse(
      for: .page(index), contentType: "application/json", channel: context.channel
    ) {
      ([UInt8](FeedPages.body(ofPage: index, in: world, base: base)), [:])
    }
  }

  private func image(context: FeedRequestContext) async throws -> Response {
    let world = configuration.world
    guard let item = context.parameters.get("id", as: Int.self), item >= 0,
      item < world.itemCount
    else {
      return Self.plain(.notFound, "no such image")
    }
    return try await shapedResponse(
      for: .image(item), contentType: "application/octet-stream", channel: context.channel
    ) {
      let bytes = ImageContent.bytes(ofItem: item, count: world.imageBytes(item))
      var headers = HTTPFields()
      headers[.init(ImageContent.checksumHeader)!] = ImageContent.hex(
        ImageContent.checksum(of: bytes))
      return (bytes, headers)
    }
  }

  static func json(_ value: some Encodable) -> Response {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // The descriptions hold numbers and strings only.
    let data = try! encoder.encode(value)
    return Response(
      status: .ok, headers: [.contentType: "application/json"],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
  }

  static func plain(_ status: HTTPResponse.Status, _ text: String) -> Response {
    Response(
      status: status, headers: [.contentType: "text/plain; charset=utf-8"],
      body: ResponseBody(byteBuffer: ByteBuffer(string: text + "\n")))
  }
}
