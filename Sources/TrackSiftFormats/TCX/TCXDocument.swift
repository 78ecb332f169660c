import TrackSift

/// The contents of a TCX (Garmin Training Center Database v2) file: its activities and its
/// courses.
public struct TCXDocument: Sendable, Hashable {
  /// The recorded activities (`Activities/Activity`), in file order.
  public var activities: [TCXActivity]
  /// The planned courses (`Courses/Course`), in file order; their laps carry the planned
  /// totals and their points usually have no times.
  public var courses: [TCXActivity]
  /// The `Name` of the root's `Author`: the program that wrote the file, as written.
  public var author: String?
  /// The values of the trackpoints and laps refused as out of range; see ``FixFieldLimits``.
  public var refusedFieldCounts = RefusedFieldCounts()
  /// In lenient mode, the damage where reading stopped; `nil` when the whole file was valid.
  public var stoppedAt: XMLReadError?

  /// Creates a document.
  public init(
    activities: [TCXActivity] = [], courses: [TCXActivity] = [], author: String? = nil,
    stoppedAt: XMLReadError? = nil
  ) {
    self.activities = activities
    self.courses = courses
    self.author = author
    self.stoppedAt = stoppedAt
  }

  /// Every fix of every activity, in order (courses are left out).
  public var allFixes: [Fix] { activities.flatMap(\.track.allFixes) }

  /// How many trackpoints of the activities have no position.
  public var positionlessTrackpointCount: Int {
    activities.reduce(0) { $0 + $1.positionlessSamples.count }
  }
}
