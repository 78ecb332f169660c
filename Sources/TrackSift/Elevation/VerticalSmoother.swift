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
    let q = configuration.accelerationNoiseMetersSquaredPerSecondCubed
    let (records, runStarts) = VerticalRuns.filtered(
      samples, spikes: configuration,
      judged: {
        VerticalRuns.Judged(
          timeSeconds: $0.timeSeconds, altitudeMeters: $0.altitudeMeters,
          sigmaMeters: $0.sigmaMeters)
      },
      start: {
        KalmanAxis(
          positionMeters: $0.altitudeMeters, velocityMetersPerSecond: 0,
          positionVariance: measurementVariance($0), covariance: 0, velocityVariance: 1)
      },
      predict: { $0.predict(seconds: $2.timeSeconds - $1.timeSeconds, spectralDensity: q) },
      innovation: {
        (
          abs($1.altitudeMeters - $0.positionMeters),
          $0.positionInnovationVariance(measurementVariance: measurementVariance($1))
            .squareRoot()
        )
      },
      update: { $0.updatePosition($1.altitudeMeters, measurementVariance: measurementVariance($1)) }
    )
    return Result(altitudesMeters: backward(records, samples, q: q), runStarts: runStarts)
  }

  /// A sample's noise as a variance, in m², never zero.
  private static func measurementVariance(_ sample: Sample) -> Double {
    max(sample.sigmaMeters * sample.sigmaMeters, 1e-6)
  }

  /// The RTS pass, from the last record back, never across the start of a run.
  private static func backward(
    _ records: [VerticalRuns.Record<KalmanAxis>], _ samples: [Sample], q: Double
  ) -> [Double?] {
    var result = [Double?](repeating: nil, count: records.count)
    guard let last = records.last else { return result }
    var laterPosition = last.state.positionMeters
    var laterVelocity = last.state.velocityMetersPerSecond
    result[records.count - 1] = last.isMeasured ? laterPosition : nil
    for index in records.indices.dropLast().reversed() {
      let axis = records[index].state
      if records[index + 1].startsRun {
        laterPosition = axis.positionMeters
        laterVelocity = axis.velocityMetersPerSecond
      } else {
        let correction = RTSSmoother.correction(
          covariance: (axis.positionVariance, axis.covariance, axis.velocityVariance),
          velocity: axis.velocityMetersPerSecond,
          laterPosition: laterPosition - axis.positionMeters, laterVelocity: laterVelocity,
          dt: samples[index + 1].timeSeconds - samples[index].timeSeconds, q: q)
        laterPosition = axis.positionMeters + correction.position
        laterVelocity = axis.velocityMetersPerSecond + correction.velocity
      }
      result[index] = records[index].isMeasured ? laterPosition : nil
    }
    return result
  }
}
