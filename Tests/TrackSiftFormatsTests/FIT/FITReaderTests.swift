import Foundation
import Testing
import TrackSift

@testable import TrackSiftFormats

/// A timestamp of 2021-09-08T01:46:40Z (seconds since 1989-12-31), a multiple of 32.
private let baseTime: UInt32 = 1_000_000_000
/// 45 degrees in semicircles.
private let fortyFiveDegrees: Int32 = 1 << 29

/// `record` fields: timestamp, latitude, longitude.
private let recordFields: [(UInt8, UInt8, UInt8)] = [(253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85)]

private func record(_ time: UInt32, _ latitude: Int32, _ longitude: Int32) -> [UInt8] {
  le32(time) + le32(signed: latitude) + le32(signed: longitude)
}

/// A file with `count` records one second apart.
private func simpleFile(records count: Int) -> FITTestFile {
  var file = FITTestFile()
  file.define(local: 0, global: 0, fields: [(0, 1, 0x00), (1, 2, 0x84), (2, 2, 0x84)])
  file.data(local: 0, [4] + le16(1) + le16(2_337))
  file.define(local: 1, global: 20, fields: recordFields)
  for index in 0..<count {
    file.data(local: 1, record(baseTime + UInt32(index), fortyFiveDegrees, -fortyFiveDegrees))
  }
  return file
}

@Suite struct FITReaderTests {
  @Test func crcIsTheCRC16OfTheFITProtocol() {
    // 0xBB3D is the catalogued check value of CRC-16/ARC, the FIT CRC, for "123456789".
    let check = Array("123456789".utf8)
    #expect(crc(check) == 0xBB3D)
    check.withUnsafeBytes { buffer in
      #expect(FITCRC.update(0, buffer.baseAddress!, from: 0, count: 9) == 0xBB3D)
    }
    var generator = TestRandom(seed: 7)
    let random = (0..<1_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    random.withUnsafeBytes { buffer in
      for (start, count) in [(0, 1_000), (3, 997), (5, 7), (1, 8), (9, 0), (100, 123)] {
        let expected = crc(Array(random[start..<(start + count)]))
        #expect(FITCRC.update(0, buffer.baseAddress!, from: start, count: count) == expected)
      }
    }
  }

  @Test func readsRecordsFileIDAndPositionsInSemicircles() throws {
    let activity = try readFIT(simpleFile(records: 3).bytes())
    #expect(activity.track.fixCount == 3)
    #expect(activity.recordCount == 3)
    #expect(activity.fileCount == 1)
    #expect(activity.stoppedAt == nil)
    let fix = activity.track.allFixes[0]
    #expect(fix.latitudeDegrees == 45)
    #expect(fix.longitudeDegrees == -45)
    #expect(fix.timestamp == ISO8601DateFormatter().date(from: "2021-09-08T01:46:40Z"))
    #expect(activity.fileID == FITFileID(fileType: 4, manufacturer: 1, product: 2_337))
    #expect(activity.hasRelativeTimestamps == false)
  }

  @Test func twelveByteHeaderAndZeroHeaderCRCAreAccepted() throws {
    let file = simpleFile(records: 2)
    #expect(try readFIT(file.bytes(headerSize: 12)).track.fixCount == 2)
    var bytes = file.bytes()
    bytes[12] = 0
    bytes[13] = 0
    let body = Array(bytes.dropLast(2))
    bytes.replaceSubrange((bytes.count - 2)..., with: le16(crc(body)))
    #expect(try readFIT(bytes).track.fixCount == 2)
  }

  @Test func wrongHeaderCRCIsRefusedAtItsOffset() {
    var bytes = simpleFile(records: 1).bytes()
    bytes[12] ^= 0xFF
    #expect {
      _ = try readFIT(bytes)
    } throws: { error in
      (error as? FITError)?.description.hasPrefix("byte 12: header CRC is 0x") == true
    }
  }

