import ArgumentParser
import Foundation
import LookaheadSimulation

/// The options that choose the world of a run: `--world FILE`, `--network` and `--layout`.
///
/// Without `--world` the world is the standard one (docs/DESIGN.md, "The standard world")
/// with the `lte` network and the `feed` layout. `--network` and `--layout` replace the
/// world's network with a standard profile and its layout with a standard layout, also when
/// `--world` is given.
public struct WorldOptions: ParsableArguments {
  /// `--world FILE`: the path of a world description, or `nil` for the standard world.
  @Option(
    help: """
      A world description (JSON: viewport, layout, item and image sizes, pages, network) \
      instead of the standard world; see `lookahead world`.
      """)
  public var world: String?

  /// `--network`: a standard profile replacing the world's network.
  @Option(
    help: "The network profile: wifi, lte or 3g (default: the world's, lte).",
    transform: ArgumentValues.network)
  public var network: NetworkProfile?

  /// `--layout`: a standard layout replacing the world's.
  @Option(
    help: "The layout: feed or grid (default: the world's, feed).",
    transform: ArgumentValues.layout)
  public var layout: WorldLayout.Kind?

  /// Options with nothing given: the standard world.
  public init() {}

  /// Whether any of the options was given.
  public var isGiven: Bool { world != nil || network != nil || layout != nil }

  /// The world these options describe.
  ///
  /// - Throws: ``CommandFailure/badInput(_:)`` naming the file and the field when the world
  ///   file is unreadable or invalid.
  public func resolved() throws(CommandFailure) -> World {
    do {
      return try World(file: world, network: network, layout: layout)
    } catch {
      // Only the file can be wrong: the network and layout were parsed already.
      throw .badInput("--world \(world ?? ""): \(error)")
    }
  }
}
