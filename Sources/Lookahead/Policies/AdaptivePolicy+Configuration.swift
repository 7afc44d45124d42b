extension AdaptivePolicy {
  /// The tuning of the adaptive policy.
  ///
  /// The defaults were chosen on the simulator's standard world (docs/DESIGN.md,
  /// "The standard world") over every scenario and network profile, and checked on traces
  /// they were not chosen on.
  ///
  /// A value type; thread-safe.
  public struct Configuration: Sendable, Hashable {
    /// The latency quantile the lead covers.
    public var latencyQuantile: Double = 0.9
    /// The expected latency before any load finished.
    public var initialLatency: Duration = .milliseconds(400)
    /// Time added to the learned latency.
    public var margin: Duration = .milliseconds(100)
    /// The smallest lead at rest, in screenfuls.
    public var minimumRestLeadScreens: Double = 0.35
    /// How far the lead at rest grows per second of idle time, in screenfuls.
    ///
    /// 0 by default: on the randomised trace family, growing the lead while the user
    /// looks at a screen cost bytes on slow networks (loads of items the user never
    /// reached) and saved no blank frame on fast ones.
    public var idleGrowthScreensPerSecond: Double = 0
    /// The largest lead, in screenfuls beyond the viewport (or beyond a fling's
    /// landing), for a user whom the items on screen keep waiting; for one whose link
    /// keeps up, ``keptUpLeadScreens``, and in between in proportion to how often items
    /// on screen waited lately (the share of moving time, in full from
    /// ``excursionMissShare`` on). The same cap holds for the range kept behind the
    /// viewport.
    public var maximumLeadScreens: Double = 6
    /// The largest lead, in screenfuls, while the link keeps up with the user (see
    /// ``maximumLeadScreens``).
    ///
    /// While the viewport moves, the lead is the distance it covers within the lead
    /// time; on a slow link at a fling's speed that is many screens. Where the link
    /// keeps up, the far ones were rarely worth their bytes: on the randomised trace
    /// family over 3G the user caught the glide with another fling and flew past them,
    /// or the session ended at the farthest point reached. Together with
    /// ``keptUpRestLeadScreens`` and ``keptUpExcursionLeadScreens`` this took the
    /// per-trace pass rate of the tuning seeds 301–700 from 89.5 % to 91.8 % and of
    /// 1–100 from 97 % to 99 %, for avoidable blank item-frames 0.49× → 0.50× and
    /// 0.52× → 0.53× Texture's (BENCHMARKS.md, "Farthest reach"). Applied to every user
    /// alike, the same caps reached 95.8 % but raised avoidable blank item-frames from
    /// 0.49× to 0.60× Texture's, on the sessions where the link was starved. This value
    /// also caps the range kept behind the viewport (``trailingScreens``,
    /// ``reversalFactor``), as ``maximumLeadScreens`` does.
    public var keptUpLeadScreens: Double = 3
    /// How far from the viewport a running prefetch that is no longer wanted, whose item
    /// the viewport has not reached yet, is kept, in screenfuls; further away it is
    /// cancelled.
    ///
    /// A load kept for the way back after a reversal spends no more bytes than it has.
    /// Cancelling them at 3 screens (with the lead capped there too) cost bytes, the
    /// partial transfers, on `lte`: the built-in flinger traces went to 1.003× Texture's
    /// bytes and the random family's per-trace pass rate from 97 % to 96 %.
    public var maximumKeptLoadScreens: Double = 6
    /// Screenfuls kept behind the viewport; the range behind is capped like the lead
    /// (see ``maximumLeadScreens``).
    public var trailingScreens: Double = 0
    /// How much of the lead a user who recently scrolled the other way keeps behind
    /// the viewport (0 disables): reversals are behaviour too.
    public var reversalFactor: Double = 0
    /// Screenfuls behind the viewport prefetched at rest on a dense screen (see
    /// ``maximumSparseScreenItems``), capped like the lead (see
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
    /// On the randomised trace family over `3g`, together with the lower page floor of
    /// ``AdaptivePageTrigger/screensPerLatencySecond``, it took avoidable blank
    /// item-frames on the grid from 1.26× Texture's to 0.83× (seeds 1–100) and from
    /// 1.23× to 0.36× (101–200). On a sparse screen (a feed) the link keeps up with a
    /// screenful within a second or so, and the same range cost bytes — rows behind a
    /// reader who never goes back: the per-trace pass rate of the tuning seeds 301–700
    /// fell from 95.5 % to 91.2 % (measured with a page floor of 6 screenfuls per second;
    /// BENCHMARKS.md, "Where a dense screen's link idled").
    public var denseRestTrailingScreens: Double = 2
    /// How long the user's recent speed is remembered (half-life).
    public var recentSpeedHalfLife: Duration = .seconds(4)
    /// The most prefetches wanted at once on a network whose lead time is zero.
    public var maximumPrefetches: Int = 8
    /// Extra prefetches allowed per second of lead time.
    ///
    /// A slow network has a long lead time and needs a deeper buffer to ride out a
    /// burst of fast scrolling that outruns its bandwidth; a fast one refills a short
    /// buffer in time and would only waste bytes on a longer one.
    public var prefetchesPerLeadSecond: Double = 1.5
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
    public var nearlyDoneFraction: Double = 1
    /// Until this many loads have finished, no prefetch starts while an item on
    /// screen is loading (0 disables): before the network is known, what the user
    /// sees comes first.
    public var learningLoads: Int = 2
    /// The largest share of the bandwidth the user's demand for bytes is taken to be
    /// when the lead at rest is stretched for it (0 disables the stretch).
    ///
    /// A viewport scrolling at the recent top speed *v* points per second over items of
    /// *b* bytes per point demands *v·b* bytes per second; when that approaches the
    /// learned bandwidth *B*, the items within the lead share the link, so the lead
    /// time at rest grows to `lead / (1 - v·b/B)`, the ratio capped at this share.
    public var bandwidthDemandLimit: Double = 0.9
    /// The fewest prefetches wanted at once, in screenfuls of items: a layout with many
    /// small items per screen needs more items than ``maximumPrefetches`` to cover the
    /// same distance.
    public var minimumPrefetchScreens: Double = 2.5
    /// The farthest the lead at rest is stretched for bandwidth, in screenfuls (see
    /// ``bandwidthDemandLimit``); it is also never stretched past the user's recent
    /// longest stroke.
    public var maximumStretchedLeadScreens: Double = 2.5
    /// The farthest the lead at rest follows the user's recent top speed, in
    /// screenfuls beyond the viewport (or beyond a fling's landing).
    ///
    /// A peak speed times a slow network's latency can ask for six screens and more;
    /// on the randomised trace family most of those loads were never seen, because
    /// the next fling rarely goes that far from rest, and the bytes they took slowed
    /// the images the user did reach. This is the cap for a user whom the items on
    /// screen keep waiting; while the link keeps up, ``keptUpRestLeadScreens``, and in
    /// between in proportion (see ``maximumLeadScreens``).
    public var maximumRestLeadScreens: Double = 2.5
    /// The farthest the lead at rest follows the user's recent top speed while the link
    /// keeps up, in screenfuls (see ``maximumRestLeadScreens`` and
    /// ``keptUpLeadScreens``): beyond it, loads at rest were mostly of images past the
    /// farthest point the user reached.
    public var keptUpRestLeadScreens: Double = 2
    /// How much of the lead at rest is wanted past a glide's landing while the glide
    /// lasts, on a fast link that keeps up and a sparse screen (see
    /// ``maximumSparseScreenItems``), as a share of that lead (`0...1`; 1 wants it all).
    ///
    /// During a glide the policy wants the landing and, past it, the lead at rest. On a
    /// link that delivers a load in a fraction of ``slowLinkLoadTime`` and keeps up with
    /// the user, what lies past the landing arrives soon enough once the viewport rests
    /// there; loaded while the glide lasted, it was often never shown, because the user
    /// caught the glide and turned or the session ended. The share rises to 1 in
    /// proportion to how slow the link is (its time per load over ``slowLinkLoadTime``)
    /// or to how often items on screen kept the user waiting (see
    /// ``maximumLeadScreens``), whichever is larger: on a slow link every second of a
    /// glide counts. At 0.5, on the random family over `lte` (tuning seeds 301–700)
    /// bytes went from 0.972× to 0.965× Texture's and avoidable blank item-frames from
    /// 0.09× to 0.12×; `3g` did not move (BENCHMARKS.md, "A glide's landing on a fast
    /// link").
    public var keptUpGlideRestLeadShare: Double = 0.5
    /// How much of the lead at rest the user's own excursions decide when items on
    /// screen have kept the user waiting: the share of recent moving time with an item on
    /// screen waiting for its image at which they decide it in full (0 disables them,
    /// and holds every cap on the reach at its maximum: ``maximumLeadScreens``,
    /// ``maximumRestLeadScreens`` and ``maximumExcursionLeadScreens``).
    ///
    /// After each rest, the policy records how far the viewport went in the next
    /// ``restExcursionWindow`` in the direction of the last scroll. At rest it keeps, at
    /// least, the ``restExcursionPercentile`` of those excursions loaded ahead (up to a
    /// cap, see ``maximumExcursionLeadScreens``), scaled by the recent share of moving time in
    /// which an item on screen waited, over this value. A link that keeps up with the
    /// user never makes an item wait, and then this adds nothing: the lead at rest stays
    /// what the recent top speed calls for, and no byte is spent in advance. On the
    /// randomised trace family over 3G (validation seeds) it cut avoidable blank
    /// item-frames from 0.56× to 0.49× Texture's for 2 % more bytes, leaving `lte` and
    /// `wifi` unchanged, and to 0.45× with ``priorRestExcursionScreens`` (BENCHMARKS.md).
    public var excursionMissShare: Double = 0.1
    /// The percentile of recent excursions from rest kept loaded ahead at rest, in
    /// `0...100` (see ``excursionMissShare``).
    public var restExcursionPercentile: Double = 55
    /// How long after a rest begins its excursion is measured; positive (see
    /// ``excursionMissShare``).
    public var restExcursionWindow: Duration = .seconds(8)
    /// The farthest ahead the excursions from rest take the lead at rest, in screenfuls
    /// (see ``excursionMissShare``), for a user whom the items on screen keep waiting.
    ///
    /// The excursions count in proportion to how often items on screen waited lately
    /// (the share *s* of moving time over ``excursionMissShare``, at most 1), and so
    /// does their cap: they reach *s* × the excursion, at most *s* × a cap that runs
    /// from ``keptUpExcursionLeadScreens`` at *s* = 0 to this value at *s* = 1.
    public var maximumExcursionLeadScreens: Double = 4
    /// The excursions' cap at the low end of the share of moving time in which items on
    /// screen waited, in screenfuls (see ``maximumExcursionLeadScreens``): it lowers the
    /// reach of a user kept waiting only part of the time. A link that keeps up makes no
    /// item wait, and then the excursions add nothing whatever this value. 2.5 is
    /// Texture's preload range.
    public var keptUpExcursionLeadScreens: Double = 2.5
    /// How many excursions from rest must be known before they count (see
    /// ``excursionMissShare``); until then, ``priorRestExcursionScreens`` stands in.
    public var minimumRestExcursions: Int = 3
    /// The excursion from rest assumed before ``minimumRestExcursions`` are known, in
    /// screenfuls, scaled by how slow the link is: the learned link time per load over
    /// ``slowLinkLoadTime``, at most 1.
    ///
    /// At the start of a session nothing has waited yet and the user has not shown how
    /// far they go, but a user who looks at the first screen for a while and then
    /// flings finds blank items on a link that needs a third of a second per image. On
    /// the randomised trace family over 3G (tuning seeds) this prior cut the reading
    /// group's avoidable blank item-frames from 0.53× to 0.30× Texture's and raised the
    /// per-trace pass rate from 95 % to 97 %; on `wifi` it changes nothing.
    public var priorRestExcursionScreens: Double = 2
    /// The link time per load (mean load size over learned bandwidth) at which the link
    /// counts as fully slow, for ``priorRestExcursionScreens``, for withdrawing a
    /// running visible load during a glide (see ``AdaptivePolicy``, "Leaving items are
    /// not loaded") and for ``slowLinkMinimumLoadsInFlight``; positive.
    public var slowLinkLoadTime: Duration = .milliseconds(300)
    /// Before any image has loaded, the latency of the list's last page beyond which the
    /// link counts as slow, for ``slowStartVisibleLoads``; positive.
    ///
    /// A page's latency is its round trip, the server's time and a small transfer. It
    /// has to tell the kinds of link apart from one sample, so it sits where their
    /// latencies part, not at a slow link's typical value: in the simulator's standard
    /// world (docs/DESIGN.md, "The standard world": round trips of 20, 70 and 250 ms under
    /// a log-normal jitter of σ 0.35, 60 ms on the server) a `3g` page takes a median
    /// 342 ms and an `lte` one 135 ms. At 200 ms, 0.8 % of `3g` first pages come in sooner
    /// and 3 % of `lte` ones later; at 300 ms (the setting before, shared with
    /// ``slowLinkLoadTime``) 30 % of `3g` sessions started as if on a fast link. On the
    /// randomised trace family over 3G, tuning seeds 301–700, the per-trace pass rate went
    /// from 96.8 % to 97.5 % (BENCHMARKS.md, "A slow first page, told apart"). An app whose
    /// server takes longer than 60 ms to build a page should add the difference.
    public var slowStartPageLatency: Duration = .milliseconds(200)
    /// How many visible loads run at once, from the leading edge of the screen, while the
    /// link is unknown (no image load has finished) and the list's last page took longer
    /// than ``slowStartPageLatency`` to arrive (0 disables).
    ///
    /// Loads on one link share its bandwidth: the first screen's images, started
    /// together on a slow link, all arrive at about the same late moment; started two at
    /// a time — one transferring while the next waits out its round trip — the first
    /// arrives after about one image's transfer and the others follow. The leading edge
    /// goes first because the user's first move carries the items at the other edge
    /// away first. On the randomised trace family over 3G (tuning seeds 301–700) this
    /// took the per-trace pass rate from 94.5 % to 95.8 %; one at a time lost the round
    /// trip (93.0 %), three at a time did about as well as two (95.5 %). A fast link
    /// keeps its parallel start: its first page arrives sooner than the threshold, and
    /// there a delayed third image costs frames for nothing (BENCHMARKS.md, "The first
    /// screen on a slow link").
    public var slowStartVisibleLoads: Int = 2
    /// The half-life of the share of moving time in which an item on screen waited;
    /// positive (see ``excursionMissShare``).
    public var missShareHalfLife: Duration = .seconds(10)
    /// How many loads may be in flight, as a multiple of the link's bandwidth-delay
    /// product in loads (0 disables the limit).
    ///
    /// The product is the learned bandwidth times the typical (median) load latency over
    /// the mean load size: about the loads that keep the link busy while each waits a
    /// round trip for its first byte. Starting more than that adds no throughput; the
    /// loads only share the bandwidth, and each finishes later. On the randomised trace
    /// family over 3G this limit cut avoidable blank item-frames by a sixth and bytes by
    /// 5 %, and it took the per-trace pass rate from 68 % to 88 % (BENCHMARKS.md).
    public var pipeDepthFactor: Double = 1
    /// The fewest loads the in-flight limit allows (see ``pipeDepthFactor``); on a slow
    /// link, see ``slowLinkMinimumLoadsInFlight``.
    public var minimumLoadsInFlight: Int = 3
    /// The fewest loads the in-flight limit allows on a slow link (one whose learned time
    /// per load reaches ``slowLinkLoadTime``) while the user's demand lies outside
    /// ``slowLinkBusyDemand``.
    ///
    /// The floor of ``minimumLoadsInFlight`` is there for a fast link, whose bandwidth
    /// reads low while it idles between requests. A slow link's learned bandwidth is what
    /// it carries, and a third load in flight only shares it: when the user asks little
    /// of the link, two loads keep up; when the user asks far more than it carries, most
    /// items fly past, and a third load is most often for one the motion skips, cancelled
    /// after part of its bytes. On the randomised trace family over 3G, tuning seeds
    /// 301–700, bytes fell from 0.905× to 0.884× Texture's and avoidable blank
    /// item-frames from 0.457× to 0.452×; most of the bytes saved were partial transfers
    /// of cancelled loads (BENCHMARKS.md, "Two loads in flight on a slow link").
    public var slowLinkMinimumLoadsInFlight: Int = 2
    /// On a slow link, the user's demand within which the floor of loads in flight stays
    /// ``minimumLoadsInFlight`` (see ``slowLinkMinimumLoadsInFlight``). The demand is
    /// what the user's recent top speed asks of the link: items per second at that speed
    /// times the learned time per load, 1 when it asks exactly what the link carries.
    ///
    /// Within it a stream of medium flings keeps the link busy, and the loads in flight
    /// overlap each one's round trip; with two, the built-in `skimmer` traces over 3G
    /// (seeds 6–105) went from 0.199× to 0.271× Texture's avoidable blank item-frames.
    public var slowLinkBusyDemand: ClosedRange<Double> = 0.5...2.5
    /// The fewest loads the in-flight limit allows per visible item (see
    /// ``pipeDepthFactor``).
    ///
    /// The learned bandwidth is what the app asked for, not what the link could carry:
    /// while a fast link idles between requests it reads low, and so would the limit.
    /// A layout with many small items per screen (a grid) needs many loads at once when
    /// a screenful of new items comes into view, so the limit grows with the items on
    /// screen.
    public var loadsInFlightPerVisibleItem: Double = 0.5
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
    /// link they leave is not handed to prefetches (on the `3g` grid that cost
    /// 1.14–1.55× Texture's bytes), and running loads are withdrawn too (see
    /// ``runningLoadHorizonFactor``).
    public var maximumSparseScreenItems: Int = 6
    /// On a dense screen (see ``maximumSparseScreenItems``), how soon a visible item
    /// whose load is running must leave for a moving viewport to withdraw the load, as a
    /// fraction of the time the running visible loads take the link (their count × the
    /// mean load size ÷ the learned bandwidth); 0 withdraws none.
    ///
    /// A dense screen on a slow link asks for far more than the link delivers: the loads
    /// started hold every connection while their items scroll away. Withdrawn while its
    /// item is still in view, a load spends its round trip, not its bytes. The fraction
    /// is below a half (a running load is about half done on average) because a kept
    /// load may still finish when a fling slows down. On the `3g` grid, 0.1 cost bytes
    /// and 0.35–0.5 cost blank frames on the randomised trace family (BENCHMARKS.md).
    public var runningLoadHorizonFactor: Double = 0.25
    /// On a dense screen (see ``runningLoadHorizonFactor``), a running visible load whose
    /// item is leaving is kept all the same when the user has lately been going back and
    /// forth (see ``keptLeavingLoadDirectness``) and the motion, were the finger lifted
    /// now, would leave the item less than this many screenfuls behind the viewport; 0
    /// keeps none this way.
    ///
    /// Such a user brings the item back a stroke later, and a withdrawn load starts again
    /// from its first byte. On the `3g` grid of the randomised trace family this took
    /// avoidable blank item-frames from 0.51× to 0.34× Texture's (tuning seeds 301–500)
    /// and from 0.58× to 0.51× (validation seeds 101–300) at the same bytes, and on a
    /// second, separately written trace generator's reversers from 2.4× to 0.45×
    /// (BENCHMARKS.md). At 0.75 the built-in `3g` grid reverser spent 1.06× Texture's
    /// bytes, at a screenful 1.13×: its strokes are twice as fast, and the items it
    /// leaves that far behind do not come back in time.
    public var keptLeavingLoadScreens: Double = 0.5
    /// How directly the viewport must have travelled lately, at most, for a leaving
    /// load to be kept (see ``keptLeavingLoadScreens``): the net distance over the total
    /// distance moved, faded with ``directnessHalfLife``, in `0...1`. Users who keep
    /// going one way come near 1 and leave their items behind for good.
    public var keptLeavingLoadDirectness: Double = 0.5
    /// The half-life of the distances behind ``keptLeavingLoadDirectness``; positive.
    public var directnessHalfLife: Duration = .seconds(5)
    /// The speed, in points per second, above which the motion counts as a jump (a
    /// programmatic scroll) and no new network prefetch starts; `.infinity` disables
    /// the rule. See ``AdaptivePolicy``, "Jumps".
    ///
    /// A finger's fling lifts off at a few thousand points per second (the built-in
    /// flingers' p99 is 7,700 pt/s, `lookahead traces describe`); a status-bar tap or an
    /// animated scroll to an item crosses the list at tens of thousands. The glide model
    /// projects such motion onto the start of the list, and on the built-in `lte`
    /// flinger traces (seeds 6–45) `adaptive` spent 6.5 MB there on images that were
    /// cancelled or never shown, for 2.1 MB that were: a jump back in them stops at
    /// 0–30 % of the offset, rarely at the top. Images seen before, stored locally, still
    /// load during a jump, so a jump back to the top finds them (BENCHMARKS.md, "Jumps
    /// and the disk tier").
    public var jumpSpeed: Double = 20_000
    /// The percentile, in `0...100`, of this user's recent drags whose travel the lead
    /// while dragging covers, on a sparse screen (see ``maximumSparseScreenItems``); 100
    /// keeps the lead of a drag held at its speed for the whole lead time.
    ///
    /// While the finger drags, the lead reads the motion as a drag held at its speed for
    /// the lead time. Users lift their finger: a flick glides to a stop, a slow drag ends.
    /// So the policy checks its own predictions. Up to ten times a second while dragging,
    /// it notes what the speed promises over the lead time; once that time has passed, it
    /// notes the share of that promise the viewport travelled in the drag's direction, at
    /// most all of it. The lead while dragging is the promise scaled by this percentile of
    /// the last 32 such shares, once ``minimumDragSamples`` are known.
    ///
    /// The longer the lead time, the more a drag's speed overstates where it goes. With
    /// images of 100–600 kB on `3g`, loads (and so the lead time) of seconds took a
    /// reader's slow flick two screens past where it glided to, and the images started
    /// there were the bytes by which `adaptive` missed the per-trace criterion. On the
    /// random family in that world (seeds 1–100), this took the per-trace passes from 80 to
    /// 90 and bytes from 0.922× to 0.911× Texture's, with the same avoidable blank frames
    /// (0.102× → 0.101×). In the standard world, every `3g` ratio of the random family
    /// moved by less than 0.001×, and `lte`, `wifi` and the grid did not move at all. Its
    /// drags are mostly flicks of a few frames, and a drag's first frames, where the scroll
    /// tracker's speed (a fit over 100 ms) still rises, promise less than the drag covers,
    /// so the percentile stays at 1. The median (50) spent fewer bytes still in the
    /// large-image world, for 16 % more avoidable blank frames there (BENCHMARKS.md, "How
    /// far a drag goes").
    public var dragTravelPercentile: Double = 75
    /// How many drags must be known before ``dragTravelPercentile`` counts; until then
    /// the lead while dragging is the drag held at its speed.
    public var minimumDragSamples: Int = 8

    /// Creates the default tuning.
    public init() {}
  }
}
