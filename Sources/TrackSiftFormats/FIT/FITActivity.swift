import Foundation
import TrackSift

/// What ``FITReader`` reads from a FIT file: the fixes, the device's own totals and what the
/// file says about the devices.
public struct FITActivity: Sendable, Hashable {
  /// The fixes of the `record` messages that carry a position, split into segments where the
  /// timer was stopped and started again and where a chained file begins.
  public var track: Track
  /// The device's totals for each `session` message (one per sport of a multisport file).
  public var sessions: [DeviceTotals]
  /// The device's totals for each `lap` message.
  public var laps: [DeviceTotals]
  /// The first `file_id` message, or `nil` when the file has none.
  public var fileID: FITFileID?
  /// The `device_info` messages, in file order.
  public var devices: [FITDevice]
  /// The number of `record` messages, with or without a position.
  public var recordCount: Int
  /// The `record` messages without a valid position (indoor, pool swims, a receiver still
  /// searching): counted, never turned into fixes.
  public var recordsWithoutPosition: Int
  /// The device's cumulative distance in meters of each fix's record (`record.distance`),
  /// parallel to `track.allFixes`; `nil` where the record has none.
  public var fixDistancesMeters: [Double?]
  /// The numeric developer fields of the records that became fixes, by the name their
  /// `field_description` gives, each parallel to `track.allFixes` (scale and offset applied;
  /// `nil` where a record lacks the field). Developer fields without a description are
  /// skipped.
  public var developerFields: [String: [Double?]]
  /// True when the file's timestamps are relative (below 0x10000000: seconds from a moment
  /// the device chose, not from the FIT epoch). Such times are kept as dates in the first
  /// days of 1990, so that durations stay right; their calendar date means nothing.
  public var hasRelativeTimestamps: Bool
  /// The number of FIT files read (more than one when files were chained back to back).
  public var fileCount: Int
  /// The values of the records, sessions and laps refused as out of range; see
  /// ``FixFieldLimits``.
  public var refusedFieldCounts = RefusedFieldCounts()
  /// In lenient mode, the damage where reading stopped; `nil` when the whole file was valid.
  public var stoppedAt: FITError?

  /// Creates an activity.
  public init(
    track: Track = Track(), sessions: [DeviceTotals] = [], laps: [DeviceTotals] = [],
    fileID: FITFileID? = nil, devices: [FITDevice] = [], recordCount: Int = 0,
    recordsWithoutPosition: Int = 0, fixDistancesMeters: [Double?] = [],
    developerFields: [String: [Double?]] = [:], hasRelativeTimestamps: Bool = false,
    fileCount: Int = 0, stoppedAt: FITError? = nil
  ) {
    self.track = track
    self.sessions = sessions
    self.laps = laps
    self.fileID = fileID
    self.devices = devices
    self.recordCount = recordCount
    self.recordsWithoutPosition = recordsWithoutPosition
    self.fixDistancesMeters = fixDistancesMeters
    self.developerFields = developerFields
    self.hasRelativeTimestamps = hasRelativeTimestamps
    self.fileCount = fileCount
    self.stoppedAt = stoppedAt
  }
}
