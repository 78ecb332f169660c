/// A terrain model: the ground's elevation anywhere it covers, such as a folder of DEM tiles.
///
/// The core reads elevations only through this protocol; `TrackSiftTerrain` implements it for
/// SRTM/Copernicus HGT tiles, and the simulator for its own ground. A lookup must be cheap (the
/// analysis asks once per accepted fix) and safe to call from several threads.
public protocol ElevationModel: Sendable {
  /// The ground's elevation at `coordinate` in meters above mean sea level, or `nil` where the
  /// model has no value there (no tile, or a void it could not fill).
  func elevationMeters(at coordinate: Coordinate) -> Double?
}
