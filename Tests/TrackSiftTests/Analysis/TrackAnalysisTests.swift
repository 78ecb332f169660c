import Foundation
import Testing
import TrackSiftSimulation

@testable import TrackSift

@Suite struct TrackAnalysisTests {
  static let start = Date(timeIntervalSinceReferenceDate: 800_000_000)
  static let origin = Coordinate(latitudeDegrees: 46.05, longitudeDegrees: 14.5)

  @Test(arguments: [1, 2, 3] as [UInt64])
  func measuresASimulatedCityRunNearTheTruth(seed: UInt64) {
    let activity = ScenarioSimulator(configuration: ScenarioConfiguration(seed: seed)).run()
    let analysis = TrackAnalysis(track: activity.track, profile: .running)
    let truth = activity.truthDistanceMeters
    let refinedError = abs(analysis.refinedMetrics.distanceMeters - truth) / truth
    let rawError = abs(analysis.rawMetrics.distanceMeters - truth) / truth
    #expect(refinedError < 0.03)
    #expect(refinedError < rawError)
    #expect(analysis.verdictCounts.totalCount == activity.track.fixCount)
    #expect(analysis.verdicts.map(\.count) == activity.track.segments.map(\.fixes.count))
    let accepted = analysis.segments.reduce(0) { $0 + $1.acceptedFixIndices.count }
    #expect(accepted == analysis.verdictCounts.acceptedCount)
    #expect(analysis.liveMetrics.kilometerSplits.count >= 2)
  }

  @Test func distanceDoesNotGrowWhileStandingStill() {
    // Ten minutes standing at a corner, fixes wandering by a few meters.
    var random = SplitMix64(seed: 4)
    let plane = LocalTangentPlane(origin: Self.origin)
    let fixes = (0..<600).map { second in
      let position = plane.unproject(
        eastMeters: 3 * random.nextGaussian(), northMeters: 3 * random.nextGaussian())
      return Fix(
        timestamp: Self.start + Double(second), latitudeDegrees: position.latitudeDegrees,
        longitudeDegrees: position.longitudeDegrees, horizontalAccuracyMeters: 5,
        speedMetersPerSecond: abs(0.3 * random.nextGaussian()), source: .satellite)
    }
    let analysis = TrackAnalysis(track: Track(segments: [Segment(fixes: fixes)]))
    #expect(analysis.rawMetrics.distanceMeters > 1_000)
    #expect(analysis.liveMetrics.distanceMeters < 10)
    #expect(analysis.refinedMetrics.distanceMeters < 10)
    #expect((analysis.liveMetrics.movingTimeSeconds ?? 0) < 30)
  }

  @Test func refinedMovingTimeExcludesTheDwellBeforeAStop() throws {
    // Two minutes east at 3 m/s, a minute standing, two more minutes east.
    var random = SplitMix64(seed: 5)
    let plane = LocalTangentPlane(origin: Self.origin)
    var eastMeters = 0.0
    let fixes = (0..<300).map { second in
      let moving = second < 120 || second >= 180
      if moving { eastMeters += 3 }
      let position = plane.unproject(
        eastMeters: eastMeters + 2 * random.nextGaussian(), northMeters: 2 * random.nextGaussian())
      return Fix(
        timestamp: Self.start + Double(second), latitudeDegrees: position.latitudeDegrees,
        longitudeDegrees: position.longitudeDegrees, horizontalAccuracyMeters: 4,
        speedMetersPerSecond: moving ? 3 + 0.2 * random.nextGaussian() : 0.1, source: .satellite)
    }
    let track = Track(segments: [Segment(fixes: fixes)])
    let analysis = TrackAnalysis(track: track)
    let live = try #require(analysis.liveMetrics.movingTimeSeconds)
    let refined = try #require(analysis.refinedMetrics.movingTimeSeconds)
    #expect(abs(refined - 239) <= 2)
    #expect(abs(analysis.refinedMetrics.distanceMeters - 720) < 15)
    // By default the live figures trim the detection delay as well; without, they count
    // the dwell as moving.
    #expect(abs(live - refined) <= 1)
    var untrimmed = ActivityProfile.running
    untrimmed.trimsStopDetectionDelay = false
    let lateLive = TrackAnalysis(track: track, profile: untrimmed).liveMetrics.movingTimeSeconds
    #expect(try #require(lateLive) > refined + 3)
  }

