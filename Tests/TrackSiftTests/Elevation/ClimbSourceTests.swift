import Foundation
import Testing
import TrackSiftSimulation

@testable import TrackSift

/// The refined climb's choice of source: a terrain model where given, the device kept on a
/// bridge, barometric altitudes recognised by their noise.
struct ClimbSourceTests {
  /// A ground that rises 0.05 m per meter east of longitude 6.6, with a 30 m deep valley
  /// between 600 and 800 m east where `valley` is set (what a DEM shows under a bridge).
  struct Ground: ElevationModel {
    var valley = false
    func elevationMeters(at coordinate: Coordinate) -> Double? {
      let east = (coordinate.longitudeDegrees - 6.6) * 111_320 * cos(46.5 * .pi / 180)
      let dip = valley && east > 600 && east < 800 ? 30.0 : 0
      return 200 + 0.05 * max(0, min(east, 1_000)) - dip
    }
  }

  /// A run east at 3 m/s for 400 s (1,200 m), its altitudes from `altitude(east)`.
  static func track(
    verticalAccuracyMeters: Double? = nil, altitude: (Double, Int) -> Double
  ) -> Track {
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    let metersPerDegree = 111_320 * cos(46.5 * .pi / 180)
    let fixes = (0...400).map { second in
      let east = 3.0 * Double(second)
      return Fix(
        timestamp: start.addingTimeInterval(Double(second)), latitudeDegrees: 46.5,
        longitudeDegrees: 6.6 + east / metersPerDegree,
        altitudeMeters: altitude(east, second), horizontalAccuracyMeters: 4,
        verticalAccuracyMeters: verticalAccuracyMeters, speedMetersPerSecond: 3,
        courseDegrees: 90, source: .satellite)
    }
    return Track(segments: [Segment(fixes: fixes)])
  }

  /// A noisy GNSS altitude 30 m above the ground's datum (an ellipsoid height): the terrain
  /// model's climb is the ground's 50 m; the GNSS altitude alone counts its own.
  @Test func aTerrainModelGivesTheGroundsClimb() {
    var random = SplitMix64(seed: 7)
    let track = Self.track(verticalAccuracyMeters: 6) { east, _ in
      230 + 0.05 * min(east, 1_000) + 4 * random.nextGaussian()
    }
    let analysis = TrackAnalysis(track: track, profile: .running, elevationModel: Ground())
    #expect(analysis.climb.source == .terrainModel)
    #expect(analysis.climb.sources.map(\.source) == [.terrainModel, .gnss])
    let gain = analysis.refinedMetrics.elevationGainMeters ?? 0
    #expect(abs(gain - 50) < 2.5, "\(gain)")
    #expect(analysis.climb.deviceKeptFixCount == 0)
    let without = TrackAnalysis(track: track, profile: .running)
    #expect(without.climb.source == .gnss)
    #expect(without.climb.sources.map(\.source) == [.gnss])
  }

  /// Without times no smoother can place an altitude, but its climb still counts: a track
  /// whose times say nothing gets its altitudes' swings as its refined climb, not zero (a
  /// mountain hike read as climbing 0 m before), and the same with and without a stated
  /// accuracy.
  @Test func anUntimedTracksClimbIsCounted() {
    for accuracy in [nil, 3.0] {
      let timed = Self.track(verticalAccuracyMeters: accuracy) { east, second in
        200 + 0.05 * min(east, 1_000) + (second % 2 == 0 ? 0.2 : -0.2)
      }
      let untimed = Track(
        segments: timed.segments.map { segment in
          Segment(
            fixes: segment.fixes.map {
              var fix = $0
              fix.timestamp = nil
              return fix
            })
        })
      let gain =
        TrackAnalysis(track: untimed, profile: .running).refinedMetrics
        .elevationGainMeters ?? 0
      #expect(abs(gain - 50) < 2, "accuracy \(String(describing: accuracy)): \(gain)")
    }
  }

