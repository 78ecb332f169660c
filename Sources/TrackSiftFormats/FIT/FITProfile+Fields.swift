/// The field numbers, enumeration values and scales of the FIT profile (Garmin's FIT SDK
/// `Profile.xlsx`, "Messages" and "Types" sheets) that the reader and the writer use.
extension FITProfile {
  /// Fields of `file_id`.
  enum FileIDField {
    static let type: UInt8 = 0
    static let manufacturer: UInt8 = 1
    static let product: UInt8 = 2
    static let timeCreated: UInt8 = 4
  }

  /// Fields of `record`.
  enum RecordField {
    static let timestamp: UInt8 = 253
    static let positionLatitude: UInt8 = 0
    static let positionLongitude: UInt8 = 1
    static let altitude: UInt8 = 2
    static let heartRate: UInt8 = 3
    static let cadence: UInt8 = 4
    static let distance: UInt8 = 5
    static let speed: UInt8 = 6
    static let power: UInt8 = 7
    static let temperature: UInt8 = 13
    static let gpsAccuracy: UInt8 = 31
    static let enhancedSpeed: UInt8 = 73
    static let enhancedAltitude: UInt8 = 78
  }

  /// Fields of `event`.
  enum EventField {
    static let timestamp: UInt8 = 253
    static let event: UInt8 = 0
    static let eventType: UInt8 = 1
  }

  /// Fields of `activity`.
  enum ActivityField {
    static let timestamp: UInt8 = 253
    static let totalTimerTime: UInt8 = 0
    static let sessionCount: UInt8 = 1
    static let type: UInt8 = 2
    static let event: UInt8 = 3
    static let eventType: UInt8 = 4
  }

  /// Where `lap` and `session` keep their totals: the same numbers up to `total_calories`,
  /// then numbers that differ between the two messages.
  struct TotalsFields: Sendable {
    static let timestamp: UInt8 = 253
    static let messageIndex: UInt8 = 254
    static let event: UInt8 = 0
    static let eventType: UInt8 = 1
    static let startTime: UInt8 = 2
    static let totalElapsedTime: UInt8 = 7
    static let totalTimerTime: UInt8 = 8
    static let totalDistance: UInt8 = 9
    static let totalCalories: UInt8 = 11

    let sport: UInt8
    let averageSpeed: UInt8
    let maximumSpeed: UInt8
    let averageHeartRate: UInt8
    let maximumHeartRate: UInt8
    let totalAscent: UInt8
    let totalDescent: UInt8
    let enhancedAverageSpeed: UInt8
    let enhancedMaximumSpeed: UInt8

    /// The numbers in `lap`.
    static let lap = TotalsFields(
      sport: 25, averageSpeed: 13, maximumSpeed: 14, averageHeartRate: 15,
      maximumHeartRate: 16, totalAscent: 21, totalDescent: 22, enhancedAverageSpeed: 110,
      enhancedMaximumSpeed: 111)
    /// The numbers in `session`.
    static let session = TotalsFields(
      sport: 5, averageSpeed: 14, maximumSpeed: 15, averageHeartRate: 16,
      maximumHeartRate: 17, totalAscent: 22, totalDescent: 23, enhancedAverageSpeed: 124,
      enhancedMaximumSpeed: 125)
  }

  /// Fields of `session` only.
  enum SessionField {
    static let firstLapIndex: UInt8 = 25
    static let lapCount: UInt8 = 26
  }

  /// Values of the profile's enumerations.
  enum Value {
    /// `file`: an activity file.
    static let fileActivity: UInt64 = 4
    /// `manufacturer`: development, for a program that is no registered device.
    static let manufacturerDevelopment: UInt64 = 255
    /// `event`: the timer, a session, a lap, the activity.
    static let eventTimer: UInt64 = 0
    static let eventSession: UInt64 = 8
    static let eventLap: UInt64 = 9
    static let eventActivity: UInt64 = 26
    /// `event_type`: start, stop, stop all.
    static let eventTypeStart: UInt64 = 0
    static let eventTypeStop: UInt64 = 1
    static let eventTypeStopAll: UInt64 = 4
    /// `activity`: a manual activity (not an automatic multisport one).
    static let activityManual: UInt64 = 0
  }

  /// Scales (stored value = physical value x scale) and offsets of the fields that have them.
  enum Scale {
    /// `altitude` and `enhanced_altitude`: 1/5 m, offset 500 m.
    static let altitudePerMeter = 5.0
    static let altitudeOffsetMeters = 500.0
    /// Speeds: mm/s.
    static let speedPerMeterPerSecond = 1_000.0
    /// Distances: cm.
    static let distancePerMeter = 100.0
    /// Durations of `lap`, `session` and `activity`: ms.
    static let timePerSecond = 1_000.0
  }
}
