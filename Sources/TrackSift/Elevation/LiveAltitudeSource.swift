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
  private var differences: [Double] = []
  private var before: Altitude?
  private var last: Altitude?

  private struct Altitude: Sendable, Hashable {
    var timeSeconds: Double?
    var meters: Double
  }

  /// Takes one altitude.
  /// - Parameters:
  ///   - altitudeMeters: the altitude.
  ///   - timeSeconds: its time, if any; only altitudes at most
  ///     ``AltitudeNoise/longestIntervalSeconds`` apart give a difference.
  ///   - statesQuality: whether the fix states a vertical accuracy or its receiver's quality.
  mutating func add(altitudeMeters: Double, timeSeconds: Double?, statesQuality: Bool) {
    if statesQuality { source = .gnss }
    guard source == nil else { return }
    if let before, let last,
      let difference = AltitudeNoise.secondDifferenceMeters(
        before.meters, at: before.timeSeconds, last.meters, at: last.timeSeconds, altitudeMeters,
        at: timeSeconds)
    {
      differences.append(difference)
    }
    (before, last) = (last, Altitude(timeSeconds: timeSeconds, meters: altitudeMeters))
    guard differences.count >= Self.decisionDifferenceCount,
      let white = AltitudeNoise.whiteSigmaMeters(secondDifferences: differences)
    else { return }
    source = AltitudeNoise.isBarometric(whiteSigmaMeters: white) ? .barometer : .gnss
    differences = []
  }

  /// Forgets the altitudes before a break; what is decided stays.
  mutating func breakSegment() {
    (before, last) = (nil, nil)
  }
}
