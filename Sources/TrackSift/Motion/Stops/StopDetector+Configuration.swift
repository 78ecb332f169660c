extension StopDetector {
  /// The knobs of the stop detector.
  public struct Configuration: Sendable, Hashable {
    /// A speed below this, in meters per second, counts as standing still.
    public var stopSpeedMetersPerSecond: Double
    /// A speed above this, in meters per second, ends a stop; keep it above the stop speed.
    public var resumeSpeedMetersPerSecond: Double
    /// Still fixes must span this many seconds before a stop is declared.
    public var stopAfterSeconds: Double
    /// Fast fixes must span this many seconds before a stop ends on speed alone; 0 resumes at
    /// the first fast fix.
    public var resumeAfterSeconds: Double
    /// Without a speed, the positions of a dwell must stay within this many meters of their
    /// centroid (or more for poor fixes, see ``accuracyRadiusFactor``).
    public var dwellRadiusMeters: Double
    /// A stop ends when a position lies farther than this many meters from the stop's anchor;
    /// keep it above the dwell radius and the GPS wander at a standstill.
    public var resumeDistanceMeters: Double
    /// The dwell and resume radii grow to this many times a fix's horizontal accuracy, so
    /// the wander of a poor fix does not count as moving.
    public var accuracyRadiusFactor: Double
    /// A reported speed within this many times its own accuracy of zero may be noise (a
    /// watch's Doppler at a standstill reads 0.5-1 m/s in a city): below it the positions
    /// decide too, and resuming on speed needs more than it.
    public var speedNoiseFactor: Double
    /// Whether a position dwell makes no stop while the mean Doppler velocity over the dwell
    /// exceeds the resume speed, or its speeds reported without a course read moving (see
    /// ``StopDetector``). The refined stops turn it off for the candidates they check against
    /// the whole recording.
    public var dopplerVetoesDwell: Bool
    /// Whether the speeds place a stop's edges where they are clear (see ``StopDetector``):
    /// a position dwell starts after the Doppler's approach, and a departure at the last
    /// still speed before the fast ones. The refined stops turn it off, as they place the edges
    /// themselves against the whole recording.
    public var speedsPlaceEdges: Bool

    /// Creates a configuration; the defaults suit running.
    public init(
      stopSpeedMetersPerSecond: Double = 0.5,
      resumeSpeedMetersPerSecond: Double = 1,
      stopAfterSeconds: Double = 5,
      resumeAfterSeconds: Double = 1,
      dwellRadiusMeters: Double = 10,
      resumeDistanceMeters: Double = 20,
      accuracyRadiusFactor: Double = 1.5,
      speedNoiseFactor: Double = 2,
      dopplerVetoesDwell: Bool = true,
      speedsPlaceEdges: Bool = true
    ) {
      self.stopSpeedMetersPerSecond = stopSpeedMetersPerSecond
      self.resumeSpeedMetersPerSecond = resumeSpeedMetersPerSecond
      self.stopAfterSeconds = stopAfterSeconds
      self.resumeAfterSeconds = resumeAfterSeconds
      self.dwellRadiusMeters = dwellRadiusMeters
      self.resumeDistanceMeters = resumeDistanceMeters
      self.accuracyRadiusFactor = accuracyRadiusFactor
      self.speedNoiseFactor = speedNoiseFactor
      self.dopplerVetoesDwell = dopplerVetoesDwell
      self.speedsPlaceEdges = speedsPlaceEdges
    }

    /// Defaults for an activity: faster activities need a higher speed to resume and wider
    /// radii; driving stops sooner, at traffic lights, but only below 0.5 m/s, since a car
    /// creeping in a queue moves and its Doppler says so.
    public static func defaults(for activity: ActivityKind) -> Configuration {
      switch activity {
      case .walking:
        Configuration(stopSpeedMetersPerSecond: 0.3, resumeSpeedMetersPerSecond: 0.8)
      case .running:
        Configuration()
      case .cycling:
        Configuration(
          stopSpeedMetersPerSecond: 1, resumeSpeedMetersPerSecond: 2, dwellRadiusMeters: 15,
          resumeDistanceMeters: 30)
      case .driving:
        Configuration(
          stopSpeedMetersPerSecond: 0.5, resumeSpeedMetersPerSecond: 3, stopAfterSeconds: 3,
          dwellRadiusMeters: 20, resumeDistanceMeters: 40)
      }
    }

    /// How long positions alone must show a dwell, in seconds (see ``StopDetector``).
    func positionDwellSeconds(radiusMeters: Double) -> Double {
      guard resumeSpeedMetersPerSecond > 0 else { return stopAfterSeconds }
      return max(stopAfterSeconds, 2 * radiusMeters / resumeSpeedMetersPerSecond)
    }

    /// The largest radius a position dwell uses (poor fixes widen it up to this), meters.
    var maximumDwellRadiusMeters: Double { 3 * dwellRadiusMeters }
  }
}
