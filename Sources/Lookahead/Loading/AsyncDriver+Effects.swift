extension AsyncDriver: MachineRunner {
  /// Runs an event on the queue under the lock, with the current time, then performs
  /// the resulting effects.
  func update(_ event: (inout State, Duration) -> [LoadQueue<Key, Waiter>.Action]) {
    run { state, now in absorb(event(&state, now), into: &state, outcome: nil) }
  }

  /// Turns queue actions into effects, taking what they need from the locked
  /// state. `outcome` is the result of the load that produced the actions.
  func absorb(
    _ actions: [LoadQueue<Key, Waiter>.Action], into state: inout State,
    outcome: Result<Value, any Error>?
  ) -> Effects {
    var effects = Effects()
    for action in actions {
      switch action {
      case .start(let key, let ticket, let priority):
        effects.starts.append((key, ticket, priority))
      case .cancel(let key, let ticket):
        if let running = state.tasks[key], running.ticket == ticket {
          state.tasks[key] = nil
          effects.cancellations.append(running.task)
        }
      case .deliver(_, let waiters):
        guard let outcome else {
          preconditionFailure("Internal inconsistency: deliver without a loaded value")
        }
        resume(waiters, with: outcome, from: &state, into: &effects)
      case .fail(_, let error, let waiters):
        resume(waiters, with: .failure(error), from: &state, into: &effects)
      case .scheduleWakeUp(let at):
        effects.wakeUp = state.wakeUp.ask(at: at)
      }
    }
    return effects
  }

  private func resume(
    _ waiters: [Waiter], with result: Result<Value, any Error>, from state: inout State,
    into effects: inout Effects
  ) {
    for case .call(let id) in waiters {
      if let continuation = state.calls.removeValue(forKey: id) {
        effects.resumptions.append((continuation, result))
      }
    }
  }

  /// Performs effects; never called with the lock held.
  func perform(_ effects: Effects) {
    for task in effects.cancellations { task.cancel() }
    for (continuation, result) in effects.resumptions { continuation.resume(with: result) }
    for start in effects.starts {
      launch(start.key, ticket: start.ticket, priority: start.priority)
    }
    if let wakeUp = effects.wakeUp { scheduleWakeUp(wakeUp) }
  }

  private func launch(_ key: Key, ticket: LoadTicket, priority: LoadPriority) {
    locked.startTask(priority: priority.taskPriority) {
      let result: Result<Value, any Error>
      do {
        result = .success(try await self.loader.load(key))
      } catch {
        result = .failure(error)
      }
      self.finish(key, ticket: ticket, result: result)
    } adopt: { state, task in
      // The load may already be over, or cancelled, by the time it is recorded.
      guard state.queue.currentTicket(of: key) == ticket else { return false }
      state.tasks[key] = (ticket, task)
      return true
    }
  }

  private func finish(_ key: Key, ticket: LoadTicket, result: Result<Value, any Error>) {
    if case .success(let value) = result, let cache {
      cache.setValue(value, forKey: key, cost: cost(value))
    }
    run { state, now in
      if state.tasks[key]?.ticket == ticket { state.tasks[key] = nil }
      let actions: [LoadQueue<Key, Waiter>.Action]
      switch result {
      case .success:
        actions = state.queue.loadFinished(key, ticket: ticket, now: now)
      case .failure(let error):
        actions = state.queue.loadFailed(key, ticket: ticket, error: classify(error), now: now)
      }
      return absorb(actions, into: &state, outcome: result)
    }
  }

  /// Due retries and the end of a rate limit's wait.
  func wake() {
    update { state, now in state.queue.tick(now: now) }
  }
}
