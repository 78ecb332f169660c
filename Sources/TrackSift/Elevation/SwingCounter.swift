/// The climb and descent of smoothed altitudes, counted swing by swing: a rise counts in full,
/// from the lowest point before it to the highest, once the altitude has come down from that
/// top by its dead band (or the segment ends); a smaller wobble counts nothing.
///
/// ``ElevationAccumulator`` moves its reference in steps of the band and so loses up to one
/// band at every top and bottom: on rolling ground whose swings are a few bands high that is a
/// tenth or more of the climb. Counted between confirmed extremes, altitudes the
/// ``VerticalSmoother`` has already freed of their noise keep all of it.
///
/// - Complexity: O(1) per altitude.
public struct SwingCounter: Sendable, Hashable {
  private enum Direction: Hashable { case unknown, up, down }

  /// Climb counted in swings already confirmed, in meters.
  private var confirmedGainMeters = 0.0
  /// Descent counted in swings already confirmed, in meters.
  private var confirmedLossMeters = 0.0
  /// The last confirmed extreme, where the swing under way started; before the first swing,
  /// the lowest (for a climb) or highest (for a descent) altitude so far, see ``add``.
  private var anchorMeters: Double?
  /// Before the first swing: the highest altitude so far (`anchorMeters` the lowest).
  private var highestBeforeSwingMeters = 0.0
  /// The highest (going up) or lowest (going down) altitude of the swing under way.
  private var extremeMeters = 0.0
  private var direction = Direction.unknown
  /// Takes the altitude's changes while the wearer stands out of what is counted.
  private var hold = StoppedAltitudeHold()
  /// Lowest altitude given, in meters (as given: not held while standing).
  public private(set) var minimumAltitudeMeters: Double?
  /// Highest altitude given, in meters (as given: not held while standing).
  public private(set) var maximumAltitudeMeters: Double?

  /// Creates an empty counter.
  public init() {}

  /// Total climb in meters, the swing under way included once it is beyond its band.
  public var gainMeters: Double {
    confirmedGainMeters + (direction == .up ? extremeMeters - (anchorMeters ?? 0) : 0)
  }

  /// Total descent in meters (a positive number), likewise.
  public var lossMeters: Double {
    confirmedLossMeters + (direction == .down ? (anchorMeters ?? 0) - extremeMeters : 0)
  }

  /// Adds one altitude; `nil` or non-finite ones are ignored.
  /// - Parameters:
  ///   - altitudeMeters: the (smoothed) altitude.
  ///   - deadBandMeters: how far it must come back from a top or bottom for the swing to count.
  ///   - isMoving: whether the wearer moved over the interval ending at this altitude; a
  ///     change between two altitudes given standing counts nothing (``StoppedAltitudeHold``).
  public mutating func add(altitudeMeters: Double?, deadBandMeters: Double, isMoving: Bool = true) {
    guard let measured = altitudeMeters, measured.isFinite,
      let altitude = hold.counted(altitudeMeters: measured, isMoving: isMoving)
    else { return }
    minimumAltitudeMeters = min(minimumAltitudeMeters ?? measured, measured)
    maximumAltitudeMeters = max(maximumAltitudeMeters ?? measured, measured)
    guard let anchor = anchorMeters else {
      (anchorMeters, extremeMeters, highestBeforeSwingMeters) = (altitude, altitude, altitude)
      return
    }
    let band = deadBandMeters.isFinite ? max(deadBandMeters, 0) : 0
    switch direction {
    case .unknown:
      // The first swing starts from the lowest point so far (a climb) or the highest (a descent).
      if altitude - anchor >= band, altitude > anchor {
        (direction, extremeMeters) = (.up, altitude)
      } else if highestBeforeSwingMeters - altitude >= band, altitude < highestBeforeSwingMeters {
        (anchorMeters, direction, extremeMeters) = (highestBeforeSwingMeters, .down, altitude)
      } else {
        anchorMeters = min(anchor, altitude)
        highestBeforeSwingMeters = max(highestBeforeSwingMeters, altitude)
      }
    case .up:
      if altitude > extremeMeters {
        extremeMeters = altitude
      } else if extremeMeters - altitude >= band {
        confirmedGainMeters += extremeMeters - anchor
        (anchorMeters, extremeMeters, direction) = (extremeMeters, altitude, .down)
      }
    case .down:
      if altitude < extremeMeters {
        extremeMeters = altitude
      } else if altitude - extremeMeters >= band {
        confirmedLossMeters += anchor - extremeMeters
        (anchorMeters, extremeMeters, direction) = (extremeMeters, altitude, .up)
      }
    }
  }

  /// Ends the segment: the swing under way counts, and the next altitude starts afresh.
  public mutating func breakSegment() {
    (confirmedGainMeters, confirmedLossMeters) = (gainMeters, lossMeters)
    anchorMeters = nil
    direction = .unknown
    hold = StoppedAltitudeHold()
  }
}
