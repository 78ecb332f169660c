import Foundation
import Testing
import TrackSift
import TrackSiftFormats
import TrackSiftTestSupport

/// `FITActivity.odometerMetersAtZeroSpeed` and TCX's: the odometer's steps that end at a
/// record whose own speed reads 0.
struct ZeroSpeedOdometerTests {
  private func activity(
    speeds: [Double?], distances: [Double?], segmentSizes: [Int]? = nil
  ) -> FITActivity {
    let fixes = speeds.enumerated().map { index, speed in
      Fix(
        timestamp: Date(timeIntervalSinceReferenceDate: Double(index)),
        latitudeDegrees: 50, longitudeDegrees: -2 + Double(index) * 1e-4,
        speedMetersPerSecond: speed)
    }
    var segments: [Segment] = []
    var start = 0
    for size in segmentSizes ?? [fixes.count] {
      segments.append(Segment(fixes: Array(fixes[start..<start + size])))
      start += size
    }
    return FITActivity(track: Track(segments: segments), fixDistancesMeters: distances)
  }

  @Test func countsOnlyStepsEndingAtASpeedOfZero() {
    // Steps: 0→5 at speed 0 (counted), 5→10 at 1.2 (not), 10→12 at 0 (counted), 12→12.5
    // at 0 after a record without a distance (counted from the last known distance).
    let fit = activity(
      speeds: [0, 0, 1.2, 0, 0, 0], distances: [0, 5, 10, 12, nil, 12.5])
    #expect(fit.odometerMetersAtZeroSpeed == 7.5)
  }

  @Test func stepsRunAcrossSegments() {
    // The odometer is the file's: a segment break (a timer stop) parts no step.
    let fit = activity(
      speeds: [1, 1, 0, 0], distances: [0, 3, 4, 6], segmentSizes: [2, 2])
    #expect(fit.odometerMetersAtZeroSpeed == 3)
  }

  @Test func aTCXActivityCountsAsAFITFileDoes() {
    let fit = activity(
      speeds: [0, 0, 1.2, 0, 0, 0], distances: [0, 5, 10, 12, nil, 12.5],
      segmentSizes: [3, 3])
    let tcx = TCXActivity(
      track: fit.track, distancesMeters: [[0, 5, 10], [12, nil, 12.5]])
    #expect(tcx.odometerMetersAtZeroSpeed == 7.5)
    #expect(fit.odometerMetersAtZeroSpeed == 7.5)
  }

  @Test func unknownWithoutSpeedsOrDistances() {
    #expect(activity(speeds: [nil, nil], distances: [0, 5]).odometerMetersAtZeroSpeed == nil)
    #expect(activity(speeds: [0, 0], distances: [nil, nil]).odometerMetersAtZeroSpeed == nil)
    #expect(activity(speeds: [0, 0], distances: [0]).odometerMetersAtZeroSpeed == 0)
  }

  @Test(.enabled(if: sharedDataPresent)) func theSameWristWatchesCountWanderWhileStanding()
    throws
  {
    // Abbotsbury: both watches say 0 m/s through a 22-minute stop, and their odometers run.
    let folder = "paired/pair-same-wrist_2024-08-27_Abbotsbury/"
    let coros = try FITReader.read(
      contentsOf: sharedFile(folder + "2024-08-27 Abbotsbury Hike - Mike COROS.fit"))
    let garmin = try FITReader.read(
      contentsOf: sharedFile(folder + "2024-08-27 Abbotsbury Hike - Mike Garmin.fit"))
    #expect(abs((coros.odometerMetersAtZeroSpeed ?? 0) - 390) < 1)
    #expect(abs((garmin.odometerMetersAtZeroSpeed ?? 0) - 541) < 1)
  }

  @Test(.enabled(if: sharedDataPresent)) func theFilesTotalsCarryIt() throws {
    // A Garmin TCX's trackpoints and a FIT file's records; the FR15 race never read 0.
    let tcx = try ActivityFile.read(
      atPath: sharedFile("corpus/gpsbabel/tcx/gtrnctr-lap_s.tcx").path)
    #expect(abs((tcx.deviceTotals?.distanceAtZeroSpeedMeters ?? 0) - 5.56) < 0.01)
    let race = try ActivityFile.read(
      atPath: sharedFile("devices/10k-race-fr15/10kUNLP2014-Garmin15.fit").path)
    #expect(race.deviceTotals?.distanceAtZeroSpeedMeters == 0)
    let gpx = try ActivityFile.read(atPath: sharedFile("corpus/gpx/Mojstrovka.gpx").path)
    #expect(gpx.deviceTotals?.distanceAtZeroSpeedMeters == nil)
  }
}
