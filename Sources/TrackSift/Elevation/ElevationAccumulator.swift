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
/// **Out-and-backs, live.** A glitch that arrives slowly enough to pass as a climb and
/// returns as a jump (`AltitudeExcursions`) would count its rise and restart at its return.
/// An accumulator that decides its source (the live figures', made with
/// `countsBarometricSwings` or `smoothsGNSSAltitudes`) holds back a sample that steps by its
/// dead band or more, and the next ones, for up to three samples, and drops an out-and-back
/// among them before the jump rule above sees it (each counted in ``refusedJumpCount``); the
/// samples held at a segment's end are counted by ``breakSegment()``.
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
/// **GNSS altitude, live.** An accumulator made with `smoothsGNSSAltitudes` as well counts
/// altitudes that read as a GNSS receiver's through the refined climb's smoother, with a lag
/// of about two minutes (`LiveGNSSClimb`): the climb of the last two minutes is counted once
/// the altitudes after them are in, or at the segment's end. It needs each sample's distance
/// along the route. Until the source is decided, the altitudes are counted in steps and kept;
/// once they read as GNSS, the steps are forgotten and the kept altitudes smoothed instead
/// (up to an hour of them at one a second; after that the steps stay).
///
/// - Complexity: O(1) per sample (amortized where GNSS altitudes are smoothed); a jumped
///   sample is held until the next one.
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
  /// How the climb is counted now. The counters below are kept whole, not as optionals: an
  /// optional of a large value is copied to be tested or mutated, at every altitude.
  private var mode: Mode
  /// Decides the source while ``mode`` is `.decidingSource`.
  private var source = LiveAltitudeSource()
  /// Whether altitudes that read as barometric are counted swing by swing.
  private let countsBarometricSwings: Bool
  /// Counts the climb once the altitudes read as barometric (``mode`` `.swings`).
  private var swings = SwingCounter()
  /// Counts the climb once the altitudes read as GNSS, for an accumulator that smooths them
  /// (``mode`` `.smoothedGNSS`).
  private var gnss = LiveGNSSClimb()
  /// What was counted before the source was decided, to smooth it if it reads as GNSS; `nil`
  /// for an accumulator that does not smooth GNSS altitudes, or once it holds too much.
  private var undecided: [Undecided]?
  /// Total climb in meters.
  public var gainMeters: Double {
    steppedGainMeters + (mode == .swings ? swings.gainMeters : 0)
      + (mode == .smoothedGNSS ? gnss.gainMeters : 0)
  }
  /// Total descent in meters (a positive number).
  public var lossMeters: Double {
    steppedLossMeters + (mode == .swings ? swings.lossMeters : 0)
      + (mode == .smoothedGNSS ? gnss.lossMeters : 0)
  }
  /// The most altitudes kept while the source is undecided: an hour at one a second.
  static let undecidedCapacity = 3_600
  /// Lowest valid altitude counted, in meters.
  public private(set) var minimumAltitudeMeters: Double?
  /// Highest valid altitude counted, in meters.
  public private(set) var maximumAltitudeMeters: Double?
  private var referenceAltitudeMeters: Double?
  /// The last sample counted, for the jump check.
  private var last: Sample?
  /// A sample that jumped from `last`, until the next sample says what it was.
  private var pending: Sample?
  /// Whether out-and-back glitches are dropped (see the type's description).
  private let dropsOutAndBacks: Bool
  /// Holds samples back until they can be judged for an out-and-back glitch.
  private var excursions = AltitudeExcursions<Sample>()
  private var decidedJumpCount = 0

  /// One altitude as the accumulator keeps it.
  struct Sample: Sendable, Hashable {
    var altitudeMeters: Double
    var timeSeconds: Double?
    var verticalAccuracyMeters: Double?
    var horizontalAccuracyMeters: Double?
    var distanceMeters: Double?
    var isMoving: Bool
  }

  /// How the climb is counted.
  private enum Mode: Sendable, Hashable {
    /// In steps, while the source is decided (a barometer's swings or a GNSS smoother follow).
    case decidingSource
    /// In steps of the dead band.
    case steps
    /// A barometer's, swing by swing.
    case swings
    /// A GNSS receiver's, through the smoother.
    case smoothedGNSS
  }

  private enum Undecided: Sendable, Hashable {
    case sample(Sample)
    /// A segment's end, or an altitude that moved for good.
    case runBreak
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
  ///   - smoothsGNSSAltitudes: decide the altitudes' source as they arrive and count a GNSS
  ///     receiver's through the ground-from-wander smoother, with a lag (see the type's
  ///     description); give every sample its distance.
  public init(
    thresholdMeters: Double = 2, accuracyMultiple: Double = 2,
    maximumVerticalSpeedMetersPerSecond: Double = defaultMaximumVerticalSpeedMetersPerSecond,
    countsBarometricSwings: Bool = false, smoothsGNSSAltitudes: Bool = false
  ) {
    mode = countsBarometricSwings || smoothsGNSSAltitudes ? .decidingSource : .steps
    dropsOutAndBacks = mode == .decidingSource
    self.countsBarometricSwings = countsBarometricSwings
    undecided = smoothsGNSSAltitudes ? [] : nil
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
    Self.deadBandMeters(
      verticalAccuracyMeters: verticalAccuracyMeters, thresholdMeters: thresholdMeters,
      accuracyMultiple: accuracyMultiple)
  }

  /// Adds one altitude sample; `nil` or non-finite altitudes are ignored.
  /// - Parameters:
  ///   - altitudeMeters: the altitude.
  ///   - verticalAccuracyMeters: its stated accuracy, if any (non-positive counts as none).
  ///   - timeSeconds: the sample's time in seconds, for the jump check; `nil` skips it.
  ///   - statesQuality: whether the fix states a vertical accuracy or its receiver's quality
  ///     (dilution of precision, satellites): its altitude is then a GNSS receiver's.
  ///   - horizontalAccuracyMeters: the fix's horizontal accuracy, if any: a GNSS altitude
  ///     without a vertical one wanders by about one and a half times it.
  ///   - distanceMeters: the distance travelled along the route so far, in meters, for an
  ///     accumulator that smooths GNSS altitudes.
  ///   - isMoving: whether the wearer moved over the interval ending here; the smoothed GNSS
  ///     climb takes no change while standing (``StoppedAltitudeHold``).
  public mutating func add(
    altitudeMeters: Double?, verticalAccuracyMeters: Double? = nil, timeSeconds: Double? = nil,
    statesQuality: Bool = false, horizontalAccuracyMeters: Double? = nil,
    distanceMeters: Double? = nil, isMoving: Bool = true
  ) {
    guard let altitude = altitudeMeters, altitude.isFinite else { return }
    if mode == .decidingSource {
      decideSource(altitude, timeSeconds: timeSeconds, statesQuality)
    }
    let sample = Sample(
      altitudeMeters: altitude, timeSeconds: timeSeconds.flatMap { $0.isFinite ? $0 : nil },
      verticalAccuracyMeters: verticalAccuracyMeters,
      horizontalAccuracyMeters: horizontalAccuracyMeters, distanceMeters: distanceMeters,
      isMoving: isMoving)
    guard dropsOutAndBacks else {
      judge(sample)
      return
    }
    // Local copies: the closures below must not read `self` while `excursions` changes.
    let (threshold, multiple) = (thresholdMeters, accuracyMultiple)
    let fastest = maximumVerticalSpeedMetersPerSecond
    let passes = excursions.add(
      sample, altitude: \.altitudeMeters,
      isJump: {
        Self.outAndBackStep(
          from: $0, to: $1, thresholdMeters: threshold, accuracyMultiple: multiple,
          fastestMetersPerSecond: fastest)
      },
      mayLeave: {
        Self.mayLeave(from: $0, to: $1, thresholdMeters: threshold, accuracyMultiple: multiple)
      })
    if passes {
      judge(sample)
      return
    }
    if !excursions.dropped.isEmpty { decidedJumpCount += 1 }
    for released in excursions.released { judge(released) }
  }

  /// Judges a sample for a jump from the last one counted, then counts it (see the type's
  /// description).
  private mutating func judge(_ sample: Sample) {
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
    excursions.flush()
    for held in excursions.released { judge(held) }
    if pending != nil {
      pending = nil
      decidedJumpCount += 1
    }
    last = nil
    if mode == .decidingSource { source.breakSegment() }
    breakRun()
  }

  /// Ends the run of altitudes the climb is counted on: the next one starts from itself.
  private mutating func breakRun() {
    referenceAltitudeMeters = nil
    if mode == .swings { swings.breakSegment() }
    if mode == .smoothedGNSS { gnss.breakSegment() }
    keepUndecided(.runBreak)
  }

  /// Feeds the source decision; once the altitudes read as barometric, swings are counted
  /// from the reference altitude on. The decision is final.
  private mutating func decideSource(
    _ altitude: Double, timeSeconds: Double?, _ statesQuality: Bool
  ) {
    source.add(altitudeMeters: altitude, timeSeconds: timeSeconds, statesQuality: statesQuality)
    guard let decided = source.source else { return }
    mode = .steps
    source = LiveAltitudeSource()
    let kept = undecided
    undecided = nil
    if decided == .barometer, countsBarometricSwings {
      var counter = SwingCounter()
      counter.add(
        altitudeMeters: referenceAltitudeMeters,
        deadBandMeters: deadBandMeters(verticalAccuracyMeters: nil))
      swings = counter
      mode = .swings
    } else if decided == .gnss, let kept {
      // Smoothed from the first altitude on: the steps counted meanwhile are forgotten.
      (steppedGainMeters, steppedLossMeters) = (0, 0)
      referenceAltitudeMeters = nil
      gnss = LiveGNSSClimb()
      mode = .smoothedGNSS
      for event in kept {
        switch event {
        case .sample(let sample): smooth(sample)
        case .runBreak:
          gnss.breakSegment()
          referenceAltitudeMeters = nil
        }
      }
    }
  }

  /// Keeps what is counted while the source is undecided, up to ``undecidedCapacity``.
  private mutating func keepUndecided(_ event: Undecided) {
    guard undecided != nil else { return }
    if undecided?.count ?? 0 >= Self.undecidedCapacity {
      undecided = nil
    } else {
      undecided?.append(event)
    }
  }

  /// Counts a sample once the altitudes read as GNSS: smoothed where it has a time and a
  /// finite distance; one without, which no smoother can place, in steps (the smoothed run
  /// ends there).
  private mutating func smooth(_ sample: Sample) {
    let distance = sample.distanceMeters ?? 0
    guard let time = sample.timeSeconds, distance.isFinite else {
      gnss.breakSegment()
      step(sample)
      return
    }
    referenceAltitudeMeters = nil
    gnss.add(
      LiveGNSSClimb.Sample(
        timeSeconds: time, distanceMeters: distance,
        altitudeMeters: sample.altitudeMeters,
        verticalAccuracyMeters: sample.verticalAccuracyMeters,
        horizontalAccuracyMeters: sample.horizontalAccuracyMeters, isMoving: sample.isMoving))
  }

  private mutating func restart(at sample: Sample) {
    breakRun()
    count(sample)
  }

  private mutating func count(_ sample: Sample) {
    let altitude = sample.altitudeMeters
    last = sample
    minimumAltitudeMeters = min(minimumAltitudeMeters ?? altitude, altitude)
    maximumAltitudeMeters = max(maximumAltitudeMeters ?? altitude, altitude)
    if mode == .smoothedGNSS {
      smooth(sample)
      return
    }
    keepUndecided(.sample(sample))
    if mode == .swings {
      let band = deadBandMeters(verticalAccuracyMeters: sample.verticalAccuracyMeters)
      swings.add(altitudeMeters: altitude, deadBandMeters: band)
      return
    }
    step(sample)
  }

  /// Counts a sample in steps of the dead band.
  private mutating func step(_ sample: Sample) {
    let altitude = sample.altitudeMeters
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
  // Inlined: a call would copy the whole accumulator.
  @inline(__always)
  private func isJump(from start: Sample, to end: Sample) -> Bool {
    Self.isJump(
      from: start, to: end, thresholdMeters: thresholdMeters, accuracyMultiple: accuracyMultiple,
      fastestMetersPerSecond: maximumVerticalSpeedMetersPerSecond) ?? false
  }
}
