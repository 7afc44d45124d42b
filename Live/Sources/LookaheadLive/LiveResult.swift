import Foundation
import Lookahead
import LookaheadFeedServer
import LookaheadSimulation
import LookaheadStore

/// What one live run measured: the field metrics, the server's counts, every frame, and
/// the checks of the cache and the images.
///
/// A value type; thread-safe.
public struct LiveResult: Sendable {
  /// The preloader's own field metrics (``ListPreloader/metrics``) at the trace's last
  /// frame, in the world's time: what `simulate` predicts.
  public var appMetrics: ListMetrics
  /// The field metrics once the loads cancelled after the trace have ended and reported
  /// what they transferred: what the loaders received in all.
  public var drainedMetrics: ListMetrics
  /// The loopback stack's own round trip, measured before the trace (real time).
  public var loopbackRoundTrip: Duration
  /// What the image loader delivered, cancelled and failed, counted around
  /// ``URLSessionLoader``.
  public var loader: MeteredLoader<URLSessionLoader>.Counts
  /// What the page loader delivered, cancelled and failed.
  public var pageLoader: MeteredLoader<URLSessionLoader>.Counts
  /// How many loads the preloader reported finished (its `resourceLoaded` events): fewer
  /// than the loader delivered when the preloader dropped completions.
  public var reportedLoads: Int
  /// What the server served during the run, or `nil` when its statistics could not be
  /// read.
  public var server: FeedServerStatistics?
  /// Every frame's data, when the setup asked for it.
  public var frames: [LiveFrame] {
    recordsFrames ? allFrames : []
  }
  /// Every frame's data.
  var allFrames: [LiveFrame]
  /// Whether the setup asked for the frames.
  var recordsFrames: Bool
  /// Every appearance of an item on screen.
  public var appearances: [LiveAppearance]
  /// The disk cache read back after the run.
  public var diskCache: DiskCacheCheck
  /// The process's peak resident memory at the end of the run, in bytes.
  public var peakMemoryBytes: Int
  /// How long the run took in real time.
  public var elapsed: Duration

  /// The metrics as the app saw them: the preloader's field metrics, whose bytes include
  /// the partial transfers of cancelled loads that ``URLSessionLoader`` reports; where the
  /// platform does not count them (Linux), the server's count of them is added to `bytes`
  /// and `wasted_bytes`, as the simulator counts partial transfers.
  public var metrics: ListMetrics {
    var metrics = appMetrics
    if !URLSessionLoader.reportsPartialTransfers {
      let partial = server?.partialBodyBytes ?? 0
      metrics.bytes += partial
      metrics.wastedBytes += partial
    }
    return metrics
  }

  /// The run's own count of what the field metrics measure, from outside the preloader:
  /// the item-frames the replay saw (each frame read right after its scroll sample) and
  /// the bytes the loaders delivered, with the server's count of partial bodies where the
  /// loader reports partial transfers too.
  public var groundTruth: LiveGroundTruth {
    let delivered = loader.deliveredBytes + pageLoader.deliveredBytes
    var truth = LiveGroundTruth(
      visibleItemFrames: 0, blankItemFrames: 0,
      bytes: URLSessionLoader.reportsPartialTransfers ? receivedBytes : delivered)
    for frame in allFrames {
      truth.visibleItemFrames += frame.visible.count
      truth.blankItemFrames += frame.blank.count
    }
    return truth
  }

  /// Every byte the app's loaders received: the bodies they returned (pages and images)
  /// plus the partial bytes of responses that did not complete. Unlike the preloader's
  /// `bytes`, it counts bodies whose completion the preloader dropped.
  public var receivedBytes: Int {
    loader.deliveredBytes + pageLoader.deliveredBytes + (server?.partialBodyBytes ?? 0)
  }

  /// The appearances of at least `duration` whose image never showed.
  ///
  /// - Parameter duration: The shortest appearance that must show its image; 2 s unless
  ///   given.
  public func missedAppearances(longerThan duration: Milliseconds = 2_000) -> [LiveAppearance] {
    appearances.filter { $0.duration >= duration && !$0.showedImage }
  }

  /// How many appearances lasted at least `duration`.
  public func longAppearances(_ duration: Milliseconds = 2_000) -> Int {
    appearances.count { $0.duration >= duration }
  }
}

/// The disk cache of a live run read back: every entry must be the exact image the server
/// serves for its key, so a truncated body was never stored.
///
/// A value type; thread-safe.
public struct DiskCacheCheck: Sendable, Hashable {
  /// The entries read back.
  public var entries: Int
  /// The entries that did not read back, or whose size or checksum did not match.
  public var invalid: [String]
  /// The bytes the entries hold.
  public var bytes: Int

  /// Reads every entry of `disk` and compares it with the image of its key in `world`.
  ///
  /// - Complexity: O(total bytes).
  public static func verify(_ disk: DiskCache, world: World) -> DiskCacheCheck {
    var check = DiskCacheCheck(entries: 0, invalid: [], bytes: 0)
    for key in disk.keysByRecency {
      check.entries += 1
      let prefix = "/images/"
      guard key.hasPrefix(prefix), let item = Int(key.dropFirst(prefix.count)),
        item >= 0, item < world.itemCount, let data = disk.value(forKey: key),
        ImageContent.isValid(data, item: item, count: world.imageBytes(item))
      else {
        check.invalid.append(key)
        continue
      }
      check.bytes += data.count
    }
    return check
  }
}

/// What a live run counted by itself, to check the preloader's field metrics against.
///
/// A value type; thread-safe.
public struct LiveGroundTruth: Sendable, Hashable {
  /// Pairs (frame, item) where a loaded item overlapped the viewport.
  public var visibleItemFrames: Int
  /// Of those, the pairs whose image was not in memory.
  public var blankItemFrames: Int
  /// The bytes the loaders received: the bodies they returned, and the server's count of
  /// the body bytes of responses cut short where the loader reports those.
  public var bytes: Int
}