  @Test func aSpikeAfterASignalGapIsRefusedByLookingOneFixAhead() {
    // East at 3 m/s; 13 s without fixes; the first fix back is 130 m north (10 m/s from the
    // last fix: possible), the next is back on the line.
    let plane = LocalTangentPlane(origin: Self.origin)
    var fixes: [Fix] = []
    for second in Array(0...60) + Array(73...120) {
      let north = second == 73 ? 130.0 : 0
      let position = plane.unproject(eastMeters: Double(second) * 3, northMeters: north)
      fixes.append(
        Fix(
          timestamp: Self.start + Double(second), latitudeDegrees: position.latitudeDegrees,
          longitudeDegrees: position.longitudeDegrees, horizontalAccuracyMeters: 4,
          speedMetersPerSecond: 3, source: .satellite))
    }
    let analysis = TrackAnalysis(track: Track(segments: [Segment(fixes: fixes)]))
    #expect(analysis.verdicts[0][61] == .rejected(.impliedSpeed))
    #expect(analysis.verdictCounts.rejectedCount == 1)
    #expect(abs(analysis.refinedMetrics.distanceMeters - 360) < 5)
  }

  @Test func anErrorRampThatSnapsBackIsRefusedAsAnExcursion() {
    // East at 3 m/s; from t = 40 the error grows 8 m/s northwards for 6 s, then snaps back.
    let plane = LocalTangentPlane(origin: Self.origin)
    let fixes = (0...90).map { second in
      let north = (40...45).contains(second) ? Double(second - 39) * 8 : 0
      let position = plane.unproject(eastMeters: Double(second) * 3, northMeters: north)
      return Fix(
        timestamp: Self.start + Double(second), latitudeDegrees: position.latitudeDegrees,
        longitudeDegrees: position.longitudeDegrees, horizontalAccuracyMeters: 4,
        speedMetersPerSecond: 3, source: .satellite)
    }
    let analysis = TrackAnalysis(track: Track(segments: [Segment(fixes: fixes)]))
    // The ramp's far end (over the jump allowance from the line) is refused; nothing after it.
    let refused = analysis.verdicts[0].indices.filter { !analysis.verdicts[0][$0].isAccepted }
    #expect(!refused.isEmpty)
    #expect(refused.allSatisfy { (40...45).contains($0) })
    #expect(refused.contains(45))
    #expect(abs(analysis.refinedMetrics.distanceMeters - 270) < 25)
  }

  /// East at 3 m/s for 60 s, after `opening` fixes 5 km north (a phone's cached fix, or a few).
  static func staleStart(openingFixes opening: Int) -> [Fix] {
    let plane = LocalTangentPlane(origin: Self.origin)
    return (0..<(opening + 60)).map { index in
      let isStale = index < opening
      let position = plane.unproject(
        eastMeters: isStale ? 0 : Double(index - opening) * 3, northMeters: isStale ? 5_000 : 0)
      return Fix(
        timestamp: Self.start + Double(index), latitudeDegrees: position.latitudeDegrees,
        longitudeDegrees: position.longitudeDegrees, horizontalAccuracyMeters: isStale ? 6 : 4,
        speedMetersPerSecond: isStale ? nil : 3, source: .satellite)
    }
  }

