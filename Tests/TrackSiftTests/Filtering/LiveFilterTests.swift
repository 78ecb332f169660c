import Foundation
import Testing

@testable import TrackSift

/// The live filter judges every fix with its own configuration and, given a smoothing noise,
/// hands the smoother the records of the accepted fixes filtered again with that noise.
@Suite struct LiveFilterTests {
  let fixes = FilterScenario(
    legs: [(0, 20), (90, 20)], speedMetersPerSecond: 1.4, noiseMeters: 4, seed: 5,
    reportsVelocity: true
  ).fixes

  /// The fixes with one 80 m to the east in the middle, which the innovation test refuses.
  var fixesWithAnOutlier: [Fix] {
    var fixes = fixes
    fixes[10].longitudeDegrees += 80 / 68_000
    return fixes
  }

  @Test func withoutASmoothingNoiseItIsTheLiveFilter() {
    var live = LiveFilter(configuration: .defaults(for: .walking))
    var plain = ConstantVelocityKalmanFilter(configuration: .defaults(for: .walking))
    for fix in fixesWithAnOutlier { #expect(live.update(fix) == plain.update(fix)) }
  }

  @Test func theSmoothingRecordsRefitTheAcceptedFixesWithTheirNoise() {
    let configuration = ConstantVelocityKalmanFilter.Configuration.defaults(for: .walking)
    var live = LiveFilter(
      configuration: configuration, smoothingAccelerationNoiseMetersPerSecondSquared: 0.3)
    var judging = ConstantVelocityKalmanFilter(configuration: configuration)
    var smoothingConfiguration = configuration
    smoothingConfiguration.accelerationNoiseMetersPerSecondSquared = 0.3
    var smoothing = ConstantVelocityKalmanFilter(configuration: smoothingConfiguration)
    var refused = 0
    for fix in fixesWithAnOutlier {
      let step = live.update(fix)
      var expected = judging.update(fix)
      if let record = expected.record {
        expected.record = smoothing.refit(
          fix, startsRun: record.startsRun, stationaryVelocitySigmaMetersPerSecond: nil)
        #expect(expected.record != record)
      } else {
        refused += 1
      }
      // The verdict and the position the speed layer reads are the judging filter's.
      #expect(step == expected)
    }
    #expect(refused == 1)
  }
}
