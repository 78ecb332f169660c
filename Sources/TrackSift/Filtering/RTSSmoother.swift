import Foundation

/// The Rauch-Tung-Striebel smoother: after an activity, it runs backwards over the records of
/// ``ConstantVelocityKalmanFilter`` and gives each fix the estimate that uses the fixes after it
/// as well as those before.
///
/// Where the live filter lags on a turn (it only knows the past), the smoothed track follows the
/// fixes on both sides of the turn, so corners stay sharp and a hairpin is not cut. Records that
/// start a run (``KalmanRecord/startsRun``) are not joined to the records before them: a gap or
/// a re-anchoring is never bridged.
///
/// For each record `k` with filtered state `x_k`, covariance `P_k` and the prediction
/// `x_k+1|k = F x_k`, `P_k+1|k = F P_k F' + Q`, the smoothed state is
/// `x_k|n = x_k + C_k (x_k+1|n - x_k+1|k)` with gain `C_k = P_k F' P_k+1|k^-1`, computed per
/// axis. Source: Rauch, Tung and Striebel (1965), "Maximum likelihood estimates of linear
/// dynamic systems", AIAA Journal 3(8).
public enum RTSSmoother {
  /// The smoothed positions, one per record, in the records' order.
  /// - Complexity: O(n) time, O(n) for the result.
  public static func smoothedCoordinates(_ records: some RandomAccessCollection<KalmanRecord>)
    -> [Coordinate]
  {
    var result = [Coordinate](
      repeating: Coordinate(latitudeDegrees: .nan, longitudeDegrees: .nan), count: records.count)
    smooth(records) { offset, coordinate, _ in result[offset] = coordinate }
    return result
  }

  /// The smoothed positions, one per record, and the smoothed velocities of the records at
  /// `offsets` (positions in `records`, from 0).
  /// - Complexity: O(n) time, O(n) for the positions.
  public static func smoothedCoordinates(
    _ records: some RandomAccessCollection<KalmanRecord>, velocitiesAt offsets: Set<Int>
  ) -> (coordinates: [Coordinate], velocities: [Int: Velocity]) {
    guard !offsets.isEmpty else { return (smoothedCoordinates(records), [:]) }
    var coordinates = [Coordinate](
      repeating: Coordinate(latitudeDegrees: .nan, longitudeDegrees: .nan), count: records.count)
    var velocities: [Int: Velocity] = [:]
    smooth(records) { offset, coordinate, velocity in
      coordinates[offset] = coordinate
      if offsets.contains(offset) { velocities[offset] = velocity }
    }
    return (coordinates, velocities)
  }

  /// The smoothed position and velocity of the first record, from the records after it: a
  /// fixed-lag smoother's estimate when `records` are the newest few. `nil` for no records.
  ///
  /// The few records share one plane, centred on the first, rather than one each: a window of
  /// a few hundred meters distorts the steps between its records by about a millimeter, and
  /// a live recorder saves a plane's trigonometry for every record of every window.
  /// - Complexity: O(n) time, without allocation.
  public static func smoothedFirstState(
    _ records: some RandomAccessCollection<KalmanRecord>
  ) -> (coordinate: Coordinate, velocity: Velocity)? {
    guard let origin = records.first?.coordinate else { return nil }
    var first: (Coordinate, Velocity)?
    smooth(records, in: LocalTangentPlane(origin: origin)) { offset, coordinate, velocity in
      if offset == 0 { first = (coordinate, velocity) }
    }
    return first
  }

