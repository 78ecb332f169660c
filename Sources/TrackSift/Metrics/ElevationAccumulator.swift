/// Elevation gain and loss with a dead band against altitude noise.
///
/// GPS altitude is poor: 1 Hz jitter of a few meters would add hundreds of meters of fake climb
/// per hour if every up and down were summed. The accumulator keeps a reference altitude and
/// counts a climb (or descent) only once the altitude has moved at least
/// ``thresholdMeters`` away from it, then moves the reference there. Jitter smaller than the
/// threshold adds nothing; a real climb is counted in full (minus at most one threshold at its
/// end, which a later descent of the same size recovers). Barometric or elevation-model
/// altitudes are smoother and can use a lower threshold. Invalid altitudes (``Fix/validAltitudeMeters``
/// is `nil`) are skipped; a segment break restarts the reference so no climb bridges a gap.
public struct ElevationAccumulator: Sendable, Hashable {
  /// The dead band in meters.
  public let thresholdMeters: Double
  /// Total climb in meters.
  public private(set) var gainMeters = 0.0
  /// Total descent in meters (a positive number).
  public private(set) var lossMeters = 0.0
  /// Lowest and highest valid altitude seen, in meters.
  public private(set) var minimumAltitudeMeters: Double?
  /// Highest valid altitude seen, in meters.
  public private(set) var maximumAltitudeMeters: Double?
  private var referenceAltitudeMeters: Double?

  /// Creates an accumulator.
  /// - Parameter thresholdMeters: the dead band; 5 m suits GPS altitude, 1-2 m barometric.
  public init(thresholdMeters: Double = 5) {
    self.thresholdMeters = thresholdMeters.isFinite ? max(thresholdMeters, 0) : 5
  }

  /// Adds one altitude sample; `nil` or non-finite values are ignored.
  public mutating func add(altitudeMeters: Double?) {
    guard let altitude = altitudeMeters, altitude.isFinite else { return }
    minimumAltitudeMeters = min(minimumAltitudeMeters ?? altitude, altitude)
    maximumAltitudeMeters = max(maximumAltitudeMeters ?? altitude, altitude)
    guard let reference = referenceAltitudeMeters else {
      referenceAltitudeMeters = altitude
      return
    }
    let change = altitude - reference
    if change >= thresholdMeters {
      gainMeters += change
      referenceAltitudeMeters = altitude
    } else if -change >= thresholdMeters {
      lossMeters -= change
      referenceAltitudeMeters = altitude
    }
  }

  /// Forgets the reference altitude, so the next sample starts afresh (a new segment).
  public mutating func breakSegment() {
    referenceAltitudeMeters = nil
  }
}
