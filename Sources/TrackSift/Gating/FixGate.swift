import Foundation

/// Gives every fix a ``Verdict``: accepted, or rejected with a stable ``RejectionReason``.
///
/// The gate is the first stage of the pipeline, live and in batch. Its rules and thresholds are
/// in ``Configuration`` (see its documentation for the order in which the rules run).
///
/// Time: ordering, elapsed time and speed use the fix's own ``Fix/timeSeconds`` only; the
/// arrival time is used only to judge staleness, because the device clock can jump. The
/// session starts at the time of the first fix that passes the rules that need no history
/// (coordinates, time present, source, accuracy validity, staleness), or at
/// ``startSession(at:)``; the warm-up window and the start-up limits count from there.
///
/// Jumps: the gate keeps the last accepted position, time and accuracy, and a velocity (the
/// reported Doppler velocity of the last accepted fix, or the step between the last two
/// accepted fixes). From them it predicts where the next fix can be: within
/// `maximumSpeed * elapsed` of the last accepted position (implied speed), and within the
/// reach of the maximum acceleration around the position extrapolated with the velocity
/// (implied acceleration). Both regions are widened by `accuracyAllowanceFactor` times both
/// fixes' accuracies plus a margin, and grow with the elapsed time, so a gap alone never locks
/// the gate; this is the kinematic validation gate of target tracking (Bar-Shalom, Li and
/// Kirubarajan 2001, "Estimation with Applications to Tracking and Navigation", ch. 5). In
/// addition the gate re-anchors on a new fix after a gap longer than
/// ``FixGateConfiguration/reanchorGapSeconds``, or after
/// ``FixGateConfiguration/reanchorAfterConsecutiveRejections`` rejected fixes that agree with
/// one another (a real jump, or a wrong anchor); ``lastAcceptanceReanchored`` then tells the
/// motion layer not to bridge that step.
///
/// State: a rejected fix changes nothing but the counts, the rejection streak (its counter and
/// the position of the last rejected fix, which the next one must agree with) and, for the
/// first fix of a session, the session start.
///
/// - Complexity: evaluating one fix is O(1), without allocation.
public struct FixGate: Sendable {
  /// The gate's thresholds.
  public typealias Configuration = FixGateConfiguration

  /// The thresholds in force; may be changed between fixes.
  public var configuration: Configuration
  /// Counts of every verdict given since the creation or the last ``reset()``.
  public private(set) var counts = VerdictCounts()
  /// Number of fixes accepted since the creation or the last ``reset()``.
  public private(set) var acceptedFixCount = 0
  /// Number of consecutive jump rejections (implied speed or acceleration, or a clock jump
  /// back by more than the re-anchor gap) whose fixes agree with one another. Reset by an
  /// accepted fix.
  public private(set) var consecutiveJumpRejections = 0
  /// Number of times the gate re-anchored (after a gap or a streak of agreeing rejections).
  public private(set) var reanchorCount = 0
  /// True when the last evaluated fix was accepted as a new anchor, without a jump check, after
  /// a gap or a streak of agreeing rejections: the step from the previous accepted fix is not
  /// trustworthy and should not be bridged.
  public private(set) var lastAcceptanceReanchored = false
  /// The last accepted fix.
  public private(set) var lastAcceptedFix: Fix?

  private var sessionStartSeconds: Double?
  private var anchor: Anchor?
  private var velocity: VelocityEstimate?
  private var candidate: Candidate?
  // Set by beginNewSegment(): the next fix is not compared with the last accepted one.
  private var continuityBroken = false
  // The state before the last acceptance, for overruleLastAcceptance(as:), while
  // `remembers` (a flag, not an optional: clearing an optional rewrote it for every fix).
  private var memory = Memory()
  private var remembers = false

  /// What the jump rules held before an acceptance.
  private struct Memory: Sendable {
    var anchor: Anchor?
    var velocity: VelocityEstimate?
    var candidate: Candidate?
    var consecutiveJumpRejections = 0
    var continuityBroken = false
    var lastAcceptedFix: Fix?
    var reanchorCount = 0
  }

  /// Speed accuracy assumed for a reported speed that comes without one (one sigma).
  private static let assumedReportedSpeedAccuracyMetersPerSecond = 2.0

  /// The last accepted fix, as the jump rules need it.
  struct Anchor: Sendable {
    var coordinate: Coordinate
    var timeSeconds: Double?
    var accuracyMeters: Double
  }

