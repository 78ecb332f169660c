import Foundation
import TrackSift

extension SimulatedTerrain {
  /// Amplitude range of each of the rolling ground's waves, in meters.
  static let rollingAmplitudeMeters = 4.0...7.0
  /// Wavelength range of the rolling ground's waves, in meters.
  static let rollingWavelengthMeters = 600.0...1_500.0
  /// Number of waves of the rolling ground.
  static let rollingWaveCount = 3
  /// Height range of the hill of ``RouteShape/hill``, in meters.
  static let hillHeightMeters = 60.0...90.0
  /// Radius (Gaussian σ) range of that hill, in meters.
  static let hillRadiusMeters = 350.0...450.0
  /// Mean grade of ``RouteShape/switchbacks``.
  static let switchbackGrade = 0.08
  /// Range of the mean grade of ``RouteShape/mountainRoad``.
  static let mountainRoadGrade = 0.055...0.075

  /// Rolling ground: ``rollingWaveCount`` waves of 4-7 m amplitude (times `scale`) and
  /// 0.6-1.5 km wavelength in random directions, about a base of 100 m. At full scale the
  /// elevation's standard deviation is about 7 m, its relief over a square kilometre 15-35 m
  /// (about 27 m in the median), 15-35 m along a street-grid loop, and the grade about 3.5 % in
  /// the median, under 6.5 % nine times in ten, 13 % at the steepest.
  static func rolling(origin: Coordinate, scale: Double, random: inout SplitMix64)
    -> SimulatedTerrain
  {
    let waves = (0..<rollingWaveCount).map { _ in
      Wave(
        amplitudeMeters: scale * draw(rollingAmplitudeMeters, &random),
        wavelengthMeters: draw(rollingWavelengthMeters, &random),
        directionRadians: draw(0...Double.pi, &random),
        phaseRadians: draw(0...(2 * Double.pi), &random))
    }
    return SimulatedTerrain(origin: origin, waves: waves)
  }

  /// The ground under a route of `shape` whose points lie at `east`, `north` meters from
  /// `origin`, climbing across a slope that rises towards `uphillRadians` if given:
  /// - the street grid, the out-and-back and a given polyline: rolling ground;
  /// - the athletics track: level ground (a track is built level);
  /// - ``RouteShape/hill``: rolling ground at half scale and a hill of 60-90 m whose top is at
  ///   the route's middle point;
  /// - ``RouteShape/switchbacks``: rolling ground at a quarter scale on an incline rising
  ///   uphill, steep enough that the route climbs 8 % on average from its start to its end;
  /// - ``RouteShape/mountainRoad``: the same at half scale, the route climbing 5.5-7.5 %.
  static func ground(
    for shape: RouteShape, origin: Coordinate, east: [Double], north: [Double],
    lengthMeters: Double, uphillRadians: Double?, random: inout SplitMix64
  ) -> SimulatedTerrain {
    switch shape {
    case .streetGrid, .outAndBackWithHairpin, .polyline:
      return rolling(origin: origin, scale: 1, random: &random)
    case .athleticsTrack:
      return SimulatedTerrain(origin: origin)
    case .hill:
      var terrain = rolling(origin: origin, scale: 0.5, random: &random)
      let middle = east.count / 2
      terrain.hills = [
        Hill(
          eastMeters: east[middle], northMeters: north[middle],
          heightMeters: draw(hillHeightMeters, &random),
          radiusMeters: draw(hillRadiusMeters, &random))
      ]
      return terrain
    case .switchbacks:
      var terrain = rolling(origin: origin, scale: 0.25, random: &random)
      terrain.incline(
        climbing: switchbackGrade, uphillRadians: uphillRadians ?? 0, east: east, north: north,
        length: lengthMeters)
      return terrain
    case .mountainRoad:
      var terrain = rolling(origin: origin, scale: 0.5, random: &random)
      terrain.incline(
        climbing: draw(mountainRoadGrade, &random), uphillRadians: uphillRadians ?? 0,
        east: east, north: north, length: lengthMeters)
      return terrain
    }
  }

  /// Tilts the ground up towards `uphillRadians`, so that the incline alone raises the
  /// route's end above its start by `grade` times its length.
  private mutating func incline(
    climbing grade: Double, uphillRadians: Double, east: [Double], north: [Double],
    length: Double
  ) {
    guard let e0 = east.first, let n0 = north.first, let e1 = east.last, let n1 = north.last
    else { return }
    let rise = (e1 - e0) * sin(uphillRadians) + (n1 - n0) * cos(uphillRadians)
    guard rise > 0 else { return }
    inclineDirectionRadians = uphillRadians
    inclineGrade = grade * length / rise
  }

  private static func draw(_ range: ClosedRange<Double>, _ random: inout SplitMix64) -> Double {
    range.lowerBound + (range.upperBound - range.lowerBound) * random.nextUnit()
  }
}
