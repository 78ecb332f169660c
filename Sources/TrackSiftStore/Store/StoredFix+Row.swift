import Foundation
import GRDB
import TrackSift

extension StoredFix {
  /// The `fix` columns after `activityId`, in the order of ``insertSQL`` and ``selectSQL``.
  static let columns = [
    "sequence", "segmentIndex", "verdict", "timestamp", "arrivalTime", "latitudeDegrees",
    "longitudeDegrees", "altitudeMeters", "horizontalAccuracyMeters", "verticalAccuracyMeters",
    "speedMetersPerSecond", "speedAccuracyMetersPerSecond", "courseDegrees",
    "courseAccuracyDegrees", "source", "fixType", "satellitesUsed", "horizontalDilution",
    "verticalDilution", "positionDilution", "heartRateBeatsPerMinute", "cadencePerMinute",
    "powerWatts", "temperatureCelsius",
  ]

  /// Inserts a row unless its (activity, sequence) is already stored.
  static let insertSQL =
    "INSERT OR IGNORE INTO fix (activityId, \(columns.joined(separator: ", "))) VALUES (?"
    + String(repeating: ", ?", count: columns.count) + ")"

  /// Selects the columns in order; the caller adds `WHERE` and `ORDER BY`.
  static let selectSQL = "SELECT \(columns.joined(separator: ", ")) FROM fix"

  /// The row's values after the activity id, in ``columns`` order.
  var databaseValues: [(any DatabaseValueConvertible)?] {
    // A NaN coordinate (invalid, yet kept as reported) has no SQL value: NULL stands for it.
    let latitude: Double? = fix.latitudeDegrees.isNaN ? nil : fix.latitudeDegrees
    let longitude: Double? = fix.longitudeDegrees.isNaN ? nil : fix.longitudeDegrees
    return [
      Int64(sequence), Int64(segmentIndex), verdict?.code,
      fix.timeSeconds, fix.arrivalTime?.timeIntervalSinceReferenceDate, latitude, longitude,
      fix.altitudeMeters, fix.horizontalAccuracyMeters, fix.verticalAccuracyMeters,
      fix.speedMetersPerSecond, fix.speedAccuracyMetersPerSecond, fix.courseDegrees,
      fix.courseAccuracyDegrees, fix.source.rawValue, fix.receiver.fixType?.rawValue,
      fix.receiver.satellitesUsed.map { Int64($0) }, fix.receiver.horizontalDilution,
      fix.receiver.verticalDilution, fix.receiver.positionDilution,
      fix.sensors.heartRateBeatsPerMinute, fix.sensors.cadencePerMinute, fix.sensors.powerWatts,
      fix.sensors.temperatureCelsius,
    ]
  }

  /// Reads a row selected by ``selectSQL``.
  ///
  /// - Throws: ``StoreError/Reason/unreadableRow`` for a verdict, source or fix type code that
  ///   this version does not know.
  init(row: Row, activity: ActivityID) throws(StoreError) {
    let sequence: Int = row[0]
    func unreadable(_ what: String, _ code: String) -> StoreError {
      StoreError(
        reason: .unreadableRow,
        context: "fix \(sequence) of activity \(activity): unknown \(what) '\(code)'")
    }
    // NULL: the verdict is still pending.
    let verdictCode: String? = row[2]
    var verdict: Verdict?
    if let verdictCode {
      if verdictCode == "accepted" {
        verdict = .accepted
      } else if let reason = RejectionReason(code: verdictCode) {
        verdict = .rejected(reason)
      } else {
        throw unreadable("verdict code", verdictCode)
      }
    }
    let sourceCode: String = row[14]
    guard let source = FixSource(rawValue: sourceCode) else {
      throw unreadable("source", sourceCode)
    }
    let fixTypeCode: String? = row[15]
    var fixType: ReceiverStatus.FixType?
    if let fixTypeCode {
      guard let known = ReceiverStatus.FixType(rawValue: fixTypeCode) else {
        throw unreadable("fix type", fixTypeCode)
      }
      fixType = known
    }
    let timestamp: Double? = row[3]
    let arrivalTime: Double? = row[4]
    let latitude: Double? = row[5]
    let longitude: Double? = row[6]
    let fix = Fix(
      timestamp: timestamp.map(Date.init(timeIntervalSinceReferenceDate:)),
      arrivalTime: arrivalTime.map(Date.init(timeIntervalSinceReferenceDate:)),
      latitudeDegrees: latitude ?? .nan, longitudeDegrees: longitude ?? .nan,
      altitudeMeters: row[7], horizontalAccuracyMeters: row[8], verticalAccuracyMeters: row[9],
      speedMetersPerSecond: row[10], speedAccuracyMetersPerSecond: row[11], courseDegrees: row[12],
      courseAccuracyDegrees: row[13], source: source,
      receiver: ReceiverStatus(
        fixType: fixType, satellitesUsed: row[16], horizontalDilution: row[17],
        verticalDilution: row[18], positionDilution: row[19]),
      sensors: SensorValues(
        heartRateBeatsPerMinute: row[20], cadencePerMinute: row[21], powerWatts: row[22],
        temperatureCelsius: row[23]))
    self.init(sequence: sequence, segmentIndex: row[1], fix: fix, verdict: verdict)
  }
}
