import Foundation
import Testing
import TrackSift
import TrackSiftGPSD
import TrackSiftTestSupport

@Suite struct GPSDFixConversionTests {
  private func tpv(_ line: String) throws -> GPSDTPVReport {
    guard case .tpv(let tpv) = try GPSDReport(parsing: line) else {
      throw TestError("not a TPV: \(line)")
    }
    return tpv
  }

  private func sky(_ line: String) throws -> GPSDSkyReport {
    guard case .sky(let sky) = try GPSDReport(parsing: line) else {
      throw TestError("not a SKY: \(line)")
    }
    return sky
  }

  @Test func conversionConstants() {
    #expect(abs(GPSDTPVReport.circular95RadiusInSigmas - 2.4477) < 1e-4)
    #expect(abs(GPSDTPVReport.linear95BoundInSigmas - 1.96) < 1e-3)
    // gpsd's own factor for its 95 % confidence (CEP95_SIGMA in gpsd.h).
    #expect(abs(GPSDTPVReport.circular95RadiusInSigmas - 2.45) < 0.01)
  }

  @Test func realTPVBecomesAFix() throws {
    let arrival = Date(timeIntervalSince1970: 2_039_310_444.3)
    let fix = try #require(try tpv(GPSDLines.tpv).fix(arrivalTime: arrival))
    #expect(fix.timestamp == Date(timeIntervalSince1970: 2_039_310_444))
    #expect(fix.arrivalTime == arrival)
    #expect(fix.latitudeDegrees == 46.512345678)
    #expect(fix.longitudeDegrees == 6.634567891)
    // Mean sea level, as GGA and NMEAReader give it, not the ellipsoidal 83.8 m.
    #expect(fix.altitudeMeters == 60.1)
    // eph 20.9 m at 95 % → 20.9 × √2 / 2.4477 m DRMS.
    #expect(abs(try #require(fix.horizontalAccuracyMeters) - 12.0752) < 1e-3)
    // epv 34.5 m at 95 % → 34.5 / 1.96.
    #expect(abs(try #require(fix.verticalAccuracyMeters) - 17.6024) < 1e-3)
    #expect(fix.speedMetersPerSecond == 0.165)
    // eps 25.58 m/s at 95 % is 13.05 m/s one sigma, but gpsd derived it from positions: the
    // fix leaves the speed accuracy unknown.
    #expect(abs(try #require(try tpv(GPSDLines.tpv).speedAccuracyMetersPerSecond) - 13.0513) < 1e-3)
    #expect(fix.speedAccuracyMetersPerSecond == nil)
    #expect(fix.courseDegrees == 181.39)
    #expect(fix.courseAccuracyDegrees == nil)
    #expect(fix.source == .satellite)
    #expect(fix.receiver == ReceiverStatus(fixType: .threeDimensional))
  }

  @Test func horizontalAccuracyFromEpxAndEpyWithoutEph() throws {
    let report = try tpv(
      #"{"class":"TPV","mode":3,"time":"2020-05-14T17:29:05Z","lat":1,"lon":2,"#
        + #""epx":9.484,"epy":12.791}"#)
    // √(9.484² + 12.791²) / 1.96.
    #expect(abs(try #require(report.horizontalAccuracyMeters) - 8.1244) < 1e-3)
    #expect(report.fix()?.horizontalAccuracyMeters == report.horizontalAccuracyMeters)
  }

  @Test(arguments: [0.5, 3.0, 12.0])
  func ephAndEpxEpyAgreeOnACircularGaussian(sigma: Double) {
    let fromEph = GPSDTPVReport(
      mode: 3, horizontalErrorMeters: GPSDTPVReport.circular95RadiusInSigmas * sigma)
    let fromAxes = GPSDTPVReport(
      mode: 3, longitudeErrorMeters: 1.959_964 * sigma, latitudeErrorMeters: 1.959_964 * sigma)
    let drms = 2.0.squareRoot() * sigma
    #expect(abs(fromEph.horizontalAccuracyMeters! - drms) < 1e-6 * sigma)
    #expect(abs(fromAxes.horizontalAccuracyMeters! - drms) < 1e-6 * sigma)
  }

  @Test func courseErrorConverts() {
    let report = GPSDTPVReport(mode: 3, courseErrorDegrees: 19.599_64)
    #expect(abs(report.courseAccuracyDegrees! - 10.0) < 1e-4)
  }

  @Test func noErrorsGiveNoAccuracies() {
    let report = GPSDTPVReport(
      mode: 3, time: may14(plus: 0), latitudeDegrees: 1, longitudeDegrees: 2)
    let fix = report.fix()
    #expect(fix?.horizontalAccuracyMeters == nil)
    #expect(fix?.verticalAccuracyMeters == nil)
    #expect(fix?.speedAccuracyMetersPerSecond == nil)
  }

  @Test func missingTimeGivesNoFix() throws {
    #expect(try tpv(GPSDLines.tpvWithoutTime).fix() == nil)
  }

  @Test(arguments: [0, 1, 4, -1])
  func modesWithoutAFixGiveNoFix(mode: Int) {
    let report = GPSDTPVReport(
      mode: mode, time: may14(plus: 0), latitudeDegrees: 37.4, longitudeDegrees: -122.1)
    #expect(report.hasFix == false)
    #expect(report.fix() == nil)
  }

  @Test func missingLatitudeOrLongitudeGivesNoFix() {
    #expect(GPSDTPVReport(mode: 3, time: may14(plus: 0), latitudeDegrees: 37.4).fix() == nil)
    #expect(GPSDTPVReport(mode: 3, time: may14(plus: 0), longitudeDegrees: -122).fix() == nil)
  }

  @Test func twoDimensionalFixHasNoAltitude() throws {
    let fix = try #require(
      GPSDTPVReport(
        mode: 2, time: may14(plus: 0), latitudeDegrees: 37.4, longitudeDegrees: -122.1,
        meanSeaLevelAltitudeMeters: 12, verticalErrorMeters: 30
      ).fix())
    #expect(fix.altitudeMeters == nil)
    #expect(fix.verticalAccuracyMeters == nil)
    #expect(fix.receiver.fixType == .twoDimensional)
  }

