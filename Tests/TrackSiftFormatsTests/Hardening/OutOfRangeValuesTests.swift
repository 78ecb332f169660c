import Foundation
import Testing
import TrackSift

@testable import TrackSiftFormats

/// Extreme numbers in every numeric field of every format: each is read (never a crash) and,
/// when out of its physical range, counted and refused as unknown (an accuracy or dilution:
/// held at its bound); kept when in it.
@Suite struct OutOfRangeValuesTests {
  /// A value as a file writes it, and whether it is expected to be refused (`true`), kept
  /// (`false`), or read as unknown without a count (`nil`: NaN, which every reader takes for an
  /// empty field).
  private static let extremes: [(text: String, refused: Bool?)] = [
    ("1e20", true), ("-1e20", true), ("1e308", true), ("-1e308", true), ("inf", true),
    ("-inf", true), ("nan", nil), ("99999999999999999999", true), ("-0", false),
  ]

  /// The numeric fields a format writes as text, with where each is read in a fix.
  private struct Field: Sendable {
    var name: String
    var kind: FixField
    /// For an accuracy or a dilution, the range whose bound an extreme value is held at.
    var heldWithin: ClosedRange<Double>? = nil
    var value: @Sendable (Fix) -> Double?

    /// What an extreme value out of range reads as.
    func expected(_ text: String) -> Double? {
      guard let range = heldWithin, let number = Double(text) else { return nil }
      if number > range.upperBound { return range.upperBound }
      return range.lowerBound < 0 ? range.lowerBound : nil
    }
  }

  private static let fields: [Field] = [
    Field(name: "altitude", kind: .altitude) { $0.altitudeMeters },
    Field(
      name: "horizontalAccuracy", kind: .horizontalAccuracy,
      heldWithin: FixFieldLimits.accuracyMeters
    ) { $0.horizontalAccuracyMeters },
    Field(
      name: "verticalAccuracy", kind: .verticalAccuracy, heldWithin: FixFieldLimits.accuracyMeters
    ) { $0.verticalAccuracyMeters },
    Field(name: "speed", kind: .speed) { $0.speedMetersPerSecond },
    Field(
      name: "speedAccuracy", kind: .speedAccuracy,
      heldWithin: FixFieldLimits.speedAccuracyMetersPerSecond
    ) { $0.speedAccuracyMetersPerSecond },
    Field(name: "course", kind: .course) { $0.courseDegrees },
    Field(name: "courseAccuracy", kind: .courseAccuracy, heldWithin: FixFieldLimits.courseDegrees) {
      $0.courseAccuracyDegrees
    },
    Field(name: "hdop", kind: .dilution, heldWithin: FixFieldLimits.dilution) {
      $0.receiver.horizontalDilution
    },
    Field(name: "heartRate", kind: .heartRate) { $0.sensors.heartRateBeatsPerMinute },
    Field(name: "power", kind: .power) { $0.sensors.powerWatts },
    Field(name: "temperature", kind: .temperature) { $0.sensors.temperatureCelsius },
  ]

  /// Checks one read: the field is unknown and counted once when refused, kept otherwise.
  private static func check(
    _ fix: Fix?, _ counts: RefusedFieldCounts, field: Field, text: String, refused: Bool?,
    format: String
  ) {
    guard let fix else {
      Issue.record("\(format) \(field.name)=\(text): no fix read")
      return
    }
    let context = Comment(rawValue: "\(format) \(field.name)=\(text)")
    switch refused {
    case true?:
      #expect(field.value(fix) == field.expected(text), context)
      #expect(counts[field.kind] == 1, context)
    case false?:
      #expect(field.value(fix) == 0, context)
      #expect(counts.isEmpty, context)
    case nil:
      #expect(field.value(fix) == nil, context)
      #expect(counts.isEmpty, context)
    }
  }

  @Test func gpxRefusesEveryExtremeValue() throws {
    for field in Self.fields {
      for (text, refused) in Self.extremes {
        let value = "<tracksift:\(field.name)>\(text)</tracksift:\(field.name)>"
        let point =
          switch field.name {
          case "altitude": "<ele>\(text)</ele>"
          case "hdop": "<hdop>\(text)</hdop>"
          case "temperature":
            "<extensions><gpxtpx:TrackPointExtension><gpxtpx:atemp>\(text)</gpxtpx:atemp>"
              + "</gpxtpx:TrackPointExtension></extensions>"
          default: "<extensions><tracksift:values>\(value)</tracksift:values></extensions>"
          }
        let gpx =
          "<gpx version=\"1.1\"><trk><trkseg><trkpt lat=\"1\" lon=\"2\">\(point)</trkpt>"
          + "</trkseg></trk></gpx>"
        let document = try GPXReader.read(data: Data(gpx.utf8))
        Self.check(
          document.tracks.first?.allFixes.first, document.refusedFieldCounts, field: field,
          text: text, refused: refused, format: "GPX")
      }
    }
  }

