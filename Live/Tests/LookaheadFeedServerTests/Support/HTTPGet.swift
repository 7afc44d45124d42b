import Foundation
import LookaheadFeedServer
import LookaheadSimulation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One GET's outcome.
struct Fetched {
  var status: Int
  var headers: [String: String]
  var body: Data
  var elapsed: Duration
}

/// GETs with a fresh ephemeral session, invalidated afterwards.
enum HTTPGet {
  static func session() -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.timeoutIntervalForRequest = 5
    return URLSession(configuration: configuration)
  }

  static func fetch(_ url: URL, session: URLSession? = nil) async throws -> Fetched {
    let session = session ?? Self.session()
    let start = ContinuousClock.now
    let (data, response): (Data, HTTPURLResponse) = try await withCheckedThrowingContinuation {
      continuation in
      session.dataTask(with: url) { data, response, error in
        if let error {
          continuation.resume(throwing: error)
        } else if let response = response as? HTTPURLResponse {
          continuation.resume(returning: (data ?? Data(), response))
        } else {
          continuation.resume(throwing: URLError(.badServerResponse))
        }
      }.resume()
    }
    var headers: [String: String] = [:]
    for (name, value) in response.allHeaderFields {
      headers[String(describing: name).lowercased()] = String(describing: value)
    }
    return Fetched(
      status: response.statusCode, headers: headers, body: data,
      elapsed: ContinuousClock.now - start)
  }
}

/// A server on 127.0.0.1 and a free port for one test; stop it at the end.
func startedServer(
  world: World = .standard, speed: Double = 64, faults: FaultPlan = .none
) async throws -> (FeedServer, URL) {
  let server = FeedServer(
    configuration: FeedServerConfiguration(world: world, speed: speed, faults: faults))
  return (server, try await server.start())
}
