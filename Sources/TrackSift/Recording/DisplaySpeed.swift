/// The speed and pace a live display shows, from the newest fixes without waiting for the
/// look-ahead: a gate of its own, reported speed first with a derived fallback, and the
/// time-aware current pace. Reads 0 until the gate allows a speed and, at the start of a
/// recording, until ``launchReadings`` speeds have come; adds only trusted speeds
/// (``SpeedCorroboration``, without look-ahead: nothing while the receiver reconverges after a
/// signal loss, nothing at too few satellites or too high an HDOP, nothing beyond the
/// activity's acceleration).
///
/// Package access: the accuracy lab replays it to score what the display shows.
package struct DisplaySpeed: Sendable {
  private var gate: FixGate
  private var speed: SpeedEstimator
  private var pace: CurrentPaceEstimator
  private var lastTimeSeconds: Double?
  private var judge: SpeedCorroboration
  /// Speeds taken since the recording started (not reset by a pause).
  private var readingsTaken = 0

  /// How many speeds the display takes at the start of a recording before it shows one. A
  /// watch's Doppler in a city is noisy (0.9 m/s stated): a single reading can be 1.2 m/s
  /// above the truth, and the first one would be shown alone at the launch. The average of
  /// three is not; after a pause the display shows the first speed again.
  static let launchReadings = 3

  package init(configuration: RecorderConfiguration) {
    gate = FixGate(configuration: configuration.displayGate)
    speed = SpeedEstimator(configuration: configuration.profile.speed)
    judge = SpeedCorroboration(profile: configuration.profile)
    pace = CurrentPaceEstimator(configuration: configuration.profile.pace)
  }

  /// Takes a fix; returns whether the display's gate accepted it.
  @discardableResult
  package mutating func update(with fix: Fix) -> Bool {
    let fix = fix.withAccuracyFromDilution
    let gateVerdict = gate.evaluate(fix)
    guard gateVerdict.isAccepted else {
      judge.recordRefusal(fix, reason: gateVerdict.rejectionReason)
      return false
    }
    guard let time = fix.timeSeconds else { return true }
    let reported = SpeedCorroboration.reportedSpeed(of: fix)
    var verdict = reported.map {
      judge.verdict(
        for: fix, speedMetersPerSecond: $0, isReported: true, upcoming: EmptyCollection())
    }
    let estimate = speed.update(
      timeSeconds: time, coordinate: fix.coordinate,
      reportedSpeedMetersPerSecond: verdict == .trusted ? fix.validSpeedMetersPerSecond : nil)
    if reported == nil, let estimate {
      verdict = judge.verdict(
        for: fix, speedMetersPerSecond: estimate.metersPerSecond, isReported: false,
        upcoming: EmptyCollection())
    }
    let judged = verdict ?? .unjudged
    judge.record(
      fix, speedMetersPerSecond: reported ?? estimate?.metersPerSecond, verdict: judged)
    if gate.isSpeedAvailable, judged.isTrusted, let estimate {
      pace.add(timeSeconds: time, speedMetersPerSecond: estimate.metersPerSecond)
      readingsTaken += 1
    }
    lastTimeSeconds = time
    return true
  }

  /// Takes a fix the display does not show, because the recording is paused: the receiver
  /// went on delivering, so resuming is no signal loss.
  mutating func observeWhilePaused(_ fix: Fix) {
    judge.record(fix, speedMetersPerSecond: nil, verdict: .unjudged)
  }

  /// The speed in meters per second (0 when unknown or standing) and the current pace in
  /// seconds per kilometer (`nil` when standing or unknown), some seconds after the last fix.
  func reading(afterSeconds seconds: Double) -> (speedMetersPerSecond: Double, pace: Double?) {
    guard let speed = speedMetersPerSecond(afterSeconds: seconds) else { return (0, nil) }
    let secondsPerKilometer =
      pace.isStopped
      ? nil : PaceFormatter.secondsPerUnit(fromMetersPerSecond: speed, unit: .kilometer)
    return (speed, secondsPerKilometer)
  }

  /// The current speed some seconds after the last fix, in meters per second; `nil` while
  /// no speed is known yet (the display reads 0).
  package func speedMetersPerSecond(afterSeconds seconds: Double) -> Double? {
    guard let lastTimeSeconds, readingsTaken >= Self.launchReadings else { return nil }
    return pace.speedMetersPerSecond(atTimeSeconds: lastTimeSeconds + seconds)
  }

  /// Starts afresh after a pause or an interrupted source.
  package mutating func startSegment() {
    gate.beginNewSegment()
    speed.reset()
    pace.reset()
    lastTimeSeconds = nil
  }
}