  @Test(arguments: [1, 3])
  func aStaleStartIsRefusedAndTheTrackAfterItKept(openingFixes: Int) throws {
    let analysis = TrackAnalysis(
      track: Track(segments: [Segment(fixes: Self.staleStart(openingFixes: openingFixes))]))
    let verdicts = analysis.verdicts[0]
    #expect(verdicts.prefix(openingFixes).allSatisfy { $0 == .rejected(.impliedSpeed) })
    #expect(verdicts.dropFirst(openingFixes).allSatisfy { $0.isAccepted })
    let first = try #require(analysis.segments[0].refinedCoordinates.first)
    #expect(Geodesic.distanceMeters(from: first, to: Self.origin) < 5)
    #expect(abs(analysis.refinedMetrics.distanceMeters - 177) < 5)
  }

  @Test func aLongerOpeningRunIsNotAStaleStart() {
    // Four fixes agree with each other: the gate, not the look-ahead, decides, and re-anchors
    // on the track after them once it confirms the jump.
    let analysis = TrackAnalysis(
      track: Track(segments: [Segment(fixes: Self.staleStart(openingFixes: 4))]))
    #expect(analysis.verdicts[0].prefix(4).allSatisfy { $0.isAccepted })
  }

  @Test func untimedTrackHasDistanceButNoPace() throws {
    let plane = LocalTangentPlane(origin: Self.origin)
    let fixes = (0..<11).map { step in
      let position = plane.unproject(eastMeters: Double(step) * 100, northMeters: 0)
      return Fix(
        latitudeDegrees: position.latitudeDegrees, longitudeDegrees: position.longitudeDegrees)
    }
    var profile = ActivityProfile.running
    profile.gate.acceptsMissingTimestamp = true
    let analysis = TrackAnalysis(track: Track(segments: [Segment(fixes: fixes)]), profile: profile)
    for metrics in [analysis.rawMetrics, analysis.liveMetrics, analysis.refinedMetrics] {
      #expect(abs(metrics.distanceMeters - 1_000) < 0.5)
      #expect(metrics.averagePaceSecondsPerKilometer == nil)
      #expect(metrics.movingTimeSeconds == nil)
    }
  }

  @Test func distanceNeverBridgesSegments() {
    let plane = LocalTangentPlane(origin: Self.origin)
    func segment(startEast: Double, startSecond: Double) -> Segment {
      Segment(
        fixes: (0..<100).map { step in
          let position = plane.unproject(
            eastMeters: startEast + Double(step) * 3, northMeters: 0)
          return Fix(
            timestamp: Self.start + startSecond + Double(step),
            latitudeDegrees: position.latitudeDegrees,
            longitudeDegrees: position.longitudeDegrees, horizontalAccuracyMeters: 4,
            source: .satellite)
        })
    }
    let track = Track(segments: [
      segment(startEast: 0, startSecond: 0), segment(startEast: 5_000, startSecond: 400),
    ])
    let analysis = TrackAnalysis(track: track)
    #expect(abs(analysis.rawMetrics.distanceMeters - 2 * 297) < 1)
    #expect(abs(analysis.refinedMetrics.distanceMeters - 2 * 297) < 10)
    #expect(analysis.refinedMetrics.segmentCount == 2)
  }

  @Test func maximumSpeedIgnoresNetworkFixes() {
    let plane = LocalTangentPlane(origin: Self.origin)
    let fixes = (0..<60).map { second in
      let position = plane.unproject(eastMeters: Double(second) * 3, northMeters: 0)
      return Fix(
        timestamp: Self.start + Double(second), latitudeDegrees: position.latitudeDegrees,
        longitudeDegrees: position.longitudeDegrees, horizontalAccuracyMeters: 5,
        speedMetersPerSecond: second == 30 ? 9 : measured(3, second), courseDegrees: 90,
        source: second == 30 ? .network : .satellite)
    }
    var profile = ActivityProfile.running
    profile.gate.rejectsNetworkSource = false
    let analysis = TrackAnalysis(track: Track(segments: [Segment(fixes: fixes)]), profile: profile)
    #expect(analysis.rawMetrics.maximumSpeedMetersPerSecond == 9)
    #expect(abs((analysis.liveMetrics.maximumSpeedMetersPerSecond ?? 0) - 3) < 0.005)
  }

