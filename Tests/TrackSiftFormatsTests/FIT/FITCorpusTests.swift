import Foundation
import Testing
import TrackSift
import TrackSiftTestSupport

@testable import TrackSiftFormats

/// What reading a shared FIT file must give.
private struct FITOutcome: Sendable, CustomTestStringConvertible {
  /// The path under `../shared/data`.
  var path: String
  /// Fixes (records with a position) and all records; for a refused file, what lenient mode
  /// reads before the damage.
  var fixes: Int
  var records: Int
  /// The strict refusal's description, `nil` for a file that reads.
  var refusal: String?
  /// Where lenient mode stops, for a refused file.
  var lenientStop: Int?

  var testDescription: String { path }
}

private func reads(_ path: String, fixes: Int, records: Int) -> FITOutcome {
  FITOutcome(path: path, fixes: fixes, records: records)
}

private func refused(
  _ path: String, _ refusal: String, lenientStop: Int, fixes: Int, records: Int
) -> FITOutcome {
  FITOutcome(
    path: path, fixes: fixes, records: records, refusal: refusal, lenientStop: lenientStop)
}

/// Every FIT file of the shared data. Fix counts agree with the `gps_points` of each folder's
/// SOURCE.txt inventory; the refused files are the ones SOURCE.txt names as broken.
private let fitOutcomes: [FITOutcome] = [
  reads("corpus/fit/activities/2013-02-06-12-11-14.fit", fixes: 583, records: 590),
  reads("corpus/fit/activities/2015-10-13-08-43-15.fit", fixes: 221, records: 221),
  reads(
    "corpus/fit/activities/2019-02-17-062644-ELEMNT-297E-195-0.fit", fixes: 13_348,
    records: 13_471),
  reads(
    "corpus/fit/activities/Edge810-Vector-2013-08-16-15-35-10.fit", fixes: 4_700, records: 4_700),
  reads(
    "corpus/fit/activities/activity-large-fenxi2-multisport.fit", fixes: 24_235, records: 24_239),
  reads("corpus/fit/activities/activity-small-fenix2-run.fit", fixes: 2_809, records: 2_809),
  reads(
    "corpus/fit/activities/coros-pace-2-cycling-misaligned-fields.fit", fixes: 10_305,
    records: 11_272),
  reads("corpus/fit/activities/developer-types-sample.fit", fixes: 3_424, records: 3_424),
  reads(
    "corpus/fit/activities/elemnt-bolt-no-application-id-inside-developer-data-id.fit",
    fixes: 131, records: 132),
  reads("corpus/fit/activities/garmin-edge-500-activity.fit", fixes: 10_677, records: 10_686),
  reads("corpus/fit/activities/garmin-edge-820-bike.fit", fixes: 15, records: 15),
  reads("corpus/fit/activities/garmin-fenix-5-bike.fit", fixes: 19, records: 19),
  reads("corpus/fit/activities/garmin-fenix-5-run.fit", fixes: 21, records: 21),
  reads("corpus/fit/activities/garmin-fenix-5-walk.fit", fixes: 17, records: 17),
  reads("corpus/fit/activities/null_compressed_speed_dist.fit", fixes: 1_808, records: 1_808),
  reads("corpus/fit/activities/sample-activity.fit", fixes: 2_965, records: 3_098),
  reads("corpus/fit/edge-cases/20170518-191602-1740899583.fit", fixes: 0, records: 1_641),
  reads("corpus/fit/edge-cases/Activity.fit", fixes: 14, records: 14),
  refused(
    "corpus/fit/edge-cases/activity-activity-filecrc.fit",
    "byte 1540: file CRC is 0xB1D5, the bytes give 0xA1D5", lenientStop: 1_540, fixes: 28,
    records: 28),
  refused(
    "corpus/fit/edge-cases/activity-settings-corruptheader.fit",
    "byte 771: not a FIT file header (no .FIT signature)", lenientStop: 771, fixes: 14,
    records: 14),
  refused(
    "corpus/fit/edge-cases/activity-settings-nodata.fit",
    "byte 786: the file ends 65 bytes before the end of the data its header declares"
      + " (68 bytes from byte 783)", lenientStop: 783, fixes: 14, records: 14),
  refused(
    "corpus/fit/edge-cases/activity-unexpected-eof.fit",
    "byte 768: the file ends 1 byte before the end of the data its header declares"
      + " (757 bytes from byte 12)", lenientStop: 751, fixes: 14, records: 14),
  reads("corpus/fit/edge-cases/compressed-speed-distance.fit", fixes: 0, records: 755),
  reads("corpus/fit/edge-cases/event_timestamp.fit", fixes: 0, records: 4_376),
  reads("corpus/fit/edge-cases/garmin-fr935-cr.fit", fixes: 0, records: 7_515),
  refused(
    "corpus/fit/edge-cases/nick.fit", "byte 403454: file CRC is 0x0040, the bytes give 0x1AD2",
    lenientStop: 403_437, fixes: 14_391, records: 14_391),
  reads("corpus/fit/edge-cases/sample-activity-indoor-trainer.fit", fixes: 0, records: 2_263),
  reads("corpus/fit/edge-cases/sample_mulitple_header.fit", fixes: 1_462, records: 1_773),
  refused(
    "corpus/fit/edge-cases/strava-android-app-201.10-b1218918.fit",
    "byte 78233: the file ends 17 bytes before the end of the data its header declares"
      + " (78236 bytes from byte 14)", lenientStop: 7_471, fixes: 237, records: 473),
  reads("corpus/gpsbabel/fit/fit-sample.fit", fixes: 533, records: 540),
  reads("corpus/gpsbabel/fit/garmin-edge-200-output.fit", fixes: 22, records: 22),
  reads("corpus/gpsbabel/fit/garmin-edge-800.fit", fixes: 1_286, records: 1_286),
  reads("corpus/gpsbabel/fit/garmin-forerunner-10.fit", fixes: 514, records: 514),
  reads("corpus/gpsbabel/fit/garmin-oregon-700.fit", fixes: 997, records: 999),
  reads("corpus/gpsbabel/fit/garmin-virb-ultra-30.fit", fixes: 145, records: 210),
  reads("corpus/gpsbabel/fit/garmin-vivosmart-hr.fit", fixes: 0, records: 15),
  // The wrong-endian Lezyne writer: damaged bytes after the activity message (byte 22182 on).
  refused(
    "corpus/gpsbabel/fit/lezyne_super_gps-garmin_fit-sample-bad-endian.fit",
    "byte 48409: file CRC is 0xE441, the bytes give 0x63D6", lenientStop: 22_225, fixes: 804,
    records: 804),
  reads("corpus/gpsbabel/fit/wahoo-element-bolt.fit", fixes: 1_101, records: 1_101),
  reads("devices/10k-race-fr15/10kUNLP2014-Garmin15.fit", fixes: 686, records: 686),
  reads("devices/same-activity_2067489619_run/2067489619.fit", fixes: 502, records: 503),
  reads("devices/same-activity_3939576645_ride/3939576645.fit", fixes: 2_547, records: 2_547),
  reads(
    "devices/same-activity_6860622783_treadmill-run/6860622783.fit", fixes: 0, records: 3_101),
  reads(
    "paired/pair-same-wrist_2024-08-27_Abbotsbury/2024-08-27 Abbotsbury Hike - Mike COROS.fit",
    fixes: 4_775, records: 6_671),
  reads(
    "paired/pair-same-wrist_2024-08-27_Abbotsbury/2024-08-27 Abbotsbury Hike - Mike Garmin.fit",
    fixes: 6_674, records: 6_674),
  reads(
    "paired/pair-two-walkers_2024-06-04/2024-06-04, Polzeath to Rock - Jo.fit", fixes: 7_305,
    records: 9_037),
  reads(
    "paired/pair-two-walkers_2024-06-04/2024-06-04, Polzeath to Rock - Mike.fit", fixes: 7_287,
    records: 9_024),
]

