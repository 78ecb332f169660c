/// Where a recording's altitudes come from, decided as they arrive: ``AltitudeNoise``'s rule
/// (barometric when no fix states a vertical accuracy or its receiver's quality and the white
/// noise is at most ``AltitudeNoise/barometricWhiteNoiseCeilingMeters``) over the first
/// ``decisionDifferenceCount`` second differences, where the batch measures the whole
/// recording. A fix that states its quality decides for GNSS at once. The first decision is
/// the one kept (``ElevationAccumulator`` asks no more once it has one).
///
/// - Complexity: O(1) per altitude; the decision sorts ``decisionDifferenceCount`` values once.
struct LiveAltitudeSource: Sendable, Hashable {
  /// How many second differences the decision waits for: a minute at one altitude a second,
  /// three times ``AltitudeNoise/minimumDifferenceCount``, so that a phone whose first
  /// altitudes repeat while it settles is not taken for a barometer.
  static let decisionDifferenceCount = 60

  /// The source, once decided.
  private(set) var source: ClimbSource?
  private var noise = ArrivingAltitudeNoise()

  /// Takes one altitude.
  /// - Parameters:
  ///   - altitudeMeters: the altitude.
  ///   - timeSeconds: its time, if any; only altitudes at most
  ///     ``AltitudeNoise/longestIntervalSeconds`` apart give a difference.
  ///   - statesQuality: whether the fix states a vertical accuracy or its receiver's quality.
  mutating func add(altitudeMeters: Double, timeSeconds: Double?, statesQuality: Bool) {
    if statesQuality { source = .gnss }
    guard source == nil else { return }
    noise.add(altitudeMeters: altitudeMeters, timeSeconds: timeSeconds)
    guard noise.differenceCount >= Self.decisionDifferenceCount,
      let white = noise.whiteSigmaMeters
    else { return }
    source = AltitudeNoise.isBarometric(whiteSigmaMeters: white) ? .barometer : .gnss
    noise = ArrivingAltitudeNoise()
  }

  /// Forgets the altitudes before a break; what is decided stays.
  mutating func breakSegment() {
    noise.breakSegment()
  }
}
