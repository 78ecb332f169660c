import Foundation

/// Shows a fix's ``SignalQuality`` once the fixes have shown it for a while (at once when the
/// display says searching), so an accuracy hovering at a limit does not flicker.
struct SignalQualityHold: Sendable {
  /// A quality the newest fixes show but that has not held long enough to be shown.
  private var candidate: (quality: SignalQuality, since: Date)?

  /// The quality to show after a fix arrived, or `nil` to keep showing the one shown.
  /// - Parameters:
  ///   - quality: the fix's signal quality.
  ///   - shown: the quality shown.
  ///   - now: the fix's arrival.
  ///   - holdSeconds: how long a new quality must hold before it is shown.
  mutating func quality(
    after quality: SignalQuality, shown: SignalQuality, at now: Date, holdSeconds: Double
  ) -> SignalQuality? {
    guard quality != shown else {
      candidate = nil
      return nil
    }
    if candidate?.quality != quality { candidate = (quality, now) }
    let heldSeconds = now.timeIntervalSince(candidate?.since ?? now)
    guard shown == .searching || heldSeconds >= holdSeconds else { return nil }
    candidate = nil
    return quality
  }
}
