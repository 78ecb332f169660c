/// The clock of a recording whose clock was set back: times after the set back run on from
/// where the clock stood, so that what comes after it has its own duration.
///
/// The gate follows a clock set back far for good once enough fixes agree (a time zone or
/// network time correction; `FixGate`'s re-anchoring), and the fixes after it are measured on
/// the new clock. Counted on the old one, their seconds were already counted and added
/// nothing, while their distance did: a 20-minute run set back an hour read 19:59 moving for
/// 80 minutes of running, a pace of 1:23 /km and a maximum of 1,300 km/h.
struct SetBackClock: Sendable, Hashable {
  /// How far the times are moved forward, in seconds: the sum of the set backs so far.
  private(set) var offsetSeconds = 0.0

  /// A time on the running clock.
  func shifted(_ timeSeconds: Double) -> Double { timeSeconds + offsetSeconds }

  /// The sample's time on the running clock; a time before the previous sample's (on that
  /// clock) is a set back, from which the clock runs on: the sample takes the previous time.
  mutating func sampleTime(_ timeSeconds: Double, after previousSeconds: Double?) -> Double {
    let time = shifted(timeSeconds)
    guard let previousSeconds, time < previousSeconds else { return time }
    offsetSeconds += previousSeconds - time
    return previousSeconds
  }
}
