import Foundation

/// Exact discrete steps of an Ornstein-Uhlenbeck (first-order Gauss-Markov) process, the
/// building block of the error model: a value with standard deviation σ whose correlation
/// decays as `exp(-Δt / τ)` (Uhlenbeck and Ornstein 1930).
enum OrnsteinUhlenbeck {
  /// The value `dt` seconds after `value`.
  static func step(
    _ value: Double, sigma: Double, timeConstantSeconds: Double, dt: Double,
    random: inout SplitMix64
  ) -> Double {
    let decay = exp(-dt / timeConstantSeconds)
    return value * decay + sigma * (1 - decay * decay).squareRoot() * random.nextGaussian()
  }
}
