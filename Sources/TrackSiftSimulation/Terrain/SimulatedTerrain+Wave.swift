extension SimulatedTerrain {
  /// A plane sinusoid: ridges and valleys `wavelengthMeters` apart.
  public struct Wave: Sendable, Hashable {
    /// Half the height from a valley to a ridge, in meters.
    public var amplitudeMeters: Double
    /// Distance between two ridges, in meters.
    public var wavelengthMeters: Double
    /// Direction across the ridges, in radians clockwise from north.
    public var directionRadians: Double
    /// Phase at the origin, in radians.
    public var phaseRadians: Double

    /// Creates a wave.
    public init(
      amplitudeMeters: Double, wavelengthMeters: Double, directionRadians: Double,
      phaseRadians: Double
    ) {
      self.amplitudeMeters = amplitudeMeters
      self.wavelengthMeters = wavelengthMeters
      self.directionRadians = directionRadians
      self.phaseRadians = phaseRadians
    }
  }
}
