import Foundation
import Testing
import TrackSift
import TrackSiftFormats
import TrackSiftTestSupport

/// The distance is not short on real recordings (issue 28): the loop runs within 0.75 % of
/// their 1710 m course, and paired watches agree, live and refined alike. Read in place from
/// `shared/data`.
@Suite(.enabled(if: sharedDataPresent, "../shared is absent: real-data tests skipped"))
struct ShortBiasRealDataTests {
  static let courseLengthMeters = 1_710.0

  /// Both figures of a recording, live and refined.
  static func distances(_ analysis: TrackAnalysis) -> [(String, Double)] {
    [
      ("live", analysis.liveMetrics.distanceMeters),
      ("refined", analysis.refinedMetrics.distanceMeters),
    ]
  }

  @Test(arguments: ["forerunner-82911648.csv", "polar2021-10-24_18-46-22.csv"])
  func loopRunsMeasureTheCourseWithinThreeQuartersOfAPercent(name: String) throws {
    let url = try sharedFile("truth/loop-1710m/\(name)")
    let analysis = TrackAnalysis(track: try FixCSVReader.read(contentsOf: url), profile: .running)
    for (figure, meters) in Self.distances(analysis) {
      let errorPercent = (meters / Self.courseLengthMeters - 1) * 100
      #expect(abs(errorPercent) <= 0.75, "\(name) \(figure): \(meters) m, \(errorPercent) %")
    }
  }

  /// One watch's recording of a walk: its analysis and its own session total.
  static func walk(_ path: String) throws -> (analysis: TrackAnalysis, totalMeters: Double) {
    let activity = try FITReader.read(contentsOf: try sharedFile(path))
    let total = try #require(activity.sessions.first?.distanceMeters)
    return (TrackAnalysis(track: activity.track, profile: .walking), total)
  }

  static let pairs: [(String, String)] = [
    (
      "paired/pair-two-walkers_2024-06-04/2024-06-04, Polzeath to Rock - Jo.fit",
      "paired/pair-two-walkers_2024-06-04/2024-06-04, Polzeath to Rock - Mike.fit"
    ),
    (
      "paired/pair-same-wrist_2024-08-27_Abbotsbury/2024-08-27 Abbotsbury Hike - Mike COROS.fit",
      "paired/pair-same-wrist_2024-08-27_Abbotsbury/2024-08-27 Abbotsbury Hike - Mike Garmin.fit"
    ),
  ]

  @Test(arguments: 0..<ShortBiasRealDataTests.pairs.count)
  func pairedWatchesAgreeWithinThreePercent(pair: Int) throws {
    let (first, second) = Self.pairs[pair]
    let one = Self.distances(try Self.walk(first).analysis)
    let other = Self.distances(try Self.walk(second).analysis)
    for ((figure, a), (_, b)) in zip(one, other) {
      #expect(abs(a / b - 1) <= 0.03, "\(first) \(figure): \(a) m against \(b) m")
    }
  }

  /// Two walkers whose COROS totals agree within 0.4 %: each within 3 % of its own total. (The
  /// Abbotsbury pair stays 4.0-4.7 % below theirs refined, 3.5-3.8 % live: both watches
  /// report zero speed through stops that their totals count the wander of, 121 m in the
  /// COROS's 22-minute stop alone.)
  @Test(arguments: [
    "paired/pair-two-walkers_2024-06-04/2024-06-04, Polzeath to Rock - Jo.fit",
    "paired/pair-two-walkers_2024-06-04/2024-06-04, Polzeath to Rock - Mike.fit",
  ])
  func walksMeasureTheirOwnTotalWithinThreePercent(path: String) throws {
    let (analysis, total) = try Self.walk(path)
    for (figure, meters) in Self.distances(analysis) {
      #expect(abs(meters / total - 1) <= 0.03, "\(path) \(figure): \(meters) m against \(total) m")
    }
  }

  /// A walker's stops count the net movement from where they stopped to where they set off
  /// (``ActivityProfile/countsStopMovement``): without it the refined distance of this
  /// walk was 2.0 % under the watch's total, with it within 1.5 %.
  @Test func aWalkersStopsCountTheirNetMovement() throws {
    let path = "paired/pair-two-walkers_2024-06-04/2024-06-04, Polzeath to Rock - Mike.fit"
    let activity = try FITReader.read(contentsOf: try sharedFile(path))
    let total = try #require(activity.sessions.first?.distanceMeters)
    var pointOnly = ActivityProfile.walking
    pointOnly.countsStopMovement = false
    let counted = TrackAnalysis(track: activity.track, profile: .walking).refinedMetrics
    let uncounted = TrackAnalysis(track: activity.track, profile: pointOnly).refinedMetrics
    #expect(counted.distanceMeters > uncounted.distanceMeters * 1.005)
    #expect(abs(counted.distanceMeters / total - 1) <= 0.015, "\(counted.distanceMeters) m")
    // Distance, not moving time: the walker stood.
    #expect(counted.movingTimeSeconds == uncounted.movingTimeSeconds)
  }

  /// The live figures count a walker's stop movement too, as the walker leaves each stop: the
  /// live distance of every paired walk is within 1.5 % of the refined one (without it, 1.7 to
  /// 3.0 % under it on three of the four), and counting it adds distance, not moving time.
  @Test(arguments: ShortBiasRealDataTests.pairs.flatMap { [$0.0, $0.1] })
  func theLiveDistanceCountsAWalkersStopMovementToo(path: String) throws {
    let activity = try FITReader.read(contentsOf: try sharedFile(path))
    var pointOnly = ActivityProfile.walking
    pointOnly.countsStopMovement = false
    let analysis = TrackAnalysis(track: activity.track, profile: .walking)
    let live = analysis.liveMetrics
    let uncounted = TrackAnalysis(track: activity.track, profile: pointOnly).liveMetrics
    let refined = analysis.refinedMetrics.distanceMeters
    #expect(
      abs(live.distanceMeters / refined - 1) <= 0.015, "\(live.distanceMeters) m, \(refined) m")
    #expect(live.distanceMeters > uncounted.distanceMeters * 1.005)
    #expect(live.movingTimeSeconds == uncounted.movingTimeSeconds)
    // What the analysis says it counted, stop by stop (the cleaned live track holds each stop
    // by it), is what the figures counted.
    let listed = analysis.segments.flatMap(\.liveStopMovementMeters.values).reduce(0, +)
    let counted = live.distanceMeters - uncounted.distanceMeters
    #expect(abs(listed - counted) <= 0.001 * live.distanceMeters, "\(listed) m, \(counted) m")
  }
}
