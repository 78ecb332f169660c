import TrackSift

/// What ``GnssLoggerReader`` made of an Android GnssLogger log: the fixes and an account of the
/// lines it read.
public struct GnssLoggerLog: Sendable {
  /// The most skipped lines that ``skipped`` keeps; ``skippedCount`` counts them all.
  public static let maximumRecordedSkips = NMEALog.maximumRecordedSkips

  /// The fixes, in one segment: the `Fix` lines of the sources chosen
  /// (``GnssLoggerReader/Options/sources``) in file order, or, in a log without any `Fix` line,
  /// the fixes of its `NMEA` lines (split as ``NMEAReader`` splits them).
  public var track: Track
  /// The number of `Fix` lines read, by provider as the log names it (`GPS`, `FLP`, `NLP`),
  /// whether their source was chosen for ``track`` or not.
  public var fixLinesByProvider: [String: Int]
  /// The number of `Fix` lines flagged `MockLocation` that were left out (see
  /// ``GnssLoggerReader/Options/includesMockLocations``); they are not in
  /// ``fixLinesByProvider``.
  public var mockFixLineCount: Int
  /// The number of `NMEA` lines in the log.
  public var nmeaLineCount: Int
  /// The fields of the fixes refused as out of range (of every `Fix` line read, whatever its
  /// provider, or of the NMEA lines' fixes when the track holds them); see ``FixFieldLimits``.
  public var refusedFieldCounts = RefusedFieldCounts()
  /// The first ``maximumRecordedSkips`` lines skipped in lenient mode: bad `Fix` lines in file
  /// order, then, when the track holds the NMEA lines' fixes, bad NMEA lines.
  public var skipped: [SkippedLine]
  /// The number of lines skipped in lenient mode, recorded or not.
  public var skippedCount: Int

  /// Creates a log.
  public init(
    track: Track = Track(), fixLinesByProvider: [String: Int] = [:], mockFixLineCount: Int = 0,
    nmeaLineCount: Int = 0, skipped: [SkippedLine] = [], skippedCount: Int = 0
  ) {
    self.track = track
    self.fixLinesByProvider = fixLinesByProvider
    self.mockFixLineCount = mockFixLineCount
    self.nmeaLineCount = nmeaLineCount
    self.skipped = skipped
    self.skippedCount = skippedCount
  }

  /// Whether the track holds the fixes of the `NMEA` lines (the log has no `Fix` line read:
  /// none, or only mock locations, whereas its NMEA lines are the chip's own).
  public var isFromNMEA: Bool { fixLinesByProvider.isEmpty && nmeaLineCount > 0 }

  mutating func skip(_ line: SkippedLine) {
    skipped.record(line, maximum: Self.maximumRecordedSkips, total: &skippedCount)
  }
}
