import Foundation
import TrackSift

/// The live terminal display of `record`: a small panel redrawn in place.
struct LiveDisplay {
  /// The panel's lines for a snapshot.
  static func lines(
    for live: LiveMetrics, profile: ActivityKind, source: String, lastEvent: String?,
    splitUnit: SplitUnit
  ) -> [String] {
    let unit = splitUnit == .kilometer ? "/km" : "/mi"
    let estimated = live.isEstimated ? " (estimated)" : ""
    let pace =
      PaceFormatter.string(
        secondsPerKilometer: live.currentPaceSecondsPerKilometer, unit: splitUnit) + " \(unit)"
    let average =
      PaceFormatter.string(
        secondsPerKilometer: live.averagePaceSecondsPerKilometer, unit: splitUnit) + " \(unit)"
    func cell(_ label: String, _ value: String) -> String {
      (label + ":").padding(toLength: 10, withPad: " ", startingAt: 0)
        + value.padding(toLength: 16, withPad: " ", startingAt: 0)
    }
    return [
      "tracksift record · \(profile.rawValue) · \(source)",
      cell("State", live.state.name) + cell("Signal", live.signalQuality.rawValue),
      cell("Speed", Formatting.speed(live.speedMetersPerSecond) + estimated)
        + cell("Pace", pace),
      cell("Distance", Formatting.distance(live.displayedDistanceMeters))
        + cell("Avg pace", average),
      cell("Moving", Formatting.duration(live.displayedMovingSeconds))
        + cell("Timer", Formatting.duration(live.timerSeconds)),
      cell("Elapsed", Formatting.duration(live.elapsedSeconds))
        + cell("Fixes", Formatting.count(live.receivedFixCount)),
      "Last: " + (lastEvent ?? "-"),
      "[p] pause  [r] resume  [f] finish",
    ]
  }

  private var drawnLineCount = 0

  /// Draws the lines over the previous panel.
  mutating func draw(_ lines: [String]) {
    var output = ""
    if drawnLineCount > 0 { output += "\u{1B}[\(drawnLineCount)A" }
    for line in lines { output += "\r\u{1B}[2K" + line + "\n" }
    drawnLineCount = lines.count
    FileHandle.standardOutput.write(Data(output.utf8))
  }
}
