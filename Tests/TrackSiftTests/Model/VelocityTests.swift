import Foundation
import Testing
import TrackSift

@Suite struct VelocityTests {
  @Test(arguments: [
    (0.0, 0.0, 2.0), (90.0, 2.0, 0.0), (225.0, -2.0.squareRoot(), -2.0.squareRoot()),
  ])
  func aSpeedAndCourseGiveTheirComponents(course: Double, east: Double, north: Double) throws {
    let velocity = Velocity(speedMetersPerSecond: 2, courseDegrees: course)
    #expect(abs(velocity.eastMetersPerSecond - east) < 1e-12)
    #expect(abs(velocity.northMetersPerSecond - north) < 1e-12)
    #expect(abs(velocity.speedMetersPerSecond - 2) < 1e-12)
    #expect(abs(try #require(velocity.courseDegrees) - course) < 1e-9)
  }

  @Test func standingStillOrNotFiniteHasNoCourse() {
    #expect(Velocity.zero.courseDegrees == nil)
    #expect(Velocity(eastMetersPerSecond: .nan, northMetersPerSecond: 1).courseDegrees == nil)
    #expect(!Velocity(eastMetersPerSecond: .infinity, northMetersPerSecond: 0).isFinite)
  }

  @Test func theMeanIsTakenComponentByComponent() throws {
    let mean = try #require(
      Velocity.mean([
        Velocity(eastMetersPerSecond: 1, northMetersPerSecond: 0),
        Velocity(eastMetersPerSecond: -1, northMetersPerSecond: 2),
      ]))
    #expect(mean == Velocity(eastMetersPerSecond: 0, northMetersPerSecond: 1))
    #expect(Velocity.mean([Velocity]()) == nil)
    let along = Velocity(eastMetersPerSecond: 3, northMetersPerSecond: 4)
    #expect(along.dot(Velocity(eastMetersPerSecond: 1, northMetersPerSecond: 0)) == 3)
  }
}
