import Foundation

/// A stationary random field over the plane with zero mean, unit variance and the Gaussian
/// correlation `ρ(h) = exp(−(h/L)²)` between points `h` meters apart (so `L`, the correlation
/// length, is where the correlation has fallen to 1/e), smooth and pure: a point always has the
/// same value, and no grid is stored.
///
/// Spectral synthesis (Shinozuka and Deodatis 1991, "Simulation of stochastic processes by
/// spectral representation"): `f(x) = √(2/M) · Σ cos(kₘ·x + φₘ)` over `M` modes, each wave
/// vector drawn from the field's spectral density (a normal of standard deviation `√2/L` per
/// axis) and each phase uniform. Any one field's correlation is the average of `cos(kₘ·h)`
/// over its modes, within about `0.6/√M` of `ρ(h)`.
struct CorrelatedField: Sendable, Hashable {
  /// Modes of every field unless told otherwise.
  static let defaultModeCount = 64

  private let eastWavenumbers: [Double]
  private let northWavenumbers: [Double]
  private let phases: [Double]
  private let amplitude: Double

  /// Draws a field of correlation length `correlationLengthMeters`.
  /// - Complexity: O(modes).
  init(
    correlationLengthMeters: Double, modeCount: Int = defaultModeCount,
    random: inout SplitMix64
  ) {
    let sigma = 2.0.squareRoot() / correlationLengthMeters
    var east: [Double] = []
    var north: [Double] = []
    var phases: [Double] = []
    for _ in 0..<modeCount {
      east.append(sigma * random.nextGaussian())
      north.append(sigma * random.nextGaussian())
      phases.append(2 * .pi * random.nextUnit())
    }
    eastWavenumbers = east
    northWavenumbers = north
    self.phases = phases
    amplitude = (2 / Double(max(modeCount, 1))).squareRoot()
  }

  /// The field's value at `eastMeters`, `northMeters`.
  /// - Complexity: O(modes).
  func value(eastMeters x: Double, northMeters y: Double) -> Double {
    var sum = 0.0
    for m in phases.indices {
      sum += cos(eastWavenumbers[m] * x + northWavenumbers[m] * y + phases[m])
    }
    return amplitude * sum
  }
}