private func sharedURL(_ path: String) throws -> URL {
  try #require(sharedDataDirectory).appendingPathComponent(path)
}

@Suite(.enabled(if: sharedDataPresent, "../shared is absent: FIT corpus tests skipped"))
struct FITCorpusTests {
  @Test func theTableListsEverySharedFITFile() throws {
    let root = try #require(sharedDataDirectory)
    var found: [String] = []
    for folder in ["corpus/fit", "corpus/gpsbabel/fit", "devices", "paired"] {
      let enumerator = FileManager.default.enumerator(
        atPath: root.appendingPathComponent(folder).path)
      while let path = enumerator?.nextObject() as? String {
        if path.hasSuffix(".fit") { found.append(folder + "/" + path) }
      }
    }
    #expect(found.sorted() == fitOutcomes.map(\.path).sorted())
  }

  @Test(arguments: fitOutcomes)
  fileprivate func readsOrRefuses(_ outcome: FITOutcome) throws {
    let url = try sharedURL(outcome.path)
    let lenient = try FITReader.read(contentsOf: url, options: .init(lenient: true))
    #expect(lenient.track.fixCount == outcome.fixes)
    #expect(lenient.recordCount == outcome.records)
    #expect(lenient.recordsWithoutPosition == outcome.records - outcome.fixes)
    #expect(lenient.fixDistancesMeters.count == outcome.fixes)
    #expect(lenient.stoppedAt?.byteOffset == outcome.lenientStop)
    do {
      let activity = try FITReader.read(contentsOf: url)
      #expect(outcome.refusal == nil, "read, but listed as refused")
      #expect(activity.track == lenient.track)
    } catch {
      #expect(error.description == outcome.refusal)
    }
  }

