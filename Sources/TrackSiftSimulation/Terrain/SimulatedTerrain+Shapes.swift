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

extension SimulatedTerrain {
  /// A Gaussian hill: `height · exp(−r² / 2·radius²)` at distance `r` from its top.
  public struct Hill: Sendable, Hashable {
    /// East offset of the top from the origin, in meters.
    public var eastMeters: Double
    /// North offset of the top from the origin, in meters.
    public var northMeters: Double
    /// Height of the top above the surrounding ground, in meters.
    public var heightMeters: Double
    /// The Gaussian's standard deviation in meters: the steepest grade, `0.61 · height /
    /// radius`, is this far from the top.
    public var radiusMeters: Double

    /// Creates a hill.
    public init(eastMeters: Double, northMeters: Double, heightMeters: Double, radiusMeters: Double)
    {
      self.eastMeters = eastMeters
      self.northMeters = northMeters
      self.heightMeters = heightMeters
      self.radiusMeters = radiusMeters
    }
  }
}