  @Test func maximumSpeedIgnoresAReceiverReconvergingAfterASignalLoss() throws {
    // 3 m/s east, no fixes for 17 s, then a Doppler spike decaying over three fixes (as a
    // GT-31's after a signal loss), while the positions go on at 3 m/s.
    let plane = LocalTangentPlane(origin: Self.origin)
    let seconds = Array(0..<60) + Array(77..<140)
    let spike: [Int: Double] = [77: 24.65, 78: 21.09, 79: 11.91]
    let fixes = seconds.map { second in
      let position = plane.unproject(eastMeters: Double(second) * 3, northMeters: 0)
      return Fix(
        timestamp: Self.start + Double(second), latitudeDegrees: position.latitudeDegrees,
        longitudeDegrees: position.longitudeDegrees, horizontalAccuracyMeters: 3,
        speedMetersPerSecond: spike[second] ?? (second == 100 ? 3.5 : 3), courseDegrees: 90)
    }
    let analysis = TrackAnalysis(
      track: Track(segments: [Segment(fixes: fixes)]), profile: .cycling)
    #expect(analysis.rawMetrics.maximumSpeedMetersPerSecond == 24.65)
    let live = try #require(analysis.liveMetrics.maximumSpeedMetersPerSecond)
    #expect(abs(live - 3.5) < 0.2, "live maximum \(live) m/s")
    let refined = try #require(analysis.refinedMetrics.maximumSpeedMetersPerSecond)
    #expect(abs(refined - 3.5) < 0.2, "refined maximum \(refined) m/s")
  }

  @Test func maximumSpeedOfPositionsAloneIsTheSpeedTheyHoldNotTheirNoise() throws {
    // Ten minutes east at 3 m/s, positions only (as most GPX files are), each off by a couple
    // of meters: a speed from one fix to the next swings by several meters a second.
    var random = SplitMix64(seed: 11)
    let plane = LocalTangentPlane(origin: Self.origin)
    let fixes = (0..<600).map { second in
      let position = plane.unproject(
        eastMeters: Double(second) * 3 + 2 * random.nextGaussian(),
        northMeters: 2 * random.nextGaussian())
      return Fix(
        timestamp: Self.start + Double(second), latitudeDegrees: position.latitudeDegrees,
        longitudeDegrees: position.longitudeDegrees)
    }
    let analysis = TrackAnalysis(track: Track(segments: [Segment(fixes: fixes)]))
    for metrics in [analysis.liveMetrics, analysis.refinedMetrics] {
      let maximum = try #require(metrics.maximumSpeedMetersPerSecond)
      #expect(abs(maximum - 3) < 0.15, "maximum \(maximum) m/s")
      #expect(metrics.bestTwoSecondSpeedMetersPerSecond == nil)
      #expect(metrics.bestTenSecondSpeedMetersPerSecond == nil)
    }
  }