  @Test func ellipsoidalAltitudeAloneIsNotUsed() throws {
    let fix = try #require(
      GPSDTPVReport(
        mode: 3, time: may14(plus: 0), latitudeDegrees: 37.4, longitudeDegrees: -122.1,
        ellipsoidalAltitudeMeters: -20
      ).fix())
    #expect(fix.altitudeMeters == nil)
  }

  @Test(arguments: [
    (1, ReceiverStatus.FixType.threeDimensional, FixSource.satellite),
    (2, .differential, .satellite),
    (3, .differential, .satellite),
    (4, .differential, .satellite),
    (5, .threeDimensional, .unknown),
    (6, .threeDimensional, .satellite),
    (7, .threeDimensional, .unknown),
    (8, .threeDimensional, .simulated),
    (9, .precise, .satellite),
  ])
  func statusGivesFixTypeAndSource(
    status: Int, fixType: ReceiverStatus.FixType, source: FixSource
  ) throws {
    let fix = try #require(
      GPSDTPVReport(
        mode: 3, status: status, time: may14(plus: 0), latitudeDegrees: 37.4,
        longitudeDegrees: -122.1
      ).fix())
    #expect(fix.receiver.fixType == fixType)
    #expect(fix.source == source)
  }

  @Test func skyFillsTheReceiverStatus() throws {
    let fix = try #require(try tpv(GPSDLines.tpv).fix(sky: try sky(GPSDLines.sky)))
    #expect(
      fix.receiver
        == ReceiverStatus(
          fixType: .threeDimensional, satellitesUsed: 8, horizontalDilution: 1.1,
          verticalDilution: 1.5, positionDilution: 1.8))
    // HDOP 1.1 × 5 m, as NMEAReader makes it; not gpsd's eph of 20.9 m (HDOP × 19 m at 95 %).
    #expect(abs(try #require(fix.horizontalAccuracyMeters) - 5.5) < 1e-9)
  }

  @Test(
    arguments: [
      (nil, 5.0), (1, 5.0), (2, 1.25), (3, 0.05), (4, 0.5), (6, 5.0), (9, 5.0),
    ] as [(Int?, Double)])
  func horizontalAccuracyFromHDOPByStatus(status: Int?, uereMeters: Double) throws {
    let report = GPSDTPVReport(
      mode: 3, status: status, time: may14(plus: 0), latitudeDegrees: 37.4,
      longitudeDegrees: -122.1, horizontalErrorMeters: 142.5)
    let fix = try #require(report.fix(sky: GPSDSkyReport(horizontalDilution: 7.5)))
    #expect(abs(try #require(fix.horizontalAccuracyMeters) - 7.5 * uereMeters) < 1e-9)
  }

  @Test(arguments: [5, 7, 8])
  func statusesWhoseHDOPSaysNothingGiveNoAccuracy(status: Int) throws {
    let report = GPSDTPVReport(
      mode: 3, status: status, time: may14(plus: 0), latitudeDegrees: 37.4,
      longitudeDegrees: -122.1, horizontalErrorMeters: 142.5)
    let fix = try #require(report.fix(sky: GPSDSkyReport(horizontalDilution: 7.5)))
    #expect(fix.horizontalAccuracyMeters == nil)
  }

  @Test(arguments: [0.0, -1, 100, 1e20])
  func anHDOPOutOfRangeFallsBackToEph(hdop: Double) throws {
    let report = GPSDTPVReport(
      mode: 3, time: may14(plus: 0), latitudeDegrees: 37.4, longitudeDegrees: -122.1,
      horizontalErrorMeters: 20.9)
    let fix = try #require(report.fix(sky: GPSDSkyReport(horizontalDilution: hdop)))
    #expect(fix.horizontalAccuracyMeters == report.horizontalAccuracyMeters)
    #expect(fix.receiver.horizontalDilution == nil)
  }

  @Test func skyOfAnotherDeviceIsIgnored() throws {
    let other = GPSDSkyReport(device: "/dev/ttyUSB1", satellitesUsed: 4, horizontalDilution: 9)
    let fix = try #require(try tpv(GPSDLines.tpv).fix(sky: other))
    #expect(fix.receiver == ReceiverStatus(fixType: .threeDimensional))
  }

  @Test func absurdPositionsAndAccuraciesReachTheFixForTheGateToJudge() throws {
    let report = try tpv(
      #"{"class":"TPV","mode":3,"time":"2020-05-14T17:29:05.000Z","lat":123.0,"lon":-999.5,"#
        + #""eph":-4}"#)
    let fix = try #require(report.fix())
    #expect(fix.coordinate.isInRange == false)
    #expect(fix.validHorizontalAccuracyMeters == nil)
    #expect(try #require(fix.horizontalAccuracyMeters) < 0)
    var gate = FixGate(activity: .running)
    #expect(gate.evaluate(fix) == .rejected(.invalidCoordinates))
  }

  /// gpsd passes on `alt` 1e20: stored, it made `activities export` and then `analyze` crash.
  @Test func fieldsNoReceiverCanMeasureAreLeftOut() throws {
    let report = try tpv(
      #"{"class":"TPV","mode":3,"time":"2020-05-14T17:29:05.000Z","lat":37.4,"lon":-122.1,"#
        + #""alt":1e20,"epv":3,"speed":1e12,"track":-5}"#)
    let fix = try #require(report.fix())
    #expect(fix.altitudeMeters == nil)
    #expect(fix.verticalAccuracyMeters == nil)
    #expect(fix.speedMetersPerSecond == nil)
    #expect(fix.courseDegrees == nil)
    #expect(fix.latitudeDegrees == 37.4)
    let deep = try tpv(
      #"{"class":"TPV","mode":3,"time":"2020-05-14T17:29:05.000Z","lat":37.4,"lon":-122.1,"#
        + #""altMSL":-1001,"speed":-0.5}"#)
    #expect(deep.fix()?.altitudeMeters == nil)
    #expect(deep.fix()?.speedMetersPerSecond == nil)
    // The limits themselves are measurements.
    let edge = try tpv(
      #"{"class":"TPV","mode":3,"time":"2020-05-14T17:29:05.000Z","lat":37.4,"lon":-122.1,"#
        + #""altMSL":50000,"speed":600,"track":360}"#)
    #expect(edge.fix()?.altitudeMeters == 50_000)
    #expect(edge.fix()?.speedMetersPerSecond == 600)
    #expect(edge.fix()?.courseDegrees == 360)
  }

  @Test(arguments: ["1979-12-31T23:59:59.000Z", "2100-01-01T00:00:01.000Z", "9999-01-01T00:00:00Z"])
  func timesNoReceiverCanReportGiveNoFix(time: String) throws {
    let report = try tpv(#"{"class":"TPV","mode":3,"time":"\#(time)","lat":37.4,"lon":-122.1}"#)
    #expect(report.time != nil)
    #expect(report.fix() == nil)
  }
}

@Suite struct GPSDFixAssemblerTests {
  private func report(_ line: String) throws -> GPSDReport { try GPSDReport(parsing: line) }

  @Test func oneFixPerTPVWithLatestSky() throws {
    var assembler = GPSDFixAssembler()
    let arrival = may14(plus: 100)
    #expect(assembler.fixes(for: try report(GPSDLines.version), arrivalTime: arrival).isEmpty)
    let first = try #require(
      assembler.fixes(for: try report(GPSDLines.tpv(second: 1)), arrivalTime: arrival).first)
    #expect(first.receiver.satellitesUsed == nil)
    #expect(assembler.fixes(for: try report(GPSDLines.sky), arrivalTime: arrival).isEmpty)
    #expect(assembler.latestSky?.satellitesUsed == 8)
    let second = try #require(
      assembler.fixes(for: try report(GPSDLines.tpv(second: 2)), arrivalTime: arrival).first)
    #expect(second.receiver.satellitesUsed == 8)
    #expect(second.receiver.horizontalDilution == 1.1)
    #expect(second.timestamp == may14(plus: 2))
    #expect(second.arrivalTime == arrival)
  }

  @Test func repeatedTPVsOfOneEpochGiveOneFix() throws {
    var assembler = GPSDFixAssembler()
    // As gpsd 3.22 sends while it learns a receiver's cycle (F9K: RMC, then GGA, then GSA).
    let lines = [
      #"{"class":"TPV","mode":2,"time":"2020-02-07T02:16:11.000Z","lat":37.4263955,"#
        + #""lon":-122.093647333,"speed":0.002,"track":12.5}"#,
      #"{"class":"TPV","mode":3,"time":"2020-02-07T02:16:11.000Z","lat":37.4263955,"#
        + #""lon":-122.093647333,"altMSL":4.1,"eph":14.44,"speed":0.002,"track":12.5}"#,
      #"{"class":"TPV","mode":3,"time":"2020-02-07T02:16:12.000Z","lat":37.4263956,"#
        + #""lon":-122.093647333,"altMSL":4.1,"eph":14.44,"speed":0.003,"track":12.6}"#,
    ]
    let fixes = try lines.flatMap { assembler.fixes(for: try report($0), arrivalTime: nil) }
    #expect(fixes.count == 2)
    #expect(fixes.map(\.receiver.fixType) == [.twoDimensional, .threeDimensional])
    #expect(assembler.flush() == nil)
  }

  /// gpsd 3.22 replaying a SiRF-II log (GGA, GSA, GSV, RMC, VTG): after the GGA a TPV with
  /// gpsd's own speed from two positions and no course; after the RMC the receiver's.
  @Test func anIncompleteTPVWaitsForTheRestOfItsEpoch() throws {
    var assembler = GPSDFixAssembler()
    let afterGGA =
      #"{"class":"TPV","mode":3,"time":"2007-04-08T09:53:05.802Z","lat":-27.210911667,"#
      + #""lon":153.05225,"altMSL":3.0,"eph":400.9,"speed":9.224}"#
    let afterRMC =
      #"{"class":"TPV","mode":3,"time":"2007-04-08T09:53:05.802Z","lat":-27.210911667,"#
      + #""lon":153.05225,"altMSL":3.0,"eph":400.9,"speed":0.993,"track":133.96}"#
    #expect(assembler.fixes(for: try report(afterGGA), arrivalTime: nil).isEmpty)
    let sky = #"{"class":"SKY","hdop":1.3,"uSat":7}"#
    #expect(assembler.fixes(for: try report(sky), arrivalTime: nil).isEmpty)
    let fixes = assembler.fixes(for: try report(afterRMC), arrivalTime: nil)
    #expect(fixes.count == 1)
    #expect(fixes.first?.speedMetersPerSecond == 0.993)
    #expect(fixes.first?.courseDegrees == 133.96)
    #expect(abs((fixes.first?.horizontalAccuracyMeters ?? 0) - 6.5) < 1e-9)
    // The same time again gives nothing.
    #expect(assembler.fixes(for: try report(afterRMC), arrivalTime: nil).isEmpty)
  }

  @Test func aHeldTPVIsReleasedByTheNextEpochOrByFlush() throws {
    var assembler = GPSDFixAssembler()
    let noCourse = { (second: Int) in
      #"{"class":"TPV","mode":3,"time":"2020-05-14T17:29:0\#(second).000Z","lat":37.4,"#
        + #""lon":-122.1,"altMSL":3.0,"speed":0.0}"#
    }
    #expect(assembler.fixes(for: try report(noCourse(1)), arrivalTime: nil).isEmpty)
    let released = assembler.fixes(for: try report(noCourse(2)), arrivalTime: nil)
    #expect(released.map(\.timestamp) == [may14(plus: 1)])
    #expect(assembler.flush()?.timestamp == may14(plus: 2))
    #expect(assembler.flush() == nil)
    // A complete TPV of a new time comes after the held one it releases.
    #expect(assembler.fixes(for: try report(noCourse(3)), arrivalTime: nil).isEmpty)
    let both = assembler.fixes(for: try report(GPSDLines.tpv(second: 4)), arrivalTime: nil)
    #expect(both.map(\.timestamp) == [may14(plus: 3), may14(plus: 4)])
  }

  @Test func earlierTimesPassAndResetForgetsTheSky() throws {
    var assembler = GPSDFixAssembler()
    _ = assembler.fixes(for: try report(GPSDLines.sky), arrivalTime: nil)
    #expect(assembler.fixes(for: try report(GPSDLines.tpv(second: 5)), arrivalTime: nil).count == 1)
    #expect(assembler.fixes(for: try report(GPSDLines.tpv(second: 4)), arrivalTime: nil).count == 1)
    assembler.reset()
    #expect(assembler.latestSky == nil)
    let fix = assembler.fixes(for: try report(GPSDLines.tpv(second: 4)), arrivalTime: nil).first
    #expect(fix?.receiver.satellitesUsed == nil)
  }
}
