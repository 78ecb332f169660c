import Foundation

/// The Gaussian part of the position error of `shared/ERROR-MODEL.md`, per axis (east, north):
/// `e = b(t) + LP_Ts[OU(σc, τ)](t) + N(0, σw²)`. Every process starts in its stationary state,
/// so a recording's error statistics do not depend on its length.
struct PositionErrorProcess: Sendable {
  let parameters: ErrorModelParameters
  private var bias: (Double, Double)
  private var wander: (Double, Double)
  private var chip: (Double, Double)

  init(parameters: ErrorModelParameters, random: inout SplitMix64) {
    self.parameters = parameters
    bias = (
      parameters.biasSigmaMeters * random.nextGaussian(),
      parameters.biasSigmaMeters * random.nextGaussian()
    )
    wander = (
      parameters.wanderSigmaMeters * random.nextGaussian(),
      parameters.wanderSigmaMeters * random.nextGaussian()
    )
    // The low pass of a stationary OU has variance σc²·τ/(τ + Ts); start there.
    let p = parameters
    let chipShare =
      (p.wanderTimeConstantSeconds / (p.wanderTimeConstantSeconds + p.chipLowPassSeconds))
      .squareRoot()
    chip = (wander.0 * chipShare, wander.1 * chipShare)
  }

  /// Moves the slow processes on by `dt` seconds.
  mutating func advance(dt: Double, random: inout SplitMix64) {
    let p = parameters
    let biasTau = ErrorModelParameters.biasTimeConstantSeconds
    bias.0 = OrnsteinUhlenbeck.step(
      bias.0, sigma: p.biasSigmaMeters, timeConstantSeconds: biasTau, dt: dt, random: &random)
    bias.1 = OrnsteinUhlenbeck.step(
      bias.1, sigma: p.biasSigmaMeters, timeConstantSeconds: biasTau, dt: dt, random: &random)
    wander.0 = OrnsteinUhlenbeck.step(
      wander.0, sigma: p.wanderSigmaMeters, timeConstantSeconds: p.wanderTimeConstantSeconds,
      dt: dt, random: &random)
    wander.1 = OrnsteinUhlenbeck.step(
      wander.1, sigma: p.wanderSigmaMeters, timeConstantSeconds: p.wanderTimeConstantSeconds,
      dt: dt, random: &random)
    let gain = 1 - exp(-dt / p.chipLowPassSeconds)
    chip.0 += (wander.0 - chip.0) * gain
    chip.1 += (wander.1 - chip.1) * gain
  }

  /// The error of a fix now, east and north in meters (draws the white noise).
  mutating func sample(random: inout SplitMix64) -> (eastMeters: Double, northMeters: Double) {
    let white = parameters.whiteNoiseSigmaMeters
    return (
      bias.0 + chip.0 + white * random.nextGaussian(),
      bias.1 + chip.1 + white * random.nextGaussian()
    )
  }
}
