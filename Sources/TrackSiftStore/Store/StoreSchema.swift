import GRDB

/// The database schema, as versioned migrations.
///
/// Every instant is a `REAL` of seconds since 2001-01-01 00:00:00 UTC (Foundation's reference
/// date, `Date.timeIntervalSinceReferenceDate`), the representation `Fix` itself holds, so a
/// round trip is exact to the bit; unix time would add 978,307,200 s and lose the last bits
/// of a sub-millisecond timestamp. Unknown values are `NULL`. Column names carry units like
/// the Swift properties they store.
///
/// Migrations are append-only: a released migration is never edited; a change of schema is a
/// new migration (`v2`, ...) registered after the others.
enum StoreSchema {
  /// The identifiers of the registered migrations, in order.
  static let versions = ["v1"]

  static let migrator: DatabaseMigrator = {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
      try db.execute(sql: v1)
    }
    return migrator
  }()

  private static let v1 = """
    CREATE TABLE activity (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      name TEXT NOT NULL,
      kind TEXT NOT NULL,
      state TEXT NOT NULL CHECK (state IN ('recording', 'finished')),
      startedAt REAL NOT NULL,
      finishedAt REAL,
      distanceMeters REAL,
      movingTimeSeconds REAL,
      elapsedTimeSeconds REAL,
      CHECK ((state = 'finished') = (finishedAt IS NOT NULL))
    );

    CREATE TABLE segment (
      activityId INTEGER NOT NULL REFERENCES activity(id) ON DELETE CASCADE,
      segmentIndex INTEGER NOT NULL CHECK (segmentIndex >= 0),
      startedAt REAL NOT NULL,
      PRIMARY KEY (activityId, segmentIndex)
    ) WITHOUT ROWID;

    CREATE TABLE fix (
      activityId INTEGER NOT NULL REFERENCES activity(id) ON DELETE CASCADE,
      sequence INTEGER NOT NULL CHECK (sequence >= 0),
      segmentIndex INTEGER NOT NULL CHECK (segmentIndex >= 0),
      verdict TEXT, -- NULL while the verdict is pending
      timestamp REAL,
      arrivalTime REAL,
      latitudeDegrees REAL,
      longitudeDegrees REAL,
      altitudeMeters REAL,
      horizontalAccuracyMeters REAL,
      verticalAccuracyMeters REAL,
      speedMetersPerSecond REAL,
      speedAccuracyMetersPerSecond REAL,
      courseDegrees REAL,
      courseAccuracyDegrees REAL,
      source TEXT NOT NULL,
      fixType TEXT,
      satellitesUsed INTEGER,
      horizontalDilution REAL,
      verticalDilution REAL,
      positionDilution REAL,
      heartRateBeatsPerMinute REAL,
      cadencePerMinute REAL,
      powerWatts REAL,
      temperatureCelsius REAL,
      PRIMARY KEY (activityId, sequence)
    ) WITHOUT ROWID;

    CREATE TABLE event (
      activityId INTEGER NOT NULL REFERENCES activity(id) ON DELETE CASCADE,
      sequence INTEGER NOT NULL CHECK (sequence >= 0),
      timestamp REAL NOT NULL,
      kind TEXT NOT NULL,
      payload TEXT NOT NULL,
      PRIMARY KEY (activityId, sequence)
    ) WITHOUT ROWID;
    """
}