  /// The anchor's velocity, with its one-sigma uncertainty and its age: the time between the
  /// instant it describes and the anchor (half the step for a velocity from two positions, zero
  /// for a Doppler velocity).
  private struct VelocityEstimate: Sendable {
    var velocity: Velocity
    var uncertaintyMetersPerSecond: Double
    var ageSeconds: Double
  }

  /// The last fix rejected for a jump, which the next one must agree with to extend the streak.
  private struct Candidate: Sendable {
    var coordinate: Coordinate
    var timeSeconds: Double
    var accuracyMeters: Double
  }

  /// Creates a gate.
  ///
  /// - Parameter configuration: the thresholds, e.g. `.defaults(for: .running)`.
  public init(configuration: Configuration) {
    self.configuration = configuration
  }

  /// Creates a gate with TrackSift's thresholds for an activity
  /// (``FixGateConfiguration/defaults(for:)``).
  public init(activity: ActivityKind) {
    self.init(configuration: .defaults(for: activity))
  }

  /// The session start (see the type's documentation), or `nil` before the first timed fix.
  public var sessionStart: Date? {
    sessionStartSeconds.map { Date(timeIntervalSinceReferenceDate: $0) }
  }

  /// True when the speed layer may show a speed: at least
  /// ``FixGateConfiguration/minimumAcceptedFixesBeforeSpeed`` fixes have been accepted.
  public var isSpeedAvailable: Bool {
    acceptedFixCount >= configuration.minimumAcceptedFixesBeforeSpeed
  }

  /// Forgets everything but the configuration: a new session starts at the next timed fix.
  public mutating func reset() {
    self = FixGate(configuration: configuration)
  }

  /// Starts a new session at an explicit instant (e.g. when the user pressed start), forgetting
  /// everything but the configuration.
  ///
  /// - Parameter start: the session start; a non-finite instant leaves the start to the next
  ///   timed fix.
  public mutating func startSession(at start: Date) {
    reset()
    let seconds = start.timeIntervalSinceReferenceDate
    sessionStartSeconds = seconds.isFinite ? seconds : nil
  }

  /// Marks a segment boundary (a resume after a pause, or a new segment in a file): the next
  /// fix is not checked for a jump from the last accepted one, just as distance never bridges
  /// two segments. Ordering still applies.
  public mutating func beginNewSegment() {
    continuityBroken = true
  }

  /// Takes back the acceptance of the fix just evaluated, because a later stage (the position
  /// filter's innovation test) refused it: the jump rules forget the fix, as if the gate had
  /// rejected it, so a spike that slipped through never becomes the reference for the next fix.
  /// The counts move the fix to `reason`. Does nothing unless the last evaluated fix was accepted.
  ///
  /// - Complexity: O(1).
  public mutating func overruleLastAcceptance(as reason: RejectionReason) {
    guard remembers else { return }
    anchor = memory.anchor
    velocity = memory.velocity
    candidate = memory.candidate
    consecutiveJumpRejections = memory.consecutiveJumpRejections
    continuityBroken = memory.continuityBroken
    lastAcceptedFix = memory.lastAcceptedFix
    reanchorCount = memory.reanchorCount
    lastAcceptanceReanchored = false
    acceptedFixCount -= 1
    counts.reclassifyAcceptance(as: reason)
    remembers = false
  }

  /// Judges one fix and counts the verdict.
  ///
  /// - Parameter fix: the fix, in arrival order.
  /// - Returns: `.accepted`, or `.rejected` with the first rule that refused it.
  /// - Complexity: O(1), without allocation.
  public mutating func evaluate(_ fix: Fix) -> Verdict {
    let verdict = judge(fix)
    counts.record(verdict)
    return verdict
  }

  /// Judges fixes in order.
  ///
  /// - Parameter fixes: the fixes, in arrival (file) order.
  /// - Returns: one verdict per fix.
  /// - Complexity: O(n) for n fixes; one allocation for the result. About 100 ns a fix
  ///   (optimized build, one core of a 2-core x86-64 VM).
  @inlinable
  public mutating func evaluate(_ fixes: some Sequence<Fix>) -> [Verdict] {
    var verdicts: [Verdict] = []
    verdicts.reserveCapacity(fixes.underestimatedCount)
    for fix in fixes { verdicts.append(evaluate(fix)) }
    return verdicts
  }

  // MARK: - Rules

