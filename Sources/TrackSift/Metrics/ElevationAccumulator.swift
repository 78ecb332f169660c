/// Elevation gain and loss with a dead band against altitude noise.
///
/// Summing every up and down of a noisy altitude adds climb that never happened. The accumulator
/// keeps a reference altitude and counts a climb (or descent) only once the altitude has moved at
/// least the dead band away from it, then moves the reference there. Noise smaller than the band
/// adds nothing; a real climb is counted in full (minus at most one band at its end, which a later
/// descent of the same size recovers).
///
/// The band is ``thresholdMeters`` (2 m), widened to ``accuracyMultiple`` (2) times a sample's
/// stated vertical accuracy. Barometric altitude, which watches record without an accuracy, and a
/// good receiver's GNSS altitude wander by well under a meter; a phone's GNSS altitude can wander
/// by its stated vertical accuracy over a minute or two (as the simulator models it), and a band
/// of twice that keeps most of the wander out. ChoosingTheDefaults gives the measurements behind
/// both numbers. Invalid altitudes (``Fix/validAltitudeMeters`` is `nil`) are skipped; a segment
/// break restarts the reference so no climb bridges a gap.
public struct ElevationAccumulator: Sendable, Hashable {
  /// The narrowest dead band in meters, used when no vertical accuracy is stated.
  public let thresholdMeters: Double
  /// How many times a sample's stated vertical accuracy the dead band is at least.
  public let accuracyMultiple: Double
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
  /// - Parameters:
  ///   - thresholdMeters: the narrowest dead band.
  ///   - accuracyMultiple: the dead band is at least this many times a sample's stated vertical
  ///     accuracy; 0 ignores the accuracy.
  public init(thresholdMeters: Double = 2, accuracyMultiple: Double = 2) {
    self.thresholdMeters = thresholdMeters.isFinite ? max(thresholdMeters, 0) : 2
    self.accuracyMultiple = accuracyMultiple.isFinite ? max(accuracyMultiple, 0) : 2
  }

  /// The dead band for a sample of the given vertical accuracy, in meters.
  public func deadBandMeters(verticalAccuracyMeters: Double?) -> Double {
    guard let accuracy = verticalAccuracyMeters, accuracy.isFinite, accuracy > 0 else {
      return thresholdMeters
    }
    return max(thresholdMeters, accuracyMultiple * accuracy)
  }

  /// Adds one altitude sample; `nil` or non-finite altitudes are ignored.
  /// - Parameters:
  ///   - altitudeMeters: the altitude.
  ///   - verticalAccuracyMeters: its stated accuracy, if any (non-positive counts as none).
  public mutating func add(altitudeMeters: Double?, verticalAccuracyMeters: Double? = nil) {
    guard let altitude = altitudeMeters, altitude.isFinite else { return }
    minimumAltitudeMeters = min(minimumAltitudeMeters ?? altitude, altitude)
    maximumAltitudeMeters = max(maximumAltitudeMeters ?? altitude, altitude)
    guard let reference = referenceAltitudeMeters else {
      referenceAltitudeMeters = altitude
      return
    }
    let change = altitude - reference
    // Most samples move less than the narrowest band; only the rest need their own band.
    guard abs(change) >= thresholdMeters else { return }
    let band = deadBandMeters(verticalAccuracyMeters: verticalAccuracyMeters)
    if change >= band {
      gainMeters += change
      referenceAltitudeMeters = altitude
    } else if -change >= band {
      lossMeters -= change
      referenceAltitudeMeters = altitude
    }
  }

  /// Forgets the reference altitude, so the next sample starts afresh (a new segment).
  public mutating func breakSegment() {
    referenceAltitudeMeters = nil
  }
}