  @Test func csvRefusesEveryExtremeValue() throws {
    let columns = [
      "altitude": "alt", "horizontalAccuracy": "accuracy", "verticalAccuracy": "vertical_accuracy",
      "speed": "speed", "speedAccuracy": "speed_accuracy", "course": "course",
      "courseAccuracy": "course_accuracy", "hdop": "hdop", "heartRate": "hr", "power": "power",
      "temperature": "temperature",
    ]
    for field in Self.fields {
      let column = try #require(columns[field.name])
      for (text, refused) in Self.extremes {
        let log = try FixCSVReader.readLog(string: "lat,lon,\(column)\n1,2,\(text)\n")
        Self.check(
          log.track.allFixes.first, log.refusedFieldCounts, field: field, text: text,
          refused: refused, format: "CSV")
      }
    }
  }

  @Test func tcxRefusesEveryExtremeValue() throws {
    for field in Self.fields {
      for (text, refused) in Self.extremes {
        let element =
          switch field.name {
          case "altitude": "<AltitudeMeters>\(text)</AltitudeMeters>"
          case "speed": "<Extensions><TPX><Speed>\(text)</Speed></TPX></Extensions>"
          case "heartRate": "<HeartRateBpm><Value>\(text)</Value></HeartRateBpm>"
          case "power": "<Extensions><TPX><Watts>\(text)</Watts></TPX></Extensions>"
          default:
            "<Extensions><tracksift:values><tracksift:\(field.name)>\(text)"
              + "</tracksift:\(field.name)></tracksift:values></Extensions>"
          }
        let tcx =
          "<TrainingCenterDatabase><Activities><Activity Sport=\"Running\"><Lap><Track>"
          + "<Trackpoint><Position><LatitudeDegrees>1</LatitudeDegrees><LongitudeDegrees>2"
          + "</LongitudeDegrees></Position>\(element)</Trackpoint></Track></Lap></Activity>"
          + "</Activities></TrainingCenterDatabase>"
        let document = try TCXReader.read(data: Data(tcx.utf8))
        Self.check(
          document.allFixes.first, document.refusedFieldCounts, field: field, text: text,
          refused: refused, format: "TCX")
      }
    }
  }

  @Test func geoJSONRefusesEveryExtremeValue() throws {
    for field in Self.fields {
      // JSON has no NaN or infinity: the numbers only.
      for (text, refused) in Self.extremes
      where Double(text)?.isFinite == true || text == "99999999999999999999" {
        let json =
          "{\"type\":\"Feature\",\"geometry\":{\"type\":\"LineString\",\"coordinates\":"
          + "[[2,1],[2,1.001]]},\"properties\":{\"tracksift\":{\"\(field.name)\":[\(text),null]}}}"
        let document = try GeoJSONReader.read(string: json)
        Self.check(
          document.track.allFixes.first, document.refusedFieldCounts, field: field, text: text,
          refused: refused, format: "GeoJSON")
      }
    }
  }

  @Test func nmeaRefusesExtremeAltitudesSpeedsCoursesAndDilutions() throws {
    // GGA's altitude and HDOP, RMC's speed (knots) and course: NMEA's numeric fields.
    for (text, refused) in Self.extremes where !text.contains("n") && !text.hasPrefix("-") {
      let log = try NMEAReader.read(
        string: "$GPGGA,120000.00,4807.038,N,01131.000,E,1,08,\(text),\(text),M,0,M,,\n"
          + "$GPRMC,120000.00,A,4807.038,N,01131.000,E,\(text),\(text),230394,,,A\n")
      let fix = try #require(log.track.allFixes.first)
      #expect(fix.altitudeMeters == (refused == true ? nil : 0), "\(text)")
      #expect(fix.speedMetersPerSecond == (refused == true ? nil : 0), "\(text)")
      #expect(fix.courseDegrees == (refused == true ? nil : 0), "\(text)")
      // An HDOP beyond its bound is held there, and so is the accuracy it gives.
      #expect(fix.receiver.horizontalDilution == (refused == true ? 1_000 : 0), "\(text)")
      if refused == true { #expect(fix.horizontalAccuracyMeters == 5_000) }
      #expect(
        log.refusedFieldCounts
          == (refused == true
            ? RefusedFieldCounts([.altitude: 1, .speed: 1, .course: 1, .dilution: 1])
            : RefusedFieldCounts()),
        "\(text)")
    }
  }

  @Test func gnssLoggerRefusesEveryExtremeValue() throws {
    let header =
      "# Fix,Provider,LatitudeDegrees,LongitudeDegrees,AltitudeMeters,SpeedMps,AccuracyMeters,"
      + "BearingDegrees,UnixTimeMillis,SpeedAccuracyMps,BearingAccuracyDegrees,"
      + "VerticalAccuracyMeters\n"
    let columns = [
      "altitude": 0, "speed": 1, "horizontalAccuracy": 2, "course": 3, "speedAccuracy": 5,
      "courseAccuracy": 6, "verticalAccuracy": 7,
    ]
    for field in Self.fields {
      guard let column = columns[field.name] else { continue }
      for (text, refused) in Self.extremes where text != "-0" {
        var values = ["5", "5", "5", "5", "1700000000000", "5", "5", "5"]
        values[column] = text
        let line = "Fix,GPS,1,2," + values.joined(separator: ",") + "\n"
        let log = try GnssLoggerReader.read(
          data: Data((header + line).utf8), options: .init(strict: true))
        let fix = try #require(log.track.allFixes.first, "\(field.name)=\(text)")
        let context = Comment(rawValue: "GnssLogger \(field.name)=\(text)")
        #expect(field.value(fix) == (refused == true ? field.expected(text) : nil), context)
        #expect(log.refusedFieldCounts[field.kind] == (refused == true ? 1 : 0), context)
      }
    }
  }

