import Foundation

/// How ``GPSDClient`` waits between connection attempts: exponential back-off with a cap.
///
/// After the `n`th consecutive failure the client waits
/// `min(initialDelaySeconds × multiplierⁿ⁻¹, maximumDelaySeconds)`: 0.25, 0.5, 1, 2, 4, 5, 5 …
/// seconds with the defaults. The count starts again once a connection delivers a fix, so
/// a gpsd restart is retried after the initial delay, while a gpsd that accepts connections
/// and closes them (with or without a greeting) is retried ever more slowly.
public struct GPSDReconnectPolicy: Sendable, Hashable {
  /// The wait after the first failure, in seconds.
  public var initialDelaySeconds: Double
  /// The longest wait, in seconds.
  public var maximumDelaySeconds: Double
  /// The factor between consecutive waits.
  public var multiplier: Double
  /// How many consecutive failures are retried before the stream ends with the last error;
  /// `nil` (the default) retries for ever, 0 never retries.
  public var maximumRetries: Int?

  /// Creates a policy; the defaults wait 0.25 s, doubling up to 5 s, for ever.
  public init(
    initialDelaySeconds: Double = 0.25,
    maximumDelaySeconds: Double = 5,
    multiplier: Double = 2,
    maximumRetries: Int? = nil
  ) {
    self.initialDelaySeconds = initialDelaySeconds
    self.maximumDelaySeconds = maximumDelaySeconds
    self.multiplier = multiplier
    self.maximumRetries = maximumRetries
  }

  /// The wait in seconds before retry number `attempt` (from 1), never negative.
  /// - Complexity: O(1).
  public func delaySeconds(forAttempt attempt: Int) -> Double {
    let exponent = Double(max(attempt, 1) - 1)
    let delay = min(initialDelaySeconds * pow(multiplier, exponent), maximumDelaySeconds)
    return delay.isNaN ? 0 : max(delay, 0)
  }
}
