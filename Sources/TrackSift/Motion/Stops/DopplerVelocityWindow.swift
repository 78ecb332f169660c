/// The Doppler velocities reported over the few seconds up to the latest reading, and the speed
/// of their mean.
/// A watch's Doppler at a standstill in a city reads 0.5-1 m/s, too noisy to trust reading by
/// reading; but the noise points every way and averages out, while a walk keeps its heading.
struct DopplerVelocityWindow: Sendable {
  private struct Reading: Sendable {
    var timeSeconds: Double
    var velocity: Velocity
  }

  /// How far back from the latest reading, in seconds, readings count; and how old the latest
  /// reading may be.
  var windowSeconds: Double
  // At 1 Hz a window of a few seconds holds a handful; a faster receiver's oldest readings
  // are overwritten.
  private var readings = FixedCapacityRingBuffer<Reading>(capacity: 32)

  init(windowSeconds: Double) {
    self.windowSeconds = windowSeconds
  }

  /// Adds the velocity reported at `timeSeconds`, if any and finite, and forgets the readings
  /// that no longer count.
  mutating func update(timeSeconds: Double, velocity: Velocity?) {
    if let velocity, velocity.isFinite {
      readings.append(Reading(timeSeconds: timeSeconds, velocity: velocity))
    }
    // A fix without a reading (the first after a short gap, a speed without a course) still
    // sees the readings just before it.
    guard let newest = readings.last else { return }
    if timeSeconds - newest.timeSeconds > windowSeconds {
      readings.removeAll()
      return
    }
    while let oldest = readings.first, newest.timeSeconds - oldest.timeSeconds > windowSeconds {
      readings.removeFirst(1)
    }
  }

  /// The speed of the mean velocity of the readings in the window, in meters per second;
  /// `nil` for fewer than three.
  var meanSpeedMetersPerSecond: Double? {
    guard readings.count >= 3 else { return nil }
    return Velocity.mean(readings.lazy.map(\.velocity))?.speedMetersPerSecond
  }
}
