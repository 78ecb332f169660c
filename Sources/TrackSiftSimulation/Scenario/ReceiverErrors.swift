import Foundation

/// The slowly varying errors of a simulated receiver that ``FixGenerator`` carries from epoch
/// to epoch (`shared/ERROR-MODEL.md`): the Gaussian position error, the Doppler velocity's
/// error, the reported accuracy's log-normal factor, the altitude's error, and the extra
/// position error that fades after a long gap. Each process starts in its stationary state.
struct ReceiverErrors {
  /// Correlation time of the reported accuracy's log-normal factor, seconds.
  static let accuracyFactorSeconds = 20.0
  /// Standard deviation of the log of the reported accuracy's factor.
  static let accuracyFactorLogSigma = 0.3
  /// Decay time of the extra error after a gap, seconds.
  static let afterGapDecaySeconds = 20.0

  private let parameters: ErrorModelParameters
  // The altitude's error: 1.5 times the horizontal one per axis, a wander twice as slow, passed
  // through the chip's low pass like the horizontal wander. Fitted to the Pixel 4 chipset drive
  // (shared/data/truth): 0.95 m against its SPAN truth, moving 0.10 m in a second, 0.21 m in 5 s
  // and 0.98 m in a minute, where a plain 45 s wander would move twice as much in 1-5 s.
  private let verticalSigmaMeters: Double
  /// Correlation time of the altitude's wander, seconds.
  private let verticalSeconds: Double
  /// The Gaussian position error, east and north.
  var position: PositionErrorProcess
  /// The error of the Doppler velocity, east and north, m/s.
  private(set) var dopplerMetersPerSecond: (Double, Double)
  /// The log of the reported accuracy's factor.
  private(set) var accuracyLog: Double
  /// The altitude's wander before the chip's low pass, meters.
  private var verticalMeters: Double
  /// The altitude's error as reported, after the chip's low pass, meters.
  private(set) var verticalChipMeters: Double
  /// The extra error after a long gap, east and north in meters, fading.
  var afterGapMeters = (0.0, 0.0)

  /// Draws every process's starting value from `random`.
  init(parameters: ErrorModelParameters, random: inout SplitMix64) {
    self.parameters = parameters
    verticalSigmaMeters = 1.5 * parameters.nominalSigmaMeters
    verticalSeconds = 2 * parameters.wanderTimeConstantSeconds
    position = PositionErrorProcess(parameters: parameters, random: &random)
    let dopplerSigma = parameters.dopplerSigmaMetersPerSecond
    dopplerMetersPerSecond = (
      dopplerSigma * random.nextGaussian(), dopplerSigma * random.nextGaussian()
    )
    accuracyLog = Self.accuracyFactorLogSigma * random.nextGaussian()
    verticalMeters = verticalSigmaMeters * random.nextGaussian()
    verticalChipMeters =
      verticalMeters
      * (verticalSeconds / (verticalSeconds + parameters.chipLowPassSeconds)).squareRoot()
  }

  /// Moves every process on by `dt` seconds.
  mutating func advance(dt: Double, random: inout SplitMix64) {
    position.advance(dt: dt, random: &random)
    let dopplerSigma = parameters.dopplerSigmaMetersPerSecond
    let dopplerTau = ErrorModelParameters.dopplerTimeConstantSeconds
    dopplerMetersPerSecond.0 = OrnsteinUhlenbeck.step(
      dopplerMetersPerSecond.0, sigma: dopplerSigma, timeConstantSeconds: dopplerTau, dt: dt,
      random: &random)
    dopplerMetersPerSecond.1 = OrnsteinUhlenbeck.step(
      dopplerMetersPerSecond.1, sigma: dopplerSigma, timeConstantSeconds: dopplerTau, dt: dt,
      random: &random)
    accuracyLog = OrnsteinUhlenbeck.step(
      accuracyLog, sigma: Self.accuracyFactorLogSigma,
      timeConstantSeconds: Self.accuracyFactorSeconds, dt: dt, random: &random)
    verticalMeters = OrnsteinUhlenbeck.step(
      verticalMeters, sigma: verticalSigmaMeters, timeConstantSeconds: verticalSeconds, dt: dt,
      random: &random)
    verticalChipMeters +=
      (verticalMeters - verticalChipMeters) * (1 - exp(-dt / parameters.chipLowPassSeconds))
    let fade = exp(-dt / Self.afterGapDecaySeconds)
    afterGapMeters = (afterGapMeters.0 * fade, afterGapMeters.1 * fade)
  }
}
