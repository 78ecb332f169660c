/// Elevation gain and loss with a dead band against altitude noise, and a vertical speed limit
/// against altitude jumps.
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
///
/// **Altitude jumps.** A change of altitude between two timed samples faster than
/// ``maximumVerticalSpeedMetersPerSecond`` (beyond both samples' dead bands) is one no body
/// climbs or falls: it never counts as climb or descent. The sample after the jump decides
/// what it was. When that sample is back within reach of the altitude before the jump, the
/// jumped sample was a spike (a receiver's 99,999 m, or a -5 m in a flat 100 m track): it is
/// refused, for the climb and for the lowest and highest altitude, and counted in
/// ``refusedJumpCount``. Otherwise the altitude moved for good (a source that changed, a
/// barometer recalibrated): the reference restarts there without counting the step, and the
/// step is counted in ``refusedJumpCount`` too. A jump at the end of a segment, which no later
/// sample can confirm, is refused. Samples without a time are never judged for jumps, since a
/// speed needs a time.
///
/// **Barometric altitude, live.** Stepping loses up to a band at every top and bottom: on a
/// barometer's rolling record that is a fifth of the climb (real watches 12-19 % below their
/// own ascent, `shared/data`). An accumulator made with `countsBarometricSwings` decides the
/// altitudes' source as they arrive (see `LiveAltitudeSource`) and, once they read as
/// barometric, counts them swing by swing with the same band, as ``SwingCounter`` counts the
/// refined climb: each rise in full, from bottom to top. A GNSS altitude keeps the steps: its
/// wander swings by more than a band for minutes, and counting every swing of it in full
/// would multiply the false climb.
///
/// - Complexity: O(1) per sample; a jumped sample is held until the next one.
public struct ElevationAccumulator: Sendable, Hashable {
  /// The fastest vertical speed of a body, in meters per second: a skydiver's terminal velocity
  /// in the belly-to-earth position is about 55 m/s. Nothing the profiles cover (walking,
  /// running, cycling, driving) climbs or descends faster; a steep road descended at 40 m/s
  /// drops about 10 m/s, the fastest elevators climb 20 m/s. So a faster altitude change
  /// between two fixes is a measurement error, whatever the activity.
  public static let defaultMaximumVerticalSpeedMetersPerSecond = 55.0

  /// The narrowest dead band in meters, used when no vertical accuracy is stated.
  public let thresholdMeters: Double
  /// How many times a sample's stated vertical accuracy the dead band is at least.
  public let accuracyMultiple: Double
  /// The fastest altitude change counted, in meters per second (see the type's description).
  public let maximumVerticalSpeedMetersPerSecond: Double
  /// Climb counted in steps, in meters (all of it unless swings are counted).
  private var steppedGainMeters = 0.0
  /// Descent counted in steps, in meters.
  private var steppedLossMeters = 0.0
  /// Decides the source, for an accumulator that counts a barometer's swings, until it has.
  private var source: LiveAltitudeSource?
  /// Counts the climb once the altitudes read as barometric.
  private var swings: SwingCounter?
  /// Total climb in meters.
  public var gainMeters: Double { steppedGainMeters + (swings?.gainMeters ?? 0) }
  /// Total descent in meters (a positive number).
  public var lossMeters: Double { steppedLossMeters + (swings?.lossMeters ?? 0) }
  /// Lowest valid altitude counted, in meters.
  public private(set) var minimumAltitudeMeters: Double?
  /// Highest valid altitude counted, in meters.
  public private(set) var maximumAltitudeMeters: Double?
  private var referenceAltitudeMeters: Double?
  /// The last sample counted, for the jump check.
  private var last: Sample?
  /// A sample that jumped from `last`, until the next sample says what it was.
  private var pending: Sample?
  private var decidedJumpCount = 0

  private struct Sample: Sendable, Hashable {
    var altitudeMeters: Double
    var timeSeconds: Double?
    var verticalAccuracyMeters: Double?
  }

  /// Creates an accumulator.
  /// - Parameters:
  ///   - thresholdMeters: the narrowest dead band.
  ///   - accuracyMultiple: the dead band is at least this many times a sample's stated vertical
  ///     accuracy; 0 ignores the accuracy.
  ///   - maximumVerticalSpeedMetersPerSecond: the fastest altitude change counted; infinity
  ///     turns the jump check off.
  ///   - countsBarometricSwings: decide the altitudes' source as they arrive and count a
  ///     barometer's swing by swing (see the type's description).
  public init(
    thresholdMeters: Double = 2, accuracyMultiple: Double = 2,
    maximumVerticalSpeedMetersPerSecond: Double = defaultMaximumVerticalSpeedMetersPerSecond,
    countsBarometricSwings: Bool = false
  ) {
    source = countsBarometricSwings ? LiveAltitudeSource() : nil
    self.thresholdMeters = thresholdMeters.isFinite ? max(thresholdMeters, 0) : 2
    self.accuracyMultiple = accuracyMultiple.isFinite ? max(accuracyMultiple, 0) : 2
    self.maximumVerticalSpeedMetersPerSecond =
      maximumVerticalSpeedMetersPerSecond > 0
      ? maximumVerticalSpeedMetersPerSecond : Self.defaultMaximumVerticalSpeedMetersPerSecond
  }