  /// The backward pass: gives each record's smoothed position and velocity, the last
  /// record's first. Each step is computed in `sharedPlane`, or else in a plane centred on its
  /// record.
  private static func smooth(
    _ records: some RandomAccessCollection<KalmanRecord>,
    in sharedPlane: LocalTangentPlane? = nil,
    _ body: (_ offset: Int, _ coordinate: Coordinate, _ velocity: Velocity) -> Void
  ) {
    guard !records.isEmpty else { return }
    var offset = records.count - 1
    var index = records.index(before: records.endIndex)
    var later = records[index]
    // The smoothed state of the record after the current one.
    var laterCoordinate = later.coordinate
    var laterEastVelocity = later.eastVelocityMetersPerSecond
    var laterNorthVelocity = later.northVelocityMetersPerSecond
    body(
      offset, laterCoordinate,
      Velocity(
        eastMetersPerSecond: laterEastVelocity, northMetersPerSecond: laterNorthVelocity))
    while index != records.startIndex {
      index = records.index(before: index)
      offset -= 1
      let record = records[index]
      if later.startsRun || !(later.intervalSeconds.isFinite) {
        laterCoordinate = record.coordinate
        laterEastVelocity = record.eastVelocityMetersPerSecond
        laterNorthVelocity = record.northVelocityMetersPerSecond
      } else {
        let plane = sharedPlane ?? LocalTangentPlane(origin: record.coordinate)
        // Zero in a plane centred on the record.
        let (recordEast, recordNorth) = plane.project(record.coordinate)
        let (laterEast, laterNorth) = plane.project(laterCoordinate)
        let (smoothedEast, smoothedNorth) = (laterEast - recordEast, laterNorth - recordNorth)
        let dt = later.intervalSeconds
        let q = later.spectralDensity
        // The filter treats both axes alike, so their covariances are equal and one gain
        // serves both; a record made otherwise gets one gain per axis.
        let eastGain = Gain(covariance: record.eastCovariance, dt: dt, q: q)
        let northGain =
          record.northCovariance == record.eastCovariance
          ? eastGain : Gain(covariance: record.northCovariance, dt: dt, q: q)
        let eastCorrection = eastGain.correction(
          velocity: record.eastVelocityMetersPerSecond, laterPosition: smoothedEast,
          laterVelocity: laterEastVelocity, dt: dt)
        let northCorrection = northGain.correction(
          velocity: record.northVelocityMetersPerSecond, laterPosition: smoothedNorth,
          laterVelocity: laterNorthVelocity, dt: dt)
        laterCoordinate = plane.unproject(
          eastMeters: recordEast + eastCorrection.position,
          northMeters: recordNorth + northCorrection.position)
        laterEastVelocity = record.eastVelocityMetersPerSecond + eastCorrection.velocity
        laterNorthVelocity = record.northVelocityMetersPerSecond + northCorrection.velocity
      }
      body(
        offset, laterCoordinate,
        Velocity(
          eastMetersPerSecond: laterEastVelocity, northMetersPerSecond: laterNorthVelocity))
      later = record
    }
  }

  /// The smoother's correction on one axis, in a plane centred on the record (its filtered
  /// position is 0).
  static func correction(
    covariance: (position: Double, cross: Double, velocity: Double), velocity: Double,
    laterPosition: Double, laterVelocity: Double, dt: Double, q: Double
  ) -> (position: Double, velocity: Double) {
    Gain(covariance: covariance, dt: dt, q: q).correction(
      velocity: velocity, laterPosition: laterPosition, laterVelocity: laterVelocity, dt: dt)
  }

  /// The smoother gain C = P F' (P_k+1|k)^-1 of one axis, undefined where the predicted
  /// covariance is singular or not finite.
  struct Gain {
    private var c00 = 0.0
    private var c01 = 0.0
    private var c10 = 0.0
    private var c11 = 0.0
    private var isDefined = false

    init(covariance: (position: Double, cross: Double, velocity: Double), dt: Double, q: Double) {
      let (pp, pv, vv) = covariance
      // Prediction P_k+1|k = F P F' + Q.
      let predictedPP = pp + 2 * dt * pv + dt * dt * vv + q * dt * dt * dt / 3
      let predictedPV = pv + dt * vv + q * dt * dt / 2
      let predictedVV = vv + q * dt
      let determinant = predictedPP * predictedVV - predictedPV * predictedPV
      guard determinant > 0, determinant.isFinite else { return }
      // P F' = [[pp + dt pv, pv], [pv + dt vv, vv]].
      let a = pp + dt * pv
      let b = pv
      let c = pv + dt * vv
      let d = vv
      let inverse00 = predictedVV / determinant
      let inverse01 = -predictedPV / determinant
      let inverse11 = predictedPP / determinant
      c00 = a * inverse00 + b * inverse01
      c01 = a * inverse01 + b * inverse11
      c10 = c * inverse00 + d * inverse01
      c11 = c * inverse01 + d * inverse11
      isDefined = true
    }

    /// The correction of the record's filtered state (position 0, `velocity`) towards the
    /// later record's smoothed state; without a gain, the later position carried back at the
    /// filtered velocity.
    func correction(
      velocity: Double, laterPosition: Double, laterVelocity: Double, dt: Double
    ) -> (position: Double, velocity: Double) {
      guard isDefined else { return (laterPosition - velocity * dt, 0) }
      let positionDifference = laterPosition - velocity * dt
      let velocityDifference = laterVelocity - velocity
      return (
        c00 * positionDifference + c01 * velocityDifference,
        c10 * positionDifference + c11 * velocityDifference
      )
    }
  }
}