  @Test func wrongFileCRCIsRefusedAndLenientModeKeepsTheRecords() throws {
    var bytes = simpleFile(records: 4).bytes()
    let crcOffset = bytes.count - 2
    bytes[crcOffset] ^= 0x01
    #expect(throws: FITError.self) { try readFIT(bytes) }
    do {
      _ = try readFIT(bytes)
    } catch {
      #expect(error.byteOffset == crcOffset)
      #expect(error.reason.hasPrefix("file CRC is 0x"))
    }
    let lenient = try readFIT(bytes, lenient: true)
    #expect(lenient.track.fixCount == 4)
    #expect(lenient.stoppedAt?.byteOffset == crcOffset)
  }

  @Test func compressedTimestampsRollOverTheLastFullTimestamp() throws {
    var file = FITTestFile()
    file.define(local: 1, global: 20, fields: recordFields)
    let start = baseTime + 30  // low five bits: 30
    file.data(local: 1, record(start, fortyFiveDegrees, 0))
    file.define(local: 2, global: 20, fields: [(0, 4, 0x85), (1, 4, 0x85)])
    file.compressed(local: 2, timeOffset: 31, le32(signed: fortyFiveDegrees) + le32(signed: 1))
    file.compressed(local: 2, timeOffset: 2, le32(signed: fortyFiveDegrees) + le32(signed: 2))
    file.compressed(local: 2, timeOffset: 2, le32(signed: fortyFiveDegrees) + le32(signed: 3))
    let fixes = try readFIT(file.bytes()).track.allFixes
    let seconds = fixes.map { fix in
      fix.timestamp.map { $0.timeIntervalSince(FITDecoder.date(start)) }
    }
    // 30 -> 31 (+1), then 2 after 31 rolls over (+3 more), then 2 again is the same second.
    #expect(seconds == [0, 1, 4, 4])
  }

  @Test func bigEndianDefinitionsReadTheSameValues() throws {
    var little = FITTestFile()
    little.define(local: 3, global: 20, fields: recordFields + [(2, 2, 0x84), (6, 2, 0x84)])
    little.data(
      local: 3, record(baseTime, 123_456_789, -98_765_432) + le16(3_000) + le16(4_500))
    var big = FITTestFile()
    big.define(
      local: 3, global: 20, bigEndian: true, fields: recordFields + [(2, 2, 0x84), (6, 2, 0x84)])
    big.data(
      local: 3,
      be32(baseTime) + be32(signed: 123_456_789) + be32(signed: -98_765_432) + be16(3_000)
        + be16(4_500))
    let a = try #require(try readFIT(little.bytes()).track.allFixes.first)
    let b = try #require(try readFIT(big.bytes()).track.allFixes.first)
    #expect(a == b)
    #expect(abs(a.latitudeDegrees - 123_456_789 * 180 / 2_147_483_648) < 1e-12)
    #expect(a.altitudeMeters == 100)  // 3000 / 5 - 500
    #expect(a.speedMetersPerSecond == 4.5)
  }

  @Test func developerFieldsAreSkippedBySizeAndKeptByName() throws {
    var file = FITTestFile()
    file.define(
      local: 0, global: 206,
      fields: [(0, 1, 0x02), (1, 1, 0x02), (2, 1, 0x02), (3, 12, 0x07), (6, 1, 0x02), (7, 1, 0x01)])
    file.data(local: 0, [0, 8, 0x84] + Array("Form Power\0\0".utf8) + [10, 2])
    file.define(
      local: 1, global: 20, fields: recordFields + [(3, 1, 0x02)],
      developerFields: [(8, 2, 0), (9, 3, 0)])
    // Form Power raw 1234 -> 1234 / 10 - 2; field 9 has no description and is skipped.
    file.data(
      local: 1, record(baseTime, 0, 0) + [150] + le16(1_234) + [0xAA, 0xBB, 0xCC])
    file.data(local: 1, record(baseTime + 1, 0, 0) + [151] + le16(0xFFFF) + [1, 2, 3])
    let activity = try readFIT(file.bytes())
    #expect(activity.track.fixCount == 2)
    #expect(activity.track.allFixes.map(\.sensors.heartRateBeatsPerMinute) == [150, 151])
    #expect(activity.developerFields == ["Form Power": [121.4, nil]])
  }