  /// Without a terrain model, a GNSS altitude that wanders by up to 6 m over minutes around
  /// the ground still gives the ground's 50 m climb (the wander parted from the ground by
  /// `GNSSAltitudeSmoother`), within 15 %.
  @Test func aGNSSAltitudeGivesTheGroundsClimbThroughItsWander() {
    var random = SplitMix64(seed: 11)
    let track = Self.track(verticalAccuracyMeters: 6) { east, second in
      let wander = 4 * sin(Double(second) / 40) + 2 * sin(Double(second) / 17 + 1)
      return 230 + 0.05 * min(east, 1_000) + wander + 0.5 * random.nextGaussian()
    }
    let analysis = TrackAnalysis(track: track, profile: .running)
    #expect(analysis.climb.source == .gnss)
    let gain = analysis.refinedMetrics.elevationGainMeters ?? 0
    #expect(abs(gain - 50) < 7.5, "\(gain)")
  }

  /// Where the terrain model dips 30 m for 200 m but a good GNSS altitude stays on the
  /// ground's line, the device is kept there: the climb is the road's, not the valley's.
  @Test func aBridgeKeepsTheDevicesAltitude() {
    var random = SplitMix64(seed: 9)
    let track = Self.track(verticalAccuracyMeters: 1) { east, _ in
      350 + 0.05 * min(east, 1_000) + 0.5 * random.nextGaussian()
    }
    let analysis = TrackAnalysis(
      track: track, profile: .running, elevationModel: Ground(valley: true))
    #expect(analysis.climb.source == .terrainModel)
    #expect(analysis.climb.deviceKeptFixCount > 50)
    let gain = analysis.refinedMetrics.elevationGainMeters ?? 0
    let loss = analysis.refinedMetrics.elevationLossMeters ?? 0
    #expect(abs(gain - 50) < 4, "\(gain)")
    #expect(loss < 4, "\(loss)")
    let terrainAlone = analysis.climb.sources.first { $0.source == .terrainModel }
    #expect((terrainAlone?.lossMeters ?? 0) > 25)
  }

  /// A barometer calibrated 150 m off, over a terrain model with the valley: held to the
  /// terrain's level, its climb is the road's 50 m, not the valley's, at the terrain's level.
  @Test func aBarometerIsHeldToTheTerrainsLevel() {
    let track = Self.track { east, _ in (5 * (350 + 0.05 * min(east, 1_000))).rounded() / 5 }
    let analysis = TrackAnalysis(
      track: track, profile: .running, elevationModel: Ground(valley: true))
    #expect(analysis.climb.source == .barometer)
    #expect(analysis.climb.isAnchoredToTerrainModel)
    let gain = analysis.refinedMetrics.elevationGainMeters ?? 0
    #expect(abs(gain - 50) < 2.5, "\(gain)")
    #expect((analysis.refinedMetrics.elevationLossMeters ?? 0) < 2)
    // The road starts at 200 m on the terrain's datum; the valley pulls the level down by at
    // most its share of the ten-minute average.
    let first = analysis.segments[0].climbAltitudesMeters.first { $0 != nil }
    #expect(abs((first ?? nil).map { $0 - 200 } ?? 99) < 15)
  }

  /// A smooth altitude at 0.2 m resolution without a stated accuracy reads as barometric; a
  /// GNSS altitude jittering by a meter does not, nor does one that states an accuracy.
  @Test func barometricAltitudesAreRecognisedByTheirNoise() {
    let barometric = Self.track { east, _ in (5 * (100 + 0.02 * east)).rounded() / 5 }
    let noise = AltitudeNoise(barometric)
    #expect(noise.isBarometric)
    #expect(noise.resolutionMeters == 0.2)
    #expect(TrackAnalysis(track: barometric).climb.source == .barometer)
    var random = SplitMix64(seed: 8)
    let gnss = Self.track { east, _ in 100 + 0.02 * east + random.nextGaussian() }
    let gnssNoise = AltitudeNoise(gnss)
    #expect(!gnssNoise.isBarometric)
    #expect((gnssNoise.whiteSigmaMeters ?? 0) > 0.6)
    let stated = Self.track(verticalAccuracyMeters: 3) { east, _ in 100 + 0.02 * east }
    #expect(!AltitudeNoise(stated).isBarometric)
    // A receiver that states its dilution is a GNSS receiver, however smooth its altitude.
    var withDilution = barometric
    for index in withDilution.segments[0].fixes.indices {
      withDilution.segments[0].fixes[index].receiver = ReceiverStatus(horizontalDilution: 0.8)
    }
    #expect(!AltitudeNoise(withDilution).isBarometric)
    #expect(TrackAnalysis(track: withDilution).climb.source == .gnss)
  }
}
