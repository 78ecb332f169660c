import Testing

@testable import TrackSift

@Suite struct GradeAdjustedPaceTests {
  /// 1 km at 3 m/s: a pace of 333.3 s/km.
  private let paceSecondsPerKilometer = 1_000.0 / 3

  @Test func onFlatGroundTheAdjustedPaceIsThePace() throws {
    let fixes = steadyGradeFixes(to: 1_000, metersPerSecond: 3, grade: 0)
    let figures = try #require(GradeAccumulator.figures(fixes))
    let pace = try #require(figures.gradeAdjustedPaceSecondsPerKilometer)
    #expect(abs(pace - paceSecondsPerKilometer) < 1e-9)
    #expect(abs((figures.gradeAdjustedSpeedMetersPerSecond ?? 0) - 3) < 1e-12)
    #expect(abs(figures.gradeAdjustedMeters - 1_000) < 1e-9)
  }

  @Test func onATenPercentClimbTheAdjustedPaceIsFaster() throws {
    // 333.3 s/km times C(0) / C(0.1) = 3.6 / 5.968214.
    let fixes = steadyGradeFixes(to: 1_000, metersPerSecond: 3, grade: 0.1)
    let figures = try #require(GradeAccumulator.figures(fixes))
    let pace = try #require(figures.gradeAdjustedPaceSecondsPerKilometer)
    #expect(abs(pace - 201.065176) < 1e-5)
    #expect(abs(figures.gradeAdjustedMeters - 1_657.837222) < 1e-5)
    #expect(abs((figures.gradeAdjustedSpeedMetersPerSecond ?? 0) - 3 * 5.968214 / 3.6) < 1e-9)
  }

  @Test func onATenPercentDescentTheAdjustedPaceIsSlower() throws {
    // 333.3 s/km times C(0) / C(-0.1) = 3.6 / 2.151706.
    let fixes = steadyGradeFixes(to: 1_000, metersPerSecond: 3, grade: -0.1)
    let pace = try #require(GradeAccumulator.figures(fixes)?.gradeAdjustedPaceSecondsPerKilometer)
    #expect(abs(pace - 557.697009) < 1e-5)
  }

  @Test func ungradedDistanceCountsAsFlat() throws {
    // A 5 % climb with no altitude from 250 m to 420 m: the 300 m outside the windows (200 to
    // 430 m and the last 170 m) count as flat, the 700 m inside at C(0.05) / C(0).
    var fixes = steadyGradeFixes(to: 1_000, metersPerSecond: 3, grade: 0.05)
    for index in fixes.indices where (250...420).contains(fixes[index].meters) {
      fixes[index].altitudeMeters = nil
    }
    let figures = try #require(GradeAccumulator.figures(fixes))
    #expect(abs(figures.gradedMovingMeters - 700) < 1e-9)
    #expect(abs(figures.movingMeters - 1_000) < 1e-9)
    let pace = try #require(figures.gradeAdjustedPaceSecondsPerKilometer)
    #expect(abs(pace - 275.252259) < 1e-5)
  }

  @Test func stoppedTimeDoesNotCount() throws {
    // The 10 % climb with a ten-minute stop at 450 m, fixes every second, the distance held:
    // the same adjusted pace as without the stop.
    var fixes = steadyGradeFixes(to: 450, metersPerSecond: 3, grade: 0.1)
    let stopped = fixes.last!
    for second in 1...600 {
      var fix = stopped
      fix.seconds = stopped.seconds! + Double(second)
      fix.isMoving = false
      fixes.append(fix)
    }
    fixes += steadyGradeFixes(
      from: 460, to: 1_000, metersPerSecond: 3, grade: 0.1, startSeconds: 750 + 10.0 / 3,
      startAltitudeMeters: 146)
    let figures = try #require(GradeAccumulator.figures(fixes))
    #expect(abs(figures.movingSeconds - 1_000.0 / 3) < 1e-9)
    #expect(abs(figures.windows[4].movingSeconds - 100.0 / 3) < 1e-9)
    #expect(abs((figures.windows[4].endSeconds ?? 0) - (500.0 / 3 + 600)) < 1e-9)
    let pace = try #require(figures.gradeAdjustedPaceSecondsPerKilometer)
    #expect(abs(pace - 201.065176) < 1e-5)
  }

  @Test func distanceCoveredStoppedDoesNotCount() throws {
    // Every other interval stopped (its fix not moving): half the time and distance count.
    var fixes = steadyGradeFixes(to: 1_000, metersPerSecond: 3, grade: 0)
    for index in fixes.indices where index % 2 == 1 { fixes[index].isMoving = false }
    let figures = try #require(GradeAccumulator.figures(fixes))
    #expect(abs(figures.movingMeters - 500) < 1e-9)
    #expect(abs(figures.windows[0].movingMeters - 50) < 1e-9)
    #expect(abs((figures.gradeAdjustedPaceSecondsPerKilometer ?? 0) - 1_000.0 / 3) < 1e-9)
  }
}
