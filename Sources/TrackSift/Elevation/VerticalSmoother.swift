/// A vertical Kalman filter and Rauch-Tung-Striebel smoother over one segment's altitudes:
/// the altitude and its rate of change, driven by white vertical acceleration, measured with
/// each sample's own noise.
///
/// Barometric altitudes move in steps of their resolution and dither between two levels; GNSS
/// altitudes jitter by about their stated vertical accuracy. The smoother removes that white
/// part, so the climb's dead band (``ElevationAccumulator``) only has to hold off what is left.
/// It cannot remove a GNSS altitude's slow wander, which looks like terrain to any filter.
///
/// An altitude further from the prediction than a body climbs or falls in the interval
/// (``Configuration/maximumVerticalSpeedMetersPerSecond``) and than
/// ``Configuration/outlierSigmas`` of its expected spread is a spike and is left out; three
/// such in a row mean the altitude moved for good (a source that changed, a barometer
/// recalibrated), and the filter starts again from there, without joining the two runs.
///
/// - Complexity: O(n) time and memory for n samples.
public enum VerticalSmoother {
  /// The smoother's knobs.
  public struct Configuration: Sendable, Hashable {
    /// Spectral density of the white vertical acceleration, in m²/s³: how quickly the climb
    /// rate may change. Small, since grades change over tens of meters, not meters.
    public var accelerationNoiseMetersSquaredPerSecondCubed: Double
    /// An altitude this many standard deviations of the innovation from the prediction may be
    /// a spike (see the type's description).
    public var outlierSigmas: Double
    /// The fastest altitude change of a body, in meters per second (see
    /// ``ElevationAccumulator/defaultMaximumVerticalSpeedMetersPerSecond``).
    public var maximumVerticalSpeedMetersPerSecond: Double

    /// Creates a configuration.
    public init(
      accelerationNoiseMetersSquaredPerSecondCubed: Double = 0.01, outlierSigmas: Double = 5,
      maximumVerticalSpeedMetersPerSecond: Double =
        ElevationAccumulator.defaultMaximumVerticalSpeedMetersPerSecond
    ) {
      self.accelerationNoiseMetersSquaredPerSecondCubed =
        accelerationNoiseMetersSquaredPerSecondCubed
      self.outlierSigmas = outlierSigmas
      self.maximumVerticalSpeedMetersPerSecond = maximumVerticalSpeedMetersPerSecond
    }

    /// Whether an altitude `innovationMeters` from its prediction, whose expected spread (one
    /// standard deviation) is `spreadMeters`, `seconds` after the altitude before, is a spike:
    /// beyond ``outlierSigmas`` spreads and beyond what a body climbs or falls meanwhile.
    func isSpike(innovationMeters: Double, spreadMeters: Double, seconds: Double) -> Bool {
      innovationMeters > outlierSigmas * spreadMeters
        && innovationMeters > maximumVerticalSpeedMetersPerSecond * seconds
    }
  }

  /// One altitude to smooth.
  public struct Sample: Sendable, Hashable {
    /// Time in seconds.
    public var timeSeconds: Double
    /// The measured altitude in meters.
    public var altitudeMeters: Double
    /// The altitude's noise (one standard deviation) in meters; positive.
    public var sigmaMeters: Double

    /// Creates a sample.
    public init(timeSeconds: Double, altitudeMeters: Double, sigmaMeters: Double) {
      self.timeSeconds = timeSeconds
      self.altitudeMeters = altitudeMeters
      self.sigmaMeters = sigmaMeters
    }
  }

  /// The smoothed altitudes.
  public struct Result: Sendable, Hashable {
    /// One per sample; `nil` for a sample left out as a spike.
    public var altitudesMeters: [Double?]
    /// The samples that start a run: the first, one not later than the sample before it, and
    /// one where the altitude moved for good. No climb bridges two runs.
    public var runStarts: Set<Int>
  }

  /// Smooths the altitudes of one segment. Samples must be in time order; a sample not later
  /// than the one before starts a new run.
  public static func smoothed(
    _ samples: [Sample], configuration: Configuration = Configuration()
  ) -> Result {
    var runStarts: Set<Int> = []
    var records: [Record] = []
    records.reserveCapacity(samples.count)
    var axis = KalmanAxis(
      positionMeters: 0, velocityMetersPerSecond: 0, positionVariance: 0, covariance: 0,
      velocityVariance: 0)
    var rejectedInRow = 0
    for (index, sample) in samples.enumerated() {
      let dt = index == 0 ? 0 : sample.timeSeconds - samples[index - 1].timeSeconds
      let r = max(sample.sigmaMeters * sample.sigmaMeters, 1e-6)
      guard index > 0, dt > 0, dt.isFinite, rejectedInRow < 3 else {
        axis = KalmanAxis(
          positionMeters: sample.altitudeMeters, velocityMetersPerSecond: 0,
          positionVariance: r, covariance: 0, velocityVariance: 1)
        rejectedInRow = 0
        runStarts.insert(index)
        records.append(Record(axis: axis, intervalSeconds: .infinity, isMeasured: true))
        continue
      }
      axis.predict(
        seconds: dt, spectralDensity: configuration.accelerationNoiseMetersSquaredPerSecondCubed)
      let innovation = abs(sample.altitudeMeters - axis.positionMeters)
      let spread = axis.positionInnovationVariance(measurementVariance: r).squareRoot()
      let isSpike = configuration.isSpike(
        innovationMeters: innovation, spreadMeters: spread, seconds: dt)
      if isSpike {
        rejectedInRow += 1
      } else {
        rejectedInRow = 0
        axis.updatePosition(sample.altitudeMeters, measurementVariance: r)
      }
      records.append(Record(axis: axis, intervalSeconds: dt, isMeasured: !isSpike))
    }
    return Result(
      altitudesMeters: backward(
        records, q: configuration.accelerationNoiseMetersSquaredPerSecondCubed),
      runStarts: runStarts)
  }

  /// A filtered state and how it was reached.
  private struct Record {
    var axis: KalmanAxis
    /// Seconds since the record before; infinite where a run starts.
    var intervalSeconds: Double
    var isMeasured: Bool
  }

  /// The RTS pass, from the last record back, never across the start of a run.
  private static func backward(_ records: [Record], q: Double) -> [Double?] {
    var result = [Double?](repeating: nil, count: records.count)
    guard var later = records.last else { return result }
    var laterPosition = later.axis.positionMeters
    var laterVelocity = later.axis.velocityMetersPerSecond
    result[records.count - 1] = later.isMeasured ? laterPosition : nil
    for index in records.indices.dropLast().reversed() {
      let record = records[index]
      if later.intervalSeconds.isFinite {
        let axis = record.axis
        let correction = RTSSmoother.correction(
          covariance: (axis.positionVariance, axis.covariance, axis.velocityVariance),
          velocity: axis.velocityMetersPerSecond,
          laterPosition: laterPosition - axis.positionMeters, laterVelocity: laterVelocity,
          dt: later.intervalSeconds, q: q)
        laterPosition = axis.positionMeters + correction.position
        laterVelocity = axis.velocityMetersPerSecond + correction.velocity
      } else {
        laterPosition = record.axis.positionMeters
        laterVelocity = record.axis.velocityMetersPerSecond
      }
      result[index] = record.isMeasured ? laterPosition : nil
      later = record
    }
    return result
  }
}
