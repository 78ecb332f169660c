import Foundation
import TrackSift

/// A digital elevation model of a ``SimulatedTerrain`` with the error of a real product: the
/// ground sampled on a latitude/longitude grid as HGT tiles are (1 or 3 arc seconds apart,
/// whole meters), each sample off by the error of a ``DEMErrorModel`` (correlated, larger on
/// slopes, plus pixel noise, plus the canopy or buildings over a forest or an urban canyon).
///
/// Only the area around the route, ``latitudes`` × ``longitudes``, has samples of its own; a
/// position or a tile sample outside it reads the nearest sample inside (the area's edge
/// extended outward), so a whole tile costs little and is still continuous. The area's samples
/// are made once, with the model; ``elevationMeters(at:)`` interpolates them bilinearly, as a
/// reader of HGT tiles does, and
/// ``tileSamples(southWestLatitude:southWestLongitude:arcSeconds:)`` lays them out as an HGT
/// tile. The article <doc:SimulatedTerrainAndDEM> gives the model and its sources.
public struct SimulatedDEM: ElevationModel {
  /// The area's latitudes, degrees.
  public let latitudes: ClosedRange<Double>
  /// The area's longitudes, degrees.
  public let longitudes: ClosedRange<Double>
  let sampler: DEMSampler
  /// The area's samples at ``arcSeconds``.
  let grid: DEMGrid

  /// The ground it models.
  public var terrain: SimulatedTerrain { sampler.terrain }
  /// The product's error.
  public var errorModel: DEMErrorModel { sampler.errorModel }
  /// What stands on the ground (canopy in a forest, buildings in an urban canyon).
  public var environment: SimulatedEnvironment { sampler.environment }
  /// Spacing of the samples ``elevationMeters(at:)`` interpolates, in arc seconds: 1 or 3.
  public var arcSeconds: Int { grid.arcSeconds }

  /// Makes the model of `terrain` over the area the coordinates span, plus a margin.
  ///
  /// - Parameters:
  ///   - terrain: The ground.
  ///   - errorModel: The product's error; by default Copernicus GLO-30's.
  ///   - environment: What stands on the ground, for the surface bias.
  ///   - coordinates: The positions to cover, such as a route's; none covers the terrain's
  ///     origin.
  ///   - marginMeters: Added on every side of their bounding box, in meters (500 by default:
  ///     wider than any position error short of a spike).
  ///   - arcSeconds: 1 (3601 samples a tile side) or 3 (1201).
  ///   - seed: Seed of the error.
  /// - Complexity: O(samples of the area · 64): about 20,000 samples for a 3 km route at 1".
  public init(
    terrain: SimulatedTerrain, errorModel: DEMErrorModel = .copernicusGLO30,
    environment: SimulatedEnvironment, covering coordinates: [Coordinate],
    marginMeters: Double = 500, arcSeconds: Int = 1, seed: UInt64
  ) {
    precondition(arcSeconds == 1 || arcSeconds == 3, "HGT tiles are 1 or 3 arc seconds")
    let sampler = DEMSampler(
      terrain: terrain, errorModel: errorModel, environment: environment, seed: seed)
    let points = coordinates.isEmpty ? [terrain.origin] : coordinates
    let latitudeMargin = marginMeters / terrain.plane.metersPerDegreeLatitude
    let longitudeMargin = marginMeters / terrain.plane.metersPerDegreeLongitude
    let latitudes = points.map(\.latitudeDegrees)
    let longitudes = points.map(\.longitudeDegrees)
    self.latitudes = (latitudes.min()! - latitudeMargin)...(latitudes.max()! + latitudeMargin)
    self.longitudes =
      (longitudes.min()! - longitudeMargin)...(longitudes.max()! + longitudeMargin)
    self.sampler = sampler
    grid = DEMGrid(
      arcSeconds: arcSeconds, latitudes: self.latitudes, longitudes: self.longitudes
    ) { sampler.sample(row: $0, column: $1, arcSeconds: arcSeconds) }
  }

  /// The model's elevation at `coordinate` in meters: the four samples around it interpolated
  /// bilinearly.
  /// - Complexity: O(1).
  public func elevationMeters(at coordinate: Coordinate) -> Double? {
    grid.interpolated(
      latitudeDegrees: coordinate.latitudeDegrees, longitudeDegrees: coordinate.longitudeDegrees)
  }
}
