import Foundation
import TrackSift
import TrackSiftSimulation

/// Reference trajectories read from activity files: a survey-grade log, or the truth CSV that
/// `tracksift simulate` writes.
public enum ReferenceTruth {
  /// The true speed below which a reference point counts as standing, in meters per second.
  static let movingSpeedMetersPerSecond = 0.2

  /// The reference points of `track`: each timed fix's position and speed (NaN without one),
  /// moving where the speed is at least `movingSpeedMetersPerSecond` or unknown; in time
  /// order. Distances are left at 0: `EvaluationTruth` sums them over the span the scored
  /// fixes cover.
  public static func points(of track: Track) -> [TruthPoint] {
    let points = track.segments.flatMap(\.fixes).compactMap { fix -> TruthPoint? in
      guard let time = fix.timeSeconds, fix.coordinate.isInRange else { return nil }
      let speed = fix.validSpeedMetersPerSecond
      return TruthPoint(
        timeSeconds: time, coordinate: fix.coordinate,
        speedMetersPerSecond: speed ?? .nan, distanceMeters: 0,
        isMoving: (speed ?? .infinity) >= movingSpeedMetersPerSecond)
    }
    let isSorted = zip(points, points.dropFirst()).allSatisfy { $0.timeSeconds <= $1.timeSeconds }
    return isSorted ? points : points.sorted { $0.timeSeconds < $1.timeSeconds }
  }

  /// Whether the file at `path` is a truth CSV that `tracksift simulate` wrote (its first line
  /// is `TruthCSV.header`): its elevations are the simulated ground's, exact, so their rises
  /// sum to the true climb. A survey log's heights wiggle by centimeters and would not.
  public static func isSimulatedTruth(path: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    let expected = Data((TruthCSV.header + "\n").utf8)
    return (try? handle.read(upToCount: expected.count)) == expected
  }

  /// The climb of a simulated truth: every rise of its elevations in time order (an
  /// `ElevationAccumulator` without a dead band), in meters; `nil` without two of them.
  public static func climbMeters(of track: Track) -> Double? {
    guard let altitudes = timedAltitudesMeters(of: track) else { return nil }
    var climb = ElevationAccumulator(thresholdMeters: 0, accuracyMultiple: 0)
    for altitude in altitudes { climb.add(altitudeMeters: altitude) }
    return climb.gainMeters
  }

  /// The valid altitudes of the timed fixes of `track`, in time order; `nil` without two.
  private static func timedAltitudesMeters(of track: Track) -> [Double]? {
    let altitudes = track.segments.flatMap(\.fixes)
      .filter { $0.timeSeconds != nil }
      .sorted { ($0.timeSeconds ?? 0) < ($1.timeSeconds ?? 0) }
      .compactMap(\.validAltitudeMeters)
    return altitudes.count > 1 ? altitudes : nil
  }

  /// The band a survey log's climb is counted with, in meters: the refined climb's (a survey
  /// receiver's height is good to centimeters, so only the terrain's own sub-meter wiggles fall
  /// under it, as they do for the refined climb).
  static let surveyClimbBandMeters = 1.0

  /// The climb of a survey-grade log: its altitudes in time order counted swing by swing
  /// (`SwingCounter`) past `surveyClimbBandMeters` (1 m, the refined climb's band); `nil`
  /// without two of them.
  public static func surveyClimbMeters(of track: Track) -> Double? {
    guard let altitudes = timedAltitudesMeters(of: track) else { return nil }
    var climb = SwingCounter()
    for altitude in altitudes {
      climb.add(altitudeMeters: altitude, deadBandMeters: surveyClimbBandMeters)
    }
    return climb.gainMeters
  }
}
