import Foundation
import Testing
import TrackSift
import TrackSiftFormats
import TrackSiftTestSupport

/// `FITActivity.odometerMetersAtZeroSpeed`: the odometer's steps that end at a record whose
/// own speed reads 0.
struct FITZeroSpeedDistanceTests {
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
}
