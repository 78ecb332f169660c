/// The knobs of the refined climb: how each source's altitudes are smoothed and the dead band
/// left after smoothing, and when a terrain model gives way to the device (bridges, tunnels).
///
/// The reasons behind the defaults are in <doc:ElevationDefaults>.
public struct ClimbConfiguration: Sendable, Hashable {
  /// The vertical smoother's knobs.
  public var smoother: VerticalSmoother.Configuration
  /// The least noise a barometric altitude is smoothed with, in meters.
  public var barometricSigmaFloorMeters: Double
  /// The dead band of a smoothed barometric altitude, in meters.
  public var barometricDeadBandMeters: Double
  /// The noise of a GNSS altitude that states no accuracy, in meters, at least.
  public var gnssSigmaFloorMeters: Double
  /// The dead band of the ground smoothed from GNSS altitudes, in meters, at least: it is
  /// widened to the altitudes' measured white noise (``AltitudeNoise``).
  public var gnssDeadBandMeters: Double
  /// The smoother that parts the ground from a GNSS receiver's vertical wander.
  public var gnssSmoother: GNSSAltitudeSmoother.Configuration
  /// A GNSS altitude without a stated vertical accuracy wanders by this many times the fix's
  /// horizontal accuracy: with satellites only above the horizon, the vertical dilution of
  /// precision is about one and a half times the horizontal.
  public var gnssVerticalToHorizontalRatio: Double
  /// The vertical wander of a GNSS altitude whose fix states no accuracy at all, in meters.
  public var gnssWanderSigmaMeters: Double
  /// The noise of a terrain model's elevation along the refined route, in meters: its own
  /// error and the positions' horizontal error on a slope.
  public var terrainSigmaMeters: Double
  /// The dead band of a smoothed terrain elevation, in meters.
  public var terrainDeadBandMeters: Double
  /// Where the device's altitude and the terrain model disagree by more than this many meters
  /// (and ``bridgeSigmaMultiple`` times the device's noise), steadily, the device is believed:
  /// a bridge over a valley, a tunnel under a hill.
  public var bridgeDisagreementMeters: Double
  /// The disagreement must also exceed this many times the device altitude's noise: a GNSS
  /// altitude wanders by more than its stated accuracy for minutes at a time (one and a half
  /// times the horizontal error, `shared/ERROR-MODEL.md`), so three times it is crossed by
  /// chance in a city or a forest; five times it is a structure.
  public var bridgeSigmaMultiple: Double
  /// The disagreement must last at least this long, in seconds.
  public var bridgeMinimumSeconds: Double
  /// With a barometer and a terrain model, the barometer's difference from the terrain is
  /// averaged over this many seconds around each fix to hold it to the terrain's level: longer
  /// than a canopy's or a bridge's bump passes, shorter than the weather moves it.
  public var barometerAnchorSeconds: Double
  /// Whether an altitude's change while the wearer stands (the refined stops) is left out of
  /// the climb: a body standing still neither climbs nor descends (see
  /// ``StoppedAltitudeHold``).
  public var holdsAltitudeWhileStopped: Bool

  /// Creates a configuration with TrackSift's defaults.
  public init() {
    smoother = VerticalSmoother.Configuration()
    barometricSigmaFloorMeters = 0.1
    barometricDeadBandMeters = 1
    gnssSigmaFloorMeters = 1
    gnssDeadBandMeters = 1
    gnssSmoother = GNSSAltitudeSmoother.Configuration()
    gnssVerticalToHorizontalRatio = 1.5
    gnssWanderSigmaMeters = 5
    terrainSigmaMeters = 1
    terrainDeadBandMeters = 1
    bridgeDisagreementMeters = 10
    bridgeSigmaMultiple = 5
    bridgeMinimumSeconds = 10
    barometerAnchorSeconds = 600
    holdsAltitudeWhileStopped = true
  }
}

extension ClimbConfiguration {
  /// The receiver's vertical wander behind a GNSS altitude, in meters: the stated vertical
  /// accuracy, else the horizontal one times ``gnssVerticalToHorizontalRatio``, else
  /// ``gnssWanderSigmaMeters``.
  func gnssWanderSigmaMeters(verticalAccuracyMeters: Double?, horizontalAccuracyMeters: Double?)
    -> Double
  {
    if let accuracy = verticalAccuracyMeters, accuracy > 0, accuracy.isFinite { return accuracy }
    if let accuracy = horizontalAccuracyMeters, accuracy > 0, accuracy.isFinite {
      return gnssVerticalToHorizontalRatio * accuracy
    }
    return gnssWanderSigmaMeters
  }
}
