import Foundation
import Testing

@testable import TrackSift

@Suite struct GapPathTests {
  let plane = LocalTangentPlane(origin: Coordinate(latitudeDegrees: 37.4, longitudeDegrees: -122.1))

  /// A state at `east`, `north` meters from the plane's origin, `seconds` after its start.
  func state(
    _ east: Double, _ north: Double, velocity: Velocity, seconds: Double
  ) -> (coordinate: Coordinate, velocity: Velocity, timeSeconds: Double) {
    (plane.unproject(eastMeters: east, northMeters: north), velocity, seconds)
  }

  func east(_ speed: Double) -> Velocity {
    Velocity(eastMetersPerSecond: speed, northMetersPerSecond: 0)
  }
  func north(_ speed: Double) -> Velocity {
    Velocity(eastMetersPerSecond: 0, northMetersPerSecond: speed)
  }

  @Test func aQuarterTurnDuringALossIsMeasuredAlongTheTurnNotAcrossIt() throws {
    // 10 m/s round a quarter circle for 20 s: an arc of 200 m, a chord of 180 m.
    let radius = 10 * 20 / (Double.pi / 2)
    let path = try #require(
      GapPath.across(
        from: state(0, 0, velocity: east(10), seconds: 100),
        to: state(radius, radius, velocity: north(10), seconds: 120), previousIntervalSeconds: 1,
        maximumIntervalSeconds: 60))
    #expect(abs(path.lengthMeters - 200) < 4)
    #expect(path.intermediateCoordinates.count == 19)
    // Every point lies near the arc (a cubic follows a circle to within a few percent).
    for point in path.intermediateCoordinates {
      let (x, y) = plane.project(point)
      #expect(abs(hypot(x, y - radius) - radius) < 0.05 * radius)
    }
  }

  @Test func theLengthIsTheWrittenPolylines() throws {
    let start = state(0, 0, velocity: east(8), seconds: 0)
    let end = state(150, 90, velocity: north(6), seconds: 25.5)
    let path = try #require(
      GapPath.across(from: start, to: end, previousIntervalSeconds: 1, maximumIntervalSeconds: 60))
    let points = [start.coordinate] + path.intermediateCoordinates + [end.coordinate]
    let written = zip(points, points.dropFirst()).reduce(0) {
      $0 + Geodesic.distanceMeters(from: $1.0, to: $1.1)
    }
    #expect(abs(written - path.lengthMeters) < 1e-9)
    // 25.5 s sampled every second or less: 26 steps, evenly timed between the ends.
    let times = path.intermediateTimesSeconds
    #expect(times.count == 25)
    #expect(abs(times[0] - 25.5 / 26) < 1e-9)
    #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 } && times.last! < 25.5)
  }

  @Test func aStraightLossAtConstantSpeedIsTheStraightStep() throws {
    let path = try #require(
      GapPath.across(
        from: state(0, 0, velocity: east(5), seconds: 0),
        to: state(100, 0, velocity: east(5), seconds: 20), previousIntervalSeconds: 1,
        maximumIntervalSeconds: 60))
    #expect(abs(path.lengthMeters - 100) < 1e-6)
  }

  @Test func noPathForAShortIntervalAStopOrAnImpossibleCurve() {
    // Not a signal loss: 10 s is the longest interval between fixes that is not one.
    #expect(
      GapPath.across(
        from: state(0, 0, velocity: east(10), seconds: 0),
        to: state(60, 60, velocity: north(10), seconds: 10), previousIntervalSeconds: 1,
        maximumIntervalSeconds: 60)
        == nil)
    // A runner who stood at a crossing for most of a minute without signal: 5 m covered where
    // 3 m/s would cover 180 m.
    #expect(
      GapPath.across(
        from: state(0, 0, velocity: east(3), seconds: 0),
        to: state(5, 0, velocity: east(3), seconds: 60), previousIntervalSeconds: 1,
        maximumIntervalSeconds: 60) == nil)
    // A curve longer than the faster end's speed allows over the interval.
    #expect(
      GapPath.across(
        from: state(0, 0, velocity: north(1), seconds: 0),
        to: state(
          12, 0, velocity: Velocity(eastMetersPerSecond: 0, northMetersPerSecond: -1),
          seconds: 12), previousIntervalSeconds: 1, maximumIntervalSeconds: 60) == nil)
    #expect(
      GapPath.across(
        from: state(0, 0, velocity: east(.nan), seconds: 0),
        to: state(100, 0, velocity: east(5), seconds: 20), previousIntervalSeconds: 1,
        maximumIntervalSeconds: 60) == nil)
    // A loss longer than the filter carries its state across.
    #expect(
      GapPath.across(
        from: state(0, 0, velocity: east(6), seconds: 0),
        to: state(5_000, 2_000, velocity: north(6), seconds: 970), previousIntervalSeconds: 1,
        maximumIntervalSeconds: 60) == nil)
    // A loss that ends standing after half an hour: the ends' mean speed would have covered
    // far more than the 5 m between them.
    #expect(
      GapPath.across(
        from: state(0, 0, velocity: .zero, seconds: 0),
        to: state(5, 0, velocity: east(0.4), seconds: 2_000), previousIntervalSeconds: 1,
        maximumIntervalSeconds: 60) == nil)
    // A sparse recording's pace: a point every 12 s after one 12 s before.
    #expect(
      GapPath.across(
        from: state(0, 0, velocity: east(10), seconds: 0),
        to: state(90, 60, velocity: north(10), seconds: 12), previousIntervalSeconds: 12,
        maximumIntervalSeconds: 60) == nil)
  }
}

