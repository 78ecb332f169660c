import TrackSift

extension SimulatedDEM {
  /// Tag mixed into a configuration's seed for its DEM's error.
  static let recordingSeedTag: UInt64 = 0x4445_4D5F_5345_4544

  /// The DEM the evaluation counts a recording's climb with: its ground, over the area its
  /// truth covers, with what stands there in its environment, the error seeded from the
  /// configuration's seed alone, so every device and activity on the same ground reads the
  /// same DEM.
  ///
  /// - Parameters:
  ///   - recording: The recording.
  ///   - errorModel: The product's error; by default Copernicus GLO-30's.
  ///   - arcSeconds: 1 (the default) or 3.
  public init(
    recording: ScenarioRecording, errorModel: DEMErrorModel = .copernicusGLO30,
    arcSeconds: Int = 1
  ) {
    self.init(
      terrain: recording.terrain, errorModel: errorModel,
      environment: recording.configuration.environment,
      covering: recording.truth.map(\.coordinate), arcSeconds: arcSeconds,
      seed: recording.configuration.seed ^ Self.recordingSeedTag)
  }
}