  @Test(arguments: [
    (FITBaseType.enumeration, UInt64(0xFF), UInt64(3), 3.0),
    (.sint8, 0x7F, 0xFE, -2), (.uint8, 0xFF, 200, 200), (.sint16, 0x7FFF, 0xFFFE, -2),
    (.uint16, 0xFFFF, 65_534, 65_534), (.sint32, 0x7FFF_FFFF, 0xFFFF_FFFE, -2),
    (.uint32, 0xFFFF_FFFF, 7, 7), (.float32, 0xFFFF_FFFF, 0x3FC0_0000, 1.5),
    (.float64, UInt64.max, 0x3FF8_0000_0000_0000, 1.5), (.uint8z, 0, 0xFF, 255),
    (.uint16z, 0, 0xFFFF, 65_535), (.uint32z, 0, 9, 9), (.byte, 0xFF, 0x10, 16),
    (.sint64, 0x7FFF_FFFF_FFFF_FFFF, UInt64.max - 1, -2), (.uint64, UInt64.max, 5, 5),
    (.uint64z, 0, 1, 1),
  ])
  func everyBaseTypeHasItsInvalidValue(
    type: FITBaseType, invalid: UInt64, valid: UInt64, expected: Double
  ) {
    #expect(type.value(raw: invalid) == nil)
    #expect(type.value(raw: valid) == expected)
  }

