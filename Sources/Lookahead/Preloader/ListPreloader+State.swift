import Foundation

extension ListPreloader {
  /// A load in flight: its ticket, its task once launched, and when it started.
  struct Load {
    var ticket: LoadTicket
    var task: Task<Void, Never>?
    var startedAt: Duration
    /// Whether the field metrics count the load as a network request: every start until
    /// its launch finds a cache tier holding the key.
    var isNetworkRequest = true
  }

  /// What is ready, for the state machine: a key whose value is in the cache's memory
  /// tier and whose load, if any, has finished.
  ///
  /// A load stores its value in the cache before it reports to the state machine under
  /// the lock (a disk write must not hold the lock). A frame decided in between must not
  /// take the key as ready: it would drop the key from the wanted set and cancel a load
  /// that has in fact finished, whose bytes, latency and readiness would then never be
  /// counted. A resource is ready when the machine learns of it, as in the simulator.
  struct CacheReadiness: ResourceReadiness {
    let cache: any Caching<Key, Resource>
    let loads: [Key: Load]

    func isReady(_ key: Key) -> Bool {
      loads[key] == nil && cache.containsMemoryValue(forKey: key)
    }

    func isStoredLocally(_ key: Key) -> Bool {
      cache.containsLocalValue(forKey: key)
    }
  }

  /// A cell waiting for its resource.
  typealias Continuation = CheckedContinuation<Resource, any Error>

  /// Who waits for a resource: a task (``ListPreloader/resource(for:priority:)``), or a
  /// view's observation (``ListPreloader/observeResource(for:priority:onChange:)``), which
  /// lasts until it is cancelled or its resource arrives.
  enum Caller {
    case task(Continuation)
    case observer(key: Key, onChange: @Sendable (ResourceState<Resource>) -> Void)
  }

  /// Everything the preloader changes under its lock.
  struct State: KeepsWakeUp {
    var machine: StateMachine
    var loads: [Key: Load] = [:]
    /// The tickets of cancelled loads whose tasks have not ended: what they transferred
    /// before the cancellation still counts as bytes.
    var abandonedLoads: Set<LoadTicket> = []
    var pageTasks: [UInt64: Task<Void, Never>] = [:]
    var calls: [UInt64: Caller] = [:]
    var nextCallID: UInt64 = 0
    var wakeUp = WakeUpTimer()
    var observers: [UInt64: AsyncStream<Event>.Continuation] = [:]
    var nextObserverID: UInt64 = 0
    /// Events not yet given to the observers, oldest first, each with the newest
    /// observer it is for: a stream gets the events from its creation on (see
    /// ``ListPreloader/deliverEvents()``).
    var outbox: [(event: Event, lastObserverID: UInt64)] = []
    /// Whether a caller is giving the outbox to the observers.
    var isDelivering = false
    var recorder = ListMetricsRecorder<Item.ID, Key>()
    var network = ListMetricsRecorder<Item.ID, Key>.NetworkCounts()
    var peakCacheBytes = 0
    /// Whether positions name the same items as at the last recorded frame.
    var positionsAreStable = true
    var trace: ScrollTraceRecorder?
    /// Observers to register again once the actions of an event are absorbed.
    var rewaiting: [(key: Key, id: UInt64)] = []

    init(machine: StateMachine, trace: ScrollTraceRecorder?) {
      self.machine = machine
      self.trace = trace
    }

    /// Queues an event for the current observers, if any;
    /// ``ListPreloader/deliverEvents()`` gives it to them after the lock.
    mutating func notify(_ event: Event) {
      guard !observers.isEmpty else { return }
      outbox.append((event, nextObserverID))
    }

    /// Turns the machine's actions into effects to perform after the lock, and
    /// bookkeeping. `outcome` is the result of the load that produced the actions.
    mutating func absorb(
      _ actions: [StateMachine.Action], now: Duration, outcome: Result<Resource, any Error>?
    ) -> Effects {
      var effects = Effects()
      for action in actions {
        switch action {
        case .startLoad(let key, let ticket, let priority):
          loads[key] = Load(ticket: ticket, startedAt: now)
          // Counted as a request now, like the simulator's; taken back at the launch when
          // a cache tier holds the key (see `ListPreloader.launch`).
          network.requests += 1
          effects.starts.append((key, ticket, priority))
        case .cancelLoad(let key, let ticket):
          guard let load = loads[key], load.ticket == ticket else { break }
          loads[key] = nil
          abandonedLoads.insert(ticket)
          network.cancelled += 1
          if let task = load.task { effects.cancellations.append(task) }
        case .deliver(_, let ids):
          guard let outcome else {
            preconditionFailure("Internal inconsistency: deliver without a loaded value")
          }
          resume(ids, with: outcome, now: now, into: &effects)
        case .fail(let key, let error, let ids):
          resume(ids, with: .failure(error), now: now, into: &effects)
          // A cancelled load is not a failure of the resource.
          if error.kind != .cancelled { notify(.resourceFailed(key, error)) }
        case .fetchPage(let request):
          network.requests += 1
          effects.fetches.append(request)
        case .cancelPage(let request):
          if let task = pageTasks.removeValue(forKey: request.id) {
            effects.cancellations.append(task)
          }
        case .listChanged(let change):
          if !change.indexChanges.isAppendOnly { positionsAreStable = false }
          // An event changes the list at most once (one page, refresh or restore), so the
          // machine's list now is the one this change produces.
          notify(.listChanged(ListChange(change, items: machine.items)))
        case .pageFailed(let error, let retryAt):
          notify(.pageFailed(error, retryAt: retryAt))
        case .refreshFailed(let error):
          notify(.refreshFailed(error))
        case .interfaceStatesChanged(let transitions):
          notify(.interfaceStatesChanged(transitions))
        case .prefetch(let items):
          notify(.prefetch(items))
        case .cancelPrefetching(let items):
          notify(.cancelPrefetching(items))
        case .scheduleWakeUp(let at):
          effects.wakeUp = wakeUp.ask(at: at)
        }
      }
      // Observers answered with a failure wait again, after the actions that answered
      // them.
      while !rewaiting.isEmpty {
        let (key, id) = rewaiting.removeFirst()
        let actions = machine.request(key, id: id, waitsForStrategy: true, now: now)
        if !actions.isEmpty { effects.append(absorb(actions, now: now, outcome: nil)) }
      }
      effects.hasEvents = !outbox.isEmpty
      return effects
    }

