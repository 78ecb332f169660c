extension StopDetector {
  /// The knobs of the stop detector.
  public struct Configuration: Sendable, Hashable {
    /// The refined pass's knobs.
    public var refinement = Refinement()

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

  /// The knobs of the refined pass that checks the live stops against the whole recording
  /// (boundaries, missed and interrupted stops, stop creep), carried with the detector's.
  public struct Refinement: Sendable, Hashable {
    /// How long after a live stop's end the backward run starts, in seconds: longer than any
    /// dwell the detector needs, so it meets the departure from well outside the stop.
    public var backwardLeadSeconds = 120.0

    /// How many times the stop speed the positions' trend must reach for the refined check
    /// of a stop that only its positions can judge, its fixes reporting no speed: 4/3, a
    /// walker's 0.4 m/s. On a steep path real walkers' positions trend at 0.35-0.6 m/s (the
    /// paired walks in `shared/data` written as plain GPX, where their watches' speeds read
    /// walking); at 1 a city's wander reads as travel (see <doc:StopDefaults>).
    public var positionsAloneSpeedFactor = 4.0 / 3.0

    /// The same where the stop's fixes report speeds without a course that read standing:
    /// twice the stop speed, since the positions then overrule a measurement: inside a stop
    /// the COROS on the same wrist also finds, the Abbotsbury Garmin's positions trend at
    /// 0.44 m/s while its speed reads zero.
    public var positionsAgainstSpeedsFactor = 2.0

    /// How far a boundary moves at most, and how long the approach and the departure whose
    /// direction and speed it is judged by, in seconds.
    public var boundaryWindowSeconds = 10.0

    /// The most a turn's course sweeps from one approaching Doppler velocity to the next, in
    /// degrees (a car turning at a junction sweeps 10-30 a second).
    public var steadyTurnDegrees = 45.0

    /// A pause between fixes longer than this, in seconds, leaves the fix after it without a
    /// Doppler velocity on a phone (the first fix after a short gap); the step to it then says
    /// how the person went meanwhile.
    public var pauseSeconds = 1.5

    /// The fewest Doppler readings without a stated accuracy from which the refined pass
    /// measures their noise.
    public var unstatedNoiseReadings = 5

    /// How long a moving run between two stops may last, in seconds, and still be part of one
    /// stop: an error ramp and its snap at a standstill take 5-10 s.
    public var interruptionSeconds = 15.0

    /// How many fixes of the stop on each side of an interruption, at most, place it: enough
    /// that an error ramp's few fixes do not carry it.
    public var interruptionSideFixes = 30

    /// How long a stretch must read standing to count as one, in seconds: longer than the
    /// stretches a watch's Doppler noise reads slow while walking (shorter windows found false
    /// stops in the suite).
    public var slowStretchSeconds = 15.0

    /// A pause between fixes longer than this, in seconds, is a gap after which a receiver's
    /// position reconverges (ERROR-MODEL: the error starts at 2-3 σ and decays with τ ≈ 20 s).
    public var gapSeconds = 10.0

    /// How long after such a gap the positions are not trusted to tell a stop from a walk, in
    /// seconds: two time constants of the decay.
    public var reconvergenceSeconds = 40.0

    /// How many fixes on either side of a fix the velocity of its positions is fitted over.
    public var positionVelocityHalfWindow = 2

    /// The error of a velocity fitted to a few seconds of positions, in meters per second per
    /// meter of reported horizontal accuracy: what the slow wander of the error and its white
    /// noise add (in the simulator about 0.06, ramps aside); 0.1 suited the suite best (0.06
    /// and 0.15 were worse at the stops' worst cases).
    public var positionVelocityErrorPerAccuracyMeter = 0.1

    /// How many times its fixes' median stated accuracy a stop's positions must move to creep: 4.
    public var creepAccuracyMultiple = 4.0

    /// The defaults.
    public init() {}
  }
}
