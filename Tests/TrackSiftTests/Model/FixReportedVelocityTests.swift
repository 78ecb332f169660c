import Foundation
import Testing

@testable import TrackSift

@Suite struct FixReportedVelocityTests {
  static func fix(speed: Double?, course: Double?) -> Fix {
    Fix(
      timestamp: Date(timeIntervalSinceReferenceDate: 0), latitudeDegrees: 47,
      longitudeDegrees: 8, speedMetersPerSecond: speed, courseDegrees: course)
  }

  @Test(arguments: [
    (0.0, 0.0, 2.0), (90.0, 2.0, 0.0), (180.0, 0.0, -2.0), (270.0, -2.0, 0.0),
  ])
  func theCourseSaysTheDirection(course: Double, east: Double, north: Double) throws {
    let velocity = try #require(Self.fix(speed: 2, course: course).reportedVelocity)
    #expect(abs(velocity.eastMetersPerSecond - east) < 1e-12)
    #expect(abs(velocity.northMetersPerSecond - north) < 1e-12)
  }

  @Test(
    arguments: [
      (nil, 90.0), (2.0, nil), (-1.0, 90.0), (2.0, -1.0), (2.0, 360.0), (Double.nan, 90.0),
    ] as [(Double?, Double?)])
  func noVelocityWithoutAValidSpeedAndCourse(speed: Double?, course: Double?) {
    #expect(Self.fix(speed: speed, course: course).reportedVelocity == nil)
  }
}
