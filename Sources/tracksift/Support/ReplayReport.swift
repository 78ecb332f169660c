import Foundation
import TrackSift
import TrackSiftBatch

/// What `replay` prints at the end: the recorder's figures, in the shape of `analyze --json`
/// (`live` holds the recorder's judged figures) plus the display's last snapshot.
struct ReplayReport: Encodable {
  var file: String
  var profile: ActivityKind
  /// Why this profile: `--profile`, `the file's sport` or the default.
  var profileReason: String
  var fixCount: Int
  var segmentCount: Int
  var verdicts: VerdictCounts
  var live: ActivityMetrics
  var display: LiveMetrics

  init(file: String, track: Track, recorder: Recorder, profileReason: String = "--profile") {
    self.file = file
    self.profileReason = profileReason
    profile = recorder.configuration.profile.activity
    fixCount = recorder.receivedFixCount
    segmentCount = recorder.segmentIndex + 1
    verdicts = recorder.verdictCounts
    display = recorder.liveMetrics
    live = display.metrics
  }

  func json() throws -> String { try JSONText.printable(self) }

  /// The report as text, in `units`; cycling and driving show the average speed, walking and
  /// running the average pace.
  func text(units: DisplayUnits) -> String {
    let average =
      profile.showsSpeed
      ? "average speed " + Formatting.speed(live.averageSpeedMetersPerSecond, units: units)
      : "average pace "
        + Formatting.pace(secondsPerKilometer: live.averagePaceSecondsPerKilometer, units: units)
    return [
      "\(file): \(Formatting.fixes(fixCount)) replayed in "
        + "\(Formatting.count(segmentCount, "segment")); profile: \(profile.rawValue) "
        + "(\(profileReason))",
      "Accepted \(Formatting.count(verdicts.acceptedCount)), rejected "
        + Formatting.count(verdicts.rejectedCount),
      "Distance \(Formatting.distance(live.distanceMeters, units: units)), moving "
        + "\(Formatting.duration(live.movingTimeSeconds)), timer "
        + "\(Formatting.duration(live.timerTimeSeconds ?? display.timerSeconds)), elapsed "
        + "\(Formatting.duration(live.elapsedTimeSeconds ?? display.elapsedSeconds)), "
        + "\(average), maximum "
        + Formatting.speed(live.maximumSpeedMetersPerSecond, units: units),
    ].joined(separator: "\n")
  }
}
