import Foundation

/// The totals a device computed itself for an activity or a lap (a FIT session or lap
/// message, a TCX lap), kept beside TrackSift's own figures and never mixed into them.
/// Every field is `nil` when the file does not carry it.
public struct DeviceTotals: Sendable, Hashable, Codable {
  /// When the activity or lap started.
  public var startTime: Date?
  /// The sport as the file names it (`running`, `cycling`, `Biking`, ...).
  public var sport: String?
  /// Distance in meters.
  public var distanceMeters: Double?
  /// Time with the timer running (pauses excluded), in seconds.
  public var timerTimeSeconds: Double?
  /// From start to end, pauses included, in seconds.
  public var elapsedTimeSeconds: Double?
  /// Total climb in meters.
  public var ascentMeters: Double?
  /// Total descent in meters.
  public var descentMeters: Double?
  /// Average speed in meters per second.
  public var averageSpeedMetersPerSecond: Double?
  /// Maximum speed in meters per second.
  public var maximumSpeedMetersPerSecond: Double?
  /// Average heart rate in beats per minute.
  public var averageHeartRateBeatsPerMinute: Double?
  /// Maximum heart rate in beats per minute.
  public var maximumHeartRateBeatsPerMinute: Double?
  /// Energy in kilocalories.
  public var kilocalories: Double?
  /// Of ``distanceMeters``, what the device's own odometer added over records whose own speed
  /// read 0: distance it counted while it said its wearer stood (a FIT file's records or a
  /// TCX activity's trackpoints, see ``FITActivity/odometerMetersAtZeroSpeed``; `nil` where
  /// the file has no cumulative distance or speed per point).
  public var distanceAtZeroSpeedMeters: Double?

  /// Creates totals; every field defaults to unknown.
  public init(
    startTime: Date? = nil, sport: String? = nil, distanceMeters: Double? = nil,
    timerTimeSeconds: Double? = nil, elapsedTimeSeconds: Double? = nil,
    ascentMeters: Double? = nil, descentMeters: Double? = nil,
    averageSpeedMetersPerSecond: Double? = nil, maximumSpeedMetersPerSecond: Double? = nil,
    averageHeartRateBeatsPerMinute: Double? = nil, maximumHeartRateBeatsPerMinute: Double? = nil,
    kilocalories: Double? = nil, distanceAtZeroSpeedMeters: Double? = nil
  ) {
    self.startTime = startTime
    self.sport = sport
    self.distanceMeters = distanceMeters
    self.timerTimeSeconds = timerTimeSeconds
    self.elapsedTimeSeconds = elapsedTimeSeconds
    self.ascentMeters = ascentMeters
    self.descentMeters = descentMeters
    self.averageSpeedMetersPerSecond = averageSpeedMetersPerSecond
    self.maximumSpeedMetersPerSecond = maximumSpeedMetersPerSecond
    self.averageHeartRateBeatsPerMinute = averageHeartRateBeatsPerMinute
    self.maximumHeartRateBeatsPerMinute = maximumHeartRateBeatsPerMinute
    self.kilocalories = kilocalories
    self.distanceAtZeroSpeedMeters = distanceAtZeroSpeedMeters
  }
}

extension DeviceTotals {
  /// The totals of several sessions (a multisport FIT file) as one: distance, times, climb,
  /// descent and energy summed, maxima kept, the first start; the sport is `multisport` when
  /// there are several sessions.
  ///
  /// - Parameter sessions: the totals of each session, in order.
  /// - Returns: `nil` for no session; the session itself for one.
  /// - Complexity: O(n) in the number of sessions.
  public init?(combining sessions: [DeviceTotals]) {
    guard let first = sessions.first else { return nil }
    guard sessions.count > 1 else {
      self = first
      return
    }
    func sum(_ value: (DeviceTotals) -> Double?) -> Double? {
      let values = sessions.compactMap(value)
      return values.isEmpty ? nil : values.reduce(0, +)
    }
    self.init(
      startTime: first.startTime, sport: "multisport", distanceMeters: sum(\.distanceMeters),
      timerTimeSeconds: sum(\.timerTimeSeconds), elapsedTimeSeconds: sum(\.elapsedTimeSeconds),
      ascentMeters: sum(\.ascentMeters), descentMeters: sum(\.descentMeters),
      maximumSpeedMetersPerSecond: sessions.compactMap(\.maximumSpeedMetersPerSecond).max(),
      maximumHeartRateBeatsPerMinute: sessions.compactMap(\.maximumHeartRateBeatsPerMinute).max(),
      kilocalories: sum(\.kilocalories))
  }
}
