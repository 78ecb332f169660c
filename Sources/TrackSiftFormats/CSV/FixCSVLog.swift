import TrackSift

/// What ``FixCSVReader`` made of a CSV file: the fixes and what it decided while reading.
public struct FixCSVLog: Sendable {
  /// The fixes, in one segment, or one per value of a `segment` column.
  public var track: Track
  /// The unit of a `time` column that holds epoch numbers, told from their magnitude (see
  /// ``EpochTimeUnit``); `nil` when the column holds ISO 8601 text, when a column's name gives
  /// its unit (`unixTimeMillis`, `GPS Time`) or when there is no time column.
  public var epochTimeUnit: EpochTimeUnit?
  /// The fields of the rows refused as out of range (see ``FixFieldLimits``), including times
  /// that are numbers but not finite.
  public var refusedFieldCounts: RefusedFieldCounts

  /// Creates a log.
  public init(
    track: Track = Track(), epochTimeUnit: EpochTimeUnit? = nil,
    refusedFieldCounts: RefusedFieldCounts = RefusedFieldCounts()
  ) {
    self.track = track
    self.epochTimeUnit = epochTimeUnit
    self.refusedFieldCounts = refusedFieldCounts
  }
}