  /// Number of altitude jumps refused for the climb (see the type's description), counting a
  /// jump still waiting for the next sample.
  public var refusedJumpCount: Int { decidedJumpCount + (pending == nil ? 0 : 1) }

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
  ///   - timeSeconds: the sample's time in seconds, for the jump check; `nil` skips it.
  ///   - statesQuality: whether the fix states a vertical accuracy or its receiver's quality
  ///     (dilution of precision, satellites): its altitude is then a GNSS receiver's.
  public mutating func add(
    altitudeMeters: Double?, verticalAccuracyMeters: Double? = nil, timeSeconds: Double? = nil,
    statesQuality: Bool = false
  ) {
    guard let altitude = altitudeMeters, altitude.isFinite else { return }
    if source != nil { decideSource(altitude, timeSeconds: timeSeconds, statesQuality) }
    let sample = Sample(
      altitudeMeters: altitude, timeSeconds: timeSeconds.flatMap { $0.isFinite ? $0 : nil },
      verticalAccuracyMeters: verticalAccuracyMeters)
    if let jumped = pending {
      pending = nil
      decidedJumpCount += 1
      if let last, !isJump(from: last, to: sample) {
        // Back within reach of the altitude before the jump: the jumped sample was a spike.
      } else {
        // The altitude moved for good: start again from there, without counting the step.
        restart(at: jumped)
      }
    }
    if let last, isJump(from: last, to: sample) {
      pending = sample
      return
    }
    count(sample)
  }

  /// Forgets the reference altitude, so the next sample starts afresh (a new segment); a jump
  /// still waiting for its next sample is refused.
  public mutating func breakSegment() {
    if pending != nil {
      pending = nil
      decidedJumpCount += 1
    }
    referenceAltitudeMeters = nil
    last = nil
    source?.breakSegment()
    swings?.breakSegment()
  }

  /// Feeds the source decision; once the altitudes read as barometric, swings are counted
  /// from the reference altitude on. The decision is final.
  private mutating func decideSource(
    _ altitude: Double, timeSeconds: Double?, _ statesQuality: Bool
  ) {
    source?.add(altitudeMeters: altitude, timeSeconds: timeSeconds, statesQuality: statesQuality)
    guard let decided = source?.source else { return }
    source = nil
    if decided == .barometer {
      var counter = SwingCounter()
      counter.add(
        altitudeMeters: referenceAltitudeMeters,
        deadBandMeters: deadBandMeters(verticalAccuracyMeters: nil))
      swings = counter
    }
  }

  private mutating func restart(at sample: Sample) {
    referenceAltitudeMeters = nil
    swings?.breakSegment()
    count(sample)
  }

  private mutating func count(_ sample: Sample) {
    let altitude = sample.altitudeMeters
    last = sample
    minimumAltitudeMeters = min(minimumAltitudeMeters ?? altitude, altitude)
    maximumAltitudeMeters = max(maximumAltitudeMeters ?? altitude, altitude)
    if swings != nil {
      let band = deadBandMeters(verticalAccuracyMeters: sample.verticalAccuracyMeters)
      swings?.add(altitudeMeters: altitude, deadBandMeters: band)
      return
    }
    guard let reference = referenceAltitudeMeters else {
      referenceAltitudeMeters = altitude
      return
    }
    let change = altitude - reference
    // Most samples move less than the narrowest band; only the rest need their own band.
    guard abs(change) >= thresholdMeters else { return }
    let band = deadBandMeters(verticalAccuracyMeters: sample.verticalAccuracyMeters)
    if change >= band {
      steppedGainMeters += change
      referenceAltitudeMeters = altitude
    } else if -change >= band {
      steppedLossMeters -= change
      referenceAltitudeMeters = altitude
    }
  }

  /// Whether going from one sample to the other needs a vertical speed beyond the limit, once
  /// both samples' dead bands are allowed for.
  private func isJump(from start: Sample, to end: Sample) -> Bool {
    guard let startTime = start.timeSeconds, let endTime = end.timeSeconds else { return false }
    let allowance =
      deadBandMeters(verticalAccuracyMeters: start.verticalAccuracyMeters)
      + deadBandMeters(verticalAccuracyMeters: end.verticalAccuracyMeters)
    let climb = abs(end.altitudeMeters - start.altitudeMeters) - allowance
    return climb > maximumVerticalSpeedMetersPerSecond * abs(endTime - startTime)
  }
}
