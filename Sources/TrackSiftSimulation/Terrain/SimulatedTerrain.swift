import Foundation
import TrackSift

/// The simulated ground: an elevation field over the local plane of an origin, smooth and pure
/// (a place always has the same elevation), with its slope in closed form.
///
/// A route's elevations are read off it at the route's points, and a ``SimulatedDEM`` samples
/// the same ground on a latitude/longitude grid, so a recording and a terrain model of the
/// place it was made in can both exist. The elevation at east `x` and north `y` meters from
/// ``origin`` is
///
/// `z = base + Σ waves a·sin(2π(x·sinθ + y·cosθ)/λ + φ) + Σ hills h·exp(−r²/2σ²) + g·(x·sinψ + y·cosψ)`
///
/// a rolling ground (``Wave``), Gaussian hills (``Hill``) and a constant incline of grade `g`
/// rising towards `ψ` (the side of a mountain). The article <doc:SimulatedTerrainAndDEM>
/// gives the grounds each route stands on.
public struct SimulatedTerrain: Sendable, Hashable {
  /// The local plane the field is defined in.
  public let plane: LocalTangentPlane
  /// Elevation of the ground at the origin before waves, hills and incline, in meters.
  public var baseMeters: Double
  /// The rolling ground.
  public var waves: [Wave]
  /// The hills.
  public var hills: [Hill]
  /// Grade of the constant incline, in meters of rise per meter (0.25 = 25 %).
  public var inclineGrade: Double
  /// Direction the incline rises towards, in radians clockwise from north.
  public var inclineDirectionRadians: Double

  /// The origin of the plane.
  public var origin: Coordinate { plane.origin }

  /// Creates a terrain; by default level ground at 100 m.
  public init(
    origin: Coordinate, baseMeters: Double = 100, waves: [Wave] = [], hills: [Hill] = [],
    inclineGrade: Double = 0, inclineDirectionRadians: Double = 0
  ) {
    plane = LocalTangentPlane(origin: origin)
    self.baseMeters = baseMeters
    self.waves = waves
    self.hills = hills
    self.inclineGrade = inclineGrade
    self.inclineDirectionRadians = inclineDirectionRadians
  }

  /// The ground's elevation in meters at `eastMeters`, `northMeters` from the origin.
  /// - Complexity: O(waves + hills).
  public func elevationMeters(eastMeters x: Double, northMeters y: Double) -> Double {
    var z = baseMeters + inclineGrade * along(inclineDirectionRadians, x, y)
    for wave in waves {
      z += wave.amplitudeMeters * sin(Self.angle(of: wave, x, y))
    }
    for hill in hills {
      z += Self.bump(hill, x, y)
    }
    return z
  }

  /// The ground's gradient at `eastMeters`, `northMeters`: meters of rise per meter east and
  /// per meter north (the analytic derivative of ``elevationMeters(eastMeters:northMeters:)``).
  /// - Complexity: O(waves + hills).
  public func gradient(eastMeters x: Double, northMeters y: Double) -> (
    east: Double, north: Double
  ) {
    var east = inclineGrade * sin(inclineDirectionRadians)
    var north = inclineGrade * cos(inclineDirectionRadians)
    for wave in waves {
      let k = 2 * Double.pi / wave.wavelengthMeters
      let rate = wave.amplitudeMeters * k * cos(Self.angle(of: wave, x, y))
      east += rate * sin(wave.directionRadians)
      north += rate * cos(wave.directionRadians)
    }
    for hill in hills {
      let scale = -Self.bump(hill, x, y) / (hill.radiusMeters * hill.radiusMeters)
      east += scale * (x - hill.eastMeters)
      north += scale * (y - hill.northMeters)
    }
    return (east, north)
  }

  /// The steepest grade of the ground at `eastMeters`, `northMeters`, in meters per meter.
  public func slopeGrade(eastMeters x: Double, northMeters y: Double) -> Double {
    let g = gradient(eastMeters: x, northMeters: y)
    return (g.east * g.east + g.north * g.north).squareRoot()
  }

  private func along(_ direction: Double, _ x: Double, _ y: Double) -> Double {
    x * sin(direction) + y * cos(direction)
  }

  private static func angle(of wave: Wave, _ x: Double, _ y: Double) -> Double {
    2 * .pi * (x * sin(wave.directionRadians) + y * cos(wave.directionRadians))
      / wave.wavelengthMeters + wave.phaseRadians
  }

  private static func bump(_ hill: Hill, _ x: Double, _ y: Double) -> Double {
    let dx = x - hill.eastMeters
    let dy = y - hill.northMeters
    return hill.heightMeters
      * exp(-(dx * dx + dy * dy) / (2 * hill.radiusMeters * hill.radiusMeters))
  }
}

extension SimulatedTerrain: ElevationModel {
  /// The ground's exact elevation at `coordinate` in meters: a terrain model without error.
  public func elevationMeters(at coordinate: Coordinate) -> Double? {
    let point = plane.project(coordinate)
    return elevationMeters(eastMeters: point.eastMeters, northMeters: point.northMeters)
  }
}
