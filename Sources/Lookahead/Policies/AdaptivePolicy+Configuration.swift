extension AdaptivePolicy {
  /// The settings of the adaptive policy.
  ///
  /// An app may change six: how much of the latency distribution the lead covers
  /// (``latencyQuantile``, ``margin``), the latency assumed before any load finished
  /// (``initialLatency``), and the bounds of what is loaded around the viewport
  /// (``maximumLeadScreens``, ``trailingScreens``, ``maximumPrefetches``). The defaults
  /// suit the simulator's standard world (docs/DESIGN.md, "The standard world") on every
  /// scenario and network profile.
  ///
  /// The policy's other constants are its internal calibration, not settings: they are
  /// visible to the package's own modules (the simulator varies them in experiments), not
  /// to apps.
  ///
  /// A value type; thread-safe.
  package struct Configuration: Sendable, Hashable {
    /// The quantile of the learned load latency that the lead time covers, in `0...1`.
    ///
    /// A higher quantile starts loads earlier, ready for the slow loads too, and spends
    /// bytes on more items the user may never reach.
    package var latencyQuantile: Double = 0.9
    /// The load latency assumed until the first loads have finished and the learned
    /// distribution takes over.
    package var initialLatency: Duration = .milliseconds(400)
    /// Time added to the latency quantile to form the lead time: a load started that
    /// long before its item reaches the screen is expected to be done in time.
    package var margin: Duration = .milliseconds(100)
    /// The smallest lead at rest, in screenfuls.
    package var minimumRestLeadScreens: Double = 0.35
    /// How far the lead at rest grows per second of idle time, in screenfuls.
    ///
    /// 0 by default: a lead that grows while the user looks at a screen loads items the
    /// user may never reach, which costs bytes on a slow network, and on a fast one the
    /// lead at rest already fills in time, so growing it saves no blank frame.
    package var idleGrowthScreensPerSecond: Double = 0
    /// The largest lead, in screenfuls beyond the viewport (or beyond a fling's
    /// landing), and the largest range kept behind it.
    ///
    /// The full cap applies to a user whom the items on screen keep waiting; while the
    /// link keeps up with the user the policy holds the lead to a smaller cap
    /// (`keptUpLeadScreens`), and in between in proportion to how often items on screen
    /// waited lately (the share of moving time, in full from `excursionMissShare` on).
    package var maximumLeadScreens: Double = 6
    /// The largest lead, in screenfuls, while the link keeps up with the user (see
    /// ``maximumLeadScreens``).
    ///
    /// While the viewport moves, the lead is the distance it covers within the lead
    /// time; on a slow link at a fling's speed that is many screens. Where the link
    /// keeps up, the far ones are rarely worth their bytes: the user catches the glide
    /// with another fling and flies past them, or the session ends at the farthest point
    /// reached. `keptUpRestLeadScreens` and `keptUpExcursionLeadScreens` do the same
    /// for the lead at rest and the excursions. The cap holds in full only while the
    /// link keeps up: for a user kept waiting the far loads are the images of the next
    /// screens, and holding them back would leave those blank. This value also caps the
    /// range kept behind the viewport (``trailingScreens``, `reversalFactor`), as
    /// ``maximumLeadScreens`` does.
    package var keptUpLeadScreens: Double = 3
    /// How far from the viewport a running prefetch that is no longer wanted, whose item
    /// the viewport has not reached yet, is kept, in screenfuls; further away it is
    /// cancelled.
    ///
    /// A load kept for the way back after a reversal spends no more bytes than it has,
    /// while a cancelled one has spent part of them for nothing. A smaller value cancels
    /// more loads and throws away more partial transfers; by default it matches
    /// ``maximumLeadScreens``.
    package var maximumKeptLoadScreens: Double = 6
    /// Screenfuls kept behind the viewport; the range behind is capped like the lead
    /// (see ``maximumLeadScreens``).
    package var trailingScreens: Double = 0
    /// How much of the lead a user who recently scrolled the other way keeps behind
    /// the viewport (0 disables): reversals are behaviour too.
    package var reversalFactor: Double = 0
    /// Screenfuls behind the viewport prefetched at rest on a dense screen (see
    /// `maximumSparseScreenItems`), capped like the lead (see
    /// ``maximumLeadScreens``); 0 disables.
    ///
    /// A dense screen asks for many images at once: on a slow link a screenful of a
    /// grid takes several seconds, so the link is the bottleneck, and every second it
    /// sits idle is lost for good. At rest the lead points the way the user last
    /// scrolled; after a short look back that side is already loaded, and the link went
    /// idle while the unseen rows the user came from — where the next move mostly goes
    /// — waited. With this range the items behind whose image is not ready join the
    /// candidates, ordered with those ahead by when the user's recent top speed in
    /// each direction reaches them (a ready one would only take a place in the budget).
    /// It works together with the page floor of
    /// ``AdaptivePageTrigger/screensPerLatencySecond``, which keeps the items of pages
    /// far ahead from competing for the same link. A larger value loads more of the rows
    /// the user came from: ready for a user who turns back, bytes spent for one who goes
    /// on. On a sparse screen (a feed) the link keeps up with a screenful within a second
    /// or so, so the range does not apply there: it would only load rows behind a reader
    /// who never goes back.
    package var denseRestTrailingScreens: Double = 2
    /// How long the user's recent speed is remembered (half-life).
    package var recentSpeedHalfLife: Duration = .seconds(4)
    /// The most prefetches wanted at once on a network whose lead time is zero.
    ///
    /// A slower network's longer lead time allows more (`prefetchesPerLeadSecond` per
    /// second of lead time), and a layout with many small items per screen at least
    /// `minimumPrefetchScreens` screenfuls of items.
    package var maximumPrefetches: Int = 8
    /// Extra prefetches allowed per second of lead time.
    ///
    /// A slow network has a long lead time and needs a deeper buffer to ride out a
    /// burst of fast scrolling that outruns its bandwidth; a fast one refills a short
    /// buffer in time and would only waste bytes on a longer one.
    package var prefetchesPerLeadSecond: Double = 1.5
    /// A running load that has run for this fraction of the typical (median) load
    /// time is kept wherever its item is now: most of its bytes have arrived, and
    /// cancelling it would waste them.
    ///
    /// The same time is when a running visible load is expected to be done, for the
    /// withdrawal of one whose item a glide carries off the screen (see
    /// ``AdaptivePolicy``, "Leaving items are not loaded"). A running *prefetch* whose
    /// item a glide will carry across the screen is let go unless its load can be
    /// counted on to be done first: the ``latencyQuantile`` of the learned latency
    /// after it started.
    package var nearlyDoneFraction: Double = 1
    /// Until this many loads have finished, no prefetch starts while an item on
    /// screen is loading (0 disables): before the network is known, what the user
    /// sees comes first.
    package var learningLoads: Int = 2
    /// The largest share of the bandwidth the user's demand for bytes is taken to be
    /// when the lead at rest is stretched for it (0 disables the stretch).
    ///
    /// A viewport scrolling at the recent top speed *v* points per second over items of
    /// *b* bytes per point demands *v·b* bytes per second; when that approaches the
    /// learned bandwidth *B*, the items within the lead share the link, so the lead
    /// time at rest grows to `lead / (1 - v·b/B)`, the ratio capped at this share.
    package var bandwidthDemandLimit: Double = 0.9
    /// The fewest prefetches wanted at once, in screenfuls of items: a layout with many
    /// small items per screen needs more items than ``maximumPrefetches`` to cover the
    /// same distance.
    package var minimumPrefetchScreens: Double = 2.5
    /// The farthest the lead at rest is stretched for bandwidth, in screenfuls (see
    /// `bandwidthDemandLimit`); it is also never stretched past the user's recent
    /// longest stroke.
    package var maximumStretchedLeadScreens: Double = 2.5
    /// The farthest the lead at rest follows the user's recent top speed, in
    /// screenfuls beyond the viewport (or beyond a fling's landing).
    ///
    /// A peak speed times a slow network's latency can ask for six screens and more;
    /// most of those loads are never seen, because the next fling rarely goes that far
    /// from rest, and the bytes they take slow the images the user does reach. This is
    /// the cap for a user whom the items on screen keep waiting; while the link keeps
    /// up, `keptUpRestLeadScreens`, and in between in proportion (see
    /// ``maximumLeadScreens``).
    package var maximumRestLeadScreens: Double = 2.5
    /// The farthest the lead at rest follows the user's recent top speed while the link
    /// keeps up, in screenfuls (see `maximumRestLeadScreens` and
    /// `keptUpLeadScreens`): beyond it, loads at rest are mostly of images past the
    /// farthest point the user reaches.
    package var keptUpRestLeadScreens: Double = 2
    /// How much of the lead at rest is wanted past a glide's landing while the glide
    /// lasts, on a fast link that keeps up and a sparse screen (see
    /// `maximumSparseScreenItems`), as a share of that lead (`0...1`; 1 wants it all).
    ///
    /// During a glide the policy wants the landing and, past it, the lead at rest. On a
    /// link that delivers a load in a fraction of `slowLinkLoadTime` and keeps up with
    /// the user, what lies past the landing arrives soon enough once the viewport rests
    /// there; loaded while the glide lasted, it was often never shown, because the user
    /// caught the glide and turned or the session ended. The share rises to 1 in
    /// proportion to how slow the link is (its time per load over `slowLinkLoadTime`)
    /// or to how often items on screen kept the user waiting (see
    /// ``maximumLeadScreens``), whichever is larger: on a slow link every second of a
    /// glide counts. A lower value spends fewer bytes during glides, for more items still
    /// loading when the viewport comes to rest past the landing.
    package var keptUpGlideRestLeadShare: Double = 0.5
    /// How much of the lead at rest the user's own excursions decide when items on
    /// screen have kept the user waiting: the share of recent moving time with an item on
    /// screen waiting for its image at which they decide it in full (0 disables them,
    /// and holds every cap on the reach at its maximum: ``maximumLeadScreens``,
    /// `maximumRestLeadScreens` and `maximumExcursionLeadScreens`).
    ///
    /// After each rest, the policy records how far the viewport went in the next
    /// `restExcursionWindow` in the direction of the last scroll. At rest it keeps, at
    /// least, the `restExcursionPercentile` of those excursions loaded ahead (up to a
    /// cap, see `maximumExcursionLeadScreens`), scaled by the recent share of moving
    /// time in which an item on screen waited, over this value. A link that keeps up with
    /// the user never makes an item wait, and then this adds nothing: the lead at rest
    /// stays what the recent top speed calls for, and no byte is spent in advance. A
    /// smaller value lets the excursions decide in full sooner: more bytes spent ahead for
    /// a user who waits only now and then, for fewer blank items when that user moves on.
    package var excursionMissShare: Double = 0.1
    /// The percentile of recent excursions from rest kept loaded ahead at rest, in
    /// `0...100` (see `excursionMissShare`).
    package var restExcursionPercentile: Double = 55
    /// How long after a rest begins its excursion is measured; positive (see
    /// `excursionMissShare`).
    package var restExcursionWindow: Duration = .seconds(8)
    /// The farthest ahead the excursions from rest take the lead at rest, in screenfuls
    /// (see `excursionMissShare`), for a user whom the items on screen keep waiting.
    ///
    /// The excursions count in proportion to how often items on screen waited lately
    /// (the share *s* of moving time over `excursionMissShare`, at most 1), and so
    /// does their cap: they reach *s* × the excursion, at most *s* × a cap that runs
    /// from `keptUpExcursionLeadScreens` at *s* = 0 to this value at *s* = 1.
    package var maximumExcursionLeadScreens: Double = 4
    /// The excursions' cap at the low end of the share of moving time in which items on
    /// screen waited, in screenfuls (see `maximumExcursionLeadScreens`): it lowers the
    /// reach of a user kept waiting only part of the time. A link that keeps up makes no
    /// item wait, and then the excursions add nothing whatever this value. 2.5 is
    /// Texture's preload range.
    package var keptUpExcursionLeadScreens: Double = 2.5
    /// How many excursions from rest must be known before they count (see
    /// `excursionMissShare`); until then, `priorRestExcursionScreens` stands in.
    package var minimumRestExcursions: Int = 3
    /// The excursion from rest assumed before `minimumRestExcursions` are known, in
    /// screenfuls, scaled by how slow the link is: the learned link time per load over
    /// `slowLinkLoadTime`, at most 1.
    ///
    /// At the start of a session nothing has waited yet and the user has not shown how
    /// far they go, but a user who looks at the first screen for a while and then
    /// flings finds blank items on a link that needs a third of a second per image. The
    /// prior fills that buffer while the first screen is read. On a fast link its scale
    /// comes to almost nothing, so it spends no bytes there.
    package var priorRestExcursionScreens: Double = 2
    /// The link time per load (mean load size over learned bandwidth) at which the link
    /// counts as fully slow, for `priorRestExcursionScreens`, for withdrawing a
    /// running visible load during a glide (see ``AdaptivePolicy``, "Leaving items are
    /// not loaded") and for `slowLinkMinimumLoadsInFlight`; positive.
    package var slowLinkLoadTime: Duration = .milliseconds(300)
    /// Before any image has loaded, the latency of the list's last page beyond which the
    /// link counts as slow, for `slowStartVisibleLoads`; positive.
    ///
    /// A page's latency is its round trip, the server's time and a small transfer. It
    /// has to tell the kinds of link apart from one sample, so it sits where their
    /// latencies part, not at a slow link's typical value: in the simulator's standard
    /// world (docs/DESIGN.md, "The standard world": round trips of 20, 70 and 250 ms under
    /// a log-normal jitter of σ 0.35, 60 ms on the server) a `3g` page takes a median
    /// 342 ms and an `lte` one 135 ms. At 200 ms few first pages of either land on the
    /// wrong side; a threshold near a slow link's typical page time would take many slow
    /// sessions for fast ones. An app whose server takes longer than 60 ms to build a
    /// page should add the difference.
    package var slowStartPageLatency: Duration = .milliseconds(200)
    /// How many visible loads run at once, from the leading edge of the screen, while the
    /// link is unknown (no image load has finished) and the list's last page took longer
    /// than `slowStartPageLatency` to arrive (0 disables).
    ///
    /// Loads on one link share its bandwidth: the first screen's images, started
    /// together on a slow link, all arrive at about the same late moment; started two at
    /// a time — one transferring while the next waits out its round trip — the first
    /// arrives after about one image's transfer and the others follow. The leading edge
    /// goes first because the user's first move carries the items at the other edge
    /// away first. One at a time leaves the link idle during each round trip; two keep
    /// it busy. A fast link keeps its parallel start: its first page arrives sooner than
    /// the threshold, and there a delayed third image costs frames for nothing.
    package var slowStartVisibleLoads: Int = 2
    /// The half-life of the share of moving time in which an item on screen waited;
    /// positive (see `excursionMissShare`).
    package var missShareHalfLife: Duration = .seconds(10)
    /// How many loads may be in flight, as a multiple of the link's bandwidth-delay
    /// product in loads (0 disables the limit).
    ///
    /// The product is the learned bandwidth times the typical (median) load latency over
    /// the mean load size: about the loads that keep the link busy while each waits a
    /// round trip for its first byte. Starting more than that adds no throughput; the
    /// loads only share the bandwidth, and each finishes later. The loads held back start
    /// in deadline order as others finish, and those the user turns away from before they
    /// start cost no bytes. A larger value keeps more loads in flight, each slower; a
    /// smaller one may leave the link idle during round trips.
    package var pipeDepthFactor: Double = 1
    /// The fewest loads the in-flight limit allows (see `pipeDepthFactor`); on a slow
    /// link, see `slowLinkMinimumLoadsInFlight`.
    package var minimumLoadsInFlight: Int = 3
    /// The fewest loads the in-flight limit allows on a slow link (one whose learned time
    /// per load reaches `slowLinkLoadTime`) while the user's demand lies outside
    /// `slowLinkBusyDemand`.
    ///
    /// The floor of `minimumLoadsInFlight` is there for a fast link, whose bandwidth
    /// reads low while it idles between requests. A slow link's learned bandwidth is what
    /// it carries, and a third load in flight only shares it: when the user asks little
    /// of the link, two loads keep up; when the user asks far more than it carries, most
    /// items fly past, and a third load is most often for one the motion skips, cancelled
    /// after part of its bytes.
    package var slowLinkMinimumLoadsInFlight: Int = 2
    /// On a slow link, the user's demand within which the floor of loads in flight stays
    /// `minimumLoadsInFlight` (see `slowLinkMinimumLoadsInFlight`). The demand is
    /// what the user's recent top speed asks of the link: items per second at that speed
    /// times the learned time per load, 1 when it asks exactly what the link carries.
    ///
    /// Within it a stream of medium flings keeps the link busy, and the loads in flight
    /// overlap each one's round trip; with only two, the link idles during round trips
    /// and more items on screen wait.
    package var slowLinkBusyDemand: ClosedRange<Double> = 0.5...2.5
    /// The fewest loads the in-flight limit allows per visible item (see
    /// `pipeDepthFactor`).
    ///
    /// The learned bandwidth is what the app asked for, not what the link could carry:
    /// while a fast link idles between requests it reads low, and so would the limit.
    /// A layout with many small items per screen (a grid) needs many loads at once when
    /// a screenful of new items comes into view, so the limit grows with the items on
    /// screen.
    package var loadsInFlightPerVisibleItem: Double = 0.5
    /// How many items a screen may show and still count as sparse, for the skip of the
    /// visible items that a moving viewport carries off before the link could deliver
    /// them.
    ///
    /// While the viewport moves, a visible item that is neither ready nor loading is not
    /// requested when its trailing edge leaves the screen sooner than the link takes to
    /// deliver the visible items still waiting (their count × the mean load size ÷ the
    /// learned bandwidth): its load would be cancelled with most of its bytes spent, and
    /// those bytes are what the items coming into view are waiting for. On a fast link
    /// that time is a few milliseconds, so nothing is skipped.
    ///
    /// A screen with more items than this — more than a link runs connections at once
    /// (6 in the simulator's standard world) — is dense, and there the rule goes
    /// further: the skipped items keep their place among the loads in flight, so the
    /// link they leave is not handed to prefetches, which on a dense screen mostly load
    /// items the motion flies past as well, and running loads are withdrawn too (see
    /// `runningLoadHorizonFactor`).
    package var maximumSparseScreenItems: Int = 6
    /// On a dense screen (see `maximumSparseScreenItems`), how soon a visible item
    /// whose load is running must leave for a moving viewport to withdraw the load, as a
    /// fraction of the time the running visible loads take the link (their count × the
    /// mean load size ÷ the learned bandwidth); 0 withdraws none.
    ///
    /// A dense screen on a slow link asks for far more than the link delivers: the loads
    /// started hold every connection while their items scroll away. Withdrawn while its
    /// item is still in view, a load spends its round trip, not its bytes. The fraction
    /// is below a half (a running load is about half done on average) because a kept
    /// load may still finish when a fling slows down. A smaller value withdraws fewer
    /// loads and spends their bytes on items that have gone; a larger one also withdraws
    /// loads that would have finished while their items were still in view.
    package var runningLoadHorizonFactor: Double = 0.25
    /// On a dense screen (see `runningLoadHorizonFactor`), a running visible load whose
    /// item is leaving is kept all the same when the user has lately been going back and
    /// forth (see `keptLeavingLoadDirectness`) and the motion, were the finger lifted
    /// now, would leave the item less than this many screenfuls behind the viewport; 0
    /// keeps none this way.
    ///
    /// Such a user brings the item back a stroke later, and a withdrawn load starts again
    /// from its first byte. The distance is short because the faster a stroke, the
    /// farther behind it leaves its items, and those do not come back in time: a larger
    /// value keeps loads, and spends their bytes, for items the next stroke does not
    /// reach.
    package var keptLeavingLoadScreens: Double = 0.5
    /// How directly the viewport must have travelled lately, at most, for a leaving
    /// load to be kept (see `keptLeavingLoadScreens`): the net distance over the total
    /// distance moved, faded with `directnessHalfLife`, in `0...1`. Users who keep
    /// going one way come near 1 and leave their items behind for good.
    package var keptLeavingLoadDirectness: Double = 0.5
    /// The half-life of the distances behind `keptLeavingLoadDirectness`; positive.
    package var directnessHalfLife: Duration = .seconds(5)
    /// The speed, in points per second, above which the motion counts as a jump (a
    /// programmatic scroll) and no new network prefetch starts; `.infinity` disables
    /// the rule. See ``AdaptivePolicy``, "Jumps".
    ///
    /// A finger's fling lifts off at a few thousand points per second (the built-in
    /// flingers' p99 is 7,700 pt/s, `lookahead traces describe`); a status-bar tap or an
    /// animated scroll to an item crosses the list at tens of thousands. The glide model
    /// projects such motion onto the start of the list, but a jump back mostly stops well
    /// short of the top, so images loaded there are mostly cancelled or never shown.
    /// Images seen before, stored locally, still load during a jump, so a jump back to
    /// the top finds them.
    package var jumpSpeed: Double = 20_000
    /// The percentile, in `0...100`, of this user's recent drags whose travel the lead
    /// while dragging covers, on a sparse screen (see `maximumSparseScreenItems`); 100
    /// keeps the lead of a drag held at its speed for the whole lead time.
    ///
    /// While the finger drags, the lead reads the motion as a drag held at its speed for
    /// the lead time. Users lift their finger: a flick glides to a stop, a slow drag ends.
    /// So the policy checks its own predictions. Up to ten times a second while dragging,
    /// it notes what the speed promises over the lead time; once that time has passed, it
    /// notes the share of that promise the viewport travelled in the drag's direction, at
    /// most all of it. The lead while dragging is the promise scaled by this percentile of
    /// the last 32 such shares, once `minimumDragSamples` are known.
    ///
    /// The longer the lead time, the more a drag's speed overstates where it goes. With
    /// large images on a slow link, loads (and so the lead time) take seconds, and the
    /// lead of a reader's slow flick reaches screens past where it glides to: bytes spent
    /// on images nobody sees. Where drags are mostly flicks of a few frames, a drag's first
    /// frames, where the scroll tracker's speed (a fit over 100 ms) still rises, promise
    /// less than the drag covers; the shares then come to 1, and the lead is the drag held
    /// at its speed. A lower percentile spends fewer bytes past where drags end, for more
    /// blank frames when a drag goes farther.
    package var dragTravelPercentile: Double = 75
    /// How many drags must be known before `dragTravelPercentile` counts; until then
    /// the lead while dragging is the drag held at its speed.
    package var minimumDragSamples: Int = 8

    /// Creates the default tuning.
    package init() {}
  }
}
