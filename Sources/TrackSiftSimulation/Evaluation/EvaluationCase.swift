import TrackSift

/// One recording to score: its fixes, the truth, and the activity it was recorded as.
public struct EvaluationCase: Sendable {
  /// A short name for tables, e.g. `urbanCanyon/phone/running/1`.
  public var name: String
  /// The recorded fixes.
  public var track: Track
  /// The truth beside them.
  public var truth: EvaluationTruth
  /// The activity, which picks TrackSift's profile.
  public var activity: ActivityKind
  /// A terrain model of the ground (a DEM), or `nil`: with one, TrackSift's climb is also
  /// scored as counted with it.
  public var elevationModel: (any ElevationModel)?

  /// Creates a case.
  public init(
    name: String, track: Track, truth: EvaluationTruth, activity: ActivityKind,
    elevationModel: (any ElevationModel)? = nil
  ) {
    self.name = name
    self.track = track
    self.truth = truth
    self.activity = activity
    self.elevationModel = elevationModel
  }

  /// The score cards of every pipeline on this case, in `pipelines` order.
  public func scored(_ pipelines: [EvaluatedPipeline] = EvaluatedPipeline.allCases) -> [ScoreCard] {
    PipelineRunner.run(
      pipelines, on: track, activity: activity, elevationModel: elevationModel
    ).map {
      Scorer.score($0, track: track, truth: truth)
    }
  }
}
