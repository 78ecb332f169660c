import Foundation
import Testing
import TrackSift

@testable import TrackSiftFormats

/// 2024-05-01T07:00:00Z in seconds since 2001-01-01.
private let startSeconds = 736_239_600.0

/// A fix `index` seconds after the start, with every value the writer writes.
private func fullFix(_ index: Int, generator: inout TestRandom) -> Fix {
  func unit() -> Double { Double(generator.next() % 1_000_000) / 1_000_000 }
  return Fix(
    timestamp: Date(timeIntervalSinceReferenceDate: startSeconds + Double(index)),
    latitudeDegrees: 47.376_9 + Double(index) * 2.7e-5 + unit() * 1e-6,
    longitudeDegrees: 8.541_7 + unit() * 1e-4,
    altitudeMeters: 408 + unit() * 30, horizontalAccuracyMeters: 4,
    speedMetersPerSecond: 2.5 + unit(),
    sensors: SensorValues(
      heartRateBeatsPerMinute: Double(120 + index % 40), cadencePerMinute: Double(80 + index % 9),
      powerWatts: Double(200 + index % 50), temperatureCelsius: Double(18 + index % 5)))
}

/// Two segments of 60 fixes, a pause of 30 s between them.
private func twoSegmentTrack() -> Track {
  var generator = TestRandom(seed: 11)
  let first = (0..<60).map { fullFix($0, generator: &generator) }
  let second = (90..<150).map { fullFix($0, generator: &generator) }
  return Track(segments: [Segment(fixes: first), Segment(fixes: second)])
}

@Suite struct FITWriterTests {
  @Test func fixesReadBackAtTheResolutionOfFIT() throws {
    let track = twoSegmentTrack()
    let read = try FITReader.read(data: FITWriter.data(from: track, sport: "running"))
    #expect(read.track.segments.map(\.fixes.count) == [60, 60])
    #expect(read.recordCount == 120 && read.recordsWithoutPosition == 0)
    for (written, back) in zip(track.allFixes, read.track.allFixes) {
      #expect(abs(back.latitudeDegrees - written.latitudeDegrees) < 1e-7)
      #expect(abs(back.longitudeDegrees - written.longitudeDegrees) < 1e-7)
      #expect(back.timestamp == written.timestamp)
      // 0.2 m and 1 mm/s of resolution: half of each, and a little for the doubles.
      #expect(abs(try #require(back.altitudeMeters) - written.altitudeMeters!) <= 0.1 + 1e-9)
      #expect(
        abs(try #require(back.speedMetersPerSecond) - written.speedMetersPerSecond!) <= 5e-4
          + 1e-9)
      #expect(back.sensors == written.sensors)
      #expect(back.horizontalAccuracyMeters == 4)
    }
    let distances = read.fixDistancesMeters.compactMap { $0 }
    #expect(distances.count == 120)
    #expect(zip(distances, distances.dropFirst()).allSatisfy { $0 <= $1 })
    #expect(abs(distances.last! - track.pathLengthMeters) <= 0.005)
  }

  @Test func theSessionsTotalsReadBackAsTheDevicesTotals() throws {
    let track = twoSegmentTrack()
    let file = try ActivityFile.read(
      data: FITWriter.data(from: track, sport: "Running"), name: "run.fit", strict: true)
    #expect(file.format == .fit)
    #expect(file.track.segments.map(\.fixes.count) == [60, 60])
    let totals = try #require(file.deviceTotals)
    #expect(totals.sport == "running")
    #expect(totals.startTime == Date(timeIntervalSinceReferenceDate: startSeconds))
    #expect(totals.elapsedTimeSeconds == 149)
    #expect(totals.timerTimeSeconds == 118)
    #expect(abs(try #require(totals.distanceMeters) - track.pathLengthMeters) <= 0.005)
    let average = track.pathLengthMeters / 118
    #expect(abs(try #require(totals.averageSpeedMetersPerSecond) - average) <= 5e-4)
    #expect(totals.maximumHeartRateBeatsPerMinute == 159)
    let activity = try FITReader.read(data: FITWriter.data(from: track))
    #expect(activity.laps.count == 1 && activity.sessions.count == 1)
    #expect(activity.laps[0].distanceMeters == activity.sessions[0].distanceMeters)
    #expect(activity.sessions[0].sport == nil)
    #expect(activity.fileID?.fileType == 4 && activity.fileID?.manufacturer == 255)
    #expect(activity.fileID?.timeCreated == Date(timeIntervalSinceReferenceDate: startSeconds))
  }