  @Test func baseTypeSizesAndStrings() {
    #expect(FITBaseType.allCases.count == 17)
    #expect(
      FITBaseType.allCases.map(\.size) == [1, 1, 1, 2, 2, 4, 4, 1, 4, 8, 1, 2, 4, 1, 8, 8, 8])
    #expect(FITBaseType(definitionByte: 0x8C) == .uint32z)
    #expect(FITBaseType(definitionByte: 0x11) == nil)
    #expect(FITBaseType.string.value(raw: 65) == nil)
  }

  @Test func arraysGiveTheirFirstElementAndMisalignedFieldsAreSkipped() throws {
    var file = FITTestFile()
    // Heart rate as a 2-element array; altitude as uint16 of 3 bytes (not whole elements).
    file.define(local: 1, global: 20, fields: recordFields + [(3, 2, 0x02), (2, 3, 0x84)])
    file.data(local: 1, record(baseTime, 0, 0) + [140, 141] + [1, 2, 3])
    file.define(local: 2, global: 20, fields: [(7, 2, 0x84)] + recordFields)
    file.data(local: 2, le16(250) + record(baseTime + 1, 0, 0))
    let fixes = try readFIT(file.bytes()).track.allFixes
    #expect(fixes.count == 2)
    #expect(fixes[0].sensors.heartRateBeatsPerMinute == 140)
    #expect(fixes[0].altitudeMeters == nil)
    #expect(fixes[1].sensors.powerWatts == 250)
  }

  @Test func timerStopThenStartBeginsANewSegment() throws {
    var file = FITTestFile()
    file.define(local: 1, global: 20, fields: recordFields)
    file.define(local: 2, global: 21, fields: [(253, 4, 0x86), (0, 1, 0x00), (1, 1, 0x00)])
    file.data(local: 2, le32(baseTime) + [0, 0])  // timer start
    file.data(local: 1, record(baseTime, 0, 0))
    file.data(local: 1, record(baseTime + 1, 0, 0))
    file.data(local: 2, le32(baseTime + 2) + [0, 1])  // timer stop
    file.data(local: 2, le32(baseTime + 9) + [3, 0])  // another event's start: no effect
    file.data(local: 1, record(baseTime + 3, 0, 0))
    file.data(local: 2, le32(baseTime + 10) + [0, 0])  // timer start
    file.data(local: 1, record(baseTime + 10, 0, 0))
    let segments = try readFIT(file.bytes()).track.segments
    #expect(segments.map(\.fixes.count) == [3, 1])
  }

  @Test func recordsWithoutPositionAreCountedNotTurnedIntoFixes() throws {
    var file = simpleFile(records: 2)
    file.data(local: 1, record(baseTime + 5, 0x7FFF_FFFF, 0x7FFF_FFFF))
    file.define(local: 2, global: 20, fields: [(253, 4, 0x86), (3, 1, 0x02)])
    file.data(local: 2, le32(baseTime + 6) + [120])
    let activity = try readFIT(file.bytes())
    #expect(activity.recordCount == 4)
    #expect(activity.recordsWithoutPosition == 2)
    #expect(activity.track.fixCount == 2)
  }

  @Test func chainedFilesAreAllReadEachAsASegment() throws {
    let one = simpleFile(records: 2).bytes()
    let two = simpleFile(records: 3).bytes(headerSize: 12)
    let activity = try readFIT(one + two)
    #expect(activity.fileCount == 2)
    #expect(activity.track.segments.map(\.fixes.count) == [2, 3])
  }

  @Test func relativeTimestampsAreFlagged() throws {
    var file = FITTestFile()
    file.define(local: 1, global: 20, fields: recordFields)
    file.data(local: 1, record(2, 0, 0))
    let activity = try readFIT(file.bytes())
    #expect(activity.hasRelativeTimestamps)
    #expect(activity.track.allFixes[0].timestamp == FITDecoder.date(2))
  }

  @Test func sessionAndLapBecomeDeviceTotals() throws {
    var file = FITTestFile()
    file.define(
      local: 0, global: 18,
      fields: [
        (2, 4, 0x86), (5, 1, 0x00), (7, 4, 0x86), (8, 4, 0x86), (9, 4, 0x86), (11, 2, 0x84),
        (14, 2, 0x84), (124, 4, 0x86), (15, 2, 0x84), (16, 1, 0x02), (17, 1, 0x02),
        (22, 2, 0x84), (23, 2, 0x84),
      ])
    file.data(
      local: 0,
      le32(baseTime) + [1] + le32(3_600_500) + le32(3_500_000) + le32(1_000_012) + le16(700)
        + le16(2_500) + le32(2_778) + le16(5_000) + [140, 180] + le16(120) + le16(0xFFFF))
    file.define(local: 1, global: 19, fields: [(9, 4, 0x86), (13, 2, 0x84), (25, 1, 0x00)])
    file.data(local: 1, le32(100_000) + le16(3_000) + [2])
    let activity = try readFIT(file.bytes())
    #expect(
      activity.sessions == [
        DeviceTotals(
          startTime: FITDecoder.date(baseTime), sport: "running", distanceMeters: 10_000.12,
          timerTimeSeconds: 3_500, elapsedTimeSeconds: 3_600.5, ascentMeters: 120,
          descentMeters: nil, averageSpeedMetersPerSecond: 2.778, maximumSpeedMetersPerSecond: 5,
          averageHeartRateBeatsPerMinute: 140, maximumHeartRateBeatsPerMinute: 180,
          kilocalories: 700)
      ])
    #expect(
      activity.laps == [
        DeviceTotals(sport: "cycling", distanceMeters: 1_000, averageSpeedMetersPerSecond: 3)
      ])
  }

  @Test func dataForAnUndefinedLocalTypeIsRefusedWithItsOffset() throws {
    var file = simpleFile(records: 2)
    file.data(local: 5, [1, 2, 3])
    file.data(local: 1, record(baseTime + 9, 0, 0))
    let bytes = file.bytes()
    let offset = 14 + file.records.count - 4 - 12 - 1
    #expect {
      _ = try readFIT(bytes)
    } throws: { error in
      (error as? FITError)?.description
        == "byte \(offset): data message for undefined local type 5"
    }
    let lenient = try readFIT(bytes, lenient: true)
    #expect(lenient.track.fixCount == 2)
    #expect(lenient.stoppedAt?.byteOffset == offset)
  }

  @Test func absurdDeclaredSizesAreCheckedNotAllocated() throws {
    // A header declaring 4 GB of data.
    let huge = simpleFile(records: 2).bytes(declaredDataSize: 0xFFFF_FFF0)
    #expect {
      _ = try readFIT(huge)
    } throws: { error in
      (error as? FITError)?.byteOffset == huge.count
    }
    let lenient = try readFIT(huge, lenient: true)
    #expect(lenient.track.fixCount == 2)
    #expect(lenient.stoppedAt != nil)
    // A definition of 255 fields of 255 bytes, and a data message that claims it.
    var file = simpleFile(records: 1)
    file.define(local: 4, global: 20, fields: Array(repeating: (0, 255, 0x0D), count: 255))
    let messageOffset = 14 + file.records.count
    file.data(local: 4, [1, 2, 3])
    #expect {
      _ = try readFIT(file.bytes())
    } throws: { error in
      (error as? FITError)?.description
        == "byte \(messageOffset): a message of 65025 bytes runs past the end of the data at byte"
        + " \(14 + file.records.count)"
    }
    // A definition cut off by the end of the data.
    var cut = simpleFile(records: 1)
    cut.records += [0x40, 0, 0, 20, 0, 200, 1, 2]
    #expect(throws: FITError.self) { try readFIT(cut.bytes()) }
  }

  @Test func notFITAndEmptyInputAreRefused() {
    #expect {
      _ = try readFIT([])
    } throws: { error in
      (error as? FITError)?.description == "byte 0: empty file: no FIT header"
    }
    let text = Array("<?xml version=\"1.0\"?><gpx></gpx>".utf8)
    #expect {
      _ = try readFIT(text)
    } throws: { error in
      (error as? FITError)?.description == "byte 0: not a FIT file header (no .FIT signature)"
    }
    #expect(FITError(reason: "cannot read x", byteOffset: nil).description == "cannot read x")
  }

  @Test func truncationAtEveryByteNeverCrashesAndLenientGivesAPrefix() throws {
    var file = simpleFile(records: 6)
    file.define(local: 2, global: 21, fields: [(253, 4, 0x86), (0, 1, 0x00), (1, 1, 0x00)])
    file.data(local: 2, le32(baseTime + 9) + [0, 4])
    let bytes = file.bytes()
    let full = try readFIT(bytes).track.allFixes
    var previous = 0
    for length in 0..<bytes.count {
      let prefix = Array(bytes.prefix(length))
      #expect(throws: FITError.self) { try readFIT(prefix) }
      let lenient = try readFIT(prefix, lenient: true)
      #expect(lenient.stoppedAt != nil, "length \(length)")
      let fixes = lenient.track.allFixes
      #expect(fixes == Array(full.prefix(fixes.count)), "length \(length)")
      #expect(fixes.count >= previous)
      previous = fixes.count
    }
    #expect(previous == full.count)
  }

  @Test func randomBitFlipsNeverCrash() {
    let bytes = simpleFile(records: 20).bytes()
    var generator = TestRandom(seed: 42)
    for _ in 0..<3_000 {
      var damaged = bytes
      for _ in 0..<(1 + Int(generator.next() % 4)) {
        let index = Int(generator.next() % UInt64(damaged.count))
        damaged[index] ^= UInt8(1 << (generator.next() % 8))
      }
      _ = try? readFIT(damaged)
      _ = try? readFIT(damaged, lenient: true)
    }
  }

  @Test func dataBytesAndFileGiveTheSameActivity() throws {
    let bytes = simpleFile(records: 5).bytes()
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("tracksift-fit-\(UUID().uuidString).fit")
    try Data(bytes).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let fromFile = try FITReader.read(contentsOf: url)
    let fromData = try FITReader.read(data: Data(bytes))
    #expect(fromFile.track == fromData.track)
    #expect(try readFIT(bytes).track == fromData.track)
    #expect {
      _ = try FITReader.read(contentsOf: url.appendingPathExtension("missing"))
    } throws: { error in
      (error as? FITError)?.byteOffset == nil
    }
  }
}
