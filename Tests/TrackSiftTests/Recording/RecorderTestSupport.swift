import Foundation
import TrackSift

/// Builds fix streams for recorder tests: a person moving east from an origin.
struct FixStream {
  let plane = LocalTangentPlane(
    origin: Coordinate(latitudeDegrees: 46.5, longitudeDegrees: 6.6))
  let start = Date(timeIntervalSinceReferenceDate: 800_000_000)
  var eastMeters = 0.0
  var seconds = 0.0

  /// The device time `seconds` after the start.
  func time(_ seconds: Double) -> Date { start.addingTimeInterval(seconds) }

  /// One fix a second for `duration` seconds at `speed`, with a deterministic wobble of
  /// `noiseMeters` across the track. The reported speed differs from `speed` by a few mm/s, as
  /// a measured one does (one repeated to the last digit over equal steps is dead reckoning,
  /// which ``SpeedCorroboration`` refuses).
  mutating func fixes(
    seconds duration: Int, speedMetersPerSecond speed: Double, accuracyMeters: Double = 5,
    noiseMeters: Double = 0, reportsSpeed: Bool = true
  ) -> [Fix] {
    (0..<duration).map { step in
      seconds += 1
      eastMeters += speed
      let wobble = noiseMeters * sin(Double(step) * 1.7)
      let coordinate = plane.unproject(eastMeters: eastMeters + wobble / 2, northMeters: wobble)
      return Fix(
        timestamp: time(seconds), arrivalTime: time(seconds),
        latitudeDegrees: coordinate.latitudeDegrees, longitudeDegrees: coordinate.longitudeDegrees,
        horizontalAccuracyMeters: accuracyMeters,
        speedMetersPerSecond: reportsSpeed ? measured(speed, step) : nil,
        speedAccuracyMetersPerSecond: 0.3,
        courseDegrees: 90, source: .satellite)
    }
  }
}

/// `speed` as a receiver measures it at fix `index`: within 4 mm/s of it, never repeated
/// exactly from one fix to the next (0 stays 0, a standing receiver's reading).
func measured(_ speed: Double, _ index: Int) -> Double {
  speed > 0 ? speed + 0.004 * sin(Double(index) * 2.3 + 0.4) : speed
}

extension Recorder {
  /// Feeds fixes at their own times, returning every event.
  mutating func feed(_ fixes: [Fix]) -> [RecorderEvent] {
    fixes.flatMap { receive($0, at: $0.arrivalTime ?? $0.timestamp ?? Date()) }
  }
}

extension [RecorderEvent] {
  /// The kinds alone, without the fix receptions and verdicts.
  var withoutFixes: [RecorderEvent.Kind] {
    map(\.kind).filter {
      switch $0 {
      case .fixReceived, .fixJudged: false
      default: true
      }
    }
  }

  /// The verdicts by sequence number.
  var verdicts: [Int: Verdict] {
    var result: [Int: Verdict] = [:]
    for event in self {
      if case .fixJudged(let sequence, let verdict) = event.kind { result[sequence] = verdict }
    }
    return result
  }
}
