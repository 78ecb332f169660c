/// The operating system whose location API conventions the simulated fixes follow.
///
/// - iOS: `horizontalAccuracy` is the 2D RMS radius (k·√2·σ), cell fixes at 1414 m, speed 0
///   below about 0.3-0.5 m/s, and during a signal gap either silence or (p = 0.3 per gap) the last
///   fix repeated every second with its old timestamp, speed 0 and an accuracy over 100 m.
/// - Android: `getAccuracy()` is the 68 % radius (k·1.51·σ), network (NLP) fixes at 15-130 m,
///   silence during gaps.
///
/// Watches get no network fixes on either platform.
public enum SimulatedPlatform: String, Sendable, Hashable, CaseIterable, Codable {
  /// Apple's Core Location conventions.
  case iOS
  /// Android's `LocationManager` / fused provider conventions.
  case android
}
