import Testing
import TrackSiftSimulation

@testable import TrackSift

@Suite struct GradeAccumulatorTests {
  @Test func flatGroundHasZeroGradeInEveryWindow() throws {
    let fixes = steadyGradeFixes(to: 1_000, metersPerSecond: 3, grade: 0)
    let figures = try #require(GradeAccumulator.figures(fixes))
    #expect(figures.windows.count == 10)
    #expect(figures.windows.allSatisfy { $0.grade == 0 && $0.lengthMeters == 100 })
    #expect(figures.steepestUphill == nil)
    #expect(figures.steepestDownhill == nil)
  }

  @Test(arguments: [0.1, -0.1])
  func aSteadySlopeGivesItsGradeInEveryWindow(grade: Double) throws {
    let fixes = steadyGradeFixes(to: 1_000, metersPerSecond: 3, grade: grade)
    let figures = try #require(GradeAccumulator.figures(fixes))
    #expect(figures.windows.count == 10)
    for (index, window) in figures.windows.enumerated() {
      #expect(abs(window.gradePercent - grade * 100) < 1e-9)
      #expect(abs(window.riseMeters - grade * 100) < 1e-9)
      #expect(window.startMeters == Double(index) * 100)
      #expect(abs((window.endSeconds ?? 0) - Double(index + 1) * 100 / 3) < 1e-9)
    }
    let steepest = try #require(grade > 0 ? figures.steepestUphill : figures.steepestDownhill)
    #expect(abs(steepest.grade - grade) < 1e-12)
    #expect((grade > 0 ? figures.steepestDownhill : figures.steepestUphill) == nil)
  }

  @Test func edgesAreInterpolatedBetweenUnevenlySpacedFixes() throws {
    // The edge at 100 m lies 70 % of the way from the fix at 30 m to the one at 130 m; the
    // edge at 200 m a third of the way from 170 m to 260 m.
    let fixes = [
      GradeTestFix(meters: 0, seconds: 0, altitudeMeters: 0),
      GradeTestFix(meters: 30, seconds: 10, altitudeMeters: 3),
      GradeTestFix(meters: 130, seconds: 60, altitudeMeters: 13),
      GradeTestFix(meters: 170, seconds: 70, altitudeMeters: 10),
      GradeTestFix(meters: 260, seconds: 100, altitudeMeters: 19),
    ]
    let windows = try #require(GradeAccumulator.figures(fixes)).windows
    #expect(windows.count == 2)
    let first = windows[0]
    let second = windows[1]
    #expect(abs(first.endAltitudeMeters - 10) < 1e-9)  // 3 + 0.7 * 10
    #expect(abs(first.grade - 0.10) < 1e-12)
    #expect(abs((first.endSeconds ?? 0) - 45) < 1e-9)  // 10 + 0.7 * 50
    #expect(abs(first.movingSeconds - 45) < 1e-9)
    #expect(abs(first.movingMeters - 100) < 1e-9)
    #expect(abs(second.endAltitudeMeters - 13) < 1e-9)  // 10 + 9 / 3
    #expect(abs(second.grade - 0.03) < 1e-12)
    #expect(abs((second.endSeconds ?? 0) - 80) < 1e-9)  // 70 + 30 / 3
    #expect(abs(second.movingSeconds - 35) < 1e-9)
  }

  @Test func aShortGapInTheAltitudesIsInterpolatedAcross() throws {
    // No altitude from 90 m to 120 m: the edge at 100 m takes it from the fixes at 80 and 130 m.
    var fixes = steadyGradeFixes(to: 300, metersPerSecond: 3, grade: 0.05)
    for index in fixes.indices where (90...120).contains(fixes[index].meters) {
      fixes[index].altitudeMeters = nil
    }
    let windows = try #require(GradeAccumulator.figures(fixes)).windows
    #expect(windows.map(\.startMeters) == [0, 100, 200])
    #expect(windows.allSatisfy { abs($0.grade - 0.05) < 1e-12 })
  }

  @Test func noWindowSpansALongGapInTheAltitudes() throws {
    // No altitude from 250 m to 420 m (190 m between the fixes at 240 and 430 m): the window
    // from 200 m is dropped and the windows start again at 430 m.
    var fixes = steadyGradeFixes(to: 1_000, metersPerSecond: 3, grade: 0.05)
    for index in fixes.indices where (250...420).contains(fixes[index].meters) {
      fixes[index].altitudeMeters = nil
    }
    let windows = try #require(GradeAccumulator.figures(fixes)).windows
    #expect(windows.map(\.startMeters) == [0, 100, 430, 530, 630, 730, 830])
    #expect(windows.allSatisfy { abs($0.grade - 0.05) < 1e-12 })
  }

  @Test func sparseFixesWithAltitudesAreInterpolatedBetween() throws {
    // A fix every 250 m, all with altitudes: nothing is missing, so every window is graded.
    let fixes = steadyGradeFixes(to: 1_000, stepMeters: 250, metersPerSecond: 3, grade: 0.07)
    let windows = try #require(GradeAccumulator.figures(fixes)).windows
    #expect(windows.count == 10)
    #expect(windows.allSatisfy { abs($0.grade - 0.07) < 1e-12 })
  }

  @Test func noAltitudeOrTooShortATrackGivesNoFigures() {
    var fixes = steadyGradeFixes(to: 1_000, metersPerSecond: 3, grade: 0.05)
    for index in fixes.indices { fixes[index].altitudeMeters = nil }
    #expect(GradeAccumulator.figures(fixes) == nil)
    #expect(GradeAccumulator.figures(steadyGradeFixes(to: 90, metersPerSecond: 3, grade: 0)) == nil)
  }