@Suite struct GapPathInAnalysisTests {
  /// A ride east at 8 m/s, 24 s without a fix while it turns a quarter circle north, then north:
  /// exact positions with a stated accuracy of 3 m.
  func rideWithTurnDuringLoss() -> (track: Track, trueMeters: Double) {
    let plane = LocalTangentPlane(origin: Coordinate(latitudeDegrees: 48.1, longitudeDegrees: 11.5))
    let speed = 8.0
    let turnSeconds = 24.0
    let radius = speed * turnSeconds / (Double.pi / 2)
    var fixes: [Fix] = []
    func add(_ east: Double, _ north: Double, _ seconds: Double, course: Double) {
      let coordinate = plane.unproject(eastMeters: east, northMeters: north)
      fixes.append(
        Fix(
          timestamp: Date(timeIntervalSinceReferenceDate: 800_000_000 + seconds),
          latitudeDegrees: coordinate.latitudeDegrees,
          longitudeDegrees: coordinate.longitudeDegrees, horizontalAccuracyMeters: 3,
          speedMetersPerSecond: speed, courseDegrees: course))
    }
    for k in 0...90 { add(Double(k) * speed, 0, Double(k), course: 90) }
    let turnEast = 90 * speed
    for k in 0...90 {
      add(turnEast + radius, radius + Double(k) * speed, 90 + turnSeconds + Double(k), course: 0)
    }
    return (
      Track(name: "turn", segments: [Segment(fixes: fixes)]), 180 * speed + speed * turnSeconds
    )
  }

  @Test func theRefinedDistanceFollowsTheTurnAndTheCleanedFileDrawsIt() throws {
    let (track, trueMeters) = rideWithTurnDuringLoss()
    let analysis = TrackAnalysis(track: track, profile: .cycling)
    let refined = analysis.refinedMetrics.distanceMeters
    let chordMeters = 180 * 8 + 8 * 24 / (Double.pi / 2) * 2.0.squareRoot()
    #expect(abs(refined - trueMeters) / trueMeters < 0.01)
    #expect(refined > chordMeters + 10)
    let segment = try #require(analysis.segments.first)
    #expect(segment.refinedGapPaths.count == 1)
    let cleaned = analysis.cleanedTrack(from: track)
    #expect(abs(cleaned.pathLengthMeters / refined - 1) < 0.001)
    // The drawn points (the fixes all state an accuracy) carry their times and nothing
    // measured.
    let drawn = cleaned.segments.flatMap(\.fixes).filter { $0.horizontalAccuracyMeters == nil }
    #expect(drawn.count == 23)
    #expect(drawn.allSatisfy { $0.timestamp != nil && $0.speedMetersPerSecond == nil })
  }
}