    private mutating func resume(
      _ ids: [UInt64], with result: Result<Resource, any Error>, now: Duration,
      into effects: inout Effects
    ) {
      for id in ids {
        switch calls[id] {
        case .task(let continuation):
          calls[id] = nil
          effects.resumptions.append((continuation, result))
        case .observer(let key, let onChange):
          switch result {
          case .success(let value):
            calls[id] = nil
            effects.notifications.append((onChange, .loaded(value)))
          case .failure(let error):
            // The view shows the failure and keeps waiting: the strategy retries the key
            // when it wants it anew, and the view gets it then. A cancellation (the
            // caller's direct request, cancelled by `cancelAll()`) shows nothing new.
            if (error as? LoadError)?.kind != .cancelled {
              effects.notifications.append((onChange, .failed(error)))
            }
            rewaiting.append((key, id))
          }
        case nil:
          break
        }
      }
    }

    /// Measures the frame just decided.
    mutating func recordFrame(now: Duration, cache: any Caching<Key, Resource>) {
      let time = now.inMilliseconds
      if let last = recorder.lastFrame, time <= last { return }
      let list = machine.items
      let machine = machine
      recorder.recordFrame(
        time: time, visible: machine.visibleItems, positionsAreStable: positionsAreStable,
        isStalled: machine.isStalled, id: { list[$0].id },
        key: { machine.resourceKey(ofItemAt: $0) },
        isReady: CacheReadiness(cache: cache, loads: loads).isReady)
      positionsAreStable = true
      // A visible cell holds its resource: it stays the most recently used, in item
      // order, as it does in the simulator.
      for index in machine.visibleItems {
        if let key = machine.resourceKey(ofItemAt: index) { _ = cache.memoryValue(forKey: key) }
      }
      peakCacheBytes = Swift.max(peakCacheBytes, cache.memoryCost)
    }

    /// The metrics so far.
    func currentMetrics() -> ListMetrics {
      recorder.finish(network: network, peakCacheBytes: peakCacheBytes)
    }

    /// Cancels everything and forgets it: the preloader is going away.
    mutating func closeAll() -> Effects {
      var effects = Effects()
      effects.cancellations = loads.values.compactMap(\.task) + Array(pageTasks.values)
      abandonedLoads = []
      if let task = wakeUp.cancel() { effects.cancellations.append(task) }
      for caller in calls.values {
        if case .task(let continuation) = caller {
          effects.resumptions.append((continuation, .failure(CancellationError())))
        }
      }
      effects.finishedObservers = Array(observers.values)
      loads = [:]
      pageTasks = [:]
      calls = [:]
      observers = [:]
      return effects
    }
  }

  /// Work to do after leaving the lock.
  struct Effects {
    var starts: [(key: Key, ticket: LoadTicket, priority: LoadPriority)] = []
    var fetches: [PageRequest] = []
    var cancellations: [Task<Void, Never>] = []
    var resumptions: [(Continuation, Result<Resource, any Error>)] = []
    var notifications: [(@Sendable (ResourceState<Resource>) -> Void, ResourceState<Resource>)] =
      []
    var wakeUp: WakeUpTimer.Request?
    var finishedObservers: [AsyncStream<Event>.Continuation] = []
    /// Whether events wait in the state's outbox.
    var hasEvents = false

    /// Adds `other`'s work after this one's.
    mutating func append(_ other: Effects) {
      starts += other.starts
      fetches += other.fetches
      cancellations += other.cancellations
      resumptions += other.resumptions
      notifications += other.notifications
      if let wakeUp = other.wakeUp { self.wakeUp = wakeUp }
      finishedObservers += other.finishedObservers
      hasEvents = hasEvents || other.hasEvents
    }

    /// Performs what needs no preloader: cancellations, resumptions, finished streams.
    func perform() {
      for task in cancellations { task.cancel() }
      for (continuation, result) in resumptions { continuation.resume(with: result) }
      for (onChange, state) in notifications { onChange(state) }
      for observer in finishedObservers { observer.finish() }
    }
  }
}