  @Test func givenTotalsAreWrittenInsteadOfComputedOnes() throws {
    let totals = DeviceTotals(
      startTime: Date(timeIntervalSinceReferenceDate: startSeconds), sport: "cycling",
      distanceMeters: 12_345.67, timerTimeSeconds: 3_600.5, elapsedTimeSeconds: 3_700,
      ascentMeters: 120, descentMeters: 118, averageSpeedMetersPerSecond: 3.429,
      maximumSpeedMetersPerSecond: 9.876, averageHeartRateBeatsPerMinute: 141,
      maximumHeartRateBeatsPerMinute: 178, kilocalories: 812)
    let read = try FITReader.read(
      data: FITWriter.data(from: twoSegmentTrack(), totals: totals))
    #expect(read.sessions == [totals])
    var lap = totals
    lap.sport = "cycling"
    #expect(read.laps == [lap])
    let unknown = try FITReader.read(data: FITWriter.data(from: Track(), sport: "quidditch"))
    #expect(unknown.sessions.first?.sport == nil)
  }

  @Test func bothCRCsAreValid() throws {
    let bytes = [UInt8](FITWriter.data(from: twoSegmentTrack()))
    #expect(bytes[0] == 14 && bytes[1] == 0x20 && Array(bytes[8..<12]) == Array(".FIT".utf8))
    let dataSize = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
    #expect(dataSize == bytes.count - 16)
    // The test's own CRC, written nibble by nibble from the protocol's description.
    #expect(le16(crc(Array(bytes[0..<12]))) == Array(bytes[12..<14]))
    #expect(le16(crc(Array(bytes.dropLast(2)))) == Array(bytes.suffix(2)))
    #expect(crc(bytes) == 0)
    #expect(try readFIT(bytes).stoppedAt == nil)
  }