  private mutating func judge(_ fix: Fix) -> Verdict {
    lastAcceptanceReanchored = false
    remembers = false
    let rules = configuration
    if let reason = Self.fieldRejection(of: fix, rules) { return .rejected(reason) }
    let coordinate = fix.coordinate
    let time = fix.finiteTimeSeconds

    if sessionStartSeconds == nil, let time { sessionStartSeconds = time }
    var sessionElapsed: Double?
    if let time, let start = sessionStartSeconds { sessionElapsed = time - start }
    let accuracyForAllowance = fix.validHorizontalAccuracyMeters ?? rules.assumedAccuracyMeters

    var reanchor = false
    var shiftedSessionStart: Double?
    if let time, let anchorTime = anchor?.timeSeconds {
      if time == anchorTime, rules.rejectsDuplicateTimestamps {
        return .rejected(.duplicateTimestamp)
      }
      if time < anchorTime, rules.rejectsOutOfOrderTimestamps {
        // A clock that jumped back far is followed once enough agreeing fixes confirm it;
        // a short step back (a redelivered batch) is simply refused until times catch up.
        guard let gap = rules.reanchorGapSeconds, anchorTime - time > gap else {
          return .rejected(.outOfOrder)
        }
        if streakIsComplete(coordinate, time, accuracyForAllowance) {
          reanchor = true
          // Session time runs on across the clock jump, so the start-up windows do not
          // reopen (or, with a warm-up, never close).
          if let start = sessionStartSeconds {
            sessionElapsed = anchorTime - start
            shiftedSessionStart = time - (anchorTime - start)
          }
        } else {
          noteJumpRejection(coordinate, time, accuracyForAllowance)
          return .rejected(.outOfOrder)
        }
      }
    }

    if let reason = Self.sessionRejection(of: fix, elapsedSeconds: sessionElapsed, rules) {
      return .rejected(reason)
    }
    let startupSpeedLimit = Self.startupSpeedLimit(elapsedSeconds: sessionElapsed, rules)

    // The step from the last accepted fix, also used for the velocity when accepted.
    var step: Step?
    if !reanchor, !continuityBroken, let anchor, let anchorTime = anchor.timeSeconds, let time {
      let elapsed = time - anchorTime
      if let gap = rules.reanchorGapSeconds, abs(elapsed) > gap {
        reanchor = true
      } else {
        step = Step(
          from: anchor, to: coordinate, elapsedSeconds: elapsed,
          allowanceMeters: Self.allowanceMeters(anchor.accuracyMeters, accuracyForAllowance, rules))
      }
    }

    if let step, let limit = startupSpeedLimit,
      step.distanceMeters - step.allowanceMeters > limit * abs(step.elapsedSeconds)
    {
      return .rejected(.startupSpeed)
    }

    if let step, let jump = Self.jumpReason(step, velocity, rules) {
      if let time, streakIsComplete(coordinate, time, accuracyForAllowance) {
        reanchor = true
      } else {
        if let time { noteJumpRejection(coordinate, time, accuracyForAllowance) }
        return .rejected(jump)
      }
    }

    if let shiftedSessionStart { sessionStartSeconds = shiftedSessionStart }
    acceptRemembering(fix, coordinate, time, accuracyForAllowance, step: step, reanchor: reanchor)
    return .accepted
  }

  /// Accepts the fix, keeping the state before it so that the filter can still overrule the
  /// acceptance (``overruleLastAcceptance(as:)``); a re-anchored fix takes no step.
  private mutating func acceptRemembering(
    _ fix: Fix, _ coordinate: Coordinate, _ time: Double?, _ accuracy: Double, step: Step?,
    reanchor: Bool
  ) {
    memory = Memory(
      anchor: anchor, velocity: velocity, candidate: candidate,
      consecutiveJumpRejections: consecutiveJumpRejections, continuityBroken: continuityBroken,
      lastAcceptedFix: lastAcceptedFix, reanchorCount: reanchorCount)
    remembers = true
    accept(fix, coordinate, time, accuracy, step: reanchor ? nil : step)
    if reanchor {
      lastAcceptanceReanchored = true
      reanchorCount = min(reanchorCount, Int.max - 1) + 1
    }
  }

