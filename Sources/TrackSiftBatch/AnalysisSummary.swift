import Foundation
import TrackSift
import TrackSiftFormats

/// What the pipeline made of one activity file, as a document: `tracksift analyze --json`
/// prints it, and each row of a batch summary carries it (without the grade windows, so that
/// a summary of thousands of files stays small).
public struct AnalysisSummary: Encodable, Sendable {
  /// The file as named (a path, or a batch's relative path).
  public var file: String
  /// The profile the file was measured with.
  public var profile: ActivityKind
  /// Why this profile: `--profile`, `the file's sport` or the default.
  public var profileReason: String
  /// For a file measured session by session (a multisport file), each session's sport,
  /// profile, segments and own figures; `nil` otherwise.
  public var sessions: [SessionSummary]?
  /// Fixes read, in every segment.
  public var fixCount: Int
  /// Segments read.
  public var segmentCount: Int
  /// The verdicts on every fix, counted by reason.
  public var verdicts: VerdictCounts
  /// Counts of the accepted fixes' speed verdicts (trusted, or rejected by reason).
  public var speedVerdicts: SpeedVerdictCounts
  /// Points of the simplified route.
  public var simplifiedPointCount: Int
  /// Figures over the fixes as read.
  public var raw: ActivityMetrics
  /// Figures as a live recorder gives them.
  public var live: ActivityMetrics
  /// Figures after the refined pass.
  public var refined: ActivityMetrics
  /// Where the refined climb came from and each available source's own climb; `nil` without
  /// any altitude.
  public var climb: ClimbSummary?
  /// The grade along the refined route, the grade-adjusted pace and the VAM, with the
  /// windows when asked for (`gradeWindows`); `nil` without altitudes over a grade window.
  public var grade: GradeSummary?
  /// The device's own totals, when the file carries them (FIT sessions, TCX laps).
  public var device: DeviceTotals?
  /// What the reader passed over or left out, when anything.
  public var readerNote: String?

  /// The summary of `analysis`, the analysis of `track`.
  ///
  /// - Parameters:
  ///   - file: the file as named.
  ///   - track: the fixes as read.
  ///   - analysis: the pipeline's analysis of `track`.
  ///   - device: the device's own totals, when the file carries them.
  ///   - readerNotes: what the reader passed over (`ActivityFile.notes`); a note that the
  ///     times were set aside is added when a segment's times could not drive the motion model,
  ///     and one that the refined figures were measured as written when segments came from a
  ///     file TrackSift cleaned.
  ///   - profileReason: why the analysis used its profile.
  ///   - sessions: each session, for a file measured session by session
  ///     (`SessionSummary.sessions(of:choice:elevationModel:)`).
  ///   - gradeWindows: whether ``grade`` carries every grade window (`analyze --json`), or
  ///     only the summary figures (a batch row).
  public init(
    file: String, track: Track, analysis: TrackAnalysis, device: DeviceTotals? = nil,
    readerNotes: [String] = [], profileReason: String = "--profile",
    sessions: [SessionSummary] = [], gradeWindows: Bool = false
  ) {
    var notes = readerNotes
    let unusable = analysis.segments.map(\.timeUsability).first {
      ![.usable, .noTimes].contains($0)
    }
    if let unusable { notes.append("times not used (\(unusable.explanation))") }
    let asWritten = analysis.segments.filter(\.isMeasuredAsWritten).count
    if asWritten > 0 {
      notes.append(
        "a file TrackSift cleaned: refined figures measured as written ("
          + (asWritten == analysis.segments.count
            ? "every segment" : "\(asWritten) of \(analysis.segments.count) segments") + ")")
    }
    self.file = file
    self.device = device
    self.readerNote = notes.isEmpty ? nil : notes.joined(separator: "; ")
    self.profileReason = profileReason
    self.sessions = sessions.isEmpty ? nil : sessions
    profile = analysis.profile.activity
    fixCount = track.fixCount
    segmentCount = track.segments.count
    verdicts = analysis.verdictCounts
    speedVerdicts = analysis.speedVerdictCounts
    simplifiedPointCount = analysis.segments.reduce(0) { $0 + $1.simplifiedIndices.count }
    raw = analysis.rawMetrics
    live = analysis.liveMetrics
    refined = analysis.refinedMetrics
    climb = analysis.climb.source == nil ? nil : analysis.climb
    grade = analysis.grade.map { figures in
      guard gradeWindows else { return GradeSummary(figures) }
      // The same clock as the report's time axis: from the first fix with a time.
      let start = track.segments.lazy.flatMap(\.fixes).compactMap(\.timeSeconds).first
      return GradeSummary(figures, windowsTimedFrom: start)
    }
  }

  /// The summary as pretty-printed JSON with sorted keys (see ``JSONText``).
  public func json() throws -> String { try JSONText.printable(self) }

  /// The device's totals in the figures' shape; its timer time stands for moving time, and
  /// an average speed the file does not give (TCX has none) is its distance over its timer
  /// time, as the devices compute it.
  public var deviceMetrics: ActivityMetrics? {
    device.map { totals in
      let averageSpeed =
        totals.averageSpeedMetersPerSecond
        ?? totals.distanceMeters.flatMap { meters in
          totals.timerTimeSeconds.flatMap { seconds in seconds > 0 ? meters / seconds : nil }
        }
      return ActivityMetrics(
        distanceMeters: totals.distanceMeters ?? .nan,
        elapsedTimeSeconds: totals.elapsedTimeSeconds,
        timerTimeSeconds: totals.timerTimeSeconds, movingTimeSeconds: totals.timerTimeSeconds,
        averageSpeedMetersPerSecond: averageSpeed,
        maximumSpeedMetersPerSecond: totals.maximumSpeedMetersPerSecond,
        averagePaceSecondsPerKilometer: averageSpeed.flatMap {
          PaceFormatter.secondsPerUnit(fromMetersPerSecond: $0, unit: .kilometer)
        },
        elevationGainMeters: totals.ascentMeters, elevationLossMeters: totals.descentMeters)
    }
  }
}
