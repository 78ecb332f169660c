/// How noisy a recording's altitudes are, measured on the altitudes themselves, and what that
/// says about where they come from.
///
/// **White noise.** The second difference of three altitudes at most
/// ``longestIntervalSeconds`` apart cancels any steady climb; for white noise of standard
/// deviation σ it has standard deviation σ√6. The median of its magnitude over the recording,
/// divided by 0.6745√6, estimates σ without being pulled by the climb's bends or by spikes.
///
/// **Resolution.** The smallest change between two altitudes that happens at least
/// ``minimumDifferenceCount`` times (a lone spike is no step size): FIT stores 0.2 m steps,
/// many watches 1 m. Rounding alone is white noise of resolution/√12.
///
/// **Barometric altitude.** A watch or bike computer with a barometer records altitude with
/// no vertical accuracy and no receiver quality (no dilution of precision, no satellite
/// count), and it moves smoothly: its white noise is a few centimeters, the resolution's
/// rounding aside. So altitudes whose fixes state neither and whose white noise is at most
/// ``barometricWhiteNoiseCeilingMeters`` are taken for barometric. A receiver that states its
/// quality is a GNSS receiver, and its altitude is GNSS altitude however smooth: phone
/// chipsets low-pass their altitude too (the Pixel 4's moves 0.1 m in a second, see
/// `shared/ERROR-MODEL.md`). A GNSS altitude in a file that says nothing of its receiver, as
/// smooth as a barometer's, is taken for barometric; nothing in such a file tells them apart.
public struct AltitudeNoise: Sendable, Hashable {
  /// The longest interval between consecutive altitudes that the white-noise estimate uses,
  /// in seconds: over longer ones the climb's own curvature shows.
  public static let longestIntervalSeconds = 2.0
  /// Altitudes without a stated accuracy whose white noise is at most this, in meters, are
  /// taken for barometric (real watch FIT files: 0.00-0.24 m; phones' GNSS altitudes jitter by
  /// 0.5-2 m).
  public static let barometricWhiteNoiseCeilingMeters = 0.3
  /// Fewest second differences for a white-noise estimate, and fewest repeats of a step for a
  /// resolution.
  public static let minimumDifferenceCount = 20

  /// The white noise's standard deviation in meters; `nil` with too few close altitudes.
  public var whiteSigmaMeters: Double?
  /// The smallest change between consecutive altitudes that recurs, in meters; `nil` if none
  /// does.
  public var resolutionMeters: Double?
  /// Whether any altitude states a vertical accuracy, or its fix its receiver's quality.
  public var statesAccuracy: Bool

  /// Measures the noise of `samples`: time in seconds (`nil` if unknown), altitude in meters,
  /// and the stated vertical accuracy (for a fix that states its receiver's quality but no
  /// accuracy, any positive number), in recording order.
  public init(
    _ samples: some Sequence<
      (
        timeSeconds: Double?, altitudeMeters: Double,
        verticalAccuracyMeters: Double?
      )
    >
  ) {
    var differences: [Double] = []
    // Steps of up to 10 m, counted by millimeter.
    var stepCounts = [Int](repeating: 0, count: 10_001)
    var statesAccuracy = false
    var before: (Double?, Double)?
    var last: (Double?, Double)?
    for sample in samples {
      if let accuracy = sample.verticalAccuracyMeters, accuracy > 0 { statesAccuracy = true }
      if let last {
        let step = abs(sample.altitudeMeters - last.1)
        let millimeters = Int((step * 1_000).rounded())
        if millimeters > 0, millimeters <= 10_000 { stepCounts[millimeters] += 1 }
        if let before,
          let difference = Self.secondDifferenceMeters(
            before.1, at: before.0, last.1, at: last.0, sample.altitudeMeters,
            at: sample.timeSeconds)
        {
          differences.append(difference)
        }
      }
      before = last
      last = (sample.timeSeconds, sample.altitudeMeters)
    }
    self.statesAccuracy = statesAccuracy
    resolutionMeters = stepCounts.firstIndex { $0 >= Self.minimumDifferenceCount }
      .map { Double($0) / 1_000 }
    whiteSigmaMeters =
      differences.count >= Self.minimumDifferenceCount
      ? Self.whiteSigmaMeters(secondDifferences: differences) : nil
  }

  /// Whether the altitudes read as barometric (see the type's description).
  public var isBarometric: Bool {
    guard !statesAccuracy, let white = whiteSigmaMeters else { return false }
    return Self.isBarometric(whiteSigmaMeters: white)
  }

  /// The magnitude of the second difference of three altitudes in a row, in meters; `nil`
  /// unless both intervals are known, positive and at most ``longestIntervalSeconds``.
  static func secondDifferenceMeters(
    _ first: Double, at firstSeconds: Double?, _ second: Double, at secondSeconds: Double?,
    _ third: Double, at thirdSeconds: Double?
  ) -> Double? {
    guard let t0 = firstSeconds, let t1 = secondSeconds, let t2 = thirdSeconds,
      t1 - t0 > 0, t1 - t0 <= longestIntervalSeconds, t2 - t1 > 0,
      t2 - t1 <= longestIntervalSeconds
    else { return nil }
    return abs(third - 2 * second + first)
  }

  /// White noise's standard deviation from the magnitudes of second differences (see the
  /// type's description), in meters; `nil` for none.
  static func whiteSigmaMeters(secondDifferences: [Double]) -> Double? {
    SampledMedian.of(secondDifferences).map { $0 / (0.6745 * 6.0.squareRoot()) }
  }

  /// Whether altitudes of this white noise, stating no accuracy, read as barometric.
  static func isBarometric(whiteSigmaMeters: Double) -> Bool {
    whiteSigmaMeters <= barometricWhiteNoiseCeilingMeters
  }

  /// The source the altitudes read as: ``ClimbSource/barometer`` or ``ClimbSource/gnss``.
  public var source: ClimbSource { isBarometric ? .barometer : .gnss }

  /// The noise to smooth an altitude with when it states no accuracy, in meters: the white
  /// noise, at least the resolution's rounding, and at least `floorMeters`.
  public func sigmaMeters(floorMeters: Double) -> Double {
    let rounding = (resolutionMeters ?? 0) / 12.0.squareRoot()
    return max(whiteSigmaMeters ?? floorMeters, rounding, floorMeters)
  }
}

extension AltitudeNoise {
  /// Measures the noise of a track's valid altitudes, segment after segment; a fix that
  /// states its receiver's quality counts as stating an accuracy.
  public init(_ track: Track) {
    self.init(
      track.segments.lazy.flatMap { segment in
        // Read field by field in place: a fix taken out of the array is a copy.
        segment.fixes.indices.lazy.compactMap { index in
          segment.fixes[index].validAltitudeMeters.map {
            (
              timeSeconds: segment.fixes[index].timeSeconds, altitudeMeters: $0,
              verticalAccuracyMeters: segment.fixes[index].statesAltitudeQuality
                ? .infinity : nil
            )
          }
        }
      })
  }
}

extension Fix {
  /// Whether the fix states a vertical accuracy, or, stating none, its receiver's quality
  /// (dilution of precision, satellites): its altitude is then a GNSS receiver's.
  var statesAltitudeQuality: Bool {
    if let accuracy = verticalAccuracyMeters { return accuracy > 0 }
    return !receiver.isEmpty
  }
}
