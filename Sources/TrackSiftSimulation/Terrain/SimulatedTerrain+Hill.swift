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
