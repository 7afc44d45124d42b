import GRDB

/// Reads the rows of a damaged SQLite table that can still be read, around the pages
/// that cannot.
///
/// A query stops with `SQLITE_CORRUPT` when its cursor reaches a damaged page, and the
/// only way past one is a new query that seeks to a row id beyond it. After an error,
/// the reader looks for the next row id from which a query starts cleanly:
///
/// - in a narrow range (at most ``narrowWidth`` ids) by halving it down to single ids,
///   which finds every readable page;
/// - in a wider one by doubling steps from the failure, then a binary search back,
///   which can miss a readable page lying between two damaged ones whose ids are more
///   than ``narrowWidth`` apart.
///
/// A damaged interior page hides the rows below it from every query, so they are lost.
/// The number of queries is capped at ``queryLimit``, so that a file damaged everywhere
/// costs bounded time.
struct DamagedTableReader {
  /// The widest range of row ids searched exhaustively after an error.
  static let narrowWidth: Int64 = 4_096
  /// The most queries one read makes.
  static let queryLimit = 20_000

  private let db: Database
  private let table: String
  private let columns: String
  private var queries = 0

  /// A reader of `columns` (the first of which must be the row id, `id`) of `table`.
  init(_ db: Database, table: String, columns: String) {
    self.db = db
    self.table = table
    self.columns = columns
  }

  /// Calls `accept` with each readable row with a positive row id (SQLite assigns them
  /// from 1), in row id order between errors. The row is only valid during the call.
  ///
  /// `accept` returns whether it trusts the row: only trusted rows move the scan
  /// forward, so that a damaged row id cannot make it skip the rows after it.
  mutating func readAll(_ accept: (Row) -> Bool) {
    explore(from: 1, through: .max, accept)
  }

  // Ranges include both bounds: a query for `id >= x` seeks to `x`, which lands past a
  // damaged page exactly when `x` is above that page's last row id, so the smallest
  // such `x` is the first row after the page (`id > x` would skip it).

  /// Reads the rows with ids in lower...upper.
  private mutating func explore(from lower: Int64, through upper: Int64, _ accept: (Row) -> Bool) {
    guard lower <= upper, queries < Self.queryLimit else { return }
    if canStart(from: lower, through: upper) {
      scan(from: lower, through: upper, accept)
    } else {
      searchPastDamage(from: lower, through: upper, accept)
    }
  }

  /// Reads from `lower` until the end of the range or an error, then explores the rest.
  private mutating func scan(from lower: Int64, through upper: Int64, _ accept: (Row) -> Bool) {
    queries += 1
    var next = lower
    do {
      let rows = try Row.fetchCursor(
        db, sql: "SELECT \(columns) FROM \(table) WHERE id >= ? AND id <= ? ORDER BY id",
        arguments: [lower, upper])
      while let row = try rows.next() {
        guard let id = Int64.fromDatabaseValue(row[0]), id >= next else { continue }
        if accept(row) {
          guard id < upper else { return }
          next = id + 1
        }
      }
    } catch {
      if next > lower {
        explore(from: next, through: upper, accept)
      } else {
        searchPastDamage(from: lower, through: upper, accept)
      }
    }
  }

  /// Reads the rows with ids in lower...upper when no query starts cleanly at `lower`.
  private mutating func searchPastDamage(
    from lower: Int64, through upper: Int64, _ accept: (Row) -> Bool
  ) {
    guard lower < upper, queries < Self.queryLimit else { return }
    if upper - lower < Self.narrowWidth {
      let middle = lower + (upper - lower) / 2 + 1
      explore(from: middle, through: upper, accept)
      explore(from: lower, through: middle - 1, accept)
      return
    }
    var failed = lower
    var step: Int64 = 1
    var start: Int64?
    while start == nil && queries < Self.queryLimit {
      let (candidate, overflow) = lower.addingReportingOverflow(step)
      guard !overflow, candidate <= upper else { return }
      if canStart(from: candidate, through: upper) {
        start = candidate
      } else {
        failed = candidate
        step = step.multipliedReportingOverflow(by: 2).overflow ? .max : step * 2
      }
    }
    guard var found = start else { return }
    while found - failed > 1 && queries < Self.queryLimit {
      let middle = failed + (found - failed) / 2
      if canStart(from: middle, through: upper) { found = middle } else { failed = middle }
    }
    scan(from: found, through: upper, accept)
    if found - lower <= Self.narrowWidth {
      explore(from: lower, through: found - 1, accept)
    }
  }

  /// Whether a query for the rows from `lower` on reads its first row without an error.
  private mutating func canStart(from lower: Int64, through upper: Int64) -> Bool {
    queries += 1
    do {
      _ = try Int64.fetchOne(
        db, sql: "SELECT id FROM \(table) WHERE id >= ? AND id <= ? ORDER BY id LIMIT 1",
        arguments: [lower, upper])
      return true
    } catch {
      return false
    }
  }
}
