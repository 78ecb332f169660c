import Foundation
import Testing

@testable import TrackSift

@Suite struct FixSpeedValidityTests {
  @Test(arguments: [
    (0.0, true), (3, true), (514.4, true), (515, false), (1e308, false),
    (-1, false), (.infinity, false), (.nan, false),
  ])
  func aReportedSpeedIsValidUpToTheCoComLimit(speed: Double, isValid: Bool) {
    let fix = Fix(
      latitudeDegrees: 46.05, longitudeDegrees: 14.5, speedMetersPerSecond: speed)
    #expect((fix.validSpeedMetersPerSecond != nil) == isValid)
  }
}
