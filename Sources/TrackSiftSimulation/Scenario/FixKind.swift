/// Why a simulated fix looks the way it does: the label the evaluation scores filters against.
public enum FixKind: String, Sendable, Hashable, CaseIterable, Codable {
  /// A normal satellite fix: only the Gaussian error (wander, chip low pass, white noise).
  case good
  /// A single-fix outlier of 30-300 m, or the first fix after a gap of over 10 s when it is one
  /// (20-200 m); the next fix is normal.
  case spike
  /// Part of a ramp-and-snap event: the error grows at a few m/s for 4-8 s, then snaps back.
  case rampAndSnap
  /// The first fix after a gap of over 10 s that is not a spike: its error starts at 2-3 times
  /// the usual and decays with a 20 s time constant over the following fixes.
  case firstAfterGap
  /// A stale position from before the session (seconds to hours old, up to 50 km away).
  case cachedStart
  /// A cell or Wi-Fi position at the session start.
  case network
  /// The previous position repeated while standing still, with speed 0.
  case staticHold
  /// A fix carrying the timestamp of the fix before it, or an iOS repeat of the last fix during
  /// a signal gap (old timestamp, speed 0, accuracy over 100 m).
  case duplicateTimestamp
  /// A fix delivered after the fix that follows it in time.
  case outOfOrder
}