  @Test func noWindowSpansASegmentBreak() throws {
    // A 10 % climb to 150 m, then after a break a flat segment 400 m higher: bridged, the
    // window from 100 m would climb some 400 %.
    var accumulator = GradeAccumulator()
    accumulator.add(steadyGradeFixes(to: 150, metersPerSecond: 3, grade: 0.1))
    accumulator.breakSegment()
    accumulator.add(
      steadyGradeFixes(
        from: 150, to: 400, metersPerSecond: 3, grade: 0, startSeconds: 100,
        startAltitudeMeters: 515))
    let figures = try #require(accumulator.figures)
    #expect(figures.windows.map(\.startMeters) == [0, 150, 250])
    #expect(abs((figures.steepestUphill?.grade ?? 0) - 0.1) < 1e-12)
    #expect(figures.windows[1].grade == 0)
  }

  @Test func aDistanceThatGoesBackBreaksTheSegment() throws {
    var accumulator = GradeAccumulator()
    accumulator.add(steadyGradeFixes(to: 150, metersPerSecond: 3, grade: 0.1))
    accumulator.add(
      steadyGradeFixes(
        from: 50, to: 260, metersPerSecond: 3, grade: -0.02, startSeconds: 100,
        startAltitudeMeters: 300))
    let windows = try #require(accumulator.figures).windows
    #expect(windows.map(\.startMeters) == [0, 50, 150])
    #expect(abs(windows[1].grade - -0.02) < 1e-12)
  }

  @Test func untimedFixesGiveGradesWithoutTimes() throws {
    var fixes = steadyGradeFixes(to: 200, metersPerSecond: 3, grade: 0.04)
    for index in fixes.indices { fixes[index].seconds = nil }
    let figures = try #require(GradeAccumulator.figures(fixes))
    #expect(figures.windows.count == 2)
    #expect(figures.windows.allSatisfy { abs($0.grade - 0.04) < 1e-12 && $0.endSeconds == nil })
    #expect(figures.movingSeconds == 0)
    #expect(figures.gradeAdjustedPaceSecondsPerKilometer == nil)
  }

  @Test func aShorterWindowGivesMoreWindows() throws {
    let fixes = steadyGradeFixes(to: 1_000, stepMeters: 7, metersPerSecond: 3, grade: 0.02)
    let configuration = GradeAccumulator.Configuration(windowMeters: 50)
    let figures = try #require(GradeAccumulator.figures(fixes, configuration: configuration))
    #expect(figures.windowMeters == 50)
    // 1,001 m of fixes every 7 m: 20 windows of 50 m.
    #expect(figures.windows.count == 20)
    #expect(figures.windows.allSatisfy { abs($0.grade - 0.02) < 1e-12 })
  }

  @Test func invalidKnobsFallBackToTheirDefaults() {
    let configuration = GradeAccumulator.Configuration(
      windowMeters: 0, maximumAltitudeGapMeters: -.infinity, climbingGrade: .nan,
      minimumClimbSeconds: -1)
    #expect(configuration == GradeAccumulator.Configuration())
    #expect(configuration.windowMeters == 100)
    #expect(configuration.climbingGrade == 0.03)
  }

  /// Every window's edges against the altitude profile interpolated by brute force, on random
  /// uneven fixes with random gaps in the altitudes (all shorter than a window).
  @Test(arguments: 1...20 as ClosedRange<UInt64>)
  func windowsMatchTheInterpolatedProfile(seed: UInt64) throws {
    var generator = SplitMix64(seed: seed)
    var fixes: [GradeTestFix] = []
    var meters = 0.0
    var altitude = 200.0
    var sinceAltitude = 0.0
    while meters < 2_000 {
      let step = Double.random(in: 0...25, using: &generator)
      meters += step
      sinceAltitude += step
      altitude += Double.random(in: -3...3, using: &generator)
      let hasAltitude = sinceAltitude > 70 || Bool.random(using: &generator)
      if hasAltitude { sinceAltitude = 0 }
      fixes.append(
        GradeTestFix(
          meters: meters, seconds: meters / 4, altitudeMeters: hasAltitude ? altitude : nil))
    }
    let profile = fixes.compactMap { fix in fix.altitudeMeters.map { (fix.meters, $0) } }
    func interpolated(at edge: Double) -> Double {
      let after = profile.firstIndex { $0.0 >= edge }!
      guard after > 0, profile[after].0 > edge else { return profile[after].1 }
      let (startMeters, startAltitude) = profile[after - 1]
      let (endMeters, endAltitude) = profile[after]
      return startAltitude + (endAltitude - startAltitude) * (edge - startMeters)
        / (endMeters - startMeters)
    }
    let windows = try #require(GradeAccumulator.figures(fixes)).windows
    let start = profile[0].0
    #expect(windows.count == Int((profile.last!.0 - start) / 100))
    for (index, window) in windows.enumerated() {
      #expect(abs(window.startMeters - (start + Double(index) * 100)) < 1e-9)
      #expect(abs(window.startAltitudeMeters - interpolated(at: window.startMeters)) < 1e-9)
      #expect(abs(window.endAltitudeMeters - interpolated(at: window.endMeters)) < 1e-9)
      #expect(abs(window.movingSeconds - 25) < 1e-9)
    }
  }
}
