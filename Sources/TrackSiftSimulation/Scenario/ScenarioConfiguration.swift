import Foundation
import TrackSift

/// Everything that defines one simulated recording: where, with what, doing what, and the event
/// knobs of `shared/ERROR-MODEL.md`, whose defaults come from its table for the environment.
///
/// Event rates are per hour of 1 Hz data; probabilities are per fix unless stated. The defaults
/// for a dual-frequency phone are already halved, as the model prescribes; the simulator halves
/// event sizes itself.
public struct ScenarioConfiguration: Sendable, Hashable {
  /// The surroundings.
  public var environment: SimulatedEnvironment
  /// The receiver class.
  public var device: SimulatedDevice
  /// The location API conventions.
  public var platform: SimulatedPlatform
  /// Where the altitudes come from: by default barometric on a watch, GNSS on a phone.
  public var altimeter: SimulatedAltimeter
  /// The activity, which sets the speed profile.
  public var activity: ActivityKind
  /// The route's geometry.
  public var route: RouteShape
  /// Length of one pass of the route in meters (see ``SimulatedRoute/make(_:origin:lengthMeters:random:)``).
  public var routeLengthMeters: Double
  /// Length of the recording in seconds.
  public var durationSeconds: Int
  /// Seed of every random choice; the same configuration always gives the same recording.
  public var seed: UInt64
  /// Where the route starts.
  public var origin: Coordinate
  /// When the recording starts.
  public var startDate: Date
  /// Seconds between satellite fixes.
  public var sampleIntervalSeconds: Double

  /// Ramp-and-snap events per hour (error grows at a few m/s for 4-8 s, then snaps back).
  public var rampEventsPerHour: Double
  /// Probability per fix of a single-fix spike of 30-300 m.
  public var spikeProbabilityPerFix: Double
  /// Signal gaps (no fixes) of 2-15 s per hour.
  public var gapsPerHour: Double
  /// Share of epochs lost to extra 1-3 s gaps (urban canyon: 10 %, within the 5-15 % observed).
  public var shortGapEpochShare: Double
  /// Share of events (ramps and spikes) whose reported accuracy is inflated 3-10 times.
  public var inflatedAccuracyShare: Double
  /// Probability that the first fix after a gap of over 10 s is a 20-200 m spike.
  public var afterGapSpikeProbability: Double
  /// iOS: probability per gap that the last fix is repeated every second during it.
  public var gapRepeatProbability: Double
  /// Probability per recording that a phone first reports a stale cached fix.
  public var cachedStartProbability: Double
  /// Probability per recording of a cold start (time to first fix 30-60 s instead of 1-15 s).
  public var coldStartProbability: Double
  /// Phones: probability per epoch of repeating the previous position while the true speed is
  /// under 0.3 m/s.
  public var staticHoldProbability: Double
  /// Probability per fix that it carries the previous fix's timestamp.
  public var duplicateTimestampProbability: Double
  /// Probability per fix that it is delivered after the next one.
  public var outOfOrderProbability: Double
  /// Probability per fix of a reported speed of 0.0 while moving.
  public var spuriousZeroSpeedProbability: Double
  /// Scripted gaps (tunnels, indoors), in seconds from the start.
  public var tunnels: [ClosedRange<Double>]
  /// Seconds between traffic-light stops of 20-45 s, or `nil` for none (the default except on
  /// the street grid, where it is 300 s).
  public var stopsEverySeconds: Double?
  /// Length in seconds of a stop in the middle of the recording, or 0 for none.
  public var middleStopSeconds: Double

  /// Creates a configuration with the event knobs of the environment's column in
  /// `shared/ERROR-MODEL.md` (halved for a dual-frequency phone).
  ///
  /// - Parameters:
  ///   - environment: The surroundings.
  ///   - device: The receiver class.
  ///   - platform: The location API conventions.
  ///   - activity: The activity (walking 1.4, running 3.0, cycling 6, driving 12 m/s cruise).
  ///   - route: The route's geometry; its length defaults to 3 km (street grid), 1 km
  ///     (out-and-back), 400 m (track), 1.5 km (switchbacks), 2 km (hill), 7 km (mountain
  ///     road).
  ///   - durationSeconds: Length of the recording in seconds.
  ///   - seed: Seed of every random choice.
  public init(
    environment: SimulatedEnvironment = .suburban,
    device: SimulatedDevice = .phone,
    platform: SimulatedPlatform = .iOS,
    activity: ActivityKind = .running,
    route: RouteShape = .streetGrid,
    durationSeconds: Int = 2_700,
    seed: UInt64 = 1
  ) {
    self.environment = environment
    self.device = device
    self.platform = platform
    altimeter = device == .watch ? .barometric : .gnss
    self.activity = activity
    self.route = route
    self.durationSeconds = durationSeconds
    self.seed = seed
    origin = Coordinate(latitudeDegrees: 52.2297, longitudeDegrees: 21.0122)
    startDate = Date(timeIntervalSince1970: 1_790_000_000)
    sampleIntervalSeconds = 1
    switch route {
    case .streetGrid: routeLengthMeters = 3_000
    case .outAndBackWithHairpin: routeLengthMeters = 1_000
    case .athleticsTrack: routeLengthMeters = 400
    case .switchbacks: routeLengthMeters = 1_500
    case .hill: routeLengthMeters = 2_000
    case .mountainRoad: routeLengthMeters = 7_000
    case .polyline: routeLengthMeters = 0
    }
    let rates: (ramps: Double, spike: Double, gaps: Double, shortGaps: Double) =
      switch environment {
      case .openSky: (0.5, 1e-4, 0.5, 0)
      case .suburban: (2, 3e-4, 2, 0)
      case .urbanCanyon: (6, 1e-3, 6, 0.10)
      case .forest: (3, 5e-4, 3, 0)
      }
    let scale = device == .dualFrequencyPhone ? 0.5 : 1
    rampEventsPerHour = rates.ramps * scale
    spikeProbabilityPerFix = rates.spike * scale
    gapsPerHour = rates.gaps * scale
    shortGapEpochShare = rates.shortGaps * scale
    inflatedAccuracyShare = 0.5
    afterGapSpikeProbability = 0.3
    gapRepeatProbability = 0.3
    cachedStartProbability = 0.3
    coldStartProbability = 0.2
    staticHoldProbability = 0.5
    duplicateTimestampProbability = 1e-4
    outOfOrderProbability = 1e-4
    spuriousZeroSpeedProbability = 0.002
    tunnels = []
    stopsEverySeconds = route == .streetGrid ? 300 : nil
    middleStopSeconds = 60
  }

  /// The error model's Gaussian parameters for this environment and device.
  public var errorParameters: ErrorModelParameters {
    ErrorModelParameters(environment: environment, device: device)
  }
}
