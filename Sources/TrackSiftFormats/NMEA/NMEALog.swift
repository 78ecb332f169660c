import TrackSift

/// What ``NMEAReader`` made of an NMEA 0183 log: the fixes and an account of the lines it read.
public struct NMEALog: Sendable {
  /// The most skipped lines that ``skipped`` keeps; ``skippedCount`` counts them all.
  public static let maximumRecordedSkips = 1_000

  /// The fixes, one per epoch with a valid position, split into segments where the receiver
  /// stopped (see ``NMEAReader/Options/segmentGapSeconds``). Empty when the fixes went to the
  /// body of ``NMEAReader/forEachFix(contentsOf:options:_:)`` instead.
  public var track: Track
  /// The number of fixes made, whether kept in ``track`` or handed to a body.
  public var fixCount: Int
  /// The number of epochs whose sentences said the receiver had no fix (RMC status `V` or mode
  /// `N`, GGA quality 0, GNS modes all `N`): a receiver still searching, or one in simulator
  /// mode that marks its output void. They give no fix.
  public var voidEpochCount: Int
  /// The number of well-formed sentences read (with a valid checksum or none), of any type,
  /// including types the reader does not use (GSV, GLL, proprietary `$P...`).
  public var sentenceCount: Int
  /// The fields of the fixes refused as out of range; see ``FixFieldLimits``.
  public var refusedFieldCounts = RefusedFieldCounts()
  /// The first ``maximumRecordedSkips`` lines skipped in lenient mode, in file order.
  public var skipped: [SkippedLine]
  /// The number of lines skipped in lenient mode, recorded or not.
  public var skippedCount: Int
  /// The number of fixes with a time of day but no date: the log has no RMC or ZDA sentence
  /// with a date, and no ``NMEAReader/Options/referenceDate`` was given, so they are untimed.
  public var undatedFixCount = 0

  /// Creates a log.
  public init(
    track: Track = Track(), fixCount: Int = 0, voidEpochCount: Int = 0, sentenceCount: Int = 0,
    skipped: [SkippedLine] = [], skippedCount: Int = 0
  ) {
    self.track = track
    self.fixCount = fixCount
    self.voidEpochCount = voidEpochCount
    self.sentenceCount = sentenceCount
    self.skipped = skipped
    self.skippedCount = skippedCount
  }
}
