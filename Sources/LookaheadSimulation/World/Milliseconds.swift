import Lookahead

/// Virtual time and durations of the simulation, in milliseconds.
///
/// The simulation runs on virtual time measured in milliseconds as `Double`, the unit of
/// the trace format (`t_ms`; docs/DESIGN.md, "Traces") and of every precise definition
/// (docs/DESIGN.md, "Precise definitions"). A `Double` rather than `Duration` because fair
/// bandwidth sharing produces fractional completion times that must be exact to the last
/// bit for byte-identical runs, and because the event loop of a one-hour trace must stay
/// far below a second.
public typealias Milliseconds = Double

/// The metrics of one simulation run: the list preloader's ``ListMetrics``, measured on
/// virtual time.
public typealias RunMetrics = ListMetrics
