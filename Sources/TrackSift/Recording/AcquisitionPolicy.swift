/// What a platform adapter should ask of the location service (CoreLocation on Apple systems,
/// gpsd on Linux), published by the ``Recorder`` as it changes.
///
/// Warm-up asks for the best accuracy with no distance filter until a reliable fix; tracking
/// then adds a distance filter (the platform delivers a fix only after that much movement) and
/// allows deferred, batched delivery; when nothing is recorded, no location work is needed.
public struct AcquisitionPolicy: Sendable, Hashable, Codable {
  /// The phase the policy belongs to.
  public enum Phase: String, Sendable, Hashable, Codable {
    /// No location work needed (idle or finished).
    case off
    /// Waiting for a reliable fix.
    case warmUp
    /// Recording.
    case tracking
  }

  /// The phase.
  public var phase: Phase
  /// The accuracy to request in meters; `nil` means the best the device can give.
  public var desiredAccuracyMeters: Double?
  /// Deliver a fix only after moving this many meters; `nil` means every fix.
  public var distanceFilterMeters: Double?
  /// Whether the platform may defer and batch fixes (saves battery; the recorder takes fixes
  /// in any batch size, judging them by their own times).
  public var allowsDeferredDelivery: Bool

  /// Creates a policy.
  public init(
    phase: Phase, desiredAccuracyMeters: Double? = nil, distanceFilterMeters: Double? = nil,
    allowsDeferredDelivery: Bool = false
  ) {
    self.phase = phase
    self.desiredAccuracyMeters = desiredAccuracyMeters
    self.distanceFilterMeters = distanceFilterMeters
    self.allowsDeferredDelivery = allowsDeferredDelivery
  }

  /// No location work.
  public static let off = AcquisitionPolicy(phase: .off)
  /// Best accuracy, every fix.
  public static let warmUp = AcquisitionPolicy(phase: .warmUp)

  /// Tracking with a distance filter.
  ///
  /// - Parameter distanceFilterMeters: the distance filter, e.g. 5 m for walking.
  public static func tracking(distanceFilterMeters: Double?) -> AcquisitionPolicy {
    AcquisitionPolicy(
      phase: .tracking, distanceFilterMeters: distanceFilterMeters, allowsDeferredDelivery: true)
  }
}
