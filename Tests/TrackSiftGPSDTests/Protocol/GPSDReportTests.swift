import Foundation
import Testing
import TrackSiftGPSD

@Suite struct GPSDReportTests {
  @Test func versionReport() throws {
    let report = try GPSDReport(parsing: GPSDLines.version)
    #expect(
      report
        == .version(
          GPSDVersionReport(release: "3.22", revision: "3.22", protocolMajor: 3, protocolMinor: 14)
        ))
  }

  @Test func devicesWatchAndDeviceReports() throws {
    #expect(
      try GPSDReport(parsing: GPSDLines.devices)
        == .devices([
          GPSDDevice(
            path: "/dev/pts/1", driver: "NMEA0183", activated: "2026-11-23T15:01:47.501Z")
        ]))
    #expect(
      try GPSDReport(parsing: GPSDLines.watch)
        == .watch(GPSDWatchReport(enable: true, json: true, nmea: false)))
    // gpsd says a device went away with "activated":0.
    #expect(
      try GPSDReport(parsing: GPSDLines.deviceDeactivated)
        == .device(GPSDDevice(path: "/dev/pts/1")))
  }

  @Test func tpvReportKeepsEveryField() throws {
    guard case .tpv(let tpv) = try GPSDReport(parsing: GPSDLines.tpv) else {
      Issue.record("not a TPV")
      return
    }
    #expect(tpv.device == "/dev/pts/1")
    #expect(tpv.mode == 3)
    #expect(tpv.status == nil)
    #expect(tpv.time == Date(timeIntervalSince1970: 2_039_310_444))
    #expect(tpv.latitudeDegrees == 46.512345678)
    #expect(tpv.longitudeDegrees == 6.634567891)
    #expect(tpv.ellipsoidalAltitudeMeters == 83.8)
    #expect(tpv.meanSeaLevelAltitudeMeters == 60.1)
    #expect(tpv.horizontalErrorMeters == 20.9)
    #expect(tpv.longitudeErrorMeters == 9.484)
    #expect(tpv.latitudeErrorMeters == 12.791)
    #expect(tpv.verticalErrorMeters == 34.5)
    #expect(tpv.speedMetersPerSecond == 0.165)
    #expect(tpv.speedErrorMetersPerSecond == 25.58)
    #expect(tpv.courseDegrees == 181.39)
    #expect(tpv.courseErrorDegrees == nil)
    #expect(tpv.climbMetersPerSecond == 0.1)
  }

  @Test func legacyAltitudeIsMeanSeaLevel() throws {
    let line = #"{"class":"TPV","mode":3,"alt":12.5}"#
    guard case .tpv(let tpv) = try GPSDReport(parsing: line) else {
      Issue.record("not a TPV")
      return
    }
    #expect(tpv.meanSeaLevelAltitudeMeters == 12.5)
    #expect(tpv.ellipsoidalAltitudeMeters == nil)
  }

  @Test(arguments: [
    ("2020-05-14T17:29:05.000Z", 1_589_477_345.0),
    ("2020-05-14T17:29:05Z", 1_589_477_345.0),
    ("2020-05-14T17:29:05.25Z", 1_589_477_345.25),
    ("2000-02-29T00:00:00.5Z", 951_782_400.5),
    ("1970-01-01T00:00:00.000Z", 0.0),
  ])
  func tpvTimes(text: String, secondsSince1970: Double) throws {
    let line = #"{"class":"TPV","mode":2,"time":"\#(text)"}"#
    guard case .tpv(let tpv) = try GPSDReport(parsing: line) else {
      Issue.record("not a TPV")
      return
    }
    let time = try #require(tpv.time)
    #expect(abs(time.timeIntervalSince1970 - secondsSince1970) < 1e-6)
  }

  @Test func numericTimeOfOldGpsdIsSecondsSince1970() throws {
    let line = #"{"class":"TPV","mode":3,"time":1589477345.5}"#
    guard case .tpv(let tpv) = try GPSDReport(parsing: line) else {
      Issue.record("not a TPV")
      return
    }
    #expect(tpv.time == Date(timeIntervalSince1970: 1_589_477_345.5))
  }

  @Test func skyReportCountsAndDilutions() throws {
    let report = try GPSDReport(parsing: GPSDLines.sky)
    #expect(
      report
        == .sky(
          GPSDSkyReport(
            device: "/dev/pts/1", satellitesUsed: 8, satellitesVisible: 12,
            horizontalDilution: 1.1, verticalDilution: 1.5, positionDilution: 1.8)))
  }

  @Test func skyWithoutCountsCountsTheSatellitesList() throws {
    let line =
      #"{"class":"SKY","hdop":0.9,"satellites":[{"PRN":1,"used":true},{"PRN":2,"used":false},"#
      + #"{"PRN":3,"used":true},{"PRN":4}]}"#
    guard case .sky(let sky) = try GPSDReport(parsing: line) else {
      Issue.record("not a SKY")
      return
    }
    #expect(sky.satellitesUsed == 2)
    #expect(sky.satellitesVisible == 4)
    #expect(sky.horizontalDilution == 0.9)
    // A SKY with dilutions only says nothing about satellites.
    guard case .sky(let bare) = try GPSDReport(parsing: #"{"class":"SKY","hdop":1.2}"#) else {
      Issue.record("not a SKY")
      return
    }
    #expect(bare.satellitesUsed == nil)
    #expect(bare.satellitesVisible == nil)
  }

  @Test func errorAndOtherClasses() throws {
    #expect(
      try GPSDReport(parsing: #"{"class":"ERROR","message":"Unrecognized request 'FOO'"}"#)
        == .error(message: "Unrecognized request 'FOO'"))
    #expect(
      try GPSDReport(parsing: #"{"class":"PPS","device":"/dev/pps0","real_sec":1}"#)
        == .other(className: "PPS"))
    #expect(
      try GPSDReport(parsing: #"{"class":"GST","lat":1.2,"lon":"not read"}"#)
        == .other(className: "GST"))
  }

  @Test(arguments: [
    (#"{"class":"TPV","mode":3,"#, "malformed JSON"),
    ("", "malformed JSON"),
    ("not json at all", "malformed JSON"),
    (#"[1,2,3]"#, "not a JSON object"),
    (#"{"mode":3}"#, #"report has no "class" field"#),
    (#"{"class":7}"#, #"report field "class" is not a string"#),
    (#"{"class":"TPV","lat":1.0}"#, #"TPV has no "mode" field"#),
    (#"{"class":"TPV","mode":3,"lat":"north"}"#, #"TPV field "lat" is not a number"#),
    (#"{"class":"TPV","mode":"3D"}"#, #"TPV field "mode" is not an integer"#),
    (
      #"{"class":"TPV","mode":2.5}"#,
      "TPV has a number that does not fit its field (a fraction where an integer belongs, or "
        + "out of range)"
    ),
    (#"{"class":"TPV","mode":3,"time":true}"#, #"TPV field "time" is not a string"#),
    (
      #"{"class":"TPV","mode":3,"time":"2020-13-01T00:00:00Z"}"#,
      #"TPV field "time": "2020-13-01T00:00:00Z" is not an ISO 8601 UTC time"#
    ),
    (
      #"{"class":"TPV","mode":3,"time":"2020-05-14 17:29:05"}"#,
      #"TPV field "time": "2020-05-14 17:29:05" is not an ISO 8601 UTC time"#
    ),
    (
      #"{"class":"SKY","satellites":[{"used":true},{"used":"yes"}]}"#,
      #"SKY field "satellites[1].used" is not true or false"#
    ),
    (#"{"class":"VERSION","release":"3.22"}"#, #"VERSION has no "proto_major" field"#),
    (#"{"class":"ERROR"}"#, #"ERROR has no "message" field"#),
  ])
  func badLinesGiveTypedErrors(line: String, reason: String) {
    #expect(throws: GPSDError(reason: reason, context: line)) {
      try GPSDReport(parsing: line)
    }
  }

  @Test func errorDescriptionShowsTheReasonAndAShortenedLine() {
    let line =
      #"{"class":"TPV","mode":3,"lat":"north","pad":""# + String(repeating: "x", count: 200)
      + #""}"#
    do {
      _ = try GPSDReport(parsing: line)
      Issue.record("no error")
    } catch {
      #expect(error.reason == #"TPV field "lat" is not a number"#)
      #expect(error.context.count == GPSDError.maximumContextLength + 1)
      #expect(error.context.hasSuffix("…"))
      #expect(error.description.hasPrefix(#"TPV field "lat" is not a number [{"class":"TPV","#))
    }
    #expect(GPSDError(reason: "gone").description == "gone")
    #expect(
      GPSDError(reason: "gpsd closed the connection", context: "[::1]:2947").description
        == "gpsd closed the connection [[::1]:2947]")
  }

  @Test func absurdValuesAreKeptAsReported() throws {
    let line =
      #"{"class":"TPV","mode":3,"time":"2020-05-14T17:29:05.000Z","lat":123.0,"lon":-999.5,"#
      + #""altMSL":-1e6,"eph":-4,"speed":1e12,"track":725,"eps":0}"#
    guard case .tpv(let tpv) = try GPSDReport(parsing: line) else {
      Issue.record("not a TPV")
      return
    }
    #expect(tpv.latitudeDegrees == 123)
    #expect(tpv.longitudeDegrees == -999.5)
    #expect(tpv.meanSeaLevelAltitudeMeters == -1e6)
    #expect(tpv.horizontalErrorMeters == -4)
    #expect(tpv.speedMetersPerSecond == 1e12)
    #expect(tpv.courseDegrees == 725)
  }

  @Test func numbersTooLargeForADoubleAreErrorsNotCrashes() {
    let line = #"{"class":"TPV","mode":3,"lat":1e999}"#
    #expect(throws: GPSDError.self) { try GPSDReport(parsing: line) }
  }

  @Test func lineEndingIsAccepted() throws {
    #expect(
      try GPSDReport(parsing: GPSDLines.version + "\r\n") == GPSDReport(parsing: GPSDLines.version))
  }
}