  @Test func timesOutOfRangeAreRefusedInEveryTextFormat() throws {
    // The year 56301 (epoch milliseconds read as seconds) and 1e19 seconds.
    let gpx = try GPXReader.read(
      data: Data(
        ("<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"><time>56301-01-01T00:00:00Z</time>"
          + "</trkpt></trkseg></trk></gpx>").utf8))
    if let fix = gpx.tracks.first?.allFixes.first {
      #expect(fix.timestamp == nil)
      #expect(gpx.refusedFieldCounts[.time] == 1)
    }
    let csv = try FixCSVReader.readLog(string: "time,lat,lon\n1e19,1,2\n-1e19,1,2\ninf,1,2\n")
    #expect(csv.track.allFixes.allSatisfy { $0.timestamp == nil })
    #expect(csv.refusedFieldCounts == RefusedFieldCounts([.time: 3]))
    let geoJSON = try GeoJSONReader.read(
      string: "{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":[2,1]},"
        + "\"properties\":{\"time\":1e19}}")
    #expect(geoJSON.track.allFixes.first?.timestamp == nil)
    #expect(geoJSON.refusedFieldCounts[.time] == 1)
    let log = try GnssLoggerReader.read(
      data: Data("Fix,GPS,1,2,5,5,5,5,1e22,5,5\n".utf8), options: .init(strict: true))
    #expect(log.track.allFixes.first?.timestamp == nil)
    #expect(log.refusedFieldCounts[.time] == 1)
    // A wrong clock's time stays: the earliest a 32-bit Unix clock holds, 1901-12-13.
    let old = try FixCSVReader.readLog(string: "time,lat,lon\n-2147483648,1,2\n")
    #expect(old.track.allFixes.first?.timestamp == Date(timeIntervalSince1970: -2_147_483_648))
    #expect(old.refusedFieldCounts.isEmpty)
  }

  @Test func fitRefusesTheLargestIntegersItCanHold() throws {
    // Enhanced altitude and speed at their largest valid values: 858,993 km and 4,295 km/s.
    var file = FITTestFile()
    file.define(
      local: 1, global: 20,
      fields: [(253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85), (78, 4, 0x86), (73, 4, 0x86)])
    file.data(
      local: 1,
      le32(1_000_000_000) + le32(signed: 1 << 29) + le32(signed: 1 << 29) + le32(0xFFFF_FFFE)
        + le32(0xFFFF_FFFE))
    let activity = try readFIT(file.bytes())
    let fix = try #require(activity.track.allFixes.first)
    #expect(fix.altitudeMeters == nil)
    #expect(fix.speedMetersPerSecond == nil)
    #expect(fix.timestamp != nil)
    #expect(activity.refusedFieldCounts == RefusedFieldCounts([.altitude: 1, .speed: 1]))
  }

  @Test func deviceTotalsOutOfRangeAreRefused() throws {
    let tcx =
      "<TrainingCenterDatabase><Activities><Activity Sport=\"Running\"><Lap>"
      + "<TotalTimeSeconds>1e20</TotalTimeSeconds><DistanceMeters>-5</DistanceMeters>"
      + "<MaximumSpeed>4</MaximumSpeed><Track><Trackpoint><Position><LatitudeDegrees>1"
      + "</LatitudeDegrees><LongitudeDegrees>2</LongitudeDegrees></Position>"
      + "<DistanceMeters>1e300</DistanceMeters></Trackpoint></Track></Lap></Activity>"
      + "</Activities></TrainingCenterDatabase>"
    let document = try TCXReader.read(data: Data(tcx.utf8))
    let lap = try #require(document.activities.first?.laps.first)
    #expect(lap.totals.timerTimeSeconds == nil)
    #expect(lap.totals.distanceMeters == nil)
    #expect(lap.totals.maximumSpeedMetersPerSecond == 4)
    #expect(document.activities.first?.distancesMeters == [[nil]])
    #expect(document.refusedFieldCounts == RefusedFieldCounts([.deviceTotal: 3]))
  }

  @Test func countsDescribeThemselves() {
    var counts = RefusedFieldCounts()
    #expect(counts.description == "")
    counts.refuse(.time)
    counts.refuse(.altitude)
    counts.refuse(.altitude)
    #expect(counts.total == 3)
    #expect(counts.description == "out-of-range values: 1 time, 2 altitudes")
  }
}