  @Test func badInputGetsVerdictsNotCrashes() {
    let fixes = [
      Fix(timestamp: Self.start, latitudeDegrees: .nan, longitudeDegrees: 14),
      Fix(timestamp: Self.start + 1, latitudeDegrees: 91, longitudeDegrees: 14),
      Fix(timestamp: Self.start + 2, latitudeDegrees: 0, longitudeDegrees: 0),
      Fix(timestamp: Self.start + 3, latitudeDegrees: 46.05, longitudeDegrees: 14.5),
      Fix(timestamp: Self.start + 3, latitudeDegrees: 46.05001, longitudeDegrees: 14.5),
      Fix(timestamp: Self.start + 1, latitudeDegrees: 46.05002, longitudeDegrees: 14.5),
      Fix(latitudeDegrees: 46.05003, longitudeDegrees: 14.5),
      Fix(timestamp: Self.start + 20 * 86_400, latitudeDegrees: 46.05004, longitudeDegrees: 14.5),
      Fix(timestamp: Self.start + 4, latitudeDegrees: 46.05005, longitudeDegrees: .infinity),
    ]
    let analysis = TrackAnalysis(track: Track(segments: [Segment(fixes: fixes), Segment()]))
    #expect(analysis.verdicts[0].count == fixes.count)
    #expect(analysis.verdicts[0][0] == .rejected(.invalidCoordinates))
    #expect(analysis.verdicts[0][1] == .rejected(.invalidCoordinates))
    #expect(analysis.verdicts[0][2] == .rejected(.nullIsland))
    #expect(analysis.verdicts[0][3] == .accepted)
    #expect(analysis.verdicts[0][4] == .rejected(.duplicateTimestamp))
    // Earlier than the fix before it while the next is later: a jump back.
    #expect(analysis.verdicts[0][5] == .rejected(.timeJump))
    #expect(analysis.verdicts[0][6] == .rejected(.missingTimestamp))
    // The last fix, alone 20 days after the others: a time jump too.
    #expect(analysis.verdicts[0][7] == .rejected(.timeJump))
    #expect(analysis.verdicts[0][8] == .rejected(.invalidCoordinates))
    #expect(analysis.liveMetrics.distanceMeters.isFinite)
    #expect(analysis.refinedMetrics.distanceMeters.isFinite)
    // One accepted fix: no time passed, and never 20 days.
    #expect(analysis.liveMetrics.elapsedTimeSeconds == nil)
    #expect(analysis.liveMetrics.movingTimeSeconds == nil)
    #expect(analysis.liveMetrics.distanceMeters == 0)
  }

  @Test(arguments: [(3.0, true), (0.2, false), (40.0, false)])
  func aSignalGapIsBridgedOnlyAtASpeedTheActivityMovesAt(
    gapSpeedMetersPerSecond: Double, bridged: Bool
  ) {
    // A minute east at 3 m/s, 90 s without fixes, a minute more east at 3 m/s.
    let plane = LocalTangentPlane(origin: Self.origin)
    var fixes: [Fix] = []
    for second in Array(0...60) + Array(150...210) {
      let eastMeters =
        second <= 60
        ? Double(second) * 3 : 180 + 90 * gapSpeedMetersPerSecond + Double(second - 150) * 3
      let position = plane.unproject(eastMeters: eastMeters, northMeters: 0)
      fixes.append(
        Fix(
          timestamp: Self.start + Double(second), latitudeDegrees: position.latitudeDegrees,
          longitudeDegrees: position.longitudeDegrees, horizontalAccuracyMeters: 3,
          speedMetersPerSecond: 3, source: .satellite))
    }
    let analysis = TrackAnalysis(track: Track(segments: [Segment(fixes: fixes)]))
    let gapMeters = 90 * gapSpeedMetersPerSecond
    let expected = 360 + (bridged ? gapMeters : 0)
    #expect(abs(analysis.liveMetrics.distanceMeters - expected) < 10)
    #expect(abs(analysis.refinedMetrics.distanceMeters - expected) < 10)
    let moving = analysis.refinedMetrics.movingTimeSeconds ?? 0
    #expect(abs(moving - (bridged ? 210 : 120)) <= 2)
  }

  @Test(arguments: [
    [3: 0.0, 4: 20 * 86_400.0],  // two stray times 20 days apart
    Dictionary(uniqueKeysWithValues: (0..<10).map { ($0, 0.0) }),  // every fix stamped alike
  ])
  func aSegmentWhoseTimesSayNothingIsMeasuredWithoutThem(times: [Int: Double]) {
    let plane = LocalTangentPlane(origin: Self.origin)
    var fixes = (0..<10).map { step in
      let position = plane.unproject(eastMeters: Double(step) * 10, northMeters: 0)
      return Fix(
        latitudeDegrees: position.latitudeDegrees, longitudeDegrees: position.longitudeDegrees)
    }
    for (index, offset) in times { fixes[index].timestamp = Self.start + offset }
    let analysis = TrackAnalysis(track: Track(segments: [Segment(fixes: fixes)]))
    #expect(analysis.verdictCounts.acceptedCount == 10)
    for metrics in [analysis.rawMetrics, analysis.liveMetrics, analysis.refinedMetrics] {
      #expect(abs(metrics.distanceMeters - 90) < 0.1)
      #expect(metrics.movingTimeSeconds == nil)
      #expect(metrics.averageSpeedMetersPerSecond == nil)
      #expect(metrics.averagePaceSecondsPerKilometer == nil)
    }
  }

