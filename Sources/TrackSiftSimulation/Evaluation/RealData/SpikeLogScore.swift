import TrackSift

/// Whether TrackSift keeps a labelled speed spike out of the figures and the cleaned file,
/// and keeps the genuine speeds, on one log in one form.
///
/// A spike counts as caught in a figure when the figure is at most the log's genuine top
/// speed plus ``toleranceFraction``: every labelled spike is more than that above its log's
/// genuine top, and a figure fed only genuine speeds cannot exceed the top. The genuine
/// speeds count as kept when the refined maximum, and the cleaned file's highest speed where
/// it writes speeds, are at least the genuine top less ``toleranceFraction``.
public struct SpikeLogScore: Sendable, Codable {
  /// Five percent: the bound on a genuine speed kept ("within 5 %"); the smallest
  /// spike labelled is 23 % above its log's genuine top (CAR109MAR: 26.04 against 21.23 m/s).
  public static let toleranceFraction = 0.05

  /// The log's label.
  public var label: SpikeLabel
  /// The form it was scored in.
  public var form: SpikeLogForm
  /// The raw maximum speed (every valid reported speed), in meters per second.
  public var rawMaximumMetersPerSecond: Double?
  /// The refined maximum speed.
  public var refinedMaximumMetersPerSecond: Double?
  /// The refined best 2 s average.
  public var refinedBestTwoSecondMetersPerSecond: Double?
  /// The highest speed the cleaned file carries, `nil` when it carries none.
  public var cleanedFileMaximumMetersPerSecond: Double?

  /// The highest speed a figure fed only genuine speeds can show.
  public var spikeBoundMetersPerSecond: Double {
    label.genuineTopMetersPerSecond * (1 + Self.toleranceFraction)
  }

  /// Whether the spike is absent from the refined maximum.
  public var isCaughtInMaximum: Bool {
    Self.isBelow(refinedMaximumMetersPerSecond, spikeBoundMetersPerSecond)
  }
  /// Whether the spike is absent from the refined best 2 s.
  public var isCaughtInBestTwoSeconds: Bool {
    Self.isBelow(refinedBestTwoSecondMetersPerSecond, spikeBoundMetersPerSecond)
  }
  /// Whether the spike is absent from the cleaned file's speeds.
  public var isCaughtInCleanedFile: Bool {
    Self.isBelow(cleanedFileMaximumMetersPerSecond, spikeBoundMetersPerSecond)
  }
  /// Whether the spike is absent from all three.
  public var isCaught: Bool {
    isCaughtInMaximum && isCaughtInBestTwoSeconds && isCaughtInCleanedFile
  }

  /// Whether the genuine top is kept within ``toleranceFraction`` by the refined maximum and
  /// by the cleaned file (when it carries speeds).
  public var isGenuineKept: Bool {
    let floor = label.genuineTopMetersPerSecond * (1 - Self.toleranceFraction)
    guard let maximum = refinedMaximumMetersPerSecond, maximum >= floor else { return false }
    return cleanedFileMaximumMetersPerSecond.map { $0 >= floor } ?? true
  }

  private static func isBelow(_ value: Double?, _ bound: Double) -> Bool {
    value.map { $0 <= bound } ?? true
  }

  /// Analyses the log in the form given and scores it.
  ///
  /// - Parameters:
  ///   - track: the log in its form (see ``SpikeLogForm/stripped(_:)``; for
  ///     ``SpikeLogForm/gpxDilutionOnly``, as the GPX reader gives it back).
  ///   - label: the log's label.
  ///   - form: the form, for the table.
  ///   - activity: the profile's activity.
  ///   - asWritten: the cleaned track as a file gives it back (written and read again).
  public init(
    track: Track, label: SpikeLabel, form: SpikeLogForm, activity: ActivityKind,
    asWritten: (Track) throws -> Track = { $0 }
  ) rethrows {
    var profile = ActivityProfile(activity: activity)
    profile.simplificationToleranceMeters = 0
    let analysis = TrackAnalysis(track: track, profile: profile)
    self.label = label
    self.form = form
    rawMaximumMetersPerSecond = analysis.rawMetrics.maximumSpeedMetersPerSecond
    refinedMaximumMetersPerSecond = analysis.refinedMetrics.maximumSpeedMetersPerSecond
    refinedBestTwoSecondMetersPerSecond = analysis.refinedMetrics.bestTwoSecondSpeedMetersPerSecond
    cleanedFileMaximumMetersPerSecond = CleanedFile.highestSpeedMetersPerSecond(
      of: try asWritten(CleanedFile.track(of: track, analysis: analysis)))
  }

  /// A score from figures already measured (for tests and for reports read back).
  public init(
    label: SpikeLabel, form: SpikeLogForm, rawMaximumMetersPerSecond: Double?,
    refinedMaximumMetersPerSecond: Double?, refinedBestTwoSecondMetersPerSecond: Double?,
    cleanedFileMaximumMetersPerSecond: Double?
  ) {
    self.label = label
    self.form = form
    self.rawMaximumMetersPerSecond = rawMaximumMetersPerSecond
    self.refinedMaximumMetersPerSecond = refinedMaximumMetersPerSecond
    self.refinedBestTwoSecondMetersPerSecond = refinedBestTwoSecondMetersPerSecond
    self.cleanedFileMaximumMetersPerSecond = cleanedFileMaximumMetersPerSecond
  }
}
