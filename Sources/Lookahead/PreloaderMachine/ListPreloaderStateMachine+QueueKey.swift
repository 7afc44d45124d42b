extension ListPreloaderStateMachine {
  /// What the load queue holds: a resource, or the page request of one end.
  enum QueueKey: Hashable, Sendable, CustomStringConvertible {
    case resource(Key)
    case page(PageEnd)

    /// Hashes the payload alone: the load queue hashes a resource key several times a
    /// frame, and the case adds a round of hashing that only separates a resource from
    /// one of the two pages, which equality does anyway.
    func hash(into hasher: inout Hasher) {
      switch self {
      case .resource(let key): hasher.combine(key)
      case .page(let end): hasher.combine(end)
      }
    }

    var description: String {
      switch self {
      case .resource(let key): "\(key)"
      case .page(let end): "\(end) page"
      }
    }
  }
}