  /// The jump rule that refuses the step, if any. Static, as the other rules: a method
  /// called from `judge` gets a copy of the whole gate.
  private static func jumpReason(
    _ step: Step, _ velocity: VelocityEstimate?, _ rules: Configuration
  ) -> RejectionReason? {
    let elapsed = step.elapsedSeconds
    if let maximumSpeed = rules.maximumSpeedMetersPerSecond,
      step.distanceMeters - step.allowanceMeters > maximumSpeed * abs(elapsed)
    {
      return .impliedSpeed
    }
    guard let maximumAcceleration = rules.maximumAccelerationMetersPerSecondSquared,
      let velocity, elapsed >= 0
    else { return nil }
    let east = step.eastMeters - velocity.velocity.eastMetersPerSecond * elapsed
    let north = step.northMeters - velocity.velocity.northMetersPerSecond * elapsed
    let deviation = (east * east + north * north).squareRoot()
    let allowance =
      step.allowanceMeters
      + rules.accuracyAllowanceFactor * velocity.uncertaintyMetersPerSecond * elapsed
    // Under a constant acceleration a, a velocity that is `age` old misses the new position by
    // a * (age * elapsed + elapsed^2 / 2).
    let reach = maximumAcceleration * (velocity.ageSeconds * elapsed + elapsed * elapsed / 2)
    return deviation - allowance > reach ? .impliedAcceleration : nil
  }

  /// The slack in meters of a jump test between two fixes of the given accuracies.
  private static func allowanceMeters(
    _ firstAccuracy: Double, _ secondAccuracy: Double, _ rules: Configuration
  ) -> Double {
    rules.accuracyAllowanceFactor * (firstAccuracy + secondAccuracy) + rules.jumpMarginMeters
  }

  /// True when a fix is reachable from the last jump-rejected one, later in time and within
  /// the speed limit: such fixes describe a real track, unlike scattered spikes.
  private func agreesWithCandidate(
    _ coordinate: Coordinate, _ time: Double, _ accuracy: Double
  ) -> Bool {
    guard let candidate else { return false }
    let elapsed = time - candidate.timeSeconds
    guard elapsed > 0 else { return false }
    if let gap = configuration.reanchorGapSeconds, elapsed > gap { return false }
    guard let maximumSpeed = configuration.maximumSpeedMetersPerSecond else { return true }
    let distance = Geodesic.distanceMeters(from: candidate.coordinate, to: coordinate)
    return distance - Self.allowanceMeters(candidate.accuracyMeters, accuracy, configuration)
      <= maximumSpeed * elapsed
  }

  private func streakIsComplete(
    _ coordinate: Coordinate, _ time: Double, _ accuracy: Double
  ) -> Bool {
    guard let needed = configuration.reanchorAfterConsecutiveRejections else { return false }
    return consecutiveJumpRejections >= max(needed, 1)
      && agreesWithCandidate(coordinate, time, accuracy)
  }

  private mutating func noteJumpRejection(
    _ coordinate: Coordinate, _ time: Double, _ accuracy: Double
  ) {
    if agreesWithCandidate(coordinate, time, accuracy) {
      consecutiveJumpRejections = min(consecutiveJumpRejections, Int.max - 1) + 1
    } else {
      consecutiveJumpRejections = 1
    }
    candidate = Candidate(coordinate: coordinate, timeSeconds: time, accuracyMeters: accuracy)
  }

  /// Makes the fix the new anchor; `step` is the step from the old one, `nil` for a new anchor.
  private mutating func accept(
    _ fix: Fix, _ coordinate: Coordinate, _ time: Double?, _ accuracy: Double, step: Step?
  ) {
    var newVelocity: VelocityEstimate?
    if let step, let anchor, step.elapsedSeconds > 0 {
      let elapsed = step.elapsedSeconds
      newVelocity = VelocityEstimate(
        velocity: Velocity(
          eastMetersPerSecond: step.eastMeters / elapsed,
          northMetersPerSecond: step.northMeters / elapsed),
        uncertaintyMetersPerSecond: (anchor.accuracyMeters + accuracy) / elapsed,
        ageSeconds: elapsed / 2)
    }
    // A reported speed beyond the speed limit is itself a spike; it must not steer the
    // prediction (the position may still be fine).
    if configuration.predictsWithReportedVelocity, time != nil,
      let reported = fix.reportedVelocity, let speed = fix.validSpeedMetersPerSecond,
      speed <= configuration.maximumSpeedMetersPerSecond ?? .infinity
    {
      let speedAccuracy = fix.validSpeedAccuracyMetersPerSecond
      newVelocity = VelocityEstimate(
        velocity: reported,
        uncertaintyMetersPerSecond: speedAccuracy
          ?? Self.assumedReportedSpeedAccuracyMetersPerSecond,
        ageSeconds: 0)
    }
    velocity = newVelocity
    anchor = Anchor(coordinate: coordinate, timeSeconds: time, accuracyMeters: accuracy)
    candidate = nil
    consecutiveJumpRejections = 0
    continuityBroken = false
    acceptedFixCount = min(acceptedFixCount, Int.max - 1) + 1
    lastAcceptedFix = fix
  }
}
