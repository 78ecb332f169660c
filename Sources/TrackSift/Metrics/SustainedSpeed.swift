/// The highest speed held over a stretch of moving time: the moving intervals, in order, are
/// cut into consecutive stretches of at least ``stretchSeconds``; the last stretch, shorter,
/// is joined to the one before it. Since the stretches cover every counted interval, the
/// overall average (their distance over their time) is never above the highest of them.
///
/// - Complexity: O(1) per interval, no allocation.
struct SustainedSpeed: Sendable, Hashable {
  /// Thirty seconds: the few meters of error of a good fix move a 30-second average by a
  /// tenth of a meter per second at most, while a stretch that short still shows a sprint.
  static let stretchSeconds = 30.0

  private var highestClosedMetersPerSecond: Double?
  private var lastClosedMeters = 0.0
  private var lastClosedSeconds = 0.0
  private var openMeters = 0.0
  private var openSeconds = 0.0

  /// Adds one counted interval.
  mutating func add(meters: Double, seconds: Double) {
    openMeters += meters
    openSeconds += seconds
    guard openSeconds >= Self.stretchSeconds else { return }
    if lastClosedSeconds > 0 {
      let speed = lastClosedMeters / lastClosedSeconds
      highestClosedMetersPerSecond = max(highestClosedMetersPerSecond ?? speed, speed)
    }
    lastClosedMeters = openMeters
    lastClosedSeconds = openSeconds
    openMeters = 0
    openSeconds = 0
  }

  /// The highest stretch speed in meters per second, or `nil` before any moving time.
  var highestMetersPerSecond: Double? {
    let seconds = openSeconds + lastClosedSeconds
    guard seconds > 0 else { return highestClosedMetersPerSecond }
    let speed = (openMeters + lastClosedMeters) / seconds
    return max(highestClosedMetersPerSecond ?? speed, speed)
  }
}