  @Test func cleanedTrackKeepsAcceptedFixesTimesAndSegments() throws {
    let activity = ScenarioSimulator(configuration: ScenarioConfiguration()).run()
    let analysis = TrackAnalysis(track: activity.track)
    let cleaned = analysis.cleanedTrack(from: activity.track)
    // Every accepted fix, the points drawn across the signal losses the figures measured along
    // the smoother's path, and the first position held from the earliest time the clock ran
    // (a fix refused for its position, not its time, came first: a segment of its own).
    let drawn = analysis.segments.reduce(0) { total, segment in
      segment.refinedGapPaths.values.reduce(total) { $0 + $1.intermediateCoordinates.count }
    }
    #expect(cleaned.fixCount == analysis.verdictCounts.acceptedCount + drawn + 1)
    #expect(cleaned.segments.first?.fixes.count == 1)
    let simplified = analysis.cleanedTrack(from: activity.track, toleranceMeters: 3)
    #expect(simplified.fixCount < cleaned.fixCount / 3)
    for segment in simplified.segments {
      let times = segment.fixes.compactMap(\.timeSeconds)
      #expect(times.count == segment.fixes.count)
      #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
    }
    let raw = analysis.cleanedTrack(from: activity.track, smoothing: .none)
    let firstIndex = try #require(analysis.segments.first?.acceptedFixIndices.first)
    let written = try #require(raw.segments.dropFirst().first?.fixes.first)
    let read = try #require(activity.track.segments.first?.fixes[firstIndex])
    #expect(written.coordinate == read.coordinate)
    #expect(written.timestamp == read.timestamp)
    #expect(written.altitudeMeters == read.altitudeMeters)
  }

  @Test func aCleanedSegmentNamesItsSourceAndACourseOnlyWhereTheReceiverGaveOne() {
    // Two segments going east at 3 m/s; only the second's fixes state a course.
    func fix(_ part: Int, _ second: Int) -> Fix {
      let east = Double(second) * 3 / 75_000
      return Fix(
        timestamp: Date(timeIntervalSinceReferenceDate: Double(part * 1_000 + second)),
        latitudeDegrees: 47.5, longitudeDegrees: 8.5 + east, horizontalAccuracyMeters: 3,
        speedMetersPerSecond: 3, courseDegrees: part == 1 ? 90 : nil)
    }
    let segments: [Segment] = (0..<2).map { part in
      Segment(fixes: (0..<90).map { fix(part, $0) })
    }
    let track = Track(segments: segments)
    let analysis = TrackAnalysis(track: track)
    let cleaned = analysis.cleaned(from: track)
    #expect(cleaned.track == analysis.cleanedTrack(from: track))
    #expect(cleaned.sourceSegments.count == cleaned.track.segments.count)
    #expect(cleaned.sourceSegments == cleaned.sourceSegments.sorted())
    #expect(Set(cleaned.sourceSegments) == [0, 1])
    for (source, segment) in zip(cleaned.sourceSegments, cleaned.track.segments) {
      // A course the receiver never measured is not made up from the smoothed steps.
      let courses = segment.fixes.compactMap { (fix: Fix) in fix.courseDegrees }
      if source == 0 { #expect(courses.isEmpty) } else { #expect(courses.count > 80) }
    }
  }
}
