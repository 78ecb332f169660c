/// Holds an altitude still while its wearer stands: the altitude a climb counter is fed moves
/// only while the wearer moves.
///
/// Standing, a body neither climbs nor descends, so whatever the altitude does meanwhile is the
/// instrument's: a barometer warming or cooling, a watch calibrating itself, the weather, a
/// GNSS altitude's wander. Each change between two stopped fixes in a row is taken out of
/// every later altitude; a change into or out of a stop is kept whole.
///
/// - Complexity: O(1) per altitude.
public struct StoppedAltitudeHold: Sendable, Hashable {
  /// The change taken out so far, in meters.
  public private(set) var heldOutMeters = 0.0
  private var lastAltitudeMeters: Double?
  private var lastWasStopped = false

  /// Creates a hold with nothing taken out.
  public init() {}

  /// The altitude to count for one fix, in meters: `altitudeMeters` less every change that
  /// happened while standing; `nil` (and the hold unchanged) for a `nil` or non-finite one.
  /// - Parameters:
  ///   - altitudeMeters: the (smoothed) altitude, in meters.
  ///   - isMoving: whether the wearer moved over the interval ending at this fix.
  public mutating func counted(altitudeMeters: Double?, isMoving: Bool) -> Double? {
    guard let altitude = altitudeMeters, altitude.isFinite else { return nil }
    if !isMoving, lastWasStopped, let last = lastAltitudeMeters { heldOutMeters += altitude - last }
    (lastAltitudeMeters, lastWasStopped) = (altitude, !isMoving)
    return altitude - heldOutMeters
  }
}
