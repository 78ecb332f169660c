import Foundation
import TrackSift

/// The values of the GPX point (`trkpt`, `rtept`, `wpt`) that ``GPXParser`` is reading; NaN
/// (or `nil`) until the file gives them.
struct GPXPointValues {
  var latitude = Double.nan
  var longitude = Double.nan
  var elevation = Double.nan
  var time = Double.nan
  var arrivalTime = Double.nan
  var horizontalAccuracy = Double.nan
  var verticalAccuracy = Double.nan
  var speed = Double.nan
  var speedAccuracy = Double.nan
  var course = Double.nan
  var courseAccuracy = Double.nan
  var horizontalDilution = Double.nan
  var verticalDilution = Double.nan
  var positionDilution = Double.nan
  var satellites: Int?
  var fixType: ReceiverStatus.FixType?
  var source = FixSource.unknown
  var cleanedMotion: CleanedMotion?
  var heartRate = Double.nan
  var cadence = Double.nan
  var power = Double.nan
  var temperature = Double.nan
  var name: String?

  var fix: Fix {
    func optional(_ value: Double) -> Double? { value.isNaN ? nil : value }
    return Fix(
      timestamp: time.isNaN ? nil : Date(timeIntervalSinceReferenceDate: time),
      arrivalTime: arrivalTime.isNaN ? nil : Date(timeIntervalSinceReferenceDate: arrivalTime),
      latitudeDegrees: latitude, longitudeDegrees: longitude,
      altitudeMeters: optional(elevation),
      horizontalAccuracyMeters: optional(horizontalAccuracy),
      verticalAccuracyMeters: optional(verticalAccuracy),
      speedMetersPerSecond: optional(speed),
      speedAccuracyMetersPerSecond: optional(speedAccuracy),
      courseDegrees: optional(course), courseAccuracyDegrees: optional(courseAccuracy),
      source: source,
      receiver: ReceiverStatus(
        fixType: fixType, satellitesUsed: satellites,
        horizontalDilution: optional(horizontalDilution),
        verticalDilution: optional(verticalDilution),
        positionDilution: optional(positionDilution)),
      sensors: SensorValues(
        heartRateBeatsPerMinute: optional(heartRate), cadencePerMinute: optional(cadence),
        powerWatts: optional(power), temperatureCelsius: optional(temperature)),
      cleanedMotion: cleanedMotion)
  }
}
