import Foundation

/// A small, fast, seedable random number generator (Steele, Lea and Flood 2014, "Fast
/// splittable pseudorandom number generators"), so every simulation is reproducible from a seed.
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
  private var state: UInt64

  /// Creates a generator from a seed.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform value in 0..<1.
  public mutating func nextUnit() -> Double {
    Double(next() >> 11) * 0x1.0p-53
  }

  /// A standard normal value (Box and Muller 1958).
  public mutating func nextGaussian() -> Double {
    let u1 = max(nextUnit(), 1e-300)
    let u2 = nextUnit()
    return (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
  }
}
