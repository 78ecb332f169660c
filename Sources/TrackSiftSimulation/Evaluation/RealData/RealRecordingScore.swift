import TrackSift

/// What TrackSift makes of one real recording, against what is known of it: a reference
/// trajectory (survey-grade truth), a known length (a measured course) or the device's own
/// total. Distances are the raw, live and refined figures and the length of the cleaned file
/// (`clean` at tolerance 0, written and read back as GPX by the caller); position errors are
/// scored where a reference trajectory exists.
public struct RealRecordingScore: Sendable, Codable {
  /// The name in tables.
  public var name: String
  /// The profile the recording was analysed with.
  public var activity: ActivityKind
  /// The fixes read.
  public var fixCount: Int
  /// What the distances are measured against, in meters (`nil` without one).
  public var referenceMeters: Double?
  /// Of a device's own total, the meters its odometer added where its own speed read 0
  /// (`DeviceTotals.distanceAtZeroSpeedMeters`); `nil` where not known.
  public var referenceAtZeroSpeedMeters: Double?
  /// The distance of the raw fixes, in meters.
  public var rawMeters: Double
  /// The live distance, in meters.
  public var liveMeters: Double
  /// The refined distance, in meters.
  public var refinedMeters: Double
  /// The cleaned file's own length (the geodesic between consecutive points of each of its
  /// segments, as any app measures it), in meters.
  public var cleanedFileMeters: Double
  /// The refined moving time, in seconds (`nil` without times).
  public var refinedMovingSeconds: Double?
  /// The refined distance of the cleaned file analysed again with the same profile, in
  /// meters: what `analyze` says of the file `clean` wrote.
  public var reanalysedMeters: Double
  /// The refined moving time of the cleaned file analysed again, in seconds.
  public var reanalysedMovingSeconds: Double?
  /// 95th percentile of the horizontal error of every in-range raw fix the reference covers,
  /// in meters; `nil` without a reference trajectory.
  public var rawP95Meters: Double?
  /// The same for the refined position of every accepted fix.
  public var refinedP95Meters: Double?
  /// The same for every point of the cleaned file at the time of one of the recording's fixes
  /// (not for the points it draws across a signal loss, where no fix was), at its own time.
  public var cleanedFileP95Meters: Double?

  /// A distance's error against the reference, in percent (positive: too long).
  public func errorPercent(_ meters: Double) -> Double? {
    guard let referenceMeters, referenceMeters > 0 else { return nil }
    return (meters / referenceMeters - 1) * 100
  }

  /// The cleaned file's length against the refined distance, in percent.
  public var cleanedAgainstRefinedPercent: Double? {
    refinedMeters > 0 ? (cleanedFileMeters / refinedMeters - 1) * 100 : nil
  }

  /// The larger of the differences between the cleaned file's refined distance and moving
  /// time, analysed again, and the recording's own, in percent (signed as the larger one).
  public var reanalysedAgainstRefinedPercent: Double? {
    guard refinedMeters > 0 else { return nil }
    let distance = (reanalysedMeters / refinedMeters - 1) * 100
    guard let moving = refinedMovingSeconds, moving > 0, let again = reanalysedMovingSeconds
    else { return distance }
    let time = (again / moving - 1) * 100
    return abs(time) > abs(distance) ? time : distance
  }

  /// Analyses and scores a recording.
  ///
  /// - Parameters:
  ///   - name: the name in tables.
  ///   - track: the recording as read.
  ///   - activity: the profile's activity; simplification is off (tolerance 0), as the
  ///     issue's targets are measured.
  ///   - referenceMeters: a known length, used when `reference` is empty.
  ///   - reference: a reference trajectory in time order, or empty; its length over the span
  ///     the fixes cover becomes the reference distance.
  ///   - asWritten: the cleaned track as a file gives it back (written and read again).
  public init(
    name: String, track: Track, activity: ActivityKind, referenceMeters: Double? = nil,
    reference: [TruthPoint] = [], asWritten: (Track) throws -> Track = { $0 }
  ) rethrows {
    var profile = ActivityProfile(activity: activity)
    profile.simplificationToleranceMeters = 0
    let analysis = TrackAnalysis(track: track, profile: profile)
    let cleaned = try asWritten(CleanedFile.track(of: track, analysis: analysis))
    self.name = name
    self.activity = activity
    fixCount = track.fixCount
    rawMeters = analysis.rawMetrics.distanceMeters
    liveMeters = analysis.liveMetrics.distanceMeters
    refinedMeters = analysis.refinedMetrics.distanceMeters
    cleanedFileMeters = cleaned.pathLengthMeters
    refinedMovingSeconds = analysis.refinedMetrics.movingTimeSeconds
    let again = TrackAnalysis(track: cleaned, profile: profile).refinedMetrics
    reanalysedMeters = again.distanceMeters
    reanalysedMovingSeconds = again.movingTimeSeconds
    self.referenceMeters = referenceMeters
    guard !reference.isEmpty else { return }
    let truth = EvaluationTruth(track: track, reference: reference)
    self.referenceMeters = truth.distanceMeters
    let fixes = track.allFixes
    rawP95Meters = Self.p95(
      fixes.indices.compactMap { index in
        guard fixes[index].coordinate.isInRange, let sample = truth.fixes[index] else { return nil }
        return Geodesic.distanceMeters(from: fixes[index].coordinate, to: sample.coordinate)
      })
    var refinedErrors: [Double] = []
    var offset = 0
    for (segment, analyzed) in zip(track.segments, analysis.segments) {
      for (position, fixIndex) in analyzed.acceptedFixIndices.enumerated() {
        guard let sample = truth.fixes[offset + fixIndex] else { continue }
        refinedErrors.append(
          Geodesic.distanceMeters(
            from: analyzed.refinedCoordinates[position], to: sample.coordinate))
      }
      offset += segment.fixes.count
    }
    refinedP95Meters = Self.p95(refinedErrors)
    let cleanedTruth = EvaluationTruth(track: cleaned, reference: reference)
    let cleanedFixes = cleaned.allFixes
    // Scored at the recording's fixes: not at the points a cleaned file draws across a signal
    // loss (`GapPath`), where no fix was.
    let fixMilliseconds = Set(fixes.compactMap { $0.timeSeconds.map(Self.milliseconds) })
    cleanedFileP95Meters = Self.p95(
      cleanedFixes.indices.compactMap { index in
        guard let time = cleanedFixes[index].timeSeconds,
          fixMilliseconds.contains(Self.milliseconds(time))
        else { return nil }
        return cleanedTruth.fixes[index].map {
          Geodesic.distanceMeters(from: cleanedFixes[index].coordinate, to: $0.coordinate)
        }
      })
  }

  /// A time in whole milliseconds, as a file written and read back keeps it.
  private static func milliseconds(_ seconds: Double) -> Int64 {
    Int64((seconds * 1000).rounded())
  }

  private static func p95(_ errors: [Double]) -> Double? {
    errors.isEmpty ? nil : Scorer.percentile(errors.sorted(), 0.95)
  }
}
