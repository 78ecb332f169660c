/// The thresholds of a ``FixGate``: one named knob per rule, each of which can be turned off.
///
/// A knob that is `nil` (or `false` for the switches) disables its rule. The rules run in a fixed
/// order and the first that refuses a fix names the ``RejectionReason``:
///
/// 1. coordinates out of range or non-finite (always on: no later stage can use such a position),
///    then (0, 0) (``rejectsNullIsland``);
/// 2. a missing timestamp (``acceptsMissingTimestamp``);
/// 3. a network source (``rejectsNetworkSource``);
/// 4. invalid or unknown accuracy (``rejectsInvalidAccuracy``, ``acceptsUnknownAccuracy``),
///    then the receiver's own word: too few satellites (``minimumSatellitesUsed``) or no 3-D
///    fix (``rejectsWithoutThreeDimensionalFix``);
/// 5. staleness at arrival (``maximumFixAgeSeconds``);
/// 6. duplicate and out-of-order times (``rejectsDuplicateTimestamps``,
///    ``rejectsOutOfOrderTimestamps``);
/// 7. the warm-up window (``warmUpSeconds``);
/// 8. the accuracy ceiling (``maximumHorizontalAccuracyMeters``, looser during
///    ``startupAccuracyWindowSeconds`` with ``startupMaximumHorizontalAccuracyMeters``);
/// 9. the start-up speed clamp (``startupMaximumSpeedMetersPerSecond``);
/// 10. implied speed and implied acceleration against the gate's prediction
///     (``maximumSpeedMetersPerSecond``, ``maximumAccelerationMetersPerSecondSquared``), with
///     re-anchoring (``reanchorGapSeconds``, ``reanchorAfterConsecutiveRejections``).
///
/// Rules that need a time (5 to 10) are skipped for a fix without one, so that files without
/// times still give a route and a distance. Staleness also needs the arrival time, which files
/// never have.
///
/// The memberwise initializer's defaults turn every optional rule off. Use the presets
/// (``runningApp``, ``walkingApp``, ``speedometer``, ``fitnessTracker``) to reproduce common
/// practice, and ``defaults(for:)`` for TrackSift's own thresholds.
public struct FixGateConfiguration: Sendable, Hashable, Codable {
  // MARK: Coordinates

  /// Refuse a fix at exactly (0, 0), which broken receivers emit for "no position"
  /// (``RejectionReason/nullIsland``).
  public var rejectsNullIsland: Bool

  // MARK: Time

  /// Accept a fix without a timestamp; the rules that need a time are then skipped for it.
  /// When `false`, such a fix is refused with ``RejectionReason/missingTimestamp``. Files without
  /// times need `true` to give a distance at all.
  public var acceptsMissingTimestamp: Bool
  /// Refuse a fix whose time equals the last accepted fix's time
  /// (``RejectionReason/duplicateTimestamp``).
  public var rejectsDuplicateTimestamps: Bool
  /// Refuse a fix whose time is earlier than the last accepted fix's time
  /// (``RejectionReason/outOfOrder``). Ordering always uses the fix's own time, never its
  /// arrival time.
  public var rejectsOutOfOrderTimestamps: Bool
  /// Oldest acceptable fix, in seconds between the fix's time and its arrival time
  /// (``RejectionReason/stale``): refuses cached fixes. Skipped when the fix has no arrival time
  /// (files). A fix time later than its arrival (clock skew) is never stale.
  public var maximumFixAgeSeconds: Double?
  /// Length in seconds of the warm-up window after the session start in which every fix is
  /// refused (``RejectionReason/warmUp``); the first fixes of a cold receiver are the worst.
  /// A fix timed before the session start counts as inside the window. When the gate follows
  /// a clock that jumped back (see ``reanchorGapSeconds``) the session time runs on, so the
  /// window does not reopen.
  public var warmUpSeconds: Double?

  // MARK: Source

  /// Refuse cell-tower and Wi-Fi positions (``FixSource/network``,
  /// ``RejectionReason/networkSource``). Fused positions are not refused.
  public var rejectsNetworkSource: Bool

  // MARK: Accuracy

