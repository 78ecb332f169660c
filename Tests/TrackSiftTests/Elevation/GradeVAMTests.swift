import Testing

@testable import TrackSift

@Suite struct GradeVAMTests {
  @Test func aSteadySixHundredMeterClimbInAnHourIs600MetersPerHour() throws {
    // 10 km at 6 % in 3,600 s, a fix a second.
    let fixes = steadyGradeFixes(
      to: 10_000, stepMeters: 10_000.0 / 3_600, metersPerSecond: 10_000.0 / 3_600, grade: 0.06)
    let figures = try #require(GradeAccumulator.figures(fixes))
    #expect(abs((figures.vamMetersPerHour ?? 0) - 600) < 1e-6)
    #expect(abs(figures.climbingAscentMeters - 600) < 1e-6)
    #expect(abs(figures.climbingSeconds - 3_600) < 1e-6)
    let climb = try #require(figures.bestClimb)
    #expect(abs((climb.vamMetersPerHour ?? 0) - 600) < 1e-6)
    #expect(climb.startMeters == 0)
    #expect(abs(climb.endMeters - 10_000) < 1e-6)
  }

  @Test func flatAndDescendingWindowsAndStopsAreLeftOut() throws {
    // 2 km flat, the 600 m climb in an hour with a 20-minute stop at the top of its first
    // half, then 5 km down: still 600 m/h.
    var fixes = steadyGradeFixes(to: 2_000, metersPerSecond: 8, grade: 0)
    let speed = 10_000.0 / 3_600
    fixes += steadyGradeFixes(
      from: 2_000, to: 7_000, stepMeters: speed, metersPerSecond: speed, grade: 0.06,
      startSeconds: 250)
    var stopped = fixes.last!
    stopped.isMoving = false
    stopped.seconds! += 1_200
    fixes.append(stopped)
    fixes += steadyGradeFixes(
      from: 7_000, to: 12_000, stepMeters: speed, metersPerSecond: speed, grade: 0.06,
      startSeconds: stopped.seconds!, startAltitudeMeters: 400)
    fixes += steadyGradeFixes(
      from: 12_000, to: 17_000, metersPerSecond: 15, grade: -0.05,
      startSeconds: fixes.last!.seconds!, startAltitudeMeters: 700)
    let figures = try #require(GradeAccumulator.figures(fixes))
    #expect(abs((figures.vamMetersPerHour ?? 0) - 600) < 1e-6)
    #expect(abs(figures.climbingSeconds - 3_600) < 1e-6)
    #expect(abs((figures.bestClimb?.vamMetersPerHour ?? 0) - 600) < 1e-6)
  }

  @Test func theBestClimbIsTheFastestOfThoseLongEnough() throws {
    // A 3-minute ramp at 1,800 m/h (too short), 10 minutes at 1,200 m/h and 20 minutes at
    // 900 m/h, flat between them; the best climb is the 10 minutes.
    var fixes: [GradeTestFix] = []
    func ride(meters: Double, seconds: Double, grade: Double) {
      let start = fixes.last ?? GradeTestFix(meters: 0, seconds: 0, altitudeMeters: 0)
      let speed = meters / seconds
      let more = steadyGradeFixes(
        from: start.meters, to: start.meters + meters, stepMeters: speed, metersPerSecond: speed,
        grade: grade, startSeconds: start.seconds!, startAltitudeMeters: start.altitudeMeters!)
      fixes += fixes.isEmpty ? more : Array(more.dropFirst())
    }
    ride(meters: 1_000, seconds: 200, grade: 0)
    ride(meters: 1_000, seconds: 180, grade: 0.09)  // 90 m in 3 min
    ride(meters: 1_000, seconds: 200, grade: 0)
    ride(meters: 2_500, seconds: 600, grade: 0.08)  // 200 m in 10 min
    ride(meters: 1_000, seconds: 200, grade: 0)
    ride(meters: 5_000, seconds: 1_200, grade: 0.06)  // 300 m in 20 min
    let figures = try #require(GradeAccumulator.figures(fixes))
    let best = try #require(figures.bestClimb)
    #expect(abs((best.vamMetersPerHour ?? 0) - 1_200) < 1e-6)
    #expect(abs(best.startMeters - 3_000) < 1e-6)
    #expect(abs(best.endMeters - 5_500) < 1e-6)
    // All three climbs together: 590 m in 33 minutes.
    #expect(abs((figures.vamMetersPerHour ?? 0) - 590.0 / 1_980 * 3_600) < 1e-6)
  }

  @Test func aClimbUnderWayCountsForTheBest() throws {
    var accumulator = GradeAccumulator()
    let speed = 2.5
    accumulator.add(
      steadyGradeFixes(to: 1_540, stepMeters: speed, metersPerSecond: speed, grade: 0.1))
    // 640 s so far, the last 40 m not yet a window: 600 s and 150 m in its windows.
    let best = try #require(accumulator.figures?.bestClimb)
    #expect(abs(best.movingSeconds - 600) < 1e-6)
    #expect(abs((best.vamMetersPerHour ?? 0) - 900) < 1e-6)
  }

  @Test func noClimbingWindowGivesNoVAM() throws {
    let fixes = steadyGradeFixes(to: 1_000, metersPerSecond: 8, grade: 0.02)
    let figures = try #require(GradeAccumulator.figures(fixes))
    #expect(figures.vamMetersPerHour == nil)
    #expect(figures.bestClimb == nil)
  }
}
