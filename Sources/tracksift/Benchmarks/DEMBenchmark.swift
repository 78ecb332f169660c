import Foundation
import TrackSift
import TrackSiftTerrain

/// Times elevation lookups in a folder of HGT tiles along a walking-like path inside one tile,
/// through ``ElevationModel`` as the analysis calls it. The path is made beforehand, so only
/// the lookups are timed.
struct DEMBenchmark {
  /// The figures of one benchmark.
  struct Result: Encodable {
    /// The tile the path stays in, like `N46E007`.
    var tile: String
    /// `1 arc-second` or `3 arc-seconds`.
    var resolution: String
    /// Whether the tile was written by the benchmark rather than read from `--dem`.
    var synthetic: Bool
    /// Lookups in a run.
    var lookups: Int
    /// Lookups in a run that gave an elevation (the others fell in voids left unknown).
    var elevations: Int
    /// The first lookup alone, which reads the tile, in milliseconds.
    var firstLookupMilliseconds: Double
    /// The median over the runs of a run's time divided by its lookups, in nanoseconds.
    var medianNanosecondsPerLookup: Double
    /// The fastest run's time divided by its lookups, in nanoseconds.
    var fastestNanosecondsPerLookup: Double
    /// Each run's time divided by its lookups, in nanoseconds.
    var nanosecondsPerLookup: BenchDistribution
  }

  /// Walking speed, 1.4 m/s, for a path sampled at 1 Hz.
  static let stepMeters = 1.4
  /// Meters per degree of latitude (a mean; the path only has to look like a walk).
  static let metersPerDegree = 111_320.0

  let model: any ElevationModel
  let path: [Coordinate]

  /// A walk of `lookups` one-second steps inside `tile`: heading changes of up to ±20° a
  /// step, turned back from the tile's outer 5 %.
  static func walk(in tile: HGTTileName, lookups: Int, seed: UInt64) -> [Coordinate] {
    var random = SplitMix(state: seed)
    let south = Double(tile.southLatitudeDegrees)
    let west = Double(tile.westLongitudeDegrees)
    var latitude = south + 0.5
    var longitude = west + 0.5
    var headingRadians = random.unit() * 2 * .pi
    var path: [Coordinate] = []
    path.reserveCapacity(lookups)
    for _ in 0..<lookups {
      path.append(Coordinate(latitudeDegrees: latitude, longitudeDegrees: longitude))
      headingRadians += (random.unit() - 0.5) * 2 * (20 * .pi / 180)
      let north = cos(headingRadians) * stepMeters / metersPerDegree
      let east =
        sin(headingRadians) * stepMeters / (metersPerDegree * cos(latitude * .pi / 180))
      if !(south + 0.05...south + 0.95).contains(latitude + north)
        || !(west + 0.05...west + 0.95).contains(longitude + east)
      {
        headingRadians += .pi
        continue
      }
      latitude += north
      longitude += east
    }
    return path
  }

  /// Looks up the first point alone (reading the tile), then runs the path once untimed and
  /// `repetitions` times timed.
  func run(
    repetitions: Int, tile: HGTTileName, resolution: HGTResolution, synthetic: Bool
  ) -> Result {
    let start = BenchTiming.nanoseconds()
    benchKeep(model.elevationMeters(at: path[0]))
    let firstNanoseconds = Double(BenchTiming.nanoseconds() - start)
    let elevations = lookUpAll()
    var perLookup: [Double] = []
    for _ in 0..<repetitions {
      let runStart = BenchTiming.nanoseconds()
      benchKeep(lookUpAll())
      perLookup.append(Double(BenchTiming.nanoseconds() - runStart) / Double(path.count))
    }
    return Result(
      tile: tile.description, resolution: resolution.description, synthetic: synthetic,
      lookups: path.count, elevations: elevations,
      firstLookupMilliseconds: firstNanoseconds / 1e6,
      medianNanosecondsPerLookup: BenchTiming.median(perLookup),
      fastestNanosecondsPerLookup: perLookup.min() ?? 0,
      nanosecondsPerLookup: BenchDistribution(perLookup))
  }

  /// Looks up every point; returns how many gave an elevation.
  private func lookUpAll() -> Int {
    var found = 0
    for coordinate in path where model.elevationMeters(at: coordinate) != nil { found += 1 }
    return found
  }

  /// SplitMix64 (Steele, Lea and Flood 2014): a small seeded generator for the path.
  struct SplitMix {
    var state: UInt64

    /// A number in `0..<1`.
    mutating func unit() -> Double {
      state &+= 0x9E37_79B9_7F4A_7C15
      var mixed = state
      mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
      mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
      mixed ^= mixed >> 31
      return Double(mixed >> 11) / Double(1 << 53)
    }
  }
}