  @Test func sameActivityAsFITAndGPXHasTheSameFixes() throws {
    let fit = try FITReader.read(
      contentsOf: sharedURL("devices/same-activity_2067489619_run/2067489619.fit"))
    let gpx = try GPXReader.read(
      contentsOf: sharedURL("devices/same-activity_2067489619_run/2067489619.gpx"))
    let fitFixes = fit.track.allFixes
    let gpxFixes = gpx.tracks.flatMap(\.allFixes)
    #expect(fitFixes.count == 502)
    #expect(gpxFixes.count == fitFixes.count)
    for (a, b) in zip(fitFixes, gpxFixes) {
      #expect(a.timestamp == b.timestamp)
      #expect(abs(a.latitudeDegrees - b.latitudeDegrees) < 1e-6)
      #expect(abs(a.longitudeDegrees - b.longitudeDegrees) < 1e-6)
    }
    // The first record, as fitdecode 0.10 decodes it.
    #expect(fitFixes[0].latitudeDegrees == 539_374_843.0 * 180 / 2_147_483_648)
    #expect(abs(fitFixes[0].altitudeMeters! - 236.8) < 1e-9)
    #expect(fitFixes[0].speedMetersPerSecond == 0.075)
    #expect(fitFixes[0].sensors.heartRateBeatsPerMinute == 127)
    #expect(fit.fixDistancesMeters.first == 0)
  }

