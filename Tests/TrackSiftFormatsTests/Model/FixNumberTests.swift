import Testing
import TrackSift

@testable import TrackSiftFormats

@Suite struct FixNumberTests {
  /// Each name sets its own field and no other: a swapped or shared case in the subscript's
  /// switch would show as a second value or a wrong one.
  @Test func eachNumberSetsOnlyItsOwnField() {
    for (index, number) in FixNumber.allCases.enumerated() {
      var fix = Fix(latitudeDegrees: 1, longitudeDegrees: 2)
      let value = Double(index) + 0.5
      fix[number: number] = value
      for other in FixNumber.allCases {
        #expect(fix[number: other] == (other == number ? value : nil), "\(number) -> \(other)")
      }
      fix[number: number] = nil
      #expect(fix[number: number] == nil, "\(number)")
    }
  }

  /// The subscript reaches the fix's named properties, not storage of its own.
  @Test func numbersAreTheFixsProperties() {
    var fix = Fix(latitudeDegrees: 1, longitudeDegrees: 2)
    fix[number: .altitude] = 12
    fix[number: .positionDilution] = 1.5
    fix[number: .temperature] = -3
    fix[number: .speedAccuracy] = 0.25
    #expect(fix.altitudeMeters == 12)
    #expect(fix.receiver.positionDilution == 1.5)
    #expect(fix.sensors.temperatureCelsius == -3)
    #expect(fix.speedAccuracyMetersPerSecond == 0.25)
  }
}
