import Foundation
import GRDB

#if canImport(GRDBSQLite)
  import GRDBSQLite
#elseif canImport(SQLite3)
  import SQLite3
#endif

/// Opens the SQLite databases of the stores: WAL, a damaged file rebuilt instead of a
/// crash, and a read-only fallback when the folder cannot be written.
enum StoreDatabase {
  /// How a store trades durability against write speed. Both settings keep every
  /// commit atomic and the file consistent after a crash of the process or a power
  /// loss; they differ in what a power loss may take back.
  struct Tuning: Sendable {
    /// The page size of a newly created database file, in bytes (an existing file
    /// keeps its own).
    var pageSize: Int
    /// Whether a commit waits for the write-ahead log to reach the disk
    /// (`synchronous = FULL`). Without it (`NORMAL`) a commit costs no fsync, and a
    /// power loss (not a process crash) can undo the last commits.
    var syncsEachCommit: Bool
    /// Whether reads run on a connection of their own, concurrently with a write
    /// (WAL lets a reader see the last commit while a writer works), instead of
    /// waiting for it on the writer's connection.
    var readsConcurrently: Bool

    /// Documents the app cannot download again: every commit survives a power loss.
    static let durable = Tuning(pageSize: 4_096, syncsEachCommit: true, readsConcurrently: false)
    /// Bytes that can be downloaded again: commits do not wait for the disk; with
    /// 8 KB pages a 16 KB value spans two overflow pages instead of four (SQLite's
    /// record format), which measured 20–30 % faster for 16 KB batches; a cache hit never
    /// waits for a write in progress.
    static let cache = Tuning(pageSize: 8_192, syncsEachCommit: false, readsConcurrently: true)
  }

  /// An open database and what opening it found.
  struct Opened<Loaded> {
    /// The connection that writes (and reads, unless the tuning reads concurrently).
    let database: DatabaseQueue
    /// The connection for reads: a read-only connection of its own if the tuning reads
    /// concurrently and the file is writable, otherwise `database`.
    let reader: DatabaseQueue
    /// Whether SQLite opened the file read-only (the folder or file is not writable).
    let isReadOnly: Bool
    /// Whether the file was damaged and replaced by a salvaged or an empty database.
    let wasRebuilt: Bool
    /// What `prepare` returned.
    let loaded: Loaded
  }

  /// Copies what can still be read from the damaged database at the first URL into a
  /// new, closed database at the second one (a file of its own, without WAL files),
  /// created with the given page size, and returns how many rows it kept.
  typealias Salvage = (_ damaged: URL, _ replacement: URL, _ pageSize: Int) throws -> Int

  /// Opens the database at `url`, creating it if needed, then runs `prepare` (schema
  /// creation unless read-only, then loading).
  ///
  /// A file SQLite reports as corrupt or not a database, at open or during `prepare`,
  /// or one marked by ``markDamaged(_:)``, is replaced with a logged warning: by what
  /// `salvage` copied out of it, or else by an empty database. The replacement is
  /// built beside the file and renamed over it, so a process killed meanwhile leaves
  /// the damaged file, salvaged again at the next open.
  static func open<Loaded>(
    at url: URL,
    tuning: Tuning = .durable,
    logger: StoreLogger,
    salvage: Salvage? = nil,
    prepare: (Database, _ isReadOnly: Bool) throws -> Loaded
  ) throws -> Opened<Loaded> {
    let marker = damageMarker(of: url)
    if salvage != nil {
      // What a salvage killed halfway left.
      removeDatabaseFiles(at: salvageURL(of: url))
    }
    do {
      // A folder that became read-only since keeps its file: nothing could replace it.
      if salvage != nil && FileManager.default.fileExists(atPath: marker.path)
        && FileManager.default.isWritableFile(atPath: url.deletingLastPathComponent().path)
      {
        throw DatabaseError(
          resultCode: .SQLITE_CORRUPT, message: "damage was found while it was in use")
      }
      return try attempt(url, tuning: tuning, wasRebuilt: false, prepare: prepare)
    } catch let error as DatabaseError where isDamage(error) {
      let salvaged = salvage.map { replace(url, using: $0, pageSize: tuning.pageSize) }
      let kept = try? salvaged?.get()
      let outcome: String
      switch salvaged {
      case .success(let count)?: outcome = "kept the \(count) rows that could still be read"
      case .failure(let failure)?: outcome = "rebuilding it empty (nothing salvaged: \(failure))"
      case nil: outcome = "rebuilding it empty"
      }
      logger(
        StoreLogMessage(
          level: .warning, text: "The database at \(url.path) is damaged (\(error)); \(outcome)"))
      if kept == nil { removeDatabaseFiles(at: url) }
      try? FileManager.default.removeItem(at: marker)
      do {
        return try attempt(url, tuning: tuning, wasRebuilt: true, prepare: prepare)
      } catch let error as DatabaseError where kept != nil && isDamage(error) {
        // The salvaged file was written by this process; should it not open, start empty.
        removeDatabaseFiles(at: url)
        do {
          return try attempt(url, tuning: tuning, wasRebuilt: true, prepare: prepare)
        } catch {
          throw StoreError.databaseFailed("rebuild", url.path, error)
        }
      } catch {
        throw StoreError.databaseFailed("rebuild", url.path, error)
      }
    } catch {
      throw StoreError.databaseFailed("open", url.path, error)
    }
  }

