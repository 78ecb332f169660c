import Foundation

/// The smoother's path across a signal loss, where the straight step between the fixes on
/// either side would cut the corner the person went round while no fix came.
///
/// Under the constant-velocity model the smoother assumes (a position whose acceleration is
/// white noise), the most likely path between two states known at both ends of an interval
/// is the cubic Hermite curve through their positions with their velocities as tangents (the
/// posterior mean of an integrated Wiener process given its ends is a cubic spline: Wahba
/// 1978, "Improper priors, spline smoothing and the problem of guarding against model errors
/// in regression", J. R. Stat. Soc. B 40(3)). How much it recovers on real drives and walks is
/// in the SmoothingDefaults article.
///
/// Only a signal loss the filter carries its state across counts (no longer than its re-anchor
/// gap, a minute by default): a pause longer than 10 s and three times the interval before it
/// (``SignalLossReconvergence/isSignalLoss(pauseSeconds:previousIntervalSeconds:)``). A sparse
/// recording (a point every 10 m, or every 10-15 s) is left as its points: its steps are its
/// pace, and the smoothed velocities of points that far apart bend its path more than it bent.
///
/// The model assumes the person kept moving. A path is therefore drawn only where the straight
/// step covers at least half of what the mean of the two ends' speeds would cover over the
/// interval (at constant speed round a half circle the chord is 2/π of the arc, so a U-turn
/// passes, while a stop during the loss, or a loss that starts or ends standing, does not),
/// and it is refused where it would be longer than the faster end's speed allows over the
/// interval.
///
/// The path is sampled every second or less, as a 1 Hz recording would have seen it: its
/// length is the length of that polyline, so a file written with its points measures it.
public struct GapPath: Sendable, Hashable {
  /// The positions between the two ends, in time order (neither end included).
  public var intermediateCoordinates: [Coordinate]
  /// The time of the first end, in seconds since 2001-01-01 UTC.
  public var startSeconds: Double
  /// The interval between the two ends, in seconds.
  public var intervalSeconds: Double
  /// The length of the polyline from the first end through the intermediate positions to the
  /// second, in meters.
  public var lengthMeters: Double

  /// The time of each intermediate position, in seconds since 2001-01-01 UTC: evenly spaced.
  public var intermediateTimesSeconds: [Double] {
    let count = intermediateCoordinates.count
    let spacing = intervalSeconds / Double(count + 1)
    return (0..<count).map { startSeconds + Double($0 + 1) * spacing }
  }

  /// The path between two smoothed states across a signal loss, or `nil` where the straight
  /// step is the better measure: the interval is not a signal loss
  /// (``SignalLossReconvergence/isSignalLoss(pauseSeconds:previousIntervalSeconds:)``: a
  /// sparse recording's steps are its pace), the person did not keep moving (see the type's
  /// discussion), or a value is not finite.
  ///
  /// - Parameters:
  ///   - start: the position and velocity before the loss, and its time in seconds.
  ///   - end: the position and velocity after it, and its time.
  ///   - previousIntervalSeconds: the interval between the fix before `start` and `start`.
  ///   - maximumIntervalSeconds: the longest loss the filter carries its state across
  ///     (``ConstantVelocityKalmanFilter/Configuration/reanchorGapSeconds``); after a longer
  ///     one it starts afresh, and the two ends' velocities say nothing of the path between.
  /// - Complexity: O(interval in seconds).
  public static func across(
    from start: (coordinate: Coordinate, velocity: Velocity, timeSeconds: Double),
    to end: (coordinate: Coordinate, velocity: Velocity, timeSeconds: Double),
    previousIntervalSeconds: Double?, maximumIntervalSeconds: Double
  ) -> GapPath? {
    let interval = end.timeSeconds - start.timeSeconds
    guard
      SignalLossReconvergence.isSignalLoss(
        pauseSeconds: interval, previousIntervalSeconds: previousIntervalSeconds),
      interval <= maximumIntervalSeconds, interval.isFinite,
      start.velocity.isFinite, end.velocity.isFinite,
      start.coordinate.isInRange, end.coordinate.isInRange
    else { return nil }
    let plane = LocalTangentPlane(origin: start.coordinate)
    let (chordEast, chordNorth) = plane.project(end.coordinate)
    let chordMeters = hypot(chordEast, chordNorth)
    let startSpeed = start.velocity.speedMetersPerSecond
    let endSpeed = end.velocity.speedMetersPerSecond
    guard chordMeters >= (startSpeed + endSpeed) / 2 * interval / 2 else { return nil }
    let steps = Int(interval.rounded(.up))
    var coordinates: [Coordinate] = []
    coordinates.reserveCapacity(steps - 1)
    var length = 0.0
    var previous = start.coordinate
    for step in 1...steps {
      let t = Double(step) / Double(steps)
      // Cubic Hermite basis: the ends' positions and, scaled by the interval, their velocities.
      let h10 = t * (1 - t) * (1 - t) * interval
      let h01 = t * t * (3 - 2 * t)
      let h11 = t * t * (t - 1) * interval
      let east =
        h10 * start.velocity.eastMetersPerSecond + h01 * chordEast
        + h11 * end.velocity.eastMetersPerSecond
      let north =
        h10 * start.velocity.northMetersPerSecond + h01 * chordNorth
        + h11 * end.velocity.northMetersPerSecond
      // The last point is the end itself (the curve reaches it up to rounding).
      let point =
        step < steps ? plane.unproject(eastMeters: east, northMeters: north) : end.coordinate
      // Measured as the written file will be: geodesic steps between its points.
      length += Geodesic.distanceMeters(from: previous, to: point)
      previous = point
      if step < steps { coordinates.append(point) }
    }
    guard length.isFinite, length <= max(max(startSpeed, endSpeed) * interval, chordMeters) else {
      return nil
    }
    return GapPath(
      intermediateCoordinates: coordinates, startSeconds: start.timeSeconds,
      intervalSeconds: interval, lengthMeters: length)
  }
}
