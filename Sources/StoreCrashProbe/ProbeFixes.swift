import Foundation
import TrackSift
import TrackSiftStore

/// The fixes the probe records and their verdicts: each a pure function of its sequence number,
/// so that the crash test can check every stored row to the last field.
enum ProbeFixes {
  /// The time of fix 0.
  static let start = Date(timeIntervalSinceReferenceDate: 780_000_000)

  /// How many fixes later a fix is judged, as a live recorder's look-ahead does: the verdict of
  /// fix n − 10 is given when fix n is appended.
  static let lookAhead = 10

  /// Fix `sequence` of a recording, in segment `segment`, as appended: verdict pending.
  static func stored(_ sequence: Int, segment: Int) -> StoredFix {
    let s = Double(sequence)
    let fix = Fix(
      timestamp: start + s * 0.2, arrivalTime: start + s * 0.2 + 0.05,
      latitudeDegrees: 47.376_887 + s * 1e-6, longitudeDegrees: 8.541_694 + s * 2e-6,
      altitudeMeters: 408 + s.truncatingRemainder(dividingBy: 7), horizontalAccuracyMeters: 3.5,
      verticalAccuracyMeters: 5, speedMetersPerSecond: 3, speedAccuracyMetersPerSecond: 0.3,
      courseDegrees: 63, courseAccuracyDegrees: 9, source: .satellite,
      receiver: ReceiverStatus(fixType: .threeDimensional, satellitesUsed: 9 + sequence % 4),
      sensors: SensorValues(heartRateBeatsPerMinute: 140 + s.truncatingRemainder(dividingBy: 20)))
    return StoredFix(sequence: sequence, segmentIndex: segment, fix: fix, verdict: nil)
  }

  /// The verdict of fix `sequence`: every tenth is rejected.
  static func verdict(_ sequence: Int) -> Verdict {
    sequence % 10 == 9 ? .rejected(.impliedSpeed) : .accepted
  }
}