  @Test func sessionAndLapTotalsAreReadExactly() throws {
    let fit = try FITReader.read(
      contentsOf: sharedURL("devices/same-activity_2067489619_run/2067489619.fit"))
    // Values checked with fitdecode 0.10 (session and laps of the file).
    let start = try #require(ISO8601DateFormatter().date(from: "2017-10-08T14:54:11Z"))
    #expect(
      fit.sessions == [
        DeviceTotals(
          startTime: start, sport: "running", distanceMeters: 4_489.39,
          timerTimeSeconds: 2_820.172, elapsedTimeSeconds: 2_824.407, ascentMeters: 33,
          descentMeters: 33, averageSpeedMetersPerSecond: 1.592,
          maximumSpeedMetersPerSecond: 2.893, averageHeartRateBeatsPerMinute: 130,
          maximumHeartRateBeatsPerMinute: 179, kilocalories: 358)
      ])
    #expect(fit.laps.map(\.distanceMeters) == [1_609.34, 1_609.34, 1_270.71])
    #expect(fit.laps.map(\.timerTimeSeconds) == [851.54, 1_171.805, 796.827])
    #expect(fit.laps.map(\.maximumHeartRateBeatsPerMinute) == [156, 170, 179])
    #expect(fit.fileID?.manufacturer == 1)
    #expect(fit.fileID?.product == 2_337)
    #expect(fit.fileID?.serialNumber == 3_942_120_582)
    #expect(fit.fileID?.fileType == 4)
    #expect(fit.devices.first?.serialNumber == 3_942_120_582)
    #expect(fit.devices.first?.softwareVersion == 4)
  }

  @Test func developerFieldsOfAStrydRunByName() throws {
    let fit = try FITReader.read(
      contentsOf: sharedURL("corpus/fit/activities/developer-types-sample.fit"))
    // Record 100, as fitdecode 0.10 decodes it.
    #expect(fit.developerFields["Form Power"]?[99] == 97)
    #expect(fit.developerFields["Distance"]?[99] == 430)
    #expect(fit.developerFields["Speed"]?[99] == 1.81640625)
    let stiffness = try #require(fit.developerFields["Leg Spring Stiffness"]?[99] ?? nil)
    #expect(abs(stiffness - 14.202652931213379) < 1e-9)
    #expect(fit.developerFields.values.allSatisfy { $0.count == 3_424 })
  }

  @Test func truncationAndBitFlipsOfARealFileNeverCrash() throws {
    let bytes = try [UInt8](Data(contentsOf: sharedURL("corpus/fit/edge-cases/Activity.fit")))
    let full = try readFIT(bytes)
    #expect(full.track.fixCount == 14)
    for length in 0..<bytes.count {
      let prefix = Array(bytes.prefix(length))
      #expect(throws: FITError.self) { try readFIT(prefix) }
      let lenient = try readFIT(prefix, lenient: true)
      #expect(lenient.stoppedAt != nil)
      let fixes = lenient.track.allFixes
      #expect(fixes == Array(full.track.allFixes.prefix(fixes.count)), "length \(length)")
    }
    var generator = TestRandom(seed: 9)
    for _ in 0..<2_000 {
      var damaged = bytes
      let index = Int(generator.next() % UInt64(bytes.count))
      damaged[index] ^= UInt8(1 << (generator.next() % 8))
      // The CRC catches every single-bit flip.
      #expect(throws: FITError.self) { try readFIT(damaged) }
      _ = try readFIT(damaged, lenient: true)
    }
  }

  @Test func multisportChainedAndRelativeFiles() throws {
    let multisport = try FITReader.read(
      contentsOf: sharedURL("corpus/fit/activities/activity-large-fenxi2-multisport.fit"))
    #expect(multisport.sessions.count == 7)
    let chained = try FITReader.read(
      contentsOf: sharedURL("corpus/fit/edge-cases/sample_mulitple_header.fit"))
    #expect(chained.fileCount == 4)
    #expect(
      chained.sessions.map(\.distanceMeters) == [1_644.71, 141.7, 40_909.42, 31.93, 9_805.92])
    let virb = try FITReader.read(
      contentsOf: sharedURL("corpus/gpsbabel/fit/garmin-virb-ultra-30.fit"))
    #expect(virb.hasRelativeTimestamps)
    #expect(virb.sessions.first?.distanceMeters == 1_702.06)
    let treadmill = try FITReader.read(
      contentsOf: sharedURL("devices/same-activity_6860622783_treadmill-run/6860622783.fit"))
    #expect(treadmill.track.segments.isEmpty)
    #expect(treadmill.sessions.first?.distanceMeters == 10_630.37)
  }
}