  @Test func anEmptyTrackGivesAFileWithTotalsButNoRecord() throws {
    let data = FITWriter.data(from: Track(segments: [Segment(fixes: [])]), sport: "walking")
    let read = try FITReader.read(data: data)
    #expect(read.track.fixCount == 0 && read.recordCount == 0)
    #expect(read.sessions.count == 1 && read.sessions[0].sport == "walking")
    #expect(read.sessions[0].distanceMeters == 0)
    #expect(throws: ActivityFileError.self) {
      try ActivityFile.read(data: data, name: "empty.fit")
    }
    let file = try ActivityFile.read(data: data, name: "empty.fit", allowingNoPositions: true)
    #expect(file.track.fixCount == 0 && file.deviceTotals?.distanceMeters == 0)
  }

  @Test func valuesThatAreMissingOrDoNotFitReadBackAsAbsent() throws {
    let time = Date(timeIntervalSinceReferenceDate: startSeconds)
    let track = Track(segments: [
      Segment(fixes: [
        Fix(
          timestamp: time, latitudeDegrees: 47.5, longitudeDegrees: 180, altitudeMeters: 12,
          horizontalAccuracyMeters: 1_414),
        Fix(
          latitudeDegrees: 47.5, longitudeDegrees: 8.5, altitudeMeters: 0,
          verticalAccuracyMeters: -1, speedMetersPerSecond: -1),
        Fix(timestamp: time + 2, latitudeDegrees: .nan, longitudeDegrees: 8.5),
        Fix(
          timestamp: Date(timeIntervalSince1970: 0), latitudeDegrees: -47.5,
          longitudeDegrees: -8.5, sensors: SensorValues(heartRateBeatsPerMinute: 300)),
      ])
    ])
    let read = try FITReader.read(data: FITWriter.data(from: track))
    #expect(read.recordCount == 4 && read.recordsWithoutPosition == 1)
    let fixes = read.track.allFixes
    #expect(fixes.count == 3)
    // +180 degrees is past the largest semicircle value: it is written as -180.
    #expect(fixes[0].longitudeDegrees == -180 && fixes[0].timestamp == time)
    #expect(fixes[0].altitudeMeters == 12)
    // An accuracy past the byte is saturated, not dropped: it stays a bad one.
    #expect(fixes[0].horizontalAccuracyMeters == 254)
    #expect(fixes[1].timestamp == nil && fixes[1].speedMetersPerSecond == nil)
    // A vertical accuracy of -1 marks the altitude invalid: it is left out.
    #expect(fixes[1].altitudeMeters == nil)
    // 1970 is before the FIT epoch; 300 bpm is past a heart rate's byte.
    #expect(fixes[2].timestamp == nil && fixes[2].sensors.heartRateBeatsPerMinute == nil)
    #expect(abs(fixes[2].latitudeDegrees + 47.5) < 1e-7)
  }

  @Test func aTrackWithoutSensorsWritesNoSensorField() throws {
    let fixes = (0..<10).map {
      Fix(
        timestamp: Date(timeIntervalSinceReferenceDate: startSeconds + Double($0)),
        latitudeDegrees: 10, longitudeDegrees: Double($0) * 1e-4)
    }
    let track = Track(segments: [Segment(fixes: fixes)])
    #expect(FITRecordEncoding(track: track).fields.map(\.number) == [253, 0, 1, 5])
    let read = try FITReader.read(data: FITWriter.data(from: track))
    #expect(read.track.allFixes.allSatisfy { $0.sensors == SensorValues() })
    #expect(read.track.allFixes.allSatisfy { $0.altitudeMeters == nil })
  }

  @Test func aFileThatCannotBeWrittenGivesAFITErrorNamingIt() throws {
    let url = URL(fileURLWithPath: "/nonexistent-folder-\(UUID().uuidString)/run.fit")
    let error = try #require(throws: FITError.self) {
      try FITWriter.write(twoSegmentTrack(), to: url)
    }
    #expect(error.description.hasPrefix("cannot write \(url.path): "), "\(error)")
    #expect(error.byteOffset == nil)
  }

  @Test(arguments: FITBaseType.allCases)
  func theInvalidValueOfEachTypeReadsAsAbsent(type: FITBaseType) {
    #expect(type.value(raw: type.invalidRawValue) == nil)
    #expect(type.raw(encoding: .nan) == nil)
  }

  @Test func integersEncodeWithinTheirTypesValidValues() {
    #expect(FITBaseType.uint8.raw(encoding: 254) == 254)
    #expect(FITBaseType.uint8.raw(encoding: 255) == nil)
    #expect(FITBaseType.uint8.raw(encoding: -1) == nil)
    #expect(FITBaseType.uint8z.raw(encoding: 0) == nil)
    #expect(FITBaseType.sint8.raw(encoding: -3) == 0xFD)
    #expect(FITBaseType.sint32.raw(encoding: -2_147_483_648) == 0x8000_0000)
    #expect(FITBaseType.sint32.raw(encoding: 2_147_483_647) == nil)
    #expect(FITBaseType.uint16.raw(encoding: 12.5) == 13)
    #expect(FITBaseType.float32.raw(encoding: 1) == nil)
    #expect(
      FITBaseType.uint32.definitionByte == 0x86 && FITBaseType.enumeration.definitionByte == 0)
  }
}
