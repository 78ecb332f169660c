import Foundation
import TrackSift

/// What `replay` prints at the end: the recorder's figures, in the shape of `analyze --json`
/// (`live` holds the recorder's judged figures) plus the display's last snapshot.
struct ReplayReport: Encodable {
  var file: String
  var profile: ActivityKind
  var fixCount: Int
  var segmentCount: Int
  var verdicts: VerdictCounts
  var live: ActivityMetrics
  var display: LiveMetrics

  init(file: String, track: Track, recorder: Recorder) {
    self.file = file
    profile = recorder.configuration.profile.activity
    fixCount = recorder.receivedFixCount
    segmentCount = recorder.segmentIndex + 1
    verdicts = recorder.verdictCounts
    display = recorder.liveMetrics
    live = display.metrics
  }

  func json() throws -> String { try JSONOutput.string(self) }

  var text: String {
    let pace = PaceFormatter.string(
      secondsPerKilometer: live.averagePaceSecondsPerKilometer, unit: .kilometer)
    return [
      "\(file): \(Formatting.count(fixCount)) fixes replayed in \(segmentCount) segment"
        + (segmentCount == 1 ? "" : "s") + ", \(profile.rawValue) profile",
      "Accepted \(Formatting.count(verdicts.acceptedCount)), rejected "
        + Formatting.count(verdicts.rejectedCount),
      "Distance \(Formatting.distance(live.distanceMeters)), moving "
        + "\(Formatting.duration(live.movingTimeSeconds)), timer "
        + "\(Formatting.duration(live.timerTimeSeconds ?? display.timerSeconds)), elapsed "
        + "\(Formatting.duration(live.elapsedTimeSeconds ?? display.elapsedSeconds)), average pace \(pace) /km, maximum "
        + Formatting.speed(live.maximumSpeedMetersPerSecond),
    ].joined(separator: "\n")
  }
}