  /// Refuse a negative or infinite horizontal accuracy (``RejectionReason/invalidAccuracy``).
  /// When `false`, such a value passes this rule and meets the ceiling as it is (a negative
  /// value passes it, as in apps that only test `accuracy > ceiling`).
  public var rejectsInvalidAccuracy: Bool
  /// Accept a fix whose accuracy is unknown: absent, NaN or zero. Zero is never read as
  /// perfect. When `false`, such a fix is refused with ``RejectionReason/invalidAccuracy``.
  /// Most files carry no accuracy, so batch analysis needs `true`.
  public var acceptsUnknownAccuracy: Bool
  /// Fewest satellites used in the solution for a fix to be accepted
  /// (``RejectionReason/tooFewSatellites``); a fix that does not say how many passes. A
  /// position and a receiver clock need four: with fewer the receiver extrapolates (the
  /// speed-sailing logs of `spikes/` carry their spikes at 0-4 satellites, their sailing at
  /// 6-24).
  public var minimumSatellitesUsed: Int?
  /// Refuse a fix whose receiver said it had no fix or a two-dimensional one
  /// (``RejectionReason/noThreeDimensionalFix``); a fix that does not say passes.
  public var rejectsWithoutThreeDimensionalFix: Bool
  /// Accuracy ceiling in meters after the start-up window
  /// (``RejectionReason/accuracyAboveCeiling``). Unknown accuracy is not tested against it.
  public var maximumHorizontalAccuracyMeters: Double?
  /// Looser accuracy ceiling in meters in force during the first
  /// ``startupAccuracyWindowSeconds`` of the session, so that a display can show something while
  /// the receiver converges. A fix without time is held to ``maximumHorizontalAccuracyMeters``.
  public var startupMaximumHorizontalAccuracyMeters: Double?
  /// Length in seconds, from the session start, of the looser start-up accuracy ceiling.
  public var startupAccuracyWindowSeconds: Double

  // MARK: Start-up speed

  /// Highest plausible speed in meters per second during the first
  /// ``startupSpeedWindowSeconds`` of the session (``RejectionReason/startupSpeed``). Both the
  /// reported (Doppler) speed and the speed implied by the step from the last accepted fix
  /// (beyond the accuracy allowance) are tested: a cached or spiky start must not launch a
  /// speedometer.
  public var startupMaximumSpeedMetersPerSecond: Double?
  /// Length in seconds, from the session start, of the start-up speed clamp.
  public var startupSpeedWindowSeconds: Double

  // MARK: Jumps

  /// Highest plausible speed in meters per second (``RejectionReason/impliedSpeed``). The next
  /// fix must lie within `maximumSpeed * elapsed + allowance` of the last accepted position,
  /// where the allowance is `accuracyAllowanceFactor * (both accuracies) + jumpMarginMeters`;
  /// the reachable region grows with the elapsed time, so a gap alone cannot lock the gate.
  public var maximumSpeedMetersPerSecond: Double?
  /// Highest plausible acceleration in meters per second squared
  /// (``RejectionReason/impliedAcceleration``). The next fix must lie near the position
  /// predicted from the last accepted position and velocity: within the acceleration's reach
  /// plus the allowance, which also grows with the velocity's uncertainty times the elapsed
  /// time. Needs a velocity, so it starts with the second accepted fix.
  public var maximumAccelerationMetersPerSecondSquared: Double?
  /// Multiplier of the accuracies (one-sigma-like radii) in the jump allowance; about 2 covers
  /// nearly all honest fixes, 0 reproduces gates that ignore accuracy.
  public var accuracyAllowanceFactor: Double
  /// Fixed slack in meters added to the jump allowance.
  public var jumpMarginMeters: Double
  /// Accuracy in meters assumed, in the jump allowance only, for a fix whose accuracy is unknown.
  public var assumedAccuracyMeters: Double
  /// Predict with the reported (Doppler) speed and course of the last accepted fix when it has
  /// both; otherwise the velocity comes from the last two accepted positions.
  public var predictsWithReportedVelocity: Bool
  /// Time gap in seconds beyond which the jump rules are skipped and the gate re-anchors on
  /// the new fix (the person may have taken a car during a pause). Also, a clock that jumped
  /// back by more than this is followed after ``reanchorAfterConsecutiveRejections`` fixes.
  public var reanchorGapSeconds: Double?
  /// After this many consecutive jump rejections whose fixes agree with one another (each
  /// reachable from the one before within the speed limit), the next agreeing fix becomes the
  /// new anchor, so that a wrong anchor or a real jump cannot lock the gate shut. Scattered
  /// spikes do not agree with one another and never re-anchor. Values below 1 act as 1.
  public var reanchorAfterConsecutiveRejections: Int?

