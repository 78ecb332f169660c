import TrackSift

extension GradeSummary {
  /// One grade window as a document: where it lies along the refined route, when, and its
  /// grade (see `GradeWindow` in TrackSift, which also holds the altitudes and the motion).
  public struct Window: Encodable, Sendable, Hashable {
    /// Where the window starts, in meters of refined distance from the start (the distance
    /// `refined.distanceMeters` counts: a stop adds none).
    public var startMeters: Double
    /// Where the window ends, in meters of refined distance from the start; a window usually
    /// starts where the one before it ends, but not across a segment break or a stretch
    /// without altitudes.
    public var endMeters: Double
    /// The grade over the window, rise over run, in percent (10 for a 10 % climb, negative
    /// on a descent).
    public var gradePercent: Double
    /// When the window starts, in seconds since the track's first fix with a time; absent
    /// when the fixes around its start have no time.
    public var startElapsedSeconds: Double?
    /// When the window ends, in seconds since the track's first fix with a time; absent when
    /// the fixes around its end have no time.
    public var endElapsedSeconds: Double?

    /// The document of `window`, its times counted from `startSeconds` (a fix's
    /// `timeSeconds`); without `startSeconds` the times are left out.
    public init(_ window: GradeWindow, since startSeconds: Double?) {
      startMeters = window.startMeters
      endMeters = window.endMeters
      gradePercent = window.gradePercent
      startElapsedSeconds = startSeconds.flatMap { start in window.startSeconds.map { $0 - start } }
      endElapsedSeconds = startSeconds.flatMap { start in window.endSeconds.map { $0 - start } }
    }
  }
}
