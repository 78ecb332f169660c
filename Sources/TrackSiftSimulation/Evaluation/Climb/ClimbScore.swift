/// TrackSift's refined climb on one simulated recording, counted without and with a DEM, for
/// the climb tables (``ClimbErrorSummary``).
public struct ClimbScore: Sendable, Hashable, Codable {
  /// The case's name (``EvaluationCase/name``).
  public var name: String
  /// The surroundings.
  public var environment: SimulatedEnvironment
  /// The receiver class.
  public var device: SimulatedDevice
  /// Where its altitudes came from.
  public var altimeter: SimulatedAltimeter
  /// The route's name (``RouteShape/name``).
  public var route: String
  /// The true climb, in meters.
  public var trueClimbMeters: Double
  /// The refined climb against the true one without a DEM, percent (negative: too little).
  public var errorPercent: Double?
  /// The same with the DEM.
  public var withDEMErrorPercent: Double?

  /// Creates a score.
  public init(
    name: String, environment: SimulatedEnvironment, device: SimulatedDevice,
    altimeter: SimulatedAltimeter, route: String, trueClimbMeters: Double,
    errorPercent: Double?, withDEMErrorPercent: Double?
  ) {
    self.name = name
    self.environment = environment
    self.device = device
    self.altimeter = altimeter
    self.route = route
    self.trueClimbMeters = trueClimbMeters
    self.errorPercent = errorPercent
    self.withDEMErrorPercent = withDEMErrorPercent
  }

  /// The score of a scored simulated case: its refined card's climb errors.
  ///
  /// - Parameters:
  ///   - recording: The recording the case was made from.
  ///   - name: The case's name.
  ///   - cards: The case's score cards; the refined pipeline's is read.
  public init(recording: ScenarioRecording, name: String, cards: [ScoreCard]) {
    let configuration = recording.configuration
    let refined = cards.first { $0.pipeline == EvaluatedPipeline.trackSiftRefined.name }
    self.init(
      name: name, environment: configuration.environment, device: configuration.device,
      altimeter: configuration.altimeter, route: configuration.route.name,
      trueClimbMeters: recording.truthElevationGainMeters,
      errorPercent: refined?.elevationGainErrorPercent,
      withDEMErrorPercent: refined?.elevationGainWithDEMErrorPercent)
  }
}