  // MARK: Motion layer

  /// Number of accepted fixes the speed layer waits for before it shows any speed. The gate
  /// does not use it (see ``FixGate/isSpeedAvailable``); it lives here so that one preset
  /// carries the whole practice.
  public var minimumAcceptedFixesBeforeSpeed: Int

  /// Creates a configuration; every rule not given is off.
  ///
  /// - Parameters: see the properties of the same names; seconds, meters and meters per second
  ///   as their names say.
  public init(
    rejectsNullIsland: Bool = false,
    acceptsMissingTimestamp: Bool = true,
    rejectsDuplicateTimestamps: Bool = false,
    rejectsOutOfOrderTimestamps: Bool = false,
    maximumFixAgeSeconds: Double? = nil,
    warmUpSeconds: Double? = nil,
    rejectsNetworkSource: Bool = false,
    rejectsInvalidAccuracy: Bool = false,
    acceptsUnknownAccuracy: Bool = true,
    minimumSatellitesUsed: Int? = nil,
    rejectsWithoutThreeDimensionalFix: Bool = false,
    maximumHorizontalAccuracyMeters: Double? = nil,
    startupMaximumHorizontalAccuracyMeters: Double? = nil,
    startupAccuracyWindowSeconds: Double = 0,
    startupMaximumSpeedMetersPerSecond: Double? = nil,
    startupSpeedWindowSeconds: Double = 0,
    maximumSpeedMetersPerSecond: Double? = nil,
    maximumAccelerationMetersPerSecondSquared: Double? = nil,
    accuracyAllowanceFactor: Double = 2,
    jumpMarginMeters: Double = 10,
    assumedAccuracyMeters: Double = 10,
    predictsWithReportedVelocity: Bool = true,
    reanchorGapSeconds: Double? = nil,
    reanchorAfterConsecutiveRejections: Int? = nil,
    minimumAcceptedFixesBeforeSpeed: Int = 0
  ) {
    self.rejectsNullIsland = rejectsNullIsland
    self.acceptsMissingTimestamp = acceptsMissingTimestamp
    self.rejectsDuplicateTimestamps = rejectsDuplicateTimestamps
    self.rejectsOutOfOrderTimestamps = rejectsOutOfOrderTimestamps
    self.maximumFixAgeSeconds = maximumFixAgeSeconds
    self.warmUpSeconds = warmUpSeconds
    self.rejectsNetworkSource = rejectsNetworkSource
    self.rejectsInvalidAccuracy = rejectsInvalidAccuracy
    self.acceptsUnknownAccuracy = acceptsUnknownAccuracy
    self.minimumSatellitesUsed = minimumSatellitesUsed
    self.rejectsWithoutThreeDimensionalFix = rejectsWithoutThreeDimensionalFix
    self.maximumHorizontalAccuracyMeters = maximumHorizontalAccuracyMeters
    self.startupMaximumHorizontalAccuracyMeters = startupMaximumHorizontalAccuracyMeters
    self.startupAccuracyWindowSeconds = startupAccuracyWindowSeconds
    self.startupMaximumSpeedMetersPerSecond = startupMaximumSpeedMetersPerSecond
    self.startupSpeedWindowSeconds = startupSpeedWindowSeconds
    self.maximumSpeedMetersPerSecond = maximumSpeedMetersPerSecond
    self.maximumAccelerationMetersPerSecondSquared = maximumAccelerationMetersPerSecondSquared
    self.accuracyAllowanceFactor = accuracyAllowanceFactor
    self.jumpMarginMeters = jumpMarginMeters
    self.assumedAccuracyMeters = assumedAccuracyMeters
    self.predictsWithReportedVelocity = predictsWithReportedVelocity
    self.reanchorGapSeconds = reanchorGapSeconds
    self.reanchorAfterConsecutiveRejections = reanchorAfterConsecutiveRejections
    self.minimumAcceptedFixesBeforeSpeed = minimumAcceptedFixesBeforeSpeed
  }
}
