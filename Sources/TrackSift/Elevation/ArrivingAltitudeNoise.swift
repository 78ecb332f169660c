/// ``AltitudeNoise``'s white-noise estimate, measured on altitudes as they arrive: the second
/// differences of altitudes at most ``AltitudeNoise/longestIntervalSeconds`` apart, collected
/// until their owner has enough. A segment break keeps the differences but joins none across
/// it.
///
/// - Complexity: O(1) per altitude; the estimate sorts the differences collected.
struct ArrivingAltitudeNoise: Sendable, Hashable {
  private var differences: [Double] = []
  private var before: Altitude?
  private var last: Altitude?

  private struct Altitude: Sendable, Hashable {
    var timeSeconds: Double?
    var meters: Double
  }

  /// Takes one altitude, with its time if any.
  mutating func add(altitudeMeters: Double, timeSeconds: Double?) {
    if let before, let last,
      let difference = AltitudeNoise.secondDifferenceMeters(
        before.meters, at: before.timeSeconds, last.meters, at: last.timeSeconds, altitudeMeters,
        at: timeSeconds)
    {
      differences.append(difference)
    }
    (before, last) = (last, Altitude(timeSeconds: timeSeconds, meters: altitudeMeters))
  }

  /// How many second differences are in.
  var differenceCount: Int { differences.count }

  /// Joins no difference across a break.
  mutating func breakSegment() {
    (before, last) = (nil, nil)
  }

  /// The white noise's standard deviation in meters, once at least
  /// ``AltitudeNoise/minimumDifferenceCount`` differences are in; `nil` before.
  var whiteSigmaMeters: Double? {
    differenceCount >= AltitudeNoise.minimumDifferenceCount
      ? AltitudeNoise.whiteSigmaMeters(secondDifferences: differences) : nil
  }
}
