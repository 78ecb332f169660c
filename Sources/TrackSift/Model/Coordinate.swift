/// A WGS84 position in degrees.
public struct Coordinate: Sendable, Hashable, Codable {
  /// Latitude in degrees, north positive.
  public var latitudeDegrees: Double
  /// Longitude in degrees, east positive.
  public var longitudeDegrees: Double

  /// Creates a coordinate.
  public init(latitudeDegrees: Double, longitudeDegrees: Double) {
    self.latitudeDegrees = latitudeDegrees
    self.longitudeDegrees = longitudeDegrees
  }

  /// True when both values are finite and within the ranges of latitude (-90...90) and
  /// longitude (-180...180).
  public var isInRange: Bool {
    latitudeDegrees.isFinite && longitudeDegrees.isFinite && abs(latitudeDegrees) <= 90
      && abs(longitudeDegrees) <= 180
  }

  /// True at exactly (0, 0), the "null island" that broken receivers emit for "no position".
  public var isNullIsland: Bool { latitudeDegrees == 0 && longitudeDegrees == 0 }
}
