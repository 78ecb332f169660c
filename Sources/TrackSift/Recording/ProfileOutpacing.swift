/// Watches a recording for a speed its profile's gate refuses, held for
/// ``HeldSpeed/holdSeconds`` (a drive recorded with the running profile), and tells it once:
/// the recorder may refuse the faster fixes, and the person should know why.
struct ProfileOutpacing: Sendable {
  /// The fastest speed the profile's gate takes, in meters per second; `nil` takes any.
  let maximumMetersPerSecond: Double?
  /// The speed held so far; `nil` once told.
  private var heldSpeed: HeldSpeed? = HeldSpeed()

  init(profile: ActivityProfile) {
    maximumMetersPerSecond = profile.gate.maximumSpeedMetersPerSecond
  }

  /// Takes every fix as it arrives; gives the event's kind the first time the held speed
  /// passes the gate's maximum.
  mutating func observe(_ fix: Fix) -> RecorderEvent.Kind? {
    heldSpeed?.add(timeSeconds: fix.timeSeconds, coordinate: fix.coordinate)
    guard let held = heldSpeed?.highestMetersPerSecond, let maximum = maximumMetersPerSecond,
      held > maximum
    else { return nil }
    heldSpeed = nil
    return .profileOutpaced(heldMetersPerSecond: held, maximumMetersPerSecond: maximum)
  }

  /// A new segment: no stretch holds across it.
  mutating func breakRun() {
    heldSpeed?.breakRun()
  }
}