  /// Marks the database at `url` as damaged, for a store that found damage while the
  /// file is open: the next ``open(at:tuning:logger:salvage:prepare:)`` with a salvage
  /// replaces it. Returns whether the mark is new.
  static func markDamaged(_ url: URL) -> Bool {
    let marker = damageMarker(of: url)
    guard !FileManager.default.fileExists(atPath: marker.path) else { return false }
    return FileManager.default.createFile(atPath: marker.path, contents: Data())
  }

  private static func damageMarker(of url: URL) -> URL {
    URL(fileURLWithPath: url.path + "-damaged")
  }

  private static func salvageURL(of url: URL) -> URL {
    URL(fileURLWithPath: url.path + "-salvage")
  }

  /// Salvages the damaged file at `url` into a new file and renames it over `url`.
  /// Returns the number of rows kept, or why nothing could be salvaged.
  private static func replace(_ url: URL, using salvage: Salvage, pageSize: Int)
    -> Result<Int, any Error>
  {
    let replacement = salvageURL(of: url)
    do {
      let kept = try salvage(url, replacement, pageSize)
      // The damaged file's WAL goes first: left beside the new file, its frames would
      // be replayed onto it. A kill between the two steps leaves the damaged file
      // without its WAL, salvaged again at the next open.
      for suffix in ["-wal", "-shm", "-journal"] {
        try? FileManager.default.removeItem(atPath: url.path + suffix)
      }
      guard rename(replacement.path, url.path) == 0 else { throw POSIXError.current() }
      return .success(kept)
    } catch {
      removeDatabaseFiles(at: replacement)
      return .failure(error)
    }
  }

  /// Deletes the database file and its WAL companions. Missing files are fine.
  static func removeDatabaseFiles(at url: URL) {
    for suffix in ["", "-wal", "-shm", "-journal"] {
      try? FileManager.default.removeItem(atPath: url.path + suffix)
    }
  }

  /// Whether an error means the file's content is damaged (as opposed to I/O trouble).
  static func isDamage(_ error: any Error) -> Bool {
    guard let error = error as? DatabaseError else { return false }
    return error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB
  }

  private static func attempt<Loaded>(
    _ url: URL,
    tuning: Tuning,
    wasRebuilt: Bool,
    prepare: (Database, Bool) throws -> Loaded
  ) throws -> Opened<Loaded> {
    let database: DatabaseQueue
    do {
      database = try DatabaseQueue(
        path: url.path, configuration: configuration(readonly: false, tuning: tuning))
    } catch let error as DatabaseError
      where error.resultCode == .SQLITE_READONLY || error.resultCode == .SQLITE_CANTOPEN
      || error.resultCode == .SQLITE_PERM
    {
      // The WAL could not be set up because the folder is not writable: the file may
      // still be readable.
      guard FileManager.default.fileExists(atPath: url.path) else { throw error }
      database = try DatabaseQueue(
        path: url.path, configuration: configuration(readonly: true, tuning: tuning))
    }
    do {
      // After GRDB's WAL setup, which sets NORMAL.
      try database.inDatabase { db in
        try db.execute(sql: "PRAGMA synchronous = \(tuning.syncsEachCommit ? "FULL" : "NORMAL")")
      }
      let isReadOnly = database.inDatabase { db in
        sqlite3_db_readonly(db.sqliteConnection, "main") == 1
      }
      let loaded: Loaded
      if isReadOnly {
        loaded = try database.inDatabase { try prepare($0, true) }
      } else {
        loaded = try database.write { try prepare($0, false) }
      }
      // Opened once the schema exists; a read-only store has nothing to wait for.
      let reader =
        tuning.readsConcurrently && !isReadOnly
        ? try DatabaseQueue(
          path: url.path, configuration: configuration(readonly: true, tuning: tuning))
        : database
      return Opened(
        database: database, reader: reader, isReadOnly: isReadOnly, wasRebuilt: wasRebuilt,
        loaded: loaded)
    } catch {
      try? database.close()
      throw error
    }
  }

  private static func configuration(readonly: Bool, tuning: Tuning) -> Configuration {
    var configuration = Configuration()
    configuration.readonly = readonly
    configuration.journalMode = .wal
    configuration.busyMode = .timeout(2)
    configuration.prepareDatabase { db in
      // Runs before the journal mode is set: the page size of a new file can still
      // change.
      try db.execute(sql: "PRAGMA page_size = \(tuning.pageSize)")
      // Keep the -wal and -shm files after closing, so that a later read-only open (a
      // folder that became unwritable) can still read the WAL database.
      var persist: CInt = 1
      _ = sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_PERSIST_WAL, &persist)
    }
    return configuration
  }
}
