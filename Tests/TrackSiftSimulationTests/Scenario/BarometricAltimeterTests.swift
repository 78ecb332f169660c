import Foundation
import Testing
import TrackSift

@testable import TrackSiftSimulation

/// A watch's barometric altitude: at FIT's 0.2 m resolution, with no vertical accuracy, and off
/// by the scale, drift and noise its docs give, measured here.
@Suite struct BarometricAltimeterTests {
  static func rms(_ values: [Double]) -> Double {
    (values.reduce(0) { $0 + $1 * $1 } / Double(values.count)).squareRoot()
  }

  @Test func watchAltitudesAreQuantisedTo20CentimetersWithNoVerticalAccuracy() {
    let configuration = ScenarioConfiguration(
      environment: .forest, device: .watch, activity: .running, route: .hill,
      durationSeconds: 900, seed: 3)
    #expect(configuration.altimeter == .barometric)
    let recording = ScenarioSimulator(configuration: configuration).run()
    let fixes = recording.track.segments[0].fixes
    #expect(fixes.count > 800)
    for fix in fixes {
      let altitude = fix.altitudeMeters ?? .nan
      #expect(abs(altitude * 5 - (altitude * 5).rounded()) < 1e-9, "\(altitude) m")
      #expect(fix.verticalAccuracyMeters == nil)
    }
    let phone = ScenarioSimulator(
      configuration: ScenarioConfiguration(device: .phone, durationSeconds: 120, seed: 3)
    ).run()
    let satellite = phone.track.segments[0].fixes.filter { $0.source == .satellite }
    #expect(satellite.allSatisfy { ($0.verticalAccuracyMeters ?? 0) > 0 })
  }

  @Test func theAltimeterLeavesTheHorizontalErrorsAsTheyWere() {
    var configuration = ScenarioConfiguration(
      environment: .urbanCanyon, device: .watch, activity: .cycling, route: .mountainRoad,
      durationSeconds: 900, seed: 8)
    configuration.altimeter = .gnss
    let gnss = ScenarioSimulator(configuration: configuration).run()
    configuration.altimeter = .barometric
    let barometric = ScenarioSimulator(configuration: configuration).run()
    let a = gnss.track.segments[0].fixes
    let b = barometric.track.segments[0].fixes
    #expect(a.map(\.coordinate) == b.map(\.coordinate))
    #expect(a.map(\.timestamp) == b.map(\.timestamp))
    #expect(a.map(\.altitudeMeters) != b.map(\.altitudeMeters))
  }

  /// Over a climb, the altimeter reads the height gained times a scale within a few percent of
  /// one (the air's temperature, σ 8 K against 288 K: 2.8 %).
  @Test func heightGainedIsScaledByTheAirsTemperature() {
    var ratios: [Double] = []
    for seed: UInt64 in 1...60 {
      var altimeter = BarometricAltimeter(startElevationMeters: 100, random: SplitMix64(seed: seed))
      let start = altimeter.altitudeMeters(trueElevationMeters: 100, elapsedSeconds: 0)
      // A 500 m climb in five minutes, too fast for the drift to matter.
      let top = altimeter.altitudeMeters(trueElevationMeters: 600, elapsedSeconds: 300)
      ratios.append((top - start) / 500)
    }
    let mean = ratios.reduce(0, +) / Double(ratios.count)
    let spread = Self.rms(ratios.map { $0 - mean })
    #expect(abs(mean - 1) < 0.015, "mean scale \(mean)")
    #expect(spread > 0.018 && spread < 0.04, "scale spread \(spread)")
  }

  /// On level ground: a second's change of a few decimeters at most, and over 45 minutes a
  /// drift of about 2 m (weather 2.5 m an hour, the slow wander 0.5 m).
  @Test func onLevelGroundItDriftsSlowlyWithLittleNoise() {
    var steps: [Double] = []
    var drifts: [Double] = []
    for seed: UInt64 in 1...40 {
      var altimeter = BarometricAltimeter(startElevationMeters: 100, random: SplitMix64(seed: seed))
      var previous = altimeter.altitudeMeters(trueElevationMeters: 100, elapsedSeconds: 0)
      let first = previous
      for second in 1...2_700 {
        let altitude = altimeter.altitudeMeters(
          trueElevationMeters: 100, elapsedSeconds: Double(second))
        steps.append(altitude - previous)
        previous = altitude
      }
      drifts.append(previous - first)
    }
    let step = Self.rms(steps)
    let drift = Self.rms(drifts)
    #expect(step > 0.05 && step < 0.25, "RMS change in a second \(step) m")
    #expect(drift > 1 && drift < 3.5, "RMS drift over 45 min \(drift) m")
  }
}
