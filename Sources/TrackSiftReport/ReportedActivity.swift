import TrackSift
import TrackSiftFormats

/// One recording as a report shows it: what was read, and what the pipeline made of it.
public struct ReportedActivity: Sendable {
  /// The name the report gives it, usually the file's name as the user gave it (untrusted:
  /// escaped on the page).
  public var title: String
  /// The fixes as read.
  public var track: Track
  /// The pipeline's verdicts, positions and figures of `track`.
  public var analysis: TrackAnalysis
  /// The device's own totals, when the file carries them.
  public var deviceTotals: DeviceTotals?
  /// What the reader passed over or left out, one note each.
  public var readerNotes: [String]
  /// The descriptive strings the file carries (untrusted: escaped on the page).
  public var metadata: ActivityMetadata
  /// The name of the profile the analysis used, such as `running` (`running + cycling` for a
  /// file measured session by session).
  public var profileName: String
  /// Each session of a file measured session by session, measured alone beside the device's
  /// totals for it (`SessionSummary`); empty for a file of one activity.
  public var sessions: [SessionSummary]

  /// Creates an activity for a report.
  public init(
    title: String, track: Track, analysis: TrackAnalysis, deviceTotals: DeviceTotals? = nil,
    readerNotes: [String] = [], metadata: ActivityMetadata = ActivityMetadata(),
    profileName: String, sessions: [SessionSummary] = []
  ) {
    self.title = title
    self.track = track
    self.analysis = analysis
    self.deviceTotals = deviceTotals
    self.readerNotes = readerNotes
    self.metadata = metadata
    self.profileName = profileName
    self.sessions = sessions
  }

  /// A read file and its analysis; the title is `title`, the rest comes from `file`.
  public init(title: String, file: ActivityFile, analysis: TrackAnalysis, profileName: String) {
    self.init(
      title: title, track: file.track, analysis: analysis, deviceTotals: file.deviceTotals,
      readerNotes: file.notes, metadata: file.metadata, profileName: profileName)
  }

  /// A read file measured with the profiles `choice` gives it (session by session where it
  /// says so), each session tabled alone.
  /// - Parameters:
  ///   - title: the name the report gives it.
  ///   - file: the file as read.
  ///   - choice: the profiles it is measured with (`ProfileChoice(option:file:)`).
  ///   - elevationModel: the terrain model to count the climb on, if any.
  public init(
    title: String, file: ActivityFile, choice: ProfileChoice,
    elevationModel: (any ElevationModel)? = nil
  ) {
    self.init(
      title: title, track: file.track,
      analysis: choice.analysis(of: file.track, elevationModel: elevationModel),
      deviceTotals: file.deviceTotals, readerNotes: file.notes, metadata: file.metadata,
      profileName: choice.name,
      sessions: SessionSummary.sessions(of: file, choice: choice, elevationModel: elevationModel))
  }
}
